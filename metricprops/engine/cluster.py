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
run writes.
"""
from __future__ import annotations

import itertools
import sys
import sysconfig
import uuid
from typing import Any, Callable, Dict, Iterator, Optional, Sequence, Tuple

from ..errors import MissingExtraError
from ..results import CheckResult
from .dispatch import CheckTask, plans_for, restore_source, settle, source_file, work_task
from .pool import Pool
from .schedule import Schedule, Work

__all__ = ["run_on_cluster", "remote_check"]


def remote_check(check: Callable[..., CheckResult], task: CheckTask,
                 memory_limit: Optional[int], filename: Optional[str] = None,
                 work: Optional[Work] = None) -> Tuple:
    """Run on a Dask worker: ``work`` (default: the whole check) in a forked worker process
    of its own; ``(kind, value, printed)`` as :func:`~metricprops.engine.dispatch.settle`."""
    import multiprocessing

    restore_source(task.metric, filename)
    # Dask worker processes are daemonic, and multiprocessing refuses children to those
    # (so that none outlives its parent); the pool kills its worker when the check ends and
    # the worker asks the kernel to kill it if the Dask worker dies, so none can outlive it
    multiprocessing.current_process()._config["daemon"] = False
    work = work or Work("check", 0)
    with Pool(1, memory_limit) as pool:
        for _, reply in pool.run([work_task(work, task, check)]):
            return settle(work, task, reply, raise_errors=False)
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


def run_on_cluster(address: str, check: Callable[..., CheckResult],
                   tasks: Sequence[CheckTask], memory_limit: Optional[int]
                   ) -> Iterator[Tuple[int, CheckResult]]:
    """Send every check to the scheduler at ``address``; yield ``(index, result)`` as each
    finishes."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise MissingExtraError("--cluster needs the distributed package: "
                                "pip install 'metricprops[cluster]'") from None
    import cloudpickle

    _by_value(tasks)
    with Client(address, set_as_default=False) as client:
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
                                             source_file(task.metric), work))
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
