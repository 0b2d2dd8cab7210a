"""max_agreement on covers: extended BCubed gives the maximum to a cover that is not the
truth (the CICE point), found exhaustively at its smallest; CICE-BCubed passes."""
import pytest

import metricprops as mp
from metricprops.constraints.max_agreement import COVER_FORM


def test_a_cover_metric_is_checked_in_the_cover_form():
    assert mp.get_constraint("max_agreement").for_metric(
        mp.get_metric("extended_bcubed_f")) is COVER_FORM
    assert mp.get_constraint("max_agreement").for_metric(mp.get_metric("bcubed_f")) is not \
        COVER_FORM


@pytest.mark.slow
def test_extended_bcubed_fails_with_the_smallest_cover_pair_and_cice_passes():
    bad = mp.check("extended_bcubed_f", "max_agreement", seed=1, max_examples=30,
                   exhaustive_n=3, isolate=False)
    assert bad.status == "failed"
    ce = bad.counterexample
    assert ce["notation"] == {"truth": "{0 1 | 0 2 | 1 2}", "pred": "{0 | 0 1 2 | 1 | 2}"}
    assert ce["truth"] == [[0, 1], [0, 2], [1, 2]]
    good = mp.check("cice_bcubed_f", "max_agreement", seed=1, max_examples=30,
                    exhaustive_n=3, isolate=False)
    assert good.status == "passed"


def test_no_cover_pair_of_two_items_breaks_extended_bcubed():
    r = mp.check("extended_bcubed_f", "max_agreement", seed=1, max_examples=0,
                 exhaustive_n=2, isolate=False)
    assert r.status == "passed"


@pytest.mark.slow
def test_random_cover_pairs_shrink_to_the_smallest_one():
    # no exhaustive phase beyond one item: hypothesis finds a violation and shrinks it
    r = mp.check("extended_bcubed_precision", "max_agreement", seed=2, max_examples=100,
                 exhaustive_n=1, isolate=False)
    assert r.status == "failed"
    assert r.counterexample["notation"] == {"truth": "{0 1}", "pred": "{0 | 1}"}
    assert "random search, shrunk" in r.message
