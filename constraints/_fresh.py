"""Calling a metric directly on given label containers, past the checker's memo.

The checker's :class:`~metricprops.calls.ScoreFn` memoises every value and passes fresh
canonical lists.  The hygiene properties (label invariance, determinism, input immutability)
need the opposite: the metric's own value on the containers they built, every time it is
asked, so that a memo cannot hide a difference between two calls.
"""
from __future__ import annotations

import math
from typing import Any, List, Optional, Tuple

from metricprops.calls import DEFAULT_TIMEOUT, MetricCallError, as_number, silenced, timed_call
from metricprops.partition import Partition

__all__ = ["call", "call_value", "timeout_of", "short", "same_value"]


def timeout_of(score: Any) -> Optional[float]:
    """The time limit of the check's scorer (the default when it has none)."""
    return getattr(score, "timeout", DEFAULT_TIMEOUT)


def short(exc: BaseException) -> str:
    """``"ExcType: message"`` on one line, cut at 100 characters."""
    text = str(exc).replace("\n", " ")
    return f"{type(exc).__name__}: {text[:100]}{'...' if len(text) > 100 else ''}"


#: The exceptions with which any metric refuses an input it does not support (a
#: ``OverflowError`` and ``MemoryError`` too: a loud "out of range" or "too large", as a
#: conversion of 2^64 to int64 or a dense table indexed by ids past 10^9 says).
REFUSALS: Tuple[type, ...] = (TypeError, ValueError, OverflowError, MemoryError)


def is_refusal(metric: Any, error: BaseException) -> bool:
    """Whether ``error`` raised by ``metric`` is a refusal (a documented limitation) rather
    than a crash: one of :data:`REFUSALS`, an exception type the metric declares in its
    ``refusals`` attribute (a tuple of types), or one its declared conventions name
    (``conventions={"refuses": [...]}``, by type name).  A ``KeyError`` or ``IndexError`` from
    deep inside a library is a crash.  The one place this rule is written."""
    declared = tuple(getattr(metric, "refusals", None) or ())
    if isinstance(error, REFUSALS + declared):
        return True
    conventions = getattr(metric, "conventions", None)  # conventions={"refuses": [...]}
    return conventions is not None and any(
        conventions.refused(t.__name__) for t in type(error).__mro__)


def call(metric: Any, labels_true: Any, labels_pred: Any, timeout: Optional[float],
         truth: Partition, pred: Partition, what: str) -> Tuple[Optional[bool], Any]:
    """``(True, value)``, ``(False, "ExcType: message")`` for a refusal (:func:`is_refusal`)
    or ``(None, "ExcType: message")`` for a crash; a hang raises MetricCallError.

    ``truth``/``pred`` are the canonical partitions the containers encode (for the error
    report); ``what`` names the containers in a timeout message.
    """
    func = metric if metric.builtin else metric.func
    try:
        with silenced():
            finished, value = timed_call(lambda: func(labels_true, labels_pred), timeout)
    except Exception as exc:
        return (False if is_refusal(metric, exc) else None), short(exc)
    if not finished:
        raise MetricCallError("timeout", f"{metric.name} did not return within {timeout:g} s "
                              f"on {what}", truth, pred)
    return True, value


def call_value(metric: Any, labels_true: Any, labels_pred: Any, timeout: Optional[float],
               truth: Partition, pred: Partition, what: str) -> Any:
    """The value as a float when it is a number (NaN and inf included), else a string
    describing what came back (a raised exception or a non-number)."""
    ok, value = call(metric, labels_true, labels_pred, timeout, truth, pred, what)
    if not ok:
        return f"raised {value}"
    number = as_number(value)
    return number if number is not None else f"returned {type(value).__name__} {value!r:.60}"


def same_value(a: Any, b: Any, tolerance: float) -> bool:
    """Two outcomes of :func:`call_value` agree: numbers within the tolerance (NaN equals
    NaN, an infinity itself), anything else by equality."""
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        if math.isinf(a) or math.isinf(b):
            return a == b
        from metricprops.tolerance import compare_values
        return compare_values(a, b, tolerance) == 0
    return a == b


def codes(p: Partition, offset: int = 0, reverse: bool = False) -> List[int]:
    """The canonical labels of ``p`` as a list, shifted by ``offset``; ``reverse`` numbers
    the blocks from the last (so that the list is not sorted when there are two blocks)."""
    k = p.n_blocks
    if reverse:
        return [k - 1 - int(c) + offset for c in p.labels]
    return [int(c) + offset for c in p.labels]
