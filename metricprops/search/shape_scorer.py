"""The scale phase's calls: values of the structured shapes shared by the checks of a
metric, and calls predicted past the time limit not made.

A call on two shapes (:func:`~metricprops.search.shapes.shape_partition`) is remembered per
metric, with what it cost, by every check of the metric in this process and, through
:func:`shared_values` and :func:`remember_values`, in the others; a call on other partitions
(a constraint's copies or renaming of a shape pair, a size of a bisection) is made afresh,
unless the growth measured on its shape pair predicts it past the limit (:mod:`.cost`).
"""
from __future__ import annotations

import time
from typing import Any, Callable, Dict, List, Optional, Tuple

from ..calls import Deadline, Scorer, gc_paused
from ..errors import MetricCallError
from ..partition import Partition
from . import cost
from .shapes import cause, shape_of, shape_partition
from .value_store import metric_key

__all__ = ["ShapeScorer", "shared_values", "remember_values", "QUIET"]

#: Reasons of a call error that end a shape pair quietly (resource limits, not findings).
QUIET = ("timeout", "memory")


#: (metric name, function) -> {(truth shape, pred shape): (value or MetricCallError, CPU
#: seconds)}: the scale phases of the checks of one metric share the values of the shapes
#: they all score (no labels kept), and their errors: a call cut off at its time limit is not
#: made again by the next check of the metric (a slow metric's scale phase would cost each
#: check as much).  A remembered call is charged to the phase's deadline at what it cost, so
#: that a check gets as far with the memo as without it.  Keyed on the function, not the
#: Metric object: a check run in a worker process gets a fresh copy of the Metric, but the
#: same imported function.  Worker processes send theirs back with each check, and the
#: auditing process hands them to the next check of the metric (:func:`shared_values`,
#: :func:`remember_values`): a worker that cut a call off is replaced, and its memo with it.
_VALUES: Dict[tuple, Dict[tuple, Tuple[Any, float]]] = {}


def _memo(metric: Any) -> Dict[tuple, Tuple[Any, float]]:
    return _VALUES.setdefault(metric_key(metric), {})


#: Told of each call the scale phase makes afresh: ``watch("call", key, None)`` before it,
#: ``watch("value", key, entry)`` after (``entry`` as :func:`shared_values` gives it, or
#: ``None``).  The forked child of :mod:`.isolated` sets it, so that a child killed in a later
#: call loses nothing it learned, and the call it is killed in is remembered as cut off.
watch: Optional[Callable[[str, tuple, Any], None]] = None


def _travelling(entry: Tuple[Any, float]) -> Optional[Tuple[Any, float]]:
    """A memo entry in the form that travels between processes (``None``: it does not)."""
    value, seconds = entry
    if isinstance(value, MetricCallError):
        if value.reason not in QUIET:
            return None
        value = (value.reason, str(value))
    return value, seconds


def shared_values(metric: Any) -> Dict[tuple, Tuple[Any, float]]:
    """What this process remembers of ``metric``'s scale shapes, in a form that travels
    between processes: values, and the errors of the resource limits (:data:`QUIET`) as
    ``(reason, message)`` (other errors carry their huge inputs: they are made again)."""
    out = {key: _travelling(entry) for key, entry in _memo(metric).items()}
    return {key: entry for key, entry in out.items() if entry is not None}


def remember_values(metric: Any, values: Optional[Dict[tuple, Tuple[Any, float]]]) -> None:
    """Take what another process remembered of ``metric``'s scale shapes
    (:func:`shared_values`)."""
    memo = _memo(metric)
    for key, (value, seconds) in (values or {}).items():
        if key not in memo:
            if isinstance(value, tuple):
                value = MetricCallError(value[0], value[1], None, None)
            memo[key] = (value, seconds)


class ShapeScorer(Scorer):
    """A scorer that keeps no labels: values (and errors, timeouts included) of known shapes
    are shared between checks, and charged to ``deadline`` at what they cost."""

    def __init__(self, metric: Any, timeout: Optional[float], deadline: Deadline,
                 shapes: Optional[Tuple[str, str]] = None):
        super().__init__(metric, timeout)
        self.deadline = deadline
        #: the shape pair whose instance the calls score (its copies, renamings and
        #: bisection sizes are calls on other partitions, predicted from its growth)
        self.shapes = shapes
        self.last_seconds = 0.0  # what the last call cost (a remembered one: when it was made)

    def raw(self, truth: Partition, pred: Partition) -> float:
        key = (shape_of(truth), shape_of(pred))
        started = time.process_time()
        if None in key[:2]:
            self._predict_derived(len(truth))
            self._cache.clear()  # no memo kept: the keys would be megabytes
            try:
                with gc_paused():  # a collection here is not the call's cost
                    return super().raw(truth, pred)
            finally:
                self.last_seconds = time.process_time() - started
        values = _memo(self.metric)
        if key in values:
            self.deadline.charge(values[key][1])
        elif self._too_slow(key, values):
            if watch is not None:
                watch("value", key, _travelling(values[key]))
        else:
            if watch is not None:
                watch("call", key, None)
            try:
                with gc_paused():
                    value: Any = super().raw(truth, pred)
            except MetricCallError as exc:  # a timeout too: the next check would wait again
                value = exc
            seconds = time.process_time() - started
            self._cache.clear()
            self._remember(key, value, seconds)
        value, self.last_seconds = values[key]
        if isinstance(value, MetricCallError):
            raise value
        return value

    def _remember(self, key: tuple, value: Any, seconds: float) -> None:
        """Keep ``value`` and its cost in the memo, and tell :data:`watch`."""
        _memo(self.metric)[key] = (value, seconds)
        if watch is not None:
            watch("value", key, _travelling((value, seconds)))

    def timed_again(self, truth: Partition, pred: Partition) -> float:
        """Call once more on a shape pair already scored, and keep the lower of its two
        times (in the memo too): what the call costs, not what one slow run of it cost."""
        key = (shape_of(truth), shape_of(pred))
        value, seconds = _memo(self.metric)[key]
        started = time.process_time()
        try:
            with gc_paused():
                super().raw(truth, pred)
        except MetricCallError:
            return seconds  # raised this time, not the first: no second time to compare
        finally:
            self._cache.clear()
        again = time.process_time() - started
        if again < seconds:
            self._remember(key, value, again)
        return min(seconds, again)

    def _measured(self, shapes: Tuple[str, str], below: int) -> List[Tuple[int, float]]:
        """``(size, seconds)`` of the calls made on the shape pair ``shapes`` at sizes below
        ``below``, ascending."""
        return sorted((k[0][1], seconds) for k, (value, seconds) in _memo(self.metric).items()
                      if (k[0][0], k[1][0]) == shapes and k[0][1] < below
                      and not isinstance(value, MetricCallError))

    def _predict_derived(self, n: int) -> None:
        """Before a call on partitions that are not shapes (a constraint's copies or
        renaming of its shape pair, a size of a bisection): raise the ``timeout`` error of
        a call cut off, without making it, when the growth measured on the shape pair
        predicts it past the time limit (n-invariance's copies of a quadratic metric at
        twice 4,097 items took the whole limit, once per shape pair, to end the pair as
        the prediction does)."""
        if not self.timeout or self.shapes is None:
            return
        points = self._measured(self.shapes, n + 1)  # the pair's own call at n included
        predicted = cost.predicted_seconds(points, n)
        if predicted is not None and predicted > self.timeout:
            raise self._predicted_past(predicted, n, points, f"on {cause(self.shapes)} ")

    def _too_slow(self, key: tuple, values: Dict[tuple, Tuple[Any, float]]) -> bool:
        """Whether the call on ``key`` is predicted past the time limit from the calls on
        the same shape pair at smaller sizes (:mod:`.cost`; a probe a quarter of the way up
        is timed first when they are far below).  If so it is remembered as cut off there,
        at no cost: the shape pair ends as the limit would have ended it."""
        if not self.timeout or key[0][1] != key[1][1]:
            return False
        n, shapes = key[0][1], (key[0][0], key[1][0])
        points = self._measured(shapes, n)
        probe = cost.probe_size(points, n, self.timeout)
        if probe is not None:
            try:
                self.raw(shape_partition(key[0][0], probe), shape_partition(key[1][0], probe))
            except MetricCallError as exc:
                if exc.reason not in QUIET:
                    return False  # the probe raised: the call at n says what it says
            points = self._measured(shapes, n)
        predicted = cost.predicted_seconds(points, n)
        if predicted is None or predicted <= self.timeout:
            return False
        values[key] = (self._predicted_past(predicted, n, points), 0.0)
        return True

    def _predicted_past(self, predicted: float, n: int, points: List[Tuple[int, float]],
                        on: str = "") -> MetricCallError:
        """The ``timeout`` error of a call at ``n`` items predicted to take ``predicted``
        seconds from ``points`` (the calls ``on`` a shape pair it was predicted from)."""
        return MetricCallError(
            "timeout", f"{self.metric.name} predicted to take about {predicted:.3g} s at "
            f"{n} items, past the scale phase's limit of {self.timeout:g} s of CPU time "
            f"(from its calls {on}at {', '.join(str(size) for size, _ in points)} items)",
            None, None)
