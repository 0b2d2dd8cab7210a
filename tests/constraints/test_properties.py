"""The general-property constraints: a satisfying and a violating metric for each.

Every expected counterexample was worked out by hand first; the arithmetic is in the
comments.  Checks run with a small budget (exhaustive phase up to 4 items, few random
instances) to keep the suite fast.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import metricprops as mp
from metricprops import Partition, get_metric
from metricprops.calls import Scorer
from metricprops.constraint import Outcome

rand = get_metric("rand")
nmi = get_metric("nmi")


@pytest.fixture
def check_budget():
    """The budget of the shared ``run`` fixture in this module: exhaustive up to 4 items."""
    return dict(seed=7, max_examples=10, exhaustive_n=4, max_items=12, scale_max_n=0)


GENERAL = ["max_agreement", "symmetry", "label_invariance", "special_labels", "bounds",
           "constant_baseline", "triangle_inequality", "n_invariance"]


def test_general_constraints_are_registered_after_the_mission_six():
    names = [c.name for c in mp.list_constraints()]
    assert names[:6] == ["zero_score", "degenerate", "homogeneity", "completeness", "rag_bag",
                         "size_vs_quantity"]
    assert names[6:14] == GENERAL


# -- max_agreement ---------------------------------------------------------------------------
def test_max_agreement_passes_for_rand(run):
    # Rand = 1 iff no pair is split differently, i.e. iff H = T (n = 1: 1 by convention)
    assert run("rand", "max_agreement").status == "passed"


def test_max_agreement_fails_for_purity(run):
    # purity(T = {0 1}, H = {0 | 1}) = (max(1) + max(1)) / 2 = 1 = perfect although H ≠ T
    r = run("purity", "max_agreement")
    assert r.status == "failed"
    assert r.counterexample["truth"] == [0, 0] and r.counterexample["pred"] == [0, 1]
    assert r.counterexample["scores"]["pred"] == 1.0


@pytest.mark.slow
def test_max_agreement_checks_n_equal_1(run):
    # a metric returning 0 for a single item misses Q(T, T) = perfect at n = 1
    odd = mp.metric(lambda t, p: 0.0 if len(t) == 1 else rand(t, p), name="odd",
                    bounds=(0, 1), perfect=1)
    r = run(odd, "max_agreement")
    assert r.status == "failed"
    assert r.counterexample["truth"] == [0] and r.counterexample["scores"]["pred"] == 0.0


def test_max_agreement_not_applicable_without_perfect(run):
    r = run("mutual_info", "max_agreement")
    assert r.status == "not_applicable" and "perfect" in r.message


# -- symmetry --------------------------------------------------------------------------------
def test_symmetry_declared_true_passes_for_nmi(run):
    assert run("nmi", "symmetry").status == "passed"


def test_symmetry_declared_true_but_asymmetric_fails(run):
    # homogeneity({0 1}, {0 | 1}) = 1 (H(T) = 0, convention 1);
    # homogeneity({0 | 1}, {0 1}) = I / H(T) = 0 / ln 2 = 0
    h = get_metric("homogeneity_score").with_metadata(symmetric=True)
    r = run(h, "symmetry")
    assert r.status == "failed"
    ce = r.counterexample
    assert (ce["truth"], ce["pred"]) == ([0, 0], [0, 1])
    assert ce["scores"] == {"a_b": 1.0, "b_a": 0.0}


def test_symmetry_declared_false_passes_when_an_asymmetric_pair_exists(run):
    r = run("homogeneity_score", "symmetry")
    assert r.status == "passed" and "asymmetric, as declared" in r.message


def test_symmetry_declared_false_but_symmetric_is_weak(run):
    r = run(rand.with_metadata(symmetric=False), "symmetry")
    assert r.status == "weak"
    assert "declared asymmetric" in r.tie["detail"]


def test_symmetry_undeclared_reports_without_failing(run):
    r = run(get_metric("homogeneity_score").with_metadata(symmetric=None), "symmetry")
    assert r.status == "weak"  # the asymmetric pair is reported as a tie
    assert (r.tie["truth"], r.tie["pred"]) == ([0, 0], [0, 1])
    assert run(rand.with_metadata(symmetric=None), "symmetry").status == "passed"


# -- label_invariance ------------------------------------------------------------------------
@pytest.mark.slow
def test_label_invariance_passes_for_builtin(run):
    assert run("rand", "label_invariance").status == "passed"


def str_rand(labels_true, labels_pred):
    """Rand after converting labels to strings: merges 0 and "0"."""
    return rand([str(x) for x in labels_true], [str(x) for x in labels_pred])


@pytest.mark.slow
def test_label_invariance_fails_when_labels_collide(run):
    # T = {0 1}, H = {0 | 1}: Rand = 0 (the only pair is a false negative).  Items reversed,
    # pred labels renamed 0 -> 0, 1 -> "0" give pred ["0", 0]; as strings both are "0", so
    # the metric sees H = one block: Rand = 1.
    r = run(mp.metric(str_rand, bounds=(0, 1), perfect=1), "label_invariance")
    assert r.status == "failed"
    ce = r.counterexample
    assert (ce["truth"], ce["pred"]) == ([0, 0], [0, 1])
    assert ce["scores"] == {"canonical": 0.0, "renamed[mixed_int_str]": 1.0}
    assert ce["renamed"]["pred"]["values"] == ["'0'", "0"]


@pytest.mark.slow
def test_label_invariance_permutation_sensitive_metric_fails(run):
    # ignores the first item: reordering the items changes which one is ignored
    def skip_first(t, p):
        t, p = list(t), list(p)
        return rand(t[1:], p[1:]) if len(t) > 1 else 1.0
    # T = {0 1 2}, H = {0 1 | 2}: without item 0, T' = {1 2}, H' = {1 | 2}: Rand = 0.
    # Items reversed (2, 1, 0): without item 2, T' = {1 0}, H' = {1 0}: Rand = 1.
    r = run(mp.metric(skip_first), "label_invariance")
    assert r.status == "failed"
    ce = r.counterexample
    assert (ce["truth"], ce["pred"], ce["permutation"]) == ([0, 0, 0], [0, 0, 1], [2, 1, 0])
    assert sorted(ce["scores"].values()) == [0.0, 1.0]


@pytest.mark.slow
def test_label_invariance_rejected_label_type_is_weak_and_named(run):
    def no_tuples(t, p):
        if any(isinstance(x, tuple) for x in list(t) + list(p)):
            raise TypeError("tuple labels are not supported")
        return rand(t, p)
    r = run(mp.metric(no_tuples), "label_invariance")
    assert r.status == "weak"
    assert r.tie["truth"] == [0]  # rejected already on one item
    assert "tuple: TypeError: tuple labels are not supported" in r.tie["detail"]


@pytest.mark.slow
def test_label_invariance_numpy_and_huge_labels_reach_the_metric(run):
    seen = set()

    def spy(t, p):
        for x in (t, p):
            seen.add(x.dtype.kind + x.dtype.name if isinstance(x, np.ndarray)
                     else type(x[0]).__name__)
        return rand(t, p)
    # in this process (isolate=False): the spy's notes must reach this test
    run(mp.metric(spy), "label_invariance", max_examples=0, isolate=False)
    assert {"iint8", "iint64", "uuint64", "ffloat32"} <= seen  # numpy arrays
    assert any(s.startswith("U") for s in seen)  # a numpy string array
    assert {"int", "float", "str", "bytes", "tuple", "frozenset"} <= seen  # lists


def test_label_invariance_error_when_canonical_call_raises(run):
    def broken(t, p):
        raise ValueError("broken")
    r = run(mp.metric(broken), "label_invariance")
    assert r.status == "error" and r.error["reason"] == "raised"


def test_sklearn_rejected_label_types_are_named():
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    from metricprops.constraints.label_invariance import COMBOS, CONSTRAINT, _instance
    m = mp.metric(sklearn_metrics.rand_score, bounds=(0, 1), perfect=1)
    combos = tuple(c for c in COMBOS if c[0] == c[1] and c[0] in ("bytes", "tuple", "string"))
    inst = _instance(Partition.from_labels([0, 0, 1]), Partition.from_labels([0, 1, 1]),
                     combos, (2, 1, 0))
    ev = CONSTRAINT.evaluate(inst, Scorer(m), m)
    assert ev.outcome is Outcome.TIE
    assert "bytes: TypeError" in ev.detail and "tuple: ValueError" in ev.detail
    assert "string:" not in ev.detail  # string labels are accepted


# -- bounds ----------------------------------------------------------------------------------
def test_bounds_pass_for_rand(run):
    assert run("rand", "bounds").status == "passed"


def test_bounds_fail_for_ari_declared_nonnegative(run):
    # T = {0 1 | 2}, H = {0 2 | 1}: TP = 0, FP = 1 (0-2), FN = 1 (0-1), TN = 1 (1-2);
    # ARI = 2 (TP·TN − FN·FP) / ((TP+FN)(FN+TN) + (TP+FP)(FP+TN))
    #     = 2 (0 − 1) / (2 + 2) = −0.5
    r = run(get_metric("adjusted_rand").with_metadata(bounds=(0.0, 1.0)), "bounds")
    assert r.status == "failed"
    ce = r.counterexample
    assert (ce["truth"], ce["pred"]) == ([0, 0, 1], [0, 1, 0])
    assert ce["scores"]["pred"] == pytest.approx(-0.5)


def test_bounds_not_applicable_without_bounds(run):
    r = run(mp.metric(lambda t, p: 0.0, name="zero"), "bounds")
    assert r.status == "not_applicable"


def test_bounds_nan_is_an_error(run):
    r = run(mp.metric(lambda t, p: float("nan"), name="nan", bounds=(0, 1)), "bounds")
    assert r.status == "error" and r.error["reason"] == "nan"


# -- constant_baseline -----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["adjusted_rand", "pearson_cc"])
def test_constant_baseline_passes_for_chance_corrected_indices(run, name):
    # ARI: with fixed marginals the denominator is fixed and E[Σ C(n_ij, 2)] = x·y / N
    # (x = Σ C(a_i, 2), y = Σ C(b_j, 2), N = C(n, 2)), so E[ARI] = 0 exactly.
    # Pearson: numerator TP·TN − FP·FN = TP·N − x·y is linear in TP, so E = 0; the
    # denominator is fixed.
    r = run(name, "constant_baseline", max_examples=3, max_items=8)
    assert r.status == "passed"
    assert "exact" in r.message


def test_constant_baseline_fails_for_rand(run):
    # E[RI] = 1 − (x + y)/N + 2xy/N².  Reference T = H0 = {0 1 | 2}: x = y = 1, N = 3:
    # 1 − 2/3 + 2/9 = 5/9.  T = H0 = {0 1 2 | 3}: x = y = 3, N = 6: 1 − 1 + 18/36 = 1/2.
    # By enumeration: 4 arrangements, H = T scores 1, the three others 1/3: (1 + 1)/4 = 1/2.
    r = run("rand", "constant_baseline")
    assert r.status == "failed"
    ce = r.counterexample
    assert (ce["truth"], ce["pred"]) == ([0, 0, 0, 1], [0, 0, 0, 1])
    assert ce["scores"]["expected"] == pytest.approx(0.5)
    assert ce["scores"]["reference"] == pytest.approx(5 / 9)
    assert ce["method"] == "exact" and ce["arrangements"] == 4
    assert "exact" in ce["detail"]


@pytest.mark.slow
def test_constant_baseline_statistical_test_for_large_n():
    from metricprops.constraints.constant_baseline import CONSTRAINT, _instance
    inst = _instance((10, 10), (7, 7, 6))  # 20!/(7!·7!·6!·2!) arrangements: far too many
    ari = get_metric("adjusted_rand")
    ev = CONSTRAINT.evaluate(inst, Scorer(ari), ari)
    # exact for a built-in: every table weighted by its probability (E[ARI] = 0).  Tables:
    # the first row (x, y, z) has z = 0..6 and x + y = 10 − z with x, y <= 7, so
    # 5 + 6 + 7 + 8 + 7 + 6 + 5 = 44 of them (the second row is what is left)
    assert ev.extra["method"] == "exact" and ev.extra["tables"] == 44
    assert ev.outcome is Outcome.SATISFIED and ev.scores["expected"] == pytest.approx(0, abs=1e-12)
    # a black box gets the screening sample; Rand: x = 2·45 = 90, y = 21 + 21 + 15 = 57,
    # N = 190: E = 1 − 147/190 + 2·90·57/190² ≈ 0.5105, far from 5/9 ≈ 0.5556
    box = mp.metric(lambda t, p: rand(t, p), name="rand_box", bounds=(0, 1))
    ev = CONSTRAINT.evaluate(inst, Scorer(box), box)
    assert ev.extra["method"] == "z-test" and ev.outcome is Outcome.VIOLATED and ev.tentative
    assert ev.scores["expected"] == pytest.approx(1 - 147 / 190 + 2 * 90 * 57 / 190**2, abs=0.01)
    assert "screening" in ev.detail
    # only the fresh confirmation sample makes it a violation
    ev = CONSTRAINT.confirm(inst, Scorer(box), box, alpha=1e-6)
    assert ev.outcome is Outcome.VIOLATED and not ev.tentative
    assert ev.extra["samples"] == 1000 and ev.extra["p_value"] <= 1e-6
    assert ev.scores["expected"] == pytest.approx(1 - 147 / 190 + 2 * 90 * 57 / 190**2, abs=0.01)
    assert "fresh random arrangements" in ev.detail


def test_shaped_partitions_count():
    from metricprops.constraints.constant_baseline import arrangements, shaped_partitions
    parts = list(shaped_partitions((2, 2, 1)))
    assert len(parts) == len(set(parts)) == arrangements((2, 2, 1)) == 15  # 5!/(2!2!1!·2!)
    assert all(sorted(p.sizes) == [1, 2, 2] for p in parts)


# -- triangle_inequality ---------------------------------------------------------------------
def test_triangle_inequality_passes_for_vi(run):
    assert run("vi", "triangle_inequality").status == "passed"


def test_triangle_inequality_fails_for_one_minus_nmi(run):
    # A = {0 1 | 2}, B = {0 | 1 | 2}, C = {0 2 | 1}, natural logs:
    # H(A) = H(C) = ln 3 − (2/3) ln 2 ≈ 0.63651, H(B) = ln 3 ≈ 1.09861.
    # B refines A: I(A; B) = H(A); NMI = 0.63651 / 0.86756 ≈ 0.73368, so d(A,B) ≈ 0.26632,
    # and d(B,C) likewise.  I(A; C) = (1/3) ln(3/4) + (2/3) ln(3/2) ≈ 0.17442,
    # NMI(A, C) = 0.17442 / 0.63651 ≈ 0.27402, d(A,C) ≈ 0.72598 > 0.26632 · 2 = 0.53264.
    h_a, h_b = math.log(3) - 2 / 3 * math.log(2), math.log(3)
    d_ab = 1 - h_a / ((h_a + h_b) / 2)
    d_ac = 1 - ((1 / 3) * math.log(3 / 4) + (2 / 3) * math.log(3 / 2)) / h_a
    assert d_ac > 2 * d_ab
    one_minus_nmi = mp.metric(lambda t, p: 1 - nmi(t, p), name="one_minus_nmi",
                              kind="distance", bounds=(0, 1), perfect=0, symmetric=True)
    r = run(one_minus_nmi, "triangle_inequality")
    assert r.status == "failed"
    ce = r.counterexample
    assert (ce["truth"], ce["b"], ce["c"]) == ([0, 0, 1], [0, 1, 2], [0, 1, 0])
    assert ce["scores"]["d(A,B)"] == pytest.approx(d_ab)
    assert ce["scores"]["d(B,C)"] == pytest.approx(d_ab)
    assert ce["scores"]["d(A,C)"] == pytest.approx(d_ac)


def test_triangle_inequality_not_applicable_to_similarities(run):
    r = run("nmi", "triangle_inequality")
    assert r.status == "not_applicable" and "distances" in r.message


# -- n_invariance ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["nmi", "vi"])
def test_n_invariance_passes_for_information_metrics(run, name):
    # both depend on the table only through the proportions n_ij / n
    assert run(name, "n_invariance").status == "passed"


def test_n_invariance_fails_for_rand(run):
    # T = {0 1}, H = {0 | 1}: one pair, a false negative: Rand = 0.
    # Two copies: T = {0 1 2 3}, H = {0 1 | 2 3}: TP = 2 (0-1, 2-3) of 6 pairs: Rand = 1/3.
    r = run("rand", "n_invariance")
    assert r.status == "failed"
    ce = r.counterexample
    assert (ce["truth"], ce["pred"]) == ([0, 0], [0, 1])
    assert ce["k"] == 2 and ce["pred_x2"] == [0, 0, 1, 1]
    assert ce["scores"] == {"original": 0.0, "copies_x2": pytest.approx(1 / 3)}


# -- shared machinery ------------------------------------------------------------------------
def test_pair_classes_cover_every_contingency_table():
    from metricprops.enumeration import pair_classes, set_partitions

    assert [len(pair_classes(n)) for n in range(1, 6)] == [1, 4, 10, 33, 91]
    assert [len(pair_classes(n, unordered=True)) for n in range(1, 6)] == [1, 3, 7, 21, 54]
    # every ordered pair of 4 items has a representative with the same sorted table
    reps = {tuple(sorted(_cells(a, b))) for a, b in pair_classes(4)}
    for a in set_partitions(4):
        for b in set_partitions(4):
            assert tuple(sorted(_cells(a, b))) in reps


def _cells(a: Partition, b: Partition) -> list:
    from collections import Counter
    return list(Counter(zip(a.tolist(), b.tolist())).values())


@pytest.mark.slow
def test_verdicts_are_deterministic_for_a_seed(run):
    a = run("adjusted_rand", "label_invariance", max_examples=5)
    b = run("adjusted_rand", "label_invariance", max_examples=5)
    assert a.to_json() == b.to_json()


def test_audit_reports_general_properties_together():
    result = mp.audit(["rand", "vi"], ["bounds", "triangle_inequality"], seed=3, max_examples=5,
                      exhaustive_n=3)
    assert [(r.metric, r.constraint, r.status) for r in result.results] == [
        ("rand", "bounds", "passed"), ("rand", "triangle_inequality", "not_applicable"),
        ("vi", "bounds", "passed"), ("vi", "triangle_inequality", "passed")]
