"""`Cover`: an overlapping clustering, validated once like a
:class:`~metricprops.partition.Partition`.

A cover of the items ``0 .. n-1`` is a *set* of non-empty clusters whose union is every
item: an item may belong to several clusters.  A partition is the cover whose clusters are
disjoint (:meth:`Cover.from_partition`, :meth:`Cover.is_partition`).

What is refused, and why (each with an :class:`~metricprops.errors.InvalidCoverError`, a
``ValueError``):

* **an item in no cluster.**  Every overlapping metric built here compares, for an item,
  the clusters it is in; an item in none has an empty neighbourhood on that side and its
  precision or recall is 0/0 (extended BCubed), or it is silently dropped (the NMI forms),
  depending on the library.  It is therefore refused by default; ``unassigned="singleton"``
  says explicitly that such an item is a cluster of its own (what most community-detection
  evaluations assume for "outliers").
* **an empty cluster** (it holds no item: nothing to compare) and **a repeated cluster**
  (two clusters with the same items: a cover is a set of clusters, and the multiplicity
  counts of extended BCubed would count the copy as a second, distinct cluster).
* item ids outside ``0 .. n-1`` when ``n`` is given, and unhashable labels or item names.

The canonical form sorts the clusters (as sorted tuples of items), so two covers are equal
exactly when they have the same clusters, whatever their names were.
"""
from __future__ import annotations

import numbers
from typing import Any, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from ..errors import EmptyInputError, InvalidCoverError, LengthMismatchError
from ..partition import Partition

__all__ = ["Cover", "as_cover", "validate_cover_pair", "parse_cover_pair", "COVER_FORMATS"]

#: File formats of :func:`parse_cover_pair`: one line per item with its labels, or one line
#: per cluster with its items (the community files cdlib, networkit and SNAP write).
COVER_FORMATS = ("label-sets", "clusters")
_UNASSIGNED = ("error", "singleton")


def _unassigned_rule(unassigned: str) -> str:
    if unassigned not in _UNASSIGNED:
        raise InvalidCoverError(f"expected unassigned='error' or 'singleton', got {unassigned!r}")
    return unassigned


class Cover:
    """An immutable cover (overlapping clustering) of the items ``0 .. n-1``.

    Build one with :meth:`from_clusters` (clusters of item ids), :meth:`from_label_sets`
    (one set of labels per item), :meth:`from_partition`, or :func:`as_cover`.  Input is
    validated here and nowhere else (see the module docstring for what is refused).
    """

    __slots__ = ("_n", "_clusters", "_hash", "_membership")

    def __init__(self, n: int, clusters: Iterable[Iterable[int]]):
        canon = tuple(sorted(tuple(sorted(int(i) for i in c)) for c in clusters))
        self._n = int(n)
        self._clusters = canon
        self._hash: Optional[int] = None
        self._membership: Optional[Tuple[Tuple[int, ...], ...]] = None

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_clusters(cls, clusters: Iterable[Iterable[Any]], n: Optional[int] = None, *,
                      items: Optional[Sequence[Hashable]] = None,
                      unassigned: str = "error") -> Cover:
        """Cover from clusters of item ids.

        Item ids are the integers ``0 .. n-1`` (``n`` defaults to the largest id + 1), or any
        hashable names listed in ``items`` (their order numbers the items).  An item in no
        cluster is refused unless ``unassigned="singleton"`` makes it a cluster of its own.
        """
        rule = _unassigned_rule(unassigned)
        index: Optional[Dict[Hashable, int]] = None
        if items is not None:
            index = {}
            for item in items:
                _hashable(item, "from_clusters: item name")
                if item in index:
                    raise InvalidCoverError(f"from_clusters: item {item!r} listed twice in items")
                index[item] = len(index)
            n = len(index)
        block_list: List[List[int]] = []
        for c in clusters:
            if isinstance(c, (str, bytes)) or not isinstance(c, Iterable):
                raise InvalidCoverError(
                    f"from_clusters: expected each cluster to be a collection of item ids, got "
                    f"{type(c).__name__} {c!r:.40}")
            block_list.append([_item(i, index) for i in c])
        if n is None:
            n = 1 + max((i for b in block_list for i in b), default=-1)
        return cls._checked(int(n), block_list, rule, "from_clusters")

    @classmethod
    def from_label_sets(cls, label_sets: Iterable[Any], *, unassigned: str = "error") -> Cover:
        """Cover from one collection of labels per item (labels: any hashable).  A label that
        is not a collection (an int, a string) is a set of that one label."""
        rule = _unassigned_rule(unassigned)
        table: Dict[Hashable, int] = {}
        blocks: List[List[int]] = []
        n = 0
        for i, labels in enumerate(label_sets):
            n = i + 1
            if isinstance(labels, (str, bytes)) or not isinstance(labels, Iterable):
                labels = (labels,)
            for label in set(_hashable(x, f"from_label_sets: label of item {i}") for x in labels):
                if label not in table:
                    table[label] = len(blocks)
                    blocks.append([])
                blocks[table[label]].append(i)
        return cls._checked(n, blocks, rule, "from_label_sets")

    @classmethod
    def from_partition(cls, partition: Partition) -> Cover:
        """The cover whose clusters are the blocks of ``partition``."""
        return cls(partition.n, partition.blocks)

    @classmethod
    def _checked(cls, n: int, blocks: List[List[int]], rule: str, where: str) -> Cover:
        seen = np.zeros(n, dtype=bool)
        for b in blocks:
            if not b:
                raise InvalidCoverError(f"{where}: expected non-empty clusters, got an empty one")
            bad = [i for i in b if not 0 <= i < n]
            if bad:
                raise InvalidCoverError(
                    f"{where}: expected item ids in 0..{n - 1}, got {bad[0]}")
            seen[b] = True
        missing = np.flatnonzero(~seen)
        if missing.size:
            if rule == "error":
                raise InvalidCoverError(
                    f"{where}: expected every item in at least one cluster, got item "
                    f"{int(missing[0])} in none ({missing.size} such item"
                    f"{'s' if missing.size > 1 else ''}; unassigned='singleton' makes each a "
                    "cluster of its own)")
            blocks = blocks + [[int(i)] for i in missing]
        sets = [tuple(sorted(set(b))) for b in blocks]
        if len(set(sets)) < len(sets):
            repeated = next(s for s in sets if sets.count(s) > 1)
            raise InvalidCoverError(
                f"{where}: expected distinct clusters (a cover is a set of clusters), got "
                f"{{{' '.join(map(str, repeated))}}} twice")
        return cls(n, sets)

    # -- views --------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of items."""
        return self._n

    def __len__(self) -> int:
        return self._n

    @property
    def n_blocks(self) -> int:
        """Number of clusters."""
        return len(self._clusters)

    @property
    def blocks(self) -> Tuple[Tuple[int, ...], ...]:
        """Clusters as sorted tuples of items, in canonical (sorted) order."""
        return self._clusters

    @property
    def memberships(self) -> Tuple[Tuple[int, ...], ...]:
        """For each item, the (canonical) ids of the clusters it is in."""
        if self._membership is None:
            per: List[List[int]] = [[] for _ in range(self._n)]
            for j, c in enumerate(self._clusters):
                for i in c:
                    per[i].append(j)
            self._membership = tuple(tuple(m) for m in per)
        return self._membership

    @property
    def labels(self) -> np.ndarray:
        """The membership matrix (items x clusters, 0/1), canonical: a key for caching."""
        out = np.zeros((self._n, len(self._clusters)), dtype=np.uint8)
        for j, c in enumerate(self._clusters):
            out[list(c), j] = 1
        return out

    def tolist(self) -> List[List[int]]:
        """For each item the list of its canonical cluster ids (the JSON form)."""
        return [list(m) for m in self.memberships]

    def sort_key(self) -> tuple:
        """A hashable, orderable key: the memberships."""
        return self.memberships

    def is_partition(self) -> bool:
        """True if every item is in exactly one cluster."""
        return sum(len(c) for c in self._clusters) == self._n

    def to_partition(self) -> Partition:
        """The partition this cover is (:class:`InvalidCoverError` if clusters overlap)."""
        if not self.is_partition():
            raise InvalidCoverError(
                f"expected a cover without overlaps to convert to a partition, got {self}")
        return Partition.from_blocks(self._clusters, self._n)

    # -- dunder -------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cover):
            return NotImplemented
        return self._n == other._n and self._clusters == other._clusters

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._n, self._clusters))
        return self._hash

    def __reduce__(self) -> tuple:
        return (Cover, (self._n, self._clusters))

    def __repr__(self) -> str:
        return f"Cover({self.notation()})"

    def notation(self) -> str:
        """Block notation, clusters may share items: ``{0 1 | 1 2}``."""
        return "{" + " | ".join(" ".join(map(str, c)) for c in self._clusters) + "}"


def _hashable(x: Any, where: str) -> Hashable:
    try:
        hash(x)
    except TypeError:
        raise InvalidCoverError(f"{where}: expected a hashable value, got {type(x).__name__}"
                                ) from None
    return x


def _item(i: Any, index: Optional[Dict[Hashable, int]]) -> int:
    if index is not None:
        _hashable(i, "from_clusters: item")
        if i not in index:
            raise InvalidCoverError(f"from_clusters: item {i!r} is not among the items given")
        return index[i]
    if not isinstance(i, (numbers.Integral, np.integer)) or isinstance(i, bool):
        raise InvalidCoverError(
            f"from_clusters: expected integer item ids (or names listed in items=), got "
            f"{type(i).__name__} {i!r:.40}")
    return int(i)


def as_cover(labels: Any, name: str = "labels") -> Cover:
    """``labels`` as a :class:`Cover`: a cover, a partition, one label per item (a
    partition's labels, any hashable: a tuple or a frozenset is one label), or one set or
    list of labels per item.  A list of *clusters* must go through
    :meth:`Cover.from_clusters` (it reads like label sets)."""
    if isinstance(labels, Cover):
        return labels
    if isinstance(labels, Partition):
        return Cover.from_partition(labels)
    seq = labels if hasattr(labels, "__array__") else (
        list(labels) if isinstance(labels, Iterable) and not isinstance(labels, (str, bytes))
        else labels)
    # sets and lists cannot be labels (unhashable); a tuple or a frozenset is one label
    if isinstance(seq, list) and seq and all(isinstance(x, (set, list)) for x in seq):
        try:
            return Cover.from_label_sets(seq)
        except InvalidCoverError as exc:
            raise InvalidCoverError(f"{name}: {exc}") from None
    return Cover.from_partition(Partition.from_labels(seq, name=name))


def validate_cover_pair(labels_true: Any, labels_pred: Any) -> Tuple[Cover, Cover]:
    """Validate a (truth, prediction) pair of covers: same items, at least one."""
    t = as_cover(labels_true, "labels_true")
    p = as_cover(labels_pred, "labels_pred")
    if t.n != p.n:
        raise LengthMismatchError(
            f"expected covers of the same items, got {t.n} and {p.n} items")
    if t.n == 0:
        raise EmptyInputError("expected at least one item, got empty covers")
    return t, p


def _fields(line: str) -> List[str]:
    return line.replace(",", " ").replace("\t", " ").split()


def parse_cover_pair(truth_lines: Iterable[str], pred_lines: Iterable[str],
                     fmt: str = "label-sets", *, unassigned: str = "error"
                     ) -> Tuple[Cover, Cover]:
    """Two covers from the lines of two files.

    ``fmt="label-sets"``: line i holds item i's labels, separated by spaces, tabs or commas
    (an empty line is an item in no cluster).  ``fmt="clusters"``: each line is a cluster,
    its item names separated by spaces, tabs or commas (the files of community detection
    tools); items are numbered in order of first appearance, truth first, and an item that
    only one side names is in no cluster on the other side.  Lines starting with ``#``
    are comments in both formats.
    """
    if fmt not in COVER_FORMATS:
        raise InvalidCoverError(f"expected a cover format in {COVER_FORMATS}, got {fmt!r}")
    sides = [[line.rstrip("\n") for line in lines if not line.lstrip().startswith("#")]
             for lines in (truth_lines, pred_lines)]
    if fmt == "label-sets":
        covers = [Cover.from_label_sets((_fields(line) for line in side), unassigned=unassigned)
                  for side in sides]
        if covers[0].n != covers[1].n:
            raise LengthMismatchError(f"expected one line per item in both files, got "
                                      f"{covers[0].n} and {covers[1].n} lines")
        return covers[0], covers[1]
    clusters = [[_fields(line) for line in side if line.strip()] for side in sides]
    items: Dict[str, int] = {}
    for side in clusters:
        for c in side:
            for name in c:
                items.setdefault(name, len(items))
    t, p = (Cover.from_clusters(side, items=list(items), unassigned=unassigned)
            for side in clusters)
    return t, p
