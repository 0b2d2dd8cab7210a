"""Rag bag (Amigó et al. 2009, the ELM paper 3.6.3).

A clean block of m ≥ 2 items of one class K; a noisy block of m items of m distinct classes
that have no other items; a new item x of a new class.  H1 puts x into the clean block, H2
into the noisy one.  Require Q(T, H2) > Q(T, H1).  Other blocks may exist around them (their
items are of new classes or of K).
"""
from __future__ import annotations

from typing import Any, Iterator

from hypothesis import strategies as st

from metricprops.constraint import Instance, PairwiseConstraint
from metricprops.strategies import surroundings

from ._build import assemble, enumerate_surroundings


def _core(m: int) -> tuple:
    truth = ["K"] * m + [("noise", i) for i in range(m)] + ["x"]
    worse = ["clean"] * m + ["noisy"] * m + ["clean"]
    better = ["clean"] * m + ["noisy"] * m + ["noisy"]
    return truth, worse, better


class RagBag(PairwiseConstraint):
    name = "rag_bag"
    title = "Rag bag: disorder in a disordered block costs less than in a clean one"
    citation = "Amigó et al. (2009), constraint 3; the ELM paper, section 3.6.3."
    statement = ("With a clean block of m ≥ 2 items of one class, a noisy block of m items of m "
                 "distinct classes that have no other items, and an item x of a new class: "
                 "Q(T, x in the noisy block) > Q(T, x in the clean block).")
    min_items = 5

    def strategy(self, max_items: int) -> Any:
        return _rag_bag_instances(max_items)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for n in range(self.min_items, max_n + 1):
            for m in range(2, (n - 1) // 2 + 1):
                truth, worse, better = _core(m)
                for extra in enumerate_surroundings(n - 2 * m - 1, ["K"]):
                    yield assemble(truth, worse, better, extra)


@st.composite
def _rag_bag_instances(draw: Any, max_items: int) -> Instance:
    m = draw(st.integers(2, max(2, (max_items - 1) // 2)))
    truth, worse, better = _core(m)
    extra = draw(surroundings(max_items - 2 * m - 1, ["K"]))
    return assemble(truth, worse, better, extra, note=f"clean and noisy blocks of {m} items")


CONSTRAINT = RagBag()
