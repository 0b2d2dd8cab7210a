"""``metricprops compare TARGET_A TARGET_B``: differential testing of two implementations."""
from __future__ import annotations

from typing import Any, Optional

import click

from ..output import check_outputs, write_outputs
from ..settings import MAX_SEED
from ._exit import EXIT_FINDING
from ._options import budget_from, budget_options, cluster_option, run_from
from ._output import replay_command, report_failures

__all__ = ["command"]


@click.command("compare")
@click.argument("target_a")
@click.argument("target_b")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed (recorded in the JSON; default random).")
@budget_options(exclude=("time_budget",))
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the result JSON (schema 1) here.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: one per usable core); the result is the same "
                   "for every N.")
@cluster_option("the comparison")
def command(target_a: str, target_b: str, seed: Optional[int], json_path: Optional[str],
            jobs: Optional[int] = None, cluster: Optional[str] = None, **knobs: Any) -> None:
    """Compare two implementations on generated partitions (degenerate ones included).

    TARGET is a built-in name, package.module:attr, or path/to/file.py:attr. Values within
    --tolerance agree. Exit status 0 when they agree, 1 when a disagreement (or an error on
    some input) is found, 2 on a usage error.
    """
    from ..differential import compare
    from ..registry import resolve_metric

    check_outputs({"--json": json_path})  # before any work
    budget, run = budget_from(knobs), run_from(jobs=jobs, cluster=cluster)
    a, b = resolve_metric(target_a), resolve_metric(target_b)
    result = compare(a, b, seed=seed, budget=budget, run=run)
    failures = write_outputs([("--json", json_path, result.dumps())])
    click.echo(result.describe())
    click.echo(f"replay with: {replay_command(click.get_current_context(), result.seed)}")
    report_failures(failures)  # exit 2 after the result is shown
    if not result.ok:
        raise SystemExit(EXIT_FINDING)
