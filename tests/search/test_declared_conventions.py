"""Declared conventions (issue 36): a metric declares in data what its library documents
(a missing-value label, how labels are compared, a minimum number of items, the refusal
exceptions, the value on a named degenerate case); a finding the declaration explains is
reported as ``convention (declared)``, not a failure, and the check keeps looking for the
findings it does not explain."""
from __future__ import annotations

import json

import numpy as np
import pytest

import metricprops as mp
from metricprops.conventions import Conventions, parse_assignment
from metricprops.errors import InvalidConventionError

_rand = mp.get_metric("rand")
FAST = dict(seed=1, max_examples=5, exhaustive_n=3, max_items=6, scale_max_n=0,
            isolate=False)
WITH_SCALE = {**FAST, "scale_max_n": 64}


def pyitlib_like(labels_true, labels_pred):
    """pyitlib's shape: -1 is a missing value (its items are dropped) and every label goes
    through float64 (uint64 labels near 2**64 merge)."""
    t = np.asarray(labels_true, dtype=np.float64)
    p = np.asarray(labels_pred, dtype=np.float64)
    keep = (t != -1) & (p != -1)
    return _rand(t[keep].tolist(), p[keep].tolist()) if keep.any() else 1.0


def lowered(labels_true, labels_pred):
    """mir_eval's shape: labels compared as ``str(label).lower()``."""
    return _rand([str(x).lower() for x in labels_true], [str(x).lower() for x in labels_pred])


def small_refused(labels_true, labels_pred):
    """ennemi's shape: refuses fewer than 4 items."""
    if len(labels_true) < 4:
        raise ValueError("need at least 4 items")
    return _rand(labels_true, labels_pred)


def one_class_zero(labels_true, labels_pred):
    """A documented 0 when a side has one class (a homogeneity-like 0/0 convention)."""
    if len(set(labels_true)) == 1 or len(set(labels_pred)) == 1:
        return 0.0
    return _rand(labels_true, labels_pred)


def _metric(func, **conventions):
    return mp.metric(func, bounds=(0, 1), perfect=1, symmetric=True,
                     conventions=conventions or None)


def test_a_declared_missing_label_explains_the_noise_findings_and_not_the_collision():
    plain = mp.check(_metric(pyitlib_like), "special_labels", **FAST)
    assert plain.status == "failed"
    assert {f.cause for f in plain.findings} >= {"noise_minus_one"}
    declared = _metric(pyitlib_like, missing=-1)
    special = mp.check(declared, "special_labels", **FAST)
    assert special.status == "passed" and special.ok
    assert special.findings and {f.kind for f in special.findings} == {"convention"}
    assert "noise_minus_one" in {f.cause for f in special.findings}
    assert special.cell.endswith("§")
    assert "convention (declared)" in special.describe()
    assert "-1 is the declared missing-value label" in special.describe()
    labels = mp.check(declared, "label_invariance", **FAST)
    assert labels.status == "failed"  # the float64 collision is still found
    assert "numpy_uint64" in {f.cause for f in labels.findings if f.kind == "violation"}


def test_the_check_keeps_looking_past_an_explained_renaming():
    # on one instance the -1 renaming is explained and the uint64 one is not: the finding
    # shown is the unexplained one
    from metricprops.constraints._renaming import LabelKind, renamed_instance
    from metricprops.constraints.label_invariance import LabelInvariance
    from metricprops.partition import Partition

    class Both(LabelInvariance):
        kinds = LabelInvariance.kinds + (LabelKind("noise", lambda j: j - 1),)
        combos = (("noise", "noise"), ("numpy_uint64", "numpy_uint64"))

    both = Both()
    declared = _metric(pyitlib_like, missing=-1)
    inst = renamed_instance(Partition.from_labels([0, 0]), Partition.from_labels([0, 1]),
                            both.combos, (0, 1))
    ev = both.evaluate(inst, lambda t, p: declared(t.tolist(), p.tolist()), declared)
    assert ev.outcome.name == "VIOLATED" and ev.extra["cause"] == "numpy_uint64"
    assert "convention" not in ev.extra


def test_an_out_of_bounds_value_on_a_missing_label_is_not_explained():
    def minus(labels_true, labels_pred):
        return -0.5 if -1 in list(labels_true) else _rand(labels_true, labels_pred)

    r = mp.check(_metric(minus, missing=-1), "special_labels", **FAST)
    assert r.status == "failed"
    assert any(f.kind == "violation" and f.cause == "noise_minus_one" for f in r.findings)


def test_a_declared_label_comparison_explains_merged_labels():
    assert mp.check(_metric(lowered), "label_invariance", **FAST).status == "failed"
    r = mp.check(_metric(lowered, compare="str(label).lower()"), "label_invariance", **FAST)
    assert r.status in ("passed", "weak") and r.ok, r.describe()
    causes = {f.cause for f in r.declared}
    assert {"string", "mixed_int_str"} <= causes
    assert all("compared as str(label).lower()" in f.example["detail"] for f in r.declared)


def test_a_declared_minimum_and_refusal_turn_errors_into_conventions():
    plain = mp.check(_metric(small_refused), "max_agreement", **FAST)
    assert plain.status == "error"
    for conventions in ({"min_items": 4}, {"refuses": ["ValueError"]}):
        r = mp.check(_metric(small_refused, **conventions), "max_agreement", **FAST)
        assert r.ok and r.status == "passed", r.describe()
        assert r.declared and all(f.items < 4 for f in r.declared)
        assert r.declared[0].reason == "raised:ValueError"


def test_a_declared_degenerate_value_explains_only_that_case():
    assert mp.check(_metric(one_class_zero), "max_agreement", **FAST).status == "failed"
    # the scale phase honours the declaration too (its one-block shapes hold the case)
    r = mp.check(_metric(one_class_zero, degenerate={"one_class": 0}), "max_agreement",
                 **WITH_SCALE)
    assert r.ok, r.describe()
    assert r.declared and {f.cause for f in r.declared} == {"one_class scores 0"}
    wrong = mp.check(_metric(one_class_zero, degenerate={"one_class": 0.5}), "max_agreement",
                     **FAST)
    assert wrong.status == "failed"  # the value declared is not the value given


def test_declared_findings_show_in_json_terminal_and_markdown():
    audit = mp.audit([_metric(pyitlib_like, missing=-1)], ["special_labels"], **FAST)
    data = json.loads(audit.dumps())
    findings = data["results"][0]["findings"]
    assert data["results"][0]["status"] == "passed"
    assert findings and {f["kind"] for f in findings} == {"convention"}
    assert data["metrics"]["pyitlib_like"]["conventions"] == {"missing": [-1]}
    assert "§" in audit.table(width=100) and "declared conventions" in audit.table(width=100)
    markdown = audit.markdown()
    assert "convention (declared)" in markdown and "special_labels: passed" in markdown
    assert audit.ok


@pytest.mark.parametrize("conventions, said", [
    ({"missing": [[1]]}, "hashable"),
    ({"compare": "upper"}, "str(label).lower()"),
    ({"min_items": -1}, "whole number"),
    ({"min_items": True}, "whole number"),
    ({"refuses": [3]}, "exception types"),
    ({"degenerate": {"one_klass": 0}}, "one_class"),
    ({"degenerate": {"one_class": "x"}}, "finite number"),
    ({"degenerate": [0]}, "case names"),
    ({"typo": 4}, "unknown key 'typo'"),
    ("missing=-1", "mapping"),
])
def test_bad_declarations_fail_at_once_with_a_typed_error(conventions, said):
    with pytest.raises(InvalidConventionError, match="expected") as info:
        _metric(pyitlib_like, **conventions) if isinstance(conventions, dict) else \
            mp.metric(pyitlib_like, conventions=conventions)
    assert said in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, TypeError)


def test_conventions_read_as_their_json_and_keep_the_notes():
    c = Conventions.of({"single_block": "1.0", "missing": [-1, None, float("nan")],
                        "refuses": [KeyError, "pkg.errors.Refused"],
                        "degenerate": {"one_class": 0}})
    assert dict(c) == {"single_block": "1.0", "missing": [-1, None, "nan"],
                       "refuses": ["KeyError", "Refused"], "degenerate": {"one_class": 0.0}}
    assert c.declared and not Conventions.of({"single_block": "1.0"}).declared
    assert c.holds_missing([0, float("nan")]) == "nan"
    assert c.holds_missing([0, False, 1]) is None
    # the built-ins' notes read as before
    assert "conventions" in mp.get_metric("purity").metadata()
    assert mp.get_metric("purity").metadata()["conventions"]["single_item"] == "1.0"


def test_command_line_assignments_read_literals_and_text():
    assert parse_assignment("missing=-1") == ("missing", -1)
    assert parse_assignment("compare=str(label).lower()") == ("compare", "str(label).lower()")
    assert parse_assignment("refuses=ValueError,KeyError") == ("refuses",
                                                               ["ValueError", "KeyError"])
    with pytest.raises(InvalidConventionError, match="KEY=VALUE"):
        parse_assignment("missing")


def strings_refused(labels_true, labels_pred):
    """Refuses anything but integer labels with a KeyError of its own (documented)."""
    if any(not isinstance(x, (int, np.integer)) for x in [*labels_true, *labels_pred]):
        raise KeyError("integer labels only")
    return _rand(labels_true, labels_pred)


def test_a_declared_refusal_on_a_label_kind_is_no_tie():
    # undeclared, a KeyError on a label kind is a crash (only TypeError, ValueError and the
    # like refuse: constraints._fresh.is_refusal); declared, it is a documented refusal
    plain = mp.check(_metric(strings_refused), "label_invariance", **FAST)
    assert plain.status == "failed" and "KeyError" in plain.describe()
    r = mp.check(_metric(strings_refused, refuses=["KeyError"]), "label_invariance", **FAST)
    assert r.status == "passed", r.describe()


def test_a_degenerate_value_does_not_explain_a_renaming_or_copies_scored_otherwise():
    # rand is 0 on truth {0 1} vs pred {0 | 1} (a one-class truth): declaring one_class = 0
    # must not explain that the uint64 renaming of that pair scores 1, nor that the pair
    # with every item copied scores otherwise
    declared = _metric(pyitlib_like, degenerate={"one_class": 0})
    for constraint in ("label_invariance", "n_invariance"):
        r = mp.check(declared, constraint, **FAST)
        assert r.status == "failed", r.describe()
        assert not r.declared, r.describe()
