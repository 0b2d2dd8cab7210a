"""Timing a metric over geometric sizes: the measurement behind the scaling property.

:func:`measure` calls the metric on :func:`workload` at 64, 128, ... items (CPU time per
call, best of batches, peak memory through ``tracemalloc``) until a call grows slow, a peak
grows large, a call raises or the budget runs out, and says which; :func:`fit` takes the
growth exponent over the largest sizes.  :mod:`metricprops.constraints.scaling` judges it.
"""
from __future__ import annotations

import gc
import itertools
import math
import tracemalloc
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from metricprops.calls import Deadline, as_number, gc_paused, past_limit, pools_narrowed
from metricprops.metrics.stats import forget_memos
from metricprops.partition import Partition

from ._fresh import call
from ._workloads import WORKLOADS, Workload, blocks

#: Sizes tried, in order.
SIZES = tuple(2 ** k for k in range(6, 18))
#: Best of this many calls a size.
REPEATS = 3
#: Stop growing once one call takes longer than this (seconds).
CALL_SECONDS = 0.3
#: Stop growing after this much CPU time in all (seconds): a backstop; the sizes reached
#: are set by :data:`CALL_SECONDS` and :data:`MEMORY_CAP`, which do not depend on how the
#: time was spent before.
TOTAL_SECONDS = 12.0
#: Each timed batch of calls takes at least this much CPU time (seconds).
BATCH_SECONDS = 0.05
#: The first call of a size is traced for memory while the previous size's traced call took
#: less than this much CPU time (seconds).  Its own time, not an untraced call's: tracing
#: slows a pure-Python loop 5 to 20 times (numpy's work hardly), and a traced call must not
#: run into the per-call time limit.
TRACE_SECONDS = 0.25
#: Times below this are call overhead and scheduling noise, left out of the fit (seconds).
FLOOR = 1e-2
#: Peaks below this are left out of the memory fit (bytes).
MEMORY_FLOOR = 64 * 1024
#: Stop growing once a traced peak passes a quarter of this (bytes): a quadratic table
#: would pass it at the next size.
MEMORY_CAP = 2 ** 28

_CALLS = itertools.count()


def workload(n: int) -> Tuple[np.ndarray, np.ndarray]:
    """The partitions timed at size ``n`` by the first workload: blocks of 4 items against
    random n / 4 blocks (:data:`~._workloads.WORKLOADS`)."""
    return blocks(n)


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


def _traced(run: Any) -> Tuple[bool, Any]:
    """``(True, peak bytes)`` of one call of ``run``, or ``(False, what it raised)``."""
    tracemalloc.start()
    try:
        ok, value = run()
        return ok, tracemalloc.get_traced_memory()[1] if ok else value
    finally:
        tracemalloc.stop()


class Measurement(NamedTuple):
    """What :func:`measure` returns: the ``rows`` of the sizes reached and why it stopped
    growing: ``"end"`` (the largest size), ``"slow"`` (a call past :data:`CALL_SECONDS`),
    ``"memory"`` (a peak past a quarter of :data:`MEMORY_CAP`), ``"budget"``
    (:data:`TOTAL_SECONDS`), or ``"the call on N items raised ..."``."""

    rows: List[Dict[str, float]]
    stop: str


def measure(metric: Any, timeout: Optional[float], shape: Workload = WORKLOADS[0],
            careful: bool = False, again: Optional[Sequence[int]] = None) -> Measurement:
    """Rows ``{"n", "seconds" (CPU), "wall_seconds", "peak_bytes"}`` for the sizes reached
    on the workload ``shape`` (``"n"`` its size: the items, or the clusters), and why the
    sizes stopped growing (:class:`Measurement`).

    The metric is called once at the first size before anything is measured (lazy imports
    and caches, which a first traced call would count as its peak memory).  At each size
    the first call runs under ``tracemalloc`` (the peak) while calls are fast (the tracer
    slows Python code several times); the time is the best of ``REPEATS`` batches of calls,
    each batch as many calls as take :data:`BATCH_SECONDS` of CPU time (the process's CPU
    clock advances in ticks of a few milliseconds on many systems), per call -- except at a
    size whose traced call took under a quarter of :data:`FLOOR`, too fast for the fit, where
    one untraced call is timed (its time is shown, never fitted), and after a batch under
    :data:`FLOOR` (more batches could only lower a time the fit leaves out).  On the
    workloads after the first, nothing is traced (their memory is not judged), one untraced
    call is timed first and, unless it is too fast for the fit or longer than a batch, one
    batch -- unless
    ``careful`` (a failure's confirmation), which times them as the first.  As
    :mod:`timeit` does, the garbage collector is off while calls are timed (a collection's
    cost depends on what the process did before); thread pools (BLAS, OpenMP: numpy, scipy,
    torch) are limited to one thread, so that the CPU time is the work of the call, not
    threads waiting for each other on a busy machine (only pools wider than one thread are
    told: told again in a worker, OpenBLAS wakes a pool thread that spins for about 0.1 s on
    the process's clock, :func:`~metricprops.calls.pools_narrowed`).  Every stop is on CPU
    time, with a wall-time backstop :data:`~metricprops.settings.WALL_FACTOR` times longer
    for a metric that waits.

    ``again`` (sizes ``"n"`` of an earlier measurement's rows) times those sizes only, as
    carefully, and traces nothing: a confirmation of the time an earlier measurement fitted.
    Each is timed whatever the earlier one took (they are the sizes the fit needs), unless a
    call raises or the budget runs out.
    """
    rows: List[Dict[str, float]] = []
    runs: List[Any] = []
    gc.collect()  # the batches start from a clean heap
    first = shape is WORKLOADS[0]  # the peak memory is traced on the first workload only
    careful = careful or first
    budget, trace, stop = Deadline(TOTAL_SECONDS), first and again is None, "end"
    with pools_narrowed():  # one thread: no pool thread woken to spin in a worker
        for size in shape.sizes:
            run, n = _caller(metric, shape, size, timeout)
            if again is not None and n not in again:
                if n > max(again, default=0):
                    break
                continue
            ok, value = run() if not rows else (True, None)  # warm-up: imports, caches
            peak, cpu, wall, probe = math.nan, math.inf, math.inf, math.inf
            if ok and trace:
                clock = Deadline(TRACE_SECONDS)
                ok, value = _traced(run)
                peak, trace, probe = value, clock.cpu() < TRACE_SECONDS, clock.cpu()
            timed = ok and (probe < FLOOR / 4 or not first)  # too fast for the fit, or a probe
            if timed:
                ok, value, cpu, wall = _batch(run, 0.0)
            # a probe longer than a batch is one: no batch
            more = ok and not (timed and not FLOOR / 4 <= cpu < (math.inf if careful
                                                                 else BATCH_SECONDS))
            for _ in range((REPEATS if careful else 1) if more else 0):
                ok, value, batch_cpu, batch_wall = _batch(run)
                cpu, wall = min(cpu, batch_cpu), min(wall, batch_wall)
                if not ok or _slow(cpu, wall) or cpu < FLOOR:  # too fast for the fit
                    break
            if not ok:
                stop = (f"the call on {n} items {value}" if str(value).startswith("returned ")
                        else f"the call on {n} items raised {value}")
                break
            rows.append({"n": n, "seconds": cpu, "wall_seconds": wall, "peak_bytes": peak})
            runs.append(run)
            stop = ("budget" if budget.passed() else "end") if again is not None else (
                "slow" if _slow(cpu, wall) else "memory" if peak > MEMORY_CAP / 4
                else "budget" if budget.passed() else "end")
            if stop != "end":
                break
        _interleave(rows, runs, ROUNDS if careful else 1)
    return Measurement(rows, stop)


def peaks(metric: Any, timeout: Optional[float], sizes: Sequence[int],
          shape: Workload = WORKLOADS[0]) -> Tuple[Dict[int, float], str]:
    """The peak memory of one traced call at each of ``sizes`` (the sizes ``"n"`` of an
    earlier measurement's memory fit), nothing timed, after one untraced call at the first
    (a cache built by a first call is not a peak), and ``""`` -- or why a call failed.  A
    peak does not move with the machine's load as a time does: what confirms a memory growth
    is tracing the sizes its fit used once more, not measuring every size again."""
    out: Dict[int, float] = {}
    gc.collect()
    with pools_narrowed():
        for size in shape.sizes:
            run, n = _caller(metric, shape, size, timeout)
            if n > max(sizes, default=0):
                break
            if n not in sizes:
                continue
            ok, value = run() if not out else (True, None)  # warm-up: imports, caches
            if ok:
                ok, value = _traced(run)
            if not ok:
                return out, f"the call on {n} items raised {value}"
            out[n] = value
    return out, ""


def _caller(metric: Any, shape: Workload, size: int, timeout: Optional[float]) -> Any:
    """One call of ``metric`` on the workload ``shape`` at ``size`` -- ``run() -> (ok,
    value)`` -- and the size it measures (the items, or the clusters)."""
    t, p = shape.labels(size)
    n = len(t)
    truth, pred = Partition.from_labels(t), Partition.from_labels(p)

    def run() -> Tuple[bool, Any]:
        # each call gets the items in an order of its own, and the built-ins' memos of what
        # depends on the block sizes alone (E[I]) are cleared: no memo answers
        order = np.random.default_rng(next(_CALLS)).permutation(n)
        a, b = t[order], p[order]
        forget_memos()
        args = (a, b) if metric.builtin else (a.tolist(), b.tolist())
        ok, value = call(metric, *args, timeout, truth, pred,
                         f"{n} items (scaling)" if shape is WORKLOADS[0] else
                         f"{n} items (scaling, {shape.name})")
        number = as_number(value) if ok else None
        if ok and (number is None or not math.isfinite(number)):  # no number is no timing
            return False, f"returned {type(value).__name__} {value!r:.40}, not a finite number"
        return ok, value
    return run, (n if shape.variable == "n" else size)


def _interleave(rows: List[Dict[str, float]], runs: List[Any], rounds: int = ROUNDS) -> None:
    """Time the sizes the fit uses again, in turn, ``rounds`` times, keeping each size's
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
    for _ in range(rounds):
        for i in fitted:
            ok, _, cpu, wall = _batch(runs[i])
            if not ok:
                return
            rows[i]["seconds"] = min(rows[i]["seconds"], cpu)
            rows[i]["wall_seconds"] = min(rows[i]["wall_seconds"], wall)


def _batch(run: Any, seconds: float = BATCH_SECONDS) -> Tuple[bool, Any, float, float]:
    """``(ok, value, CPU seconds, wall seconds)`` (per call) of a batch of calls of ``run`` that
    takes at least ``seconds`` of CPU time (one call if that is already longer), with the
    garbage collector off (as :mod:`timeit` runs)."""
    with gc_paused():
        calls, clock = 0, Deadline(CALL_SECONDS)
        while True:
            ok, value = run()
            calls += 1
            spent = clock.cpu()
            if not ok or spent >= seconds or clock.passed():
                return ok, value, spent / calls, clock.wall() / calls


def _slow(cpu: float, wall: float) -> bool:
    """A call too slow to grow further: by its CPU time (what the fit uses), or by a wall
    time :data:`~metricprops.settings.WALL_FACTOR` times past the limit (a metric that
    waits rather than computes)."""
    return past_limit(cpu, wall, CALL_SECONDS)


def exponents(rows: List[Dict[str, float]]) -> Tuple[Optional[float], Optional[float]]:
    return (fit([(r["n"], r["seconds"]) for r in rows], FLOOR),
            fit([(r["n"], r["peak_bytes"]) for r in rows if r["peak_bytes"] == r["peak_bytes"]],
                MEMORY_FLOOR))


def memory_sizes(rows: List[Dict[str, float]]) -> List[int]:
    """The sizes ``"n"`` whose peaks the memory fit of ``rows`` uses (:func:`fit`)."""
    return [int(r["n"]) for r in rows
            if r["peak_bytes"] == r["peak_bytes"] and r["peak_bytes"] >= MEMORY_FLOOR
            ][-FIT_POINTS:]
