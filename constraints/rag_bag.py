"""Rag bag (Amigó et al. 2009, the ELM paper 3.6.3).

A clean block of m ≥ 2 items of one class K; a noisy block of m items of m distinct classes
that have no other items; a new item x of a new class.  H1 puts x into the clean block, H2
into the noisy one.  Require Q(T, H2) > Q(T, H1).  Other blocks may exist around them (their
items are of new classes or of K).
"""
from __future__ import annotations

from ._families import FamilyConstraint


class RagBag(FamilyConstraint):
    name = "rag_bag"
    title = "Rag bag: disorder in a disordered block costs less than in a clean one"
    citation = "Amigó et al. (2009), constraint 3; the ELM paper, section 3.6.3."
    statement = ("With a clean block of m ≥ 2 items of one class, a noisy block of m items of m "
                 "distinct classes that have no other items, and an item x of a new class: "
                 "Q(T, x in the noisy block) > Q(T, x in the clean block).")
    min_items = 5
    m_min, per_m, offset = 2, 2, 1  # core: 2m + 1 items
    joinable = ("K",)

    def core(self, m: int) -> tuple:
        truth = ["K"] * m + [("noise", i) for i in range(m)] + ["x"]
        worse = ["clean"] * m + ["noisy"] * m + ["clean"]
        better = ["clean"] * m + ["noisy"] * m + ["noisy"]
        return truth, worse, better

    def note(self, m: int) -> str:
        return f"clean and noisy blocks of {m} items"


CONSTRAINT = RagBag()
