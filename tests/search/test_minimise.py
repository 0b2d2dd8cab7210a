"""The minimisation pass after hypothesis: fewer items, fewer blocks, and the proof note."""
from __future__ import annotations

import pytest

import metricprops as mp
from metricprops import Partition, get_metric
from metricprops.constraint import Instance
from metricprops.search.minimise import minimise, remove_item

rand = get_metric("rand")


def _pair(truth, pred, **kw):
    return Instance(Partition.from_labels(truth), {"pred": Partition.from_labels(pred)}, **kw)


def test_remove_item_removes_it_everywhere():
    small = remove_item(_pair([0, 0, 1, 1], [0, 1, 1, 2]), 1)
    assert small.truth.tolist() == [0, 1, 1] and small["pred"].tolist() == [0, 1, 2]


def test_minimise_reaches_a_local_minimum():
    # the finding: some predicted block has 3 items; from 9 items, 3 remain in one block
    def holds(inst):
        return max(inst["pred"].sizes) >= 3
    start = _pair([0, 1, 2, 0, 1, 2, 0, 1, 2], [0, 0, 0, 0, 1, 1, 2, 2, 2])
    small, local = minimise(start, holds)
    assert local and small.n == 3 and small["pred"].tolist() == [0, 0, 0]
    assert small.truth.n_blocks == 1  # the truth's blocks merged too


def test_minimise_splits_a_block_to_free_an_item():
    # holds while pred has >= 2 blocks and n >= 3 ... and item count can only drop by
    # splitting first when every removal would leave pred one block
    def holds(inst):
        return inst.n >= 3 and inst["pred"].n_blocks >= 2
    small, local = minimise(_pair([0, 0, 0, 0], [0, 0, 0, 1]), holds)
    assert local and small.n == 3 and small["pred"].n_blocks == 2


def _above_one_from(n_min, blocks=1):
    def f(t, p):
        v = rand(t, p)
        return v + 2 if len(t) >= n_min and len(set(p)) >= blocks else v
    return mp.metric(f, name=f"bad_from_{n_min}", bounds=(0, 1), perfect=1, symmetric=True)


@pytest.mark.slow
def test_a_finding_one_item_past_the_exhaustive_phase_is_proved_smallest():
    r = mp.check(_above_one_from(4), "bounds", seed=1, max_examples=40, exhaustive_n=3)
    assert r.status == "failed"
    # the explicit degenerate pairs of 7 items are minimised to 4 items too
    assert [(f.input, f.items, f.minimal) for f in r.findings] == [
        ("degenerate", 4, "proved"), ("ordinary", 4, "proved")]
    assert r.findings[1].found_by == "random"
    assert r.findings[1].to_json()["minimal"] == "proved"


@pytest.mark.slow
def test_a_larger_finding_is_minimised_to_a_local_minimum():
    # out of bounds from 7 items with 3 predicted blocks: the minimal instances have 7 items
    r = mp.check(_above_one_from(7, blocks=3), "bounds", seed=3, max_examples=60,
                 exhaustive_n=3, max_items=14)
    assert r.status == "failed"
    assert [(f.input, f.items, f.found_by, f.minimal) for f in r.findings] == [
        ("degenerate", 7, "exhaustive", "local"), ("ordinary", 7, "random", "local")]
    assert "Minimised" not in r.message  # the headline was found by the exhaustive phase
