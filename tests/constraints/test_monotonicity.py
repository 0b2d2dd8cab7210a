"""Monotonicity (Gösgens et al. 2021) and the improvement moves behind it and behind the
targeted random search of homogeneity and completeness.

The arithmetic-mean AMI is the violating metric; its smallest violation was worked out by hand
(issue 25): T = {0 | 1 | 2 | 3 | 4 5}, H1 = {0 4 | 1 2 3 5}, H2 = {0 | 4 | 1 2 3 5} (a perfect
split), AMI −7/38 then −4/21.  Nothing with five items or fewer violates (the exhaustive
phase), so the shrunk finding has six items: a truth of one pair and four singletons, a
worse prediction of two blocks and a better one of three.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings

import metricprops as mp
from metricprops.constraints._moves import (
    improvements,
    is_improvement,
    is_perfect_merge,
    is_perfect_split,
    merge_moves,
    split_moves,
)
from metricprops.constraints.monotonicity import CONSTRAINT as MONOTONICITY
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition


@pytest.fixture
def check_budget():
    """Exhaustive phase up to 3 items: the violations here are found by the random phase."""
    return dict(seed=11, max_examples=200, exhaustive_n=3, max_items=30, scale_max_n=0)


def _agreeing(truth: Partition, pred: Partition) -> set:
    t, p = truth.tolist(), pred.tolist()
    return {(x, y) for x, y in combinations(range(truth.n), 2) if (t[x] == t[y]) == (p[x] == p[y])}


def test_is_improvement_is_the_papers_definition_on_every_triple_of_four_items():
    # B' is an A-consistent improvement of B iff B' != B and agree(A, B) ⊆ agree(A, B')
    parts = set_partitions(4)
    found = 0
    for a in parts:
        for b in parts:
            for b2 in parts:
                expected = b2 != b and _agreeing(a, b) <= _agreeing(a, b2)
                assert is_improvement(a, b, b2) == expected, (a, b, b2)
                found += expected
    assert found > 0


def test_perfect_split_and_merge_are_improvements_of_their_kind():
    t = Partition.from_labels([0, 1, 2, 3, 4, 4])
    worse = Partition.from_labels([0, 1, 1, 1, 0, 1])
    better = Partition.from_labels([0, 1, 1, 1, 2, 1])
    assert is_perfect_split(t, worse, better) and is_improvement(t, worse, better)
    assert not is_perfect_merge(t, worse, better)
    # {0 1 | 2} -> {0 | 1 | 2} cuts the class {0 1}: not a perfect split, not an improvement
    t3 = Partition.from_labels([0, 0, 1])
    assert not is_perfect_split(t3, Partition.one_block(3), Partition.from_labels([0, 1, 0]))
    assert is_perfect_merge(t3, Partition.from_labels([0, 1, 2]), Partition.from_labels([0, 0, 1]))


@settings(max_examples=150, suppress_health_check=list(HealthCheck), deadline=None)
@given(split_moves(12))
def test_split_moves_are_perfect_splits(instance):
    assert is_perfect_split(instance.truth, instance["worse"], instance["better"])


@settings(max_examples=150, suppress_health_check=list(HealthCheck), deadline=None)
@given(merge_moves(12))
def test_merge_moves_are_perfect_merges(instance):
    assert is_perfect_merge(instance.truth, instance["worse"], instance["better"])


@settings(max_examples=150, suppress_health_check=list(HealthCheck), deadline=None)
@given(improvements(12))
def test_improvements_are_improvements(instance):
    assert is_improvement(instance.truth, instance["worse"], instance["better"])


def test_exhaustive_instances_are_every_improvement_of_every_pair_up_to_four_items():
    got = [(i.truth, i["worse"], i["better"]) for i in MONOTONICITY.enumerate(4)]
    assert len(got) == len(set(got))
    assert all(is_improvement(*triple) for triple in got)
    # 2 + 20 + 209 for n = 2, 3, 4 with one truth per shape
    assert len(got) == 231


def test_ami_worked_example():
    ami = mp.get_metric("ami")
    t, worse, better = [0, 1, 2, 3, 4, 4], [0, 1, 1, 1, 0, 1], [0, 1, 1, 1, 2, 1]
    assert ami(t, worse) == pytest.approx(float(Fraction(-7, 38)), abs=1e-12)
    assert ami(t, better) == pytest.approx(float(Fraction(-4, 21)), abs=1e-12)


def test_monotonicity_rand_passes(run):
    r = run("rand", "monotonicity", max_examples=60)
    assert r.status == "passed", r.describe()


def _assert_ami_shape(r):
    ce = r.counterexample
    assert len(ce["truth"]) == 6
    t, w, b = (Partition.from_labels(ce[k]) for k in ("truth", "worse", "better"))
    assert sorted(t.sizes) == [1, 1, 1, 1, 2]
    assert (w.n_blocks, b.n_blocks) == (2, 3)
    assert is_perfect_split(t, w, b)
    assert ce["scores"]["better"] < ce["scores"]["worse"]


@pytest.mark.slow
@pytest.mark.parametrize("constraint", ["monotonicity", "homogeneity"])
def test_ami_fails_with_the_six_item_perfect_split(run, constraint):
    r = run("ami", constraint)
    assert r.status == "failed", r.describe()
    _assert_ami_shape(r)


def test_monotonicity_catches_a_metric_that_punishes_moves(run):
    # Rand − 1.5 · (number of predicted blocks): on two items, truth {0 | 1}, splitting the
    # one block {0 1} (Rand 0, score −1.5) into {0 | 1} (Rand 1, score 1 − 3 = −2) is a
    # perfect split, hence an improvement, and the score falls
    rand = mp.get_metric("rand")
    penalised = mp.metric(lambda t, p: rand(t, p) - 1.5 * len(set(p)), name="penalised",
                          bounds=(None, 1))
    r = run(penalised, "monotonicity", max_examples=20)
    assert r.status == "failed"
    assert r.counterexample["truth"] == [0, 1]
    assert r.counterexample["worse"] == [0, 0] and r.counterexample["better"] == [0, 1]
    assert "exhaustive" in r.message
