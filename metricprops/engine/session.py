"""One audit's run: its checks dispatched, journaled, put back in order, and interrupted
cleanly.

On SIGINT (a ``KeyboardInterrupt``) -- or SIGTERM, which the command line turns into one --
the workers are stopped and :class:`~metricprops.errors.AuditInterrupted` is raised with
the partial :class:`~metricprops.results.AuditResult`: the checks that finished, in pair
order, ``complete`` false and the other pairs in ``unfinished``.
"""
from __future__ import annotations

from typing import Callable, Dict, Optional, Sequence

from ..errors import AuditInterrupted
from ..results.model import AuditResult, CheckResult
from ..search import value_store
from ..settings import Run
from .dispatch import run_checks
from .journal import Journal
from .work import CheckTask

__all__ = ["run_audit"]

#: The built-in run (frozen, so one instance serves every call that gives none).
_DEFAULT_RUN = Run()


def run_audit(tasks: Sequence[CheckTask], result: AuditResult, run: Run = _DEFAULT_RUN, *,
              time_budget: Optional[float] = None,
              progress: Optional[Callable[[int, int, str, str], None]] = None,
              on_result: Optional[Callable[[CheckResult], None]] = None) -> AuditResult:
    """Run ``tasks`` into ``result`` where ``run`` says (see :func:`metricprops.checker.audit`).

    With ``run.journal``, every finished check is appended to that file; with ``run.resume``
    the checks already in it are kept and only the others run.  The checks of one metric
    share its values on small inputs within the audit (:mod:`~metricprops.search.value_store`),
    never across audits: a metric may read state that changed in between.
    """
    value_store.forget()  # before any worker forks: every worker starts from no value
    pairs = [(t.metric.name, t.constraint.name) for t in tasks]
    log = None
    if run.journal is not None:
        log = Journal.open(run.journal, seed=result.seed, settings=result.settings,
                           pairs=pairs, resume=run.resume)
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
        runs = run_checks(chosen, run, time_budget=time_budget)
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
