"""Coreference metrics over mention sets, scored like the CoNLL reference scorer v8.01.

MUC, B³, CEAF-m, CEAF-e, BLANC and LEA (recall, precision, F1 each) and the CoNLL F (mean of
the MUC, B³ and CEAF-e F1), for a key and a response that may have different mentions
(missing and spurious ones), with the reference scorer's conventions: see
:mod:`metricprops.coref.scorer` for the formulas and degenerate cases,
:mod:`metricprops.coref.table` for repeated mentions and :mod:`metricprops.coref.conll` for
the file format.  On a key and a response over the *same* mentions the values equal the
partition built-ins of :mod:`metricprops.metrics.coreference`.

>>> from metricprops.coref import score
>>> s = score([["a"], ["b", "c"], ["d", "e", "f"]], [["a"], ["d", "e"]])
>>> round(s["muc_f"], 4), round(s["ceaf_e_f"], 4)
(0.5, 0.72)

Reference: Pradhan, S., Luo, X., Recasens, M., Hovy, E., Ng, V. & Strube, M. (2014).
Scoring coreference partitions of predicted mentions: a reference implementation. ACL.
"""
from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any, Dict, Iterable, Optional, Tuple, Union

from .conll import Document, parse_conll, read_conll
from .errors import (
    CoNLLFormatError,
    CorefInputError,
    DocumentMismatchError,
    EmptyClusterError,
    TooManyDuplicatesError,
    UnmatchedDocumentsWarning,
    unmatched_text,
)
from .scorer import FAMILIES, METRIC_NAMES, scores_from_table
from .table import MAX_DUPLICATES, MentionTable, TableBuilder, build_table

__all__ = [
    "score", "score_documents", "score_conll", "conll_table", "read_conll", "parse_conll",
    "Document", "MentionTable", "TableBuilder", "build_table", "METRIC_NAMES", "FAMILIES",
    "MAX_DUPLICATES", "CoNLLFormatError", "CorefInputError", "TooManyDuplicatesError",
    "EmptyClusterError", "DocumentMismatchError", "UnmatchedDocumentsWarning",
]

PathLike = Union[str, Path]


def score(key: Any, response: Any, metrics: Optional[Iterable[str]] = None, *,
          max_duplicates: Optional[int] = MAX_DUPLICATES) -> Dict[str, float]:
    """Coreference scores of one document.

    Parameters
    ----------
    key, response : list of clusters
        Each cluster an iterable of hashable mention ids; the two sides may hold different
        mentions.  As in the scorer v8.01, a key mention repeated in the response is dropped
        after its first occurrence (clusters in order, then mentions) while every copy of a
        repeated spurious mention is kept; a mention repeated in the key is an error.
    metrics : iterable of str, optional
        Names from :data:`METRIC_NAMES` (default: all of them).
    max_duplicates : int or None
        Refuse more dropped repeats than this (the scorer's 10); None: no limit.

    Returns
    -------
    dict
        ``{name: float}`` in the order asked.

    Raises
    ------
    CorefInputError, TooManyDuplicatesError, UnknownNameError
    """
    return scores_from_table(build_table(key, response, max_duplicates), metrics)


def score_documents(documents: Iterable[Tuple[Any, Any]],
                    metrics: Optional[Iterable[str]] = None, *,
                    max_duplicates: Optional[int] = MAX_DUPLICATES) -> Dict[str, float]:
    """Scores micro-averaged over documents, as the reference scorer does.

    Recall and precision numerators and denominators are summed over the ``(key,
    response)`` pairs before dividing; BLANC's links never cross documents; ``conll_f`` is
    the mean of the three micro-averaged F1.  ``max_duplicates`` counts over all documents.
    """
    builder = TableBuilder(max_duplicates)
    for key, response in documents:
        builder.add(key, response)
    return scores_from_table(builder.build(), metrics)


def conll_table(key_path: PathLike, response_path: PathLike, *,
                max_duplicates: Optional[int] = MAX_DUPLICATES,
                partial: bool = False) -> MentionTable:
    """The micro-averaging table of two CoNLL files.

    Documents are paired by name (their ``#begin document`` lines).  A key document missing
    from the response, or a response document absent from the key, is a
    :class:`DocumentMismatchError` naming them, unless ``partial`` is true: then, as in the
    reference scorer, every key document is scored, one missing from the response counts as
    an empty response, response documents absent from the key are ignored, and an
    :class:`UnmatchedDocumentsWarning` names them.
    """
    key_docs = read_conll(key_path)
    response_docs = read_conll(response_path)
    missing = [name for name in key_docs if name not in response_docs]
    extra = [name for name in response_docs if name not in key_docs]
    if missing or extra:
        if not partial:
            raise DocumentMismatchError(str(key_path), str(response_path), missing, extra)
        warnings.warn(UnmatchedDocumentsWarning(
            "scored partially: " + unmatched_text(str(key_path), str(response_path), missing,
                                                   extra)), stacklevel=2)
    builder = TableBuilder(max_duplicates)
    for name, doc in key_docs.items():
        other = response_docs.get(name)
        if other is None:
            builder.add(doc.entities, [])
            continue
        width = max(doc.tokens, other.tokens) + 1  # span (s, e) as the integer s·width + e
        builder.add(_encode(doc.entities, width), _encode(other.entities, width))
    return builder.build()


def _encode(entities: list, width: int) -> list:
    return [[s * width + e for s, e in entity] for entity in entities]


def score_conll(key_path: PathLike, response_path: PathLike,
                metrics: Optional[Iterable[str]] = None, *,
                max_duplicates: Optional[int] = MAX_DUPLICATES,
                partial: bool = False) -> Dict[str, float]:
    """Scores of a CoNLL-2011/2012 response file against a key file (micro-averaged).

    This is what ``metricprops score KEY RESPONSE --format conll`` prints; ``partial`` is its
    ``--partial`` (see :func:`conll_table`).

    Raises
    ------
    CoNLLFormatError
        For a malformed file (it names the file, the line and the reason).
    DocumentMismatchError
        When the documents of the two files differ and ``partial`` is false.
    """
    return scores_from_table(conll_table(key_path, response_path, max_duplicates=max_duplicates,
                                         partial=partial), metrics)
