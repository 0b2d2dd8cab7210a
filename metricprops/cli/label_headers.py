"""Whether the first row of a label file is a header: detection within one file, and the
decision for the two files of ``metricprops score`` when their content does not tell.

Within a file (:func:`header_votes`), each column votes on the first row: a header when its
kind (integer, float, text of some length) differs from the kind of every cell below, data
when it is the same kind or its value recurs below.  A first row that no vote decides and
whose label occurs nowhere else in the file (text over text, or a file of one row) is
*ambiguous*: for two files, :func:`settle_headers` takes it as a header when only that reading
gives both files as many items, and otherwise refuses to guess (exit status 2, with the hint
``--header`` / ``--no-header``).
"""
from __future__ import annotations

import itertools
import os
from typing import Any, List, Sequence

import click

__all__ = ["detect_header", "header_votes", "settle_headers", "header_hint", "is_same_file"]


def _kind(value: str) -> Any:
    """``"int"``, ``"float"`` or the length of a text cell (the kinds header detection compares)."""
    try:
        int(value)
        return "int"
    except ValueError:
        pass
    try:
        float(value)
        return "float"
    except ValueError:
        return len(value)


def detect_header(rows: Sequence[Sequence[str]], by_length: bool = True) -> bool:
    """True when ``rows[0]`` looks like a header of ``rows[1:]`` (see the module docstring).

    Each column votes: for a header when the first cell's kind (integer, float, or text of some
    length) differs from a kind every cell below shares, against when it is the same kind or
    when the first cell's value recurs below (a label, not a name).  With ``by_length=False``
    only text over numbers counts, and text over text does not vote (a name and a label are
    both text of any length).
    """
    return header_votes(rows, by_length) > 0


def header_votes(rows: Sequence[Sequence[str]], by_length: bool = True) -> int:
    """The votes of :func:`detect_header`: > 0 a header, < 0 data, 0 nothing tells."""
    if len(rows) < 2:
        return 0
    first, body = rows[0], rows[1:]
    votes = 0
    for j, name in enumerate(first):
        values = [r[j] for r in body if len(r) > j]
        if not values:
            continue
        if name in values:
            votes -= 1
            continue
        kind_of = _kind if by_length else (lambda v: _kind(v) if _kind(v) in
                                           ("int", "float") else "text")
        kinds = {kind_of(v) for v in values}
        if kinds <= {"int", "float"} and len(kinds) == 2:
            kinds = {"float"}
        if len(kinds) == 1:
            kind = kind_of(name)
            if kind == "text" and kinds == {"text"}:
                continue
            same = kind in kinds or (kind == "int" and kinds == {"float"})
            votes += -1 if same else 1
    return votes


def _note(path: str, decided: bool, first: str, hint: bool) -> str:
    if decided:
        return (f"{path}: first row {first!r} taken as a header (detected; "
                "pass --no-header if it is data)")
    return (f"{path}: no header detected, first row {first!r} is data" +
            (" (pass --header if it is a header)" if hint else ""))


def _undecided(votes: int, first: str) -> bool:
    """Whether a first row that no vote decided may be a header (a number never is)."""
    return votes == 0 and first != "" and _kind(first) not in ("int", "float")


def is_same_file(a: str, b: str) -> bool:
    """Whether the two paths name one file."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def settle_headers(cols: List[Any], same_file: bool = False) -> List[Any]:
    """Decide the first rows that neither file's content decides (``LabelColumn.ambiguous``:
    a label that occurs once, over text or alone): by the row counts when only one reading
    gives both files as many items, else refuse (exit 2) rather than guess."""
    if not any(c.ambiguous for c in cols):
        return cols
    readings = [r for r in itertools.product(*[(False, True) if c.ambiguous else (False,)
                                               for c in cols])
                if (not same_file or len(set(r)) == 1)
                and len({len(c) - skip for c, skip in zip(cols, r)}) == 1]
    if len(readings) > 1:
        rows = list(dict.fromkeys(f"{c.labels[0]!r} ({c.path})" for c in cols if c.ambiguous))
        raise click.UsageError(
            "cannot tell whether the first rows are headers or items: " + " and ".join(rows)
            + (" are labels that occur nowhere else in their files" if len(rows) > 1 else
               " is a label that occurs nowhere else in its file")
            + ", and both readings give the files as many items; pass --header or --no-header")
    if not readings:
        return cols  # no reading makes the lengths agree: the caller says so
    return [c.without_first_row(
        f"{c.path}: first row {c.labels[0]!r} taken as a header (its label occurs nowhere "
        "else, and only then do both files have as many items; pass --no-header if it is "
        "data)") if skip else c for c, skip in zip(cols, readings[0])]


def header_hint(cols: List[Any], header: Any) -> str:
    """What the header decisions were, when they may explain a length mismatch."""
    if header is not None:
        return ""
    said = [f"{c.path}'s first row {c.header!r} was taken as a header" for c in cols
            if c.header is not None]
    said += [f"{c.path}'s first row {c.labels[0]!r} was read as data" for c in cols
             if c.ambiguous]
    return (" (" + "; ".join(said) + ": pass --header or --no-header if that is wrong)"
            if said else "")
