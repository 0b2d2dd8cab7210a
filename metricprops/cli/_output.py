"""What the commands print and write at the end of a run, in one place.

* :func:`terminal_width` -- the columns the text report may use;
* :func:`replay_command` -- the command line that reruns a run with its seed;
* :func:`report_failures` -- outputs that could not be written: one line each, exit 2;
* :func:`finish_audit` -- the audit's files, table, reasons, findings and replay line.
"""
from __future__ import annotations

import shlex
import shutil
from typing import Any, Iterable, List, Mapping, Optional, Sequence

import click

from ..output import write_outputs
from ._exit import EXIT_FINDING, EXIT_USAGE

__all__ = ["terminal_width", "replay_command", "report_failures", "finish_audit"]

#: Options that name output files (and the journal): a replay need not touch them.
OUTPUT_PARAMS = ("json_path", "md_path", "journal_path", "resume_path", "html_dir")


def terminal_width() -> int:
    """Columns of the terminal (``COLUMNS``, else the terminal's, else 80)."""
    return max(20, shutil.get_terminal_size((80, 24)).columns)


def _option_words(param: click.Parameter, value: Any) -> List[str]:
    long = next((o for o in param.opts if o.startswith("--")), param.opts[0])
    if isinstance(param, click.Option) and param.is_flag:
        if value:
            return [long]
        return [param.secondary_opts[0]] if param.secondary_opts else []
    values = value if isinstance(value, (tuple, list)) else [value]
    return [word for v in values for word in (long, str(v))]


def replay_command(ctx: click.Context, seed: int,
                   drop: Sequence[str] = OUTPUT_PARAMS) -> str:
    """``metricprops <command> ARGS...`` as given on the command line, with ``--seed seed``.

    Options left at their defaults are left out, and so are the output files (``drop``).
    """
    from click.core import ParameterSource

    words = ["metricprops", ctx.info_name or ""]
    options: List[str] = []
    for param in ctx.command.params:
        name = param.name or ""
        value = ctx.params.get(name)
        if name == "seed" or name in drop:
            continue
        if isinstance(param, click.Argument):
            words += [str(v) for v in (value if isinstance(value, (tuple, list)) else [value])]
        elif ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE:
            options += _option_words(param, value)
    return " ".join(shlex.quote(w) for w in words + options + ["--seed", str(seed)])


def pair_replay(ctx: click.Context, seed: int, targets: Mapping[str, str]) -> Any:
    """``replay(metric, constraint)``: the command that replays one pair of this run (its
    target, ``-c CONSTRAINT`` and the options given; a plan's run: the whole plan)."""
    if not targets:  # --plan: the plan holds the targets and their metadata
        whole = replay_command(ctx, seed)
        return lambda metric, constraint: whole
    options = replay_command(ctx, seed, drop=OUTPUT_PARAMS + ("targets", "constraints"))
    head, rest = options[:len("metricprops audit")], options[len("metricprops audit"):]
    return lambda metric, constraint: (
        f"{head} {shlex.quote(targets.get(metric, metric))} -c {shlex.quote(constraint)}{rest}")


def report_failures(failures: Iterable[str]) -> None:
    """Print each output that was not written (stderr) and exit 2 if there is any."""
    failures = list(failures)
    for line in failures:
        click.echo(f"error: {line}", err=True)
    if failures:
        raise SystemExit(EXIT_USAGE)


def finish_audit(result: Any, json_path: Optional[str], md_path: Optional[str],
                 baseline: Any = None, html_dir: Optional[str] = None,
                 targets: Optional[Mapping[str, str]] = None) -> None:
    """Write the audit's files (``html_dir``: its HTML report, each pair's replay naming its
    target as ``targets`` maps it), print its table (fitted to the terminal), the reason of every
    ``–``/``≈``/``?`` cell, each failure and error, and how to replay the run; exit 2 if a
    file was not written, else 1 if something failed or errored.  Against a ``baseline``
    (a :class:`~metricprops.results.baseline.BaselineDiff`) only the new or changed findings
    are printed, and only they exit 1."""
    from ..results.terminal import reason_lines

    if baseline is not None:
        result.baseline = baseline.to_json()
    markdown = "# metricprops audit\n\n" + f"Seed {result.seed}.\n\n" + result.markdown()
    ctx = click.get_current_context()

    def html() -> None:
        from ..report.html import write_audit_html
        write_audit_html(result, html_dir, replay=pair_replay(ctx, result.seed, targets or {}))

    failures = write_outputs([("--json", json_path, result.dumps()),
                              ("--markdown", md_path, markdown), ("--html", html_dir, html)])
    click.echo(result.table(width=terminal_width()))
    reasons = reason_lines(result)
    if reasons:
        click.echo("")
        for line in reasons:
            click.echo(line)
    for r in result.results if baseline is None else ():
        if not r.ok:
            click.echo("")
            click.echo(r.describe(timings=True))  # the terminal shows measurements
    if baseline is not None:
        click.echo("")
        click.echo("\n".join(baseline.lines()))
    ctx = click.get_current_context()
    click.echo(f"\nseed {result.seed}; replay with: {replay_command(ctx, result.seed)}")
    report_failures(failures)
    if not (result.ok if baseline is None else baseline.ok):
        raise SystemExit(EXIT_FINDING)
