"""The ``metricprops`` command line (a click group).

Exit status: 0 success, 1 a finding (an audit that failed, implementations that disagree),
2 a usage error or bad input (one line on stderr, never a traceback).
"""
from __future__ import annotations

import json
import sys
from typing import Any

import click

from .commands import EXIT_FINDING, EXIT_USAGE  # noqa: F401 (re-exported)
from .errors import MetricPropsError


class Group(click.Group):
    """A click group that turns our typed errors and I/O errors into exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # output piped into a pager that quit
            ctx.exit(0)
        except (MetricPropsError, OSError, ValueError, TypeError) as exc:
            if isinstance(exc, click.exceptions.ClickException):
                raise
            click.echo(f"error: {exc}", err=True)
            ctx.exit(EXIT_USAGE)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="metricprops")
def main() -> None:
    """Verify external clustering metrics against formal constraints."""


@main.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def list_cmd(as_json: bool) -> None:
    """List the registered metrics and constraints."""
    from .registry import list_constraints, list_metrics

    metrics = [m.metadata() for m in list_metrics()]
    try:
        constraints = [c.metadata() for c in list_constraints()]
    except ImportError:  # pragma: no cover - constraint catalog not installed
        constraints = []
    if as_json:
        click.echo(json.dumps({"metrics": metrics, "constraints": constraints}, indent=2))
        return
    click.echo(f"{'metric':<20} {'kind':<10} {'bounds':<16} {'perfect':<8} symmetric")
    for m in metrics:
        lo, hi = m["bounds"]
        bounds = f"[{_fmt(lo)}, {_fmt(hi)}]"
        click.echo(f"{m['name']:<20} {m['kind']:<10} {bounds:<16} {_fmt(m['perfect']):<8} "
                   f"{_fmt(m['symmetric'])}")
    if constraints:
        click.echo("")
        click.echo(f"{'constraint':<20} title")
        for c in constraints:
            click.echo(f"{c['name']:<20} {c['title']}")


def _fmt(x: Any) -> str:
    if x is None:
        return "?"
    if isinstance(x, bool):
        return "yes" if x else "no"
    return f"{x:g}" if isinstance(x, float) else str(x)


@main.command("score")
@click.argument("truth", type=click.Path(dir_okay=False))
@click.argument("pred", type=click.Path(dir_okay=False))
@click.option("--metric", "-m", "metrics", multiple=True, help="Metric name (repeatable); default all.")
@click.option("--column", default=None, help="CSV column (header name or 0-based index).")
@click.option("--json", "as_json", is_flag=True, help='Print {"scores": {name: value}}.')
def score_cmd(truth: str, pred: str, metrics: tuple, column: Any, as_json: bool) -> None:
    """Score PRED against TRUTH (files with one label per line)."""
    from .labels_io import read_labels
    from .scoring import score

    labels_true = read_labels(truth, column)
    labels_pred = read_labels(pred, column)
    scores = score(labels_true, labels_pred, list(metrics) or None)
    if as_json:
        click.echo(json.dumps({"scores": scores}, indent=2))
        return
    width = max(len(k) for k in scores)
    for name, value in scores.items():
        click.echo(f"{name:<{width}}  {value:.6f}")


def _register_optional_commands() -> None:
    """Commands that live in their own modules (imported lazily when they run)."""
    import importlib

    for module_name in ("audit", "compare", "closed_forms", "reproduce", "report"):
        try:
            module = importlib.import_module(f".commands.{module_name}", __package__)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.endswith(f"commands.{module_name}"):
                continue  # not built yet
            raise
        main.add_command(module.command)


_register_optional_commands()

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
