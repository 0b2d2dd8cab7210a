"""A pair-counting metric as a function of its four pair counts.

Gösgens, Tikhonov & Prokhorenkova (2021) write every pair-counting index as a function of

* ``N11`` -- pairs together in both partitions (``PairCounts.tp``),
* ``N10`` -- pairs together in the truth only (``PairCounts.fn``),
* ``N01`` -- pairs together in the prediction only (``PairCounts.fp``),
* ``N00`` -- pairs apart in both (``PairCounts.tn``),

(the truth is their partition A, the first argument).  A built-in formula reads these
through :func:`~metricprops.metrics.stats.pair_counts`, which caches them in the table view
``t._cache``; :class:`PairCountView` is a table view that holds *only* the four counts (and
``n``, from N = N11 + N10 + N01 + N00 = n (n − 1) / 2), so the very same formula -- over
``t.ops`` -- gives the metric's value at any four counts, numerically (:data:`NUMERIC`, exact
integers) or symbolically (sympy expressions, for the proofs of :mod:`metricprops.symbolic`).

Every count tuple that two partitions realise is a valid input; so are others (the formula
is a function on all of them), which is what a derivative over the counts needs.

A formula that reads anything else of the table (cells, marginals) is not a function of the
pair counts: the view raises :class:`~metricprops.errors.InvalidMetricError`, and so does
declaring such a metric ``pair_counting=True``.

Example::

    >>> import metricprops as mp
    >>> from metricprops.metrics.pair_function import pair_count_value
    >>> pair_count_value(mp.get_metric("jaccard"), 20, 24, 20, 72)  # IIR 16.3: TP 20, FN 24
    0.3125
"""
from __future__ import annotations

import math
from typing import Any, Dict

from ..errors import InvalidMetricError
from .stats import PairCounts

__all__ = ["PairCountView", "pair_count_value", "check_pair_counting", "COUNT_NAMES"]

#: Gösgens et al.'s names of the four counts, in the order every function here takes them.
COUNT_NAMES = ("N11", "N10", "N01", "N00")

#: The counts a declared pair-counting formula is tried on when the metric is created
#: (N = 10 = C(5, 2): two partitions of 5 items realise them).
_PROBE = (3, 1, 2, 4)


class PairCountView:
    """A table view that exposes the four pair counts and nothing else of a table.

    Parameters
    ----------
    n11, n10, n01, n00 : int, float or sympy expression
        The counts (see the module docstring for their meaning).
    ops : ops namespace, optional
        :data:`metricprops.ops.NUMERIC` (default) or a
        :class:`~metricprops.symbolic.ops.SymbolicOps`.
    n : optional
        Number of items; default the root of n (n − 1) / 2 = N11 + N10 + N01 + N00 (exact
        when the total is a triangular number, else the real root).
    """

    def __init__(self, n11: Any, n10: Any, n01: Any, n00: Any, *, ops: Any = None,
                 n: Any = None):
        if ops is None:
            from ..ops import NUMERIC
            ops = NUMERIC
        self._ops = ops
        total = n11 + n10 + n01 + n00
        self.n = _items(total, ops) if n is None else n
        self._cache: Dict[str, Any] = {
            "pair_counts": PairCounts(tp=n11, fp=n01, fn=n10, tn=n00, total=total)}

    @property
    def ops(self) -> Any:
        return self._ops

    symbolic = property(lambda self: self._ops.symbolic)

    def __getattr__(self, name: str) -> Any:  # only for what the view does not hold
        if name.startswith("__"):
            raise AttributeError(name)
        raise InvalidMetricError(
            f"the formula reads the table's {name!r}: it is not a function of the four pair "
            "counts (N11, N10, N01, N00) alone")

    def __repr__(self) -> str:
        pc = self._cache["pair_counts"]
        return f"PairCountView(N11={pc.tp}, N10={pc.fn}, N01={pc.fp}, N00={pc.tn})"


def _items(total: Any, ops: Any) -> Any:
    """n with n (n − 1) / 2 = total."""
    if ops.symbolic:
        return (1 + ops.sqrt(1 + 8 * total)) / 2
    if isinstance(total, int):
        root = math.isqrt(1 + 8 * total)
        if root * root == 1 + 8 * total:
            return (1 + root) // 2
    return (1 + math.sqrt(1 + 8 * total)) / 2


def pair_count_value(metric: Any, n11: Any, n10: Any, n01: Any, n00: Any, *,
                     ops: Any = None, n: Any = None) -> Any:
    """The value of a pair-counting metric at the four counts (N11, N10, N01, N00).

    Parameters
    ----------
    metric : Metric
        A metric with a ``formula`` (a built-in, or a user's metric written over ``t.ops``)
        declared ``pair_counting=True`` (``metricprops.get_metric(name)`` for a name).
    n11, n10, n01, n00 : int, float or sympy expression
        Pairs together in both, in the truth only, in the prediction only, apart in both.
        Counts need not be realisable by two partitions.
    ops : optional
        The arithmetic backend; default numeric (a Python float is returned), or a
        :class:`~metricprops.symbolic.ops.SymbolicOps` (a sympy expression is returned; use
        :func:`metricprops.symbolic.pair_proofs.count_symbols` for its symbols).
    n : optional
        Number of items, for the few formulas that read it (``mirkin``); default from the
        counts (see :class:`PairCountView`).

    Returns
    -------
    float or sympy expression

    Raises
    ------
    InvalidMetricError
        A black-box metric (no formula), a metric not declared pair-counting, or a formula
        that reads more of the table than the pair counts.
    """
    m = metric
    if not hasattr(m, "formula") or not hasattr(m, "pair_counting"):
        raise InvalidMetricError(f"expected a Metric, got {type(metric).__name__}: {metric!r}")
    if m.formula is None:
        raise InvalidMetricError(
            f"metric {m.name!r} is a black-box function: it can be evaluated only on partitions, "
            "not on four pair counts")
    if not m.pair_counting:
        raise InvalidMetricError(
            f"metric {m.name!r} is not declared pair_counting=True")
    view = PairCountView(n11, n10, n01, n00, ops=ops, n=n)
    value = m.formula(view)
    return value if view.ops.symbolic else float(value)


def check_pair_counting(metric: Any) -> None:
    """Raise :class:`InvalidMetricError` unless ``metric.formula`` is a function of the pair
    counts alone (tried once, numerically, on four fixed counts)."""
    view = PairCountView(*_PROBE)
    try:
        metric.formula(view)
    except InvalidMetricError as exc:
        raise InvalidMetricError(
            f"metric {metric.name!r} is declared pair_counting=True but {exc}") from None
    except Exception as exc:  # the formula's own failure on ordinary counts
        raise InvalidMetricError(
            f"metric {metric.name!r} is declared pair_counting=True but its formula raised "
            f"{type(exc).__name__}: {exc} on the pair counts {dict(zip(COUNT_NAMES, _PROBE))}"
        ) from None
