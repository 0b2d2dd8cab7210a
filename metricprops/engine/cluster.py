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

from ..errors import ClusterError, InvalidArgumentError, MissingExtraError
from ..results.model import CheckResult
from .dispatch import CheckTask, plans_for, restore_source, settle, source_file, work_task
from .pool import Pool
from .schedule import Schedule, Work

__all__ = ["run_on_cluster", "run_tasks_on_cluster", "remote_check", "remote_task",
           "check_cluster"]


def _allow_children() -> None:
    """Dask worker processes are daemonic, and multiprocessing refuses children to those
    (so that none outlives its parent); the pool kills its worker when the task ends and
    the worker asks the kernel to kill it if the Dask worker dies, so none can outlive it."""
    import multiprocessing

    multiprocessing.current_process()._config["daemon"] = False


def remote_check(check: Callable[..., CheckResult], task: CheckTask,
                 memory_limit: Optional[int], filename: Optional[str] = None,
                 work: Optional[Work] = None, raise_errors: bool = False) -> Tuple:
    """Run on a Dask worker: ``work`` (default: the whole check) in a forked worker process
    of its own; ``(kind, value, printed)`` as :func:`~metricprops.engine.dispatch.settle`
    (with ``raise_errors``, an exception of the check itself is raised, and Dask raises it
    again in the caller)."""
    restore_source(task.metric, filename)
    _allow_children()
    work = work or Work("check", 0)
    with Pool(1, memory_limit) as pool:
        for _, reply in pool.run([work_task(work, task, check)]):
            return settle(work, task, reply, raise_errors=raise_errors)
    raise RuntimeError("the pool returned no reply")  # pragma: no cover


def remote_task(func: Callable[..., Any], args: tuple,
                setup: Optional[Callable[[], None]]) -> Any:
    """Run on a Dask worker: one plain task (:mod:`~metricprops.engine.tasks`) in a forked
    worker process, so that ``setup`` and what the task leaves behind stay out of the Dask
    worker."""
    from .tasks import task_value

    _allow_children()
    with Pool(1, setup=setup) as pool:
        for _, reply in pool.run([(0, func, tuple(args), {}, None)]):
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


def check_cluster(address: Any) -> str:
    """``address`` if it is a Dask scheduler address (``tcp://host:port``, ``host:port``,
    ``inproc://...``); otherwise an :class:`~metricprops.errors.InvalidArgumentError` saying
    what was expected (and a :class:`~metricprops.errors.MissingExtraError` without the
    ``cluster`` extra).  Nothing is contacted."""
    expected = "a Dask scheduler address such as tcp://10.0.0.5:8786"
    if not isinstance(address, str) or not address.strip():
        raise InvalidArgumentError(f"cluster: expected {expected}, got {address!r}")
    _distributed()
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls", "ws", "wss"):
            parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise InvalidArgumentError(f"cluster: expected {expected}, got {address!r} ({exc})"
                                   ) from None
    return address


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


def run_on_cluster(address: str, check: Callable[..., CheckResult],
                   tasks: Sequence[CheckTask], memory_limit: Optional[int],
                   raise_errors: bool = False) -> Iterator[Tuple[int, CheckResult]]:
    """Send every check to the scheduler at ``address``; yield ``(index, result)`` as each
    finishes (``raise_errors`` as in :func:`~metricprops.engine.dispatch.run_checks`)."""
    import cloudpickle

    _by_value(tasks)
    with _client(address) as client:
        as_completed = _distributed().as_completed
        threads = max(1, sum(client.nthreads().values()))
        schedule = Schedule(plans_for(tasks, threads))
        running: Dict[Any, Work] = {}
        done = as_completed(loop=client.loop)
        run, serial = uuid.uuid4().hex[:12], itertools.count()

        def submit() -> None:
            while len(running) < 2 * threads:
                work = schedule.next()
                if work is None:
                    return
                task = tasks[work.index]
                payload = cloudpickle.dumps((check, task, memory_limit,
                                             source_file(task.metric), work, raise_errors))
                future = client.submit(_remote, payload, pure=False, key=(
                    f"metricprops-{work.kind}-{work.index}-{work.chunk}-{run}-{next(serial)}"))
                running[future] = work
                done.add(future)

        try:
            submit()
            for future in done:
                work = running.pop(future)
                result = schedule.settle(work, *future.result())
                if result is not None:
                    yield work.index, result
                submit()
        except BaseException:
            client.cancel(list(running))
            raise
