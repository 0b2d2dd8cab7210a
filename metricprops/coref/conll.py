"""Reading CoNLL-2011/2012 coreference files as the reference scorer v8.01 does.

A file holds documents between ``#begin document NAME`` and ``#end document`` lines.  Each
non-blank line inside a document is a token; its *last* whitespace-separated column is the
coreference column: ``-`` (or ``_``) for none, else mentions written ``(12`` (a mention of
entity 12 starts here), ``12)`` (one ends here) and ``(12)`` (a one-token mention), optionally
joined by ``|``, e.g. ``(3|(12)`` or ``(1(3`` .  A mention is identified by its (first token,
last token) span, tokens counted from 0 within the document (blank lines do not count).

Parsing follows the scorer's ``GetCoreference`` step by step: on each token it takes first
every one-token mention ``(N)``, then every start ``(N``, then every end ``N)`` (an end closes
the most recent open start of the same entity); ``(N+M)`` "double antecedents" are discarded;
entities are numbered in order of first appearance and list their mentions in order of
completion (this order decides which duplicate the response keeps).

Where the scorer silently goes on, this reader stops with a
:class:`~metricprops.coref.errors.CoNLLFormatError` naming the file, the line and the reason:
text left in the coreference column after the mentions are taken (e.g. ``1|(2``), an end
without a start, a mention still open at ``#end document``, a document not closed at the end
of the file or opened inside another, a token line outside any document, two documents with
the same name, and a file without documents.  Differences that do not change scores on
well-formed files: columns are split on any whitespace (the scorer splits on tabs only, which
on space-aligned files makes it read the whole line), and document names are compared without
trailing whitespace.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple, Union

from .errors import CoNLLFormatError

__all__ = ["Document", "parse_conll", "read_conll"]

Mention = Tuple[int, int]

_BEGIN_DOC = re.compile(r"^#\s*begin document (.*)$")
_END_DOC = re.compile(r"#\s*end document")
_DOUBLE = re.compile(r"\((\d+\+\d)\)")
_SINGLE = re.compile(r"\((\d+)\)")
_START = re.compile(r"\((\d+)")
_END = re.compile(r"(\d+)\)")


@dataclass(frozen=True)
class Document:
    """One document: its name, entities (lists of (start, end) token spans) and first line."""

    name: str
    entities: List[List[Mention]]
    line: int
    tokens: int


def _take(pattern: re.Pattern[str], text: str) -> Tuple[List[str], str]:
    """Remove the first match of ``pattern`` until none is left, as Perl's ``while (s///)``."""
    found = []
    while True:
        m = pattern.search(text)
        if m is None:
            return found, text
        found.append(m.group(1))
        text = text[:m.start()] + text[m.end():]


class _DocumentParser:
    def __init__(self, path: str, name: str, line: int):
        self.path, self.name, self.line = path, name, line
        self.index: Dict[str, int] = {}
        self.entities: List[List[Mention]] = []
        self.open: Dict[int, List[Tuple[int, int]]] = {}  # entity -> stack of (token, line)
        self.token = 0

    def _entity(self, label: str) -> int:
        e = self.index.get(label)
        if e is None:
            e = self.index[label] = len(self.entities)
            self.entities.append([])
        return e

    def token_line(self, column: str, lineno: int) -> None:
        tok = self.token
        self.token += 1
        if column in ("-", "_"):
            return
        _, rest = _take(_DOUBLE, column)
        singles, rest = _take(_SINGLE, rest)
        starts, rest = _take(_START, rest)
        ends, rest = _take(_END, rest)
        if rest.replace("|", ""):
            raise CoNLLFormatError(
                self.path, lineno,
                f"expected the coreference column to be '-' or mentions like '(12', '12)', "
                f"'(12)' joined by '|', got {column!r} (cannot read {rest!r})")
        for label in singles:
            self.entities[self._entity(label)].append((tok, tok))
        for label in starts:
            self.open.setdefault(self._entity(label), []).append((tok, lineno))
        for label in ends:
            e = self._entity(label)
            stack = self.open.get(e)
            if not stack:
                raise CoNLLFormatError(
                    self.path, lineno,
                    f"expected a start '({label}' before the end '{label})', got none open "
                    f"in document {self.name!r}")
            start, _ = stack.pop()
            self.entities[e].append((start, tok))

    def finish(self, lineno: int) -> Document:
        labels = {e: lab for lab, e in self.index.items()}
        unclosed = [(line, labels[e]) for e, stack in self.open.items() for _, line in stack]
        if unclosed:
            line, label = min(unclosed)
            raise CoNLLFormatError(
                self.path, lineno,
                f"expected every mention closed at '#end document', got '({label}' from line "
                f"{line} still open in document {self.name!r}")
        return Document(self.name, [e for e in self.entities if e], self.line, self.token)


def parse_conll(lines: Union[str, Iterable[str]], path: str = "<string>") -> Dict[str, Document]:
    """Documents of a CoNLL-2011/2012 text, by name, in file order.

    Parameters
    ----------
    lines : str or iterable of str
        The file's text, or its lines.
    path : str
        Name used in error messages.

    Raises
    ------
    CoNLLFormatError
        With the file, the 1-based line and the reason (see the module docstring).
    """
    if isinstance(lines, str):
        lines = lines.splitlines()
    docs: Dict[str, Document] = {}
    current: Optional[_DocumentParser] = None
    lineno = 0
    for lineno, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        begin = _BEGIN_DOC.match(line)
        if current is None:
            if begin:
                name = begin.group(1).rstrip()
                if name in docs:
                    raise CoNLLFormatError(
                        path, lineno, f"expected document names to be unique, got {name!r} "
                                      f"again (first at line {docs[name].line})")
                current = _DocumentParser(path, name, lineno)
            elif _END_DOC.search(line):
                raise CoNLLFormatError(path, lineno, "expected '#begin document' before "
                                                     "'#end document', got none open")
            elif not line.startswith("#"):
                raise CoNLLFormatError(path, lineno, "expected a token line inside a document, "
                                                     "got one before '#begin document'")
            continue
        if _END_DOC.search(line):
            doc = current.finish(lineno)
            docs[doc.name] = doc
            current = None
        elif begin:
            raise CoNLLFormatError(
                path, lineno, f"expected '#end document' for {current.name!r} (opened at line "
                              f"{current.line}), got another '#begin document'")
        else:
            current.token_line(line.split()[-1], lineno)
    if current is not None:
        raise CoNLLFormatError(
            path, lineno, f"expected '#end document' for {current.name!r} (opened at line "
                          f"{current.line}), got the end of the file")
    if not docs:
        raise CoNLLFormatError(path, None, "expected at least one '#begin document' block, "
                                           "got none")
    return docs


def read_conll(path: Union[str, Path]) -> Dict[str, Document]:
    """Documents of a CoNLL-2011/2012 file (see :func:`parse_conll`)."""
    p = Path(path)
    try:
        with p.open(encoding="utf-8") as fh:
            return parse_conll(fh, str(path))
    except FileNotFoundError:
        raise CoNLLFormatError(str(path), None, "expected a CoNLL file, got no such file") from None
    except IsADirectoryError:
        raise CoNLLFormatError(str(path), None, "expected a CoNLL file, got a directory") from None
    except UnicodeDecodeError as exc:
        raise CoNLLFormatError(
            str(path), None, f"expected UTF-8 text, got undecodable bytes ({exc.reason})") from None
