"""The partitions the scaling property times, one family a workload, each grown in a size.

* ``blocks`` -- the truth in blocks of 4 items against a prediction random over n / 4 blocks:
  items and clusters grow together (a dense table has n² / 16 cells);
* ``staircase`` -- block sizes 1, 2, ..., m on both sides (the prediction's over the items
  shuffled): n = m(m + 1) / 2 items in k ~ √(2n) blocks of m distinct sizes, where code that
  loops over pairs of block sizes (an expected mutual information, SMI's variance) grows;
* ``few clusters`` -- 4 blocks a side, n growing: a loop over pairs of items is quadratic
  here while a per-label table is not;
* ``many clusters`` -- 2,048 items, k growing from 8 blocks a side to all singletons.

A workload's items grow like ``s^items`` and its clusters like ``s^clusters`` in its size
``s`` (the items, or the clusters for ``many clusters``); the growth a declaration allows on it
is :func:`metricprops.metrics.complexity.allowed_exponent`.
"""
from __future__ import annotations

import math
from typing import Callable, NamedTuple, Tuple

import numpy as np

Labels = Tuple[np.ndarray, np.ndarray]

#: The items of the ``many clusters`` workload.
FIXED_ITEMS = 2048


class Workload(NamedTuple):
    """A family of partition pairs grown in a size: ``labels(s)`` -> (truth, pred) labels."""

    name: str
    description: str
    labels: Callable[[int], Labels]
    items: float  # n ~ s^items
    clusters: float  # k ~ s^clusters
    variable: str  # what the size counts: "n" (items) or "k" (clusters)
    sizes: Tuple[int, ...]


def blocks(n: int) -> Labels:
    """Blocks of 4 items against random n / 4 blocks."""
    truth = np.arange(n) // 4
    pred = np.random.default_rng(n).integers(0, max(1, n // 4), n)
    return truth, pred


def staircase(n: int) -> Labels:
    """Block sizes 1 .. m on both sides, m(m + 1) / 2 <= n items (the largest such m)."""
    m = max(1, int((math.sqrt(8 * n + 1) - 1) / 2))
    truth = np.repeat(np.arange(m), np.arange(1, m + 1))
    pred = np.random.default_rng(n).permutation(truth)
    return truth, pred


def few_clusters(n: int) -> Labels:
    """Four blocks a side: the truth in four runs, the prediction random over four labels."""
    truth = np.arange(n) * 4 // n
    pred = np.random.default_rng(n).integers(0, 4, n)
    return truth, pred


def many_clusters(k: int) -> Labels:
    """:data:`FIXED_ITEMS` items in ``k`` blocks a side (``k`` of them: all singletons)."""
    truth = np.arange(FIXED_ITEMS) * k // FIXED_ITEMS
    pred = np.random.default_rng(k).permutation(truth)
    return truth, pred


_SIZES = tuple(2 ** e for e in range(6, 18))
#: The workloads, in the order they are timed: ``blocks`` first (it alone is judged on its
#: peak memory too, and it alone decides whether the measurement is undecided).
WORKLOADS = (
    Workload("blocks", "blocks of 4 items against random n / 4 blocks", blocks, 1.0, 1.0,
             "n", _SIZES),
    Workload("staircase", "block sizes 1, 2, ..., m on both sides", staircase, 1.0, 0.5,
             "n", tuple(2 ** e for e in range(3, 16))),  # from 6 items: SMI takes 1 s at 55
    Workload("few clusters", "4 blocks a side, n growing", few_clusters, 1.0, 0.0, "n",
             tuple(2 ** e for e in range(6, 16))),
    Workload("many clusters", f"{FIXED_ITEMS:,} items, k blocks a side growing to all "
             "singletons", many_clusters, 0.0, 1.0, "k",
             (8, 32, 128, 512, FIXED_ITEMS)),
)
