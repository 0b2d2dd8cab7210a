"""Checks on a Dask distributed cluster (``--cluster ADDRESS``; the ``cluster`` extra).

Each check is one Dask task.  On the Dask worker the task forks a one-worker
:class:`~metricprops.engine.pool.Pool` of its own and runs the check there, so a metric
that crashes, hangs in C or exhausts memory gives the same ``error`` verdict, with the
same input, as on a laptop, and never takes the Dask worker down.  The metric travels with
the task: a ``file.py:attr`` target's module is pickled by value (the cluster's machines
need not have the file), an installed package must be installed there too.  Results come
back as they finish and are put in pair order by the caller: the JSON is the one a local
run writes.
"""
from __future__ import annotations

import sys
import sysconfig
from typing import Any, Callable, Iterator, Optional, Sequence, Tuple

from ..errors import MissingExtraError
from ..results import CheckResult
from .dispatch import CheckTask, pool_task, reply_result, restore_source, source_file
from .pool import Pool

__all__ = ["run_on_cluster", "remote_check"]


def remote_check(check: Callable[..., CheckResult], task: CheckTask,
                 memory_limit: Optional[int], filename: Optional[str] = None) -> CheckResult:
    """Run on a Dask worker: the check in a forked worker process of its own."""
    import multiprocessing

    restore_source(task.metric, filename)
    # Dask worker processes are daemonic, and multiprocessing refuses children to those
    # (so that none outlives its parent); the pool kills its worker when the check ends and
    # the worker asks the kernel to kill it if the Dask worker dies, so none can outlive it
    multiprocessing.current_process()._config["daemon"] = False
    with Pool(1, memory_limit) as pool:
        for _, reply in pool.run([pool_task(0, task, check, None, None)]):
            return reply_result(task, reply, raise_errors=False)
    raise RuntimeError("the pool returned no reply")  # pragma: no cover


def _remote(payload: bytes) -> CheckResult:
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
        futures = {client.submit(_remote, cloudpickle.dumps((check, task, memory_limit,
                                                             source_file(task.metric))),
                                 pure=False, key=f"metricprops-check-{i}-{task.seed}"): i
                   for i, task in enumerate(tasks)}
        try:
            for future in as_completed(futures, loop=client.loop):
                yield futures[future], future.result()
        except BaseException:
            client.cancel(list(futures))
            raise
