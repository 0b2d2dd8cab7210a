"""Pairs (and triples) of partitions for the general-property constraints.

Exhaustive: every pair of partitions of the same ``n`` items up to a consistent reordering
of the items (the contingency table up to row and column order: 139 pairs up to 5 items
instead of 2959), smallest first; label_invariance checks that reordering does not matter.
Random: a mix of random pairs, degenerate pairs (one block, all singletons, n = 1, and their near
misses), near misses (the truth with one item moved) and coarse pairs (at most 3 blocks a
side), all built by construction and shrinking towards fewer items and fewer blocks.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product
from typing import Any, Iterator, List, Tuple

from hypothesis import strategies as st

from metricprops.constraint import Constraint, Instance
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.strategies import block_ids

__all__ = ["all_pairs", "pair_classes", "class_pairs", "class_note", "pair_instances",
           "degenerate_pairs", "near_degenerate", "pairs", "pair_instance_strategy", "triples",
           "PairPropertyConstraint"]


#: Pair classes (up to a consistent reordering of the items) are enumerated up to this n.
CLASS_N_MAX = 6


def all_pairs(max_n: int, min_n: int = 1) -> Iterator[Tuple[Partition, Partition]]:
    """Every (A, B) pair of partitions of ``n`` items, ``min_n <= n <= max_n``, smallest first."""
    for n in range(max(min_n, 1), max_n + 1):
        parts = set_partitions(n)
        for a in parts:
            for b in parts:
                yield a, b


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


@lru_cache(maxsize=None)
def pair_classes(n: int, unordered: bool = False) -> Tuple[Tuple[Partition, Partition], ...]:
    """One pair (A, B) per class of pairs of partitions of ``n`` items that differ only by a
    consistent reordering of the items (same contingency table up to row and column order).

    A is the smallest labelling of its block sizes; the smallest B is kept.  With
    ``unordered``, (A, B) and (B, A) count as one class.  Sorted by size key.
    """
    if n > CLASS_N_MAX:
        raise ValueError(f"pair classes are enumerated up to {CLASS_N_MAX} items, got {n}")
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


def class_note(exhaustive_n: int) -> str:
    """Verdict note for constraints enumerating :func:`class_pairs`."""
    if exhaustive_n is not None and exhaustive_n > CLASS_N_MAX:
        return f"Pairs were enumerated exhaustively up to {CLASS_N_MAX} items."
    return ""


def class_pairs(max_n: int, min_n: int = 1, unordered: bool = False
                ) -> Iterator[Tuple[Partition, Partition]]:
    """:func:`pair_classes` for ``min_n <= n <= min(max_n, CLASS_N_MAX)``, smallest first."""
    for n in range(max(min_n, 1), min(max_n, CLASS_N_MAX) + 1):
        yield from pair_classes(n, unordered)


def pair_instances(max_n: int, min_n: int = 1, note: str = "") -> Iterator[Instance]:
    """One instance per class of pairs (see :func:`pair_classes`), smallest first."""
    for a, b in class_pairs(max_n, min_n):
        yield Instance(a, {"pred": b}, note)


def degenerate_pairs(n: int) -> List[Tuple[Partition, Partition]]:
    """The four pairs of one-block / all-singletons partitions of ``n`` items (deduplicated)."""
    one, single = Partition.one_block(n), Partition.singletons(n)
    out: List[Tuple[Partition, Partition]] = []
    for pair in ((one, one), (single, single), (one, single), (single, one)):
        if pair not in out:
            out.append(pair)
    return out


@st.composite
def _random_pair(draw: Any, min_items: int, max_items: int) -> Tuple[Partition, Partition]:
    n = draw(st.integers(min_items, max_items))
    k = draw(st.integers(1, max(1, n)))
    return (Partition.from_labels(draw(block_ids(n, k))),
            Partition.from_labels(draw(block_ids(n, k))))


def near_degenerate(n: int) -> List[Partition]:
    """One block with one item split off, all singletons with one pair merged (n >= 3)."""
    if n < 3:
        return []
    return [Partition.from_labels([0] * (n - 1) + [1]),
            Partition.from_labels([0] + list(range(n - 1)))]


@st.composite
def _degenerate_pair(draw: Any, min_items: int, max_items: int) -> Tuple[Partition, Partition]:
    """Degenerate pairs, and degenerate partitions against their near misses."""
    n = draw(st.integers(min_items, max_items))
    options = degenerate_pairs(n)
    extremes = [Partition.one_block(n), Partition.singletons(n)]
    options += [(a, b) for a in extremes for b in near_degenerate(n)]
    options += [(b, a) for a in extremes for b in near_degenerate(n)]
    return draw(st.sampled_from(options))


@st.composite
def _coarse_pair(draw: Any, min_items: int, max_items: int) -> Tuple[Partition, Partition]:
    """Random pairs with at most 3 blocks a side: large blocks."""
    n = draw(st.integers(min_items, max_items))
    return (Partition.from_labels(draw(block_ids(n, 3))),
            Partition.from_labels(draw(block_ids(n, 3))))


@st.composite
def _near_miss(draw: Any, min_items: int, max_items: int) -> Tuple[Partition, Partition]:
    """The truth and the truth with one item moved to another (possibly new) block."""
    n = draw(st.integers(max(min_items, 2), max(max_items, 2)))
    k = draw(st.integers(1, n))
    truth = Partition.from_labels(draw(block_ids(n, k)))
    labels = truth.tolist()
    item = draw(st.integers(0, n - 1))
    labels[item] = draw(st.integers(0, truth.n_blocks))  # n_blocks = a new block
    pair = (truth, Partition.from_labels(labels))
    if draw(st.booleans()):
        pair = pair[::-1]
    return pair


def pairs(max_items: int, min_items: int = 1) -> Any:
    """Strategy of ``(A, B)`` pairs of partitions of the same items."""
    max_items = max(max_items, min_items)
    return st.one_of(_random_pair(min_items, max_items), _degenerate_pair(min_items, max_items),
                     _near_miss(min_items, max_items), _coarse_pair(min_items, max_items))


def pair_instance_strategy(max_items: int, min_items: int = 1, note: str = "") -> Any:
    return pairs(max_items, min_items).map(lambda ab: Instance(ab[0], {"pred": ab[1]}, note))


@st.composite
def triples(draw: Any, max_items: int) -> Tuple[Partition, Partition, Partition]:
    """Three partitions of the same items (random, or built around degenerate ones)."""
    n = draw(st.integers(1, max(1, max_items)))
    k = draw(st.integers(1, n))
    choices = st.one_of(block_ids(n, k).map(Partition.from_labels),
                        st.sampled_from([Partition.one_block(n), Partition.singletons(n)]))
    return draw(choices), draw(choices), draw(choices)


class PairPropertyConstraint(Constraint):
    """A property checked on single (truth, pred) pairs: every pair class up to ``max_n``
    items exhaustively, then :func:`pair_instance_strategy` at random."""

    def strategy(self, max_items: int) -> Any:
        return pair_instance_strategy(max_items)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        return pair_instances(max_n)
