"""The front door of the checker: :func:`check` one constraint on one metric, :func:`audit`
many pairs.

Search has two phases (:mod:`metricprops.search`).  First, every instance with at most
``exhaustive_n`` items is checked (smallest first).  Then hypothesis generates
``max_examples`` random instances with at most ``max_items`` items, steered towards
violations with ``hypothesis.target`` on the constraint's margin, and shrinks each *distinct*
finding (violation or error; on degenerate or ordinary input) to a minimal one on its own;
the search does not stop at the first finding.  Hypothesis is run from library code as in
``hypothesis.find``: an inner ``@given`` function whose failing instance is captured in a
closure, with settings built explicitly (recorded seed, no database, no deadline, no explain
phase) on top of hypothesis' *default* profile, so a loaded profile (``CI=true`` loads
hypothesis' "ci" profile) cannot change verdicts.

A pass therefore means "no counterexample among all instances up to n items and N random
ones up to m items"; the result's message says exactly that.  A statistical constraint's
screening only proposes candidates; a failure needs a confirmation on independent data, with
the family-wise error rate of the check bounded (:data:`~metricprops.settings.FAMILY_ALPHA`).

The knobs of the search are one :class:`~metricprops.settings.Budget`, and where the work
runs is one :class:`~metricprops.settings.Run`; both are validated when made, before any
work.  Every knob may also be given as a keyword (``max_examples=50``, ``jobs=2``), which
wins over the objects, which win over :func:`metricprops.settings.defaults`.
"""
from __future__ import annotations

import zlib
from typing import Any, Callable, Dict, Iterable, Optional, Sequence, Tuple

from .engine import CheckTask, journal_seed, run_audit, run_checks
from .errors import UnknownArgumentError
from .metrics.family import audited_metadata
from .registry import default_constraints, get_constraint, resolve_metric
from .results.model import AuditResult, CheckResult
from .settings import Budget, Run, ambient_seed, check_seed, current_defaults

__all__ = ["check", "audit", "pair_seed", "resolve_knobs"]


def resolve_knobs(caller: str, budget: Optional[Budget], run: Optional[Run],
                  knobs: Dict[str, Any], allowed_run: Sequence[str] = Run.knobs()
                  ) -> Tuple[Budget, Run]:
    """The :class:`Budget` and :class:`Run` of a call: its keywords ``knobs`` over its
    ``budget`` and ``run`` objects over :func:`~metricprops.settings.defaults` over the
    built-in defaults.  A keyword that names no knob is an
    :class:`~metricprops.errors.UnknownArgumentError`; a bad value an
    :class:`~metricprops.errors.InvalidArgumentError`."""
    unknown = sorted(set(knobs) - set(Budget.knobs()) - set(allowed_run))
    if unknown:
        raise UnknownArgumentError(
            f"{caller}() got unexpected keyword argument(s) {', '.join(unknown)} (expected "
            f"the Budget knobs {', '.join(Budget.knobs())} or the Run knobs "
            f"{', '.join(allowed_run)})")
    ambient = current_defaults()
    for name, value, kind in (("budget", budget, Budget), ("run", run, Run)):
        if value is not None and not isinstance(value, kind):
            raise UnknownArgumentError(
                f"{caller}(): {name} expected a {kind.__name__}, got {value!r}")
    budget = (budget or ambient["budget"] or Budget()).replace(
        **{k: v for k, v in knobs.items() if k in Budget.knobs()})
    run = (run or ambient["run"] or Run()).replace(
        **{k: v for k, v in knobs.items() if k in Run.knobs()})
    return budget, run


def _seed(seed: Optional[int]) -> int:
    return check_seed(seed if seed is not None else ambient_seed())


def check(metric: Any, constraint: Any, *, seed: Optional[int] = None,
          budget: Optional[Budget] = None, run: Optional[Run] = None,
          **knobs: Any) -> CheckResult:
    """Check one constraint on one metric and return a :class:`CheckResult`.

    Parameters
    ----------
    metric : Metric, str or callable
        A :class:`~metricprops.Metric`, a registered name, a ``module:attr`` or
        ``file.py:attr`` target, or ``f(labels_true, labels_pred)``.
    constraint : Constraint or str
        A constraint object or a registered name.
    seed : int, optional
        Seed of the random phase (drawn and recorded when omitted).
    budget : Budget, optional
        The search's knobs (:class:`~metricprops.settings.Budget`: ``max_examples``,
        ``exhaustive_n``, ``max_items``, ``timeout``, ``tolerance``, ``min_items``,
        ``scale_max_n``).
    run : Run, optional
        Where the work runs (:class:`~metricprops.settings.Run`: ``jobs``, ``cluster``,
        ``memory_limit``, ``isolate``).  By default a metric that is not a built-in is
        called in a worker process, so that a crash, a hang in C code or a huge allocation
        is an ``error`` verdict (reason ``crashed``, ``timeout`` or ``memory``) and never
        reaches this process.  With ``jobs`` > 1 a large exhaustive phase is split into
        chunks that the workers share; the result is the same for every ``run``.
    **knobs
        Any knob of ``Budget`` or ``Run`` by name (``max_examples=50``, ``jobs=2``): wins
        over ``budget`` and ``run``.

    Returns
    -------
    CheckResult
        The verdict (``passed``, ``weak``, ``failed``, ``error``, ``gave_up`` or
        ``not_applicable``), its message, the smallest counterexample of each distinct
        finding, and the settings that replay it.

    Examples
    --------
    >>> import metricprops as mp
    >>> mp.check("bcubed_f", "zero_score", seed=1, max_examples=0).status
    'failed'
    """
    budget, run = resolve_knobs("check", budget, run, knobs,
                                tuple(k for k in Run.knobs() if k not in ("journal", "resume")))
    seed = _seed(seed)
    task = CheckTask(resolve_metric(metric), get_constraint(constraint), seed, budget)
    return [r for _, r in run_checks([task], run, raise_errors=True)][0]


def pair_seed(seed: int, metric_name: str, constraint_name: str) -> int:
    """Seed of one pair in an audit: stable under adding or removing other pairs."""
    return (seed + zlib.crc32(f"{metric_name}|{constraint_name}".encode())) % 2**32


def _as_list(things: Any, single: Callable[[Any], bool]) -> list:
    return [things] if single(things) else list(things)


def audit(metrics: Any, constraints: Optional[Iterable[Any]] = None, *,
          seed: Optional[int] = None, budget: Optional[Budget] = None,
          run: Optional[Run] = None, timings: bool = False,
          progress: Optional[Callable[[int, int, str, str], None]] = None,
          on_result: Optional[Callable[[CheckResult], None]] = None,
          **knobs: Any) -> AuditResult:
    """Check every constraint on every metric; never stops early.

    Parameters
    ----------
    metrics : metric-like or sequence of them
        As the ``metric`` of :func:`check`.
    constraints : sequence of Constraint or str, optional
        Default every registered constraint (the six of the ELM paper,
        :data:`metricprops.constraints.ELM_PAPER_CONSTRAINTS`, then the general properties
        and any plug-ins; with a metric of covers, the constraints on covers too).
    seed : int, optional
        The audit's seed; each pair's seed is derived from it (:func:`pair_seed`), so a
        pair's result does not depend on the other pairs.
    budget : Budget, optional
        As in :func:`check`; its ``time_budget`` (seconds) bounds the whole audit: each
        check gets an equal share of what is left when it starts, and a check that runs out
        of its share without a finding is ``gave_up`` (never a pass).
    run : Run, optional
        As in :func:`check`, and: ``jobs`` workers share the checks; ``journal`` (a path)
        receives every finished check as it finishes, and with ``resume`` the checks already
        in that journal are kept and only the missing ones run (the seed comes from the
        journal when not given), so the result equals an uninterrupted run's.  The results,
        and the JSON, are the same for every ``run``.
    timings : bool
        Write each check's wall time into the JSON (which then differs between runs).
    progress : callable, optional
        ``progress(done, total, metric, constraint)``, called before each pair.
    on_result : callable, optional
        Called with each :class:`CheckResult` as it finishes (with ``jobs`` > 1 in the order
        checks finish): use it to save partial results.
    **knobs
        Any knob of ``Budget`` or ``Run`` by name, as in :func:`check`.

    Returns
    -------
    AuditResult
        Every pair's result in pair order, the seed, the settings and the metrics' metadata.
        A metric that raises, returns garbage, hangs or kills its worker gives ``error`` for
        that pair and the audit goes on.  On Ctrl-C the workers stop and
        :class:`~metricprops.errors.AuditInterrupted` (a ``KeyboardInterrupt``) carries the
        partial result (``complete`` false).
    """
    budget, run = resolve_knobs("audit", budget, run, knobs)
    if seed is None and run.resume:
        seed = journal_seed(run.journal)
    seed = _seed(seed)
    resolved = [resolve_metric(m) for m in _as_list(
        metrics, lambda x: isinstance(x, (str, bytes)) or callable(x)
        and not isinstance(x, Sequence))]
    cons = [get_constraint(c) for c in (
        _as_list(constraints, lambda x: isinstance(x, str) or not isinstance(x, Iterable))
        if constraints is not None else default_constraints(resolved))]
    result = AuditResult(seed=seed, settings=budget.settings_json(),
                         timings=timings or budget.time_budget is not None,
                         metadata={m.name: audited_metadata(m) for m in resolved})
    tasks = [CheckTask(m, c, pair_seed(seed, m.name, c.name), budget)
             for m in resolved for c in cons]
    return run_audit(tasks, result, run, time_budget=budget.time_budget, progress=progress,
                     on_result=on_result)
