"""``metricprops audit TARGET...``: metrics × constraints verdicts with counterexamples."""
from __future__ import annotations

from typing import Any, Optional

import click

from ..engine import jobs_for
from ._options import cluster_option
from .progress import Progress
from ..settings import (DEFAULT_EXHAUSTIVE_N, DEFAULT_MAX_EXAMPLES, DEFAULT_MAX_ITEMS,
                        DEFAULT_SCALE_MAX_N, DEFAULT_TIMEOUT, MAX_EXHAUSTIVE_N, MAX_SEED, MIN_MAX_ITEMS, TOLERANCE,
                        check_jobs, check_memory_limit, check_min_items, check_time_budget,
                        check_tolerance, WALL_FACTOR)
from ..output import check_outputs, write_text
from ..errors import AuditInterrupted
from ._exit import EXIT_USAGE
from ._interrupt import (drop_default_journal, finish_interrupted, journal_for,
                         sigterm_as_interrupt)
from ._output import finish_audit


@click.command("audit")
@click.argument("targets", nargs=-1, required=False)
@click.option("--plan", "plan_path", type=click.Path(dir_okay=False), default=None,
              help="Audit the targets of a TOML plan instead (each with its own metadata, "
                   "tolerance, constraints and adapter; see metricprops.plans).")
@click.option("--constraint", "-c", "constraints", multiple=True,
              help="Constraint name (repeatable); default every registered constraint (the ELM "
                   "paper's six, then the general properties).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed (recorded in the JSON; default random).")
@click.option("--max-examples", type=click.IntRange(min=0), default=None,
              help=f"Random instances per pair after the exhaustive phase (default "
                   f"{DEFAULT_MAX_EXAMPLES}).")
@click.option("--exhaustive-n", type=click.IntRange(min=1, max=MAX_EXHAUSTIVE_N), default=None,
              help=f"Check every instance with at most N items first (default "
                   f"{DEFAULT_EXHAUSTIVE_N}).")
@click.option("--max-items", type=click.IntRange(min=MIN_MAX_ITEMS), default=None,
              help=f"Largest random instance (default {DEFAULT_MAX_ITEMS}).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help=f"Seconds of CPU time one metric call may take (default "
                   f"{DEFAULT_TIMEOUT:g}; a call that waits gets {WALL_FACTOR}x that in all).")
@click.option("--tolerance", type=float, default=None,
              help=f"Scores within this tolerance are tied (default {TOLERANCE:g}; e.g. 1e-6 for "
                   "a float32 library).")
@click.option("--min-items", type=int, default=None,
              help="Leave instances with fewer items out on purpose (default 1).")
@click.option("--memory-limit", default=None, metavar="SIZE",
              help="Memory each worker process may take beyond its start-up footprint, e.g. "
                   "1GiB or 512M (default: the machine's memory shared by the workers); "
                   "past it the metric's allocation fails: an error verdict, reason memory.")
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
@click.option("--scale-max-n", type=click.IntRange(min=0), default=None,
              help=f"Largest input of the scale phase: structured partitions at the sizes "
                   f"where integer counts overflow (default {DEFAULT_SCALE_MAX_N}; 0 skips it).")
@click.option("--budget", type=float, default=None, metavar="SECONDS",
              help="Time budget of the whole audit: each check gets an equal share of what is "
                   "left; a check that runs out without a finding is gave_up.")
@click.option("--timings", is_flag=True,
              help="Write each check's wall time into the JSON and Markdown (on with --budget; "
                   "the JSON then differs between runs).")
@click.option("--kind", type=click.Choice(["similarity", "distance"]), default=None,
              help="Metadata for a bare function target.")
@click.option("--lower", type=float, default=None, help="Declared lower bound of a bare function.")
@click.option("--upper", type=float, default=None, help="Declared upper bound of a bare function.")
@click.option("--perfect", type=float, default=None, help="Declared perfect score of a bare function.")
@click.option("--symmetric/--asymmetric", default=None, help="Declared symmetry of a bare function.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the audit JSON (schema 1) here.")
@click.option("--markdown", "md_path", type=click.Path(dir_okay=False), default=None,
              help="Write a Markdown report here.")
@click.option("--quiet", "-q", is_flag=True, help="No progress line.")
def command(targets: tuple, constraints: tuple, seed: Optional[int], max_examples: Optional[int],
            exhaustive_n: Optional[int], max_items: Optional[int], timeout: Optional[float],
            tolerance: Optional[float], min_items: Optional[int], budget: Optional[float],
            timings: bool, kind: Optional[str], lower: Optional[float], upper: Optional[float],
            perfect: Optional[float], symmetric: Optional[bool], json_path: Optional[str],
            md_path: Optional[str], quiet: bool, plan_path: Optional[str] = None,
            memory_limit: Optional[str] = None, scale_max_n: Optional[int] = None,
            jobs: Optional[int] = None, journal_path: Optional[str] = None,
            resume_path: Optional[str] = None, cluster: Optional[str] = None) -> None:
    """Audit TARGET metrics against constraints.

    TARGET is a built-in name, package.module:attr, or path/to/file.py:attr; or give
    --plan PLAN.toml for many targets, each with its own metadata, tolerance and adapter.
    Exit status 0 when nothing failed or errored, 1 otherwise, 2 on a usage error.
    """
    from .. import checker
    from ..registry import get_constraint, list_constraints, resolve_metric
    from ..plans.plan import SETTINGS, load_plan, run_plan
    from ..results.model import AuditResult

    journal, default_journal = journal_for(json_path, md_path, journal_path, resume_path)
    check_outputs({"--json": json_path, "--markdown": md_path,  # before any work
                   "--journal": None if resume_path and not journal_path else journal})
    meta = {"kind": kind, "lower": lower, "upper": upper, "perfect": perfect,
            "symmetric": symmetric}
    if bool(targets) == bool(plan_path):
        raise click.UsageError("expected TARGET... or --plan PLAN.toml (one of the two)")
    if plan_path and (constraints or any(v is not None for v in meta.values())):
        raise click.UsageError("with --plan, metadata and constraints belong in the plan")
    plan = load_plan(plan_path) if plan_path else None  # a bad plan: exit 2 before any work
    metrics = [resolve_metric(t, **meta) for t in targets]
    # unknown names: exit 2 before any work; default every registered constraint
    resolved = [get_constraint(c) for c in constraints] if constraints else list_constraints()
    options = {"max_examples": max_examples, "exhaustive_n": exhaustive_n,
               "max_items": max_items, "timeout": timeout, "tolerance": tolerance,
               "min_items": min_items, "time_budget": budget, "scale_max_n": scale_max_n}
    options = {k: v for k, v in options.items() if v is not None}
    options["timings"] = timings
    if memory_limit is not None:  # a bad size: exit 2 before any work
        options["memory_limit"] = check_memory_limit(memory_limit)
    engine = {"jobs": check_jobs(jobs), "journal": journal, "resume": resume_path is not None,
              "cluster": cluster}
    # the same checks as the Python API (settings.check_tolerance, ...), before any work
    if tolerance is not None:
        check_tolerance(tolerance)
    if min_items is not None:
        check_min_items(options["min_items"], options.get("max_items", DEFAULT_MAX_ITEMS))
    check_time_budget(budget)
    partial = AuditResult(seed=0)

    def save(result: Any) -> None:  # keep what we have if the run is interrupted
        partial.results.append(result)

    progress = None if quiet else Progress()
    try:
        if plan is None:
            with sigterm_as_interrupt():
                result = checker.audit(metrics, resolved, seed=seed, progress=progress,
                                       **options, **engine)
        else:
            overrides = {k: v for k, v in options.items() if k in SETTINGS}
            with jobs_for(engine["jobs"], cluster):
                result = run_plan(plan, overrides=overrides, seed=seed, budget=budget,
                                  timings=timings or None, progress=progress, on_result=save)
    except AuditInterrupted as exc:
        finish_interrupted(exc, json_path, md_path, journal)
    except KeyboardInterrupt:
        partial.seed = seed if seed is not None else -1
        write_text(json_path, partial.dumps())
        write_text(md_path, partial.markdown())
        click.echo(f"interrupted: {len(partial.results)} results written", err=True)
        raise SystemExit(130)
    try:
        finish_audit(result, json_path, md_path)  # files, table, reasons, replay line, exit
    except SystemExit as end:
        if end.code != EXIT_USAGE:  # the outputs are written: the journal has served
            drop_default_journal(journal, default_journal)
        raise
    drop_default_journal(journal, default_journal)
