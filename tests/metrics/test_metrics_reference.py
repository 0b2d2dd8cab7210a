"""BCubed and ELM against a slow reference written straight from the ELM paper's definitions.

For each element e: N_e^T and N_e^H are e's true and predicted clusters *without* e (Python
sets of the other items); TP_e = N_e^H ∩ N_e^T;
P(e) = |TP_e| / |N_e^H| (1 if N_e^H = ∅), R(e) = |TP_e| / |N_e^T| (1 if N_e^T = ∅),
F1(e) = |TP_e| / (|TP_e| + ½ |N_e^H ⊕ N_e^T|) (1 if both are empty).
BCubed is the same with e kept in both sets (so no set is ever empty).
The ``*_f`` metrics are the mean of F1(e); ``*_f_amigo`` the harmonic mean of mean P and mean R.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given

import metricprops as mp
from metricprops import get_metric

from label_strategies import label_pairs


def clusters(labels):
    """Item -> set of items sharing its label (e included)."""
    return {e: {i for i, x in enumerate(labels) if x == labels[e]} for e in range(len(labels))}


def per_element(truth, pred, keep_self):
    """Lists of P(e), R(e), F1(e) as exact fractions."""
    ct, ch = clusters(truth), clusters(pred)
    ps, rs, fs = [], [], []
    for e in range(len(truth)):
        nt, nh = set(ct[e]), set(ch[e])
        if not keep_self:
            nt.discard(e)
            nh.discard(e)
        tp = nh & nt
        ps.append(Fraction(len(tp), len(nh)) if nh else Fraction(1))
        rs.append(Fraction(len(tp), len(nt)) if nt else Fraction(1))
        if not nh and not nt:
            fs.append(Fraction(1))
        else:  # not both empty, so the denominator is positive
            fs.append(Fraction(len(tp)) / (len(tp) + Fraction(len(nh ^ nt), 2)))
    return ps, rs, fs


def reference(truth, pred, family):
    ps, rs, fs = per_element(truth, pred, keep_self=(family == "bcubed"))
    n = len(truth)
    p, r, f = sum(ps) / n, sum(rs) / n, sum(fs) / n
    amigo = 2 * p * r / (p + r) if p + r else Fraction(0)
    return {f"{family}_precision": p, f"{family}_recall": r, f"{family}_f": f,
            f"{family}_f_amigo": amigo}


NAMES = [f"{fam}_{part}" for fam in ("bcubed", "elm")
         for part in ("precision", "recall", "f", "f_amigo")]


@given(label_pairs(max_items=12, max_labels=7))
@example(([0], [0]))
@example(([0, 0], [0, 1]))
@example(([0, 1], [0, 0]))
@example(([0, 1, 2], [0, 1, 2]))
@example(([0, 1, 2, 3], [0, 0, 1, 1]))
@example(([0, 0, 1, 1], [0, 1, 0, 1]))  # ELM P = R = 0: the Amigó form is 0
@pytest.mark.slow
def test_per_element_metrics_match_the_definitions(pair):
    truth, pred = pair
    expected = {**reference(truth, pred, "bcubed"), **reference(truth, pred, "elm")}
    got = mp.score(truth, pred, NAMES)
    for name in NAMES:
        assert got[name] == pytest.approx(float(expected[name]), abs=1e-12), name
        assert get_metric(name)(truth, pred) == got[name]


def test_reference_sanity():
    # the paper's 2-item example through the reference itself
    assert reference([0, 0], [0, 1], "elm")["elm_f"] == 0
    assert reference([0, 0], [0, 1], "bcubed")["bcubed_f"] == Fraction(2, 3)
    ps, rs, fs = per_element([0, 0, 1], [0, 1, 1], keep_self=False)
    assert ps == [1, 0, 0] and rs == [0, 0, 1] and fs == [0, 0, 0]


def test_f_is_the_mean_of_f1_not_the_harmonic_mean():
    truth, pred = [0, 0, 0, 1], [0, 0, 1, 1]
    s = mp.score(truth, pred, NAMES)
    ref = {**reference(truth, pred, "bcubed"), **reference(truth, pred, "elm")}
    assert ref["bcubed_f"] != ref["bcubed_f_amigo"]
    assert s["bcubed_f"] == pytest.approx(float(ref["bcubed_f"]), abs=1e-12)
    assert s["bcubed_f_amigo"] == pytest.approx(float(ref["bcubed_f_amigo"]), abs=1e-12)
    assert s["bcubed_f"] != pytest.approx(s["bcubed_f_amigo"], abs=1e-6)


# -- E[I] of the adjusted mutual information against a high-precision reference ---------------

def emi_reference(a, b, n, dps=40):
    """E[I] straight from its definition, every term in 40-digit arithmetic (mpmath)."""
    import mpmath

    with mpmath.workdps(dps):
        lf = lambda v: mpmath.loggamma(v + 1)  # noqa: E731
        total = mpmath.mpf(0)
        for x, cx in Counter(a).items():
            for y, cy in Counter(b).items():
                const = lf(x) + lf(y) + lf(n - x) + lf(n - y) - lf(n)
                for k in range(max(1, x + y - n), min(x, y) + 1):
                    log_pmf = const - lf(k) - lf(x - k) - lf(y - k) - lf(n - x - y + k)
                    total += (cx * cy * mpmath.mpf(k) / n * mpmath.log(mpmath.mpf(n) * k / (x * y))
                              * mpmath.exp(log_pmf))
        return float(total)


@pytest.mark.parametrize("sizes_a,sizes_b", [
    ([3, 2], [1, 4]),
    ([1, 1, 1], [1, 1, 1]),
    ([5], [2, 3]),
    ([40, 35, 25], [50, 30, 15, 5]),
    ([7] * 6 + [1] * 4, [23, 23]),
])
def test_expected_mutual_info_small(sizes_a, sizes_b):
    from metricprops.metrics.ami import expected_mutual_info

    n = sum(sizes_a)
    assert sum(sizes_b) == n
    got = expected_mutual_info(np.array(sizes_a), np.array(sizes_b), n)
    assert got == pytest.approx(emi_reference(sizes_a, sizes_b, n), rel=1e-12, abs=1e-15)


@pytest.mark.slow
@pytest.mark.parametrize("seed,n,k", [(1, 2000, 25), (2, 1200, 5), (3, 1500, 3)])
def test_expected_mutual_info_large_blocks(seed, n, k):
    # blocks of hundreds of items: most of the k-range has a negligible probability and is
    # skipped by the fast path; the result must still match the full sum to float precision
    from metricprops.metrics.ami import expected_mutual_info

    rng = np.random.default_rng(seed)
    t = mp.contingency_table(rng.integers(0, k, n), rng.integers(0, k + 2, n))
    got = expected_mutual_info(t.a, t.b, t.n)
    ref = emi_reference(t.a.tolist(), t.b.tolist(), n)
    assert got == pytest.approx(ref, rel=1e-10)


def test_expected_mutual_info_lookup_tables_match_log_gamma(monkeypatch):
    import metricprops.metrics.ami as ami_module

    rng = np.random.default_rng(5)
    cases = []
    for n, k in [(50, 3), (3000, 40), (20000, 9)]:
        t = mp.contingency_table(rng.integers(0, k, n), rng.integers(0, k, n))
        cases.append((t.a, t.b, t.n))
    cases.append((np.array([600, 5]), np.array([300, 305]), 605))  # one table 0..n
    memo = ami_module._expected_mi
    fast = [ami_module.expected_mutual_info(*c) for c in cases]
    monkeypatch.setattr(ami_module, "_TABLE_MAX", 0)  # force per-term log-gamma
    memo.cache_clear()  # else the memo answers with the values computed from the tables
    try:
        direct = [ami_module.expected_mutual_info(*c) for c in cases]
        assert memo.cache_info().misses == len(cases)
    finally:
        memo.cache_clear()  # later tests must not meet the values of per-term log-gamma
    assert fast == pytest.approx(direct, rel=1e-12)


def test_expected_mutual_info_and_moments_are_remembered_by_the_sizes_alone():
    """E[I] and Var[I] depend on the multisets of block sizes only: the same sizes in
    another order (a permuted or renamed instance, another table of the same margins) are
    answered from the memo, with the very bits computed for the first."""
    import metricprops.metrics.ami as ami_module
    import metricprops.metrics.smi as smi_module

    a, b, n = np.array([5, 2, 2, 1]), np.array([4, 3, 3]), 10
    emi, moments = ami_module._expected_mi, smi_module._mi_moments
    emi.cache_clear()
    moments.cache_clear()
    first = (ami_module.expected_mutual_info(a, b, n), smi_module.mi_moments(a, b, n))
    again = (ami_module.expected_mutual_info(a[::-1], b[[1, 0, 2]], np.int64(n)),
             smi_module.mi_moments(a[::-1].tolist(), b[[2, 1, 0]], n))
    assert again == first
    assert (emi.cache_info().hits, emi.cache_info().misses) == (1, 1)
    assert (moments.cache_info().hits, moments.cache_info().misses) == (1, 1)
    # other sizes are another entry, with their own value
    assert ami_module.expected_mutual_info(np.array([5, 3, 1, 1]), b, n) != first[0]
    assert emi.cache_info().misses == 2


@pytest.mark.parametrize("n", [10**5, 10**7, 10**9, pytest.param(10**10, marks=pytest.mark.slow)])
def test_expected_mutual_info_two_by_two_at_huge_n(n):
    # for two blocks a side E[I] ≈ (k_T − 1)(k_H − 1) / (2n) nats; at n = 10^10 log-gamma
    # rounding limits the *relative* precision of so small an E[I] (absolute error < 1e-13)
    from metricprops.metrics.ami import expected_mutual_info

    a = np.array([7 * n // 10, n - 7 * n // 10])
    b = np.array([65 * n // 100, n - 65 * n // 100])
    assert expected_mutual_info(a, b, n) * 2 * n == pytest.approx(1.0, rel=1e-3)
    s = mp.score_table([[a[0] - b[1] // 2, b[1] // 2], [a[1] - (b[1] - b[1] // 2),
                                                         b[1] - b[1] // 2]], ["ami", "nmi"])
    assert s["ami"] < s["nmi"]
    assert s["ami"] == pytest.approx(s["nmi"], abs=1e-4)
