"""Bounds: every value is a finite number within the metric's declared bounds.

Each instance is a pair (T, H); the metric's raw value must satisfy lo ≤ f(T, H) ≤ hi for
every declared side (within the tolerance).  A value that is not a finite number (NaN, inf,
a string) is reported as ``error`` by the checker, as for every constraint.  Not applicable
when neither bound is declared.

Empty input is probed once (two partitions of zero items, called with empty lists): any
exception is a refusal there (a ``ZeroDivisionError`` from a mean over no items included);
a value that is not a number (mir_eval's ``rand_index`` returned the tuple
``(0.0, 0.0, 0.0)``), not finite or out of the bounds is **violated**.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Iterator, Optional

from metricprops.calls import as_number
from metricprops.constraint import Evaluation, Instance, Outcome, ScoreFn
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

from ._fresh import call, timeout_of
from ._pairs import PairPropertyConstraint, class_note, degenerate_pairs


class Bounds(PairPropertyConstraint):
    name = "bounds"
    title = "Bounds: every value is finite and within the declared bounds"
    citation = "The metric's own declaration (Metric.bounds)."
    statement = ("For all partitions T, H of the same items, f(T, H) is a finite number with "
                 "lo ≤ f(T, H) ≤ hi for each declared bound (within the tolerance).")

    def applies_to(self, metric: Any) -> Optional[str]:
        if metric.bounds == (None, None):
            return f"needs at least one declared bound; {metric.name} declares none"
        return None


    def examples(self, max_items: int) -> Iterator[Instance]:
        empty = Partition.from_labels([])
        yield Instance(empty, {"pred": empty}, "empty input")  # one call an audit
        for n in sorted({7, max(max_items, 7)}):
            for a, b in degenerate_pairs(n):
                yield Instance(a, {"pred": b}, "degenerate")

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        return class_note(exhaustive_n)

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        if instance.truth.n == 0:
            return self._empty(score, metric, tolerance)
        value = metric.oriented(score(instance.truth, instance["pred"]))  # the raw value
        return self._within(value, metric, tolerance)

    def _empty(self, score: ScoreFn, metric: Any, tolerance: float) -> Evaluation:
        """Zero items: a refusal is fine, anything but a number within the bounds is not."""
        empty = Partition.from_labels([])
        ok, value = call(metric, [], [], timeout_of(score), empty, empty, "empty labels")
        if not ok:  # any exception: no item is input a metric may refuse however it likes
            return Evaluation(Outcome.SATISFIED, {}, 1.0, detail=f"refused: {value}")
        number = as_number(value)
        if number is None or not math.isfinite(number):
            shown = repr(value)
            return Evaluation(Outcome.VIOLATED, {"pred": f"{shown:.80}"}, -1e6,
                              detail=f"on empty input the metric gave {shown:.80}, not a "
                                     "finite number nor a refusal")
        return self._within(number, metric, tolerance)

    def _within(self, value: float, metric: Any, tolerance: float) -> Evaluation:
        lo, hi = metric.bounds
        scores = {"pred": value}
        margins = []
        if lo is not None:
            scores["lower_bound"] = lo
            margins.append(0.0 if compare_values(value, lo, tolerance) == 0 else value - lo)
        if hi is not None:
            scores["upper_bound"] = hi
            margins.append(0.0 if compare_values(value, hi, tolerance) == 0 else hi - value)
        margin = min(margins)
        if margin < 0:
            return Evaluation(Outcome.VIOLATED, scores, margin,
                              detail=out_of_bounds(metric, value, tolerance))
        return Evaluation(Outcome.SATISFIED, scores, margin)


def out_of_bounds(metric: Any, value: float, tolerance: float = TOLERANCE) -> str:
    """``"the value is below the lower bound"`` (or above the upper) when the raw ``value``
    is outside ``metric``'s declared bounds beyond the tolerance, else ``""``: every check
    that sees such a value says so (:mod:`~metricprops.constraints._renaming`)."""
    lo, hi = getattr(metric, "bounds", (None, None)) or (None, None)
    value = float(value)  # a numpy float's infinity compares to numpy booleans
    if lo is not None and value < lo and compare_values(value, lo, tolerance) != 0:
        return "the value is below the lower bound"
    if hi is not None and value > hi and compare_values(value, hi, tolerance) != 0:
        return "the value is above the upper bound"
    return ""


def with_breach(metric: Any, values: Iterable[Any], detail: str,
                tolerance: float = TOLERANCE) -> str:
    """``detail`` led by :func:`out_of_bounds` of the first raw value among ``values`` outside
    ``metric``'s declared bounds (non-numbers and NaN are skipped): a check that saw such a
    value says so, whatever it reports."""
    for value in values:
        breach = out_of_bounds(metric, value, tolerance) if isinstance(value, float) else ""
        if breach:
            return f"{breach}: {detail}"
    return detail


CONSTRAINT = Bounds()
