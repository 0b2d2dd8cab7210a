"""Checks on a Dask distributed cluster (``--cluster ADDRESS``; the ``cluster`` extra).

Each check is one Dask task, or, when its exhaustive phase is large, one task per chunk of
that phase and one for the rest (:mod:`~metricprops.engine.schedule`; at most twice as many
tasks at a time as the cluster has threads, so that a chunk gets the hints of the ones
before it).  On the Dask worker the task forks a one-worker
:class:`~metricprops.engine.pool.Pool` of its own and runs the check there, so a metric
that crashes, hangs in C or exhausts memory gives the same ``error`` verdict, with the
same input, as on a laptop, and never takes the Dask worker down.  The metric travels with
the task: a ``file.py:attr`` target's module is pickled by value (the cluster's machines
need not have the file), an installed package must be installed there too.  Results come
back as they finish and are put in pair order by the caller: the JSON is the one a local
run writes.  Plain tasks (:mod:`~metricprops.engine.tasks`: the ELM reproduction's chunks)
go the same way, each in a worker process of its own, and come back in task order.
"""
from __future__ import annotations

import itertools
import sys
import sysconfig
import uuid
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from ..errors import ClusterError, MissingExtraError
from ..results.model import CheckResult
from ..settings import check_cluster
from .outcome import task_value
from .pool import Pool
from .schedule import Schedule, Work, drive
from .work import CheckTask, plans_for, restore_source, settle, source_file, work_task

__all__ = ["run_on_cluster", "run_tasks_on_cluster", "remote_check", "remote_task"]


def _allow_children() -> None:
    """Dask worker processes are daemonic, and multiprocessing refuses children to those
    (so that none outlives its parent); the pool kills its worker when the task ends and
    the worker asks the kernel to kill it if the Dask worker dies, so none can outlive it."""
    import multiprocessing

    multiprocessing.current_process()._config["daemon"] = False


def remote_check(task: CheckTask, memory_limit: Optional[int], filename: Optional[str] = None,
                 work: Optional[Work] = None, raise_errors: bool = False) -> Tuple:
    """Run on a Dask worker: ``work`` (default: the whole check) in a forked worker process
    of its own; ``(kind, value, printed)`` as :func:`~metricprops.engine.work.settle`
    (with ``raise_errors``, an exception of the check itself is raised, and Dask raises it
    again in the caller)."""
    restore_source(task.metric, filename)
    _allow_children()
    work = work or Work("check", 0)
    with Pool(1, memory_limit) as pool:
        pool.submit(work_task(work, task))
        for _, reply in pool.as_completed():
            return settle(work, task, reply, raise_errors=raise_errors)
    raise RuntimeError("the pool returned no reply")  # pragma: no cover


def remote_task(func: Callable[..., Any], args: tuple,
                setup: Optional[Callable[[], None]]) -> Any:
    """Run on a Dask worker: one plain task (:mod:`~metricprops.engine.tasks`) in a forked
    worker process, so that ``setup`` and what the task leaves behind stay out of the Dask
    worker."""
    _allow_children()
    with Pool(1, setup=setup) as pool:
        pool.submit((0, func, tuple(args), {}, None))
        for _, reply in pool.as_completed():
            return task_value(func, reply)
    raise RuntimeError("the pool returned no reply")  # pragma: no cover


def _remote(payload: bytes) -> Tuple:
    """The Dask task: a check pickled by :mod:`cloudpickle` here (Dask's own pickling would
    try the standard pickle first, which sends a target's module by name)."""
    import cloudpickle

    return remote_check(*cloudpickle.loads(payload))


def _by_value(tasks: Sequence[CheckTask]) -> None:
    """Pickle the modules of user metrics by value (not ones installed as packages)."""
    import cloudpickle

    installed = {sysconfig.get_paths()[k] for k in ("purelib", "platlib", "stdlib")}
    for task in tasks:
        func = getattr(task.metric, "func", None)
        module = sys.modules.get(getattr(func, "__module__", None) or "")
        path = getattr(module, "__file__", None)
        if module is None or path is None or module.__name__.startswith("metricprops"):
            continue
        if not any(path.startswith(root) for root in installed):
            cloudpickle.register_pickle_by_value(module)


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise MissingExtraError("--cluster needs the distributed package: "
                                "pip install 'metricprops[cluster]'") from None
    return distributed


@contextmanager
def _client(address: str) -> Iterator[Any]:
    """A Dask client of the scheduler at ``address`` (a :class:`ClusterError` if it cannot
    be reached)."""
    distributed = _distributed()
    check_cluster(address)
    try:
        client = distributed.Client(address, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"could not reach the Dask scheduler at {address}: {exc}") from None
    with client:
        yield client


def run_tasks_on_cluster(address: str, func: Callable[..., Any], tasks: Sequence[tuple],
                         setup: Optional[Callable[[], None]] = None) -> List[Any]:
    """``[func(*args) for args in tasks]`` on the scheduler at ``address``, each call in a
    worker process of its own on a Dask worker; the results in task order."""
    run = uuid.uuid4().hex[:12]
    with _client(address) as client:
        futures = [client.submit(remote_task, func, tuple(args), setup, pure=False,
                                 key=f"metricprops-task-{i}-{run}")
                   for i, args in enumerate(tasks)]
        try:
            return client.gather(futures)
        except BaseException:
            client.cancel(futures)
            raise


class _Dask:
    """The cluster as an executor (:class:`~metricprops.engine.schedule.Executor`): each
    work a Dask task, its reply read back as it finishes."""

    def __init__(self, client: Any, tasks: Sequence[CheckTask], memory_limit: Optional[int],
                 raise_errors: bool):
        self.client, self.tasks = client, tasks
        self.memory_limit, self.raise_errors = memory_limit, raise_errors
        self.running: Dict[Any, Work] = {}
        self.done = _distributed().as_completed(loop=client.loop)
        self.run, self.serial = uuid.uuid4().hex[:12], itertools.count()

    def submit(self, work: Work) -> None:
        import cloudpickle

        task = self.tasks[work.index]
        payload = cloudpickle.dumps((task, self.memory_limit, source_file(task.metric), work,
                                     self.raise_errors))
        future = self.client.submit(_remote, payload, pure=False, key=(
            f"metricprops-{work.kind}-{work.index}-{work.chunk}-{self.run}-"
            f"{next(self.serial)}"))
        self.running[future] = work
        self.done.add(future)

    def as_completed(self) -> Iterator[Tuple[Work, Tuple]]:
        for future in self.done:
            yield self.running.pop(future), future.result()

    def cancel(self) -> None:
        self.client.cancel(list(self.running))


def run_on_cluster(address: str, tasks: Sequence[CheckTask], memory_limit: Optional[int],
                   raise_errors: bool = False) -> Iterator[Tuple[int, CheckResult]]:
    """Send every check to the scheduler at ``address``; yield ``(index, result)`` as each
    finishes (``raise_errors`` as in :func:`~metricprops.engine.dispatch.run_checks`).  At
    most twice as many pieces of work run at a time as the cluster has threads."""
    _by_value(tasks)
    with _client(address) as client:
        threads = max(1, sum(client.nthreads().values()))
        executor = _Dask(client, tasks, memory_limit, raise_errors)
        try:
            yield from drive(Schedule(plans_for(tasks, threads)), executor, 2 * threads)
        except BaseException:
            executor.cancel()
            raise
