"""One audit's run: its checks dispatched, journaled, put back in order, and interrupted
cleanly.

On SIGINT (a ``KeyboardInterrupt``) -- or SIGTERM, which the command line turns into one --
the workers are stopped and :class:`~metricprops.errors.AuditInterrupted` is raised with
the partial :class:`~metricprops.results.AuditResult`: the checks that finished, in pair
order, ``complete`` false and the other pairs in ``unfinished``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, Optional, Sequence, Union

from ..errors import AuditInterrupted
from ..results.model import AuditResult, CheckResult
from .dispatch import CheckTask, run_checks
from .journal import Journal

__all__ = ["run_audit"]


def run_audit(check: Callable[..., CheckResult], tasks: Sequence[CheckTask],
              result: AuditResult, *, jobs: int = 1, memory_limit: Optional[int] = None,
              isolate: Optional[bool] = None, time_budget: Optional[float] = None,
              progress: Optional[Callable[[int, int, str, str], None]] = None,
              on_result: Optional[Callable[[CheckResult], None]] = None,
              journal: Optional[Union[str, Path]] = None, resume: bool = False,
              cluster: Optional[str] = None) -> AuditResult:
    """Run ``tasks`` into ``result`` (see :func:`metricprops.checker.audit`).

    With ``journal``, every finished check is appended to that file; with ``resume`` the
    checks already in it are kept and only the others run.  With ``cluster`` (a Dask
    scheduler's address) the checks run there (:mod:`~metricprops.engine.cluster`).
    """
    pairs = [(t.metric.name, t.constraint.name) for t in tasks]
    log = None
    if journal is not None:
        log = Journal.open(journal, seed=result.seed, settings=result.settings, pairs=pairs,
                           resume=resume)
    done = log.done if log else {}
    finished: Dict[int, CheckResult] = {i: done[p] for i, p in enumerate(pairs) if p in done}
    todo = [i for i in range(len(tasks)) if i not in finished]

    def show() -> None:  # the first pair not finished yet
        if progress:
            i = next((i for i in range(len(tasks)) if i not in finished), None)
            names = ("", "") if i is None else pairs[i]
            progress(len(finished), len(tasks), *names)

    try:
        show()
        # a broken constraint plug-in is recorded as an error and the audit goes on
        chosen = [tasks[i] for i in todo]
        runs = run_checks(check, chosen, jobs=jobs, memory_limit=memory_limit,
                          isolate=isolate, time_budget=time_budget, cluster=cluster)
        for j, r in runs:
            finished[todo[j]] = r
            if log:
                log.add(r)
            if on_result:
                on_result(r)
            show()
    except KeyboardInterrupt as exc:
        result.results = [finished[i] for i in sorted(finished)]
        result.complete = False
        result.unfinished = [pairs[i] for i in range(len(tasks)) if i not in finished]
        raise AuditInterrupted(result) from exc
    finally:
        if log:
            log.close()
    result.results = [finished[i] for i in range(len(tasks))]
    return result
