"""Big exhaustive runs: one check's exhaustive phase in chunks gives one worker's result.

The merge is tested in this process first (every chunk run without hints, then with the
hints of the chunks before it, against the unsplit phase), then through the pool
(``jobs=2``), where chunks finish in any order.
"""
from __future__ import annotations

import dataclasses

import pytest

import metricprops as mp
from metricprops.calls import Scorer
from metricprops.registry import get_constraint, resolve_metric
from metricprops.results.model import Status
from metricprops.search import chunks as exhaustive
from metricprops.search.check import run_check
from metricprops.search.chunks import chunk_plan, resume, run_chunk
from metricprops.search.core import Abort, Search
from metricprops.settings import Budget
from metricprops.tolerance import TOLERANCE

from plugins import broken

META = dict(kind="similarity", bounds=(0.0, 1.0), perfect=1.0, symmetric=False)
ELM = resolve_metric("elm_f")


@mp.metric(name="late", **META)
def late(labels_true, labels_pred):
    """ELM F, halved on predictions of three blocks when the truth's second item starts a
    block of its own: homogeneity fails from 4 items on, and only on truths that come late
    in the enumeration."""
    value = ELM(labels_true, labels_pred)
    if len(labels_true) >= 4 and labels_true[1] == 1 and len(set(labels_pred)) == 3:
        value /= 2
    return value


@mp.metric(name="late_raise", **META)
def late_raise(labels_true, labels_pred):
    """ELM F, but raises on one late truth of 4 items (an error finding, late)."""
    if list(labels_true) == [0, 1, 2, 2] and len(set(labels_pred)) == 2:
        raise ValueError("late")
    return ELM(labels_true, labels_pred)


@mp.metric(name="late_hang", **META)
def late_hang(labels_true, labels_pred):
    """ELM F, but loops on one late input of 5 items: a timeout ends the phase there."""
    if list(labels_true) == [0, 1, 1, 2, 2] and list(labels_pred) == [0, 1, 2, 3, 3]:
        while True:
            pass
    return ELM(labels_true, labels_pred)


@mp.metric(name="late_degenerate_hang", **META)
def late_degenerate_hang(labels_true, labels_pred):
    """ELM F, but loops on a late degenerate input (a one-block truth of 5 items against two
    blocks): the time-out skips the degenerate inputs from there on."""
    if list(labels_true) == [0] * 5 and len(set(labels_pred)) == 2:
        while True:
            pass
    return ELM(labels_true, labels_pred)


@mp.metric(name="late_chatty", **META)
def late_chatty(labels_true, labels_pred):
    """Prints on every call of 5 items and raises on one: an error with output."""
    if len(labels_true) == 5:
        print("scoring", labels_true, labels_pred)
        if list(labels_true) == [0, 1, 2, 3, 3] == list(labels_pred):
            raise ValueError("late")
    return ELM(labels_true, labels_pred)


def _merges(metric, constraint, chunks, budget):
    """Whether the chunks stand for the phase (else the check enumerates by itself)."""
    search = Search(constraint, metric, Scorer(metric, budget.timeout), budget.tolerance)
    try:
        return resume(search, chunks, budget.exhaustive_n, budget.max_items)
    except Abort:  # where a hung metric stopped the phase
        return True


BUDGET = Budget(max_examples=5, exhaustive_n=5, max_items=8, timeout=10.0, tolerance=TOLERANCE,
                min_items=1, scale_max_n=0)
FOUR = BUDGET.replace(exhaustive_n=4)


def _in_chunks(metric, constraint, size, hints, budget):
    """The phase's chunks of ``size`` parts, run one after another in this process."""
    parts = [p for p, _ in constraint.exhaustive_parts(budget.exhaustive_n)]
    out, found = [], {}
    for start in range(0, len(parts), size):
        chunk = run_chunk(metric, constraint, parts[start:start + size],
                          dict(found) if hints else {}, timeout=budget.timeout,
                          tolerance=budget.tolerance, min_items=budget.min_items)
        out.append(chunk)
        for cls, n in chunk.found_at.items():
            found[cls] = min(found.get(cls, n), n)
    return out


@pytest.mark.parametrize("metric, constraint", [
    ("elm_f", "homogeneity"), ("bcubed_f", "degenerate"), ("purity", "completeness"),
    ("adjusted_rand", "homogeneity"), (late, "homogeneity"), (late_raise, "completeness"),
])
def test_merged_chunks_are_the_unsplit_phase(metric, constraint):
    m, c = resolve_metric(metric), get_constraint(constraint)
    whole = run_check(m, c, 5, FOUR).to_json()
    for size, hints in ((1, False), (3, True)):
        chunks = _in_chunks(m, c, size, hints, FOUR)
        assert _merges(m, c, chunks, FOUR)
        assert run_check(m, c, 5, FOUR, chunks=chunks).to_json() == whole, (size, hints)


class _UndecidedLate(type(get_constraint("completeness"))):
    """Completeness, undecided on one late truth of 5 items (the reason is the first met in
    the enumeration, in chunks as in one run)."""

    def evaluate(self, instance, score, metric, tolerance=TOLERANCE):
        ev = super().evaluate(instance, score, metric, tolerance)
        if instance.truth.labels.tolist() in ([0, 1, 1, 2, 2], [0, 1, 2, 3, 3]):
            return dataclasses.replace(
                ev, undecided=f"undecided on {instance.truth.labels.tolist()}")
        return ev


def test_an_undecided_evaluation_in_chunks_is_the_unsplit_phases():
    m, c = resolve_metric("elm_f"), _UndecidedLate()
    whole = run_check(m, c, 5, BUDGET)
    assert whole.status == "gave_up" and "undecided on [0, 1, 1, 2, 2]" in whole.message
    chunks = _in_chunks(m, c, 3, True, BUDGET)
    assert _merges(m, c, chunks, BUDGET)
    assert run_check(m, c, 5, BUDGET, chunks=chunks).to_json() == whole.to_json()


@pytest.mark.slow  # more than 1.5 s alone
def test_a_late_violation_is_the_same_smallest_counterexample():
    m, c = resolve_metric(late), get_constraint("homogeneity")
    whole = run_check(m, c, 5, BUDGET)
    assert whole.status == "failed" and whole.counterexample["truth"][1] == 1
    assert whole.findings[0].items == 4
    # the violating truths come after the first chunk (and speculative chunks of 5 items
    # found violations that one worker skips)
    chunks = _in_chunks(m, c, 3, False, BUDGET)
    assert not any(run.end for run in chunks[0].runs) and _merges(m, c, chunks, BUDGET)
    assert run_check(m, c, 5, BUDGET, chunks=chunks).to_json() == whole.to_json()


@pytest.mark.slow  # more than 1.5 s alone
def test_a_hung_metric_ends_the_chunked_phase_where_one_worker_stops():
    budget = BUDGET.replace(timeout=0.3)
    m, c = resolve_metric(late_hang), get_constraint("completeness")
    whole = run_check(m, c, 5, budget)
    assert whole.status == "error" and whole.error["reason"] == "timeout"
    chunks = _in_chunks(m, c, 20, True, budget)
    assert _merges(m, c, chunks, budget)
    assert run_check(m, c, 5, budget, chunks=chunks).to_json() == whole.to_json()


@pytest.mark.slow  # three checks of 5 items, with time-outs
def test_a_time_out_on_a_degenerate_input_skips_the_class_in_chunks_as_in_one_worker():
    budget = BUDGET.replace(timeout=0.3)
    m, c = resolve_metric(late_degenerate_hang), get_constraint("completeness")
    whole = run_check(m, c, 5, budget)
    assert whole.status == "error" and whole.error["reason"] == "timeout"
    assert whole.ordinary_status == "passed"  # the search went on past the time-out
    for size, hints in ((20, True), (5, False)):
        chunks = _in_chunks(m, c, size, hints, budget)
        assert any(run.end and run.end[0] == "skip" for chunk in chunks for run in chunk.runs)
        assert _merges(m, c, chunks, budget)
        assert run_check(m, c, 5, budget, chunks=chunks).to_json() == whole.to_json(), size


def test_small_phases_one_worker_and_unsplit_constraints_are_not_split():
    m = resolve_metric("elm_f")
    assert chunk_plan(m, get_constraint("homogeneity"), 5, 2) is None  # below MIN_SPLIT
    assert chunk_plan(m, get_constraint("homogeneity"), 7, 1) is None
    assert chunk_plan(m, get_constraint("rag_bag"), 7, 2) is None
    plan = chunk_plan(m, get_constraint("homogeneity"), 7, 2)
    parts = [p for p, _ in get_constraint("homogeneity").exhaustive_parts(7)]
    assert len(plan) >= 8 and [p for chunk in plan for p in chunk] == parts


@pytest.fixture
def split_small(monkeypatch):
    """Split phases of 5 items (the plan is made in this process)."""
    monkeypatch.setattr(exhaustive, "MIN_SPLIT", 0)
    monkeypatch.setattr(exhaustive, "MAX_CHUNK", 200)


SMALL = dict(seed=3, max_examples=10, exhaustive_n=5)


@pytest.mark.slow  # four checks of 5 items, twice
def test_jobs_one_and_two_give_the_same_json_with_split_phases(split_small):
    metrics, cons = ["elm_f", late], ["homogeneity", "completeness"]
    one = mp.audit(metrics, cons, jobs=1, **SMALL).dumps()
    two = mp.audit(metrics, cons, jobs=2, **SMALL).dumps()
    assert one == two and '"status": "failed"' in two


@pytest.mark.slow  # two checks of 5 items
def test_check_with_two_jobs_gives_the_late_counterexample(split_small):
    one = mp.check(late, "homogeneity", jobs=1, **SMALL)
    two = mp.check(late, "homogeneity", jobs=2, **SMALL)
    assert one.to_json() == two.to_json()
    assert two.findings[0].items == 4 and two.counterexample["truth"][1] == 1


@pytest.mark.slow  # crashes and reruns in workers
@pytest.mark.parametrize("metric", [broken.segfault, late_chatty, late_raise])
def test_a_chunk_that_crashes_or_prints_gives_one_workers_result(split_small, metric):
    one = mp.check(metric, "completeness", jobs=1, memory_limit="1GiB", **SMALL)
    two = mp.check(metric, "completeness", jobs=2, memory_limit="1GiB", **SMALL)
    assert one.status == "error" and one.to_json() == two.to_json()


def test_the_schedule_reruns_a_check_whole_when_its_chunks_cannot_stand_for_it():
    from types import SimpleNamespace

    from metricprops.engine.schedule import Schedule

    done = SimpleNamespace(found_at={"ordinary": 3})
    schedule = Schedule([[["a"], ["b"], ["c"]], None])
    first, second = schedule.next(), schedule.next()
    assert (first.kind, first.chunk, first.data) == ("chunk", 0, (["a"], {}))
    assert schedule.settle(first, "ok", done, False) is None
    third = schedule.next()  # goes out after the first is done: with its hint
    assert (third.chunk, third.data) == (2, (["c"], {"ordinary": 3}))
    assert schedule.settle(second, "died", None, False) is None  # a crash: run it whole
    whole = schedule.next()
    assert (whole.kind, whole.index) == ("check", 0)
    assert schedule.settle(third, "ok", done, False) is None  # ignored now
    assert (schedule.next().kind, schedule.next()) == ("check", None)
    assert schedule.settle(whole, "ok", "result", False) == "result"

    schedule = Schedule([[["a"]]])
    chunk = schedule.next()
    schedule.settle(chunk, "ok", done, True)  # the metric printed
    finish = schedule.next()
    assert finish.kind == "finish" and finish.data == [done]
    error = SimpleNamespace(status=Status.ERROR)
    assert schedule.settle(finish, "ok", error, False) is None
    assert schedule.next().kind == "check"
