"""Shared statistics of a contingency table, computed once per table and cached.

Each function takes a table view ``t`` (numeric :class:`~metricprops.contingency.Contingency`
or the symbolic view) and uses only ``t.ops`` for arithmetic, so the same definitions serve
numeric scoring and symbolic closed forms.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, List, Tuple, TypeVar

import numpy as np

__all__ = ["PairCounts", "Entropies", "pair_counts", "entropies", "cached", "remembered",
           "forget_memos", "size_counts", "as_arrays"]

F = TypeVar("F", bound=Callable[..., Any])

#: The process's memos across tables (:func:`remembered`), which :func:`forget_memos` clears.
MEMOS: List[Any] = []
#: Distinct pairs of block-size multisets whose E[I] (:mod:`.ami`) and Var[I] (:mod:`.smi`)
#: a process keeps.
MEMO_SIZE = 4096
#: A multiset of block sizes: the distinct sizes, ascending, and how many blocks have each.
SizeCounts = Tuple[Tuple[int, ...], Tuple[int, ...]]


def size_counts(sizes: Any) -> SizeCounts:
    """The distinct block sizes, ascending, and how many blocks have each: all that E[I] and
    Var[I] under the permutation model depend on (a hashable key for their memos)."""
    u, c = np.unique(np.asarray(sizes, dtype=np.int64), return_counts=True)
    return tuple(u.tolist()), tuple(c.tolist())


def as_arrays(counts: SizeCounts) -> Tuple[np.ndarray, np.ndarray]:
    """:func:`size_counts` back as the int64 arrays ``np.unique`` gave."""
    return np.array(counts[0], dtype=np.int64), np.array(counts[1], dtype=np.int64)


def remembered(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)`` for a value that many tables share (E[I] depends on
    the block sizes alone), registered so that :func:`forget_memos` can clear it."""
    def wrap(func: F) -> F:
        memo = functools.lru_cache(maxsize=maxsize)(func)
        MEMOS.append(memo)
        return memo  # type: ignore[return-value]
    return wrap


def forget_memos() -> None:
    """Clear every memo of :func:`remembered`.  A timing that must see what a call on new
    inputs costs (the ``scaling`` property times the same sizes many times) calls this
    before each call."""
    for memo in MEMOS:
        memo.cache_clear()


def cached(func: F) -> F:
    """Cache ``func(t)`` in ``t._cache`` under the function's name."""
    key = func.__name__

    def wrapper(t: Any) -> Any:
        cache = t._cache
        if key not in cache:
            cache[key] = func(t)
        return cache[key]

    # the wrapper takes the function's name, module and qualified name: it is what the
    # module holds under that name, so pickle (cloudpickle too) sends it by reference, and a
    # metric that reaches a worker process keeps the very formula object the proofs know
    return functools.wraps(func)(wrapper)  # type: ignore[return-value]


@dataclass(frozen=True)
class PairCounts:
    """Unordered item pairs classified by the two partitions (exact integers).

    ``tp``: together in both; ``fp``: together only in the prediction; ``fn``: together only
    in the truth; ``tn``: apart in both; ``total = n (n - 1) / 2``.
    """

    tp: Any
    fp: Any
    fn: Any
    tn: Any
    total: Any

    @property
    def same_true(self) -> Any:
        return self.tp + self.fn

    @property
    def same_pred(self) -> Any:
        return self.tp + self.fp


@cached
def pair_counts(t: Any) -> PairCounts:
    """Pair counts from Σ C(n_ij, 2), Σ C(a_i, 2), Σ C(b_j, 2) and C(n, 2)."""
    ops = t.ops
    tp = ops.pairs(t.cell_n, t.cell_w)
    same_true = ops.pairs(t.a, t.a_w)
    same_pred = ops.pairs(t.b, t.b_w)
    total = t.n * (t.n - 1) // 2 if not ops.symbolic else t.n * (t.n - 1) / 2
    fp = same_pred - tp
    fn = same_true - tp
    return PairCounts(tp, fp, fn, total - tp - fp - fn, total)


@dataclass(frozen=True)
class Entropies:
    """Shannon entropies (natural log) of the truth, the prediction, and their mutual
    information."""

    h_true: Any
    h_pred: Any
    mi: Any

    @property
    def h_true_given_pred(self) -> Any:
        return self.h_true - self.mi

    @property
    def h_pred_given_true(self) -> Any:
        return self.h_pred - self.mi


@cached
def entropies(t: Any) -> Entropies:
    """H(T) = log n − Σ a log a / n, H(H) likewise, I = Σ n_ij/n · log(n n_ij / (a_i b_j))."""
    ops = t.ops
    n = t.n
    log_n = ops.log(n)
    sa = ops.xlogx_sum(t.a, t.a_w)
    sb = ops.xlogx_sum(t.b, t.b_w)
    sc = ops.xlogx_sum(t.cell_n, t.cell_w)
    h_true = log_n - sa / n
    h_pred = log_n - sb / n
    mi = sc / n + log_n - sa / n - sb / n
    if not ops.symbolic:
        # Rounding guards: entropies are >= 0, 0 <= I <= min(H(T), H(H)).
        h_true, h_pred = max(h_true, 0.0), max(h_pred, 0.0)
        mi = min(max(mi, 0.0), h_true, h_pred)
        if len(t.a) == 1 or len(t.b) == 1:
            mi = 0.0
        if t.nnz == len(t.a) == len(t.b):  # identical up to relabelling: I = H(T) = H(H)
            mi = h_pred = h_true
    return Entropies(h_true, h_pred, mi)
