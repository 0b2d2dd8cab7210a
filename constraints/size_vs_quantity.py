"""Cluster size vs. quantity (Amigó et al. 2009; the ELM paper 3.6.4, Theorem 3).

For m > 2: T has a block of m + 1 items and m blocks of 2 items.  H1 keeps the big block and
splits every 2-block into singletons; H2 keeps the 2-blocks and splits the big block into m
and 1.  Require Q(T, H2) > Q(T, H1): a small error in a big block costs less than many errors
in small blocks.  Other blocks (new classes, in new predicted blocks) may exist around them.

The smallest instance has 10 items, above the usual exhaustive size, so the bare
constructions for m = 3 .. 8 are always checked as explicit examples.
"""
from __future__ import annotations

from typing import Any, Iterator

from hypothesis import strategies as st

from metricprops.constraint import Instance, PairwiseConstraint
from metricprops.strategies import surroundings

from ._build import assemble, enumerate_surroundings


def _core(m: int) -> tuple:
    truth = ["big"] * (m + 1) + [("pair", i) for i in range(m) for _ in range(2)]
    worse = ["big"] * (m + 1) + [("single", j) for j in range(2 * m)]
    better = ["big"] * m + ["split"] + [("pair", i) for i in range(m) for _ in range(2)]
    return truth, worse, better


class SizeVsQuantity(PairwiseConstraint):
    name = "size_vs_quantity"
    title = "Cluster size vs. quantity: one error in a big block beats many in small blocks"
    citation = "Amigó et al. (2009), constraint 4; the ELM paper, section 3.6.4 (Theorem 3)."
    statement = ("For m > 2, T with one block of m + 1 items and m blocks of 2: Q(T, H2) > Q(T, H1) "
                 "where H1 splits every 2-block into singletons and H2 splits the big block "
                 "into m and 1.")
    min_items = 10

    def strategy(self, max_items: int) -> Any:
        return _instances(max(max_items, self.min_items))

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for n in range(self.min_items, max_n + 1):
            for m in range(3, (n - 1) // 3 + 1):
                truth, worse, better = _core(m)
                for extra in enumerate_surroundings(n - 3 * m - 1, []):
                    yield assemble(truth, worse, better, extra)

    def examples(self, max_items: int) -> Iterator[Instance]:
        for m in range(3, 9):
            truth, worse, better = _core(m)
            yield assemble(truth, worse, better, note=f"Theorem 3 with m = {m}")


@st.composite
def _instances(draw: Any, max_items: int) -> Instance:
    m = draw(st.integers(3, max(3, (max_items - 1) // 3)))
    truth, worse, better = _core(m)
    extra = draw(surroundings(max_items - 3 * m - 1, []))
    return assemble(truth, worse, better, extra, note=f"Theorem 3 with m = {m}")


CONSTRAINT = SizeVsQuantity()
