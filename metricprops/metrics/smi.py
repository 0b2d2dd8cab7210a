"""Standardized mutual information (Romano, Bailey, Nguyen & Verspoor 2014), exact.

SMI = (I − E[I]) / √Var[I], where I = I(T; H) and the expectation and variance are taken
under the permutation model (the prediction's labels shuffled over the items, block sizes
fixed: hypergeometric cell counts).  It says by how many standard deviations the agreement
beats chance, so it has no fixed range and no fixed value on identical partitions.

With f(x; a, b) = (x/n) log(n x / (a b)) (0 at x = 0), I = Σ_ij f(n_ij; a_i, b_j) and

    E[I²] = Σ_(ij) Σ_(i'j') E[f(n_ij) f(n_i'j')]

over every ordered pair of cells, in four kinds (Romano et al., section 3):

* the same cell: E[f(K)²], K ~ Hyp(n, a_i, b_j);
* the same row, two columns: given n_ij = k, the other column's count in row i is
  L ~ Hyp(n − b_j, a_i − k, b_j') (the column j' is drawn from the items outside column j);
* the same column, two rows: the same with rows and columns swapped;
* two rows and two columns: given n_ij = k, the count of column j in row i' is
  M ~ Hyp(n − a_i, a_i', b_j − k), and then n_i'j' ~ Hyp(n − b_j, a_i' − M, b_j').

Var[I] = E[I²] − E[I]².  The sums depend on the block sizes only, so they run over pairs of
*distinct* sizes, weighted by how many blocks have each size (a_i ≠ a_i' counts
c(a) c(a'), a_i = a_i' counts c(a) (c(a) − 1)).  The innermost expectation
g(x) = E[f(L)] is computed once per (row size, column sizes j, j') for every x and shared by
the two last kinds.  No term is approximated or skipped.

Cost: with d_T, d_H distinct block sizes, the two-rows-two-columns kind costs
Σ over (a, a', b, b') of min(a, b) · min(a', b) terms, at most n · n · d_H ≤ n^2.5 (d ≤ √(2n));
the shared g vectors cost at most n · n · d_H as well.  Declared ``complexity="n^2.5"``; on
many small blocks (the scaling property's workload) it is far below that.  It is much slower
than AMI on large blocks (two blocks a side at n = 2,000: 0.2 s, against milliseconds).

Convention: when I is the same under every permutation -- one side a single block (I = 0)
or all singletons (I = H of the other side), or one side {n − 1, 1} against blocks of equal
size (:func:`constant_mi`) -- Var[I] = 0 and SMI = 0/0; it is 0 then (the agreement is
exactly chance), identical partitions included.
"""
from __future__ import annotations

import math
from typing import Any, Dict, Tuple

import numpy as np

from ..ops import exp_array, log_array
from .base import Metric
from .information import _NMI_CONV
from .stats import MEMO_SIZE, SizeCounts, as_arrays, remembered, size_counts

__all__ = ["smi", "smi_formula", "mi_moments", "constant_mi"]

ROMANO = ("Romano, S., Bailey, J., Nguyen, V. & Verspoor, K. (2014). Standardized mutual "
          "information for clustering comparisons: one step further in adjustment for chance. "
          "ICML.")


class _Hyper:
    """Hypergeometric pmfs and the cell term f over one table's n (log-factorials tabulated)."""

    def __init__(self, n: int):
        from scipy.special import gammaln

        self.n = n
        self.lf = gammaln(np.arange(n + 1, dtype=np.float64) + 1)
        self.log_n = math.log(n)
        self.log_k = np.concatenate(([0.0], log_array(np.arange(1, n + 1))))

    def pmf(self, pop: Any, succ: Any, draws: Any, k: Any) -> np.ndarray:
        """P(K = k) for K ~ Hyp(pop, succ, draws), elementwise; 0 outside the support."""
        pop, succ, draws, k = np.broadcast_arrays(*(np.asarray(v, dtype=np.int64)
                                                    for v in (pop, succ, draws, k)))
        ok = ((k >= 0) & (k <= succ) & (k <= draws) & (draws - k <= pop - succ)
              & (succ <= pop) & (draws <= pop))
        lf = self.lf
        kk, s, d, p = (np.where(ok, v, 0) for v in (k, succ, draws, pop))
        log_p = (lf[s] - lf[kk] - lf[s - kk] + lf[p - s] - lf[d - kk] - lf[p - s - d + kk]
                 - lf[p] + lf[d] + lf[p - d])
        return np.where(ok, exp_array(np.where(ok, log_p, 0.0)), 0.0)

    def f(self, k: Any, a: int, b: int) -> np.ndarray:
        """(k/n) log(n k / (a b)), 0 at k = 0."""
        k = np.asarray(k, dtype=np.int64)
        kk = np.maximum(k, 0)
        value = (kk / self.n) * (self.log_n + self.log_k[kk] - self.log_k[a] - self.log_k[b])
        return np.where(k > 0, value, 0.0)

    def cell(self, a: int, b: int) -> Tuple[np.ndarray, np.ndarray]:
        """Support k of n_ij ~ Hyp(n, a, b) and P(k) · f(k; a, b)."""
        k = np.arange(max(0, a + b - self.n), min(a, b) + 1)
        return k, self.pmf(self.n, a, b, k) * self.f(k, a, b)

    def g(self, r: int, b: int, b2: int) -> np.ndarray:
        """g[x] = E[f(L; r, b2)], L ~ Hyp(n − b, x, b2), for x = 0 .. r."""
        x = np.arange(r + 1)[:, None]
        ell = np.arange(min(r, b2) + 1)[None, :]
        return np.sum(self.pmf(self.n - b, x, b2, ell) * self.f(ell, r, b2), axis=1)


def _pairs(sizes: np.ndarray, counts: np.ndarray):
    """(x, y, weight) over ordered pairs of distinct blocks, grouped by their sizes."""
    for i, x in enumerate(sizes):
        for j, y in enumerate(sizes):
            w = counts[i] * (counts[j] - (i == j))
            if w:
                yield int(x), int(y), float(w)


def _same_line(h: _Hyper, ua, ca, ub, cb, g: Dict) -> float:
    """Σ over one row and two of its columns of E[f(n_ij) f(n_ij')]."""
    total = 0.0
    for a, wa in zip(ua, ca):
        for b, b2, w in _pairs(ub, cb):
            k, pf = h.cell(int(a), b)
            total += float(wa) * w * float(np.sum(pf * g(int(a), b, b2)[int(a) - k]))
    return total


def mi_moments(a: Any, b: Any, n: int) -> Tuple[float, float]:
    """(E[I], Var[I]) in nats under the permutation model, for block sizes ``a`` and ``b``.

    Remembered by the multisets of sizes, as :func:`~.ami.expected_mutual_info` is (the last
    :data:`~.stats.MEMO_SIZE` of them in a process): every contingency table with the same
    margins has the same moments.
    """
    return _mi_moments(size_counts(a), size_counts(b), int(n))


@remembered(MEMO_SIZE)
def _mi_moments(a: SizeCounts, b: SizeCounts, n: int) -> Tuple[float, float]:
    (ua, ca), (ub, cb) = as_arrays(a), as_arrays(b)
    h = _Hyper(n)
    cache: Dict[Tuple[int, int, int], np.ndarray] = {}

    def g(r: int, b1: int, b2: int) -> np.ndarray:  # depends on the sizes only: one cache
        key = (r, b1, b2)
        if key not in cache:
            cache[key] = h.g(r, b1, b2)
        return cache[key]

    first = second = 0.0
    for a1, wa in zip(ua, ca):  # the same cell
        for b1, wb in zip(ub, cb):
            k, pf = h.cell(int(a1), int(b1))
            fk = h.f(k, int(a1), int(b1))
            first += float(wa * wb) * float(np.sum(pf))
            second += float(wa * wb) * float(np.sum(pf * fk))
    second += _same_line(h, ua, ca, ub, cb, g) + _same_line(h, ub, cb, ua, ca, g)
    for a1, a2, wr in _pairs(ua, ca):  # two rows and two columns
        for b1, b2, wc in _pairs(ub, cb):
            k, pf = h.cell(a1, b1)
            m = np.arange(min(a2, b1) + 1)[None, :]
            pm = h.pmf(n - a1, a2, b1 - k[:, None], m)
            inner = np.sum(pm * g(a2, b1, b2)[a2 - m], axis=1)
            second += wr * wc * float(np.sum(pf * inner))
    return first, second - first * first


def constant_mi(a: Any, b: Any, n: int) -> bool:
    """True if I(T; H) is the same under every permutation, i.e. Var[I] = 0: one side is one
    block or all singletons, or one side is {n − 1, 1} and the other has blocks of one size
    (then which block holds the singleton does not change I).  Checked against the computed
    variance for every pair of block-size types up to 14 items: these are the only ones."""
    a, b = np.asarray(a), np.asarray(b)
    for x, y in ((a, b), (b, a)):
        if len(x) in (1, n) or (sorted(x.tolist()) == [1, n - 1] and len(np.unique(y)) == 1):
            return True
    return False


def smi_formula(t: Any) -> Any:
    """Standardized mutual information (I − E[I]) / √Var[I] under the permutation model.

    Exact E[I] and Var[I] from the block sizes (Romano et al. 2014, see the module).  0 when
    I is the same under every permutation (Var[I] = 0, see :func:`constant_mi`).
    """
    if t.ops.symbolic:
        raise NotImplementedError("smi has no symbolic form (moments of a hypergeometric sum)")
    if constant_mi(t.a, t.b, t.n):
        return 0.0
    from .stats import entropies

    mean, var = mi_moments(t.a, t.b, t.n)
    return (entropies(t).mi - mean) / math.sqrt(var)


smi = Metric(name="smi", formula=smi_formula, kind="similarity", bounds=(None, None),
             perfect=None, symmetric=True, citation=ROMANO, complexity="n^2.5",
             conventions={**_NMI_CONV, "single_item": "0.0", "no_pairs": "0.0 for n = 1",
                          "single_block": "0.0 (I = 0 under every permutation: Var[I] = 0)",
                          "all_singletons": "0.0 (I = H of the other side under every "
                                            "permutation: Var[I] = 0)",
                          "perfect": "SMI(T, T) grows with n: no fixed perfect value"})

METRICS = (smi,)
