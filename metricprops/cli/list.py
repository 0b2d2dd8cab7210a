"""``metricprops list``: the registered metrics and constraints."""
from __future__ import annotations

import json
from typing import Any

import click

__all__ = ["command"]


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def command(as_json: bool) -> None:
    """List the registered metrics and constraints."""
    from ..registry import cover_constraints, list_constraints, list_metrics

    metrics = [m.metadata() for m in list_metrics()]
    try:
        constraints = [c.metadata() for c in list_constraints() + cover_constraints()]
    except ImportError:  # pragma: no cover - constraint catalog not installed
        constraints = []
    if as_json:
        click.echo(json.dumps({"metrics": metrics, "constraints": constraints}, indent=2))
        return
    names = max(20, *(len(m["name"]) for m in metrics))  # the columns stay aligned
    click.echo(f"{'metric':<{names}} {'kind':<10} {'bounds':<16} {'perfect':<8} "
               f"{'symmetric':<10} description")
    for m in metrics:
        lo, hi = m["bounds"]
        bounds = f"[{_fmt(lo)}, {_fmt(hi)}]"
        click.echo(f"{m['name']:<{names}} {m['kind']:<10} {bounds:<16} {_fmt(m['perfect']):<8} "
                   f"{_fmt(m['symmetric']):<10} {m['description']}".rstrip())
    if constraints:
        click.echo("")
        width = max(20, *(len(c["name"]) for c in constraints))  # the titles in one column
        click.echo(f"{'constraint':<{width}} title")
        for c in constraints:
            click.echo(f"{c['name']:<{width}} {c['title']}")


def _fmt(x: Any) -> str:
    if x is None:
        return "?"
    if isinstance(x, bool):
        return "yes" if x else "no"
    return f"{x:g}" if isinstance(x, float) else str(x)
