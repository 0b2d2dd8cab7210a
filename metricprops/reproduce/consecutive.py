"""Vectorised engine for *consecutive-block* partitions (the ELM paper's synthetic experiments).

A partition of the items ``0 .. n-1`` into blocks of consecutive items is coded by a bit mask
of the ``n - 1`` cut points: bit ``k`` is set when item ``k + 1`` starts a new block.  Mask 0
is the one-block partition, mask ``2**(n-1) - 1`` the all-singletons partition, and there are
``2**(n-1)`` partitions in all.

Scores
------
For a fixed truth, the per-element F1 of an item depends only on its predicted block and its
true block, so the sum of F1 over the items of a predicted block ``[i, j)`` is a number
``C[i, j]`` that does not depend on the rest of the prediction.  A prediction's score is then
``sum over its blocks of C[i, j] / n``, i.e. one product of the 0/1 *block incidence* matrix
(predictions x intervals, ``n (n + 1) / 2`` columns) with the interval contributions.

The contributions are computed as exact integers: every F1(e) is a fraction whose denominator
divides ``lcm(1 .. 2n)``, so ``F1(e) * lcm(1 .. 2n)`` is an integer and a score's numerator is
an integer below ``2**53``.  The matrix product is then exact in float64 (any summation order
gives the same integer), so two predictions whose scores are mathematically equal compare
equal: ties are exact, not up to rounding.

Rank agreement between the scores of two metrics is in :mod:`metricprops.reproduce.concordance`.
"""
from __future__ import annotations

import math
from functools import cache
from typing import Iterable, Sequence, Tuple

import numpy as np

__all__ = [
    "METRICS", "n_partitions", "mask_from_sizes", "sizes_from_mask", "masks_to_labels",
    "intervals", "block_incidence", "score_scale", "interval_numerators", "score_numerators",
    "score_numerators_matmul", "scores", "entropy_bits",
]

#: Metric names understood by the engine (the library's names for the same scores).
METRICS = ("bcubed_f", "elm_f")

_EXACT_LIMIT = 2 ** 53


def n_partitions(n: int) -> int:
    """Number of consecutive-block partitions of ``n`` items: ``2**(n-1)``."""
    if n < 1:
        raise ValueError(f"expected at least one item, got n={n}")
    return 1 << (n - 1)


def mask_from_sizes(sizes: Iterable[int]) -> int:
    """Mask of the consecutive partition with the given block sizes (in item order)."""
    mask, pos = 0, 0
    sizes = [int(s) for s in sizes]
    if not sizes or any(s <= 0 for s in sizes):
        raise ValueError(f"expected positive block sizes, got {sizes}")
    for s in sizes[:-1]:
        pos += s
        mask |= 1 << (pos - 1)
    return mask


def sizes_from_mask(n: int, mask: int) -> Tuple[int, ...]:
    """Block sizes (in item order) of the consecutive partition ``mask`` of ``n`` items."""
    sizes, start = [], 0
    for k in range(n - 1):
        if mask >> k & 1:
            sizes.append(k + 1 - start)
            start = k + 1
    sizes.append(n - start)
    return tuple(sizes)


def masks_to_labels(n: int, masks: Sequence[int] | np.ndarray) -> np.ndarray:
    """Labels (block number of every item) of each mask: an int array of shape (len, n)."""
    masks = np.asarray(masks, dtype=np.int64).reshape(-1)
    bits = (masks[:, None] >> np.arange(n - 1, dtype=np.int64)) & 1
    labels = np.zeros((masks.size, n), dtype=np.int64)
    np.cumsum(bits, axis=1, out=labels[:, 1:])
    return labels


@cache
def intervals(n: int) -> Tuple[np.ndarray, np.ndarray]:
    """All item intervals ``[i, j)`` with ``0 <= i < j <= n``: (starts, ends), n(n+1)/2 each."""
    i, j = np.triu_indices(n + 1, 1)
    i.setflags(write=False)
    j.setflags(write=False)
    return i.astype(np.int64), j.astype(np.int64)


def block_incidence(n: int, masks: np.ndarray | None = None) -> np.ndarray:
    """0/1 matrix (masks x intervals): 1 where the interval is a block of the partition.

    ``[i, j)`` is a block iff a block starts at ``i`` (``i == 0`` or bit ``i-1`` set), one
    ends at ``j`` (``j == n`` or bit ``j-1`` set) and no cut lies inside (bits ``i .. j-2``
    clear).  Returned as float64 so that products with it use BLAS.
    """
    if masks is None:
        masks = np.arange(n_partitions(n), dtype=np.int64)
    masks = np.asarray(masks, dtype=np.int64).reshape(-1)
    starts, ends = intervals(n)
    out = np.zeros((masks.size, starts.size), dtype=np.float64)
    for k, (i, j) in enumerate(zip(starts.tolist(), ends.tolist())):
        ok = np.ones(masks.size, dtype=bool)
        if i > 0:
            ok &= (masks >> (i - 1) & 1) == 1
        if j < n:
            ok &= (masks >> (j - 1) & 1) == 1
        inner = (1 << (j - 1 - i)) - 1
        if inner:
            ok &= (masks >> i & inner) == 0
        out[ok, k] = 1.0
    return out


@cache
def score_scale(n: int) -> int:
    """``lcm(1 .. 2n)``: every per-element F1 times this is an integer (n * it < 2**53)."""
    scale = 1
    for d in range(1, 2 * n + 1):
        scale = scale * d // math.gcd(scale, d)
    if n * scale >= _EXACT_LIMIT:
        raise ValueError(
            f"n={n} is too large for exact integer scores (n * lcm(1..2n) >= 2**53); "
            f"the engine supports n <= 18"
        )
    return scale


def _true_spans(n: int, truth_masks: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """For each truth and item: start and end (exclusive) of the item's true block."""
    labels = masks_to_labels(n, truth_masks)                       # (T, n)
    items = np.arange(n)
    # a block starts at item k iff k == 0 or its label differs from item k-1's
    is_start = np.ones_like(labels, dtype=bool)
    is_start[:, 1:] = labels[:, 1:] != labels[:, :-1]
    start = np.maximum.accumulate(np.where(is_start, items, 0), axis=1)
    is_end = np.ones_like(labels, dtype=bool)
    is_end[:, :-1] = labels[:, 1:] != labels[:, :-1]
    # end (exclusive): the first block end at or after k, plus one
    rev = np.where(is_end, items, n)[:, ::-1]
    end = np.minimum.accumulate(rev, axis=1)[:, ::-1] + 1
    return start.astype(np.int64), end.astype(np.int64)


def interval_numerators(n: int, truth_masks: Sequence[int] | np.ndarray,
                        metric: str) -> np.ndarray:
    """Exact contributions ``C[t, k] = score_scale(n) * sum_{e in interval k} F1_t(e)``.

    ``metric`` is ``"bcubed_f"`` (F1(e) = 2 o / (a + b)) or ``"elm_f"``
    (F1(e) = 2 (o - 1) / (a + b - 2), 1 when a = b = 1), where for item e, ``a`` is the size
    of its true block, ``b`` of its predicted block (the interval) and ``o`` of their overlap.
    Returns int64 of shape (len(truth_masks), n (n + 1) / 2).
    """
    if metric not in METRICS:
        raise ValueError(f"expected metric in {METRICS}, got {metric!r}")
    truth_masks = np.asarray(truth_masks, dtype=np.int64).reshape(-1)
    scale = score_scale(n)
    quot = np.zeros(2 * n + 1, dtype=np.int64)                    # scale // d, 0 for d = 0
    quot[1:] = scale // np.arange(1, 2 * n + 1, dtype=np.int64)
    s, t = _true_spans(n, truth_masks)                             # (T, n)
    a = t - s
    i, j = intervals(n)                                            # (K,)
    e = np.arange(n)
    inside = (e[None, :] >= i[:, None]) & (e[None, :] < j[:, None])   # (K, n)
    b = (j - i)[None, :, None]                                     # (1, K, 1)
    o = (np.minimum(j[None, :, None], t[:, None, :])
         - np.maximum(i[None, :, None], s[:, None, :]))            # (T, K, n)
    a3 = a[:, None, :]
    if metric == "bcubed_f":
        per = 2 * o * quot[a3 + b]
    else:
        den = a3 + b - 2
        per = np.where(den == 0, scale, 2 * (o - 1) * quot[den])
    per = np.where(inside[None, :, :], per, 0)
    return per.sum(axis=2)


def _interval_column(n: int) -> np.ndarray:
    """Column of interval ``[i, j)`` in :func:`intervals`' order: ``col[i, j]``."""
    starts, ends = intervals(n)
    col = np.full((n + 1, n + 1), -1, dtype=np.int64)
    col[starts, ends] = np.arange(starts.size)
    return col


def score_numerators(n: int, truth_masks: Sequence[int] | np.ndarray, metric: str
                     ) -> np.ndarray:
    """Exact score numerators of all ``2**(n-1)`` predictions (column = prediction mask)
    against each truth: int64 of shape (truths, predictions); score = value / (n * scale).

    Built by a prefix recursion over the items, with additions only: the predictions of the
    items ``0 .. k-1`` whose last block is ``[i, k)`` are the predictions of ``0 .. i-1``
    (masks below ``2**(i-1)``) with bit ``i-1`` set, plus the contribution of ``[i, k)``; so
    ``V_k = [V_0 + C[0,k], V_1 + C[1,k], ..., V_{k-1} + C[k-1,k]]`` in mask order.  O(2**n)
    additions per truth, exact in int64.
    """
    contrib = interval_numerators(n, truth_masks, metric)
    col = _interval_column(n)
    rows = contrib.shape[0]
    prefix = [np.zeros((rows, 1), dtype=np.int64)]          # V_0: the empty prefix
    for k in range(1, n + 1):
        v = np.empty((rows, 1 << (k - 1)), dtype=np.int64)
        v[:, 0] = contrib[:, col[0, k]]
        for i in range(1, k):
            np.add(prefix[i], contrib[:, col[i, k], None], out=v[:, 1 << (i - 1):1 << i])
        prefix.append(v)
    return prefix[n]


def score_numerators_matmul(n: int, truth_masks: Sequence[int] | np.ndarray, metric: str,
                            incidence: np.ndarray | None = None) -> np.ndarray:
    """Same as :func:`score_numerators` through the block incidence matrix (a second,
    independent formulation: ``contributions @ incidence.T``, exact in float64)."""
    if incidence is None:
        incidence = block_incidence(n)
    contrib = interval_numerators(n, truth_masks, metric).astype(np.float64)
    return (contrib @ incidence.T).astype(np.int64)     # exact integers below 2**53


def scores(n: int, truth_masks: Sequence[int] | np.ndarray, metric: str) -> np.ndarray:
    """Scores (floats in [0, 1]) of all predictions against each truth: (truths, predictions)."""
    return score_numerators(n, truth_masks, metric) / float(n * score_scale(n))


def entropy_bits(n: int, masks: Sequence[int] | np.ndarray) -> np.ndarray:
    """Entropy (log base 2) of each consecutive partition's block-size distribution."""
    labels = masks_to_labels(n, masks)
    k = labels[:, -1] + 1
    out = np.empty(labels.shape[0])
    for row, lab in enumerate(labels):
        p = np.bincount(lab, minlength=int(k[row])) / n
        out[row] = -float(np.sum(p * np.log2(p)))
    return out
