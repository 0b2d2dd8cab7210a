"""Arithmetic backends for the metric formulas.

Every built-in metric is written once, as a formula over a table view (see
:mod:`metricprops.contingency`) and an *ops* namespace.  :data:`NUMERIC` evaluates with numpy
and exact Python integers for pair counts; the symbolic backend in
:mod:`metricprops.symbolic` evaluates the very same formulas with sympy expressions.

Degenerate-case conventions are expressed with :meth:`NumericOps.ratio` ("num / den, or
``default`` where den == 0"), so each 0/0 rule is visible in the formula that uses it.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = ["NumericOps", "NUMERIC", "log_array", "exp_array"]

_INT64_SAFE = 3_000_000_000  # C(s, 2) < 2**63 for s < this; Σ C(x_i, 2) <= C(Σ x_i, 2)


def log_array(x: Any) -> np.ndarray:
    """The natural log of an array, the same on every processor.

    numpy picks its float64 ``log`` and ``exp`` kernels by processor at run time (AVX-512
    ones where there are such instructions), and they differ from the others in the last
    place: a value, and a report, made on one machine would not repeat bit for bit on
    another.  scipy's ``xlogy`` calls the C library's ``log``, as :func:`math.log` does.
    """
    from scipy.special import xlogy

    return xlogy(1.0, np.asarray(x, dtype=np.float64))


def exp_array(x: Any) -> np.ndarray:
    """``exp`` of an array, the same on every processor (see :func:`log_array`): computed
    in long double (the C library's ``expl``, which numpy does not replace by kernels of
    its own) and rounded to float64."""
    return np.exp(np.asarray(x, dtype=np.longdouble)).astype(np.float64)


class NumericOps:
    """numpy / exact-integer backend."""

    symbolic = False

    @staticmethod
    def sum(x: Any, w: Any = None) -> float:
        """Σ w·x as a Python float (w: multiplicities, None for all ones)."""
        if w is not None:
            x = np.asarray(x) * w
        return float(np.sum(x, dtype=np.float64))

    @staticmethod
    def pairs(x: np.ndarray, w: Any = None) -> int:
        """Σ w·C(x, 2) for non-negative integer counts x, exact at any size."""
        x = np.asarray(x, dtype=np.int64)
        if x.size == 0:
            return 0
        total = float(np.dot(x, np.asarray(w, dtype=np.float64)) if w is not None
                      else x.sum(dtype=np.float64))
        if total < _INT64_SAFE:  # bound the sum, not the largest count: Σ C(x_i, 2) <= C(Σ x_i, 2)
            per = x * (x - 1) // 2
            if w is not None:
                per = per * np.asarray(w, dtype=np.int64)
            return int(per.sum(dtype=np.int64))
        objs = x.astype(object)
        per = objs * (objs - 1) // 2
        if w is not None:
            per = per * np.asarray(w, dtype=object)
        return int(per.sum())

    @staticmethod
    def xlogx_sum(x: Any, w: Any = None) -> float:
        """Σ w·x·log(x) with 0·log 0 = 0 (natural log; the same on every processor, as
        :func:`log_array`)."""
        from scipy.special import xlogy

        x = np.asarray(x, dtype=np.float64)
        terms = xlogy(x, np.where(x > 0, x, 1.0))
        if w is not None:
            terms = terms * w
        return float(terms.sum())

    @staticmethod
    def ratio(num: Any, den: Any, default: Any) -> Any:
        """num / den, or ``default`` where den == 0 (elementwise for arrays)."""
        if np.ndim(den) == 0 and np.ndim(num) == 0:
            if den == 0:
                return default
            if isinstance(num, int) and isinstance(den, int):
                return _int_div(num, den)
            return num / den
        num = np.asarray(num, dtype=np.float64)
        den = np.asarray(den, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(den == 0, default, num / np.where(den == 0, 1.0, den))

    @staticmethod
    def where(cond: Any, a: Any, b: Any) -> Any:
        """``a`` where ``cond`` else ``b``."""
        if np.ndim(cond) == 0:
            return a if cond else b
        return np.where(cond, a, b)

    @staticmethod
    def eq(x: Any, y: Any) -> Any:
        """x == y (a bool, or a boolean array)."""
        return x == y

    @staticmethod
    def maximum(x: Any, y: Any) -> Any:
        return max(x, y) if np.ndim(x) == 0 and np.ndim(y) == 0 else np.maximum(x, y)

    @staticmethod
    def minimum(x: Any, y: Any) -> Any:
        return min(x, y) if np.ndim(x) == 0 and np.ndim(y) == 0 else np.minimum(x, y)

    @staticmethod
    def log(x: Any) -> Any:
        return math.log(x) if np.ndim(x) == 0 else log_array(x)

    @staticmethod
    def sqrt(x: Any) -> Any:
        return math.sqrt(x) if np.ndim(x) == 0 else np.sqrt(x)

    @staticmethod
    def exp(x: Any) -> Any:
        """e**x (the C library's, as :func:`exp_array` for arrays)."""
        return math.exp(x) if np.ndim(x) == 0 else exp_array(x)

    @staticmethod
    def acos(x: Any) -> float:
        """arccos of a number in [-1, 1], in radians (the C library's)."""
        return math.acos(x)

    @staticmethod
    def segment_max(values: np.ndarray, ids: np.ndarray, size: int) -> np.ndarray:
        """Maximum of ``values`` within each segment ``0 .. size-1``."""
        out = np.full(size, -np.inf)
        # same dtype as ``out``: numpy's fast ufunc.at path (a mixed-dtype call is ~50x slower)
        np.maximum.at(out, np.asarray(ids, dtype=np.intp), np.asarray(values, dtype=np.float64))
        return out

    @staticmethod
    def value(x: Any) -> float:
        """Final conversion to a Python float."""
        return float(x)


def _int_div(num: int, den: int) -> float:
    """Exact-integer quotient as the nearest float (no int64/float overflow on the way)."""
    try:
        return num / den  # Python true division of ints is correctly rounded
    except OverflowError:  # pragma: no cover - only for astronomically large inputs
        from fractions import Fraction
        return float(Fraction(num, den))


NUMERIC = NumericOps()
