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

from metricprops.constraint import Instance

from ._families import FamilyConstraint, assemble


class SizeVsQuantity(FamilyConstraint):
    name = "size_vs_quantity"
    title = "Cluster size vs. quantity: one error in a big block beats many in small blocks"
    citation = "Amigó et al. (2009), constraint 4; the ELM paper, section 3.6.4 (Theorem 3)."
    statement = ("For m > 2, T with one block of m + 1 items and m blocks of 2: "
                 "Q(T, H2) > Q(T, H1) where H1 splits every 2-block into singletons and H2 "
                 "splits the big block into m and 1.")
    min_items = 10
    m_min, per_m, offset = 3, 3, 1  # core: 3m + 1 items; extra items are of new classes

    def core(self, m: int) -> tuple:
        truth = ["big"] * (m + 1) + [("pair", i) for i in range(m) for _ in range(2)]
        worse = ["big"] * (m + 1) + [("single", j) for j in range(2 * m)]
        better = ["big"] * m + ["split"] + [("pair", i) for i in range(m) for _ in range(2)]
        return truth, worse, better

    def note(self, m: int) -> str:
        return f"Theorem 3 with m = {m}"

    def strategy(self, max_items: int) -> Any:
        return super().strategy(max(max_items, self.min_items))

    def examples(self, max_items: int) -> Iterator[Instance]:
        for m in range(3, 9):
            truth, worse, better = self.core(m)
            yield assemble(truth, worse, better, note=self.note(m))


CONSTRAINT = SizeVsQuantity()
