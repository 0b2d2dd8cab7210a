"""Planted bugs shaped like those real libraries shipped, shared by the reach tests.

* ``fmi_int32`` -- Fowlkes-Mallows with 32-bit counts (scikit-learn's
  ``fowlkes_mallows_score`` returned NaN and values above 1 once ``pk * qk`` passed 32 bits);
* ``ari_int64`` -- the adjusted Rand index from the pair confusion matrix in 64-bit integers
  (its ``tp * tn`` products pass 2^63 near 10^5 items, where scikit-learn's ARI went out of
  [-0.5, 1]);
* ``truth_keyed_cache()`` -- a fresh Rand with a cache keyed on the truth only (the first
  prediction's value sticks); ``truth_cached`` is one made at import, for file targets;
* ``every_kth_call(k)`` -- a fresh Rand off by 1e-6 on every k-th call (a wrong value now
  and then, as a race or an uninitialised buffer gives);
* ``size_cached_rand`` -- a Rand with a cache keyed on the number of items only;
* ``sorting_rand`` -- sorts the caller's truth in place (``list.sort`` / ``ndarray.sort``);
* ``pair_loop_rand`` -- Rand by a loop over every pair of items (quadratic in n);
* ``slow_from_the_start`` -- Rand that first computes for a set CPU time (:func:`spin`),
  past the scaling property's stop from 128 items on, on any processor;
* ``charged_pair_loop_rand`` -- Rand charged :data:`UNIT` × n² of CPU time (:func:`spin`),
  the cost of a loop over every pair of items; ``lazy_charged_pair_loop_rand`` builds a
  96 MiB cache on its first call; ``charged_label_table_rand`` is charged for a per-label
  table, O(n + k²) (the ``injected_costs`` fixture turns the charges into a clock's reading);
* ``dense_table_rand`` -- builds a dense classes × clusters table first (memory quadratic
  when both partitions have many blocks).

The command-line tests name them as file targets (``.../plugins/planted.py:fmi_int32``).
"""
from __future__ import annotations

import itertools
import time

import numpy as np

from metricprops import get_metric
from metricprops.constraints._growth import CALL_SECONDS

rand = get_metric("rand")


def contingency(labels_true, labels_pred) -> np.ndarray:
    """The dense classes × clusters table, in 64-bit counts."""
    _, ti = np.unique(np.asarray(labels_true), return_inverse=True)
    _, pi = np.unique(np.asarray(labels_pred), return_inverse=True)
    c = np.zeros((ti.max() + 1, pi.max() + 1), dtype=np.int64)
    np.add.at(c, (ti, pi), 1)
    return c


def fmi_int32(labels_true, labels_pred):
    """Fowlkes-Mallows with 32-bit counts."""
    c = contingency(labels_true, labels_pred).astype(np.int32)
    n = np.int32(len(labels_true))
    with np.errstate(all="ignore"):
        tk = np.sum(c * c, dtype=np.int32) - n
        pk = np.sum(c.sum(0, dtype=np.int32) ** 2, dtype=np.int32) - n
        qk = np.sum(c.sum(1, dtype=np.int32) ** 2, dtype=np.int32) - n
        return float(tk / np.sqrt(pk * qk)) if tk != 0 else 0.0


def ari_int64(labels_true, labels_pred):
    """The adjusted Rand index from the pair confusion matrix, in 64-bit integers."""
    c = contingency(labels_true, labels_pred)
    n = np.int64(len(labels_true))
    with np.errstate(all="ignore"):
        sum_sq = np.sum(c * c)
        a, b = c.sum(1), c.sum(0)
        tp, fp, fn = sum_sq - n, np.dot(b, b) - sum_sq, np.dot(a, a) - sum_sq
        tn = n * n - fp - fn - sum_sq
        if fn == 0 and fp == 0:
            return 1.0
        return float(2.0 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn)))


def truth_keyed_cache():
    """A fresh Rand with its own cache keyed on the truth only."""
    cache = {}

    def cached_rand(labels_true, labels_pred):
        """A cache keyed on the truth only: the first prediction's value sticks."""
        key = tuple(labels_true)
        if key not in cache:
            cache[key] = rand(labels_true, labels_pred)
        return cache[key]
    return cached_rand


truth_cached = truth_keyed_cache()

_BY_SIZE: dict = {}


def size_cached_rand(labels_true, labels_pred):
    """Rand with a cache keyed on the number of items only: within one process, every input
    of a size gets the value of the first one scored."""
    if len(labels_true) not in _BY_SIZE:
        _BY_SIZE[len(labels_true)] = rand(labels_true, labels_pred)
    return _BY_SIZE[len(labels_true)]


def every_kth_call(k: int, error: float = 1e-6):
    """A fresh Rand whose every ``k``-th call is off by ``error``."""
    calls = itertools.count(1)

    def now_and_then_rand(labels_true, labels_pred):
        """Rand, off by a little on every k-th call."""
        value = rand(labels_true, labels_pred)
        return value - error if next(calls) % k == 0 else value
    return now_and_then_rand


def sorting_rand(labels_true, labels_pred):
    """Sorts the caller's truth in place (``list.sort`` / ``ndarray.sort``)."""
    labels_true.sort()
    return rand(labels_true, labels_pred)


def pair_loop_rand(labels_true, labels_pred):
    """Rand by a loop over every pair of items (quadratic in n)."""
    n, same = len(labels_true), 0
    for i in range(n):
        ti, pi = labels_true[i], labels_pred[i]
        for j in range(i + 1, n):
            same += (ti == labels_true[j]) == (pi == labels_pred[j])
    return same / max(1, n * (n - 1) // 2)


_LAZY: dict = {}


#: The clock the planted slowness is measured on: the process's CPU time, which the scaling
#: property's stops read too (a fixed number of loop steps takes 2 s on one processor and
#: 1 s on another, under the stop).
CPU_CLOCK = time.process_time
#: CPU seconds a call of :func:`slow_from_the_start` takes below 128 items (past the scaling
#: property's floor) and from 128 on (past its stop of one call).
SLOW_SECONDS = (0.05, 1.5 * CALL_SECONDS)


def spin(seconds: float) -> None:
    """Compute for ``seconds`` of CPU time (:data:`CPU_CLOCK`), however fast the processor."""
    end = CPU_CLOCK() + seconds
    while CPU_CLOCK() < end:
        pass


def slow_from_the_start(labels_true, labels_pred):
    """0.05 s of CPU time a call below 128 items and 1.5 s from 128 on: too slow to time
    three sizes (the scaling property stops a size past 1 s a call)."""
    spin(SLOW_SECONDS[len(labels_true) >= 128])
    return rand(labels_true, labels_pred)


#: CPU seconds a charged plant costs a unit of its cost model: 1 ms for the 64² pairs of 64
#: items.
UNIT = 1e-3 / 64 ** 2


def charged_pair_loop_rand(labels_true, labels_pred):
    """Rand charged as a loop over every pair of items: :data:`UNIT` × n² of CPU time."""
    spin(UNIT * len(labels_true) ** 2)
    return rand(labels_true, labels_pred)


def lazy_charged_pair_loop_rand(labels_true, labels_pred):
    """:func:`charged_pair_loop_rand` whose first call builds a 96 MiB cache, as a lazy
    import does (kept: later calls allocate nothing more for it)."""
    if "cache" not in _LAZY:
        _LAZY["cache"] = bytearray(96 * 2 ** 20)
    return charged_pair_loop_rand(labels_true, labels_pred)


def charged_label_table_rand(labels_true, labels_pred):
    """Rand charged as a per-label table: :data:`UNIT` × (4 n + k_true × k_pred)."""
    k = len(set(np.asarray(labels_true).tolist())) * len(set(np.asarray(labels_pred).tolist()))
    spin(UNIT * (4 * len(labels_true) + k))
    return rand(labels_true, labels_pred)


def dense_table_rand(labels_true, labels_pred):
    """Builds a dense classes × clusters table first (memory quadratic with many blocks)."""
    contingency(labels_true, labels_pred).astype(float)
    return rand(labels_true, labels_pred)


def _ari_from_pair_sums(labels_true, labels_pred, dtype):
    """The adjusted Rand index (Hubert & Arabie) from the pair sums of the table, with the
    product of the two marginal pair sums taken in ``dtype`` (wrapping past its range)."""
    c = contingency(labels_true, labels_pred)
    n = int(c.sum())
    index = int(np.sum(c * (c - 1) // 2))
    a, b = c.sum(1), c.sum(0)
    sum_a, sum_b = int(np.sum(a * (a - 1) // 2)), int(np.sum(b * (b - 1) // 2))
    total = n * (n - 1) // 2
    with np.errstate(all="ignore"):
        product = np.multiply(np.array(sum_a).astype(dtype), np.array(sum_b).astype(dtype),
                              dtype=dtype)
    expected = float(product) / total if total else 0.0
    top = (sum_a + sum_b) / 2
    if top == expected:
        return 1.0
    return float((index - expected) / (top - expected))


def ari_pair_product_int64(labels_true, labels_pred):
    """The adjusted Rand index whose product of the marginal pair sums is taken in int64: it
    wraps past 2^63 once both partitions hold a cluster of about 92,700 items (one block
    against two halves from n = 92,683), a value inside [-0.5, 1] but wrong."""
    return _ari_from_pair_sums(labels_true, labels_pred, np.int64)


def ari_pair_product_int32(labels_true, labels_pred):
    """The adjusted Rand index whose product of the marginal pair sums is taken in int32:
    wrong from n = 363 for one block against two halves (about 0.8 instead of 0)."""
    return _ari_from_pair_sums(labels_true, labels_pred, np.int32)


def nmi_uint16_joint(labels_true, labels_pred):
    """NMI (arithmetic mean) whose joint counts are stored in uint16: exact up to 65,535
    items a cell, then a cell of 65,536 counts 0 (identical halves of 131,072 items score 0;
    two copies of each item of halves of 65,536 items change the value)."""
    c = contingency(labels_true, labels_pred)
    n = float(c.sum())
    a, b = c.sum(1).astype(float), c.sum(0).astype(float)
    joint = c.astype(np.uint16).astype(float)
    rows, cols = np.nonzero(joint)
    cells = joint[rows, cols]
    mi = float(np.sum(cells / n * np.log(n * cells / (a[rows] * b[cols]))))
    h_t = float(-np.sum(a / n * np.log(a / n)))
    h_p = float(-np.sum(b / n * np.log(b / n)))
    if h_t + h_p == 0:
        return 1.0
    return max(0.0, mi / ((h_t + h_p) / 2))


def ari_float32_noise(labels_true, labels_pred):
    """The adjusted Rand index with a deterministic relative error of about 1e-7 (the
    rounding of a float32 computation): sound, if not exact."""
    value = get_metric("adjusted_rand")(labels_true, labels_pred)
    wobble = ((len(labels_true) * 2654435761) % 1000) / 1000 - 0.5
    return float(value + 2e-7 * wobble)
