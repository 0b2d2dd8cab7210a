"""Scaling: the running time and peak memory grow no faster than the declared complexity.

Implementations ship quadratic loops over pairs of items, dense classes × clusters tables
and sums over every pair of blocks; at 30 items none of that shows.  This property times the
metric over geometric sizes (:data:`SIZES`, from 64 items, doubling), on partitions with
many small blocks -- the truth in blocks of 4 items, the prediction random over n / 4 blocks,
where a dense table has n² / 16 cells -- and fits the growth exponent of the time (best of
:data:`REPEATS` calls a size) and of the peak memory (``tracemalloc``, numpy's allocations
included) by least squares on log-log scales.  Times are the process's CPU time (the
best of :data:`REPEATS` calls), which other jobs on the machine do not inflate as they
inflate the wall time, over the three largest sizes reached (where
the leading term dominates the call overhead).

It stops growing at the first size where a call takes more than :data:`CALL_SECONDS` of CPU
time (or four times that of wall time) or more than a quarter of :data:`MEMORY_CAP` of
memory, or after :data:`TOTAL_SECONDS`; times under :data:`FLOOR` seconds (call overhead, not growth)
and peaks under 64 KiB are left out of the fits.  Violated when the time exponent exceeds
the declared one (:attr:`Metric.complexity`, default ``"n"``) by more than :data:`MARGIN`, or
the memory exponent exceeds ``max(1, declared)`` by more than it, on two independent
measurements (the second confirms the first: a load spike on a shared machine does not fail
a sound metric).  The failing result names what grew too fast and its fitted growth
rounded to a power of n (``"n^2"``), which repeated runs agree on; the exact exponents and
the table of sizes, times and memory differ between runs, as timings do, so they are kept
under the counterexample's ``measured`` key, which the JSON and the Markdown carry only with
``--timings`` (the terminal always shows them).
"""
from __future__ import annotations

import itertools
import math
import time
import tracemalloc
import weakref
from typing import Any, Dict, Iterator, List, Optional, Tuple

import numpy as np
from hypothesis import strategies as st

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, Scorer
from metricprops.metrics.base import growth_exponent
from metricprops.partition import Partition
from metricprops.results import MEASURED
from metricprops.tolerance import TOLERANCE

from ._fresh import call, timeout_of

#: Sizes tried, in order.
SIZES = tuple(2 ** k for k in range(6, 18))
#: Best of this many calls a size.
REPEATS = 3
#: Stop growing once one call takes longer than this (seconds).
CALL_SECONDS = 0.25
#: Stop growing after this long in all (seconds).
TOTAL_SECONDS = 6.0
#: Times below this are call overhead and scheduling noise, left out of the fit (seconds).
FLOOR = 1e-2
#: Peaks below this are left out of the memory fit (bytes).
MEMORY_FLOOR = 64 * 1024
#: Stop growing once a traced peak passes a quarter of this (bytes): a quadratic table
#: would pass it at the next size.
MEMORY_CAP = 2 ** 28
#: Allowed excess of the fitted exponent over the declared one.
MARGIN = 0.5

_CALLS = itertools.count()
_MEASURED: "weakref.WeakKeyDictionary[Any, Evaluation]" = weakref.WeakKeyDictionary()


def workload(n: int) -> Tuple[np.ndarray, np.ndarray]:
    """The partitions timed at size ``n``: blocks of 4 items against random n / 4 blocks."""
    truth = np.arange(n) // 4
    pred = np.random.default_rng(n).integers(0, max(1, n // 4), n)
    return truth, pred


_SHOWN = Instance(Partition.from_labels(workload(8)[0]),
                  {"pred": Partition.from_labels(workload(8)[1])}, "scaling")


#: The fit uses this many of the largest sizes (where the leading term dominates).
FIT_POINTS = 3


def fit(points: List[Tuple[int, float]], floor: float) -> Optional[float]:
    """Least-squares slope of log(value) on log(n) over the :data:`FIT_POINTS` largest
    sizes with values at or above ``floor`` (``None`` with fewer such points)."""
    kept = [(math.log(n), math.log(v)) for n, v in points if v >= floor][-FIT_POINTS:]
    if len(kept) < FIT_POINTS:
        return None
    x, y = np.array(kept).T
    return float(np.polyfit(x, y, 1)[0])


def _traced(run: Any) -> Tuple[bool, int]:
    tracemalloc.start()
    try:
        ok = run()[0]
        return ok, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(metric: Any, timeout: Optional[float]) -> List[Dict[str, float]]:
    """Rows ``{"n", "seconds" (CPU), "wall_seconds", "peak_bytes"}`` for the sizes reached.

    At each size the first call runs under ``tracemalloc`` (the peak; it also warms the
    metric up: lazy imports, caches) while calls are fast (the tracer slows Python code
    several times); the time is the best of the next ``REPEATS`` calls.
    """
    rows: List[Dict[str, float]] = []
    start, best = time.monotonic(), 0.0
    for n in SIZES:
        t, p = workload(n)
        truth, pred = Partition.from_labels(t), Partition.from_labels(p)

        def run(shift: int = 0) -> Tuple[bool, Any]:
            # each call gets the items in an order of its own: a memo cannot answer
            order = np.random.default_rng(next(_CALLS)).permutation(n)
            a, b = t[order], p[order]
            args = (a, b) if metric.builtin else (a.tolist(), b.tolist())
            return call(metric, *args, timeout, truth, pred, f"{n} items (scaling)")

        ok, peak = _traced(run) if best < 0.02 else (True, math.nan)
        best = cpu = math.inf
        for shift in range(1, REPEATS + 1 if ok else 1):
            began, began_cpu = time.perf_counter(), time.process_time()
            ok = run(shift)[0]
            cpu = min(cpu, time.process_time() - began_cpu)
            best = min(best, time.perf_counter() - began)
            if not ok or _slow(cpu, best):
                break
        if not ok:
            break
        rows.append({"n": n, "seconds": cpu, "wall_seconds": best, "peak_bytes": peak})
        if _slow(cpu, best) or time.monotonic() - start > TOTAL_SECONDS or (
                peak > MEMORY_CAP / 4):
            break
    return rows


def _slow(cpu: float, wall: float) -> bool:
    """A call too slow to grow further: by its CPU time (what the fit uses), or by a wall
    time far past it (a metric that waits, or a machine too busy to measure on)."""
    return cpu > CALL_SECONDS or wall > 4 * CALL_SECONDS


def _exponents(rows: List[Dict[str, float]]) -> Tuple[Optional[float], Optional[float]]:
    return (fit([(r["n"], r["seconds"]) for r in rows], FLOOR),
            fit([(r["n"], r["peak_bytes"]) for r in rows if r["peak_bytes"] == r["peak_bytes"]],
                MEMORY_FLOOR))


def _over(exponents: Tuple[Optional[float], Optional[float]],
          declared: float) -> Dict[str, float]:
    """What grew faster than allowed -- ``"time"``, ``"peak memory"`` -- and its exponent."""
    time_e, mem_e = exponents
    out = {}
    if time_e is not None and time_e > declared + MARGIN:
        out["time"] = time_e
    if mem_e is not None and mem_e > max(1.0, declared) + MARGIN:
        out["peak memory"] = mem_e
    return out


def power(exponent: float) -> str:
    """A fitted exponent as the nearest power of n (``"n^2"``): what repeated runs agree on."""
    return f"n^{max(1, round(exponent))}"


class Scaling(Constraint):
    name = "scaling"
    title = "Scaling: time and memory grow no faster than the declared complexity"
    citation = ("The metric's own declaration (Metric.complexity; default near-linear, what "
                "a contingency-table implementation achieves).")
    statement = ("Timed over sizes 64, 128, ... on blocks of 4 items against random n / 4 "
                 "blocks, the fitted growth exponent of the time is at most the declared one "
                 f"+ {MARGIN}, and that of the peak memory at most max(1, declared) + "
                 f"{MARGIN}, on two independent measurements.")
    budget = 0.0  # one measurement; the random phase re-reads it

    def strategy(self, max_items: int) -> Any:
        return st.just(_SHOWN)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        yield _SHOWN

    def random_max_items(self, max_items: int) -> int:
        return _SHOWN.n

    def violation_message(self, items: int, how: str) -> str:
        return ("the measured growth is faster than the declared complexity (fitted over "
                "geometric sizes, confirmed by a second measurement).")

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        return (f"(Timed at sizes up to {SIZES[-1]} items on blocks of 4 against random n / 4 "
                f"blocks; declared complexity {metric.complexity}.)")

    def evaluate(self, instance: Instance, score: Scorer, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        cached = _MEASURED.get(metric)
        if cached is not None:
            return cached
        declared = growth_exponent(metric.complexity, metric.name)
        rows = measure(metric, timeout_of(score))
        over = _over(_exponents(rows), declared)
        if over:  # confirm on a second, independent measurement
            rows = measure(metric, timeout_of(score))
            again = _over(_exponents(rows), declared)
            over = {what: e for what, e in again.items() if what in over}
        _MEASURED[metric] = ev = (_violated(metric, rows, over) if over else Evaluation(
            Outcome.SATISFIED, {"declared": metric.complexity}, 1.0))
        return ev


def _violated(metric: Any, rows: List[Dict[str, float]], over: Dict[str, float]) -> Evaluation:
    """The failing result: what grew too fast as a power of n, the measurements apart."""
    time_e, mem_e = _exponents(rows)
    grew = {f"{what.split()[-1]}_growth": power(e) for what, e in over.items()}
    table = [{"n": r["n"], "cpu_seconds": round(r["seconds"], 6),
              "peak_bytes": None if math.isnan(r["peak_bytes"]) else int(r["peak_bytes"])}
             for r in rows]
    return Evaluation(Outcome.VIOLATED, {"declared": metric.complexity, **grew}, -1.0, detail=(
        "; ".join(f"{what} grows like {power(e)}" for what, e in over.items())
        + f", faster than the declared {metric.complexity} (measured twice; the instance "
        "shown is the workload's shape at 8 items)"),
        extra={MEASURED: {"time_exponent": _round(time_e), "memory_exponent": _round(mem_e),
                          "growth": table, "summary": _summary(time_e, mem_e, table)}})


def _round(x: Optional[float]) -> Optional[float]:
    return None if x is None else round(x, 2)


def _summary(time_e: Optional[float], mem_e: Optional[float], table: List[Dict[str, Any]]) -> str:
    fits = f"time exponent {_round(time_e)}, memory exponent {_round(mem_e)}"
    return fits + "; " + ", ".join(
        f"n = {r['n']}: {r['cpu_seconds']:.3g} s"
        + ("" if r["peak_bytes"] is None else f" {r['peak_bytes'] / 2 ** 20:.1f} MiB")
        for r in table)


CONSTRAINT = Scaling()
