"""Completeness (Amigó et al. 2009, the ELM paper 3.6.2).

H1 has two blocks that each hold only items of one and the same true class; H2 is H1 with the
two merged.  Require Q(T, H2) > Q(T, H1).

Random instances come from two constructions: two pure blocks of one class with generated
surroundings, and a merge of two blocks of one class carved out of an ordinary random pair
(:func:`._moves.merge_moves`).  A finding is then minimised by removing items and merging
blocks while the pair stays a perfect merge (:class:`._moves.PremiseChecked`).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterator

from hypothesis import strategies as st

from metricprops.constraint import Instance, PairwiseConstraint, pair_instance
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.strategies import surroundings

from ._families import assemble
from ._moves import PremiseChecked, is_perfect_merge, merge_moves, mostly
from ._split import ByTruth


class Completeness(ByTruth, PremiseChecked, PairwiseConstraint):
    name = "completeness"
    title = "Cluster completeness: merging two pure blocks of one class helps"
    citation = "Amigó et al. (2009), constraint 2; the ELM paper, section 3.6.2."
    statement = ("If two predicted blocks of H1 each hold only items of the same true class and "
                 "H2 is H1 with the two merged, then Q(T, H2) > Q(T, H1).")
    min_items = 2

    def strategy(self, max_items: int) -> Any:
        return mostly(merge_moves(max_items), _completeness_instances(max_items), max_items)

    def premise(self, instance: Instance) -> bool:
        return is_perfect_merge(instance.truth, instance["worse"], instance["better"])

    def instances_for(self, truth: Partition) -> Iterator[Instance]:
        t = truth.tolist()
        for worse in set_partitions(truth.n):
            pure = [(b, t[b[0]]) for b in worse.blocks if len({t[i] for i in b}) == 1]
            for (b1, c1), (b2, c2) in combinations(pure, 2):
                if c1 != c2:
                    continue
                labels = worse.tolist()
                for i in b2:
                    labels[i] = labels[b1[0]]
                yield pair_instance(truth, worse, Partition.from_labels(labels))


@st.composite
def _completeness_instances(draw: Any, max_items: int) -> Instance:
    half = max(1, (max_items - 1) // 2)
    p1 = draw(st.integers(1, max(1, min(half, max_items - 1))))
    p2 = draw(st.integers(1, max(1, min(half, max_items - p1))))
    truth = ["k"] * (p1 + p2)
    worse = ["A"] * p1 + ["B"] * p2
    better = ["A"] * (p1 + p2)
    extra = draw(surroundings(max_items - p1 - p2, ["k"]))
    return assemble(truth, worse, better, extra, note="two pure blocks of one class merged")


CONSTRAINT = Completeness()
