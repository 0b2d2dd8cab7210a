"""Predicting what a call of the scale phase will cost from what smaller calls cost.

The scale phase scores each shape pair at a short ladder of sizes (257, 4097, 92683,
131072) and ends the pair quietly at a call past its time limit
(:data:`~metricprops.search.scale.SCALE_CALL_SECONDS`).  For a metric whose time grows
faster than its input, paying that limit at every shape pair is most of its audit: a
pure-Python quadratic metric waited one second per shape pair at 4097 items, nine times per
audit, to learn what its calls at 257 and 1025 items already said.

:func:`predicted_seconds` extrapolates from the two largest sizes measured on the same shape
pair (the growth exponent between them, kept between 1 and :data:`MAX_EXPONENT`), and
:func:`probe_size` says where to time one more call first when the largest measured size is
far below the next (a quarter of the way up, so that the exponent is read close to where it
is used).  A call predicted past the limit is treated as one cut off there: it ends its shape
pair quietly, as the limit would have, without being waited for.  A metric fast enough for
the limit not to bite is never predicted past it (its calls are a thousand times faster
than the limit), so its verdicts do not change; for one near the limit the prediction, like
the cut-off itself, depends on the machine's speed.
"""
from __future__ import annotations

import math
from typing import Optional, Sequence, Tuple

__all__ = ["predicted_seconds", "probe_size", "sudden", "PROBE_RATIO", "MAX_EXPONENT",
           "MIN_SECONDS", "SUDDEN"]

#: A call this much smaller than the next size is too far from it to read the growth at the
#: next size: a probe a quarter of the way up is timed first.
PROBE_RATIO = 8
#: The growth exponent used is at most this (and at least 1: no call gets cheaper as its
#: input grows).
MAX_EXPONENT = 3.0
#: Times below this are call overhead and clock noise (seconds): not used for the exponent.
MIN_SECONDS = 1e-4
#: Growth into the largest size steeper by more than this (in the exponent) than the growth
#: before it is sudden: more likely one slow call (page faults, another thread's work on the
#: same clock) than the metric's own growth, which changes gradually from size to size.
SUDDEN = 0.75


def _exponent(points: Sequence[Tuple[int, float]]) -> float:
    """The growth exponent between the two largest points above :data:`MIN_SECONDS`
    (1 when fewer than two)."""
    usable = [(n, s) for n, s in points if s >= MIN_SECONDS]
    if len(usable) < 2:
        return 1.0
    (n1, s1), (n2, s2) = usable[-2:]
    slope = math.log(s2 / s1) / math.log(n2 / n1)
    return min(MAX_EXPONENT, max(1.0, slope))


def predicted_seconds(points: Sequence[Tuple[int, float]], n: int) -> Optional[float]:
    """The predicted cost of a call at ``n`` items from ``points`` (``(size, seconds)`` of
    calls on the same shape pair, sizes below ``n``, ascending); ``None`` without a point.

    >>> round(predicted_seconds([(257, 0.005), (1025, 0.08)], 4097), 2)
    1.29
    >>> round(predicted_seconds([(257, 0.001)], 4097), 4)  # one point: linear, the least
    0.0159
    """
    points = sorted(points)
    if not points:
        return None
    size, seconds = points[-1]
    return seconds * (n / size) ** _exponent(points)


def probe_size(points: Sequence[Tuple[int, float]], n: int, limit: float) -> Optional[int]:
    """Where to time one more call before calling at ``n``: a quarter of the way up from the
    largest measured size, when that size is more than :data:`PROBE_RATIO` times smaller
    than ``n`` and the growth measured so far (quadratic when only one size is measured)
    would bring the call at ``n`` past a quarter of ``limit``; else ``None`` (the prediction
    from what is measured is used as it is).

    >>> probe_size([(257, 0.005)], 4097, 1.0)
    1024
    >>> probe_size([(257, 0.00005)], 4097, 1.0) is None  # fast: nothing to learn
    True
    """
    points = sorted(points)
    if not points:
        return None
    size, seconds = points[-1]
    usable = [p for p in points if p[1] >= MIN_SECONDS]
    exponent = _exponent(points) if len(usable) >= 2 else 2.0
    if n < PROBE_RATIO * size or seconds * (n / size) ** exponent <= limit / 4:
        return None
    return n // 4


def sudden(points: Sequence[Tuple[int, float]]) -> bool:
    """Whether the growth into the largest of ``points`` is :data:`SUDDEN`, against the
    growth between the points before it (at least three points; ascending sizes).

    >>> sudden([(16384, 0.002), (32768, 0.004), (65536, 0.035)])  # linear, then n^3
    True
    >>> sudden([(256, 0.001), (512, 0.004), (1024, 0.016)])  # quadratic all along
    False
    """
    points = sorted(points)
    return len(points) >= 3 and _exponent(points) > _exponent(points[:-1]) + SUDDEN
