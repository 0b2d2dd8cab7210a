"""Instances of pairs of partitions for the general-property constraints.

The generators themselves are public: :mod:`metricprops.enumeration` (every pair, one pair per
class, degenerate pairs) and :mod:`metricprops.strategies` (``pairs``, ``triples``).

Exhaustive: every pair of partitions of the same ``n`` items up to a consistent reordering
of the items (the contingency table up to row and column order: 139 pairs up to 5 items
instead of 2959), smallest first; label_invariance checks that reordering does not matter.
Random: a mix of random pairs, degenerate pairs (one block, all singletons, n = 1, and their near
misses), near misses (the truth with one item moved) and coarse pairs (at most 3 blocks a
side), all built by construction and shrinking towards fewer items and fewer blocks.
"""
from __future__ import annotations

from typing import Any, Iterator

from metricprops.constraint import Constraint, Instance
from metricprops.enumeration import (  # noqa: F401
    CLASS_N_MAX,
    all_pairs,
    class_pairs,
    degenerate_pairs,
    pair_classes,
)
from metricprops.partition import Partition
from metricprops.strategies import pairs, triples  # noqa: F401  (used by the catalog)

__all__ = ["class_note", "pair_instances", "pair_instance_strategy", "PairPropertyConstraint"]


def class_note(exhaustive_n: int) -> str:
    """Verdict note for constraints enumerating :func:`class_pairs`."""
    if exhaustive_n is not None and exhaustive_n > CLASS_N_MAX:
        return f"Pairs were enumerated exhaustively up to {CLASS_N_MAX} items."
    return ""


def pair_instances(max_n: int, min_n: int = 1, note: str = "") -> Iterator[Instance]:
    """One instance per class of pairs (see :func:`pair_classes`), smallest first."""
    for a, b in class_pairs(max_n, min_n):
        yield Instance(a, {"pred": b}, note)


def pair_instance_strategy(max_items: int, min_items: int = 1, note: str = "") -> Any:
    return pairs(max_items, min_items).map(lambda ab: Instance(ab[0], {"pred": ab[1]}, note))


class PairPropertyConstraint(Constraint):
    """A property checked on single (truth, pred) pairs: every pair class up to ``max_n``
    items exhaustively, then :func:`pair_instance_strategy` at random."""

    reducible = True

    def exhaustive_limit(self, max_n: int) -> int:
        return min(max_n, CLASS_N_MAX)

    def scale_instance(self, truth: Partition, pred: Partition) -> Instance:
        return Instance(truth, {"pred": pred}, "scale")

    def strategy(self, max_items: int) -> Any:
        return pair_instance_strategy(max_items)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        return pair_instances(max_n)
