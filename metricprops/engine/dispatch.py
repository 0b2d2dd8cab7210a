"""Running (metric, constraint) checks: in this process or in the worker pool.

Built-in metrics run in the auditing process when ``jobs`` is 1; any other metric always
runs in a worker (unless ``isolate=False``), and with ``jobs`` > 1 every check does.  With
``jobs`` > 1 a check with a large exhaustive phase is sent as chunks of that phase and a
finish (:mod:`~metricprops.engine.schedule`), with the result it has in one worker.  The
work goes out through :func:`~metricprops.engine.schedule.drive`, the one scheduling loop,
which a Dask cluster (:mod:`~metricprops.engine.cluster`) shares.
"""
from __future__ import annotations

import time
from collections import deque
from typing import Any, Deque, Dict, Iterator, Optional, Sequence, Tuple

from ..calls import with_stack_room
from ..results.model import CheckResult
from ..settings import Run, default_memory_limit
from .outcome import constraint_raised
from .pool import Pool
from .schedule import Schedule, Work, drive
from .work import CheckTask, plans_for, scale_groups, settle, work_task

__all__ = ["run_checks"]

#: The built-in run (frozen, so one instance serves every call that gives none).
_DEFAULT_RUN = Run()


class _Local:
    """The local executor: work in the pool, or, for a check that needs no worker, here."""

    def __init__(self, pool: Pool, tasks: Sequence[CheckTask], run: Run,
                 end: Optional[float], raise_errors: bool):
        self.pool, self.tasks, self.run, self.end = pool, tasks, run, end
        self.raise_errors = raise_errors
        self.here: Deque[Tuple[Work, Optional[float]]] = deque()
        self.submitted = 0
        # what the workers remember of each metric's scale shapes, handed to the next check
        # of the metric (a worker that cut a call off is replaced, its memo with it)
        self.scale_values: Dict[int, Dict[tuple, Any]] = {}

    def _in_worker(self, task: CheckTask) -> bool:
        isolate = self.run.isolate
        return self.run.jobs > 1 or (isolate is not False
                                     and (isolate or not task.metric.builtin))

    def _share(self) -> Optional[float]:
        """The next check's share of what is left of the time budget."""
        if self.end is None:
            return None
        left = max(0.0, self.end - time.monotonic())
        return left * self.run.jobs / max(1, len(self.tasks) - self.submitted)

    def submit(self, work: Work) -> None:
        task = self.tasks[work.index]
        share = self._share()
        if work.kind == "check":
            self.submitted += 1
        if work.kind == "check" and not self._in_worker(task):
            self.here.append((work, share))
        else:
            self.pool.submit(work_task(work, task, share, self.end,
                                       self.scale_values.get(id(task.metric))))

    def _run_here(self, work: Work, share: Optional[float]) -> Tuple[str, Any, bool]:
        task = self.tasks[work.index]
        deadline = None if share is None else time.monotonic() + share
        try:
            return "ok", with_stack_room(task.run, deadline), False
        except Exception as exc:
            if self.raise_errors:
                raise
            return "ok", constraint_raised(task.describe(), exc), False

    def as_completed(self) -> Iterator[Tuple[Work, Tuple[str, Any, bool]]]:
        while True:
            if self.here:
                work, share = self.here.popleft()
                yield work, self._run_here(work, share)
            elif self.pool.busy:
                for work, reply in self.pool.as_completed():
                    task = self.tasks[work.index]
                    memo = self.scale_values.setdefault(id(task.metric), {})
                    yield work, settle(work, task, reply, self.raise_errors, memo.update)
            else:
                return


def run_checks(tasks: Sequence[CheckTask], run: Run = _DEFAULT_RUN, *,
               time_budget: Optional[float] = None,
               raise_errors: bool = False) -> Iterator[Tuple[int, CheckResult]]:
    """Run ``tasks`` where ``run`` says; yield ``(index, result)`` as each finishes (in task
    order when ``run.jobs`` is 1).

    ``time_budget`` (seconds, not on a cluster) is shared by the checks: each gets an equal
    share of what is left when it starts.  ``raise_errors`` re-raises an exception of the
    check itself (``check`` does; ``audit`` records it and goes on).
    """
    if run.cluster:
        from .cluster import run_on_cluster

        yield from run_on_cluster(run.cluster, tasks, run.memory_limit, raise_errors)
        return
    memory_limit = run.memory_limit or default_memory_limit(run.jobs)
    end = None if time_budget is None else time.monotonic() + time_budget
    # no split with a time budget: each check has its share
    plans = plans_for(tasks, run.jobs) if run.jobs > 1 and end is None else [None] * len(tasks)
    with Pool(run.jobs, memory_limit) as pool:  # workers start on the first isolated check
        groups = scale_groups(tasks) if run.jobs > 1 else None
        yield from drive(Schedule(plans, groups), _Local(pool, tasks, run, end, raise_errors),
                         capacity=run.jobs)
