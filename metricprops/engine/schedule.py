"""Which work goes out next: whole checks, and the chunks of split exhaustive phases.

A check whose exhaustive phase is split (:func:`metricprops.search.chunks.chunk_plan`) runs as
its chunks and then a *finish*: the check itself, resumed from the chunks' summaries.  Work
goes out in task order; a chunk is given, when it goes out, a hint (the smallest violations
the earlier chunks of its check found, if they are done), so that it skips what one worker
would skip; a finish goes out first, as soon as its last chunk is in.

The checks of one metric that have a scale phase score the same large shapes, which the
auditing process hands from one check of the metric to the next
(:func:`metricprops.search.scale.shared_values`).  Two of them running at once would each
score the shapes, so they form a *group* (``groups``): the first of a group to go out leads,
and the others wait until it is done while other work is ready (a worker never idles for
them).  The results are the same in any order: a remembered value is charged to a check's
time at what it cost.

Where the chunks could not give exactly what one worker gives, the check is run whole
instead (and the results stay the same for every number of workers): after a chunk that
did not end normally (a crash, a constraint that raised: the check would meet it anywhere),
after a finish whose worker died, and for an ``error`` verdict of a metric that printed
something (what it printed is kept with the error, and would not be the same).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import (
    Any,
    Deque,
    Dict,
    Hashable,
    Iterator,
    List,
    Optional,
    Protocol,
    Sequence,
    Set,
    Tuple,
)

from ..results.model import CheckResult, Status

__all__ = ["Work", "Schedule", "Executor", "drive"]


@dataclass
class Work:
    """One unit sent to a worker: a whole ``check``, a ``chunk`` of its exhaustive phase
    (``data``: its parts and hint) or its ``finish`` (``data``: the chunk summaries)."""

    kind: str
    index: int  # the check's place in the task list
    chunk: int = 0
    data: Any = None


class Schedule:
    """The work of a list of checks: ``plans[i]`` is check ``i``'s chunks (each a list of
    parts of its enumeration), or ``None`` when it runs whole; ``groups[i]`` check ``i``'s
    group (``None``: none), whose first check to go out leads (see the module)."""

    def __init__(self, plans: Sequence[Optional[List[Any]]],
                 groups: Optional[Sequence[Optional[Hashable]]] = None):
        self._plans = plans
        self._groups = groups or [None] * len(plans)
        self._leaders: Dict[Hashable, int] = {}  # group -> the check that leads it
        self._led: Set[Hashable] = set()  # groups whose leader is done
        self._queue: Deque[Work] = deque()
        for i, plan in enumerate(plans):
            if plan:
                self._queue.extend(Work("chunk", i, j) for j in range(len(plan)))
            else:
                self._queue.append(Work("check", i))
        self._summaries: Dict[int, List[Any]] = {i: [None] * len(p)
                                                 for i, p in enumerate(plans) if p}
        self._printed: Set[int] = set()  # checks whose chunks printed something
        self._whole: Set[int] = set()  # split checks now run whole

    def next(self) -> Optional[Work]:
        """The next work to send (``None``: none is ready): the first in the queue that is
        not waiting for its group's leader, else the first."""
        while self._queue and self._stale(self._queue[0]):
            self._queue.popleft()
        if not self._queue:
            return None
        at = next((i for i, work in enumerate(self._queue)
                   if not self._stale(work) and not self._waits(work)), 0)
        work = self._queue[at]
        del self._queue[at]
        group = self._group(work)
        if group is not None:
            self._leaders.setdefault(group, work.index)
        if work.kind == "chunk":
            work.data = (self._plans[work.index][work.chunk], self._hint(work))
        return work

    def _stale(self, work: Work) -> bool:
        """A chunk of a check now run whole."""
        return work.kind == "chunk" and work.index in self._whole

    def _group(self, work: Work) -> Optional[Hashable]:
        return None if work.kind == "chunk" else self._groups[work.index]

    def _waits(self, work: Work) -> bool:
        """Whether ``work`` waits for its group's leader, which is out and not done."""
        group = self._group(work)
        leader = self._leaders.get(group) if group is not None else None
        return leader is not None and leader != work.index and group not in self._led

    def _final(self, i: int, result: Optional[CheckResult]) -> Optional[CheckResult]:
        """Check ``i``'s final ``result``: the group it led, if any, is done."""
        group = self._groups[i]
        if result is not None and group is not None and self._leaders.get(group) == i:
            self._led.add(group)
        return result

    def _hint(self, work: Work) -> Dict[str, int]:
        hint: Dict[str, int] = {}
        for summary in self._summaries[work.index][:work.chunk]:
            for cls, n in (summary.found_at.items() if summary is not None else ()):
                hint[cls] = min(hint.get(cls, n), n)
        return hint

    def settle(self, work: Work, kind: str, value: Any, printed: bool
               ) -> Optional[CheckResult]:
        """Take the outcome of ``work``: ``kind`` the worker's (``"ok"``, ``"raised"``,
        ``"crashed"``, ``"died"``), ``value`` a chunk's summary or a check's result,
        ``printed`` whether the metric printed anything.  Returns the check's result when it
        is final."""
        i = work.index
        if work.kind == "check":
            return self._final(i, value)
        if i in self._whole:
            return None  # a chunk of a check now run whole
        if work.kind == "chunk":
            if printed:
                self._printed.add(i)
            if kind != "ok":
                return self._run_whole(i)
            summaries = self._summaries[i]
            summaries[work.chunk] = value
            if all(s is not None for s in summaries):
                self._queue.appendleft(Work("finish", i, data=self._summaries.pop(i)))
            return None
        if kind in ("died", "crashed") or (value.status is Status.ERROR
                                           and (printed or i in self._printed)):
            return self._run_whole(i)
        return self._final(i, value)

    def _run_whole(self, i: int) -> None:
        self._whole.add(i)
        self._summaries.pop(i, None)
        self._queue.appendleft(Work("check", i))


class Executor(Protocol):
    """Where work runs, in the shape of :mod:`concurrent.futures` and of Dask's ``Client``:
    the local pool (:mod:`~metricprops.engine.dispatch`) and a Dask cluster
    (:mod:`~metricprops.engine.cluster`) alike."""

    def submit(self, work: Work) -> None:
        """Start ``work`` (or queue it)."""

    def as_completed(self) -> Iterator[Tuple[Work, Tuple[str, Any, bool]]]:
        """Yield ``(work, (kind, value, printed))`` as work ends (see
        :meth:`Schedule.settle`), until none is running; work submitted while iterating is
        included."""


def drive(schedule: Schedule, executor: Executor, capacity: int
          ) -> Iterator[Tuple[int, CheckResult]]:
    """The one scheduling loop: keep ``capacity`` pieces of ``schedule``'s work running on
    ``executor``; yield ``(index, result)`` as each check's result is final.

    Work is handed out only as capacity frees up, so that a chunk goes out with the hints of
    the chunks that ended before it."""
    running = 0

    def fill() -> None:
        nonlocal running
        while running < capacity:
            work = schedule.next()
            if work is None:
                return
            executor.submit(work)
            running += 1

    fill()
    for work, outcome in executor.as_completed():
        running -= 1
        result = schedule.settle(work, *outcome)
        if result is not None:
            yield work.index, result
        fill()
