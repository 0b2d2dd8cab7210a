"""Every distinct finding of a check, min_items, the time budget, candidates and confirmation."""
from __future__ import annotations

import time

import pytest

import metricprops as mp
from metricprops.checker import audit, check
from metricprops.constraint import Constraint, Evaluation, Instance, Outcome
from metricprops.errors import InvalidArgumentError
from metricprops.partition import Partition
from metricprops.search.core import input_class
from metricprops.settings import FAMILY_ALPHA, MAX_CONFIRMATIONS
from metricprops.strategies import partitions

elm = mp.get_metric("elm_f")


def nan_and_bug(t, p):
    """ELM F1, except NaN at one item (a 0/0 left undone) and 0.125 for identical four-item
    partitions (a formula bug)."""
    if len(t) == 1:
        return float("nan")
    if len(t) == 4 and list(t) == list(p):
        return 0.125
    return elm(t, p)


NAN_AND_BUG = mp.metric(nan_and_bug, name="nan_and_bug", bounds=(0, 1), perfect=1.0)


@pytest.mark.slow
def test_a_nan_at_one_item_does_not_hide_a_formula_bug_at_four_items():
    r = check(NAN_AND_BUG, "max_agreement", seed=1, max_examples=100)
    # the worst finding is the headline: status, message and the schema-1 "error" field
    assert r.status == "error" and r.counterexample is None
    assert r.error["reason"] == "nan" and r.error["truth"] == [0]
    kinds = [(f.kind, f.input, f.items) for f in r.findings]
    assert kinds[0] == ("error", "degenerate", 1)
    assert r.findings[0].example == r.error
    # the formula bug, each input class with its own smallest counterexample
    bug = {f.input: f for f in r.findings if f.kind == "violation"}
    assert set(bug) == {"degenerate", "ordinary"}
    assert bug["ordinary"].items == 4 and bug["ordinary"].shrunk
    assert bug["ordinary"].example["truth"] == bug["ordinary"].example["pred"] == [0, 0, 0, 1]
    assert bug["ordinary"].example["scores"]["pred"] == 0.125
    assert bug["degenerate"].items == 4 and bug["degenerate"].shrunk
    assert bug["degenerate"].example["truth"] == [0, 0, 0, 0]
    assert "2 more distinct findings" in r.message
    assert "also: violation on ordinary input, 4 items" in r.describe()


@pytest.mark.slow
def test_min_items_leaves_the_tiny_inputs_out_on_purpose():
    r = check(NAN_AND_BUG, "max_agreement", seed=1, max_examples=50, min_items=2)
    assert r.status == "failed" and all(f.kind == "violation" for f in r.findings)
    assert min(f.items for f in r.findings) == 4
    assert r.counterexample["truth"] == [0, 0, 0, 0]
    assert "instances with 2 to 5 items" in r.scope and r.min_items == 2
    # exactly the enumerated instances with fewer items are left out
    import itertools

    from metricprops.constraints import max_agreement
    tiny = sum(1 for i in itertools.chain(max_agreement.enumerate(5),
                                          max_agreement.examples(30)) if i.n < 3)
    full = check("elm_f", "max_agreement", seed=1, max_examples=0)
    part = check("elm_f", "max_agreement", seed=1, max_examples=0, min_items=3)
    assert tiny > 0 and part.examples == full.examples - tiny
    explicit = sum(1 for i in max_agreement.examples(30) if i.n >= 3)
    assert part.message.startswith(f"no counterexample among all {part.examples - explicit} "
                                   f"instances with 3 to 5 items, {explicit} explicit instances")


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, 31])
def test_min_items_is_validated(bad):
    with pytest.raises(InvalidArgumentError, match="min_items"):
        check("elm_f", "max_agreement", min_items=bad, max_items=30)


@pytest.mark.slow
def test_json_keeps_schema_1_and_adds_the_findings():
    data = check(NAN_AND_BUG, "max_agreement", seed=1, max_examples=50).to_json()
    assert data["status"] == "error" and data["counterexample"] is None
    assert data["error"]["reason"] == "nan"
    assert [f["kind"] for f in data["findings"]][0] == "error"
    assert data["findings"][0]["counterexample"] == data["error"]
    assert data["tolerance"] == 1e-9 and data["calls"] > 0 and "seconds" not in data
    passed = check("elm_f", "completeness", seed=1, max_examples=5, exhaustive_n=3).to_json()
    assert passed["findings"] == [] and passed["counterexample"] is None


@pytest.mark.parametrize("labels, expected", [
    (([0], [0]), "degenerate"),
    (([0, 0, 1], [0, 1, 2]), "degenerate"),   # all singletons
    (([0, 0, 0], [0, 0, 1]), "degenerate"),   # one block
    (([0, 0, 1], [0, 1, 1]), "ordinary"),
])
def test_input_classes(labels, expected):
    t, p = (Partition.from_labels(x) for x in labels)
    assert input_class(Instance(t, {"pred": p})) == expected


# -- statistical candidates: only a confirmation on fresh data makes a failure ------------------
class _OneBlockAgainstSingletons(Constraint):
    """Enumerates one block against singletons (2 items and more); random instances compare
    a partition with itself."""

    min_items = 2

    def strategy(self, max_items):
        return partitions(min_items=2, max_items=6).map(lambda p: Instance(p, {"pred": p}))

    def enumerate(self, max_n):
        for n in range(2, max_n + 1):
            yield Instance(Partition.one_block(n), {"pred": Partition.singletons(n)})


class _Screened(_OneBlockAgainstSingletons):
    """Every instance is a tentative violation; ``confirm`` says yes when ``confirms``."""

    name = "screened"

    def __init__(self, confirms):
        self.confirms, self.confirmed = confirms, []

    def evaluate(self, instance, score, metric, tolerance=0):
        return Evaluation(Outcome.VIOLATED, {"pred": score(instance.truth, instance["pred"])},
                          -5.0, tentative=True, detail="screening")

    def confirm(self, instance, score, metric, tolerance=0, alpha=1.0):
        self.confirmed.append((instance.n, alpha))
        outcome = Outcome.VIOLATED if self.confirms else Outcome.SATISFIED
        return Evaluation(outcome, {"pred": 0.0}, -1.0, detail=f"confirmed at {alpha}")


def test_unconfirmed_candidates_are_no_failure_and_confirmations_are_bounded():
    c = _Screened(confirms=False)
    r = check("elm_f", c, seed=3, max_examples=40, exhaustive_n=4)
    assert r.status == "passed" and r.findings == []
    assert len(c.confirmed) == MAX_CONFIRMATIONS  # never more, however many were screened
    assert {alpha for _, alpha in c.confirmed} == {FAMILY_ALPHA / MAX_CONFIRMATIONS}
    assert (f"{MAX_CONFIRMATIONS} retested on fresh samples, 0 confirmed") in r.message


def test_a_confirmed_candidate_is_a_failure_smallest_first():
    c = _Screened(confirms=True)
    r = check("elm_f", c, seed=3, max_examples=20, exhaustive_n=4)
    assert r.status == "failed"
    assert r.counterexample["truth"] == [0, 0]  # the smallest candidate is confirmed first
    assert r.counterexample["detail"].startswith("confirmed at")
    assert c.confirmed[0][0] == 2


class _Undecided(_OneBlockAgainstSingletons):
    """Undecided on every instance of 3 items or more; violated on one block of 4 items
    against singletons when ``violates``."""

    name = "undecided"

    def __init__(self, violates=False):
        self.violates = violates

    def evaluate(self, instance, score, metric, tolerance=0):
        value = {"pred": score(instance.truth, instance["pred"])}
        if self.violates and instance.n == 4 and instance.truth.n_blocks == 1:
            return Evaluation(Outcome.VIOLATED, value, -1.0)
        return Evaluation(Outcome.SATISFIED, value, 1.0,
                          undecided=f"cannot tell at {instance.n} items" if instance.n >= 3 else "")


def test_an_undecided_evaluation_gives_up_and_says_why_and_a_finding_still_wins():
    r = check("elm_f", _Undecided(), seed=3, max_examples=10, exhaustive_n=4)
    assert r.status == "gave_up" and r.counterexample is None
    assert r.message == "could not decide: cannot tell at 3 items; not a pass."
    r = check("elm_f", _Undecided(violates=True), seed=3, max_examples=10, exhaustive_n=4)
    assert r.status == "failed" and len(r.counterexample["truth"]) == 4


# -- the time budget ---------------------------------------------------------------------------
def _slow(t, p):
    time.sleep(0.01)
    return elm(t, p)


SLOW = mp.metric(_slow, name="slow", bounds=(0, 1), perfect=1.0)


@pytest.mark.slow
def test_a_check_that_runs_out_of_time_gave_up_and_says_so():
    started = time.monotonic()
    result = audit([SLOW], ["completeness", "homogeneity"], seed=1, time_budget=1.0)
    assert time.monotonic() - started < 5
    for r in result.results:
        assert r.status == "gave_up", r.describe()
        assert "ran out of its share of the time budget" in r.message
        assert "not a pass" in r.message
    data = result.to_json()
    assert data["settings"]["time_budget"] == 1.0
    assert all(isinstance(r["seconds"], float) for r in data["results"])  # timed runs say so


@pytest.mark.slow
def test_a_finding_made_before_the_budget_ran_out_is_kept():
    broken = mp.metric(lambda t, p: (time.sleep(0.005), 1.0 - elm(t, p))[1], name="flipped",
                       bounds=(0, 1), perfect=1.0)
    r = audit([broken], ["completeness"], seed=1, time_budget=0.5).results[0]
    assert r.status == "failed" and r.counterexample["truth"] == [0, 0]


@pytest.mark.parametrize("bad", [0, -1.0, float("inf"), "1", True])
def test_time_budget_is_validated(bad):
    with pytest.raises(InvalidArgumentError, match="budget"):
        audit(["elm_f"], ["completeness"], time_budget=bad)


# -- tolerance, metadata and effort in the audit --------------------------------------------------
def _rounded(t, p):
    """ELM F1 with a float32-sized error that depends on the argument order."""
    return elm(t, p) + 1e-7 * (len(set(p)) % 2)


@pytest.mark.slow
def test_tolerance_turns_rounding_into_agreement():
    rounded = mp.metric(_rounded, name="rounded", bounds=(0, 1.1), perfect=None, symmetric=True)
    strict = check(rounded, "symmetry", seed=1, max_examples=20)
    loose = check(rounded, "symmetry", seed=1, max_examples=20, tolerance=1e-6)
    assert strict.status == "failed" and loose.status == "passed"
    assert loose.tolerance == 1e-6


def test_audit_records_metadata_tolerance_and_calls():
    result = audit(["elm_f", "vi"], ["zero_score"], seed=1, max_examples=5, tolerance=1e-7)
    data = result.to_json()
    assert data["settings"]["tolerance"] == 1e-7 and data["settings"]["min_items"] == 1
    assert data["metrics"]["vi"]["kind"] == "distance"
    assert data["metrics"]["elm_f"]["bounds"] == [0.0, 1.0]
    assert all(r["tolerance"] == 1e-7 and r["calls"] >= 0 for r in data["results"])
    md = result.markdown()
    assert "## Declared metadata" in md and "| vi | distance |" in md
    assert "## Search effort" in md and "metric calls" in md
