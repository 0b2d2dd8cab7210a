"""A pool of worker processes that survives anything the metric does.

Built on :mod:`multiprocessing`'s processes, pipes and sentinels rather than on a pool
library: what an audit needs is what those libraries leave out -- a worker killed when *one
metric call* overruns its time limit (not a whole task), the input it was calling the
metric on, and the other workers' tasks kept when one worker dies (``concurrent.futures`` and
loky mark every pending task broken; pebble loses a task whose worker exits with status 0).
A dead worker is replaced by a fresh one and its task is reported with the exit code or
signal (a :class:`Reply` of kind ``"died"``).  On Linux workers are forked from the auditing
process (which has imported metricprops and the metric already, so a new worker starts in
milliseconds, and the pool starts no thread of its own that a fork could catch mid-way);
elsewhere they are spawned.  A pool lives for one run of checks: forked afresh each time, its
workers see the metric as the auditing process sees it then (a module edited and reloaded
since the last audit included).
"""
from __future__ import annotations

import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any, Callable, Deque, Iterator, List, Optional, Tuple

import cloudpickle

from ..calls import pools_narrowed
from ..settings import TIMEOUT_GRACE, WALL_FACTOR
from .record import CallRecord, Snapshot
from .worker import worker_main

__all__ = ["Pool", "Reply", "Task"]

#: A task: ``(key, func, args, kwargs, timeout)`` (``timeout``: the per-call limit).
Task = Tuple[Any, Any, tuple, dict, Optional[float]]

#: Seconds between two looks at the running calls (the per-call watchdog).
POLL = 0.05


@dataclass(frozen=True)
class Reply:
    """How one task ended.  ``kind`` is the worker's (``"ok"``, ``"raised"``, ``"crashed"``:
    see :func:`~metricprops.engine.worker.run_task`, ``value`` what came with it) or
    ``"died"``: the worker died, with its ``exitcode`` (negative: the signal) and
    ``timed_out`` if the pool killed it for overrunning the time limit.  ``snapshot`` is its
    last call record, ``output_path`` the file holding what the task printed (valid until
    the next task is handed out)."""

    kind: str
    value: Any
    snapshot: Snapshot
    output_path: str
    exitcode: Optional[int] = None
    timed_out: bool = False


def _context() -> Any:
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")  # pragma: no cover - not Linux


class _Worker:
    def __init__(self, ctx: Any, folder: str, slot: int, memory_limit: Optional[int],
                 setup: Optional[Callable[[], None]] = None):
        self.record_path = os.path.join(folder, f"record-{slot}")
        self.output_path = os.path.join(folder, f"output-{slot}")
        self.record = CallRecord(self.record_path, create=True)
        mine, theirs = ctx.Pipe()
        self.process = ctx.Process(target=worker_main, daemon=True, name=f"metricprops-{slot}",
                                   args=(theirs, self.record_path, self.output_path,
                                         memory_limit, setup))
        with pools_narrowed():  # the worker's pools start on one thread, none spinning
            self.process.start()
        theirs.close()
        self.conn = mine
        self.task: Optional[Tuple[Any, float]] = None  # (key, timeout)
        self.timed_out = False

    def stop(self, kill: bool = False) -> None:
        if not kill:
            try:
                self.conn.send_bytes(b"")
            except OSError:
                pass
            self.process.join(1.0)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5.0)
        self.conn.close()
        self.record.close()


class Pool:
    """``jobs`` worker processes with a memory limit each, in the shape of
    :mod:`concurrent.futures` and of Dask's ``Client``: :meth:`submit` a task,
    :meth:`as_completed` its reply.

    A :data:`Task` is ``(key, func, args, kwargs, timeout)``; ``timeout`` is the per-call
    limit the watchdog enforces (``None``: none).  ``setup`` is called in each worker as it
    starts.
    """

    def __init__(self, jobs: int, memory_limit: Optional[int] = None,
                 setup: Optional[Callable[[], None]] = None):
        self.jobs, self.memory_limit, self.setup = jobs, memory_limit, setup
        self._ctx = _context()
        self._folder: Optional[str] = None  # made with the first worker
        self._workers: List[_Worker] = []
        self._slots = 0
        self._pending: Deque[Task] = deque()

    def _spawn(self) -> _Worker:
        self._slots += 1
        if self._folder is None:
            self._folder = tempfile.mkdtemp(prefix="metricprops-")
        return _Worker(self._ctx, self._folder, self._slots, self.memory_limit, self.setup)

    @property
    def busy(self) -> bool:
        """True while a task is queued or running."""
        return bool(self._pending) or any(w.task for w in self._workers)

    def submit(self, task: Task) -> None:
        """Queue ``task``; a free worker takes it (in submission order)."""
        self._pending.append(task)

    def as_completed(self) -> Iterator[Tuple[Any, Reply]]:
        """Yield ``(key, reply)`` as tasks end, until no task is running or queued; tasks
        submitted while iterating are run too.  Stopping early kills the busy workers."""
        path = list(sys.path)
        try:
            while self._hand_out(path):
                yield from self._collect()
        except BaseException:  # an interrupt, or the caller stopped early
            self._abandon()
            raise

    def _hand_out(self, path: List[str]) -> bool:
        """Give free workers (started as needed, up to ``jobs``) the queued tasks; False if
        nothing is running then."""
        while self._pending:
            free = next((w for w in self._workers if w.task is None), None)
            if free is None and len(self._workers) >= self.jobs:
                break
            task = self._pending.popleft()
            if free is None:
                free = self._spawn()
                self._workers.append(free)
            key, func, args, kwargs, timeout = task
            free.conn.send_bytes(cloudpickle.dumps((path, cloudpickle.dumps(
                (func, args, kwargs)))))
            free.task, free.timed_out = (key, timeout), False
        return any(w.task for w in self._workers)

    def _collect(self) -> Iterator[Tuple[Any, Reply]]:
        busy = [w for w in self._workers if w.task]
        ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy], POLL))
        for w in busy:
            key = w.task[0]  # type: ignore[index]
            if w.conn in ready:
                try:
                    reply = w.conn.recv_bytes()
                except (EOFError, OSError):
                    reply = None
                if reply:
                    w.task = None
                    kind, value, retiring = cloudpickle.loads(reply)
                    yield key, Reply(kind, value, w.record.read(), w.output_path)
                    if retiring:  # it cut a call off at its time limit: not reused
                        self._replace(w)
                    continue
            if w.conn in ready or w.process.sentinel in ready:
                w.process.join(5.0)
                yield key, Reply("died", None, w.record.read(), w.output_path,
                                 w.process.exitcode, w.timed_out)
                self._replace(w)
            else:
                self._watch(w)

    def _watch(self, w: _Worker) -> None:
        timeout = w.task[1]  # type: ignore[index]
        if timeout is None or w.timed_out:
            return
        snap = w.record.read()
        grace = max(TIMEOUT_GRACE, timeout / 2)
        if snap.in_call and time.monotonic() - snap.started > timeout * WALL_FACTOR + grace:
            w.timed_out = True
            w.process.kill()

    def _replace(self, w: _Worker) -> None:
        index = self._workers.index(w)
        w.stop(kill=True)
        self._workers[index] = self._spawn()

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close(kill=True)

    def _abandon(self) -> None:
        """Drop the queued tasks and kill the workers still busy with one (new ones are made
        when needed)."""
        self._pending.clear()
        for w in [w for w in self._workers if w.task is not None]:
            w.stop(kill=True)
            self._workers.remove(w)

    def close(self, kill: bool = False) -> None:
        """Stop every worker (``kill``: at once) and remove the pool's files."""
        for w in self._workers:
            w.stop(kill=kill)
        self._workers = []
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
