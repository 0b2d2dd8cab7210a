"""What a label file looks like before it is read one label per line: a CSV/TSV file or a
CoNLL coreference file needs another option, and reading it whole would be silently wrong.

Read whole, every line of a file with an id column is a distinct label: both sides come out
all singletons and every metric reports perfect agreement.  :func:`refuse_unsplit` stops
before that (exit status 2) and names the option the file needs; :func:`refuse_singletons`
is the net behind it, for fields split by spaces or another character, once both sides are
read.
"""
from __future__ import annotations

import os
import re
from typing import Any, List, Optional, Sequence, Tuple

import click

__all__ = ["file_shape", "refuse_unsplit", "refuse_singletons", "csv_delimiter"]

#: Bytes of a file's start that its shape is judged from.
HEAD = 1 << 16
#: Lines of that start that are looked at.
LINES = 200
_CONLL_SUFFIXES = (".conll", "_conll", ".conllu")
_DELIMITED = {".csv": ",", ".tsv": "\t"}
_FIELDS = re.compile(r"[\s,;|]+")


def _head_lines(path: str) -> List[str]:
    """The first non-blank lines of ``path`` (the last, maybe cut, line of a long file
    dropped); ``[]`` when it cannot be read (the reader says why)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(HEAD + 1)
    except OSError:
        return []
    text = data[:HEAD].decode("utf-8", "replace").lstrip("\ufeff")
    lines = text.split("\n")
    if len(data) > HEAD:
        lines = lines[:-1]
    return [line.strip() for line in lines if line.strip()][:LINES]


def csv_delimiter(path: str, first_line: str) -> str:
    """The delimiter of a CSV/TSV file: a tab for a ``.tsv`` name or a first line with tabs
    and no comma, else a comma."""
    if os.path.splitext(path)[1].lower() == ".tsv":
        return "\t"
    return "\t" if "\t" in first_line and "," not in first_line else ","


def file_shape(path: str) -> Optional[Tuple[str, str]]:
    """``(kind, why)`` when ``path`` is not a one-label-per-line file: ``kind`` is ``"conll"``
    or ``"csv"``; ``None`` when it looks like one."""
    lines = _head_lines(path)
    name = os.path.basename(path).lower()
    begin = next((line for line in lines if line.startswith("#begin document")), None)
    if begin is not None:
        return "conll", f"a CoNLL coreference file ({begin!r})"
    if name.endswith(_CONLL_SUFFIXES):
        return "conll", "a CoNLL coreference file (by its name)"
    suffix = os.path.splitext(name)[1]
    if suffix in _DELIMITED:
        first = f", first line {lines[0]!r}" if lines else ""
        return "csv", f"a {suffix[1:].upper()} file (by its name{first})"
    for sep, what in ((",", "comma"), ("\t", "tab")):
        if lines and all(sep in line for line in lines):
            return "csv", f"a delimited file (a {what} in every line: {lines[0]!r})"
    return None


def refuse_unsplit(paths: Sequence[str]) -> None:
    """Refuse (exit status 2) to read a CSV/TSV or CoNLL file one whole line per label, naming
    the option it needs."""
    for path in dict.fromkeys(paths):
        shape = file_shape(path)
        if shape is None:
            continue
        kind, why = shape
        if kind == "conll":
            raise click.UsageError(f"{path} looks like {why}, which is not one label per line; "
                                   "score KEY RESPONSE with --format conll")
        raise click.UsageError(
            f"{path} looks like {why}: read whole, each line would be one label; name the "
            "column of labels with --column (a header name or a 0-based index; twice for "
            "TRUTH's, then PRED's)")


def refuse_singletons(cols: Sequence[Any]) -> None:
    """Refuse (exit status 2) when both sides came out all singletons from lines of several
    fields: every line distinct because each holds an id, which every metric would score as
    perfect agreement."""
    if not all(len(c) >= 2 and len(c.labels) == len(c) for c in cols):
        return
    samples = [c.labels[:LINES] for c in cols]
    if not all(all(len(_FIELDS.split(label)) > 1 for label in sample) for sample in samples):
        return
    first = cols[0].labels[0]
    raise click.UsageError(
        f"every line of both files is a distinct label made of several fields (such as "
        f"{first!r}), so both sides are all singletons and every metric would report "
        "perfect agreement; give a file of one label per line, or a CSV/TSV column with "
        "--column")
