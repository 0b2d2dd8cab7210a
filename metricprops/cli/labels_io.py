"""Reading label files for the command line: one label per line, or a CSV column."""
from __future__ import annotations

import csv
from pathlib import Path
from typing import List, Optional

from ..errors import InvalidPartitionError

__all__ = ["read_labels"]


def read_labels(path: str, column: Optional[str] = None) -> List[str]:
    """Labels from ``path``: one per line (blank trailing lines ignored), or a CSV column.

    ``column`` is a header name (the first row is a header) or a 0-based index (no header).
    Labels are kept as strings: ``1`` and ``01`` are different labels.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidPartitionError(f"{path}: expected a label file, got no such file") from None
    except IsADirectoryError:
        raise InvalidPartitionError(f"{path}: expected a label file, got a directory") from None
    except UnicodeDecodeError:
        raise InvalidPartitionError(f"{path}: expected UTF-8 text, got undecodable bytes") from None
    if column is None:
        lines = text.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        labels = [line.strip() for line in lines]
        blank = [i + 1 for i, lab in enumerate(labels) if lab == ""]
        if blank:
            raise InvalidPartitionError(
                f"{path}: expected one label per line, got a blank line at line {blank[0]}"
            )
        return labels
    rows = list(csv.reader(text.splitlines()))
    if column.isdigit():
        index, start = int(column), 0
    else:
        if not rows:
            raise InvalidPartitionError(f"{path}: expected a CSV header with {column!r}, got an empty file")
        header = [h.strip() for h in rows[0]]
        if column not in header:
            raise InvalidPartitionError(
                f"{path}: expected a column named {column!r}, got columns {header}"
            )
        index, start = header.index(column), 1
    labels = []
    for lineno, row in enumerate(rows[start:], start=start + 1):
        if not row:
            continue
        if index >= len(row):
            raise InvalidPartitionError(
                f"{path}: expected at least {index + 1} columns, got {len(row)} at line {lineno}"
            )
        labels.append(row[index].strip())
    return labels
