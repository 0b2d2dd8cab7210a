"""The checks of one metric share its values on small inputs (metricprops.search.value_store):
a repeated input is not called again, and nothing a check reports changes."""
from __future__ import annotations

import json

import pytest

import metricprops as mp
from metricprops.errors import MetricCallError
from metricprops.partition import Partition
from metricprops.search import value_store
from metricprops.settings import Run, defaults


def _counting_rand():
    """A plain-Python Rand index that records every input it is called on."""
    seen = []

    def rand(labels_true, labels_pred):
        seen.append((tuple(labels_true), tuple(labels_pred)))
        n = len(labels_true)
        if n < 2:
            return 1.0
        agree = sum((labels_true[i] == labels_true[j]) == (labels_pred[i] == labels_pred[j])
                    for i in range(n) for j in range(i + 1, n))
        return agree / (n * (n - 1) / 2)

    return mp.metric(rand, name="counted_rand", bounds=(0, 1), perfect=1,
                     symmetric=True), seen


def _audit(metric):
    value_store.forget()
    with defaults(run=Run(jobs=1, isolate=False)):  # in this process: the calls are seen
        return mp.audit(metric, ["symmetry", "bounds", "homogeneity"], seed=3, max_examples=30,
                        exhaustive_n=4, scale_max_n=0)


def _results(audit):
    return [json.dumps(r.to_json(timings=False), sort_keys=True) for r in audit.results]


def test_a_later_check_takes_an_earlier_checks_values_and_reports_the_same(monkeypatch):
    stored, stored_calls = _counting_rand()
    with_store = _audit(stored)
    monkeypatch.setattr(value_store, "MAX_ITEMS", 0)  # nothing kept: every check calls
    alone, alone_calls = _counting_rand()
    without = _audit(alone)
    # the same verdicts, findings and call counts (a check counts a call it was answered)
    assert _results(with_store) == _results(without)
    # the later checks were answered from the store: fewer calls, none repeated
    assert len(stored_calls) < len(alone_calls)
    assert len(stored_calls) == len(set(stored_calls))
    assert len(alone_calls) > len(set(alone_calls))


def _pair(n):
    return Partition.from_labels([i % 2 for i in range(n)]), Partition.from_labels([0] * n)


def test_only_values_of_small_inputs_are_kept_never_errors():
    calls = []

    def picky(labels_true, labels_pred):
        calls.append(len(labels_true))
        if len(labels_true) == 3:
            raise ValueError("three items")
        return 0.5

    metric = mp.metric(picky, name="picky", bounds=(0, 1))
    value_store.forget()
    big = value_store.MAX_ITEMS + 1
    for _ in range(2):  # two checks' scorers
        scorer = value_store.StoreScorer(metric, timeout=None)
        assert scorer.raw(*_pair(4)) == 0.5 and scorer.raw(*_pair(big)) == 0.5
        with pytest.raises(MetricCallError):
            scorer.raw(*_pair(3))
        assert scorer.calls == 3  # each check counts its own calls
    # the small input was called once; the large one and the error each time
    assert sorted(calls) == [3, 3, 4, big, big]


def test_stores_are_kept_for_the_latest_metrics_and_start_again_when_full(monkeypatch):
    value_store.forget()
    monkeypatch.setattr(value_store, "MAX_VALUES", 2)
    metrics = [mp.metric(lambda t, p: 0.5, name=f"m{i}", bounds=(0, 1)) for i in range(6)]
    for m in metrics:
        value_store.StoreScorer(m, timeout=None).raw(*_pair(2))
    assert len(value_store._STORES) == value_store.MAX_METRICS
    last = value_store.StoreScorer(metrics[-1], timeout=None)
    for n in (3, 4):
        last.raw(*_pair(n))
    # full at two values: started again with the last one
    assert [key[2] for key in value_store._store(metrics[-1])] == [4]


def test_an_audit_starts_with_no_value_of_an_earlier_audit():
    # the same function, whose value depends on state changed between two audits in one
    # process: the second audit scores the new values, none remembered from the first
    state = {"value": 0.25}

    def moody(labels_true, labels_pred):
        return state["value"] if len(labels_true) else 0.5  # the empty probe: no store

    metric = mp.metric(moody, name="moody", bounds=(0, 1))
    with defaults(run=Run(jobs=1, isolate=False)):
        first = mp.audit(metric, ["bounds"], seed=3, max_examples=0, exhaustive_n=3,
                         scale_max_n=0)  # the same small inputs twice
        state["value"] = 2.0  # out of the declared bounds from now on
        second = mp.audit(metric, ["bounds"], seed=3, max_examples=0, exhaustive_n=3,
                          scale_max_n=0)
    assert first.results[0].status == "passed"
    assert second.results[0].status == "failed"
