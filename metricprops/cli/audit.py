"""``metricprops audit TARGET...``: metrics × constraints verdicts with counterexamples."""
from __future__ import annotations

from typing import Any, Optional

import click

from ..errors import AuditInterrupted
from ..output import check_outputs
from ..settings import MAX_SEED
from ._exit import EXIT_USAGE
from ._interrupt import drop_default_journal, finish_interrupted, journal_for, sigterm_as_interrupt
from ._options import budget_from, budget_options, cluster_option, declared, given_knobs, run_from
from ._output import finish_audit
from .progress import Progress

__all__ = ["command"]


@click.command("audit")
@click.argument("targets", nargs=-1, required=False)
@click.option("--plan", "plan_path", type=click.Path(dir_okay=False), default=None,
              help="Audit the targets of a TOML plan instead (each with its own metadata, "
                   "knobs, constraints and adapter; a shipped plan by name, e.g. river).")
@click.option("--constraint", "-c", "constraints", multiple=True,
              help="Constraint name (repeatable); default every registered constraint (the ELM "
                   "paper's six, then the general properties).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed (recorded in the JSON; default random).")
@budget_options()
@click.option("--memory-limit", default=None, metavar="SIZE",
              help="Memory each worker process may take beyond its start-up footprint, e.g. "
                   "1GiB or 512M (default: half the machine's memory shared by the workers, "
                   "at most 4GiB each); past it the metric's allocation fails: an error "
                   "verdict, reason memory.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes sharing the checks (default: one per usable core); the "
                   "JSON is the same for every N.")
@cluster_option("the checks")
@click.option("--journal", "journal_path", type=click.Path(dir_okay=False), default=None,
              help="Append every finished check to this file (default: beside --json or "
                   "--markdown, removed once the run completes).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False), default=None,
              metavar="JOURNAL",
              help="Keep the checks an interrupted run left in JOURNAL and run only the "
                   "missing ones (same targets and settings; the seed comes from JOURNAL).")
@click.option("--timings", is_flag=True,
              help="Write each check's wall time into the JSON and Markdown (on with "
                   "--time-budget; the JSON then differs between runs).")
@click.option("--kind", type=click.Choice(["similarity", "distance"]), default=None,
              help="Metadata for a bare function target.")
@click.option("--lower", type=float, default=None, help="Declared lower bound of a bare function.")
@click.option("--upper", type=float, default=None, help="Declared upper bound of a bare function.")
@click.option("--perfect", type=float, default=None,
              help="Declared perfect score of a bare function.")
@click.option("--symmetric/--asymmetric", default=None,
              help="Declared symmetry of a bare function.")
@click.option("--convention", "conventions", multiple=True, metavar="KEY=VALUE",
              help="A declared convention of a bare function (repeatable): missing=-1, "
                   "compare='str(label).lower()', min_items=4, refuses=ValueError, "
                   "one_class=0; a finding it explains is 'convention (declared)', not a "
                   "failure.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the audit JSON (schema 1) here.")
@click.option("--markdown", "md_path", type=click.Path(dir_okay=False), default=None,
              help="Write a Markdown report here.")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False), default=None,
              metavar="OLD.json",
              help="Report only the findings new or changed against this earlier audit's "
                   "JSON (--json), and exit 1 only for those.")
@click.option("--html", "html_dir", type=click.Path(file_okay=False), default=None,
              help="Write an HTML report here (index.html: the heat map, each cell's finding "
                   "drawn; open it from disk).")
@click.option("--quiet", "-q", is_flag=True, help="No progress line.")
def command(targets: tuple, plan_path: Optional[str], constraints: tuple, seed: Optional[int],
            memory_limit: Optional[str], jobs: Optional[int], cluster: Optional[str],
            journal_path: Optional[str], resume_path: Optional[str], timings: bool,
            kind: Optional[str], lower: Optional[float], upper: Optional[float],
            perfect: Optional[float], symmetric: Optional[bool], conventions: tuple,
            json_path: Optional[str],
            md_path: Optional[str], baseline_path: Optional[str], quiet: bool,
            html_dir: Optional[str] = None,
            **knobs: Any) -> None:
    """Audit TARGET metrics against constraints.

    TARGET is a built-in name, package.module:attr, or path/to/file.py:attr; or give
    --plan PLAN.toml for many targets, each with its own metadata, knobs and adapter.
    Exit status 0 when nothing failed or errored, 1 otherwise, 2 on a usage error.
    """
    from .. import checker
    from ..plans import load_plan, run_plan
    from ..registry import default_constraints, get_constraint, resolve_metric
    from ..results.baseline import compare_to_baseline

    journal, default_journal = journal_for(json_path, md_path, journal_path, resume_path)
    check_outputs({"--json": json_path, "--markdown": md_path,  # before any work
                   "--journal": None if resume_path and not journal_path else journal},
                  folders={"--html": html_dir})
    meta = {"kind": kind, "lower": lower, "upper": upper, "perfect": perfect,
            "symmetric": symmetric, "conventions": declared(conventions)}
    targets, constraints = _once(targets, "targets"), _once(constraints, "constraints")
    if bool(targets) == bool(plan_path):
        raise click.UsageError("expected TARGET... or --plan PLAN.toml (one of the two)")
    if plan_path and (constraints or any(v is not None for v in meta.values())):
        raise click.UsageError("with --plan, metadata and constraints belong in the plan")
    # every bad value, name or plan: exit 2 before any work
    given, budget = given_knobs(knobs), budget_from(knobs)
    run = run_from(jobs=jobs, cluster=cluster, memory_limit=memory_limit, journal=journal,
                   resume=resume_path is not None)
    plan = load_plan(plan_path) if plan_path else None
    old = _baseline(baseline_path)
    metrics = [resolve_metric(t, **meta) for t in targets]
    resolved = ([get_constraint(c) for c in constraints] if constraints
                else default_constraints(metrics))
    progress = None if quiet else Progress()
    try:
        with sigterm_as_interrupt():
            if plan is None:
                result = checker.audit(metrics, resolved, seed=seed, budget=budget, run=run,
                                       timings=timings, progress=progress)
            else:
                result = run_plan(plan, overrides=given, seed=seed, run=run,
                                  timings=timings or None, progress=progress)
    except AuditInterrupted as exc:
        finish_interrupted(exc, json_path, md_path, journal)
    try:
        diff = None if old is None else compare_to_baseline(result, old, baseline_path)
        finish_audit(result, json_path, md_path, diff, html_dir,  # files, table, reasons,
                     {m.name: t for m, t in zip(metrics, targets)})  # replay, exit
    except SystemExit as end:
        if end.code != EXIT_USAGE:  # the outputs are written: the journal has served
            drop_default_journal(journal, default_journal)
        raise
    drop_default_journal(journal, default_journal)


def _baseline(path: Optional[str]) -> Any:
    """The baseline's audit JSON (``None`` without one); a bad file is a usage error."""
    from ..errors import BaselineError
    from ..results.baseline import load_baseline

    if path is None:
        return None
    try:
        return load_baseline(path)
    except BaselineError as exc:
        raise click.BadParameter(str(exc), param_hint="--baseline") from None


def _once(given: tuple, param: str) -> tuple:
    """``given`` with repeats dropped (each target or constraint is checked once; the replay
    line names it once), said on stderr."""
    unique = tuple(dict.fromkeys(given))
    if len(unique) < len(given):
        repeated = [v for v in unique if given.count(v) > 1]
        click.echo(f"note: given more than once, checked once: {', '.join(repeated)}", err=True)
        click.get_current_context().params[param] = unique
    return unique
