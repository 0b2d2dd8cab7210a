"""The findings a metric's declared conventions explain (:mod:`metricprops.conventions`).

A finding the declaration explains keeps its place among the search's findings, under a
key of its own kind, ``"convention"``: it is shrunk and reported (``convention
(declared)``), it does not make the check fail, and it blocks nothing, so the search goes
on looking for the findings the declaration does not explain.  Explained here: anything on
fewer items than ``min_items``; an error raising a type of ``refuses``; a violation on an
instance holding a named ``degenerate`` case that the metric scores as declared, when every
metric value the violation shows is that value (so a renaming, a copy or a second call that
scores the case otherwise is still a finding).  (A
renaming explained by ``missing`` or ``compare`` is told by the renaming constraint itself,
in its evaluation's ``convention``.)
"""
from __future__ import annotations

from typing import Any, Tuple

from ..conventions import Conventions, case_holds
from ..errors import MetricCallError
from ..tolerance import compare_values

__all__ = ["CONVENTION", "declared_key"]

#: The kind of a finding's key that a declared convention explains.
CONVENTION = "convention"

Key = Tuple[str, str, str, str]
#: Scores of an evaluation that are declared or expected values, not the metric's.
REFERENCE_SCORES = ("perfect", "lower_bound", "upper_bound", "reference", "expected",
                    "declared")


def _all_as_declared(search: Any, what: Any, value: float) -> bool:
    """Whether every metric value among the scores ``what`` shows is ``value`` (oriented
    or not)."""
    scores = getattr(what, "scores", None) or {}
    targets = (value, search.metric.oriented(value))
    for key, got in scores.items():
        if key in REFERENCE_SCORES:
            continue
        if isinstance(got, bool) or not isinstance(got, (int, float)) or all(
                compare_values(float(got), t, search.tolerance) != 0 for t in targets):
            return False
    return True


def _scored_as_declared(search: Any, instance: Any, case: str, value: float) -> bool:
    for pred in instance.preds.values():
        if not case_holds(case, instance.truth, pred):
            continue
        try:
            got = float(search.scorer(instance.truth, pred))
        except (MetricCallError, TypeError, ValueError):
            continue
        if compare_values(got, value, search.tolerance) == 0:
            return True
    return False


def _raised(error: Any) -> str:
    """The name of the exception type the metric raised behind ``error`` (``""``: none)."""
    if not isinstance(error, MetricCallError) or error.reason != "raised":
        return ""
    cause = error.__cause__
    while isinstance(cause, MetricCallError):
        cause = cause.__cause__
    return type(cause).__name__ if cause is not None else ""


def declared_key(search: Any, instance: Any, key: Key, what: Any) -> Key:
    """``key``, or the ``convention`` key of the same finding when the metric's declared
    conventions explain it (its cause names the convention)."""
    conventions = getattr(search.metric, "conventions", None)
    if not isinstance(conventions, Conventions) or not conventions.declared:
        return key
    kind, reason, cls, cause = key
    if kind not in ("violation", "error"):
        return key
    if instance.n < conventions.min_items:
        return (CONVENTION, reason, cls, f"min_items {conventions.min_items}")
    if kind == "error":
        name = _raised(what)
        if name and conventions.refused(name):
            return (CONVENTION, reason, cls, f"refuses {name}")
        return key
    if kind == "violation":
        for case, value in conventions.cases().items():
            if _all_as_declared(search, what, value) and \
                    _scored_as_declared(search, instance, case, value):
                return (CONVENTION, reason, cls, f"{case} scores {value:g}")
    return key
