"""Declared complexities in ``n`` (items) and ``k`` (clusters): ``"n + k^2"`` -> terms.

A declaration is a sum of terms; a term is a product of factors ``n``, ``k``, ``n^p`` /
``n**p`` (``p`` a positive number) and log factors (``log n``, ``log(k)``, ``nlogn``),
which count as no power: a log factor lies within the scaling property's margin.  Every
declaration of earlier releases (``"n"``, ``"n log n"``, ``"n^2"``, ``"n**1.5"``) reads as
before.  Since ``k <= n``, a metric declared ``O(n^p)`` may spend ``k^p`` on the clusters:
:func:`allowed_exponent` gives the growth a workload whose items grow like ``s^a`` and whose
clusters grow like ``s^b`` may show.

What a call will cost is read from calls already measured (:func:`predicted_seconds`: the
growth between the two largest sizes, at least linear): the scale phase does not wait for a
call predicted past its time limit (:mod:`metricprops.search.cost`), and the ``scaling``
property stops growing its sizes before one (:mod:`metricprops.constraints._growth`).
"""
from __future__ import annotations

import math
import re
from typing import Any, List, Optional, Sequence, Tuple

from ..errors import InvalidComplexityError

__all__ = ["growth_terms", "total_exponent", "allowed_exponent", "measured_exponent",
           "predicted_seconds", "MAX_EXPONENT", "MIN_SECONDS"]

#: One term: (power of n, power of k).
Term = Tuple[float, float]

_LOG = re.compile(r"log\(?[nk]\)?")
_FACTOR = re.compile(r"\*?([nk])(?:\^(\d+(?:\.\d*)?|\.\d+))?")


def _term(text: str) -> Term:
    rest = _LOG.sub("", text)
    powers = {"n": 0.0, "k": 0.0}
    pos = 0
    while pos < len(rest):
        m = _FACTOR.match(rest, pos)
        if m is None or m.end() == pos:
            raise ValueError(text)
        power = float(m.group(2)) if m.group(2) else 1.0
        if power <= 0:
            raise ValueError(text)
        powers[m.group(1)] += power
        pos = m.end()
    if not rest and not text:
        raise ValueError(text)
    return powers["n"], powers["k"]


def growth_terms(complexity: Any, name: str = "metric") -> List[Term]:
    """The terms ``(power of n, power of k)`` of a declared complexity.

    ``"n"`` -> ``[(1, 0)]``, ``"n log n"`` -> ``[(1, 0)]``, ``"n + k^2"`` ->
    ``[(1, 0), (0, 2)]``, ``"n*k"`` -> ``[(1, 1)]``.  Raises
    :class:`~metricprops.errors.InvalidComplexityError` (a ``ValueError``) for anything else.
    """
    text = str(complexity).lower().replace(" ", "").replace("**", "^")
    try:
        terms = [_term(t) for t in text.split("+")]
    except ValueError:
        terms = []
    if not isinstance(complexity, str) or not terms or all(t == (0.0, 0.0) for t in terms):
        raise InvalidComplexityError(
            f"metric {name!r}: expected a complexity in n (items) and k (clusters), a sum of "
            f"products such as 'n', 'n log n', 'n^2', 'n + k^2' or 'n*k', got {complexity!r}")
    return terms


def total_exponent(complexity: Any, name: str = "metric") -> float:
    """The growth when items and clusters grow together (``k ~ n``): the largest total
    power of a term -- ``"n + k^2"`` -> 2, ``"n*k"`` -> 2, ``"n log n"`` -> 1."""
    return max(p + q for p, q in growth_terms(complexity, name))


def allowed_exponent(terms: List[Term], items: float, clusters: float) -> float:
    """The growth in ``s`` a workload with ``n ~ s^items`` and ``k ~ s^clusters`` may show:
    the largest over the terms ``n^p k^q`` of ``p·items + q·clusters``, or of
    ``(p + q)·clusters`` (``k <= n``, so an ``n^p`` budget may be spent on the clusters)."""
    return max(max(p * items + q * clusters, (p + q) * clusters) for p, q in terms)


# -- measured growth: what a call at a larger size will cost ----------------------------

#: The growth exponent used is at most this (and at least 1: no call gets cheaper as its
#: input grows).
MAX_EXPONENT = 3.0
#: Times below this are call overhead and clock noise (seconds): not used for the exponent.
MIN_SECONDS = 1e-4


def measured_exponent(points: Sequence[Tuple[int, float]]) -> float:
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
    calls on the same inputs at sizes below ``n``, ascending); ``None`` without a point.

    >>> round(predicted_seconds([(257, 0.005), (1025, 0.08)], 4097), 2)
    1.29
    >>> round(predicted_seconds([(257, 0.001)], 4097), 4)  # one point: linear, the least
    0.0159
    """
    points = sorted(points)
    if not points:
        return None
    size, seconds = points[-1]
    return seconds * (n / size) ** measured_exponent(points)
