"""Degenerate (non-informed) predictions (the ELM paper, section 3.2; Beeferman et al.).

If T has no singleton block, the all-singletons prediction scores min_H Q(T, H); if T is all
singletons (n ≥ 2), the one-block prediction does.  An instance pairs the degenerate
prediction ("worse", it must score lowest) with any other prediction ("better", it must not
score lower).  Exhaustive over every H for small n; for larger n a random H scoring lower is a
counterexample.
"""
from __future__ import annotations

from typing import Any, Iterator

from hypothesis import strategies as st

from metricprops.constraint import Instance, PairwiseConstraint, pair_instance
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.strategies import block_ids

from ._split import ByTruth


def degenerate_prediction(truth: Partition) -> Partition:
    """All singletons when T has no singleton block; one block when T is all singletons."""
    if truth.n_blocks == truth.n:
        return Partition.one_block(truth.n)
    return Partition.singletons(truth.n)


def is_uninformed_case(truth: Partition) -> bool:
    """T has no singleton block, or T is all singletons with n ≥ 2."""
    return truth.n >= 2 and (min(truth.sizes) >= 2 or truth.n_blocks == truth.n)


class Degenerate(ByTruth, PairwiseConstraint):
    name = "degenerate"
    title = "Degenerate predictions get the lowest score the truth allows"
    citation = "the ELM paper, section 3.2; Beeferman, Berger & Lafferty (1999)."
    statement = ("If T has no singleton block, Q(T, all singletons) = min_H Q(T, H); if T is all "
                 "singletons (n ≥ 2), Q(T, one block) = min_H Q(T, H).")
    strict = False
    min_items = 2

    def strategy(self, max_items: int) -> Any:
        return _degenerate_instances(max(2, max_items))

    def part_weight(self, truth: Partition) -> int:
        return super().part_weight(truth) if is_uninformed_case(truth) else 0

    def instances_for(self, truth: Partition) -> Iterator[Instance]:
        if not is_uninformed_case(truth):
            return
        low = degenerate_prediction(truth)
        for pred in set_partitions(truth.n):
            if pred != low:
                yield pair_instance(truth, low, pred)


@st.composite
def _degenerate_instances(draw: Any, max_items: int) -> Instance:
    if draw(st.booleans()):  # truth all singletons
        n = draw(st.integers(2, max_items))
        truth = Partition.singletons(n)
    else:  # truth without singleton blocks: sizes >= 2
        sizes = draw(st.lists(st.integers(2, max(2, max_items // 2)), min_size=1,
                              max_size=max(1, max_items // 2)))
        while sum(sizes) > max_items and len(sizes) > 1:
            sizes.pop()
        truth = Partition.from_sizes(sizes)
    low = degenerate_prediction(truth)
    pred = Partition.from_labels(draw(block_ids(truth.n, truth.n)))
    return pair_instance(truth, low, pred, note="degenerate prediction vs another")


CONSTRAINT = Degenerate()
