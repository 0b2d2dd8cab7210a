"""Calling a metric safely: time limit, return-value validation, memoisation.

A metric under audit may raise, return NaN/inf or a non-number, or hang.  Each of these
becomes a :class:`MetricCallError` carrying the input, which the checker turns into an
``error`` verdict for that (metric, constraint) pair while the audit goes on.
"""
from __future__ import annotations

import contextlib
import functools
import gc
import math
import signal
import sys
import threading
import time
import warnings
from typing import Any, Callable, Dict, Iterator, Optional, Tuple

import numpy as np

from .errors import MetricCallError
from .partition import Partition
from .settings import DEFAULT_TIMEOUT, WALL_FACTOR
from .tracebacks import raise_site

__all__ = ["MetricCallError", "timed_call", "as_number", "Scorer", "DEFAULT_TIMEOUT",
           "observe_calls", "Deadline", "past_limit", "one_native_thread", "forked_start",
           "pools_narrowed",
           "silenced", "with_stack_room", "gc_paused",
           "limit_text", "killed_text", "call_timers"]

#: Told before and after every metric call (``begin(key)``, ``end()``) in a worker process,
#: which also makes every exception of the metric a verdict (:func:`observe_calls`).
_observer: Any = None


def observe_calls(observer: Any) -> None:
    """Make ``observer`` see every metric call of this process (``None`` stops it).

    Set in worker processes only: there a ``KeyboardInterrupt`` can only come from the metric
    (workers ignore SIGINT), so it becomes a ``crashed`` verdict like any ``BaseException``.
    """
    global _observer
    _observer = observer


def one_native_thread() -> None:
    """Limit the native thread pools (OpenMP, BLAS) loaded in this process to one thread.

    Called first thing in a forked process that calls metrics (a worker, the scale phase's
    child).  OpenMP's runtime (libgomp) is not fork-safe: in a process forked from one whose
    pool already ran, the first parallel region waits forever for threads that were not
    copied; one thread runs no parallel region.  A worker's limit of CPU time per call then
    counts one core, and J workers do not each start a pool as wide as the machine.  Only
    the libraries loaded by now are limited: hence a second call in the scale child.

    A pool already on one thread is left alone: OpenBLAS, told its number of threads in a
    forked process, starts a pool thread first, which spins on a core for about 0.1 s
    looking for work.  In the scale child, forked from a worker whose pools are already on
    one thread, that spinning doubled the CPU time of the first trend ladder's calls, read as
    steep growth, and ended the ladder early."""
    wide = _wide_pools()
    if wide is not None:
        wide.limit(limits=1)


def _wide_pools() -> Any:
    """A threadpoolctl controller of the native pools loaded here that run more than one
    thread (``None``: there are none)."""
    from threadpoolctl import ThreadpoolController
    controller = ThreadpoolController()
    wide = [lib["filepath"] for lib in controller.info() if lib["num_threads"] != 1]
    return controller.select(filepath=wide) if wide else None


@contextlib.contextmanager
def pools_narrowed() -> Iterator[None]:
    """This process's native pools on one thread for the time of the block, as they were
    after it: a worker forked inside it starts with its pools on one thread already, and
    :func:`one_native_thread` leaves them alone (telling a forked OpenBLAS its number of
    threads starts a pool thread that spins for about 0.1 s on the worker's clock)."""
    wide = _wide_pools()
    with contextlib.nullcontext() if wide is None else wide.limit(limits=1):
        yield


def forked_start() -> None:
    """What a forked process that calls metrics (a worker, the scale phase's child) does
    first: native thread pools on one thread (:func:`one_native_thread`), and the objects it
    inherited left to its parent (``gc.freeze``).

    Unfrozen, a full collection here would traverse every inherited object, copying every
    page that holds one (copy-on-write): in a process forked from one of a few million
    objects (a test run, a notebook) seconds of CPU and page faults, inside whichever metric
    call happens to trigger it.  Frozen, as the :mod:`gc` documentation advises for ``fork``
    without ``exec``, they are never collected here; what the process creates itself is."""
    one_native_thread()
    gc.freeze()


def _stack_room(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    return func(*args, **kwargs)


#: Slots of interpreter stack :func:`_stack_room`'s frame claims (8 bytes each): about 528 KB,
#: which CPython 3.11 and 3.12 serve with a fresh 1 MiB chunk, leaving about 500 KB for the
#: frames of the work it calls.
STACK_ROOM_SLOTS = 66_000
try:
    _stack_room.__code__ = _stack_room.__code__.replace(co_stacksize=STACK_ROOM_SLOTS)
except (AttributeError, TypeError, ValueError):  # pragma: no cover - another interpreter
    pass


def with_stack_room(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``func(*args, **kwargs)``, its frames laid out in a fresh chunk of the interpreter's
    frame stack with room for every frame it calls.

    CPython 3.11 and 3.12 keep Python frames in 16 KiB chunks, and free a chunk as soon as
    the frame that opened it returns (CPython issue gh-142183, fixed in 3.13): a loop whose
    callee's frame falls just past the end of a chunk maps a chunk on every call and unmaps
    it on every return -- two system calls and a page fault per call, a fifth more time for
    an audit's loops at the depths where a test runner's stack puts them.  Where the loops
    fall depends on how deep the caller's stack is, which an audit cannot choose; called
    through a frame that claims most of a fresh 1 MiB chunk, its loops run in the room left
    after it, far from a chunk's end.  Used once per check and per chunk of a check (a
    mapping each), never per metric call."""
    return _stack_room(func, *args, **kwargs)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """The garbage collector off inside, as :mod:`timeit` times: for calls whose cost is
    measured and decides what happens next (the scale phase's ladders, the scaling
    measurement).  A collection's cost is that of what the process made before: a full one
    in a process holding a test run's or a notebook's objects takes a tenth of a second,
    ten times a numpy metric's call on 65,536 items, and charged to that call it reads as a
    steep growth that ends a ladder early."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextlib.contextmanager
def silenced() -> Iterator[None]:
    """Warnings a metric or a library emits are ignored inside: they are not findings, and
    they would land amid the audit's output."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _watched(call: Callable[[], Any], key: Any) -> Callable[[], Any]:
    observer = _observer
    if observer is None:
        return call

    def run() -> Any:
        observer.begin(key)
        try:
            return call()
        finally:
            observer.end()
    return run


def _call_error(name: str, exc: BaseException) -> Tuple[str, str, Any]:
    """(reason, message, where) of an exception the metric raised."""
    where = raise_site(exc)
    if isinstance(exc, SystemExit):
        return "crashed", f"{name} called sys.exit({exc.code!r})", where
    said = type(exc).__name__ + (f": {exc}" if str(exc) else "")  # no "MemoryError: "
    if isinstance(exc, MemoryError):
        return "memory", f"{name} ran out of memory ({said})", where
    if not isinstance(exc, Exception):
        return "crashed", f"{name} raised {said} (not an Exception)", where
    return "raised", f"{name} raised {said}", where



class _Timeout(BaseException):
    """Raised inside the metric by the alarm (BaseException: a bare ``except Exception``
    in the metric cannot swallow it)."""


#: Calls this process interrupted or abandoned at their time limit (see :func:`interrupted`).
_interrupted = 0


def interrupted() -> int:
    """How many metric calls this process has cut off at their time limit.

    A call cut off part-way may leave its module half set up (an import interrupted by the
    alarm, a cache half filled), so a worker process that cut one off is not reused.
    """
    return _interrupted


#: Seconds after which a time limit swallowed where exceptions cannot propagate fires again.
REFIRE_SECONDS = 0.001


def _unraisable(hook: Callable[[Any], None], unraisable: Any) -> None:
    """``sys.unraisablehook`` during a timed call.  A time limit that fired inside a callback
    whose exceptions Python ignores (a ``gc`` callback, a ``__del__``) would be lost and
    printed into what the metric printed: it is re-armed to fire a moment later, in the
    metric's own code, and nothing is printed.  Anything else goes to ``hook``."""
    if isinstance(unraisable.exc_value, _Timeout):
        signal.setitimer(signal.ITIMER_REAL, REFIRE_SECONDS)
        return
    hook(unraisable)


def _in_unraisable(frame: Any) -> bool:
    """Whether ``frame`` runs inside :func:`_unraisable` (an exception there is ignored too:
    a second timer that expires while the first one's is being handled lands there)."""
    while frame is not None:
        if frame.f_code is _unraisable.__code__:
            return True
        frame = frame.f_back
    return False


#: The handlers of :func:`call_timers` while they are installed: ``{"armed": bool}``.
_installed: Optional[Dict[str, bool]] = None


def _signals_here() -> bool:
    return threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGPROF")


@contextlib.contextmanager
def call_timers() -> Iterator[None]:
    """Install the time limit's signal handlers once for a run of timed calls (a check).

    Outside it, :func:`timed_call` installs its two handlers and the unraisable hook around
    each call, and restores the previous ones after it: eight system calls and as many Python calls
    per metric call, measured at about 200 µs on a virtual machine, more than a plain-Python
    metric's call on 30 items takes.  Inside this context the handlers stay installed, and a
    call only arms and disarms its two timers.  A timer that fires outside a call does
    nothing.  The previous handlers come back when the context ends.  Elsewhere than the
    main thread, and nested, it does nothing."""
    global _installed
    if _installed is not None or not _signals_here():
        yield
        return
    state = {"armed": False}

    def on_timer(signum: int, frame: Any) -> None:
        if not state["armed"]:
            return
        if _in_unraisable(frame):  # raised there, it would be lost: fire again later
            signal.setitimer(signal.ITIMER_REAL, REFIRE_SECONDS)
            return
        raise _Timeout()

    previous = {sig: signal.signal(sig, on_timer) for sig in (signal.SIGPROF, signal.SIGALRM)}
    hook = sys.unraisablehook
    sys.unraisablehook = functools.partial(_unraisable, hook)
    _installed = state
    try:
        yield
    finally:
        _installed = None
        state["armed"] = False
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sys.unraisablehook = hook


def _armed_call(state: Dict[str, bool], func: Callable[[], Any],
                timeout: float) -> Tuple[bool, Any]:
    """:func:`timed_call` with the handlers of :func:`call_timers` in place.  ``armed`` is
    false once the call is over: a timer that fires then (the second one while the first
    one's ``_Timeout`` is handled) must not escape as a crash."""
    state["armed"] = True
    try:
        signal.setitimer(signal.ITIMER_PROF, timeout)
        signal.setitimer(signal.ITIMER_REAL, timeout * WALL_FACTOR)
        return True, func()
    except _Timeout:
        state["armed"] = False
        _count_interrupted()
        return False, None
    finally:
        state["armed"] = False
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)


def timed_call(func: Callable[[], Any], timeout: Optional[float]) -> Tuple[bool, Any]:
    """Run ``func()`` with a time limit: ``(True, value)``, or ``(False, None)`` if it hung.

    The limit is ``timeout`` seconds of the process's CPU time -- what the call computes,
    which other jobs on a busy machine do not inflate -- and :data:`WALL_FACTOR` times that
    in wall time, for a call that waits without computing.  In the main thread two timers
    (``SIGPROF``, ``SIGALRM``) interrupt Python code, ``time.sleep`` included; elsewhere a
    watchdog thread waits the wall-time limit (the call is abandoned, not killed).
    Exceptions propagate.
    """
    if not timeout or timeout <= 0:
        return True, func()
    if _signals_here():  # the handlers of a check's call_timers, or installed for this call
        with call_timers():
            return _armed_call(_installed, func, timeout)
    box: Dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = func()
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(timeout * WALL_FACTOR)
    if worker.is_alive():
        _count_interrupted()
        return False, None
    if "error" in box:
        raise box["error"]
    return True, box.get("value")


def past_limit(cpu: float, wall: float, seconds: float) -> bool:
    """Whether ``cpu`` seconds of CPU time or ``wall`` seconds of wall time are past a limit
    of ``seconds`` of CPU time, whose wall-time backstop is :data:`WALL_FACTOR` times longer
    (for code that waits rather than computes)."""
    return cpu > seconds or wall > WALL_FACTOR * seconds


class Deadline:
    """A budget of ``seconds`` of this process's CPU time, with a wall-time backstop
    :data:`WALL_FACTOR` times longer (for code that waits rather than computes), counted
    from creation: how far a phase gets does not depend on what other jobs on a busy
    machine do, as the per-call time limit does not."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self._cpu, self._wall = time.process_time(), time.monotonic()
        self._charged = 0.0

    def charge(self, seconds: float) -> None:
        """Count ``seconds`` as spent: work whose result was remembered rather than redone
        costs what it cost when it was done, so that how far a phase gets does not depend
        on what was remembered."""
        self._charged += seconds

    def cpu(self) -> float:
        """CPU seconds spent since creation (charged seconds included)."""
        return time.process_time() - self._cpu + self._charged

    def wall(self) -> float:
        """Wall seconds since creation (charged seconds included)."""
        return time.monotonic() - self._wall + self._charged

    def passed(self) -> bool:
        """Whether the budget is spent (CPU time), or its backstop (wall time)."""
        return past_limit(self.cpu(), self.wall(), self.seconds)


def limit_text(timeout: float) -> str:
    """What a call that ran past the time limit did, in words."""
    return (f"ran past its time limit of {timeout:g} s of CPU time "
            f"({timeout * WALL_FACTOR:g} s in all)")


def killed_text(name: str, timeout: float, process: str) -> str:
    """What a call that ran past the time limit and was stopped by killing ``process`` did."""
    return f"{name} {limit_text(timeout)} and did not stop: {process} was killed"


def _count_interrupted() -> None:
    global _interrupted
    _interrupted += 1


def as_number(value: Any) -> Optional[float]:
    """A metric's return value as a float, or ``None`` if it is not one number (a string, a
    bool, an array of several values, an object ``float()`` rejects)."""
    if isinstance(value, np.ndarray):
        if value.size != 1:
            return None
        value = value.reshape(()).item()
    # float("0.5") and float(True) succeed, but a string or a bool is not a score
    if isinstance(value, (bool, np.bool_, str, bytes)):
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


class Scorer:
    """``Scorer(metric)(truth, pred)`` -> Q, the metric oriented so that higher is better.

    Built-ins get the validated :class:`Partition`, cover metrics the partition or
    :class:`~metricprops.covers.Cover` as it is; black-box functions get lists of canonical
    integer labels.  Values are memoised per (truth, pred); warnings the metric
    emits are silenced (they are not findings).
    """

    def __init__(self, metric: Any, timeout: Optional[float] = DEFAULT_TIMEOUT):
        self.metric = metric
        self.timeout = timeout
        self.calls = 0
        self._cache: Dict[Tuple[bytes, bytes, int], float] = {}

    def raw(self, truth: Partition, pred: Partition) -> float:
        """The metric's own value (not oriented)."""
        key = (truth.labels.tobytes(), pred.labels.tobytes(), truth.n)
        if key in self._cache:
            return self._cache[key]
        self.calls += 1
        number = self._value(key, truth, pred)
        self._cache[key] = number
        return number

    def _value(self, key: Tuple[bytes, bytes, int], truth: Partition, pred: Partition
               ) -> float:
        """The metric's value on ``(truth, pred)`` (``key``), called now."""
        m = self.metric
        if m.builtin:
            call = lambda: m(truth, pred)  # noqa: E731
        elif m.input == "cover":  # a cover metric is given the validated objects
            call = lambda: m.func(truth, pred)  # noqa: E731
        else:
            t_list, p_list = truth.tolist(), pred.tolist()
            call = lambda: m.func(t_list, p_list)  # noqa: E731
        try:
            with silenced():
                # a worker's call record holds partition codes: a cover is not recorded
                watched = key if isinstance(truth, Partition) else (b"", b"", truth.n)
                finished, value = timed_call(_watched(call, watched), self.timeout)
        except BaseException as exc:  # sys.exit() or any BaseException must not end the audit
            if isinstance(exc, KeyboardInterrupt) and _observer is None:
                raise  # the user's Ctrl-C, in the auditing process
            reason, what, where = _call_error(m.name, exc)
            at = f" (at {where})" if where else ""
            code = None
            if isinstance(exc, SystemExit):  # the code as JSON can hold it
                value = exc.code
                code = {"code": value if isinstance(value, (int, str, type(None)))
                        else repr(value)}
            raise MetricCallError(reason, f"{what}{at}", truth, pred, where=where,
                                  exit=code) from exc
        if not finished:
            raise MetricCallError("timeout", f"{m.name} {limit_text(self.timeout)}", truth, pred)
        number = as_number(value)
        if number is None:
            raise MetricCallError(
                "not_a_number",
                f"{m.name} returned {type(value).__name__} {value!r:.60}, expected a number",
                truth, pred,
            )
        if not math.isfinite(number):
            reason = "nan" if math.isnan(number) else "inf"
            raise MetricCallError(reason, f"{m.name} returned {number}", truth, pred)
        return number

    def __call__(self, truth: Partition, pred: Partition) -> float:
        return self.metric.oriented(self.raw(truth, pred))
