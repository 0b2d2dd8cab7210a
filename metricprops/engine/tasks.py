"""Plain tasks over the audit's worker pool: trusted work that its caller has split (the ELM
paper reproduction's chunks of truths), results in task order.

The same :class:`~metricprops.engine.pool.Pool` as the checks' (forked workers on Linux,
started as needed, ``jobs`` of them), without a memory limit or time limit: the code is
ours.  A task that raises raises here; a worker that dies is a :class:`WorkerDied`.  With a
Dask scheduler's address the same tasks run on that cluster
(:mod:`~metricprops.engine.cluster`), with the same results.
"""
from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence

from .outcome import WorkerDied, task_value
from .pool import Pool

__all__ = ["run_tasks", "WorkerDied"]


def run_tasks(func: Callable[..., Any], tasks: Sequence[tuple], *, jobs: int,
              setup: Optional[Callable[[], None]] = None,
              cluster: Optional[str] = None) -> List[Any]:
    """``[func(*args) for args in tasks]``, over ``jobs`` worker processes.

    Parameters
    ----------
    func : callable
        The task function (a module-level function: it may have to be pickled).
    tasks : sequence of tuple
        The arguments of each call.
    jobs : int
        Worker processes; with 1 (or a single task) the calls run in this process.
    setup : callable, optional
        Called once in each worker process as it starts.
    cluster : str, optional
        A Dask scheduler's address: the calls run there instead, each in a worker process
        of its own on a Dask worker (:func:`~metricprops.engine.cluster.run_tasks_on_cluster`).

    Returns
    -------
    list
        The results, in task order (whatever order they finished in).
    """
    if cluster is not None:
        from .cluster import run_tasks_on_cluster

        return run_tasks_on_cluster(cluster, func, tasks, setup)
    if jobs <= 1 or len(tasks) <= 1:
        return [func(*args) for args in tasks]
    results: List[Any] = [None] * len(tasks)
    with Pool(min(jobs, len(tasks)), setup=setup) as pool:
        for i, args in enumerate(tasks):
            pool.submit((i, func, tuple(args), {}, None))
        for i, reply in pool.as_completed():
            results[i] = task_value(func, reply)
    return results
