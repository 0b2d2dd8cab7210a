"""``metricprops report [--out DIR]``: regenerate every report reproducibly."""
from __future__ import annotations

import time
from typing import Optional

import click

from ..settings import MAX_SEED, Run, defaults
from ._options import cluster_option

__all__ = ["command"]


@click.command("report")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="reports",
              show_default=True, help="Folder to (re)write.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed of the audits [default: the project's fixed report seed].")
@click.option("--quick", is_flag=True, help="Tiny budgets: a smoke run, not the committed reports.")
@click.option("--skip-missing", is_flag=True,
              help="Build the other reports when a section needs an optional package that is "
                   "not installed (the index says which and why) instead of stopping.")
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
@click.option("--html-only", is_flag=True,
              help="Only render DIR/html/ from the reports' JSON already in DIR (no audit).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes sharing the audits' checks (default: one per usable "
                   "core); the reports are the same for every N.")
@cluster_option("every audit and the ELM reproduction")
def command(out_dir: str, seed: int, quick: bool, skip_missing: bool, quiet: bool,
            html_only: bool = False, jobs: Optional[int] = None,
            cluster: Optional[str] = None) -> None:
    """Regenerate reports/: audit, closed forms, ELM paper, third-party audit, index.

    A section that needs a package that is not installed (scikit-learn, bcubed or scorch
    for the third-party audit: the test extra; clusim, cdlib, ClusterEval, torchmetrics
    and river for its libraries: the libraries extra) stops the command before any work,
    exit status 2, unless --skip-missing is given (the report then says what it left out).
    """
    from ..output import check_outputs, require_plotting
    from ..report import DEFAULT_SEED, LIBRARIES_SECTION, build_reports, missing_sections
    from .progress import Progress

    if html_only:
        from ..report import render_html
        click.echo(f"wrote {render_html(out_dir)}")
        return
    require_plotting("metricprops report")
    check_outputs(folders={"--out": out_dir})
    missing = missing_sections(quick)
    started = time.monotonic()

    def say(message: str) -> None:
        if not quiet:
            click.echo(f"[{time.monotonic() - started:6.1f}s] {message}", err=True)

    with defaults(run=Run(jobs=jobs, cluster=cluster)):
        folder = build_reports(out_dir, seed=DEFAULT_SEED if seed is None else seed,
                               quick=quick, progress=say,
                               audit_progress=None if quiet else Progress(),
                               skip_missing=skip_missing)
    say("done")
    click.echo(f"wrote {folder}/README.md and the reports it lists")
    for name, dists in missing.items():  # only reached with --skip-missing
        what = "left out" if name == LIBRARIES_SECTION else "not built"
        click.echo(f"{what}: the {name} (needs {', '.join(dists)}; --skip-missing)", err=True)
