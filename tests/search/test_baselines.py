"""Baselines (issue 36): against an earlier audit's JSON only the findings that are new or
changed count, from Python (``compare_to_baseline``, ``assert_satisfies(baseline=...)``,
``assert_no_new_findings``) and from pytest (``--metricprops-baseline``)."""
from __future__ import annotations

import json

import numpy as np
import pytest

import metricprops as mp
import metricprops.checker  # noqa: F401  (loaded before pytester snapshots sys.modules)
import metricprops.testing  # noqa: F401
from metricprops.errors import BaselineError
from metricprops.results.baseline import compare_to_baseline, load_baseline
from metricprops.testing import assert_no_new_findings, assert_satisfies

pytest_plugins = ["pytester"]

_rand = mp.get_metric("rand")
CONSTRAINTS = ("label_invariance", "max_agreement")
FAST = dict(max_examples=5, exhaustive_n=3, max_items=6, scale_max_n=0, isolate=False)


def version(fast_path):
    """pyitlib's shape: the items labelled -1 dropped, every label through float64; with
    ``fast_path`` (the planted change), identical partitions of 3 items or more score 0.999."""
    def lib_score(labels_true, labels_pred):
        t = np.asarray(labels_true, dtype=np.float64)
        p = np.asarray(labels_pred, dtype=np.float64)
        pairs = set(zip(t.tolist(), p.tolist()))
        if fast_path and len(t) >= 3 and len(pairs) == len(set(t.tolist())) == len(set(
                p.tolist())):
            return 0.999
        keep = (t != -1) & (p != -1)
        return _rand(t[keep].tolist(), p[keep].tolist()) if keep.any() else 1.0
    return mp.metric(lib_score, bounds=(0, 1), perfect=1, symmetric=True)


OLD, NEW = version(False), version(True)


@pytest.fixture(scope="module")
def old_json():
    return json.loads(mp.audit([OLD], list(CONSTRAINTS), seed=1, **FAST).dumps())


def test_a_second_run_has_no_new_findings(old_json):
    again = mp.audit([OLD], list(CONSTRAINTS), seed=2, **FAST)  # another seed, same findings
    assert not again.ok
    diff = compare_to_baseline(again, old_json)
    assert diff.ok and diff.known >= 2 and not diff.new
    assert "no new findings" in diff.summary()


def test_a_planted_change_is_the_only_new_finding(old_json):
    changed = mp.audit([NEW], list(CONSTRAINTS), seed=1, **FAST)
    diff = compare_to_baseline(changed, old_json, "old.json")
    assert not diff.ok
    assert {(n.constraint, n.change, n.finding.kind) for n in diff.new} == {
        ("max_agreement", "new", "violation")}
    text = "\n".join(diff.lines())
    assert "max_agreement: new: violation" in text and "0.999" in text
    assert "numpy_uint64" not in text and "label_invariance" not in text
    assert diff.to_json()["new"][0]["constraint"] == "max_agreement"


def test_a_changed_smallest_instance_is_reported_as_changed(old_json):
    edited = json.loads(json.dumps(old_json))
    result = next(r for r in edited["results"] if r["constraint"] == "label_invariance")
    finding = next(f for f in result["findings"] if f["found_by"] == "exhaustive")
    finding["counterexample"]["notation"]["truth"] = "{0 | 1 | 2 | 3}"
    again = mp.audit([OLD], list(CONSTRAINTS), seed=1, **FAST)
    diff = compare_to_baseline(again, edited)
    assert [n.change for n in diff.new] == ["changed"]
    assert diff.new[0].finding.cause == finding.get("cause")


def test_assertions_fail_only_on_new_findings(old_json):
    with pytest.raises(AssertionError, match="does not satisfy"):
        assert_satisfies(OLD, *CONSTRAINTS, seed=1, **FAST)
    assert_satisfies(OLD, *CONSTRAINTS, seed=1, baseline=old_json, **FAST)
    with pytest.raises(AssertionError, match="max_agreement: new") as info:
        assert_satisfies(NEW, *CONSTRAINTS, seed=1, baseline=old_json, **FAST)
    assert "does not satisfy 1 of 2 constraints: max_agreement" in str(info.value)


def test_assert_no_new_findings_compares_an_audit_of_your_own(old_json):
    assert assert_no_new_findings(mp.audit([OLD], list(CONSTRAINTS), seed=3, **FAST),
                                  old_json).ok
    with pytest.raises(AssertionError, match="new: violation"):
        assert_no_new_findings(mp.audit([NEW], list(CONSTRAINTS), seed=3, **FAST), old_json)


@pytest.mark.parametrize("content, said", [
    ("not json", "not JSON"),
    ('{"schema": 1}', '"results" list'),
    (None, "readable"),
])
def test_a_bad_baseline_is_a_typed_error(tmp_path, content, said):
    path = tmp_path / "old.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(BaselineError, match=said) as info:
        load_baseline(path)
    assert isinstance(info.value, ValueError)
    with pytest.raises(BaselineError, match="expected a baseline"):
        assert_no_new_findings(mp.audit([OLD], ["label_invariance"], seed=1, **FAST))


LIB = '''
import numpy as np
import metricprops as mp

_rand = mp.get_metric("rand")

def lib_score(labels_true, labels_pred):
    t = np.asarray(labels_true, dtype=np.float64)
    p = np.asarray(labels_pred, dtype=np.float64)
    keep = (t != -1) & (p != -1)
    return _rand(t[keep].tolist(), p[keep].tolist()) if keep.any() else 1.0

score = mp.metric(lib_score, bounds=(0, 1), perfect=1, symmetric=True)
'''
TEST = '''
from metricprops.testing import assert_satisfies
from lib import score

def test_lib():
    assert_satisfies(score, "label_invariance", "max_agreement", max_examples=5,
                     exhaustive_n=3, max_items=6, scale_max_n=0, isolate=False)
'''


def test_the_pytest_option_sets_the_baseline(pytester, old_json):
    pytester.makeconftest("")
    pytester.makepyfile(lib=LIB, test_lib=TEST)
    (pytester.path / "old.json").write_text(json.dumps(old_json))
    pytester.runpytest("-p", "no:randomly", "--metricprops-seed=1").assert_outcomes(failed=1)
    passed = pytester.runpytest("-p", "no:randomly", "--metricprops-seed=1",
                                "--metricprops-baseline=old.json")
    passed.assert_outcomes(passed=1)
    assert "baseline=old.json" in passed.stdout.str()
    bad = pytester.runpytest("-p", "no:randomly", "--metricprops-baseline=missing.json")
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    assert "readable audit JSON" in bad.stderr.str()
