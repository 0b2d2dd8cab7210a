"""Rank agreement of two score matrices, row by row: concordant, discordant and tied pairs.

:func:`concordance` counts, for every row of two score matrices (one row per truth), the
concordant, discordant and tied pairs of predictions in O(M log M) per row, vectorised over
rows with numpy (a bottom-up merge sort whose merges are done by sorting keys with a side bit);
:func:`kendall_tau_b` turns the counts into Kendall's tau-b.
"""
from __future__ import annotations

import math
from typing import Dict, Optional, Tuple

import numpy as np

__all__ = ["concordance", "kendall_tau_b", "count_inversions", "pair_totals", "tau_b"]


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


def pair_totals(counts: Dict[str, np.ndarray], row: Optional[int] = None) -> Dict[str, int]:
    """The pair counts of one row of :func:`concordance` (all rows summed when ``row`` is
    ``None``), plus ``tied_one_only``: pairs tied by exactly one of the two scores."""
    pick = (lambda a: int(a[row])) if row is not None else (lambda a: int(a.sum()))
    out = {k: pick(counts[k]) for k in ("pairs", "concordant", "discordant", "tied_x",
                                         "tied_y", "tied_xy")}
    out["tied_one_only"] = out["tied_x"] + out["tied_y"] - 2 * out["tied_xy"]
    return out


def tau_b(c: Dict[str, int]) -> float:
    """Kendall's tau-b of :func:`pair_totals` (NaN when a score ties every pair)."""
    den = math.sqrt((c["pairs"] - c["tied_x"]) * (c["pairs"] - c["tied_y"]))
    return (c["concordant"] - c["discordant"]) / den if den else float("nan")
