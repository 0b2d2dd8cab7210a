"""Adjusted mutual information with an exact, fast expected mutual information.

E[I] under the permutation model (hypergeometric cell counts, Vinh et al. 2010) is

    E[I] = Σ_i Σ_j Σ_{k=max(1, a_i+b_j−n)}^{min(a_i, b_j)} (k/n) log(n k / (a_i b_j))
           · C(a_i, k) C(n − a_i, b_j − k) / C(n, b_j).

The inner sum depends on (a_i, b_j) only, so it is evaluated once per pair of *distinct*
block sizes and weighted by how many blocks have each size; all terms of a batch of pairs are
evaluated in one vectorised pass with log-gamma (tabulated log-factorials).  No term is
approximated; terms whose hypergeometric probability is below e^-200 are skipped (together
below 10^-60 for any n up to 10^12, far under the float64 resolution of E[I]), which removes
most of the k-range when blocks are large and their expected overlap small.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from ..ops import exp_array, log_array
from .base import Metric
from .information import _NMI_CONV, MEANS, VINH
from .stats import (
    MEMO_SIZE,
    SizeCounts,
    as_arrays,
    cached,
    entropies,
    remembered,
    size_counts,
)

_MAX_TERMS = 1 << 16  # terms per vectorised batch: small temporaries stay in cache and are reused
_TABLE_MAX = 1 << 20  # largest block size for which log-factorials are tabulated


def _log_factorials(a: np.ndarray, b: np.ndarray, n: int):
    """``log v!`` as a function of integer arrays, from tables of ``gammaln`` where possible.

    Every argument of a log-factorial in E[I] is either at most the largest block size M or
    at least n − 2M, so two tables of ≤ 2M + 1 values of ``gammaln`` (the same function values
    the direct formula uses) replace per-term ``gammaln`` calls by array lookups.
    """
    from scipy.special import gammaln

    big = int(max(a.max(), b.max()))
    if big > _TABLE_MAX:
        return lambda v: gammaln(np.asarray(v, dtype=np.float64) + 1)
    low = gammaln(np.arange(big + 1, dtype=np.float64) + 1)
    base = max(0, n - 2 * big)
    if base <= big + 1:  # the two ranges touch: one table 0..n
        full = gammaln(np.arange(n + 1, dtype=np.float64) + 1)
        return lambda v: full[v]
    high = gammaln(np.arange(base, n + 1, dtype=np.float64) + 1)

    def lf(v: np.ndarray) -> np.ndarray:
        v = np.asarray(v, dtype=np.int64)
        return low[v] if v.size == 0 or int(v.max()) <= big else high[v - base]

    return lf


_LOG_PMF_MIN = -200.0  # terms with a hypergeometric pmf below e^-200 (< 1e-86) are skipped


def _support(log_pmf, lo: np.ndarray, hi: np.ndarray, mode: np.ndarray):
    """The k-interval of each (x, y) pair where ``log_pmf(k, i) >= _LOG_PMF_MIN``.

    The hypergeometric pmf is log-concave in k, so that set is an interval around the mode
    (whose pmf is at least 1 / (hi − lo + 1), far above the threshold); both ends are found by
    a vectorised binary search.  Each skipped term is below e^-200 · 2 log n in absolute
    value and, weighted, fewer than n^2 are skipped: less than 10^-60 in all for n <= 10^12.
    """
    idx = np.arange(len(lo))
    mode = np.clip(mode, lo, hi)
    full = log_pmf(mode, idx) < _LOG_PMF_MIN  # cannot happen at a true mode: keep every term
    ends = []
    for inside, outside in ((mode, hi + 1), (mode, lo - 1)):  # right end, then left end
        inside, outside = inside.copy(), outside.copy()
        while True:
            open_ = np.flatnonzero(np.abs(outside - inside) > 1)
            if open_.size == 0:
                break
            mid = (inside[open_] + outside[open_]) // 2
            ok = log_pmf(mid, idx[open_]) >= _LOG_PMF_MIN
            inside[open_] = np.where(ok, mid, inside[open_])
            outside[open_] = np.where(ok, outside[open_], mid)
        ends.append(inside)
    return np.where(full, lo, ends[1]), np.where(full, hi, ends[0])


def expected_mutual_info(a: np.ndarray, b: np.ndarray, n: int) -> float:
    """Exact E[I(T; H)] (nats) for random labelings with block sizes ``a`` and ``b``.

    It depends on the multisets of sizes only, so a process remembers the last
    :data:`~.stats.MEMO_SIZE` of them: the contingency tables of one pair of margins (every table
    ``constant_baseline`` weighs), a renamed or permuted instance and its original all have
    the same E[I], computed once, bit for bit the same.
    """
    return _expected_mi(size_counts(a), size_counts(b), int(n))


@remembered(MEMO_SIZE)
def _expected_mi(a: SizeCounts, b: SizeCounts, n: int) -> float:
    (ua, ca), (ub, cb) = as_arrays(a), as_arrays(b)
    lf = _log_factorials(ua, ub, n)
    x = np.repeat(ua, len(ub))  # every pair of distinct sizes
    y = np.tile(ub, len(ua))
    weight = np.repeat(ca, len(ub)) * np.tile(cb, len(ua)).astype(np.float64)
    lo = np.maximum(1, x + y - n)
    hi = np.minimum(x, y)
    keep = hi >= lo
    x, y, weight, lo, hi = x[keep], y[keep], weight[keep], lo[keep], hi[keep]
    nf = float(n)
    # log of the k-independent part of the hypergeometric pmf
    const = lf(x) + lf(y) + lf(n - x) + lf(n - y) - lf(np.full_like(x, n))
    lo, hi = _support(lambda k, i: const[i] - lf(k) - lf(x[i] - k) - lf(y[i] - k)
                      - lf(n - x[i] - y[i] + k), lo, hi,
                      np.floor((x + 1.0) * (y + 1.0) / (n + 2.0)).astype(np.int64))
    length = hi - lo + 1
    # log and exp through ops: the same last bits on every processor (numpy's own kernels
    # depend on its instruction set)
    log_xy = log_array(x) + log_array(y)
    top = int(hi.max(initial=1))
    if top <= _TABLE_MAX:
        log_k_table = log_array(np.arange(1, top + 1))
        log_k = lambda k: log_k_table[k - 1]  # noqa: E731
    else:
        log_k = log_array
    total = 0.0
    ends = np.cumsum(length)
    start = 0
    while start < len(length):
        base = ends[start - 1] if start else 0
        stop = int(np.searchsorted(ends, base + _MAX_TERMS, side="right"))
        stop = max(stop, start + 1)
        seg = np.repeat(np.arange(start, stop), length[start:stop])
        offsets = np.arange(seg.size) - (np.repeat(ends[start:stop] - length[start:stop],
                                                   length[start:stop]) - base)
        k = lo[seg] + offsets
        xs, ys = x[seg], y[seg]
        log_pmf = const[seg] - lf(k) - lf(xs - k) - lf(ys - k) - lf(n - xs - ys + k)
        terms = (k / nf) * (math.log(nf) + log_k(k) - log_xy[seg]) * exp_array(log_pmf)
        # a numpy sum, not np.dot: BLAS picks its dot kernel (and summation order) by processor
        total += float((np.bincount(seg - start, weights=terms) * weight[start:stop]).sum())
        start = stop
    return total


@cached  # shared by the AMI of every normalisation and by smi on the same table
def expected_mi(t: Any) -> float:
    """E[I(T; H)] of the table's block sizes (see :func:`expected_mutual_info`)."""
    return expected_mutual_info(t.a, t.b, t.n)


def _ami(method: str) -> Callable[[Any], Any]:
    mean, label = MEANS[method]

    def formula(t: Any) -> Any:
        if t.ops.symbolic:
            raise NotImplementedError(
                "ami has no symbolic form (the expectation is a hypergeometric sum)")
        e = entropies(t)
        if t.nnz == len(t.a) == len(t.b):  # identical up to relabelling
            return 1.0
        if method == "min" and t.n in (len(t.a), len(t.b)):
            # one side all singletons: I = H(other side) = min(H(T), H(H)) under every
            # permutation, so E[I] equals the normaliser: 0/0, and the agreement is chance
            return 0.0
        emi = expected_mi(t)
        return t.ops.ratio(e.mi - emi, mean(t.ops, e.h_true, e.h_pred) - emi, 0)

    formula.__doc__ = (
        f"Adjusted mutual information (I − E[I]) / ({label} − E[I]) (scikit-learn's "
        f"average_method='{method}')."
        "\n\nE[I] is the exact expectation under the permutation model. 1 when the partitions "
        "are identical (including both one block, or both all-singletons, where older "
        "scikit-learn releases returned 0.0 for some n); otherwise a zero denominator gives 0"
        + (" -- with the min normaliser also when one side is all singletons (then I = E[I] = "
           "the normaliser for every permutation; scikit-learn divides rounding noise by its "
           "eps there and returns values such as 1.0, 2.0 or -1.0)." if method == "min" else ".")
    )
    return formula


adjusted_mutual_info_formula = _ami("arithmetic")

_AMI_CONV = {**_NMI_CONV,
             "all_singletons": ("1.0 if both are all singletons (older scikit-learn: 0.0 for "
                                "some n)"),
             "negative": "below 0 when agreement is worse than chance"}


def _m(name: str, method: str) -> Metric:
    return Metric(name=name, formula=_ami(method) if method != "arithmetic"
                  else adjusted_mutual_info_formula, kind="similarity", bounds=(None, 1.0),
                  perfect=1.0, symmetric=True, citation=VINH, conventions=_AMI_CONV)


ami = _m("ami", "arithmetic")
ami_geometric = _m("ami_geometric", "geometric")
ami_min = _m("ami_min", "min")
ami_max = _m("ami_max", "max")

METRICS = (ami, ami_geometric, ami_min, ami_max)
