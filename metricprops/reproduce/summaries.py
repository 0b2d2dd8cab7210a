"""Summaries of score arrays for the reproduction reports: descriptive statistics and exact
histograms."""
from __future__ import annotations

from typing import Dict

import numpy as np

__all__ = ["describe", "exact_histogram"]


def describe(values: np.ndarray) -> Dict[str, float]:
    """Count, mean, variance, sd (population), min, quartiles and max of ``values``."""
    v = np.asarray(values, dtype=np.float64)
    return {
        "n": int(v.size),
        "mean": float(v.mean()),
        "variance": float(v.var()),
        "sd": float(v.std()),
        "min": float(v.min()),
        "q1": float(np.quantile(v, 0.25)),
        "median": float(np.median(v)),
        "q3": float(np.quantile(v, 0.75)),
        "max": float(v.max()),
    }


def exact_histogram(numerators: np.ndarray, denominator: int, bins: int) -> np.ndarray:
    """Exact histogram of scores ``numerators / denominator`` on ``bins`` equal bins of [0, 1]."""
    # numerators * bins is an exact float (< 2**53) and the division is correctly rounded, so
    # the floor is exact: a non-integer quotient is at least 1/denominator from an integer
    q = (numerators.astype(np.float64) * bins) / float(denominator)
    idx = np.minimum(q.astype(np.int64), bins - 1)
    return np.bincount(idx.reshape(-1), minlength=bins).astype(np.int64)
