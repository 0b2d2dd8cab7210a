"""Triples of partitions for the triangle inequality and the distance property.

Exhaustive: every triple (A, B, C) of partitions of the same ``n <= TRIPLE_N`` items up to a
consistent reordering of the items (A's blocks consecutive, largest first: 7 · 52² = 18,928
triples at five items, 3,068 distinct pairs scored).

Random: besides any three partitions, the shapes where triangle inequalities break --
*near-identical pairs around a split*: B is A after one or two local moves and C is B after
one or two more (a block split in two, two blocks merged, one item moved to another block or
to a block of its own), so that d(A, B) and d(B, C) are small while d(A, C) need not be.
1 − NMI breaks on A = {0 1 | 2}, B = {0 | 1 | 2} (A split), C = {0 2 | 1} (B merged); Fair
NMI's smallest violations have five items and the same shape (B one item moved from A, C two
moves from B).
"""
from __future__ import annotations

from typing import Any, Iterator, List, Tuple

from hypothesis import strategies as st

from metricprops.constraint import Instance
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.strategies import block_ids, triples

from ._moves import mostly

__all__ = ["TRIPLE_N", "enumerate_triples", "triple_strategy", "near_triples", "local_move",
           "TripleInstances"]

#: Triples are enumerated exhaustively up to this many items (at most the exhaustive size).
TRIPLE_N = 5


def enumerate_triples(max_n: int) -> Iterator[Instance]:
    """Every triple with at most ``min(max_n, TRIPLE_N)`` items, A's blocks consecutive."""
    for n in range(1, min(max_n, TRIPLE_N) + 1):
        parts = set_partitions(n)
        for a in (p for p in parts if p == Partition.from_sizes(sorted(p.sizes, reverse=True))):
            for b in parts:
                for c in parts:
                    yield Instance(a, {"b": b, "c": c})


@st.composite
def _moved(draw: Any, labels: List[int], item: int) -> List[int]:
    """``labels`` with ``item`` moved to another block, or to a block of its own."""
    out = list(labels)
    others = sorted(set(out) - {out[item]}) + [max(out) + 1]
    out[item] = others[draw(st.integers(0, len(others) - 1))]
    return out


@st.composite
def local_move(draw: Any, labels: List[int]) -> List[int]:
    """``labels`` after one local move: one item moved to another block (the commonest step
    of the known violations: it keeps the number of blocks), a block split, two merged."""
    out = list(labels)
    n, blocks = len(out), sorted(set(out))
    kind = draw(st.sampled_from(("move", "move", "split", "merge")))
    if kind == "merge" and len(blocks) > 1:
        a, b = draw(st.lists(st.sampled_from(blocks), min_size=2, max_size=2, unique=True))
        return [a if x == b else x for x in out]
    if kind == "split":
        pick = out[draw(st.integers(0, n - 1))]
        members = [i for i in range(n) if out[i] == pick]
        flags = draw(st.lists(st.booleans(), min_size=len(members), max_size=len(members)))
        fresh = max(out) + 1
        for i, flag in zip(members, flags):
            out[i] = fresh if flag else out[i]
        return out
    return draw(_moved(out, draw(st.integers(0, n - 1))))


@st.composite
def _moves(draw: Any, labels: List[int]) -> List[int]:
    for _ in range(draw(st.integers(1, 2))):
        labels = draw(local_move(labels))
    return labels


@st.composite
def near_triples(draw: Any, max_items: int) -> Tuple[Partition, Partition, Partition]:
    """(A, B, C): B is A after one or two local moves, C is B after one or two more; half
    the time exactly one item moved from A to B and another from B to C (the commonest
    shape of the known violations)."""
    n = draw(st.integers(3, max(3, max_items)))
    # a few blocks (where the known violations are) as often as any number
    a = draw(block_ids(n, draw(st.one_of(st.integers(2, min(n, 5)), st.integers(1, n)))))
    if draw(st.booleans()):
        i, j = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
        b = draw(_moved(a, i))
        c = draw(_moved(b, j))
    else:
        b = draw(_moves(a))
        c = draw(_moves(b))
    return Partition.from_labels(a), Partition.from_labels(b), Partition.from_labels(c)


def triple_strategy(max_items: int) -> Any:
    """Instances (A as the truth, roles ``b`` and ``c``): near-identical triples three times
    in four, else any triple."""
    return mostly(near_triples(max_items), triples(max_items), max_items).map(
        lambda abc: Instance(abc[0], {"b": abc[1], "c": abc[2]}))


class TripleInstances:
    """Mixin (before :class:`Constraint`): instances are triples (A as the truth, roles ``b``
    and ``c``), enumerated up to :data:`TRIPLE_N` items and drawn by
    :func:`triple_strategy`; a finding is minimised."""

    reducible = True

    def exhaustive_limit(self, max_n: int) -> int:
        return min(max_n, TRIPLE_N)

    def strategy(self, max_items: int) -> Any:
        return triple_strategy(max_items)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        return enumerate_triples(max_n)

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        if exhaustive_n > TRIPLE_N:
            return (f"Triples were enumerated exhaustively up to {TRIPLE_N} items only "
                    f"(not {exhaustive_n}); larger ones were searched at random.")
        return ""
