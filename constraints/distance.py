"""Distance (Gösgens, Tikhonov & Prokhorenkova 2021, section 3): a linear transform of the
metric is a metric on partitions.

With c_max the declared perfect value, d(A, B) = c_max − s(A, B) for a similarity s and
d(A, B) = s(A, B) − c_max for a distance s (any positive multiple is a metric exactly when
this one is).  Require, for all partitions A, B, C of the same items:

* d(A, B) ≥ 0, and d(A, B) = 0 exactly when A = B (identity of indiscernibles);
* d(A, B) = d(B, A) (symmetry);
* d(A, C) ≤ d(A, B) + d(B, C) (triangle inequality).

Each triple (A, B, C) checks the first two on (A, B) -- every ordered pair of partitions is
the (A, B) of some triple, up to a consistent reordering of the items -- and the third on
the whole triple.

Equalities within the tolerance count as equal.  Instances are triples, as for
:mod:`.triangle_inequality` (every triple up to five items with A's blocks consecutive, then
near-identical triples around a split; a finding is minimised).  Unlike
``triangle_inequality`` the property applies to similarities too: it is the paper's
"distance" column.

Worked by hand: Rand gives d = 1 − Rand = (N10 + N01) / N, the share of pairs on which the
partitions disagree -- a normalised Hamming distance between the pair sets, a metric; it
passes.  1 − NMI (arithmetic) does not: A = {0 1 | 2}, B = {0 | 1 | 2}, C = {0 2 | 1} give
d(A, B) = d(B, C) ≈ 0.2663 but d(A, C) ≈ 0.7260.
"""
from __future__ import annotations

from typing import Any, Optional

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.tolerance import TOLERANCE, compare_values

from ._triples import TripleInstances


class Distance(TripleInstances, Constraint):
    name = "distance"
    title = "Distance: c_max − Q is a metric (identity, symmetry, triangle inequality)"
    citation = ("Gösgens, Tikhonov & Prokhorenkova (2021), 'Systematic analysis of cluster "
                "similarity indices: how to validate validation measures' (ICML), distance; "
                "Meilă (2007).")
    statement = ("With c_max the perfect value and d = c_max − Q (Q oriented so that higher is "
                 "better), for all partitions A, B, C of the same items: d(A, B) ≥ 0 with "
                 "equality exactly when A = B, d(A, B) = d(B, A), and "
                 "d(A, C) ≤ d(A, B) + d(B, C).")

    def applies_to(self, metric: Any) -> Optional[str]:
        if metric.perfect is None:
            return (f"needs the perfect value c_max (d = c_max − Q); {metric.name} declares "
                    "none (pass --perfect)")
        return None

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        # identity and symmetry on (A, B) -- every ordered pair is some triple's (A, B), up
        # to a consistent reordering of the items -- and the triangle on (A, B, C)
        a, b, c = instance.truth, instance["b"], instance["c"]
        top = metric.oriented_perfect
        d_ab, d_ba = top - score(a, b), top - score(b, a)
        d_bc, d_ac = top - score(b, c), top - score(a, c)
        scores = {"d(A,B)": d_ab, "d(B,C)": d_bc, "d(A,C)": d_ac}
        checks = []  # (slack, what failed): a negative slack is a violation
        same = hash(a) == hash(b) and a == b
        for value, name in ((d_ab, "d(A,B)"), (d_ba, "d(B,A)")):
            zero = compare_values(value, 0.0, tolerance)
            if same and zero != 0:
                checks.append((-abs(value), f"{name} = {value:.6g} ≠ 0 although A = B"))
            elif not same and zero <= 0:
                checks.append((min(value, 0.0) - tolerance,
                               f"{name} = {value:.6g} although A ≠ B: c_max is reached, or "
                               "passed, by a different partition"))
        if compare_values(d_ab, d_ba, tolerance) != 0:
            scores["d(B,A)"] = d_ba
            checks.append((-abs(d_ab - d_ba), f"d(A,B) = {d_ab:.6g} ≠ d(B,A) = {d_ba:.6g}: "
                                              "not symmetric"))
        slack = d_ab + d_bc - d_ac
        if compare_values(d_ab + d_bc, d_ac, tolerance) < 0:
            checks.append((slack, f"d(A,C) exceeds d(A,B) + d(B,C) by {-slack:.6g}"))
        if not checks:
            return Evaluation(Outcome.SATISFIED, scores, slack)
        return Evaluation(Outcome.VIOLATED, scores, min(checks)[0],
                          detail="; ".join(text for _, text in sorted(checks)))


CONSTRAINT = Distance()
