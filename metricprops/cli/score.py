"""``metricprops score TRUTH PRED``: every (or the chosen) metric from one table."""
from __future__ import annotations

import json
from typing import Any

import click

__all__ = ["command"]


@click.command("score")
@click.argument("truth", type=click.Path(dir_okay=False))
@click.argument("pred", type=click.Path(dir_okay=False))
@click.option("--metric", "-m", "metrics", multiple=True, help="Metric name (repeatable); default all.")
@click.option("--column", default=None, help="CSV column (header name or 0-based index).")
@click.option("--json", "as_json", is_flag=True, help='Print {"scores": {name: value}}.')
def command(truth: str, pred: str, metrics: tuple, column: Any, as_json: bool) -> None:
    """Score PRED against TRUTH (files with one label per line)."""
    from .labels_io import read_labels
    from ..scoring import score

    labels_true = read_labels(truth, column)
    labels_pred = read_labels(pred, column)
    scores = score(labels_true, labels_pred, list(metrics) or None)
    if as_json:
        click.echo(json.dumps({"scores": scores}, indent=2))
        return
    width = max(len(k) for k in scores)
    for name, value in scores.items():
        click.echo(f"{name:<{width}}  {value:.6f}")
