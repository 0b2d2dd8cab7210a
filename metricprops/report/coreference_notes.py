"""Judgements of the coreference metrics' audit findings, one per (metric, constraint).

Each note says why the metric fails the constraint: a convention of the reference scorer
(its 0/0 rules), or a property of the metric's definition known from the literature.  The
coreference report lists any finding without a note as unexplained.
"""
from __future__ import annotations

from typing import Dict, Tuple

__all__ = ["NOTES"]

#: (metric, constraint) -> (status the note was written for, judgement)
NOTES: Dict[Tuple[str, str], Tuple[str, str]] = {}
