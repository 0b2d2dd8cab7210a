"""Monotonicity (Gösgens, Tikhonov & Prokhorenkova 2021, section 3, property 4).

A pair of items *agrees* in (T, H) when T and H both put it together or both put it apart.
H2 is a *T-consistent improvement* of H1 when H2 ≠ H1 and every pair that agrees in (T, H1)
agrees in (T, H2) -- then at least one more pair agrees.  Require Q(T, H2) > Q(T, H1).

The perfect split (:mod:`.homogeneity`) and the perfect merge (:mod:`.completeness`) are its
two special cases; an improvement may also move items, or regroup several cells at once.
Every improvement is a regrouping of the cells of the contingency table of (T, H1) in which
each block of H2 gathers cells of one class or of one block of H1 (:mod:`._moves`).

Exhaustive: every truth with its blocks consecutive and largest first (one per shape: the
items may be reordered consistently), every H1, and every improvement H2 (1,956 instances at
five items, 364 distinct scores).  Random: perfect splits and merges of ordinary pairs, and
general regroupings, all built by construction; a finding is minimised while it stays an
improvement.

Worked by hand: Rand counts agreeing pairs, so an improvement raises it by at least
1 / C(n, 2) -- it passes.  The arithmetic-mean AMI does not: T = {0 | 1 | 2 | 3 | 4 5},
H1 = {0 4 | 1 2 3 5} and its perfect split H2 = {0 | 4 | 1 2 3 5} score −7/38 and −4/21.
"""
from __future__ import annotations

from typing import Any, Iterator, List

from hypothesis import strategies as st

from metricprops.constraint import Instance, PairwiseConstraint, pair_instance
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition

from ._moves import PremiseChecked, improvements, is_improvement, merge_moves, mostly, split_moves
from ._split import ByTruthShape


def _agreement_masks(truth: Partition) -> List[int]:
    """For each partition of truth's items (in :func:`set_partitions` order), the bit mask of
    the item pairs on which it agrees with ``truth``."""
    n = truth.n
    pairs = [(x, y) for x in range(n) for y in range(x + 1, n)]
    full = (1 << len(pairs)) - 1

    def together(p: Partition) -> int:
        labels = p.tolist()
        return sum(1 << k for k, (x, y) in enumerate(pairs) if labels[x] == labels[y])

    t = together(truth)
    return [full & ~(t ^ together(p)) for p in set_partitions(n)]


class Monotonicity(ByTruthShape, PremiseChecked, PairwiseConstraint):
    name = "monotonicity"
    title = "Monotonicity: every consistent improvement of the prediction raises the score"
    citation = ("Gösgens, Tikhonov & Prokhorenkova (2021), 'Systematic analysis of cluster "
                "similarity indices: how to validate validation measures' (ICML), "
                "monotonicity (A-consistent improvement).")
    statement = ("If H2 ≠ H1 and every pair of items on which T and H1 agree (together in "
                 "both, or apart in both) is one on which T and H2 agree, then "
                 "Q(T, H2) > Q(T, H1).")
    min_items = 2

    def strategy(self, max_items: int) -> Any:
        return mostly(st.one_of(split_moves(max_items), merge_moves(max_items)),
                      improvements(max_items), max_items)

    def premise(self, instance: Instance) -> bool:
        return is_improvement(instance.truth, instance["worse"], instance["better"])

    def instances_for(self, truth: Partition) -> Iterator[Instance]:
        parts = set_partitions(truth.n)
        agree = _agreement_masks(truth)
        for w, worse in enumerate(parts):
            for b, better in enumerate(parts):
                if b != w and agree[w] & ~agree[b] == 0:
                    yield pair_instance(truth, worse, better)


CONSTRAINT = Monotonicity()
