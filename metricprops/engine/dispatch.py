"""Running (metric, constraint) checks: in this process or in the worker pool.

The unit sent to a worker is a whole check (a message per metric call would cost more than
the call), so results do not depend on scheduling: each check has its own seed
(:func:`metricprops.checker.pair_seed`) and the caller puts the results back in pair order.
With ``jobs`` > 1 a check with a large exhaustive phase is sent as chunks of that phase and a
finish (:mod:`~metricprops.engine.schedule`, :mod:`metricprops.search.chunks`), with the
result it has in one worker.  Built-in metrics run in the auditing process when ``jobs`` is
1; any other metric always runs in a worker (unless ``isolate=False``), and with ``jobs`` > 1
every check does.
"""
from __future__ import annotations

import os
import time
import types
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, Optional, Sequence, Tuple

from ..search.chunks import chunk_plan, run_chunk
from ..results.model import CheckResult
from .capture import kept_output
from .outcome import constraint_raised, crashed_in_task, died, with_output
from .pool import Pool, Reply, Task
from .schedule import Schedule, Work

__all__ = ["CheckTask", "run_checks", "default_memory_limit", "ambient_jobs", "ambient_cluster",
           "jobs_for", "pool_task", "reply_result", "source_file", "restore_source",
           "work_task", "settle", "plans_for"]

_AMBIENT: Dict[str, Any] = {"jobs": 1, "cluster": None}


def ambient_jobs() -> int:
    """Workers an audit uses when not told (1, or what :func:`jobs_for` set)."""
    return _AMBIENT["jobs"]


def ambient_cluster() -> Optional[str]:
    """The Dask scheduler an audit uses when not told (``None``, or what :func:`jobs_for`
    set)."""
    return _AMBIENT["cluster"]


@contextmanager
def jobs_for(jobs: int, cluster: Optional[str] = None) -> Iterator[None]:
    """Within the block, audits, checks, comparisons and the ELM reproduction that are not
    told otherwise use ``jobs`` workers, or the Dask scheduler at ``cluster`` (how
    ``metricprops report --jobs N --cluster ADDRESS`` reaches the work its sections do)."""
    before = dict(_AMBIENT)
    _AMBIENT.update(jobs=jobs, cluster=cluster)
    try:
        yield
    finally:
        _AMBIENT.update(before)


@dataclass
class CheckTask:
    """One check to run: ``check(metric, constraint, seed, **options)``."""

    metric: Any
    constraint: Any
    seed: int
    options: Dict[str, Any] = field(default_factory=dict)

    def describe(self) -> Dict[str, Any]:
        o = self.options
        return {"metric": self.metric.name, "constraint": self.constraint.name,
                "seed": self.seed, "exhaustive_n": o["exhaustive_n"],
                "max_items": o["max_items"], "tolerance": o["tolerance"],
                "min_items": o.get("min_items", 1)}


def default_memory_limit(jobs: int) -> Optional[int]:
    """The machine's physical memory shared equally by ``jobs`` workers (``None`` if the
    system does not say)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
        return None
    return max(2**28, total // max(1, jobs))


def _source_file(metric: Any) -> Optional[str]:
    code = getattr(getattr(metric, "func", None), "__code__", None)
    return None if code is None else code.co_filename


def _refile(code: types.CodeType, filename: str) -> types.CodeType:
    consts = tuple(_refile(c, filename) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def source_file(metric: Any) -> Optional[str]:
    """The file a metric function is defined in (``None`` for a built-in)."""
    return _source_file(metric)


def restore_source(metric: Any, filename: Optional[str]) -> None:
    """Give a metric function that travelled by value its file name back."""
    func = getattr(metric, "func", None)
    if filename and func is not None and func.__code__.co_filename != filename:
        func.__code__ = _refile(func.__code__, filename)


def _run_in_worker(check: Callable[..., CheckResult], metric: Any, constraint: Any, seed: int,
                   options: Dict[str, Any], share: Optional[float], end: Optional[float],
                   filename: Optional[str] = None) -> CheckResult:
    """The check, with its share of the time budget counted from when it starts.

    A metric function that travelled by value comes with its source file's name (the
    pickler drops it), so errors still say ``file.py:line``."""
    restore_source(metric, filename)
    if share is not None:
        options = dict(options, deadline=min(time.monotonic() + share, end or float("inf")))
    return check(metric, constraint, seed, **options)


def pool_task(i: int, task: CheckTask, check: Callable[..., CheckResult],
              share: Optional[float], end: Optional[float]) -> Tuple:
    """The pool's form of one check (see :meth:`Pool.run`)."""
    return (i, _run_in_worker, (check, task.metric, task.constraint, task.seed, task.options,
                                share, end, _source_file(task.metric)), {},
            task.options.get("timeout"))


def _chunk_in_worker(task: CheckTask, parts: Any, hint: Dict[str, int],
                     filename: Optional[str]) -> Any:
    """One chunk of the check's exhaustive phase (:func:`metricprops.search.chunks.run_chunk`)."""
    restore_source(task.metric, filename)
    o = task.options
    return run_chunk(task.metric, task.constraint, parts, hint, timeout=o["timeout"],
                     tolerance=o["tolerance"], min_items=o.get("min_items", 1))


def plans_for(tasks: Sequence[CheckTask], workers: int) -> list:
    """Each check's chunks for ``workers`` workers (``None``: the check is not split)."""
    return [chunk_plan(t.metric, t.constraint, t.options["exhaustive_n"], workers)
            for t in tasks]


def work_task(work: Work, task: CheckTask, check: Callable[..., CheckResult],
              share: Optional[float] = None, end: Optional[float] = None) -> Task:
    """The pool's form of ``work`` (a whole check, a chunk or a finish) on ``task``."""
    if work.kind == "chunk":
        return (work, _chunk_in_worker, (task, *work.data, _source_file(task.metric)), {},
                task.options.get("timeout"))
    if work.kind == "finish":
        task = CheckTask(task.metric, task.constraint, task.seed,
                         dict(task.options, chunks=work.data))
    return (work, *pool_task(work.index, task, check, share, end)[1:])


def settle(work: Work, task: CheckTask, reply: Reply, raise_errors: bool) -> Tuple:
    """``(kind, value, printed)`` of a reply to ``work``: a chunk's summary (``None`` if it
    did not end normally) or the check's result, and whether the metric printed."""
    printed = work.kind != "check" and bool(kept_output(reply.output_path))
    if work.kind == "chunk":
        return reply.kind, reply.value if reply.kind == "ok" else None, printed
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
    return died(info, reply, task.options.get("timeout"))


def run_checks(check: Callable[..., CheckResult], tasks: Sequence[CheckTask], *, jobs: int = 1,
               memory_limit: Optional[int] = None, isolate: Optional[bool] = None,
               time_budget: Optional[float] = None, raise_errors: bool = False,
               cluster: Optional[str] = None) -> Iterator[Tuple[int, CheckResult]]:
    """Run ``tasks``; yield ``(index, result)`` as each finishes (in task order when
    ``jobs`` is 1).

    ``check`` is the function a check is (``metricprops.checker``'s, passed in so that the
    engine sits below the checker); ``isolate`` ``None`` sends non-built-in metrics to
    workers, ``True`` every metric, ``False`` none.  ``raise_errors`` re-raises an exception
    of the check itself (``check`` does; ``audit`` records it and goes on).  ``cluster`` (a
    Dask scheduler's address) runs them there instead (:mod:`~metricprops.engine.cluster`;
    no time budget there), in the order they finish.
    """
    if cluster:
        from .cluster import run_on_cluster

        yield from run_on_cluster(cluster, check, tasks, memory_limit, raise_errors)
        return
    if memory_limit is None:
        memory_limit = default_memory_limit(jobs)
    end = None if time_budget is None else time.monotonic() + time_budget
    total = len(tasks)

    def in_worker(task: CheckTask) -> bool:
        return jobs > 1 or (isolate is not False and (isolate or not task.metric.builtin))

    def share(done: int) -> Optional[float]:
        if end is None:
            return None
        left = max(0.0, end - time.monotonic())
        return left * (jobs if jobs > 1 else 1) / max(1, total - done)

    def one(i: int, task: CheckTask, done: int) -> Tuple:
        return pool_task(i, task, check, share(done), end)

    with Pool(jobs, memory_limit) as workers:  # workers start on the first isolated check
        if jobs > 1:  # no split with a time budget: each check has its share
            plans = plans_for(tasks, jobs) if end is None else [None] * total
            yield from _scheduled(check, tasks, workers, Schedule(plans), share(0), end,
                                  raise_errors)
            return
        yield from _one_by_one(check, tasks, workers, in_worker, one, share, end,
                               raise_errors)


def _scheduled(check: Callable[..., CheckResult], tasks: Sequence[CheckTask], workers: Pool,
               schedule: Schedule, share: Optional[float], end: Optional[float],
               raise_errors: bool) -> Iterator[Tuple[int, CheckResult]]:
    def take() -> Optional[Task]:
        work = schedule.next()
        return None if work is None else work_task(work, tasks[work.index], check, share, end)

    for work, reply in workers.run(take):
        outcome = settle(work, tasks[work.index], reply, raise_errors)
        result = schedule.settle(work, *outcome)
        if result is not None:
            yield work.index, result


def _one_by_one(check: Callable[..., CheckResult], tasks: Sequence[CheckTask], workers: Pool,
                in_worker: Callable, one: Callable, share: Callable,
                end: Optional[float], raise_errors: bool) -> Iterator[Tuple[int, CheckResult]]:
    for i, task in enumerate(tasks):
        if in_worker(task):
            for _, reply in workers.run([one(i, task, i)]):
                yield i, reply_result(task, reply, raise_errors)
            continue
        options = dict(task.options)
        if end is not None:
            options["deadline"] = time.monotonic() + (share(i) or 0.0)
        try:
            result = check(task.metric, task.constraint, task.seed, **options)
        except Exception as exc:
            if raise_errors:
                raise
            result = constraint_raised(task.describe(), exc)
        yield i, result
