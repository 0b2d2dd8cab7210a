"""``metricprops compare TARGET_A TARGET_B``: differential testing of two implementations."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import click

from . import EXIT_FINDING
from ..tolerance import TOLERANCE


@click.command("compare")
@click.argument("target_a")
@click.argument("target_b")
@click.option("--tolerance", type=click.FloatRange(min=0), default=TOLERANCE, show_default=True,
              help="Values within this tolerance agree.")
@click.option("--seed", type=int, default=None, help="Seed (recorded in the JSON; default random).")
@click.option("--max-examples", type=click.IntRange(min=0), default=200, show_default=True,
              help="Random pairs after the exhaustive phase.")
@click.option("--exhaustive-n", type=click.IntRange(min=1, max=6), default=5, show_default=True,
              help="Compare every pair with at most N items first.")
@click.option("--max-items", type=click.IntRange(min=2), default=30, show_default=True,
              help="Largest random pair (and size of the degenerate pairs).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds one call may take (default 10).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the result JSON (schema 1) here.")
def command(target_a: str, target_b: str, tolerance: float, seed: Optional[int],
            max_examples: int, exhaustive_n: int, max_items: int, timeout: Optional[float],
            json_path: Optional[str]) -> None:
    """Compare two implementations on generated partitions (degenerate ones included).

    TARGET is a built-in name, package.module:attr, or path/to/file.py:attr.  Exit status 0
    when they agree, 1 when a disagreement (or an error on some input) is found, 2 on a
    usage error.
    """
    from ..calls import DEFAULT_TIMEOUT
    from ..compare import compare
    from ..targets import load_target

    a, b = load_target(target_a), load_target(target_b)
    result = compare(a, b, tolerance=tolerance, seed=seed, max_examples=max_examples,
                     exhaustive_n=exhaustive_n, max_items=max_items,
                     timeout=DEFAULT_TIMEOUT if timeout is None else timeout)
    if json_path:
        target = Path(json_path)
        if not target.parent.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(result.dumps(), encoding="utf-8")
    click.echo(result.describe())
    if not result.ok:
        raise SystemExit(EXIT_FINDING)
