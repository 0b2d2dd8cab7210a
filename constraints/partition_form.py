"""A cover metric equals its partition form on partitions.

A partition is a cover whose clusters are disjoint, so a metric of covers that generalises a
metric of partitions (its declared ``partition_form``: extended BCubed and BCubed, omega and
the adjusted Rand index, the ELM for covers and ELM) must give the same value on every pair
of partitions.  Checked on every pair of partitions up to the exhaustive size (one per
class of contingency tables, as the other pair properties) and on random pairs; a
difference beyond the tolerance is a violation, with both values.  Applies to metrics of
covers that declare a partition form.
"""
from __future__ import annotations

from typing import Any, Optional

from metricprops.constraint import Evaluation, Instance, Outcome, ScoreFn
from metricprops.registry import get_metric
from metricprops.tolerance import TOLERANCE, compare_values

from ._pairs import PairPropertyConstraint


class PartitionForm(PairPropertyConstraint):
    name = "partition_form"
    title = "Equals its partition form on partitions"
    citation = ("A partition is a cover: Amigó et al. (2009) section 5.2 (extended BCubed), "
                "Collins & Dent (1988) (omega).")
    statement = ("For every pair of partitions (T, H), Q(T, H) computed as covers equals the "
                 "declared partition metric's value (within the tolerance).")

    def applies_to(self, metric: Any) -> Optional[str]:
        if getattr(metric, "input", "partition") != "cover":
            return f"a constraint on covers; {metric.name} is a metric of partitions"
        if not metric.partition_form:
            return f"{metric.name} declares no partition form (partition_form=None)"
        return None

    def scale_instance(self, truth: Any, pred: Any) -> Optional[Instance]:
        return None

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        value = metric.oriented(score(truth, pred))
        form = get_metric(metric.partition_form)
        want = form(truth, pred)
        scores = {"pred": value, metric.partition_form: want}
        if compare_values(value, want, tolerance) == 0:
            return Evaluation(Outcome.SATISFIED, scores, 0.0)
        return Evaluation(Outcome.VIOLATED, scores, -abs(value - want),
                          detail=f"differs from {metric.partition_form} on partitions")


CONSTRAINT = PartitionForm()
