"""Construction helpers shared by the constraint modules.

An instance is built from a *core* (the blocks the constraint is about, built by
construction) and *surroundings*: extra items in new predicted blocks whose true classes are
new or one of the core classes the constraint allows them to join.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterator, List, Sequence, Tuple

from hypothesis import strategies as st

from metricprops.constraint import Instance, PairwiseConstraint, pair_instance
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.strategies import surroundings

Labels = List[Any]


def assemble(truth: Labels, worse: Labels, better: Labels, extra: Tuple[Labels, Labels] = ([], []),
             note: str = "") -> Instance:
    """Pairwise instance from core labels plus surroundings (extra truth, extra pred labels)."""
    extra_truth, extra_pred = extra
    t = Partition.from_labels(list(truth) + list(extra_truth))
    w = Partition.from_labels(list(worse) + [("x", p) for p in extra_pred])
    b = Partition.from_labels(list(better) + [("x", p) for p in extra_pred])
    return pair_instance(t, w, b, note)


def enumerate_surroundings(r: int, joinable: Sequence[Any]) -> Iterator[Tuple[Labels, Labels]]:
    """Every way to add ``r`` extra items (up to relabelling of new classes and blocks)."""
    if r == 0:
        yield [], []
        return
    for truth in set_partitions(r):
        k = truth.n_blocks
        # each true block of the extras is new, or joins one core class (injectively)
        for assignment in _injections(k, list(joinable)):
            labels = [assignment[c] if assignment[c] is not None else ("x", c)
                      for c in truth.tolist()]
            for pred in set_partitions(r):
                yield labels, pred.tolist()


def _injections(k: int, targets: List[Any]) -> Iterator[List[Any]]:
    """Maps from k blocks to targets ∪ {None (new)}, injective on the targets."""
    def rec(i: int, used: frozenset) -> Iterator[List[Any]]:
        if i == k:
            yield []
            return
        for rest in rec(i + 1, used):
            yield [None] + rest
        for t in targets:
            if t not in used:
                for rest in rec(i + 1, used | {t}):
                    yield [t] + rest
    yield from rec(0, frozenset())


def bipartitions(items: Sequence[Any]) -> Iterator[Tuple[Tuple[Any, ...], Tuple[Any, ...]]]:
    """Splits of ``items`` into two non-empty groups, each split once (first item in group A)."""
    items = list(items)
    first, rest = items[0], items[1:]
    for size in range(0, len(rest)):
        for chosen in combinations(rest, size):
            a = (first,) + chosen
            b = tuple(x for x in rest if x not in chosen)
            if b:
                yield a, b


class FamilyConstraint(PairwiseConstraint):
    """A pairwise constraint on a one-parameter family of cores plus surroundings.

    Subclasses give ``m_min``, the core size ``per_m * m + offset``, ``joinable`` (core
    classes the extra items may join) and ``core(m) -> (truth, worse, better)`` labels.
    """

    m_min = 2
    per_m = 2
    offset = 1
    joinable: Tuple[Any, ...] = ()

    def core(self, m: int) -> Tuple[Labels, Labels, Labels]:  # pragma: no cover - abstract
        raise NotImplementedError

    def note(self, m: int) -> str:
        return f"m = {m}"

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for n in range(self.min_items, max_n + 1):
            for m in range(self.m_min, (n - self.offset) // self.per_m + 1):
                truth, worse, better = self.core(m)
                size = self.per_m * m + self.offset
                for extra in enumerate_surroundings(n - size, list(self.joinable)):
                    yield assemble(truth, worse, better, extra)

    def strategy(self, max_items: int) -> Any:
        return _family_instances(self, max_items)


@st.composite
def _family_instances(draw: Any, family: FamilyConstraint, max_items: int) -> Instance:
    m = draw(st.integers(family.m_min,
                         max(family.m_min, (max_items - family.offset) // family.per_m)))
    truth, worse, better = family.core(m)
    extra = draw(surroundings(max_items - family.per_m * m - family.offset,
                              list(family.joinable)))
    return assemble(truth, worse, better, extra, note=family.note(m))
