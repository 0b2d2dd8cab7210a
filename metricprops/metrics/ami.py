"""Adjusted mutual information with an exact, fast expected mutual information.

E[I] under the permutation model (hypergeometric cell counts, Vinh et al. 2010) is

    E[I] = Σ_i Σ_j Σ_{k=max(1, a_i+b_j−n)}^{min(a_i, b_j)} (k/n) log(n k / (a_i b_j))
           · C(a_i, k) C(n − a_i, b_j − k) / C(n, b_j).

The inner sum depends on (a_i, b_j) only, so it is evaluated once per pair of *distinct*
block sizes and weighted by how many blocks have each size; all terms of a batch of pairs are
evaluated in one vectorised pass with log-gamma.  No term is dropped or approximated.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .base import Metric
from .information import VINH, _NMI_CONV
from .stats import entropies

_MAX_TERMS = 4_000_000  # terms evaluated per vectorised batch (memory bound)


def expected_mutual_info(a: np.ndarray, b: np.ndarray, n: int) -> float:
    """Exact E[I(T; H)] (nats) for random labelings with block sizes ``a`` and ``b``."""
    from scipy.special import gammaln

    ua, ca = np.unique(np.asarray(a, dtype=np.int64), return_counts=True)
    ub, cb = np.unique(np.asarray(b, dtype=np.int64), return_counts=True)
    x = np.repeat(ua, len(ub)).astype(np.float64)  # every pair of distinct sizes
    y = np.tile(ub, len(ua)).astype(np.float64)
    weight = np.repeat(ca, len(ub)) * np.tile(cb, len(ua)).astype(np.float64)
    lo = np.maximum(1.0, x + y - n)
    hi = np.minimum(x, y)
    length = (hi - lo + 1).astype(np.int64)
    keep = length > 0
    x, y, weight, lo, length = x[keep], y[keep], weight[keep], lo[keep], length[keep]
    nf = float(n)
    # log of the k-independent part of the hypergeometric pmf
    const = (gammaln(x + 1) + gammaln(y + 1) + gammaln(nf - x + 1) + gammaln(nf - y + 1)
             - gammaln(nf + 1))
    log_xy = np.log(x) + np.log(y)
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
        log_pmf = (const[seg] - gammaln(k + 1) - gammaln(xs - k + 1) - gammaln(ys - k + 1)
                   - gammaln(nf - xs - ys + k + 1))
        terms = (k / nf) * (np.log(nf) + np.log(k) - log_xy[seg]) * np.exp(log_pmf)
        total += float(np.dot(np.bincount(seg - start, weights=terms), weight[start:stop]))
        start = stop
    return total


def adjusted_mutual_info_formula(t: Any) -> Any:
    """Adjusted mutual information (I − E[I]) / (mean(H(T), H(H)) − E[I]), arithmetic mean.

    E[I] is the exact expectation under the permutation model.  1 when the partitions are
    identical (including both one block, or both all-singletons, where scikit-learn returns
    0.0 for the latter); otherwise a zero denominator gives 0.
    """
    if t.ops.symbolic:
        raise NotImplementedError("ami has no symbolic form (the expectation is a hypergeometric sum)")
    e = entropies(t)
    if t.nnz == len(t.a) == len(t.b):  # identical up to relabelling
        return 1.0
    emi = expected_mutual_info(t.a, t.b, t.n)
    return t.ops.ratio(e.mi - emi, (e.h_true + e.h_pred) / 2 - emi, 0)


ami = Metric(name="ami", formula=adjusted_mutual_info_formula, kind="similarity",
             bounds=(None, 1.0), perfect=1.0, symmetric=True, citation=VINH,
             conventions={**_NMI_CONV,
                          "all_singletons": "1.0 if both are all singletons (scikit-learn: 0.0)",
                          "negative": "below 0 when agreement is worse than chance"})

METRICS = (ami,)
