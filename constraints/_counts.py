"""The four pair counts of Gösgens, Tikhonov & Prokhorenkova (2021), and a metric's value at
any four counts.

For a truth A and a prediction B of the same n items, the C(n, 2) unordered item pairs are
N11 (together in both), N10 (together in A only), N01 (together in B only) and N00 (apart in
both).  A pair-counting metric (declared ``pair_counting=True``) is a function of these four
alone; when it also has a formula it can be evaluated at counts no two partitions realise
(:func:`~metricprops.metrics.pair_function.pair_count_value`), which is what the paper's
count-level properties need.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Optional, Tuple

from metricprops.ops import NumericOps
from metricprops.partition import Partition

__all__ = ["Counts", "count_vector", "value_at", "formula_counts", "all_disagree",
           "all_agree", "UNDEFINED"]

Counts = Tuple[Any, Any, Any, Any]  # (N11, N10, N01, N00)


def _pairs(sizes: Any) -> int:
    return sum(s * (s - 1) // 2 for s in sizes)


def count_vector(truth: Partition, pred: Partition) -> Counts:
    """(N11, N10, N01, N00) of a truth and a prediction, exact integers."""
    n11 = _pairs(Counter(zip(truth.tolist(), pred.tolist())).values())
    m_a, m_b = _pairs(truth.sizes), _pairs(pred.sizes)
    total = truth.n * (truth.n - 1) // 2
    return n11, m_a - n11, m_b - n11, total - m_a - m_b + n11


def all_disagree(v: Counts) -> bool:
    """No pair agrees: N11 = N00 = 0 (one side one block, the other all singletons)."""
    return v[0] == 0 and v[3] == 0


def all_agree(v: Counts) -> bool:
    """Every pair agrees: N10 = N01 = 0 (identical partitions)."""
    return v[1] == 0 and v[2] == 0


def formula_counts(metric: Any) -> bool:
    """True if ``metric`` can be evaluated at any four counts (a pair-counting formula)."""
    return bool(getattr(metric, "pair_counting", False)) and metric.formula is not None


class UndefinedOps(NumericOps):
    """Numeric ops in which a ratio with a zero denominator is undefined (NaN) instead of the
    metric's convention: the paper's properties hold "where the index is defined"."""

    @staticmethod
    def ratio(num: Any, den: Any, default: Any) -> Any:
        return NumericOps.ratio(num, den, math.nan)


UNDEFINED = UndefinedOps()


def value_at(metric: Any, v: Counts) -> Optional[float]:
    """Q (oriented: higher is better) of a pair-counting formula at the counts ``v``, or
    ``None`` where the formula is undefined there (a zero denominator -- the metric's
    convention for it is not used -- or an error, NaN or infinity)."""
    from metricprops.metrics.pair_function import pair_count_value
    try:
        value = pair_count_value(metric, *v, ops=UNDEFINED)
    except (ArithmeticError, ValueError):
        return None
    if value is None or not math.isfinite(value):
        return None
    return metric.oriented(float(value))
