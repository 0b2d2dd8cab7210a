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
@click.option("--column", default=None,
              help="Read a CSV column: its header name, or its 0-based index.")
@click.option("--header/--no-header", default=None,
              help="Whether the first row is a header [default: detected, and said on stderr].")
@click.option("--format", "file_format", type=click.Choice(["labels", "conll"]), default="labels",
              show_default=True,
              help="labels: one label per line (or a CSV column); conll: CoNLL-2011/2012 "
                   "coreference files (KEY RESPONSE), scored like the reference scorer v8.01, "
                   "micro-averaged over documents.")
@click.option("--json", "as_json", is_flag=True, help='Print {"scores": {name: value}}.')
def command(truth: str, pred: str, metrics: tuple, column: Any, header: Any,
            file_format: str, as_json: bool) -> None:
    """Score PRED against TRUTH (files with one label per line, or a CSV column with
    --column), or a coreference RESPONSE against a KEY (``--format conll``).

    Label files are UTF-8 (a byte-order mark is dropped); blank lines and empty cells are
    errors; a header row is detected unless --header/--no-header says, and when neither the
    files nor their lengths tell whether the first rows are headers, the command stops and
    asks for --header or --no-header.
    """
    if file_format == "conll":
        from ..coref import score_conll

        for name, value in (("--column", column), ("--header/--no-header", header)):
            if value is not None:
                raise click.UsageError(f"{name} applies to label files, not to --format conll")
        scores = score_conll(truth, pred, list(metrics) or None)
    else:
        scores = _score_label_files(truth, pred, list(metrics) or None, column, header)
    if as_json:
        click.echo(json.dumps({"scores": scores}, indent=2))
        return
    width = max(len(k) for k in scores)
    for name, value in scores.items():
        click.echo(f"{name:<{width}}  {value:.6f}")


def _score_label_files(truth: str, pred: str, metrics: Any, column: Any, header: Any) -> dict:
    """Read both files into codes (header decisions on stderr), check they describe the same
    items, score."""
    from ..errors import LengthMismatchError
    from ..partition import as_partition
    from ..scoring import score
    from .label_headers import header_hint, is_same_file, settle_headers
    from .labels_io import read_label_codes

    if metrics:  # an unknown metric name: exit 2 before reading two large files
        from ..registry import get_metric
        for name in metrics:
            get_metric(name)
    cols = settle_headers([read_label_codes(path, column, header) for path in (truth, pred)],
                          same_file=is_same_file(truth, pred))
    if len(cols[0]) != len(cols[1]):
        raise LengthMismatchError(
            f"expected one label per item in both files, got {len(cols[0])} in {truth} and "
            f"{len(cols[1])} in {pred}" + header_hint(cols, header))
    partitions = []
    for col in cols:
        if col.header_note:
            click.echo(col.header_note, err=True)
        # validated here, once, through the integer fast path
        partitions.append(as_partition(col.codes, name=col.path))
    del cols
    return score(*partitions, metrics)
