"""``metricprops score TRUTH PRED``: every (or the chosen) metric from one table."""
from __future__ import annotations

import json
import warnings
from typing import Any, Tuple

import click

__all__ = ["command"]


@click.command("score")
@click.argument("truth", type=click.Path(dir_okay=False))
@click.argument("pred", type=click.Path(dir_okay=False))
@click.option("--metric", "-m", "metrics", multiple=True,
              help="Metric name (repeatable), or 'all' for every built-in; default: the "
                   "built-ins that cost at most n^2 (all but smi, CEAF and the CoNLL F).")
@click.option("--column", "columns", multiple=True, metavar="COLUMN",
              help="Read a CSV column: its header name, or its 0-based index. Once: the same "
                   "column of both files; twice: TRUTH's column, then PRED's.")
@click.option("--truth-column", default=None, metavar="COLUMN",
              help="TRUTH's CSV column (with --pred-column; instead of --column).")
@click.option("--pred-column", default=None, metavar="COLUMN",
              help="PRED's CSV column (with --truth-column; instead of --column).")
@click.option("--header/--no-header", default=None,
              help="Whether the first row is a header [default: detected, and said on stderr].")
@click.option("--format", "file_format",
              type=click.Choice(["labels", "conll", "label-sets", "clusters"]), default="labels",
              show_default=True,
              help="labels: one label per line (or a CSV column); conll: CoNLL-2011/2012 "
                   "coreference files (KEY RESPONSE), scored like the reference scorer v8.01, "
                   "micro-averaged over documents; label-sets and clusters: covers "
                   "(overlapping clusterings), one line per item with its labels, or one line "
                   "per cluster with its item names, scored with the cover metrics.")
@click.option("--partial", is_flag=True,
              help="conll: score a KEY and RESPONSE whose documents differ, as the reference "
                   "scorer does (a key document missing from the response counts as an empty "
                   "response, a response document not in the key is ignored); stderr names "
                   "them. Without it they are an error.")
@click.option("--json", "as_json", is_flag=True, help='Print {"scores": {name: value}}.')
def command(truth: str, pred: str, metrics: tuple, columns: tuple, truth_column: Any,
            pred_column: Any, header: Any, file_format: str, partial: bool,
            as_json: bool) -> None:
    """Score PRED against TRUTH (files with one label per line, or a CSV column with
    --column), or a coreference RESPONSE against a KEY (--format conll).

    Two columns of one CSV file: metricprops score data.csv data.csv --column truth
    --column pred (or --truth-column truth --pred-column pred).

    Label files are UTF-8 (a byte-order mark is dropped); blank lines and empty cells are
    errors; a header row is detected unless --header/--no-header says, and when neither the
    files nor their lengths tell whether the first rows are headers, the command stops and
    asks for --header or --no-header. A CSV/TSV file (by its name, or a comma or tab in every
    line) needs --column, a CoNLL file --format conll: read whole, each line would be one
    label (with an id column, all singletons on both sides: perfect agreement), so the
    command stops and says which option.
    """
    if file_format == "conll":
        from ..coref import UnmatchedDocumentsWarning, score_conll

        for name, value in (("--column", columns or None), ("--truth-column", truth_column),
                            ("--pred-column", pred_column), ("--header/--no-header", header)):
            if value is not None:
                raise click.UsageError(f"{name} applies to label files, not to --format conll")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UnmatchedDocumentsWarning)
            scores = score_conll(truth, pred, list(metrics) or None, partial=partial)
        for w in caught:
            if issubclass(w.category, UnmatchedDocumentsWarning):
                click.echo(f"warning: {w.message}", err=True)
            else:
                warnings.showwarning(w.message, w.category, w.filename, w.lineno)
    elif file_format in ("label-sets", "clusters"):
        for name, value in (("--column", columns or None), ("--truth-column", truth_column),
                            ("--pred-column", pred_column), ("--header/--no-header", header),
                            ("--partial", partial or None)):
            if value is not None:
                raise click.UsageError(f"{name} does not apply to --format {file_format}")
        scores = _score_cover_files(truth, pred, file_format, list(metrics))
    else:
        if partial:
            raise click.UsageError("--partial applies to --format conll, not to label files")
        sides = _columns(truth, pred, columns, truth_column, pred_column)
        scores = _score_label_files(truth, pred, list(metrics) or None, sides, header)
    if as_json:
        click.echo(json.dumps({"scores": scores}, indent=2))
        return
    width = max(len(k) for k in scores)
    for name, value in scores.items():
        click.echo(f"{name:<{width}}  {value:.6f}")


def _columns(truth: str, pred: str, columns: tuple, truth_column: Any,
             pred_column: Any) -> Tuple[Any, Any]:
    """(TRUTH's column, PRED's column), ``None`` for a one-label-per-line file; anything that
    could be read two ways is a usage error."""
    if truth_column is not None or pred_column is not None:
        if columns:
            raise click.UsageError("expected --column or --truth-column/--pred-column, got both")
        if truth_column is None or pred_column is None:
            given = "--truth-column" if pred_column is None else "--pred-column"
            missing = "--pred-column" if pred_column is None else "--truth-column"
            raise click.UsageError(f"expected {given} together with {missing} (or --column "
                                   f"once for the same column of both files), got {given} "
                                   "alone")
        sides = (truth_column, pred_column)
    elif len(columns) > 2:
        raise click.UsageError(f"expected --column once (both files) or twice (TRUTH's "
                               f"column, then PRED's), got it {len(columns)} times")
    else:
        sides = (columns[0], columns[-1]) if columns else (None, None)
    return sides


def _score_label_files(truth: str, pred: str, metrics: Any, columns: Tuple[Any, Any],
                       header: Any) -> dict:
    """Read both files into codes (header decisions on stderr), check they describe the same
    items, score."""
    from ..errors import LengthMismatchError
    from ..partition import as_partition
    from ..scoring import score
    from .label_headers import header_hint, is_same_file, settle_headers
    from .label_shapes import refuse_singletons, refuse_unsplit
    from .labels_io import read_label_codes

    if metrics:  # an unknown metric or target: exit 2 before reading two large files
        from ..registry import resolve_metric
        from ..scoring import ALL
        metrics = [name if name == ALL else resolve_metric(name)
                   for name in dict.fromkeys(metrics)]
    if columns[0] is None:  # a CSV/TSV or CoNLL file read whole would be silently wrong
        refuse_unsplit((truth, pred))
    same = is_same_file(truth, pred)
    cols = [read_label_codes(path, column, header) for path, column in zip((truth, pred), columns)]
    if columns[0] is None:
        refuse_singletons(cols)
    if not (same and columns[0] == columns[1]):  # a column against itself reads alike either way
        cols = settle_headers(cols, same_file=same)
    if len(cols[0]) != len(cols[1]):
        raise LengthMismatchError(
            f"expected one label per item in both files, got {len(cols[0])} in {truth} and "
            f"{len(cols[1])} in {pred}" + header_hint(cols, header))
    for note in dict.fromkeys(col.header_note for col in cols if col.header_note):
        click.echo(note, err=True)
    partitions = []
    for col in cols:
        # validated here, once, through the integer fast path
        partitions.append(as_partition(col.codes, name=col.path))
    # a metric of the user's (file.py:attr, module:attr) is given the files' labels
    own = [m for m in metrics or () if not isinstance(m, str) and not m.builtin]
    labels = [col.tolist() for col in cols] if own else None
    del cols
    ours = [m for m in metrics if all(m is not o for o in own)] if metrics else None
    scores = score(*partitions, ours) if ours != [] else {}
    if labels is not None:
        scores.update(score(*labels, own))
    if columns[0] is not None and columns[0] == columns[1] and same:
        click.echo(f"note: TRUTH and PRED are the same column ({columns[0]!r}) of {truth}, "
                   "scored against itself; two columns of one file: --column TRUTH_COLUMN "
                   "--column PRED_COLUMN", err=True)
    return scores


def _score_cover_files(truth: str, pred: str, file_format: str, metrics: list) -> dict:
    """Two cover files, scored with the named metrics (default: every cover metric)."""
    from ..covers import parse_cover_pair
    from ..registry import get_metric, list_metrics

    chosen = ([get_metric(name) for name in metrics] if metrics
              else [m for m in list_metrics() if m.input == "cover"])
    with open(truth, encoding="utf-8-sig") as t, open(pred, encoding="utf-8-sig") as p:
        covers = parse_cover_pair(t.read().splitlines(), p.read().splitlines(), file_format)
    return {m.name: float(m(*covers)) for m in chosen}
