"""Conventions do not drown verdicts (issue 24, item 4): an error confined to degenerate
inputs is a finding of that input class, and the check still gives its verdict on the other
inputs; every property honours ``min_items``."""
from __future__ import annotations

import re
from collections import Counter
from math import comb

import pytest

import metricprops as mp
from metricprops.results.model import AuditResult, Status

FAST = dict(seed=2, max_examples=40, exhaustive_n=4, scale_max_n=0, isolate=False)
META = dict(kind="similarity", bounds=(-0.5, 1.0), perfect=1.0, symmetric=True)


def _ari(labels_true, labels_pred):
    """ARI with its 0/0 left as NaN (identical one-block or all-singleton partitions)."""
    n = len(labels_true)
    a = sum(comb(v, 2) for v in Counter(labels_true).values())
    b = sum(comb(v, 2) for v in Counter(labels_pred).values())
    ab = sum(comb(v, 2) for v in Counter(zip(labels_true, labels_pred)).values())
    total = comb(n, 2)
    expected = a * b / total if total else float("nan")
    top = (a + b) / 2
    return (ab - expected) / (top - expected) if top != expected else float("nan")


ari_00 = mp.metric(_ari, name="ari_00", **META)


@mp.metric(name="nan_up_to_two", **META)
def nan_up_to_two(labels_true, labels_pred):
    """NaN on one or two items; else ARI, 1 on identical trivial partitions (its 0/0)."""
    if len(labels_true) <= 2:
        return float("nan")
    value = _ari(labels_true, labels_pred)
    return 1.0 if value != value else value


@mp.metric(name="nan_on_ordinary", **META)
def nan_on_ordinary(labels_true, labels_pred):
    """NaN on a four-item two-block truth: an error on ordinary inputs."""
    if sorted(Counter(labels_true).values()) == [2, 2]:
        return float("nan")
    return 1.0 if list(labels_true) == list(labels_pred) else 0.0


def test_a_degenerate_only_nan_keeps_error_and_gives_the_verdict_on_the_others():
    r = mp.check(ari_00, "homogeneity", **FAST)
    assert r.status is Status.ERROR and not r.ok  # the NaN is still an error
    assert r.error["reason"] == "nan"
    assert all(f.input == "degenerate" for f in r.findings if f.kind == "error")
    assert r.ordinary_status is Status.PASSED
    assert r.cell == "✓₄!"
    data = r.to_json()
    assert data["status"] == "error" and data["ordinary_status"] == "passed"
    assert data["error"]["reason"] == "nan" and data["counterexample"] is None
    assert re.search(r"on the other inputs \([\d,]+ instances\): passed, no counterexample "
                     "among", r.message), r.message
    assert data["evidence"]["kind"] == "exhaustive" and data["evidence"]["n"] == 4


def test_a_violation_on_ordinary_inputs_shows_next_to_the_degenerate_error():
    r = mp.check(ari_00, "zero_score", **FAST)
    assert r.status is Status.ERROR and r.ordinary_status is Status.FAILED
    assert r.cell == "✗!"
    assert any(f.kind == "violation" and f.input == "ordinary" for f in r.findings)


def test_an_error_on_ordinary_inputs_has_no_verdict_apart():
    r = mp.check(nan_on_ordinary, "symmetry", **FAST)
    assert r.status is Status.ERROR
    assert any(f.input == "ordinary" for f in r.findings if f.kind == "error")
    assert r.ordinary_status is None and r.cell == "!"
    assert r.to_json()["ordinary_status"] is None


def test_the_table_shows_both_and_the_legend_says_what_the_mark_means():
    audit = mp.audit([ari_00, "rand"], ["symmetry"], **FAST)
    table = audit.table(width=200)
    assert "✓₄!" in table
    assert "! after a symbol: errors on degenerate inputs only" in table
    assert "| ari_00 | ✓₄! |" in audit.markdown()


@pytest.mark.parametrize("constraint", ["symmetry", "max_agreement", "determinism",
                                        "input_immutability", "homogeneity"])
def test_min_items_leaves_out_the_conventions_of_the_smallest_inputs(constraint):
    # NaN on one and two items: --min-items 3 clears every cell, --min-items 2 leaves the
    # two-item errors as degenerate-only
    clear = mp.check(nan_up_to_two, constraint, min_items=3, **FAST)
    assert clear.ok, clear.message
    assert all(f.items >= 3 for f in clear.findings)
    two = mp.check(nan_up_to_two, constraint, min_items=2, **FAST)
    assert all(f.items >= 2 for f in two.findings), two.findings
    assert two.status is Status.ERROR and two.ordinary_status is not None


def test_an_audit_json_with_degenerate_errors_reads_back():
    audit = mp.audit([ari_00], ["symmetry"], **FAST)
    again = AuditResult(seed=audit.seed, results=[
        type(audit.results[0])(**{k: v for k, v in r.items() if k not in ("seconds",)})
        for r in audit.to_json()["results"]])
    assert again.results[0].cell == audit.results[0].cell


@mp.metric(name="nan_on_singletons", bounds=(0, 1))
def nan_on_singletons(labels_true, labels_pred):
    return float("nan") if len(set(labels_pred)) == len(labels_pred) else 0.5


def test_no_verdict_apart_when_every_instance_is_degenerate():
    # every instance of `degenerate` holds an all-singleton or one-block prediction: there
    # are no other inputs to give a verdict on
    r = mp.check(nan_on_singletons, "degenerate", **FAST)
    assert r.status is Status.ERROR and r.ordinary_status is None and r.cell == "!"


@mp.metric(name="hangs_on_one_block", kind="similarity", bounds=(0, 1), perfect=1.0)
def hangs_on_one_block(labels_true, labels_pred):
    """Hangs on a one-block prediction of 4 items; on the other 4-item inputs it merges
    badly (1 - ELM F: a completeness bug at the same size)."""
    f = mp.get_metric("elm_f")(labels_true, labels_pred)
    if len(labels_true) < 4:
        return f
    if len(set(labels_pred)) == 1:
        while True:
            pass
    return 1.0 - f


def test_a_time_out_on_a_degenerate_input_skips_that_class_and_searches_the_others():
    # a hang on a one-block prediction once ended the search: the 4-item instances after it
    # and every random one went untried, and the cell read "passed on the others"
    r = mp.check(hangs_on_one_block, "completeness", timeout=0.2, **FAST)
    assert r.status is Status.ERROR and r.error["reason"] == "timeout"
    assert r.error["pred"] == [0, 0, 0, 0]
    assert r.ordinary_status is Status.FAILED and r.cell == "✗!", r.message
    violation = next(f for f in r.findings if f.kind == "violation")
    assert violation.input == "ordinary" and violation.items == 4
    timeouts = [f for f in r.findings if f.kind == "error"]
    assert len(timeouts) == 1  # the other degenerate inputs were skipped, not waited on
    assert "skipped the other degenerate inputs" in r.message
    assert int(re.search(r"(\d+) random instances", r.scope).group(1)) > 0  # it ran
