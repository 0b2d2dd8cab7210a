"""``metricprops compare TARGET_A TARGET_B``: differential testing of two implementations."""
from __future__ import annotations

from typing import Optional

import click

from ..output import check_outputs, write_outputs
from ..settings import (DEFAULT_EXHAUSTIVE_N, DEFAULT_MAX_EXAMPLES, DEFAULT_MAX_ITEMS,
                        DEFAULT_TIMEOUT, MAX_EXHAUSTIVE_N, MAX_SEED, MIN_MAX_ITEMS,
                        TOLERANCE, check_jobs)
from ._options import cluster_option
from ._exit import EXIT_FINDING
from ._output import report_failures


@click.command("compare")
@click.argument("target_a")
@click.argument("target_b")
@click.option("--tolerance", type=click.FloatRange(min=0), default=TOLERANCE, show_default=True,
              help="Values within this tolerance agree.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None, help="Seed (recorded in the JSON; default random).")
@click.option("--max-examples", type=click.IntRange(min=0), default=DEFAULT_MAX_EXAMPLES, show_default=True,
              help="Random pairs after the exhaustive phase.")
@click.option("--exhaustive-n", type=click.IntRange(min=1, max=MAX_EXHAUSTIVE_N),
              default=DEFAULT_EXHAUSTIVE_N, show_default=True,
              help="Compare every pair with at most N items first.")
@click.option("--max-items", type=click.IntRange(min=MIN_MAX_ITEMS),
              default=DEFAULT_MAX_ITEMS, show_default=True,
              help="Largest random pair (and size of the degenerate pairs).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds of CPU time one call may take (default 10; a call that waits gets "
                   "3x that in all).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the result JSON (schema 1) here.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: one per usable core); the result is the same "
                   "for every N.")
@cluster_option("the comparison")
def command(target_a: str, target_b: str, tolerance: float, seed: Optional[int],
            max_examples: int, exhaustive_n: int, max_items: int, timeout: Optional[float],
            json_path: Optional[str], jobs: Optional[int] = None,
            cluster: Optional[str] = None) -> None:
    """Compare two implementations on generated partitions (degenerate ones included).

    TARGET is a built-in name, package.module:attr, or path/to/file.py:attr.  Exit status 0
    when they agree, 1 when a disagreement (or an error on some input) is found, 2 on a
    usage error.
    """
    from ..differential import compare
    from ..registry import resolve_metric

    check_outputs({"--json": json_path})  # before any work
    a, b = resolve_metric(target_a), resolve_metric(target_b)
    result = compare(a, b, tolerance=tolerance, seed=seed, max_examples=max_examples,
                     exhaustive_n=exhaustive_n, max_items=max_items,
                     timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
                     jobs=check_jobs(jobs), cluster=cluster)
    failures = write_outputs([("--json", json_path, result.dumps())])
    click.echo(result.describe())
    report_failures(failures)  # exit 2 after the result is shown
    if not result.ok:
        raise SystemExit(EXIT_FINDING)
