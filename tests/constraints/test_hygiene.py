"""Hygiene properties: determinism, input immutability and the special labels.

Each planted bug is shaped like one real libraries shipped: a score estimated on sampled
pairs, a running average kept between calls (the update/compute pattern without a reset), a
cache keyed on the truth only, an in-place sort of the caller's array, and ``-1`` taken for
a noise label.  Every built-in passes.
"""
from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

import metricprops as mp
from metricprops import get_metric

from plugins.planted import every_kth_call, size_cached_rand, sorting_rand, truth_keyed_cache

rand = get_metric("rand")


@pytest.fixture
def check_budget():
    return dict(seed=11, max_examples=10, exhaustive_n=4, max_items=10, scale_max_n=0)


def _metric(func):
    return mp.metric(func, bounds=(0, 1), perfect=1, symmetric=True)


def sampled_rand(labels_true, labels_pred):
    """Rand estimated on 50 random pairs of items, with an unseeded generator."""
    t, p = np.asarray(labels_true), np.asarray(labels_pred)
    if len(t) < 2:
        return 1.0
    rng = np.random.default_rng()
    i, j = rng.integers(0, len(t), 50), rng.integers(0, len(t), 50)
    return float(np.mean((t[i] == t[j]) == (p[i] == p[j])))


def running_mean():
    state = {"total": 0.0, "calls": 0}

    def running_rand(labels_true, labels_pred):
        """The mean of every value computed so far (an accumulator never reset)."""
        state["total"] += rand(labels_true, labels_pred)
        state["calls"] += 1
        return state["total"] / state["calls"]
    return running_rand


def noise_rand(labels_true, labels_pred):
    """Drops the items predicted ``-1`` (the noise label of density-based clusterers)."""
    t, p = np.asarray(labels_true), np.asarray(labels_pred)
    keep = p != -1
    return rand(t[keep].tolist(), p[keep].tolist()) if keep.any() else 0.0


@pytest.mark.parametrize("name", ["rand", "adjusted_rand", "vi", "ami", "bcubed_f", "elm_f"])
@pytest.mark.parametrize("constraint", ["determinism", "input_immutability"])
def test_builtins_pass_the_hygiene_properties(run, name, constraint):
    assert run(name, constraint).status == "passed"


def test_determinism_catches_a_random_estimate(run):
    r = run(_metric(sampled_rand), "determinism")
    assert r.status == "failed" and r.found_by == "exhaustive"
    assert len(r.counterexample["truth"]) == 2  # one pair: the first input with two values


def test_determinism_catches_state_kept_between_calls(run):
    # every call so far scored 1 on one item; the first two-item inputs move the mean, and
    # from then on every input, one item included (the minimisation gets there), drifts
    r = run(_metric(running_mean()), "determinism")
    assert r.status == "failed"
    ce = r.counterexample
    assert len(ce["truth"]) == 1 and "called_again" in ce["scores"]


def test_determinism_catches_a_cache_keyed_on_the_truth(run):
    # T = {0 1}: H = T scores 1, H2 = {0 | 1} scores 0; whichever is scored first sticks
    r = run(_metric(truth_keyed_cache()), "determinism")
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["truth"] == [0, 0] and sorted([ce["pred"], ce["pred_2"]]) == [[0, 0], [0, 1]]
    assert ce["scores"] == {"pred_scored_first": 1.0, "pred_scored_second": 0.0,
                            "pred_2_scored_second": 1.0, "pred_2_scored_first": 0.0}


def test_a_value_wrong_now_and_then_fails_determinism_with_the_two_values():
    # hypothesis replayed the instance, the value had changed, and its FlakyFailure escaped
    # mp.check (on the command line: "constraint raised FlakyFailure")
    r = mp.check(_metric(every_kth_call(97)), "determinism", seed=1, max_examples=30,
                 scale_max_n=0)
    assert r.status == "failed", r.message
    values = sorted(v for v in r.counterexample["scores"].values() if isinstance(v, float))
    assert len(values) >= 2 and values[-1] - values[0] == pytest.approx(1e-6)


@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_determinism_catches_a_value_that_depends_on_the_calls_made_before(run):
    # a cache keyed on the number of items: in one process every input of a size scores as
    # the first one did, whatever the order; a new process that never called it tells
    r = run(_metric(size_cached_rand), "determinism")
    assert r.status == "failed", r.message
    scores = r.counterexample["scores"]
    assert scores["pred_here"] == scores["pred_2_here"]
    assert scores["pred_2_first_in_a_new_process"] != scores["pred_2_here"]
    assert r.counterexample["detail"].startswith("the values depend on the calls made before")


def test_a_check_whose_search_replays_a_changed_value_says_so():
    # label invariance calls the metric afresh: hypothesis replayed an instance, the value
    # had changed, and FlakyFailure escaped mp.check
    r = mp.check(_metric(every_kth_call(7)), "label_invariance", seed=1, max_examples=30,
                 exhaustive_n=3, scale_max_n=0)
    assert r.status == "failed" and r.message.startswith("nondeterministic:"), r.message
    assert "Replayed by the search, an instance gave other values" in r.message


def test_a_search_that_meets_an_instance_again_with_other_values_stops_there():
    # hypothesis went on shrinking this failure that comes and goes: 2,381 calls of the
    # metric, 7 s; the search stops when an instance it scored gives another outcome
    inner, calls = every_kth_call(7), itertools.count()

    def counted(labels_true, labels_pred):
        next(calls)
        return inner(labels_true, labels_pred)

    r = mp.check(_metric(counted), "label_invariance", seed=1, max_examples=30,
                 exhaustive_n=3, scale_max_n=0, isolate=False)  # here: the calls counted
    assert r.status == "failed" and r.message.startswith("nondeterministic:"), r.message
    assert "Replayed by the search, an instance gave other values" in r.message
    assert next(calls) < 500


@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_other_checks_call_a_value_that_changes_when_scored_again_nondeterministic():
    r = mp.check(_metric(every_kth_call(7)), "symmetry", seed=1, max_examples=20,
                 scale_max_n=0)
    assert r.status == "failed"
    assert r.message.startswith("nondeterministic: the smallest violation"), r.message
    assert "says nothing about the formula" in r.message
    assert r.counterexample["detail"].startswith("nondeterministic: scored again")
    scorings = r.counterexample["nondeterministic"]
    assert len(scorings) == 3 and len({tuple(s.values()) for s in scorings}) > 1
    # a deterministic violation is the formula's: scored again, it is the same
    sound = mp.check(_metric(lambda t, p: rand(t, p) + 0.1 * (len(set(p)) == 2)),
                     "symmetry", seed=1, max_examples=20, scale_max_n=0)
    assert sound.status == "failed" and "nondeterministic" not in json.dumps(sound.to_json())


def test_input_immutability_catches_an_in_place_sort(run):
    r = run(_metric(sorting_rand), "input_immutability")
    assert r.status == "failed"
    # one item: ndarray.sort() raises on the read-only array it accepts when writable
    assert r.counterexample["truth"] == [0]
    assert "read-only" in r.counterexample["detail"]
    # two items of two blocks, numbered from the last: [1, 0] is sorted into [0, 1]
    ce = next(f.example for f in r.findings if "modified" in f.example)
    assert ce["truth"] == [0, 0, 1] and ce["modified"]["argument"] == "labels_true"
    assert ce["modified"]["given"] == [1, 1, 0] and ce["modified"]["after"] == [0, 1, 1]


def test_input_immutability_read_only_arrays_are_accepted_by_a_copying_metric(run):
    def copying(labels_true, labels_pred):
        return sorting_rand(list(labels_true), list(labels_pred))
    assert run(_metric(copying), "input_immutability").status == "passed"


@pytest.mark.slow
def test_special_labels_catches_minus_one_as_noise(run):
    r = run(_metric(noise_rand), "special_labels")
    assert r.status == "failed"
    ce = r.counterexample
    assert ce["truth"] == [0] and "noise_minus_one" in ce["label_kinds"]


@pytest.mark.slow
def test_special_labels_allows_refusing_none_and_nan_but_not_a_wrong_value(run):
    def refuses_missing(t, p):
        if any(x is None or x != x for x in list(t) + list(p)):
            raise ValueError("labels contain missing values")
        return rand(t, p)

    def missing_is_its_own_block_per_item(t, p):
        # each NaN / None a block of its own: a silently different partition
        fresh = iter(range(10**6, 2 * 10**6))
        fix = lambda xs: [next(fresh) if x is None or x != x else x for x in xs]  # noqa: E731
        return rand(fix(list(t)), fix(list(p)))

    assert run(_metric(refuses_missing), "special_labels").status == "passed"
    r = run(_metric(missing_is_its_own_block_per_item), "special_labels")
    assert r.status == "failed"
    assert r.findings[0].cause in ("none", "nan", "numpy_nan")
