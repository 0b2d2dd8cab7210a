"""Exhaustive enumeration of set partitions and of pairs of them (for small n).

A set partition of ``0 .. n-1`` is identified with its *restricted growth string*: canonical
labels where label ``i`` first appears after labels ``0 .. i-1``.  There are Bell(n) of them
(1, 1, 2, 5, 15, 52, 203, 877, 4140, ... for n = 0, 1, 2, ...).
"""
from __future__ import annotations

from functools import cache, lru_cache
from itertools import permutations, product
from typing import Iterator, List, Tuple

from .errors import InvalidArgumentError
from .partition import Partition

__all__ = ["restricted_growth_strings", "set_partitions", "bell", "all_pairs", "pair_classes",
           "class_pairs", "degenerate_pairs", "near_degenerate", "CLASS_N_MAX"]

MAX_ENUMERATION_N = 12  # Bell(12) = 4,213,597


def restricted_growth_strings(n: int) -> Iterator[Tuple[int, ...]]:
    """All canonical label tuples of length ``n``, in lexicographic order."""
    if n < 0 or n > MAX_ENUMERATION_N:
        raise InvalidArgumentError(
            f"expected 0 <= n <= {MAX_ENUMERATION_N} for exhaustive enumeration, got {n}"
        )
    if n == 0:
        yield ()
        return
    labels = [0] * n
    maxima = [0] * n  # maxima[i] = max(labels[:i+1])
    while True:
        yield tuple(labels)
        i = n - 1
        while i > 0 and labels[i] > maxima[i - 1]:
            i -= 1
        if i == 0:
            return
        labels[i] += 1
        maxima[i] = max(maxima[i - 1], labels[i])
        for j in range(i + 1, n):
            labels[j] = 0
            maxima[j] = maxima[i]


@lru_cache(maxsize=16)
def _partitions_tuple(n: int) -> Tuple[Partition, ...]:
    return tuple(Partition.from_labels(list(rgs)) for rgs in restricted_growth_strings(n))


def set_partitions(n: int) -> Tuple[Partition, ...]:
    """Every partition of ``0 .. n-1`` (cached; Bell(n) of them)."""
    return _partitions_tuple(int(n))


@cache
def bell(n: int) -> int:
    """The Bell number B(n)."""
    row = [1]
    for _ in range(n):
        nxt = [row[-1]]
        for x in row:
            nxt.append(nxt[-1] + x)
        row = nxt
    return row[0]


# -- pairs of partitions --------------------------------------------------------------------
def all_pairs(max_n: int, min_n: int = 1) -> Iterator[Tuple[Partition, Partition]]:
    """Every (A, B) pair of partitions of ``n`` items, ``min_n <= n <= max_n``, smallest first."""
    for n in range(max(min_n, 1), max_n + 1):
        parts = set_partitions(n)
        for a in parts:
            for b in parts:
                yield a, b


#: Pair classes (up to a consistent reordering of the items) are enumerated up to this n.
CLASS_N_MAX = 6


def _table(a: Partition, b: Partition) -> List[List[int]]:
    table = [[0] * b.n_blocks for _ in range(a.n_blocks)]
    for x, y in zip(a.labels.tolist(), b.labels.tolist()):
        table[x][y] += 1
    return table


def _canonical(table: List[List[int]]) -> tuple:
    """A complete invariant of a contingency table under row and column permutations.

    Rows are ordered by their sorted entries; within a group of equal sorted rows every
    order is tried; columns are sorted; the smallest result is the key.
    """
    groups: dict = {}
    for row in table:
        groups.setdefault(tuple(sorted(row)), []).append(row)
    ordered = [groups[k] for k in sorted(groups)]
    best = None
    for choice in product(*(permutations(g) for g in ordered)):
        rows = [r for g in choice for r in g]
        key = tuple(sorted(zip(*rows)))
        if best is None or key < best:
            best = key
    return tuple(sorted(tuple(sorted(r)) for r in table)), best


@cache
def pair_classes(n: int, unordered: bool = False) -> Tuple[Tuple[Partition, Partition], ...]:
    """One pair (A, B) per class of pairs of partitions of ``n`` items that differ only by a
    consistent reordering of the items (same contingency table up to row and column order).

    A is the smallest labelling of its block sizes; the smallest B is kept.  With
    ``unordered``, (A, B) and (B, A) count as one class.  Sorted by size key.
    """
    if n > CLASS_N_MAX:
        raise InvalidArgumentError(
            f"pair classes are enumerated up to {CLASS_N_MAX} items, got {n}")
    seen: dict = {}
    for a in set_partitions(n):
        if a != Partition.from_sizes(sorted(a.sizes, reverse=True)):
            continue
        for b in set_partitions(n):
            table = _table(a, b)
            key = _canonical(table)
            if unordered:
                key = min(key, _canonical([list(c) for c in zip(*table)]))
            if key not in seen:
                seen[key] = (a, b)
    return tuple(sorted(seen.values(), key=lambda ab: (ab[0].n_blocks + ab[1].n_blocks,
                                                       ab[0].tolist(), ab[1].tolist())))


def class_pairs(max_n: int, min_n: int = 1, unordered: bool = False
                ) -> Iterator[Tuple[Partition, Partition]]:
    """:func:`pair_classes` for ``min_n <= n <= min(max_n, CLASS_N_MAX)``, smallest first."""
    for n in range(max(min_n, 1), min(max_n, CLASS_N_MAX) + 1):
        yield from pair_classes(n, unordered)


def degenerate_pairs(n: int) -> List[Tuple[Partition, Partition]]:
    """The four pairs of one-block / all-singletons partitions of ``n`` items (deduplicated)."""
    one, single = Partition.one_block(n), Partition.singletons(n)
    out: List[Tuple[Partition, Partition]] = []
    for pair in ((one, one), (single, single), (one, single), (single, one)):
        if pair not in out:
            out.append(pair)
    return out


def near_degenerate(n: int) -> List[Partition]:
    """One block with one item split off, all singletons with one pair merged (n >= 3)."""
    if n < 3:
        return []
    return [Partition.from_labels([0] * (n - 1) + [1]),
            Partition.from_labels([0] + list(range(n - 1)))]
