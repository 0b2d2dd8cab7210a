"""Scaling: the running time and peak memory grow no faster than the declared complexity.

Implementations ship quadratic loops over pairs of items, dense classes × clusters tables
and sums over every pair of blocks; at 30 items none of that shows.  This property times the
metric over geometric sizes (:data:`SIZES`, from 64 items, doubling), on partitions with
many small blocks -- the truth in blocks of 4 items, the prediction random over n / 4 blocks,
where a dense table has n² / 16 cells -- and fits the growth exponent of the time and of the
peak memory (``tracemalloc``, numpy's allocations included) by least squares on log-log
scales, over the three largest sizes reached (where the leading term dominates the call
overhead).  The time of a size is the CPU time per call, best of
:data:`REPEATS` batches of calls that each take at least :data:`BATCH_SECONDS`, with the
garbage collector off and thread pools held to one thread (:func:`measure`), and the fitted
sizes are timed again in turn, :data:`ROUNDS` times, keeping the best: what other jobs on a
busy machine do not inflate as they inflate wall time, measured finer than the CPU clock's
ticks, with a burst of load falling on every fitted size alike.

It stops growing at the first size where a call takes more than :data:`CALL_SECONDS` of CPU
time (or :data:`~metricprops.settings.WALL_FACTOR` × that of wall time) or more than a
quarter of :data:`MEMORY_CAP` of memory, or after :data:`TOTAL_SECONDS` of CPU time; times
under :data:`FLOOR` seconds (call overhead, not growth)
and peaks under 64 KiB are left out of the fits.  Violated when the time exponent exceeds
the declared one (:attr:`Metric.complexity`, default ``"n"``) by more than :data:`MARGIN`, or
the memory exponent exceeds ``max(1, declared)`` by more than it, on two independent
measurements (the second confirms the first: a load spike on a shared machine does not fail
a sound metric).  The failing result names what grew too fast and its fitted growth
rounded to a power of n (``"n^2"``), which repeated runs agree on unless the fit lies near
a half power (n^2.5 may be named ``"n^2"`` or ``"n^3"``); the exact exponents and
the table of sizes, times and memory differ between runs, as timings do, so they are kept
under the counterexample's ``measured`` key, which the JSON and the Markdown carry only with
``--timings`` (the terminal always shows them).
"""
from __future__ import annotations

import gc
import itertools
import math
import tracemalloc
import weakref
from typing import Any, Dict, Iterator, List, Optional, Tuple

import numpy as np
from hypothesis import strategies as st

from metricprops.calls import Deadline, past_limit
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
CALL_SECONDS = 1.0
#: Stop growing after this much CPU time in all (seconds): a backstop; the sizes reached
#: are set by :data:`CALL_SECONDS` and :data:`MEMORY_CAP`, which do not depend on how the
#: time was spent before.
TOTAL_SECONDS = 12.0
#: Each timed batch of calls takes at least this much CPU time (seconds).
BATCH_SECONDS = 0.05
#: The first call of a size is traced for memory while the previous size's calls took less
#: than this much CPU time (seconds).
TRACE_SECONDS = 0.1
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
#: Rounds in which the fitted sizes are timed again in turn (:func:`_interleave`) ...
ROUNDS = 2
#: ... those whose call took at most this much CPU time (seconds).
RETIME_SECONDS = 2 * CALL_SECONDS


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
    several times); the time is the best of ``REPEATS`` batches of calls, each batch as many
    calls as take :data:`BATCH_SECONDS` of CPU time (the process's CPU clock advances in
    ticks of a few milliseconds on many systems), per call.  As :mod:`timeit` does, the
    garbage collector is off while calls are timed (a collection's cost depends on what
    the process did before); thread pools (BLAS, OpenMP: numpy, scipy, torch) are limited
    to one thread, so that the CPU time is the work of the call, not threads waiting for
    each other on a busy machine.  Every stop is on CPU time, with a wall-time backstop
    :data:`~metricprops.settings.WALL_FACTOR` times longer for a metric that waits.
    """
    from threadpoolctl import threadpool_limits

    rows: List[Dict[str, float]] = []
    runs: List[Any] = []
    gc.collect()  # the batches start from a clean heap
    budget, cpu = Deadline(TOTAL_SECONDS), 0.0
    with threadpool_limits(limits=1):
        for n in SIZES:
            run = _caller(metric, n, timeout)
            ok, peak = _traced(run) if cpu < TRACE_SECONDS else (True, math.nan)
            cpu = wall = math.inf
            for _ in range(REPEATS if ok else 0):
                ok, batch_cpu, batch_wall = _batch(run)
                cpu, wall = min(cpu, batch_cpu), min(wall, batch_wall)
                if not ok or _slow(cpu, wall) or cpu < FLOOR / 4:  # too fast for the fit
                    break
            if not ok:
                break
            rows.append({"n": n, "seconds": cpu, "wall_seconds": wall, "peak_bytes": peak})
            runs.append(run)
            if _slow(cpu, wall) or peak > MEMORY_CAP / 4 or budget.passed():
                break
        _interleave(rows, runs)
    return rows


def _caller(metric: Any, n: int, timeout: Optional[float]) -> Any:
    """One call of ``metric`` on the workload of ``n`` items: ``(ok, value)``."""
    t, p = workload(n)
    truth, pred = Partition.from_labels(t), Partition.from_labels(p)

    def run() -> Tuple[bool, Any]:
        # each call gets the items in an order of its own: a memo cannot answer
        order = np.random.default_rng(next(_CALLS)).permutation(n)
        a, b = t[order], p[order]
        args = (a, b) if metric.builtin else (a.tolist(), b.tolist())
        return call(metric, *args, timeout, truth, pred, f"{n} items (scaling)")
    return run


def _interleave(rows: List[Dict[str, float]], runs: List[Any]) -> None:
    """Time the sizes the fit uses again, in turn, :data:`ROUNDS` times, keeping each size's
    best.  Timed one after another, the largest sizes could meet different loads (another
    job on a shared machine slows even a call's CPU time, through shared cores and caches)
    and bend the fit; timed in turn, a burst of load weighs on all of them alike, and the
    best of the rounds outlives it."""
    fitted = [i for i, r in enumerate(rows) if r["seconds"] >= FLOOR][-FIT_POINTS:]
    if len(fitted) < FIT_POINTS:
        return
    # a size whose call took seconds (a steep growth past the stop) is not called again:
    # that would cost more than it tells, and could run into the per-call time limit
    fitted = [i for i in fitted if rows[i]["seconds"] <= RETIME_SECONDS]
    for _ in range(ROUNDS):
        for i in fitted:
            ok, cpu, wall = _batch(runs[i])
            if not ok:
                return
            rows[i]["seconds"] = min(rows[i]["seconds"], cpu)
            rows[i]["wall_seconds"] = min(rows[i]["wall_seconds"], wall)


def _batch(run: Any) -> Tuple[bool, float, float]:
    """``(ok, CPU seconds, wall seconds)`` per call of a batch of calls of ``run`` that
    takes at least :data:`BATCH_SECONDS` of CPU time (one call if that is already longer),
    with the garbage collector off (as :mod:`timeit` runs)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        calls, clock = 0, Deadline(CALL_SECONDS)
        while True:
            ok = run()[0]
            calls += 1
            spent = clock.cpu()
            if not ok or spent >= BATCH_SECONDS or clock.passed():
                return ok, spent / calls, clock.wall() / calls
    finally:
        if enabled:
            gc.enable()


def _slow(cpu: float, wall: float) -> bool:
    """A call too slow to grow further: by its CPU time (what the fit uses), or by a wall
    time :data:`~metricprops.settings.WALL_FACTOR` times past the limit (a metric that
    waits rather than computes)."""
    return past_limit(cpu, wall, CALL_SECONDS)


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
    """A fitted exponent as the nearest power of n (``"n^2"``): what repeated runs agree on,
    unless it lies near a half power."""
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
