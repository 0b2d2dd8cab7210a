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

from .outcome import exit_text
from .pool import Pool, Reply

__all__ = ["run_tasks", "task_value", "WorkerDied"]


class WorkerDied(RuntimeError):
    """A worker process died running a plain task (a signal, the kernel's OOM killer)."""


def task_value(func: Callable[..., Any], reply: Reply) -> Any:
    """What a plain task returned (raised again if it raised; :class:`WorkerDied` if its
    worker died)."""
    if reply.kind == "raised":
        raise reply.value
    if reply.kind != "ok":
        how = exit_text(reply.exitcode) or {"error": reply.value}
        raise WorkerDied(f"a worker process running {func.__name__} ended: {how}")
    return reply.value


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
        for i, reply in pool.run((i, func, tuple(args), {}, None)
                                 for i, args in enumerate(tasks)):
            results[i] = task_value(func, reply)
    return results
