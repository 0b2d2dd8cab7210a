"""A check in the pool's form, and its reply read back.

The unit sent to a worker is a whole check (a message per metric call would cost more than
the call), or, when its exhaustive phase is split (:mod:`metricprops.search.chunks`), one
chunk of that phase or its *finish* (:mod:`~metricprops.engine.schedule`).  Results do not
depend on scheduling: each check has its own seed and the caller puts the results back in
pair order.
"""
from __future__ import annotations

import dataclasses
import time
import types
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..results.model import CheckResult
from ..search.check import run_check
from ..search.chunks import chunk_plan, run_chunk
from ..search.scale import has_scale_phase, remember_values, shared_values
from ..settings import Budget
from .capture import kept_output
from .outcome import constraint_raised, crashed_in_task, died, with_output
from .pool import Reply, Task
from .schedule import Work

__all__ = ["CheckTask", "Checked", "work_task", "settle", "reply_result", "plans_for",
           "scale_groups", "source_file", "restore_source"]


@dataclass(frozen=True)
class CheckTask:
    """One check to run: ``constraint`` on ``metric`` with ``seed`` and ``budget``."""

    metric: Any
    constraint: Any
    seed: int
    budget: Budget = Budget()

    def __post_init__(self) -> None:
        # a constraint with a cover form checks a cover metric in that form
        object.__setattr__(self, "constraint", self.constraint.for_metric(self.metric))

    def describe(self) -> Dict[str, Any]:
        """What a verdict made outside the check (a dead worker) needs to know of it."""
        b = self.budget
        return {"metric": self.metric.name, "constraint": self.constraint.name,
                "seed": self.seed, "exhaustive_n": b.exhaustive_n, "max_items": b.max_items,
                "tolerance": b.tolerance, "min_items": b.min_items, "timeout": b.timeout}

    def run(self, deadline: Optional[float] = None,
            chunks: Optional[Sequence[Any]] = None) -> CheckResult:
        """The check, here (:func:`metricprops.search.check.run_check`)."""
        return run_check(self.metric, self.constraint, self.seed, self.budget,
                         deadline=deadline, chunks=chunks)


def _refile(code: types.CodeType, filename: str) -> types.CodeType:
    consts = tuple(_refile(c, filename) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def source_file(metric: Any) -> Optional[str]:
    """The file a metric function is defined in (``None`` for a built-in)."""
    code = getattr(getattr(metric, "func", None), "__code__", None)
    return None if code is None else code.co_filename


def restore_source(metric: Any, filename: Optional[str]) -> None:
    """Give a metric function that travelled by value its file name back (the pickler drops
    it), so that errors still say ``file.py:line``."""
    func = getattr(metric, "func", None)
    if filename and func is not None and func.__code__.co_filename != filename:
        func.__code__ = _refile(func.__code__, filename)


class Checked(NamedTuple):
    """A worker's reply to a check: its result, and what the worker remembers of the
    metric's scale shapes (:func:`metricprops.search.scale.shared_values`), for the next
    check of the metric wherever it runs."""

    result: CheckResult
    scale_values: Dict[tuple, Any]


def _check_in_worker(task: CheckTask, share: Optional[float], end: Optional[float],
                     filename: Optional[str], chunks: Optional[Sequence[Any]],
                     scale_values: Optional[Dict[tuple, Any]] = None) -> Checked:
    """The check, with its share of the time budget counted from when it starts."""
    restore_source(task.metric, filename)
    remember_values(task.metric, scale_values)
    deadline = None if share is None else min(time.monotonic() + share, end or float("inf"))
    result = task.run(deadline, chunks)
    return Checked(result, shared_values(task.metric))


def _chunk_in_worker(task: CheckTask, parts: Any, hint: Dict[str, int],
                     filename: Optional[str]) -> Any:
    """One chunk of the check's exhaustive phase (:func:`metricprops.search.chunks.run_chunk`)."""
    restore_source(task.metric, filename)
    b = task.budget
    return run_chunk(task.metric, task.constraint, parts, hint, timeout=b.timeout,
                     tolerance=b.tolerance, min_items=b.min_items)


def scale_groups(tasks: Sequence[CheckTask]) -> List[Optional[int]]:
    """Each check's group for :class:`~metricprops.engine.schedule.Schedule`: its metric's
    when the check has a scale phase (the checks of a metric score the same shapes), else
    ``None``."""
    return [id(t.metric) if has_scale_phase(t.constraint, t.budget.scale_max_n) else None
            for t in tasks]


def plans_for(tasks: Sequence[CheckTask], workers: int) -> list:
    """Each check's chunks for ``workers`` workers (``None``: the check is not split)."""
    return [chunk_plan(t.metric, t.constraint, t.budget.exhaustive_n, workers) for t in tasks]


def work_task(work: Work, task: CheckTask, share: Optional[float] = None,
              end: Optional[float] = None,
              scale_values: Optional[Dict[tuple, Any]] = None) -> Task:
    """The pool's form of ``work`` (a whole check, a chunk or a finish) on ``task``;
    ``scale_values``: what earlier checks of the metric remembered of its scale shapes."""
    filename = source_file(task.metric)
    if work.kind == "chunk":
        return (work, _chunk_in_worker, (task, *work.data, filename), {}, task.budget.timeout)
    chunks = work.data if work.kind == "finish" else None
    return (work, _check_in_worker, (task, share, end, filename, chunks, scale_values), {},
            task.budget.timeout)


def settle(work: Work, task: CheckTask, reply: Reply, raise_errors: bool,
           remember: Optional[Callable[[Dict[tuple, Any]], None]] = None) -> Tuple:
    """``(kind, value, printed)`` of a reply to ``work``: a chunk's summary (``None`` if it
    did not end normally) or the check's result, and whether the metric printed.
    ``remember`` takes what the worker remembered of the metric's scale shapes."""
    printed = work.kind != "check" and bool(kept_output(reply.output_path))
    if work.kind == "chunk":
        return reply.kind, reply.value if reply.kind == "ok" else None, printed
    if reply.kind == "ok" and isinstance(reply.value, Checked):
        if remember is not None:
            remember(reply.value.scale_values)
        reply = dataclasses.replace(reply, value=reply.value.result)
    return reply.kind, reply_result(task, reply, raise_errors), printed


def reply_result(task: CheckTask, reply: Reply, raise_errors: bool) -> CheckResult:
    """The check's result from the pool's reply (a death becomes an ``error`` verdict)."""
    info = task.describe()
    if reply.kind == "ok":
        return with_output(reply.value, reply.output_path)
    if reply.kind == "raised":
        if raise_errors:
            raise reply.value
        return constraint_raised(info, reply.value)
    if reply.kind == "crashed":
        return crashed_in_task(info, reply.value, reply.snapshot, reply.output_path)
    return died(info, reply, task.budget.timeout)
