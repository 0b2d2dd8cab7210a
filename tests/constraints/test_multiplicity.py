"""Amigó et al.'s multiplicity constraints on covers, and "equals its partition form"."""
import pytest

import metricprops as mp
from metricprops.covers import Cover


def _check(metric, constraint, n=3):
    return mp.check(metric, constraint, seed=1, max_examples=20, exhaustive_n=n, isolate=False)


@pytest.mark.slow
def test_extended_bcubed_f_satisfies_multiplicity_precision():
    assert _check("extended_bcubed_f", "multiplicity_precision").status == "passed"


@pytest.mark.slow
def test_onmi_lfk_violates_multiplicity_precision_on_three_items():
    r = _check("onmi_lfk", "multiplicity_precision")
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["notation"] == {"truth": "{0 1 | 2}", "worse": "{0 1 | 0 1 2}",
                              "better": "{0 1 2}"}
    assert ce["scores"]["worse"] > ce["scores"]["better"]


@pytest.mark.slow
def test_multiplicity_recall_passes_for_extended_bcubed_and_fails_for_omega():
    assert _check("extended_bcubed_f", "multiplicity_recall").status == "passed"
    r = _check("omega", "multiplicity_recall")
    assert r.status == "failed"
    truth = Cover.from_clusters([[0, 1, 2], [1, 2]])
    assert r.counterexample["notation"]["truth"] == truth.notation()


def test_one_more_shared_cluster_than_classes_is_scored_worse_by_extended_bcubed_only():
    from metricprops.calls import Scorer
    from metricprops.constraint import pair_instance

    c = mp.get_constraint("multiplicity_precision")
    truth, better = Cover.from_clusters([[0, 1], [2]]), Cover.from_clusters([[0, 1, 2]])
    worse = Cover.from_clusters([[0, 1], [0, 1, 2]])  # {0 1} added: 0, 1 share 2 > 1
    assert c.premise(truth, better.blocks, 0, 1)
    instance = pair_instance(truth, worse, better)
    for name, outcome in (("extended_bcubed_f", "satisfied"), ("onmi_lfk", "violated")):
        m = mp.get_metric(name)
        assert c.evaluate(instance, Scorer(m), m).outcome.value == outcome


def test_random_multiplicity_instances_meet_their_premise():
    from hypothesis import given, settings

    c = mp.get_constraint("multiplicity_recall")

    @settings(max_examples=40, database=None, deadline=None)
    @given(c.strategy(6))
    def premise_holds(instance):
        worse, better = instance["worse"], instance["better"]
        (added,) = set(better.blocks) - set(worse.blocks)
        i, j = added
        assert c.premise(instance.truth, worse.blocks, i, j)

    premise_holds()


def test_cover_constraints_refuse_partition_metrics_and_are_not_in_the_default_list():
    r = mp.check("bcubed_f", "multiplicity_precision", max_examples=0, exhaustive_n=2)
    assert r.status == "not_applicable" and "metric of partitions" in r.message
    assert "multiplicity_precision" not in mp.registry.constraint_names()


def test_partition_form_holds_for_omega_and_fails_for_a_wrong_declaration():
    assert _check("omega", "partition_form", n=4).status == "passed"
    wrong = mp.get_metric("extended_bcubed_f").with_metadata(name="xb", partition_form="bcubed_f")
    r = _check(wrong, "partition_form", n=4)
    assert r.status == "failed"
    ce = r.counterexample  # BCubed's mean of per-item F1 differs from Amigó's F first at 3
    assert len(ce["truth"]) == 3 and ce["scores"]["pred"] != ce["scores"]["bcubed_f"]


@pytest.mark.slow
def test_the_elm_for_covers_is_weak_on_multiplicity_precision_and_passes_recall():
    weak = _check("elm_cover_f", "multiplicity_precision")
    assert weak.status == "weak"  # every neighbour wrong: precision 0 before and after
    assert _check("elm_cover_f", "multiplicity_recall").status == "passed"
