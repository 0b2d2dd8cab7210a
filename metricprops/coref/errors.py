"""Typed errors of the coreference scorer and the CoNLL reader.

Each subclasses :class:`metricprops.errors.MetricPropsError` and ``ValueError`` (through
:class:`~metricprops.errors.InvalidPartitionError`), so the command line turns them into exit
status 2 and ``except ValueError`` keeps working.
"""
from __future__ import annotations

from typing import Optional

from ..errors import InvalidPartitionError

__all__ = ["CorefInputError", "TooManyDuplicatesError", "CoNLLFormatError"]


class CorefInputError(InvalidPartitionError):
    """Key or response clusters that cannot be scored (a repeated key mention, a string cluster)."""


class TooManyDuplicatesError(CorefInputError):
    """More repeats of key mentions in the response than the scorer v8.01 accepts (over 10)."""


class CoNLLFormatError(CorefInputError):
    """A malformed CoNLL-2011/2012 file; ``path``, ``line`` (1-based) and ``reason`` say where and why.

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
