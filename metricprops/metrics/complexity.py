"""Declared complexities in ``n`` (items) and ``k`` (clusters): ``"n + k^2"`` -> terms.

A declaration is a sum of terms; a term is a product of factors ``n``, ``k``, ``n^p`` /
``n**p`` (``p`` a positive number) and log factors (``log n``, ``log(k)``, ``nlogn``),
which count as no power: a log factor lies within the scaling property's margin.  Every
declaration of earlier releases (``"n"``, ``"n log n"``, ``"n^2"``, ``"n**1.5"``) reads as
before.  Since ``k <= n``, a metric declared ``O(n^p)`` may spend ``k^p`` on the clusters:
:func:`allowed_exponent` gives the growth a workload whose items grow like ``s^a`` and whose
clusters grow like ``s^b`` may show.
"""
from __future__ import annotations

import re
from typing import Any, List, Tuple

from ..errors import InvalidComplexityError

__all__ = ["growth_terms", "total_exponent", "allowed_exponent"]

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
