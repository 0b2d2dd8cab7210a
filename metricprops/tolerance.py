"""The one tolerance policy used everywhere scores are compared.

Two scores are *tied* when they differ by at most ``TOLERANCE · max(1, |a|, |b|)``: an
absolute tolerance for scores of order one, relative for large ones (distances such as VI).
"""
from __future__ import annotations

import math

__all__ = ["TOLERANCE", "compare_values", "close"]

#: Default tolerance (overridable per check, e.g. ``metricprops.check(..., tolerance=1e-6)``).
TOLERANCE = 1e-9


def _scale(a: float, b: float) -> float:
    return max(1.0, abs(a), abs(b))


def compare_values(a: float, b: float, tolerance: float = TOLERANCE) -> int:
    """-1 if a < b, 1 if a > b, 0 if they are equal within the tolerance."""
    if math.isinf(a) or math.isinf(b):
        return (a > b) - (a < b)
    if abs(a - b) <= tolerance * _scale(a, b):
        return 0
    return 1 if a > b else -1


def close(a: float, b: float, tolerance: float = TOLERANCE) -> bool:
    """True if a and b are equal within the tolerance."""
    return compare_values(a, b, tolerance) == 0

