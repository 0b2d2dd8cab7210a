"""``metricprops audit TARGET...``: metrics × constraints verdicts with counterexamples."""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Optional

import click

from . import EXIT_FINDING
from ..targets import load_target


class Progress:
    """A one-line progress display on stderr, shown once an audit runs past ``delay`` s."""

    def __init__(self, delay: float = 2.0, stream: Any = None):
        self.start = time.monotonic()
        self.delay = delay
        self.stream = stream or sys.stderr
        self.shown = False

    def __call__(self, done: int, total: int, metric: str, constraint: str) -> None:
        elapsed = time.monotonic() - self.start
        if elapsed < self.delay and done < total:
            return
        tty = getattr(self.stream, "isatty", lambda: False)()
        width = 24
        filled = int(width * done / max(total, 1))
        bar = "#" * filled + "-" * (width - filled)
        what = f"{metric} × {constraint}" if metric else "done"
        line = f"[{bar}] {done}/{total} {elapsed:5.1f}s {what}"
        if tty:
            self.stream.write("\r" + line.ljust(78)[:78])
            if done >= total:
                self.stream.write("\n")
        elif done >= total or not self.shown or done % 10 == 0:
            self.stream.write(line + "\n")
        self.stream.flush()
        self.shown = True


def _write(path: Optional[str], text: str) -> None:
    if path:
        target = Path(path)
        if target.parent and not target.parent.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


@click.command("audit")
@click.argument("targets", nargs=-1, required=True)
@click.option("--constraint", "-c", "constraints", multiple=True,
              help="Constraint name (repeatable); default every registered constraint (the ELM "
                   "paper's six, then the general properties).")
@click.option("--seed", type=int, default=None, help="Seed (recorded in the JSON; default random).")
@click.option("--max-examples", type=click.IntRange(min=0), default=None,
              help="Random instances per pair after the exhaustive phase (default 200).")
@click.option("--exhaustive-n", type=click.IntRange(min=1, max=8), default=None,
              help="Check every instance with at most N items first (default 5).")
@click.option("--max-items", type=click.IntRange(min=2), default=None,
              help="Largest random instance (default 30).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds one metric call may take (default 10).")
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
            kind: Optional[str], lower: Optional[float], upper: Optional[float],
            perfect: Optional[float], symmetric: Optional[bool], json_path: Optional[str],
            md_path: Optional[str], quiet: bool) -> None:
    """Audit TARGET metrics against constraints.

    TARGET is a built-in name, package.module:attr, or path/to/file.py:attr.  Exit status 0
    when nothing failed or errored, 1 otherwise, 2 on a usage error.
    """
    from .. import checker
    from ..registry import get_constraint, list_constraints
    from ..results import AuditResult

    meta = {"kind": kind, "lower": lower, "upper": upper, "perfect": perfect,
            "symmetric": symmetric}
    metrics = [load_target(t, **meta) for t in targets]
    # unknown names: exit 2 before any work; default every registered constraint
    resolved = [get_constraint(c) for c in constraints] if constraints else list_constraints()
    options = {"max_examples": max_examples, "exhaustive_n": exhaustive_n,
               "max_items": max_items, "timeout": timeout}
    options = {k: v for k, v in options.items() if v is not None}
    partial = AuditResult(seed=0)

    def save(result: Any) -> None:  # keep what we have if the run is interrupted
        partial.results.append(result)

    progress = None if quiet else Progress()
    try:
        result = checker.audit(metrics, resolved, seed=seed, progress=progress, on_result=save,
                               **options)
    except KeyboardInterrupt:
        partial.seed = seed if seed is not None else -1
        _write(json_path, partial.dumps())
        _write(md_path, partial.markdown())
        click.echo(f"interrupted: {len(partial.results)} results written", err=True)
        raise SystemExit(130)
    _write(json_path, result.dumps())
    _write(md_path, "# metricprops audit\n\n" + f"Seed {result.seed}.\n\n" + result.markdown())
    click.echo(result.table())
    for r in result.results:
        if r.status in ("failed", "error"):
            click.echo("")
            click.echo(r.describe())
    click.echo(f"\nseed {result.seed}")
    if not result.ok:
        raise SystemExit(EXIT_FINDING)
