"""`Partition`: the one place where user input is validated.

A partition of the items ``0 .. n-1`` is stored as a vector of integer *codes* (block ids
``0 .. k-1``).  The canonical form numbers blocks in order of first appearance, so two
partitions are equal exactly when they have the same canonical labels, whatever the names
their labels had.
"""
from __future__ import annotations

import math
import numbers
from typing import Any, Hashable, Iterable, Sequence

import numpy as np

from .errors import (
    EmptyInputError,
    InvalidPartitionError,
    LengthMismatchError,
    MissingLabelError,
    UnhashableLabelError,
)

__all__ = ["Partition", "as_partition", "validate_pair", "label_lists"]


def _describe(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_missing(label: Any) -> bool:
    if label is None:
        return True
    if isinstance(label, (float, np.floating)):
        return bool(math.isnan(label))
    if isinstance(label, numbers.Complex) and not isinstance(label, numbers.Real):
        return bool(math.isnan(label.real) or math.isnan(label.imag))
    return False


def _compact(codes: np.ndarray, owned: bool) -> tuple[np.ndarray, int]:
    """Renumber non-negative integer codes to 0..k-1 (order of value), in O(n + max).

    Codes that already are ``0..k-1`` (what a label-file reader produces) are kept as they
    are when ``owned`` (a temporary of ours), else copied once: a caller's array is never
    frozen."""
    present = np.bincount(codes) > 0
    if present.all():
        keep = owned and codes.dtype == np.intp
        return codes if keep else np.array(codes, dtype=np.intp), int(present.shape[0])
    remap = np.cumsum(present) - 1
    return remap[codes].astype(np.intp, copy=False), int(present.sum())


def _codes_from_array(arr: np.ndarray, name: str) -> tuple[np.ndarray, int]:
    n = arr.shape[0]
    if arr.dtype.kind in "iub":
        ints = arr.astype(np.int64, copy=False)
        lo = int(ints.min())
        hi = int(ints.max())
        if hi - lo <= 4 * n + 1024:  # dense range: linear-time compaction
            return _compact(ints - lo if lo else ints, owned=bool(lo) or ints is not arr)
        _, inverse = np.unique(ints, return_inverse=True)
        return inverse.reshape(-1).astype(np.intp, copy=False), int(inverse.max()) + 1
    if arr.dtype.kind == "f":
        bad = np.flatnonzero(np.isnan(arr))
        if bad.size:
            raise MissingLabelError(
                f"{name}: expected a label for every item, got NaN at position {int(bad[0])}"
            )
        uniq, inverse = np.unique(arr, return_inverse=True)
        return inverse.reshape(-1).astype(np.intp, copy=False), len(uniq)
    if arr.dtype.kind in "USM":
        uniq, inverse = np.unique(arr, return_inverse=True)
        return inverse.reshape(-1).astype(np.intp, copy=False), len(uniq)
    return _codes_from_objects(arr.tolist(), name)


#: Label types that are never a missing value (skipped by the check of the distinct labels).
_NEVER_MISSING = frozenset({int, str, bytes, bool, tuple, frozenset})


def _codes_from_objects(labels: Sequence[Any], name: str) -> tuple[np.ndarray, int]:
    """Codes in order of first appearance: the distinct labels gathered by ``dict`` in C,
    each checked once; the item-by-item loop only to name the position of an unhashable
    or missing label."""
    try:
        table = {label: code for code, label in enumerate(dict.fromkeys(labels))}
    except TypeError:
        return _codes_item_by_item(labels, name)
    if any(_is_missing(label) for label in table if type(label) not in _NEVER_MISSING):
        return _codes_item_by_item(labels, name)
    codes = np.fromiter(map(table.__getitem__, labels), dtype=np.intp, count=len(labels))
    return codes, len(table)


def _codes_item_by_item(labels: Sequence[Any], name: str) -> tuple[np.ndarray, int]:
    table: dict[Hashable, int] = {}
    codes = np.empty(len(labels), dtype=np.intp)
    for i, label in enumerate(labels):
        try:
            code = table.get(label)
        except TypeError:
            raise UnhashableLabelError(
                f"{name}: expected hashable labels, got {type(label).__name__} "
                f"{_describe(label)} at position {i}"
            ) from None
        if code is None:
            if _is_missing(label):
                raise MissingLabelError(
                    f"{name}: expected a label for every item, got {label!r} at position {i}"
                )
            code = table[label] = len(table)
        codes[i] = code
    return codes, len(table)


def _labels_to_codes(labels: Any, name: str) -> tuple[np.ndarray, int]:
    if isinstance(labels, Partition):
        return labels.codes, labels.n_blocks
    if callable(getattr(labels, "to_partition", None)):  # a cover: refused if it overlaps
        return _labels_to_codes(labels.to_partition(), name)
    if isinstance(labels, (str, bytes)) or not isinstance(labels, Iterable) and not hasattr(
        labels, "__array__"
    ):
        raise InvalidPartitionError(
            f"{name}: expected a 1-D sequence of labels, got {type(labels).__name__}"
        )
    if isinstance(labels, np.ndarray) or hasattr(labels, "__array__"):
        arr = np.asarray(labels)
        if arr.ndim != 1:
            raise InvalidPartitionError(
                f"{name}: expected a 1-D sequence of labels, got an array of shape {arr.shape}"
            )
        if arr.shape[0] == 0:
            return np.empty(0, dtype=np.intp), 0
        return _codes_from_array(arr, name)
    seq = list(labels)
    for i, label in enumerate(seq[:1]):
        if isinstance(label, (list, np.ndarray)) and not isinstance(label, str):
            raise InvalidPartitionError(
                f"{name}: expected a 1-D sequence of labels, got a nested sequence "
                f"({type(label).__name__} at position {i})"
            )
    return _codes_from_objects(seq, name)


class Partition:
    """An immutable partition of the items ``0 .. n-1``.

    Build one with :meth:`from_labels` (one label per item; any hashable labels) or
    :meth:`from_blocks` (an iterable of blocks of item indices).  Input is validated here and
    nowhere else: wrong shapes, missing (``None``/NaN) and unhashable labels raise typed errors.

    Equality and hashing are *up to relabelling*: ``Partition.from_labels(list("aab")) ==
    Partition.from_labels([7, 7, 1])``.
    """

    __slots__ = ("_codes", "_k", "_canonical", "_hash")

    def __init__(self, codes: np.ndarray, n_blocks: int):
        codes = np.asarray(codes, dtype=np.intp)
        codes.setflags(write=False)
        self._codes = codes
        self._k = int(n_blocks)
        self._canonical: np.ndarray | None = None
        self._hash: int | None = None

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_labels(cls, labels: Any, *, name: str = "labels") -> Partition:
        """Partition whose blocks are the items sharing a label (labels: any hashable)."""
        codes, k = _labels_to_codes(labels, name)
        return labels if isinstance(labels, Partition) else cls(codes, k)

    @classmethod
    def from_blocks(cls, blocks: Iterable[Iterable[int]], n: int | None = None) -> Partition:
        """Partition from blocks of item indices; together they must cover ``0 .. n-1`` once."""
        block_list = [list(b) for b in blocks]
        items = [i for b in block_list for i in b]
        if any(len(b) == 0 for b in block_list):
            raise InvalidPartitionError("from_blocks: expected non-empty blocks, got an empty one")
        for i in items:
            if not isinstance(i, (numbers.Integral, np.integer)) or isinstance(i, bool):
                raise InvalidPartitionError(
                    f"from_blocks: expected integer item indices, got {_describe(i)}"
                )
        total = len(items) if n is None else int(n)
        if sorted(items) != list(range(total)):
            raise InvalidPartitionError(
                f"from_blocks: expected the blocks to cover the items 0..{total - 1} exactly once, "
                f"got items {sorted(items)[:20]}{'...' if len(items) > 20 else ''}"
            )
        codes = np.empty(total, dtype=np.intp)
        for j, block in enumerate(block_list):
            codes[block] = j
        return cls(codes, len(block_list))

    @classmethod
    def from_sizes(cls, sizes: Iterable[int]) -> Partition:
        """Consecutive blocks of the given sizes: ``from_sizes([2, 1]) == {0 1 | 2}``."""
        size_list = [int(s) for s in sizes]
        if any(s <= 0 for s in size_list):
            raise InvalidPartitionError(f"from_sizes: expected positive sizes, got {size_list}")
        return cls(np.repeat(np.arange(len(size_list)), size_list), len(size_list))

    @classmethod
    def one_block(cls, n: int) -> Partition:
        """All ``n`` items in one block."""
        return cls(np.zeros(int(n), dtype=np.intp), 1 if n > 0 else 0)

    @classmethod
    def singletons(cls, n: int) -> Partition:
        """Every item in a block of its own."""
        return cls(np.arange(int(n)), int(n))

    # -- views --------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of items."""
        return int(self._codes.shape[0])

    def __len__(self) -> int:
        return self.n

    @property
    def n_blocks(self) -> int:
        """Number of (non-empty) blocks."""
        return self._k

    @property
    def codes(self) -> np.ndarray:
        """Block id of each item, ``0 .. n_blocks-1`` (read-only; not necessarily canonical)."""
        return self._codes

    @property
    def labels(self) -> np.ndarray:
        """Canonical labels: blocks numbered ``0, 1, ...`` in order of first appearance."""
        if self._canonical is None:
            codes = self._codes
            if codes.size == 0:
                canon = codes
            else:
                uniq, first = np.unique(codes, return_index=True)
                rank = np.empty(self._k, dtype=np.intp)
                rank[uniq[np.argsort(first, kind="stable")]] = np.arange(len(uniq))
                canon = rank[codes]
            canon.setflags(write=False)
            self._canonical = canon
        return self._canonical

    @property
    def blocks(self) -> tuple[tuple[int, ...], ...]:
        """Blocks as sorted tuples of item indices, ordered by their first item."""
        labels = self.labels
        order = np.argsort(labels, kind="stable")
        bounds = np.cumsum(np.bincount(labels, minlength=self._k))[:-1]
        return tuple(tuple(int(i) for i in b) for b in np.split(order, bounds)) if self.n else ()

    @property
    def sizes(self) -> tuple[int, ...]:
        """Block sizes in canonical block order."""
        return tuple(int(s) for s in np.bincount(self.labels, minlength=self._k)) if self.n else ()

    def tolist(self) -> list[int]:
        """Canonical labels as a list of Python ints."""
        return self.labels.astype(np.int64, copy=False).tolist()  # Python ints, at C speed

    # -- algebra ------------------------------------------------------------------------
    def meet(self, other: Partition) -> Partition:
        """Coarsest common refinement: items together iff together in both."""
        other = validate_pair(self, other)[1]
        key = self._codes.astype(np.int64) * max(other.n_blocks, 1) + other.codes
        _, inverse = np.unique(key, return_inverse=True)
        return Partition(inverse.reshape(-1), int(inverse.max()) + 1 if self.n else 0)

    def is_refinement_of(self, other: Partition) -> bool:
        """True if every block of ``self`` lies inside a block of ``other``."""
        return self.meet(other).n_blocks == self.n_blocks

    def relabel(self, mapping: Any) -> list[Any]:
        """Labels produced by ``mapping(block_id)`` (or ``mapping[block_id]``) per item."""
        get = mapping if callable(mapping) else mapping.__getitem__
        return [get(int(c)) for c in self.labels]

    # -- dunder -------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Partition):
            return NotImplemented
        return self.n == other.n and bool(np.array_equal(self.labels, other.labels))

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.labels.tobytes())
        return self._hash

    def __repr__(self) -> str:
        return f"Partition({self.notation()})"

    def notation(self) -> str:
        """Block notation, e.g. ``{0 1 | 2}``."""
        return "{" + " | ".join(" ".join(map(str, b)) for b in self.blocks) + "}"


def as_partition(labels: Any, name: str = "labels") -> Partition:
    """Return ``labels`` as a :class:`Partition` (validated)."""
    return Partition.from_labels(labels, name=name)


def validate_pair(
    labels_true: Any, labels_pred: Any, *, allow_empty: bool = False
) -> tuple[Partition, Partition]:
    """Validate a (truth, prediction) pair at the boundary: same length, non-empty."""
    t = as_partition(labels_true, "labels_true")
    p = as_partition(labels_pred, "labels_pred")
    _check_lengths(t.n, p.n)
    if t.n == 0 and not allow_empty:
        raise EmptyInputError("expected at least one item, got empty labels")
    return t, p


def _check_lengths(n_true: int, n_pred: int) -> None:
    if n_true != n_pred:
        raise LengthMismatchError(
            f"expected labels_true and labels_pred of the same length, got {n_true} and {n_pred}"
        )


def label_lists(labels_true: Any, labels_pred: Any) -> tuple[list, list]:
    """The two labellings as lists, unvalidated otherwise (an adapter hands them to a library
    as they are), after checking they have the same length.

    Raises
    ------
    LengthMismatchError
        If the two labellings differ in length (a ``ValueError``).
    """
    truth, pred = list(labels_true), list(labels_pred)
    _check_lengths(len(truth), len(pred))
    return truth, pred
