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
@click.option("--format", "file_format", type=click.Choice(["labels", "conll"]), default="labels",
              show_default=True,
              help="labels: one label per line (or a CSV column); conll: CoNLL-2011/2012 "
                   "coreference files (KEY RESPONSE), scored like the reference scorer v8.01, "
                   "micro-averaged over documents.")
@click.option("--json", "as_json", is_flag=True, help='Print {"scores": {name: value}}.')
def command(truth: str, pred: str, metrics: tuple, column: Any, file_format: str,
            as_json: bool) -> None:
    """Score PRED against TRUTH (files with one label per line), or a coreference RESPONSE
    against a KEY (``--format conll``)."""
    if file_format == "conll":
        from ..coref import score_conll

        if column is not None:
            raise click.UsageError("--column applies to label files, not to --format conll")
        scores = score_conll(truth, pred, list(metrics) or None)
    else:
        from ..scoring import score
        from .labels_io import read_labels

        labels_true = read_labels(truth, column)
        labels_pred = read_labels(pred, column)
        scores = score(labels_true, labels_pred, list(metrics) or None)
    if as_json:
        click.echo(json.dumps({"scores": scores}, indent=2))
        return
    width = max(len(k) for k in scores)
    for name, value in scores.items():
        click.echo(f"{name:<{width}}  {value:.6f}")
