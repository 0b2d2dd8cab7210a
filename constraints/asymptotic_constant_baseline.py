"""Asymptotic constant baseline (Gösgens, Tikhonov & Prokhorenkova 2021, section 4).

A constant baseline (:mod:`.constant_baseline`) asks E[Q(T, H)] over a random arrangement H
of a prediction's labels to be one constant for every truth and every block sizes.  The
asymptotic form asks it only in the limit: when every block of T and of H grows in
proportion (shapes α and β fixed, n → ∞), E[Q] must tend to one constant c_base, whatever
the shapes.  Under the permutation model the contingency table concentrates around the
*independence table* n_ij = n α_i β_j (N11 around N_A N_B / N, the paper's form for
pair-counting indices), so for a metric continuous in the table's proportions the limit is
Q at that table.

The check, for a non-trivial shape pair (α, β) (1 < blocks < items on both sides) against
the reference shape ({0 1 | 2}, {0 1 | 2}):

1. Q at the independence tables of n ≈ :data:`SMALL` and of :data:`GROWTH` times as many
   items, for the shape and for the reference: the gap between the two must vanish (within
   the tolerance) or shrink at least as n^(-1/4) does, by GROWTH^(1/4) = 8^(1/4) ≈ 1.68 (a 1/n
   or 1/√n approach to a common limit passes, shrinking 8 or 2.8 times; a gap that stays --
   Rand's 1 − Σα² − Σβ² + 2 Σα² Σβ² depends on the shapes -- does not).  Until 2026-12-05 the
   larger table had 16 times the items and the gap had to halve: the same n^(-1/4), at a
   quarter of the cost for a quadratic metric.
2. A gap that does not shrink is only a *candidate*: a metric need not be continuous in the
   proportions (SMI is a z-score: its value at the independence table is −E[MI]/σ[MI], but
   its expectation is 0 for every shape).  It becomes a violation only if
   :data:`CONFIRM_SAMPLES` random arrangements at the smaller size, for the shape and for
   the reference, reject "the two expectations are equal" at the check's share of
   α = :data:`~metricprops.settings.FAMILY_ALPHA` (Bonferroni, as ``constant_baseline``).

Exhaustive: every pair of non-trivial shapes of 3 to ``exhaustive_n`` items (35 up to five);
random: shapes of up to :data:`MAX_SHAPE_ITEMS` items.
"""
from __future__ import annotations

import math
from typing import Any, Iterator, List, Tuple

import numpy as np
from hypothesis import strategies as st

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.partition import Partition
from metricprops.settings import FAMILY_ALPHA, MAX_CONFIRMATIONS
from metricprops.tolerance import TOLERANCE, compare_values

from ._permutation import mean_and_se, nontrivial_shapes, sample_values, two_sided_p, z_beyond
from .constant_baseline import _shape

#: Items of the smaller independence table (about; the larger has GROWTH times as many).
SMALL = 100
GROWTH = 8
#: The gap must shrink at least this many times while n grows GROWTH-fold: as n^(-1/4).
REQUIRED_SHRINK = GROWTH ** 0.25
#: Largest shape (items) drawn by the random phase: its tables have n0² · s items.
MAX_SHAPE_ITEMS = 8
#: Random arrangements per side when a candidate is confirmed.
CONFIRM_SAMPLES = 100
REFERENCE = ((2, 1), (2, 1))


def independence_pair(alpha: Tuple[int, ...], beta: Tuple[int, ...],
                      scale: int) -> Tuple[Partition, Partition]:
    """Truth and prediction whose table is n_ij = α_i β_j · scale (n = Σα · Σβ · scale)."""
    truth: List[int] = []
    pred: List[int] = []
    for i, a in enumerate(alpha):
        for j, b in enumerate(beta):
            truth += [i] * (a * b * scale)
            pred += [j] * (a * b * scale)
    return Partition.from_labels(truth), Partition.from_labels(pred)


def scales(alpha: Tuple[int, ...], beta: Tuple[int, ...]) -> Tuple[int, int]:
    """The scale of the smaller table (about :data:`SMALL` items) and of the larger one."""
    small = max(1, round(SMALL / (sum(alpha) * sum(beta))))
    return small, small * GROWTH


def _shapes(instance: Instance) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
    return (tuple(sorted(instance.truth.sizes, reverse=True)),
            tuple(sorted(instance["pred"].sizes, reverse=True)))


def _nontrivial(p: Partition) -> bool:
    return 1 < p.n_blocks < p.n


class AsymptoticConstantBaseline(Constraint):
    name = "asymptotic_constant_baseline"
    title = "Asymptotic constant baseline: E[Q] under random labels tends to one constant"
    citation = ("Gösgens, Tikhonov & Prokhorenkova (2021), 'Systematic analysis of cluster "
                "similarity indices: how to validate validation measures' (ICML), asymptotic "
                "constant baseline.")
    statement = ("When every block of T and of H grows in proportion, E[Q(T, H)] over random "
                 "arrangements of H tends to the same constant for all non-trivial shapes; "
                 "checked at the independence tables (n_ij = n α_i β_j) of about "
                 f"{SMALL} and {SMALL * GROWTH} items against the shape {{0 1 | 2}} / "
                 f"{{0 1 | 2}}: the gap must vanish or shrink at least as n^(-1/4) (by "
                 f"{REQUIRED_SHRINK:.3g} times); a gap that stays fails if "
                 f"{CONFIRM_SAMPLES} random arrangements a side confirm it (family-wise "
                 f"α = {FAMILY_ALPHA:g}).")
    min_items = 3
    budget = 0.1  # each instance scores tables of up to 800-1,000 items

    def strategy(self, max_items: int) -> Any:
        n = max(3, min(max_items, MAX_SHAPE_ITEMS))
        return st.tuples(_shape(n), _shape(n)).map(lambda ab: Instance(
            Partition.from_sizes(ab[0]), {"pred": Partition.from_sizes(ab[1])}))

    def random_max_items(self, max_items: int) -> int:
        return max(3, min(max_items, MAX_SHAPE_ITEMS))

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for n in range(3, max_n + 1):
            for alpha in nontrivial_shapes(n):
                for beta in nontrivial_shapes(n):
                    yield Instance(Partition.from_sizes(alpha),
                                   {"pred": Partition.from_sizes(beta)})

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        return (f"Instances are shapes; each was scored at its independence tables of about "
                f"{SMALL} and {SMALL * GROWTH} items.")

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        if not (_nontrivial(instance.truth) and _nontrivial(instance["pred"])):
            return Evaluation(Outcome.SATISFIED, {}, 0.0, detail="a trivial shape")
        shape = _shapes(instance)
        values = {}
        for role, (alpha, beta) in (("shape", shape), ("reference", REFERENCE)):
            for size, scale in zip(("small", "large"), scales(alpha, beta)):
                values[(role, size)] = score(*independence_pair(alpha, beta, scale))
        gap = {size: values[("shape", size)] - values[("reference", size)]
               for size in ("small", "large")}
        raw = {f"{role}_{size}": metric.oriented(v) for (role, size), v in values.items()}
        extra = {"items": {size: sum(shape[0]) * sum(shape[1]) * s
                           for size, s in zip(("small", "large"), scales(*shape))}}
        if compare_values(values[("shape", "large")], values[("reference", "large")],
                          tolerance) == 0:
            return Evaluation(Outcome.SATISFIED, raw, 0.0, extra=extra)
        margin = abs(gap["small"]) / REQUIRED_SHRINK - abs(gap["large"])
        if margin >= 0:
            return Evaluation(Outcome.SATISFIED, raw, margin, extra=extra)
        return Evaluation(Outcome.VIOLATED, raw, margin, extra=extra, tentative=True,
                          detail=f"at the independence tables the gap to the reference "
                                 f"shape goes from {abs(gap['small']):.6g} to "
                                 f"{abs(gap['large']):.6g} while n grows {GROWTH}-fold, "
                                 f"less than {REQUIRED_SHRINK:.3g} times smaller "
                                 "(a candidate, to be confirmed on random arrangements)")

    def confirm(self, instance: Instance, score: ScoreFn, metric: Any,
                tolerance: float = TOLERANCE, alpha: float = FAMILY_ALPHA) -> Evaluation:
        """Random arrangements at the smaller size (cheap, and the expectations of a metric
        whose limit differs by shape differ there too): do the two expectations differ?"""
        first = self.evaluate(instance, score, metric, tolerance)
        means = {}
        for role, shapes in (("shape", _shapes(instance)), ("reference", REFERENCE)):
            truth, pred = independence_pair(*shapes, scales(*shapes)[0])
            values = sample_values(lambda t, h: metric.oriented(score(t, h)), truth, pred,
                                   CONFIRM_SAMPLES, "asymptotic")
            means[role] = mean_and_se(np.asarray(values))
        (m_s, se_s), (m_r, se_r) = means["shape"], means["reference"]
        se = math.hypot(se_s, se_r)
        z = z_beyond(m_s - m_r, se, 0.0, tolerance)
        p = two_sided_p(z) if z > 0 else 1.0
        scores = {"expected_shape": m_s, "expected_reference": m_r}
        extra = dict(first.extra, samples=CONFIRM_SAMPLES, z=z, p_value=p, alpha=alpha)
        if p > alpha:
            return Evaluation(Outcome.SATISFIED, scores, 0.0, extra=extra)
        return Evaluation(Outcome.VIOLATED, scores, -z, extra=extra, detail=(
            f"{first.detail.split(' (a candidate')[0]}; and on {CONFIRM_SAMPLES} random "
            f"arrangements a side at {extra['items']['small']} items E[Q] is {m_s:.6g} "
            f"against {m_r:.6g} for the reference shape: z = {z:.3g}, p = {p:.2g} <= "
            f"{alpha:.2g} (family-wise {FAMILY_ALPHA:g}, Bonferroni over "
            f"{MAX_CONFIRMATIONS} confirmations)"))


CONSTRAINT = AsymptoticConstantBaseline()
