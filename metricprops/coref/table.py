"""Key and response entities over different mention sets, reduced to overlap counts.

Every coreference metric of the reference scorer v8.01 is a function of

* the key entity sizes ``a`` and the response entity sizes ``b`` (after the scorer's
  de-duplication of the response),
* the overlap cells ``n_KR = |K ∩ R| > 0`` over the mentions common to key and response,
* per document, the numbers of key and common mentions and the response's links (for
  BLANC, whose non-coreference links never cross documents).

:class:`MentionTable` holds exactly that, built in one pass over the clusters of one or many
documents.  Mentions are compared by equality of their (hashable) ids; the reference scorer
identifies a mention by its (first token, last token) span, which is what
:mod:`metricprops.coref.conll` produces.

Conventions (the reference scorer v8.01, ``IdentifMentions``):

* a *key* mention that occurs again in the response (in the same or another cluster) is
  dropped: the first occurrence, in cluster order then mention order, is kept, and a cluster
  left empty is dropped.  More than ``max_duplicates`` (10) dropped repetitions make the
  scorer refuse the run; :class:`~metricprops.coref.errors.TooManyDuplicatesError` here.
  The scorer's counter is global to its process (all documents, and it keeps counting
  across the metrics of ``scorer.pl all``); here it counts over the documents of one call.
  A repeated *spurious* mention (not in the key) is not recognised by the scorer and every
  copy is kept (see :mod:`metricprops.coref.matching`), so it is here too;
* an empty cluster (``[[]]``) is an error on both sides
  (:class:`~metricprops.coref.errors.EmptyClusterError`): an entity needs a mention;
* a mention repeated in the *key* is an error here
  (:class:`~metricprops.coref.errors.CorefInputError`).  The scorer prints a warning and
  goes on with an inconsistent mention index, so no value of it is worth reproducing.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Any, Iterable, Optional, Tuple

import numpy as np

from .errors import CorefInputError, EmptyClusterError, TooManyDuplicatesError
from .links import response_links
from .matching import match_mentions

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
        Sizes of the key entities and of the response entities (after the scorer's
        de-duplication, so a repeated spurious mention counts every copy).
    rows, cols, cells : ndarray
        For each pair (K, R) with a common mention: key entity, response entity, |K ∩ R|.
    pairs_key, pairs_common : int
        Σ over documents of C(m, 2) for the document's key mentions and common mentions.
    response_links, response_nonlinks : int
        BLANC's response coreference and non-coreference links, summed over documents (see
        :mod:`metricprops.coref.links`).
    duplicates : int
        Repeats of key mentions dropped from the response.
    documents : int
        Number of documents.
    """

    a: np.ndarray
    b: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    cells: np.ndarray
    pairs_key: int
    response_links: int
    response_nonlinks: int
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


_PLAIN = (list, tuple, set, frozenset)  # clusters accepted without further checks


def _clusters(obj: Any, side: str) -> Tuple[list, np.ndarray]:
    """All mentions in cluster order, and the size of each cluster."""
    if isinstance(obj, (str, bytes)) or not isinstance(obj, Iterable):
        raise CorefInputError(
            f"expected the {side} as a list of clusters (iterables of mention ids), "
            f"got {type(obj).__name__}")
    clusters = obj if isinstance(obj, (list, tuple)) else list(obj)
    if set(map(type, clusters)) <= set(_PLAIN):  # fast path: sized, non-string clusters
        return (list(chain.from_iterable(clusters)),
                _nonempty(np.fromiter(map(len, clusters), dtype=np.int64,
                                      count=len(clusters)), side))
    flat: list = []
    sizes = []
    for i, cluster in enumerate(clusters):
        if type(cluster) not in _PLAIN and (isinstance(cluster, (str, bytes))
                                            or not isinstance(cluster, Iterable)):
            what = "the string" if isinstance(cluster, (str, bytes)) else type(cluster).__name__
            raise CorefInputError(f"expected {side} cluster {i} to be an iterable of mention "
                                  f"ids, got {what} {cluster!r:.60}")
        before = len(flat)
        flat.extend(cluster)
        sizes.append(len(flat) - before)
    return flat, _nonempty(np.asarray(sizes, dtype=np.int64), side)


def _nonempty(sizes: np.ndarray, side: str) -> np.ndarray:
    """``sizes``, refusing a cluster without a mention."""
    if sizes.size and not sizes.all():
        i = int(np.flatnonzero(sizes == 0)[0])
        raise EmptyClusterError(f"expected every {side} cluster to hold at least one mention, "
                                f"got an empty {side} cluster (cluster {i})")
    return sizes


def _repeat_ids(sizes: np.ndarray) -> Tuple[np.ndarray, int]:
    """Entity of each mention, empty clusters skipped: (entity ids, number of entities)."""
    nonempty = sizes > 0
    return np.repeat(np.arange(int(nonempty.sum())), sizes[nonempty]), int(nonempty.sum())


class TableBuilder:
    """Accumulates documents into one :class:`MentionTable` (micro-averaging).

    Parameters
    ----------
    max_duplicates : int or None
        Largest number of dropped repeats (of key mentions in the response) accepted over
        all documents (the scorer's 10); ``None`` accepts any number.
    """

    def __init__(self, max_duplicates: Optional[int] = MAX_DUPLICATES):
        self.max_duplicates = max_duplicates
        self._a: list = []
        self._b: list = []
        self._rows: list = []
        self._cols: list = []
        self._n_a = 0
        self._n_b = 0
        self.pairs = [0, 0, 0, 0]  # key pairs, response links, response non-links, common
        self.duplicates = 0
        self.documents = 0

    def add(self, key: Any, response: Any) -> None:
        """Add one document: key and response as lists of clusters of hashable mention ids."""
        key_flat, key_sizes = _clusters(key, "key")
        resp_flat, resp_sizes = _clusters(response, "response")
        key_index, first, number = match_mentions(key_flat, key_sizes, resp_flat)
        keep = first | (key_index < 0)  # the scorer drops repeats of key mentions only
        self.duplicates += int(keep.size - keep.sum())
        if self.max_duplicates is not None and self.duplicates > self.max_duplicates:
            raise TooManyDuplicatesError(
                f"expected at most {self.max_duplicates} repeated response mentions (the "
                f"reference scorer v8.01 refuses to score beyond), got {self.duplicates} "
                f"repeats of key mentions")
        key_ent, n_key_ent = _repeat_ids(key_sizes)
        cluster_of = np.repeat(np.arange(resp_sizes.size), resp_sizes)[keep]
        kept_sizes = np.bincount(cluster_of, minlength=resp_sizes.size)
        remap = np.cumsum(kept_sizes > 0) - 1  # clusters emptied by de-duplication vanish
        self._add_arrays(key_ent, n_key_ent, number[keep], remap[cluster_of],
                         int((kept_sizes > 0).sum()), len(key_flat))

    def _add_arrays(self, key_ent: np.ndarray, n_key_ent: int, number: np.ndarray,
                    resp_ent: np.ndarray, n_resp_ent: int, n_key: int) -> None:
        common = number < n_key  # response entries that are key mentions (each once)
        self._rows.append(key_ent[number[common]] + self._n_a)
        self._cols.append(resp_ent[common] + self._n_b)
        self._a.append(np.bincount(key_ent, minlength=n_key_ent))
        self._b.append(np.bincount(resp_ent, minlength=n_resp_ent))
        self._n_a += n_key_ent
        self._n_b += n_resp_ent
        m = int(common.sum())
        coref, noncoref = response_links(number, resp_ent, n_resp_ent)
        self.pairs[0] += n_key * (n_key - 1) // 2
        self.pairs[1] += coref
        self.pairs[2] += noncoref
        self.pairs[3] += m * (m - 1) // 2
        self.documents += 1

    def build(self) -> MentionTable:
        """The accumulated table."""
        def cat(parts: list) -> np.ndarray:
            return (np.concatenate(parts).astype(np.int64) if parts
                    else np.zeros(0, dtype=np.int64))

        a, b, rows, cols = cat(self._a), cat(self._b), cat(self._rows), cat(self._cols)
        if rows.size:
            code, counts = np.unique(rows * max(b.size, 1) + cols, return_counts=True)
            rows, cols = code // max(b.size, 1), code % max(b.size, 1)
        else:
            counts = np.zeros(0, dtype=np.int64)
        return MentionTable(a=a, b=b, rows=rows, cols=cols, cells=counts.astype(np.int64),
                            pairs_key=self.pairs[0], response_links=self.pairs[1],
                            response_nonlinks=self.pairs[2], pairs_common=self.pairs[3],
                            duplicates=self.duplicates,
                            documents=self.documents)


def build_table(key: Any, response: Any,
                max_duplicates: Optional[int] = MAX_DUPLICATES) -> MentionTable:
    """:class:`MentionTable` of one document (see :class:`TableBuilder`)."""
    builder = TableBuilder(max_duplicates)
    builder.add(key, response)
    return builder.build()
