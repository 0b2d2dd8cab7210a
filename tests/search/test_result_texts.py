"""What a result prints reads right (issue 27, items 6-8): a declared asymmetry is not a
check mark, two different values never print the same, and every finding says why."""
from __future__ import annotations

import itertools

import metricprops as mp
from metricprops.results.model import AuditResult, Counterexample, Status

FAST = dict(seed=5, max_examples=20, exhaustive_n=4, scale_max_n=0)


def test_a_declared_asymmetry_reads_as_declared_not_as_symmetric():
    audit = mp.audit(["homogeneity_score"], ["symmetry"], **FAST)
    r = audit.results[0]
    assert r.status is Status.PASSED  # the JSON status keeps its meaning
    assert r.cell == "≠" and "✓" not in audit.table(width=200).splitlines()[1]
    assert "≠ asymmetric, as declared" in audit.table(width=200)
    assert "| homogeneity_score | ≠ |" in audit.markdown()
    assert r.message.startswith("asymmetric, as declared: Q(A, B) = ")
    assert "no counterexample" not in r.message
    e = r.to_json()["evidence"]
    assert e["kind"] == "witness" and e["witness"]["a_b"] != e["witness"]["b_a"]


def test_two_values_that_differ_never_print_the_same():
    ce = Counterexample({"notation": {"truth": "{0 1}"},
                         "scores": {"worse": 0.5000012, "better": 0.500001, "n": 3}})
    line = next(x for x in ce.lines() if x.startswith("scores"))
    assert line == "scores: worse = 0.5000012, better = 0.500001, n = 3"
    ce = Counterexample({"scores": {"first_call": 1.0, "called_again": 1.0000000000000002}})
    assert ce.lines() == ["scores: first_call = 1, called_again = 1.0000000000000002"]
    same = Counterexample({"scores": {"a": 0.25, "b": 0.25}})
    assert same.lines() == ["scores: a = 0.25, b = 0.25"]


_CALLS = itertools.count()


@mp.metric(name="drifts", bounds=(0, 1), perfect=1, symmetric=True)
def drifts(labels_true, labels_pred):
    """1 on every other call, 1.0000001 on the others (beyond the tolerance of 1e-9, and
    the same number with six significant digits)."""
    return 1.0 + 1e-7 * (next(_CALLS) % 2)


def test_a_determinism_failure_prints_the_two_values_it_compared():
    r = mp.check(drifts, "determinism", isolate=False, **FAST)
    assert r.status is Status.FAILED
    text = r.describe()
    scores = next(line for line in text.splitlines() if "scores:" in line)
    assert "= 1.0000001" in scores and ("= 1," in scores or scores.endswith("= 1")), scores


def test_every_finding_prints_its_explanation():
    # constant_baseline names its reference, with no screening note next to an exact failure
    r = mp.check("rand", "constant_baseline", **FAST)
    assert r.status is Status.FAILED and r.found_by == "exhaustive"
    text = r.describe()
    assert "why: E[Q] differs from the reference E[Q] for T = H0 = {0 1 | 2}" in text
    assert "confirmed" not in r.message
    markdown = AuditResult(seed=5, results=[r]).markdown()
    assert "why: E[Q] differs from the reference" in markdown


@mp.metric(name="sorts_in_place", bounds=(0, 1), perfect=1, symmetric=True)
def sorts_in_place(labels_true, labels_pred):
    labels_pred.sort()
    return 0.5


def test_input_immutability_says_what_changed():
    r = mp.check(sorts_in_place, "input_immutability", isolate=False, **FAST)
    assert r.status is Status.FAILED
    text = r.describe()
    assert "why: the metric modified labels_pred given as a list" in text
    assert "modified: labels_pred given as a list: " in text and " after" in text


@mp.metric(name="merges_int_and_str", bounds=(-1, 1), perfect=1, symmetric=True)
def merges_int_and_str(labels_true, labels_pred):
    import numpy as np
    from sklearn.metrics import adjusted_rand_score
    return adjusted_rand_score(np.asarray(labels_true).astype(str),
                               np.asarray(labels_pred).astype(str))


def test_label_invariance_shows_the_renamed_labels():
    r = mp.check(merges_int_and_str, "label_invariance", isolate=False, **FAST)
    assert r.status is Status.FAILED
    text = r.describe()
    assert "renamed (mixed_int_str): truth = [" in text and "'0'" in text
    assert "items permuted as" in text
    assert "why: the value changed under the renaming to mixed_int_str" in text
