"""Differential testing: ``metricprops.compare`` (the command: tests/cli/test_compare_cli.py)."""
from __future__ import annotations

import json
from collections import Counter

import pytest

import metricprops as mp
from metricprops import get_metric
from metricprops.errors import InvalidArgumentError

rand = get_metric("rand")
FAST = dict(seed=11, max_examples=30, exhaustive_n=4, scale_max_n=0)  # no scale phase here


def planted(labels_true, labels_pred):
    """Rand, altered only when a predicted block has 7 or more items."""
    value = rand(labels_true, labels_pred)
    return value + 0.25 if max(Counter(labels_pred).values()) >= 7 else value


def planted_two_blocks(labels_true, labels_pred):
    """Rand, altered only when a predicted block has 7+ items and there are 2+ blocks."""
    sizes = Counter(labels_pred)
    value = rand(labels_true, labels_pred)
    return value + 0.25 if max(sizes.values()) >= 7 and len(sizes) >= 2 else value


def precision_is_recall(labels_true, labels_pred):
    """A buggy BCubed precision that computes recall."""
    return get_metric("bcubed_recall")(labels_true, labels_pred)


@pytest.mark.slow
def test_identical_implementations_agree():
    r = mp.compare("rand", rand, **FAST)
    assert r.status == "agree" and r.ok and r.counterexample is None
    # every pair up to 4 items (1 + 4 + 25 + 225), 4 degenerate pairs, 30 random ones
    assert r.examples == 255 + 4 + 30
    assert "no disagreement" in r.message


@pytest.mark.slow
def test_planted_disagreement_is_minimised_to_7_items():
    # the smallest input with a predicted block of 7 items: T = H = one block of 7;
    # Rand = 1 (7·6/2 = 21 true positives, nothing else), the planted copy says 1.25
    r = mp.compare(planted, "rand", **FAST)
    assert r.status == "disagree"
    ce = r.counterexample
    assert ce["truth"] == [0] * 7 and ce["pred"] == [0] * 7
    assert ce["scores"] == {"a": 1.25, "b": 1.0}


@pytest.mark.slow
def test_planted_disagreement_found_by_random_search_and_shrunk():
    # not triggered by the degenerate inputs: needs a 7-item block and a second block.
    # Smallest: T = one block of 8, H = {0..6 | 7}: 28 pairs, TP = C(7, 2) = 21, FN = 7:
    # Rand = 21/28 = 0.75, the planted copy 1.0
    r = mp.compare(planted_two_blocks, "rand", seed=2, max_examples=100, exhaustive_n=4)
    assert r.status == "disagree"
    assert "random search" in r.message
    ce = r.counterexample
    assert ce["truth"] == [0] * 8  # one block of 8 against a block of 7 and a singleton
    assert sorted(Counter(ce["pred"]).values()) == [1, 7]
    assert ce["scores"] == {"a": 1.0, "b": 0.75}


def test_precision_and_recall_swapped_is_caught():
    # T = {0 1}, H = {0 | 1}: every predicted block is pure, BCubed precision 1; each item
    # finds 1 of the 2 items of its class in its block, recall 1/2
    r = mp.compare(precision_is_recall, "bcubed_precision", **FAST)
    assert r.status == "disagree"
    ce = r.counterexample
    assert (ce["truth"], ce["pred"]) == ([0, 0], [0, 1])
    assert ce["scores"] == {"a": 0.5, "b": 1.0}


@pytest.mark.slow
def test_recall_with_swapped_arguments_is_precision():
    swapped = mp.metric(lambda t, p: get_metric("bcubed_recall")(p, t), name="swapped")
    assert mp.compare(swapped, "bcubed_precision", **FAST).status == "agree"


@pytest.mark.slow
def test_tolerance_absorbs_small_differences():
    r = mp.compare(planted, "rand", tolerance=0.3, seed=1, max_examples=5, exhaustive_n=3)
    assert r.status == "agree"


@pytest.mark.slow
def test_an_implementation_that_raises_is_an_error_with_the_input():
    def fails_on_one_item(t, p):
        if len(t) == 1:
            raise ValueError("need two items")
        return rand(t, p)
    r = mp.compare("rand", fails_on_one_item, **FAST)
    assert r.status == "error" and not r.ok
    assert r.error["truth"] == [0] and r.error["message"].startswith("b: ")


@pytest.mark.slow
def test_json_schema_and_determinism():
    a = mp.compare(planted, "rand", **FAST)
    b = mp.compare(planted, "rand", **FAST)
    assert a.dumps() == b.dumps()
    data = json.loads(a.dumps())
    assert {"schema", "a", "b", "status", "seed", "examples", "counterexample"} <= set(data)
    assert data["schema"] == 1 and data["seed"] == 11 and data["b"] == "rand"
    assert set(data["counterexample"]) >= {"truth", "pred", "scores"}
    assert set(data["counterexample"]["scores"]) == {"a", "b"}


@pytest.mark.parametrize("kw", [dict(tolerance=-1.0), dict(tolerance=float("nan")),
                                dict(max_examples=-1), dict(exhaustive_n=0),
                                dict(exhaustive_n=9), dict(max_items=1)])
def test_invalid_arguments(kw):
    with pytest.raises(InvalidArgumentError):
        mp.compare("rand", "rand", **kw)
