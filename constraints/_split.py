"""Enumerations split by truth: what lets one check's exhaustive phase run on many workers.

A constraint whose exhaustive phase is "for every n from ``min_items`` on, for every truth
partition of n items, the instances built on that truth" inherits :class:`ByTruth` and
writes only :meth:`ByTruth.instances_for`.  Its enumeration then comes in *parts*, one per
truth, that workers run separately (:mod:`metricprops.search.chunks`):
``exhaustive_parts(max_n)`` lists ``(part, weight)`` pairs and ``enumerate_part(part)``
yields one part's instances; the parts in order are exactly ``enumerate(max_n)``.  A part is
``(n, index)``, the truth's place in :func:`~metricprops.enumeration.set_partitions`, so it
is small to send and means the same in every process.
"""
from __future__ import annotations

from typing import Any, Iterator, List, Tuple

from metricprops.constraint import Instance
from metricprops.enumeration import bell, set_partitions
from metricprops.partition import Partition

__all__ = ["ByTruth", "ByTruthShape"]


class ByTruth:
    """Mixin (before the constraint's base class): the enumeration, one part per truth."""

    min_items = 1

    def instances_for(self, truth: Partition) -> Iterator[Instance]:  # pragma: no cover
        """Every instance of the exhaustive phase on ``truth``, in a fixed order."""
        raise NotImplementedError

    def part_weight(self, truth: Partition) -> int:
        """Roughly how many instances :meth:`instances_for` yields (default: the number of
        partitions of as many items, one per prediction)."""
        return bell(truth.n)

    def exhaustive_parts(self, max_n: int) -> List[Tuple[Any, int]]:
        """``((n, index), weight)`` for every truth with ``min_items`` to ``max_n`` items."""
        return [((n, i), self.part_weight(truth)) for n in range(self.min_items, max_n + 1)
                for i, truth in enumerate(set_partitions(n))]

    def enumerate_part(self, part: Tuple[int, int]) -> Iterator[Instance]:
        """The instances of one part (see :meth:`exhaustive_parts`)."""
        n, index = part
        return self.instances_for(set_partitions(n)[index])

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        """Every instance with at most ``max_n`` items: the parts in order."""
        for part, _ in self.exhaustive_parts(max_n):
            yield from self.enumerate_part(part)


class ByTruthShape(ByTruth):
    """:class:`ByTruth` with one truth per shape (blocks consecutive, largest first): for
    constraints whose instances are checked up to a consistent reordering of the items."""

    def exhaustive_parts(self, max_n: int) -> List[Tuple[Any, int]]:
        return [((n, i), self.part_weight(truth)) for n in range(self.min_items, max_n + 1)
                for i, truth in enumerate(set_partitions(n))
                if truth == Partition.from_sizes(sorted(truth.sizes, reverse=True))]
