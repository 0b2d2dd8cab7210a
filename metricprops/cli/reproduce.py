"""``metricprops reproduce``: reproduce published experiments (the ELM paper, for now)."""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Optional

import click

from ..settings import check_jobs
from ._interrupt import interrupt_status, sigterm_as_interrupt
from ._options import cluster_option

__all__ = ["command"]


@click.group("reproduce")
def command() -> None:
    """Reproduce published experiments."""


@command.command("elm-paper")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Folder for the figures (PNG) and elm-paper.md [default: a new folder in "
                   "the system's temporary folder, named when done; the committed "
                   "reports/elm-paper/ is what metricprops report writes].")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write every number (schema-versioned JSON) to this file.")
@click.option("--quick", is_flag=True,
              help="Section 3.4 on a seeded random sample of truths (a few seconds).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the --quick sample of truths.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes sharing section 3.4's chunks of truths (default: one per "
                   "usable core); the numbers are the same for every N.")
@click.option("--workers", type=click.IntRange(min=1), default=None, hidden=True,
              help="Former name of --jobs.")
@cluster_option("section 3.4's chunks of truths")
def elm_paper_cmd(out_dir: Optional[str], json_path: str, quick: bool, seed: int,
                  jobs: Optional[int] = None, workers: Optional[int] = None,
                  cluster: Optional[str] = None) -> None:
    """The ELM paper's synthetic experiments (sections 2.2 and 3.4, Figs. 2-4).

    Scores every consecutive-block prediction of 15 items against the truth of equation (2),
    and all 8,192 consecutive partitions of 14 items against each other; prints our numbers
    next to the paper's, writes figures and elm-paper.md into --out (a new folder unless
    given).
    """
    from ..output import (
        check_outputs,
        check_regenerates,
        require_plotting,
        write_outputs,
        write_text,
    )
    from ..report.sections import write_elm_paper_outputs
    from ..reproduce import elm_paper, elm_paper_text
    from ._output import report_failures

    md_path = None if out_dir is None else os.path.join(out_dir, "elm-paper.md")
    require_plotting("metricprops reproduce elm-paper")
    check_outputs({"--json": json_path, "--out": md_path}, {"--out": out_dir})  # before work
    if md_path is not None:  # a quick run never replaces a full one's files, nor the reverse
        check_regenerates(md_path, elm_paper_text.reproduce_command(
            {"config": {"quick": quick, "seed": seed}}))
    started = time.perf_counter()
    try:
        with sigterm_as_interrupt():
            res = elm_paper.run(quick=quick, seed=seed, workers=check_jobs(jobs or workers),
                                cluster=cluster)
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM: no partial experiment is written
        click.echo(f"\ninterrupted after {time.perf_counter() - started:.1f} s: the "
                   "experiment was not finished, nothing was written", err=True)
        raise SystemExit(interrupt_status(exc)) from None
    computed = time.perf_counter() - started
    if out_dir is None:  # never over files of the working folder (a checkout's reports/)
        out_dir = tempfile.mkdtemp(prefix="metricprops-elm-paper-")
        md_path = os.path.join(out_dir, "elm-paper.md")
    figures = dict(elm_paper.FIGURES)
    failures = write_outputs([
        ("--out", out_dir, lambda: write_elm_paper_outputs(res, Path(out_dir))),
        ("--json", json_path, lambda: write_text(json_path, elm_paper_text.to_json(res, figures))),
    ])
    click.echo(elm_paper_text.render_table(res["comparison"]))
    click.echo("")
    n34 = res["section_3_4"]["result"]["truths"]
    click.echo(f"section 3.4 truths: {n34:,}{' (quick sample)' if quick else ''}; "
               f"computed in {computed:.1f} s, total {time.perf_counter() - started:.1f} s")
    written = [] if any(f.startswith("--out") for f in failures) else [
        f"{md_path} and {len(figures)} figures"]
    if json_path and not any(f.startswith("--json") for f in failures):
        written.append(f"JSON {json_path}")
    if written:
        click.echo("wrote " + "; ".join(written))
    report_failures(failures)


@command.command("elm-overlapping")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the scores (schema-versioned JSON) to this file.")
def elm_overlapping_cmd(json_path: Optional[str]) -> None:
    """The ELM paper's overlapping example (section 4): e1, e2 in cluster a, and a
    prediction that also puts e1 in a new cluster b, scored by every metric of covers."""
    from ..output import check_outputs, write_outputs
    from ..reproduce import elm_overlapping
    from ._output import report_failures

    check_outputs({"--json": json_path})
    res = elm_overlapping.run()
    click.echo(elm_overlapping.render_table(res))
    report_failures(write_outputs([("--json", json_path, elm_overlapping.to_json(res))]))


@command.command("goesgens-2021")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="goesgens-2021",
              show_default=True,
              help="Folder for goesgens-2021.md and goesgens-2021.json (created if missing; "
                   "existing files there are never replaced without --force).")
@click.option("--force", is_flag=True, help="Replace goesgens-2021.md and .json in --out.")
@click.option("--quick", is_flag=True, help="Tiny search budgets: a smoke run of a minute.")
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=None,
              help="Seed of the audits [default: the project's fixed report seed].")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes sharing the checks (default: one per usable core); the "
                   "table is the same for every N.")
@click.option("--quiet", "-q", is_flag=True, help="No progress line.")
def goesgens_cmd(out_dir: str, force: bool, quick: bool, seed: Optional[int],
                 jobs: Optional[int] = None, quiet: bool = False) -> None:
    """Gösgens, Tikhonov & Prokhorenkova (ICML 2021): indices × properties.

    Audits the paper's 16 indices (and the AMI of the authors' code) against its nine
    properties, prints the reconstructed reference table next to ours cell by cell, and
    writes the comparison, every disagreement explained by a counterexample, to --out.
    """
    from ..errors import AuditInterrupted, OutputPathError
    from ..output import check_outputs, plural, write_outputs
    from ..reproduce import goesgens, goesgens_text
    from ..settings import REPORT_SEED
    from ._output import report_failures
    from .progress import Progress

    md_path = os.path.join(out_dir, f"{goesgens_text.FILE}.md")
    json_path = os.path.join(out_dir, f"{goesgens_text.FILE}.json")
    check_outputs(folders={"--out": out_dir})  # before any work
    existing = [p for p in (md_path, json_path) if os.path.exists(p)]
    if existing and not force:
        raise OutputPathError(f"--out {out_dir}: {', '.join(existing)} exist(s) and would be "
                              "replaced; choose another folder or pass --force")
    started = time.perf_counter()
    seed = REPORT_SEED if seed is None else seed
    stopped: Optional[AuditInterrupted] = None
    try:
        with sigterm_as_interrupt():
            res = goesgens.run(seed=seed, quick=quick, jobs=check_jobs(jobs),
                               progress=None if quiet else Progress())
    except AuditInterrupted as exc:  # Ctrl-C or SIGTERM: the table of what finished
        stopped = exc
        res = goesgens.tabulate(exc.partial, seed=seed, quick=quick)
    failures = write_outputs([
        ("--out", md_path, goesgens_text.render_markdown(res)),
        ("--out", json_path, goesgens_text.to_json(res)),
    ])
    click.echo(goesgens_text.render_table(res))
    click.echo(f"computed in {time.perf_counter() - started:.1f} s")
    if not failures:
        click.echo(f"wrote {md_path} and {json_path}")
    if stopped is not None:
        partial = stopped.partial
        done, total = len(partial.results), len(partial.results) + len(partial.unfinished)
        click.echo(f"\ninterrupted: {done} of {plural(total, 'check')} finished (the others "
                   "are ? in the table and the files)", err=True)
        report_failures(failures)
        raise SystemExit(interrupt_status(stopped))
    report_failures(failures)
