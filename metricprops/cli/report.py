"""``metricprops report [--out DIR]``: regenerate every report reproducibly."""
from __future__ import annotations

import time

import click

from ..settings import MAX_SEED

__all__ = ["command"]


@click.command("report")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="reports",
              show_default=True, help="Folder to (re)write.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed of the audits [default: the project's fixed report seed].")
@click.option("--quick", is_flag=True, help="Tiny budgets: a smoke run, not the committed reports.")
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
def command(out_dir: str, seed: int, quick: bool, quiet: bool) -> None:
    """Regenerate reports/: audit, closed forms, ELM paper, third-party audit, index."""
    from ..report import DEFAULT_SEED, build_reports
    from ..progress import Progress

    started = time.monotonic()

    def say(message: str) -> None:
        if not quiet:
            click.echo(f"[{time.monotonic() - started:6.1f}s] {message}", err=True)

    folder = build_reports(out_dir, seed=DEFAULT_SEED if seed is None else seed, quick=quick,
                           progress=say, audit_progress=None if quiet else Progress())
    say("done")
    click.echo(f"wrote {folder}/README.md and the reports it lists")
