"""Homogeneity (Amigó et al. 2009, the ELM paper 3.6.1; generalised as Gösgens' perfect split).

H1 has a block C holding items of at least two true classes; H2 is H1 with C split into two
parts such that no class is cut.  Require Q(T, H2) > Q(T, H1).

Random instances come from two constructions: a mixed core block with generated
surroundings, and a split of a mixed block of an ordinary random pair with many small
classes as often as few large ones (:func:`._moves.split_moves`; the arithmetic-mean AMI's
smallest violation, six items, lives there).  A finding is then minimised by removing items
and merging blocks while the pair stays a perfect split (:class:`._moves.PremiseChecked`).
"""
from __future__ import annotations

from typing import Any, Iterator

from hypothesis import strategies as st

from metricprops.constraint import Instance, PairwiseConstraint, pair_instance
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.strategies import surroundings

from ._families import assemble, bipartitions
from ._moves import PremiseChecked, is_perfect_split, mostly, split_moves
from ._split import ByTruth


class Homogeneity(ByTruth, PremiseChecked, PairwiseConstraint):
    name = "homogeneity"
    title = "Cluster homogeneity: splitting a mixed block along class lines helps"
    citation = ("Amigó et al. (2009), constraint 1; the ELM paper, section 3.6.1; Gösgens, "
                "Tikhonov & Prokhorenkova (2021), 'perfect split'.")
    statement = ("If a predicted block C of H1 holds items of at least two true classes and H2 "
                 "is H1 with C split into two non-empty parts without cutting any class, then "
                 "Q(T, H2) > Q(T, H1).")
    min_items = 2

    def strategy(self, max_items: int) -> Any:
        return mostly(split_moves(max_items), _homogeneity_instances(max_items), max_items)

    def premise(self, instance: Instance) -> bool:
        return is_perfect_split(instance.truth, instance["worse"], instance["better"])

    def instances_for(self, truth: Partition) -> Iterator[Instance]:
        t = truth.tolist()
        for worse in set_partitions(truth.n):
            for block in worse.blocks:
                classes = sorted({t[i] for i in block})
                if len(classes) < 2:
                    continue
                for _, group_b in bipartitions(classes):
                    labels = worse.tolist()
                    for i in block:
                        if t[i] in group_b:
                            labels[i] = worse.n_blocks
                    yield pair_instance(truth, worse, Partition.from_labels(labels))


@st.composite
def _homogeneity_instances(draw: Any, max_items: int) -> Instance:
    n_classes = draw(st.integers(2, max(2, min(4, max_items))))
    portions = draw(st.lists(st.integers(1, max(1, max_items // n_classes)),
                             min_size=n_classes, max_size=n_classes))
    while sum(portions) > max_items:  # keep the core within the size limit
        portions[portions.index(max(portions))] -= 1
    moved = draw(st.sets(st.integers(1, n_classes - 1), min_size=1, max_size=n_classes - 1))
    truth, worse, better = [], [], []
    for cls, size in enumerate(portions):
        truth += [("c", cls)] * size
        worse += ["C"] * size
        better += ["C2" if cls in moved else "C"] * size
    extra = draw(surroundings(max_items - len(truth), [("c", i) for i in range(n_classes)]))
    return assemble(truth, worse, better, extra, note="mixed block C split along classes")


CONSTRAINT = Homogeneity()
