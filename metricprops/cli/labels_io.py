"""Reading label files for the command line: one label per line, or one column of a CSV file.

Files are streamed into integer codes (numpy), never held as a Python list of strings: a
label is looked up in a dict of the *distinct* labels seen so far, so memory is one integer
per item plus the distinct labels.  The codes go straight to
:class:`~metricprops.partition.Partition`, whose integer fast path validates them in O(n).

Rules, the same for both formats:

* the file is UTF-8; a byte-order mark at its start is dropped;
* ASCII whitespace around a label is ignored; labels are strings (``1`` and ``01`` differ);
* a blank line or an empty cell is an error (blank lines at the end of the file are ignored);
* a header row is taken when asked (``header=True``), refused (``header=False``), or detected
  (``header=None``): the first row is a header when its cells differ in kind from the rows
  below (text over numbers, or a length the column never has) and do not recur below.
  :attr:`LabelColumn.header_note` says what was decided, for the command to print.  When
  nothing tells either way (text over text, or a file of one row) and the first label
  occurs nowhere else, the row is read as data and :attr:`LabelColumn.ambiguous` is set:
  the caller decides (:meth:`LabelColumn.without_first_row` makes it a header);
* a file must hold at least one label (below its header, if it has one);
* every error names the file, the line and (for CSV) the column.
"""
from __future__ import annotations

import csv
import io
import itertools
import operator
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, List, Optional, Sequence

import numpy as np

from ..errors import LabelFileError
from ..output import plural
from .label_headers import _note, _undecided, detect_header, header_votes
from .label_shapes import csv_delimiter

__all__ = ["LabelColumn", "read_label_codes", "read_labels", "detect_header", "header_votes",
           "CHUNK"]

#: Bytes read at a time from a one-label-per-line file.
CHUNK = 1 << 20
#: Rows below the first one that header detection looks at.
SAMPLE = 200
BOM = b"\xef\xbb\xbf"
_SPACE = (b" ", b"\r", b"\t", b"\x0b", b"\x0c")  # what bytes.strip() removes, but b"\n"


class _Codes(dict):
    """label -> code, a new label getting the next code (lookups of known labels stay in C)."""

    def __missing__(self, key: Any) -> int:
        code = self[key] = len(self)
        return code


@dataclass
class LabelColumn:
    """The labels of one file as integer codes.

    Attributes
    ----------
    path : str
        The file, as given.
    codes : ndarray of int32
        One code per item, ``0 .. len(labels) - 1`` in order of first appearance.
    labels : list of str
        The distinct labels (``labels[code]``).
    header : str or None
        The header row that was skipped (``None``: every row is data).
    header_note : str
        What was decided about a header and why ("" when the caller decided), to print.
    ambiguous : bool
        The first row was read as data, but it may be a header: nothing in the file tells
        (text over text, or one row) and its label occurs nowhere else.
    """

    path: str
    codes: np.ndarray
    labels: List[str]
    header: Optional[str] = None
    header_note: str = ""
    ambiguous: bool = False

    def __len__(self) -> int:
        return int(self.codes.shape[0])

    def without_first_row(self, note: str = "") -> LabelColumn:
        """The same file with its first row taken as a header (only for an ambiguous one,
        whose first label occurs once and so has code 0)."""
        if not self.ambiguous:
            raise ValueError(f"{self.path}: the first row is not an undecided header")
        return LabelColumn(self.path, self.codes[1:] - 1, self.labels[1:], self.labels[0], note)

    def tolist(self) -> List[str]:
        """The label of every item (materialises n strings: for small files and tests)."""
        return [self.labels[c] for c in self.codes.tolist()]


def _error(path: str, line: int, what: str, column: Optional[str] = None) -> LabelFileError:
    where = f"{path}, line {line}" + (f", column {column}" if column else "")
    return LabelFileError(f"{where}: {what}")


def _open(path: str) -> Any:
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise LabelFileError(f"{path}: expected a label file, got no such file") from None
    except IsADirectoryError:
        raise LabelFileError(f"{path}: expected a label file, got a directory") from None


def _finish(path: str, table: dict, chunks: List[np.ndarray], offset: int,
            column: Optional[str], decode: bool) -> tuple:
    """Codes of every item, the labels; blank labels are errors unless trailing lines of a
    one-label-per-line file (``column`` is None)."""
    codes = np.concatenate(chunks) if chunks else np.empty(0, dtype=np.int32)
    del chunks[:]
    blank = table.get(b"" if decode else "")
    if blank is not None:
        where = np.flatnonzero(codes == blank)
        tail = codes.shape[0] - where.shape[0]
        if column or not np.array_equal(where, np.arange(tail, codes.shape[0])):
            what = "an empty cell" if column else "a blank line"
            raise _error(path, int(where[0]) + offset, f"expected a label, got {what}", column)
        codes = codes[:tail]
        del table[b"" if decode else ""]
    labels: List[str] = []
    for code, key in enumerate(table):
        if not decode:
            labels.append(key)
            continue
        try:
            labels.append(key.decode("utf-8"))
        except UnicodeDecodeError:
            line = int(np.flatnonzero(codes == code)[0]) + offset
            raise _error(path, line, "expected UTF-8 text, got undecodable bytes") from None
    return codes, labels


def _lines(fh: Any) -> Iterator[List[bytes]]:
    """Stripped lines of a binary file, a list per chunk (the BOM dropped)."""
    carry = b""
    first = True
    while True:
        chunk = fh.read(CHUNK)
        if first and chunk.startswith(BOM):
            chunk = chunk[len(BOM):]
        first = False
        if not chunk:
            break
        data = carry + chunk
        cut = data.rfind(b"\n")
        if cut < 0:
            carry = data
            continue
        carry = data[cut + 1:]
        part = data[:cut]
        lines = part.split(b"\n")
        # strip only when there is whitespace to strip (it costs a third of the time)
        yield list(map(bytes.strip, lines)) if any(w in part for w in _SPACE) else lines
    if carry:
        yield [carry.strip()]


def _column(path: str, codes: np.ndarray, labels: List[str], skipped: Optional[str],
            note: str, undecided: bool) -> LabelColumn:
    """The :class:`LabelColumn`, refusing a file without labels; an undecided first row
    whose label occurs once (code 0, the first one seen) is :attr:`~LabelColumn.ambiguous`."""
    if codes.shape[0] == 0:
        raise LabelFileError(f"{path}: expected at least one label below the header row "
                             f"{skipped!r}, got none" if skipped is not None else
                             f"{path}: expected at least one label, got an empty file")
    ambiguous = undecided and skipped is None and int(np.count_nonzero(codes == 0)) == 1
    return LabelColumn(path, codes, labels, skipped, note, ambiguous)


def _read_lines(path: str, header: Optional[bool]) -> LabelColumn:
    table = _Codes()
    chunks: List[np.ndarray] = []
    skipped: Optional[str] = None
    note = ""
    undecided = False
    with _open(path) as fh:
        batches = _lines(fh)
        head = next(batches, [])
        if head:
            if header is None:
                sample = [[x.decode("utf-8", "replace")] for x in head[:SAMPLE + 1] if x]
                first = head[0].decode("utf-8", "replace")
                votes = header_votes(sample, by_length=False) if head[0] != b"" else -1
                note = _note(path, True, first, False) if votes > 0 else ""
                header, undecided = votes > 0, _undecided(votes, first)
            if header:
                skipped, head = head[0].decode("utf-8", "replace"), head[1:]
        for batch in itertools.chain([head], batches):
            chunks.append(np.fromiter(map(table.__getitem__, batch), dtype=np.int32,
                                      count=len(batch)))
    codes, labels = _finish(path, table, chunks, 2 if skipped is not None else 1, None, True)
    return _column(path, codes, labels, skipped, note, undecided)


def _column_index(path: str, column: str, first: Sequence[str], header: Optional[bool]) -> tuple:
    """(0-based index, whether the first row is a header) for ``--column``."""
    if column.isdigit():
        return int(column), header
    names = [h.strip() for h in first]
    if header is False:
        raise LabelFileError(f"{path}: --column {column!r} names a header column, but "
                             "--no-header says the file has none")
    if column not in names:
        raise LabelFileError(f"{path}, line 1: expected a column named {column!r}, got "
                             f"columns {names}")
    return names.index(column), True


def _csv_codes(rows: Iterable[List[str]], index: int, path: str, start: int, name: str,
               table: dict) -> List[np.ndarray]:
    """Codes of the stripped cell ``index`` of every row, a chunk per block of rows; a short
    row is an error unless it is one of the blank rows at the end of the file.

    Rows are taken a few thousand at a time: few enough that the garbage collector never
    scans a large block of fresh lists (which triples the time), many enough that the
    per-block work is negligible."""
    rows = iter(rows)
    getter = operator.itemgetter(index)
    chunks: List[np.ndarray] = []
    position = start
    while True:
        block = list(itertools.islice(rows, 4096))
        if not block:
            return chunks
        try:
            cells = list(map(getter, block))
        except IndexError:
            offset = next(i for i, row in enumerate(block) if len(row) <= index)
            bad = block[offset]
            if all(not r for r in block[offset:]) and all(not r for r in rows):
                cells, block = list(map(getter, block[:offset])), []
            else:
                what = ("expected a label, got a blank line" if not bad else
                        f"expected at least {plural(index + 1, 'column')}, got {len(bad)}")
                raise _error(path, position + offset, what, name) from None
        chunks.append(np.fromiter(map(table.__getitem__, map(str.strip, cells)),
                                  dtype=np.int32, count=len(cells)))
        if not block:
            return chunks
        position += len(block)


def _read_csv(path: str, column: str, header: Optional[bool]) -> LabelColumn:
    with _open(path) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
        reader: Any = None
        try:
            first = text.readline()
            reader = csv.reader(itertools.chain([first], text),
                                delimiter=csv_delimiter(path, first))
            sample = list(itertools.islice(reader, SAMPLE + 1))
            if not sample:
                raise LabelFileError(f"{path}: expected a CSV file, got an empty file")
            index, header = _column_index(path, column, sample[0], header)
            note = ""
            undecided = False
            if header is None:
                votes = header_votes([[c.strip() for c in r] for r in sample if r])
                header = votes > 0
                note = _note(path, header, ",".join(sample[0]), True)
                undecided = len(sample[0]) > index and _undecided(votes, sample[0][index].strip())
            shown = f"{index}" + (f" ({sample[0][index].strip()!r})"
                                  if header and len(sample[0]) > index else "")
            if header and len(sample[0]) <= index:
                raise _error(path, 1, f"expected at least {plural(index + 1, 'column')} in the "
                                      f"header, got {len(sample[0])}")
            rows = itertools.chain(sample[1:] if header else sample, reader)
            table = _Codes()
            chunks = _csv_codes(rows, index, path, 2 if header else 1, shown, table)
        except UnicodeDecodeError:
            raise LabelFileError(f"{path}: expected UTF-8 text, got undecodable bytes") from None
        except csv.Error as exc:
            line = reader.line_num if reader else 1
            raise _error(path, line, f"expected CSV, got {exc}") from None
    codes, labels = _finish(path, table, chunks, 2 if header else 1, shown, False)
    skipped = ",".join(sample[0]) if header else None
    return _column(path, codes, labels, skipped, note, undecided)


def read_label_codes(path: str, column: Optional[str] = None,
                     header: Optional[bool] = None) -> LabelColumn:
    """The labels of ``path`` as integer codes (see the module docstring for the rules).

    Parameters
    ----------
    path : str
        A file with one label per line, or a CSV file when ``column`` is given.
    column : str, optional
        The CSV column: a 0-based index (``"1"``) or a header name (implies a header row).
    header : bool, optional
        Whether the first row is a header; ``None`` detects it.

    Returns
    -------
    LabelColumn

    Raises
    ------
    LabelFileError
        A missing or unreadable file, a blank line or empty cell, a short row, a missing
        column; the message names the file, line and column.
    """
    if column is None:
        return _read_lines(path, header)
    return _read_csv(path, column, header)


def read_labels(path: str, column: Optional[str] = None,
                header: Optional[bool] = None) -> List[str]:
    """The label of every item of ``path`` as strings (small files; see
    :func:`read_label_codes`, which the command line uses)."""
    return read_label_codes(path, column, header).tolist()
