"""Key and response entities over different mention sets, reduced to overlap counts.

Every coreference metric of the reference scorer v8.01 is a function of

* the key entity sizes ``a`` and the response entity sizes ``b`` (after the scorer's
  de-duplication of the response),
* the overlap cells ``n_KR = |K ∩ R| > 0`` over the mentions common to key and response,
* per document, the numbers of key, response and common mentions (for BLANC, whose
  non-coreference links never cross documents).

:class:`MentionTable` holds exactly that, built in one pass over the clusters of one or many
documents.  Mentions are compared by equality of their (hashable) ids; the reference scorer
identifies a mention by its (first token, last token) span, which is what
:mod:`metricprops.coref.conll` produces.

Conventions (the reference scorer v8.01, ``IdentifMentions``):

* a mention that occurs again in the response (in the same or another cluster) is dropped;
  the first occurrence, in cluster order then mention order, is kept, and a cluster left
  empty is dropped.  More than ``max_duplicates`` (10) dropped repetitions make the scorer
  refuse the run; :class:`~metricprops.coref.errors.TooManyDuplicatesError` here;
* empty clusters are ignored on both sides;
* a mention repeated in the *key* is an error here
  (:class:`~metricprops.coref.errors.CorefInputError`).  The scorer prints a warning and
  goes on with an inconsistent mention index, so no value of it is worth reproducing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional

import numpy as np

from ..errors import UnhashableLabelError
from .errors import CorefInputError, TooManyDuplicatesError

__all__ = ["MentionTable", "TableBuilder", "build_table", "MAX_DUPLICATES"]

#: The reference scorer v8.01 refuses a response with more repeated mentions than this.
MAX_DUPLICATES = 10


def _pairs(x: Any) -> int:
    """Σ C(x, 2) as an exact Python int."""
    x = np.asarray(x, dtype=np.int64)
    return int((x * (x - 1) // 2).sum(dtype=np.int64)) if x.size else 0


@dataclass(frozen=True)
class MentionTable:
    """Overlap counts of key and response entities (one or many documents).

    Attributes
    ----------
    a, b : ndarray of int64
        Sizes of the key entities and of the (de-duplicated) response entities.
    rows, cols, cells : ndarray
        For each pair (K, R) with a common mention: key entity, response entity, |K ∩ R|.
    pairs_key, pairs_response, pairs_common : int
        Σ over documents of C(m, 2) for the document's key, response and common mentions.
    duplicates : int
        Repeated response mentions dropped.
    documents : int
        Number of documents.
    """

    a: np.ndarray
    b: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    cells: np.ndarray
    pairs_key: int
    pairs_response: int
    pairs_common: int
    duplicates: int = 0
    documents: int = 1

    @property
    def n_key(self) -> int:
        """Number of key mentions."""
        return int(self.a.sum())

    @property
    def n_response(self) -> int:
        """Number of response mentions (after de-duplication)."""
        return int(self.b.sum())

    @property
    def n_common(self) -> int:
        """Number of mentions both in the key and in the response."""
        return int(self.cells.sum())

    @property
    def cell_a(self) -> np.ndarray:
        """Size of the key entity of each cell."""
        return self.a[self.rows]

    @property
    def cell_b(self) -> np.ndarray:
        """Size of the response entity of each cell."""
        return self.b[self.cols]


def _clusters(obj: Any, side: str) -> list:
    if isinstance(obj, (str, bytes)) or not isinstance(obj, Iterable):
        raise CorefInputError(
            f"expected the {side} as a list of clusters (iterables of mention ids), "
            f"got {type(obj).__name__}"
        )
    out = []
    for i, cluster in enumerate(obj):
        if isinstance(cluster, (str, bytes)) or not isinstance(cluster, Iterable):
            raise CorefInputError(
                f"expected {side} cluster {i} to be an iterable of mention ids, "
                f"got {type(cluster).__name__} {cluster!r:.60}"
            )
        out.append(cluster)
    return out


class TableBuilder:
    """Accumulates documents into one :class:`MentionTable` (micro-averaging).

    Parameters
    ----------
    max_duplicates : int or None
        Largest number of repeated response mentions accepted over all documents (the
        scorer's 10); ``None`` accepts any number.
    """

    def __init__(self, max_duplicates: Optional[int] = MAX_DUPLICATES):
        self.max_duplicates = max_duplicates
        self._a: list = []
        self._b: list = []
        self._rows: list = []
        self._cols: list = []
        self._n_a = 0
        self._n_b = 0
        self.pairs = [0, 0, 0]
        self.duplicates = 0
        self.documents = 0

    def add(self, key: Any, response: Any) -> None:
        """Add one document: key and response as lists of clusters of hashable mention ids."""
        key, response = _clusters(key, "key"), _clusters(response, "response")
        index: dict = {}
        key_ent: list = []  # key entity of key mention i (ids 0 .. n_key - 1)
        n_key_ent = 0
        try:
            for cluster in key:
                start = len(key_ent)
                for m in cluster:
                    if m in index:
                        raise CorefInputError(
                            f"expected every key mention once, got {m!r} again in key "
                            f"cluster {n_key_ent}"
                        )
                    index[m] = len(key_ent)
                    key_ent.append(n_key_ent)
                if len(key_ent) > start:
                    n_key_ent += 1
            n_key = len(key_ent)
            resp_id: list = []
            resp_ent: list = []
            seen: set = set()
            n_resp_ent = 0
            dup = 0
            for cluster in response:
                kept = 0
                for m in cluster:
                    if m in seen:
                        dup += 1
                        continue
                    seen.add(m)
                    i = index.get(m)
                    if i is None:
                        i = index[m] = len(index)
                    resp_id.append(i)
                    resp_ent.append(n_resp_ent)
                    kept += 1
                if kept:
                    n_resp_ent += 1
        except TypeError as exc:
            raise UnhashableLabelError(
                f"expected hashable mention ids, got an unhashable one ({exc})"
            ) from None
        self.duplicates += dup
        if self.max_duplicates is not None and self.duplicates > self.max_duplicates:
            raise TooManyDuplicatesError(
                f"expected at most {self.max_duplicates} repeated response mentions (the "
                f"reference scorer v8.01 refuses to score beyond), got {self.duplicates}"
            )
        self._add_arrays(np.asarray(key_ent, dtype=np.int64), n_key_ent,
                         np.asarray(resp_id, dtype=np.int64),
                         np.asarray(resp_ent, dtype=np.int64), n_resp_ent, n_key)

    def _add_arrays(self, key_ent: np.ndarray, n_key_ent: int, resp_id: np.ndarray,
                    resp_ent: np.ndarray, n_resp_ent: int, n_key: int) -> None:
        common = resp_id < n_key  # response mentions that are key mentions
        self._rows.append(key_ent[resp_id[common]] + self._n_a)
        self._cols.append(resp_ent[common] + self._n_b)
        self._a.append(np.bincount(key_ent, minlength=n_key_ent))
        self._b.append(np.bincount(resp_ent, minlength=n_resp_ent))
        self._n_a += n_key_ent
        self._n_b += n_resp_ent
        m = int(common.sum())
        n_resp = int(resp_id.size)
        self.pairs[0] += n_key * (n_key - 1) // 2
        self.pairs[1] += n_resp * (n_resp - 1) // 2
        self.pairs[2] += m * (m - 1) // 2
        self.documents += 1

    def build(self) -> MentionTable:
        """The accumulated table."""
        cat = (lambda parts: np.concatenate(parts).astype(np.int64) if parts
               else np.zeros(0, dtype=np.int64))
        a, b, rows, cols = cat(self._a), cat(self._b), cat(self._rows), cat(self._cols)
        if rows.size:
            code, counts = np.unique(rows * max(b.size, 1) + cols, return_counts=True)
            rows, cols = code // max(b.size, 1), code % max(b.size, 1)
        else:
            counts = np.zeros(0, dtype=np.int64)
        return MentionTable(a=a, b=b, rows=rows, cols=cols, cells=counts.astype(np.int64),
                            pairs_key=self.pairs[0], pairs_response=self.pairs[1],
                            pairs_common=self.pairs[2], duplicates=self.duplicates,
                            documents=self.documents)


def build_table(key: Any, response: Any,
                max_duplicates: Optional[int] = MAX_DUPLICATES) -> MentionTable:
    """:class:`MentionTable` of one document (see :class:`TableBuilder`)."""
    builder = TableBuilder(max_duplicates)
    builder.add(key, response)
    return builder.build()
