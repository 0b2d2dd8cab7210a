"""Bugs the default audit once missed or hid (issue 36, "Missed or hidden"): each a planted
metric of the same shape (``plugins/missed.py``), caught with the default settings."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

import metricprops as mp

from plugins import missed


def _metric(func, **kw):
    return mp.metric(func, **{"bounds": (0, 1), "perfect": 1, "symmetric": True, **kw})


def _causes(r):
    return {f.cause for f in r.findings if f.kind == "violation"}


@pytest.mark.slow  # about 4 s: the default budget of label_invariance
def test_integer_labels_that_merge_when_cast_to_float64_are_a_finding():
    r = mp.check(_metric(missed.float64_labels), "label_invariance", seed=1, isolate=False)
    assert r.status == "failed"
    assert {"int_past_2_53", "numpy_int64_past_2_53"} <= _causes(r), r.describe()
    f = next(f for f in r.findings if f.cause == "int_past_2_53")
    assert len(f.example["truth"]) == 2 and "1152921504606846977" in str(f.example)


@pytest.mark.slow  # 2-3 s: a default budget
def test_a_keyerror_on_a_label_kind_is_a_crash_not_a_refusal():
    r = mp.check(_metric(missed.keyerror_on_strings), "label_invariance", seed=1,
                 isolate=False)
    assert r.status == "failed", r.describe()
    f = next(f for f in r.findings if f.cause == "string")
    assert "KeyError" in str(f.example)


def test_a_declared_refusal_exception_is_a_refusal():
    from metricprops.constraints._fresh import is_refusal

    plain = _metric(missed.keyerror_on_strings)
    assert is_refusal(plain, ValueError("x")) and is_refusal(plain, TypeError("x"))
    assert not is_refusal(plain, KeyError("x")) and not is_refusal(plain, IndexError(0))
    declaring = SimpleNamespace(refusals=(KeyError,))  # the hook of a declared convention
    assert is_refusal(declaring, KeyError("x")) and not is_refusal(declaring, IndexError(0))


@pytest.mark.slow  # 2-3 s: a default budget
def test_a_tuple_on_empty_input_is_a_finding_and_a_refusal_is_not():
    r = mp.check(_metric(missed.tuple_on_empty), "bounds", seed=1, isolate=False)
    assert r.status == "failed", r.describe()
    assert r.counterexample["truth"] == [] and "(0.0, 0.0, 0.0)" in r.describe()
    assert mp.check(_metric(missed.refuses_empty), "bounds", seed=1,
                    isolate=False).status == "passed"


@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_nan_on_identical_partitions_is_a_violation_not_a_degenerate_error():
    r = mp.check(_metric(missed.nan_on_two_singletons), "max_agreement", seed=1,
                 isolate=False)
    assert r.status == "failed", r.describe()
    f = next(f for f in r.findings if f.kind == "violation")
    assert f.example["truth"] == f.example["pred"] == [0, 1]
    assert "identical partitions must score it" in f.example["detail"]


@pytest.mark.slow  # 2-3 s: a default budget
def test_a_value_out_of_bounds_is_said_so_by_the_special_labels_check():
    m = mp.metric(missed.negative_on_minus_one, bounds=(0, None), perfect=0,
                  kind="distance", symmetric=False)
    r = mp.check(m, "special_labels", seed=1, isolate=False)
    assert r.status == "failed", r.describe()
    f = next(f for f in r.findings if f.cause == "noise_minus_one")
    assert f.example["detail"].startswith("the value is below the lower bound: "), f.example


@pytest.mark.slow  # about 2 s: a default budget
def test_findings_on_ordinary_labels_lead_those_on_out_of_domain_labels():
    r = mp.check(_metric(missed.tuples_as_variables), "label_invariance", seed=1,
                 isolate=False)
    causes = [f.cause for f in r.findings]
    assert "tuple" in causes and causes[0] != "tuple", causes
    assert causes.index("numpy_uint64") < causes.index("tuple"), causes


@pytest.mark.parametrize("planted, constraint, said", [
    (missed.negative_every_other_call, "determinism", "the value is below the lower bound: "),
    (missed.sorts_in_place_above_one, "input_immutability",
     "the value is above the upper bound: "),
])
def test_a_value_out_of_bounds_is_said_so_by_the_checks_that_call_the_metric(
        planted, constraint, said):
    r = mp.check(_metric(planted, symmetric=False), constraint, seed=1, isolate=False)
    assert r.status == "failed", r.describe()
    f = next(f for f in r.findings if f.kind == "violation")
    assert f.example["detail"].startswith(said), f.example
