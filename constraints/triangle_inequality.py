"""Triangle inequality for distances: d(A, C) ≤ d(A, B) + d(B, C).

Only distances (``kind="distance"``) are checked; a similarity s is not a distance and the
constraint is not applicable (wrap ``1 − s`` as a distance to audit it).  Each instance is a
triple of partitions of the same items; d is the metric's raw value with its own argument
order (first argument = "truth").  Equality is fine (non-strict).  Exhaustive: every triple
with at most :data:`~._triples.TRIPLE_N` (5) items, up to a consistent reordering of the
items (A's blocks consecutive, largest first: 7 · 52² = 18,928 triples at n = 5).  Random:
near-identical pairs around a split (:func:`._triples.near_triples`: B a move or two from
A, C a move or two from B) three times in four, else any triple; a finding is minimised.

Worked by hand: VI (Meilă 2007) is a metric, so it passes; 1 − NMI (arithmetic mean) is not:
A = {0 1 | 2}, B = {0 | 1 | 2}, C = {0 2 | 1} give d(A, B) = d(B, C) ≈ 0.2663 but
d(A, C) ≈ 0.7260 > 0.5326 (the arithmetic is in the tests).  1 − Fair NMI first breaks at
five items (A = {0 1 2 | 3 | 4}, B = {0 1 | 2 3 | 4}, C = {0 4 | 1 | 2 3}).
"""
from __future__ import annotations

from typing import Any, Optional

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.tolerance import TOLERANCE, compare_values

from ._triples import TRIPLE_N, TripleInstances  # noqa: F401  (TRIPLE_N: public here)


class TriangleInequality(TripleInstances, Constraint):
    name = "triangle_inequality"
    title = "Triangle inequality: d(A, C) ≤ d(A, B) + d(B, C) for a distance"
    citation = "Meilă (2007), VI is a metric; Gösgens, Tikhonov & Prokhorenkova (2021)."
    statement = ("For a distance d and all partitions A, B, C of the same items, "
                 "d(A, C) ≤ d(A, B) + d(B, C) (within the tolerance).")

    def applies_to(self, metric: Any) -> Optional[str]:
        if metric.kind != "distance":
            return (f"applies to distances only; {metric.name} is a {metric.kind} "
                    "(audit 1 − s wrapped as a distance instead)")
        return None

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
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
