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

Rank agreement
--------------
:func:`concordance` counts, for every row of two score matrices (one row per truth), the
concordant, discordant and tied pairs of predictions in O(M log M) per row, vectorised over
rows with numpy (a bottom-up merge sort whose merges are done by sorting keys with a side bit).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Dict, Iterable, Sequence, Tuple

import numpy as np

__all__ = [
    "METRICS", "n_partitions", "mask_from_sizes", "sizes_from_mask", "masks_to_labels",
    "intervals", "block_incidence", "score_scale", "interval_numerators", "score_numerators",
    "score_numerators_matmul", "scores", "entropy_bits", "concordance", "kendall_tau_b",
    "count_inversions",
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


@lru_cache(maxsize=None)
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


@lru_cache(maxsize=None)
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


# ----------------------------------------------------------------------------------------
# Rank agreement: concordant / discordant / tied pairs, row by row
# ----------------------------------------------------------------------------------------

def _tied_pairs(sorted_rows: np.ndarray) -> np.ndarray:
    """Per row: number of pairs with equal values (rows sorted): sum over runs c (c - 1) / 2."""
    rows, m = sorted_rows.shape
    if m < 2 or rows == 0:
        return np.zeros(rows, dtype=np.int64)
    new_run = np.ones((rows, m), dtype=bool)
    new_run[:, 1:] = sorted_rows[:, 1:] != sorted_rows[:, :-1]
    starts = np.flatnonzero(new_run)                  # every row starts a run at its column 0
    lengths = np.diff(np.append(starts, rows * m))
    per_run = (lengths * (lengths - 1) // 2).astype(np.float64)
    return np.rint(np.bincount(starts // m, weights=per_run, minlength=rows)).astype(np.int64)


def _dense_ranks(sorted_rows: np.ndarray) -> np.ndarray:
    """Dense ranks (0, 1, ...; equal values share a rank) of rows that are sorted."""
    rows, m = sorted_rows.shape
    dense = np.zeros((rows, m), dtype=np.int32)
    if m > 1:
        np.cumsum(sorted_rows[:, 1:] != sorted_rows[:, :-1], axis=1, dtype=np.int32,
                  out=dense[:, 1:])
    return dense


def count_inversions(rows: np.ndarray, base: int = 8) -> np.ndarray:
    """Per row, the number of strict inversions: pairs p < q with ``row[p] > row[q]``.

    Equal values never count.  Bottom-up merge sort, vectorised over rows and blocks: blocks
    of ``base`` items are counted by direct comparison, then sorted runs of width w are
    merged pairwise by sorting keys (value, right-run bit); a right-run item at merged
    position p that is the r-th of its run has ``p - r`` left items <= it, so the pairs
    (left > right) of a merge are
    ``w*w - sum(p) + w(w-1)/2``.  Values must be non-negative integers below 2**40 (ranks,
    ideally: small values keep the keys in int32).
    O(M log M) per row.
    """
    a = np.asarray(rows)
    if a.ndim != 2:
        raise ValueError(f"expected a 2-D array (rows x items), got shape {a.shape}")
    n_rows, m = a.shape
    total = np.zeros(n_rows, dtype=np.int64)
    if m < 2 or n_rows == 0:
        return total
    lo, hi = int(a.min()), int(a.max())
    if lo < 0 or hi >= 2 ** 40:
        raise ValueError("expected non-negative integer values below 2**40 (use ranks)")
    size = 1
    while size < max(m, base):
        size *= 2
    s = min(base, size)
    levels = (size // s).bit_length() - 1
    # merge keys: the value in the high bits and, below it, one "right run" bit per merge
    # level, the newest level's bit the highest: at every merge, equal values order
    # left-run-first (older bits only reorder items of one run, which does not matter)
    dtype = np.int32 if (hi + 1) << levels < 2 ** 31 else np.int64
    a = a.astype(dtype, copy=False)
    if size != m:   # pad with a value above every other: it adds no strict inversion
        pad = np.full((n_rows, size - m), hi + 1, dtype=dtype)
        a = np.concatenate([a, pad], axis=1)
    blocks = a.reshape(n_rows, size // s, s)
    upper = np.triu(np.ones((s, s), dtype=bool), 1)
    total += ((blocks[:, :, :, None] > blocks[:, :, None, :]) & upper).sum(axis=(1, 2, 3))
    if levels == 0:
        return total
    keys = np.sort(blocks, axis=-1).reshape(n_rows, size) << levels
    w = s
    for level in range(levels):
        bit = level
        nb = size // (2 * w)
        k4 = keys.reshape(n_rows, nb, 2, w)
        k4[:, :, 1, :] |= 1 << bit
        k3 = keys.reshape(n_rows, nb, 2 * w)
        k3.sort(axis=-1)         # equal keys are interchangeable: stability not needed
        right = (k3 >> bit) & 1
        pos_sum = (right * np.arange(2 * w, dtype=right.dtype)).sum(axis=(1, 2),
                                                                   dtype=np.int64)
        total += nb * (w * w + w * (w - 1) // 2) - pos_sum
        w *= 2
    return total


def _sort_with_index(values: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Row-wise sorted values and the permutation that sorts them (one packed int64 sort)."""
    n_rows, m = values.shape
    bits = max(1, (m - 1).bit_length())
    if values.size and int(values.max()) >= 1 << (62 - bits):
        order = np.argsort(values, axis=1)
        return np.take_along_axis(values, order, axis=1), order
    packed = np.sort((values << bits) | np.arange(m, dtype=np.int64), axis=1)
    return packed >> bits, packed & ((1 << bits) - 1)


def concordance(x: np.ndarray, y: np.ndarray) -> Dict[str, np.ndarray]:
    """Pair counts of two score matrices, row by row (one row per truth, M predictions).

    Returns int64 arrays (one value per row): ``pairs`` = M (M - 1) / 2, ``tied_x``,
    ``tied_y``, ``tied_xy`` (pairs tied in x, in y, in both), ``discordant`` (x and y order
    the pair strictly oppositely: "swapped") and ``concordant`` (strictly the same way).
    Values must be exact non-negative integers (e.g. :func:`score_numerators`), so that equal
    scores are ties.
    """
    x = np.asarray(x, dtype=np.int64)
    y = np.asarray(y, dtype=np.int64)
    if x.shape != y.shape or x.ndim != 2:
        raise ValueError(f"expected two 2-D arrays of one shape, got {x.shape} and {y.shape}")
    if x.size and min(int(x.min()), int(y.min())) < 0:
        raise ValueError("expected non-negative integer scores")
    n_rows, m = x.shape
    if m >= 2 ** 15:
        raise ValueError(f"expected fewer than 2**15 items per row, got {m}")
    offsets = (np.arange(n_rows, dtype=np.int64) * m)[:, None]
    xs, ox = _sort_with_index(x)
    ys, oy = _sort_with_index(y)
    rank_x = _dense_ranks(xs)
    rank_y = np.empty((n_rows, m), dtype=np.int32)
    rank_y.reshape(-1)[(oy + offsets).reshape(-1)] = _dense_ranks(ys).reshape(-1)
    # y ranks in the order of x, ties in x broken by y: such ties add no inversion
    ry_by_x = rank_y.reshape(-1)[(ox + offsets).reshape(-1)].reshape(n_rows, m)
    key = np.sort((rank_x << 15) | ry_by_x, axis=1)
    pairs = np.full(n_rows, m * (m - 1) // 2, dtype=np.int64)
    tied_x = _tied_pairs(xs)
    tied_y = _tied_pairs(ys)
    tied_xy = _tied_pairs(key)
    discordant = count_inversions(key & 0x7FFF)
    concordant = pairs - tied_x - tied_y + tied_xy - discordant
    return {"pairs": pairs, "tied_x": tied_x, "tied_y": tied_y, "tied_xy": tied_xy,
            "discordant": discordant, "concordant": concordant}


def kendall_tau_b(counts: Dict[str, np.ndarray]) -> np.ndarray:
    """Kendall's tau-b from :func:`concordance` counts (NaN where a ranking is all ties)."""
    n0 = counts["pairs"].astype(np.float64)
    den = np.sqrt((n0 - counts["tied_x"]) * (n0 - counts["tied_y"]))
    num = (counts["concordant"] - counts["discordant"]).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)
