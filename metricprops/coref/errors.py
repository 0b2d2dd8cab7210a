"""Typed errors of the coreference scorer and the CoNLL reader.

Each subclasses :class:`metricprops.errors.MetricPropsError` and ``ValueError`` (through
:class:`~metricprops.errors.InvalidPartitionError`), so the command line turns them into exit
status 2 and ``except ValueError`` keeps working.
"""
from __future__ import annotations

from typing import Optional, Sequence

from ..errors import InvalidPartitionError

__all__ = ["CorefInputError", "TooManyDuplicatesError", "EmptyClusterError", "CoNLLFormatError",
           "DocumentMismatchError", "UnmatchedDocumentsWarning"]


class CorefInputError(InvalidPartitionError):
    """Key or response clusters that cannot be scored (a repeated key mention, a string cluster)."""


class TooManyDuplicatesError(CorefInputError):
    """More repeats of key mentions in the response than the scorer v8.01 accepts (over 10)."""


class EmptyClusterError(CorefInputError):
    """A key or response cluster without a mention (``[[]]``): an entity needs a mention."""


class CoNLLFormatError(CorefInputError):
    """A malformed CoNLL-2011/2012 file; ``path``, ``line`` (1-based) and ``reason`` say where
    and why.

    Parameters
    ----------
    path : str
        The file.
    line : int or None
        1-based line number (None when the problem concerns the whole file).
    reason : str
        What was expected and what came.
    """

    def __init__(self, path: str, line: Optional[int], reason: str):
        self.path = str(path)
        self.line = line
        self.reason = reason
        where = self.path if line is None else f"{self.path}, line {line}"
        super().__init__(f"{where}: {reason}")


def _names(names: Sequence[str], most: int = 5) -> str:
    shown = ", ".join(repr(n) for n in names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def unmatched_text(key_path: str, response_path: str, missing: Sequence[str],
                   extra: Sequence[str]) -> str:
    """Which documents of a key and a response file did not match, in words."""
    parts = []
    if missing:
        parts.append(f"{len(missing)} key document{'s' if len(missing) != 1 else ''} of "
                     f"{key_path} missing from the response ({_names(missing)})")
    if extra:
        parts.append(f"{len(extra)} response document{'s' if len(extra) != 1 else ''} of "
                     f"{response_path} not in the key ({_names(extra)})")
    return "; ".join(parts)


class DocumentMismatchError(CorefInputError):
    """The documents of a CoNLL key and response file do not match by name.

    ``missing`` lists the key documents absent from the response, ``extra`` the response
    documents absent from the key.  Scoring them anyway (``partial=True``, ``--partial``) does
    what the reference scorer does: a missing document counts as an empty response, an extra
    one is ignored.
    """

    def __init__(self, key_path: str, response_path: str, missing: Sequence[str],
                 extra: Sequence[str]):
        self.missing, self.extra = list(missing), list(extra)
        super().__init__(
            "expected the response's documents to be the key's, got "
            + unmatched_text(key_path, response_path, missing, extra)
            + " (document names come from '#begin document' lines; pass --partial, or "
              "partial=True, to score anyway as the reference scorer does: a missing document "
              "as an empty response, an extra one ignored)")


class UnmatchedDocumentsWarning(UserWarning):
    """Partial scoring of a CoNLL key and response whose documents do not all match."""
