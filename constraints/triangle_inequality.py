"""Triangle inequality for distances: d(A, C) ≤ d(A, B) + d(B, C).

Only distances (``kind="distance"``) are checked; a similarity s is not a distance and the
constraint is not applicable (wrap ``1 − s`` as a distance to audit it).  Each instance is a
triple of partitions of the same items; d is the metric's raw value with its own argument
order (first argument = "truth").  Equality is fine (non-strict).  Exhaustive: every triple
with at most :data:`TRIPLE_N` items, up to a consistent reordering of the items (A's blocks
consecutive, largest first: 5 · 15² = 1125 triples at n = 4).

Worked by hand: VI (Meilă 2007) is a metric, so it passes; 1 − NMI (arithmetic mean) is not:
A = {0 1 | 2}, B = {0 | 1 | 2}, C = {0 2 | 1} give d(A, B) = d(B, C) ≈ 0.2663 but
d(A, C) ≈ 0.7260 > 0.5326 (the arithmetic is in the tests).
"""
from __future__ import annotations

from typing import Any, Iterator, Optional

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, Scorer
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

from ._pairs import triples

#: Triples are enumerated exhaustively up to this many items (at most the exhaustive size).
TRIPLE_N = 4


class TriangleInequality(Constraint):
    name = "triangle_inequality"
    title = "Triangle inequality: d(A, C) ≤ d(A, B) + d(B, C) for a distance"
    citation = "Meilă (2007), VI is a metric; Gösgens, Tikhonov & Prokhorenkova (2021)."
    statement = ("For a distance d and all partitions A, B, C of the same items, "
                 "d(A, C) ≤ d(A, B) + d(B, C) (within the tolerance).")
    reducible = True

    def exhaustive_limit(self, max_n: int) -> int:
        return min(max_n, TRIPLE_N)

    def applies_to(self, metric: Any) -> Optional[str]:
        if metric.kind != "distance":
            return (f"applies to distances only; {metric.name} is a {metric.kind} "
                    "(audit 1 − s wrapped as a distance instead)")
        return None

    def strategy(self, max_items: int) -> Any:
        return triples(max_items).map(lambda abc: Instance(abc[0], {"b": abc[1], "c": abc[2]}))

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for n in range(1, min(max_n, TRIPLE_N) + 1):
            parts = set_partitions(n)
            # up to a consistent reordering of the items, A's blocks are consecutive
            for a in (p for p in parts if p == Partition.from_sizes(sorted(p.sizes, reverse=True))):
                for b in parts:
                    for c in parts:
                        yield Instance(a, {"b": b, "c": c})

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        if exhaustive_n > TRIPLE_N:
            return f"Triples were enumerated exhaustively up to {TRIPLE_N} items."
        return ""

    def evaluate(self, instance: Instance, score: Scorer, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        a, b, c = instance.truth, instance["b"], instance["c"]
        d_ab = metric.oriented(score(a, b))
        d_bc = metric.oriented(score(b, c))
        d_ac = metric.oriented(score(a, c))
        scores = {"d(A,B)": d_ab, "d(B,C)": d_bc, "d(A,C)": d_ac}
        slack = d_ab + d_bc - d_ac
        if compare_values(d_ab + d_bc, d_ac, tolerance) >= 0:
            return Evaluation(Outcome.SATISFIED, scores, slack)
        return Evaluation(Outcome.VIOLATED, scores, slack,
                          detail=f"d(A, C) exceeds d(A, B) + d(B, C) by {-slack:.6g} "
                                 "(A is the truth)")


CONSTRAINT = TriangleInequality()
