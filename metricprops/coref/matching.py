"""Matching response mentions to key mentions, with the reference scorer's duplicate rules.

The scorer v8.01 (``IdentifMentions``) walks the response entities in order and drops a
mention it has already *matched to a key mention*; a repeated mention that is not in the key
(a spurious one) is never recognised as repeated, so every copy stays and counts (in the
B³, CEAF-m and MUC precision denominators, in CEAF-e's entity sizes, and as BLANC links).
:func:`match_mentions` reproduces exactly that, for any hashable ids, with a fast path for
integer ids in a compact range (array lookups instead of hashing).
"""
from __future__ import annotations

from itertools import repeat
from typing import Optional, Tuple

import numpy as np

from ..errors import UnhashableLabelError
from .errors import CorefInputError

__all__ = ["match_mentions", "repeated_key_mention"]

Matched = Tuple[np.ndarray, np.ndarray, np.ndarray]


def match_mentions(key_flat: list, key_sizes: np.ndarray, resp_flat: list) -> Matched:
    """Per response occurrence: key index, first-occurrence flag and mention number.

    Parameters
    ----------
    key_flat : list
        Key mentions in cluster order (each at most once).
    key_sizes : ndarray
        Key cluster sizes (for error messages).
    resp_flat : list
        Response mentions in cluster order, repeats allowed.

    Returns
    -------
    key_index : ndarray of int64
        Index of the occurrence's mention in ``key_flat``, -1 for a spurious mention.
    first : ndarray of bool
        True for the first occurrence of its mention.
    number : ndarray of int64
        The key index, or ``len(key_flat) + k`` for the k-th distinct spurious mention.

    Raises
    ------
    CorefInputError
        A key mention occurs twice.
    UnhashableLabelError
        A mention id cannot be hashed.
    """
    found = _match_integers(key_flat, resp_flat)
    if found is None:
        found = _match_hashable(key_flat, resp_flat)
    key_index, first_pos, repeated = found
    if repeated:
        repeated_key_mention(key_flat, key_sizes)
    m = len(resp_flat)
    first = first_pos == np.arange(m)
    spurious = key_index < 0
    rank = np.full(m, -1, dtype=np.int64)
    new = first & spurious  # first occurrences of spurious mentions, in response order
    rank[new] = np.arange(int(new.sum()))
    number = np.where(spurious, len(key_flat) + rank[first_pos], key_index)
    return key_index, first, number


def repeated_key_mention(flat: list, sizes: np.ndarray) -> None:
    """Raise :class:`CorefInputError` naming the first key mention that occurs twice."""
    seen: set = set()
    cluster = np.repeat(np.arange(sizes.size), sizes)
    for i, m in enumerate(flat):
        if m in seen:
            raise CorefInputError(f"expected every key mention once, got {m!r} again in key "
                                  f"cluster {int(cluster[i])}")
        seen.add(m)


def _int_array(values: list) -> Optional[np.ndarray]:
    """``values`` as a 1-D int64 array if they are all integers, else None."""
    if not values:
        return np.zeros(0, dtype=np.int64)
    if type(values[0]) not in (int, np.int64, np.int32):
        return None
    try:
        arr = np.asarray(values)
    except (ValueError, TypeError, OverflowError):
        return None
    return arr.astype(np.int64) if arr.ndim == 1 and arr.dtype.kind in "iu" else None


def _match_integers(key_flat: list, resp_flat: list
                    ) -> Optional[Tuple[np.ndarray, np.ndarray, bool]]:
    """Integer ids in a compact range: (key index, first position, key repeats); else None."""
    keys, resp = _int_array(key_flat), _int_array(resp_flat)
    if keys is None or resp is None:
        return None
    both = np.concatenate([keys, resp])
    if both.size == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), False
    lo, hi = int(both.min()), int(both.max())
    if hi - lo > 4 * both.size + 1024:  # spread-out ids: hashing is cheaper
        return None
    keys, resp, span = keys - lo, resp - lo, hi - lo + 1
    slot = np.full(span, -1, dtype=np.int64)
    slot[keys] = np.arange(keys.size)
    repeated = bool(np.count_nonzero(slot >= 0) < keys.size)
    first = np.full(span, resp.size, dtype=np.int64)
    np.minimum.at(first, resp, np.arange(resp.size, dtype=np.int64))
    return slot[resp], first[resp], repeated


def _match_hashable(key_flat: list, resp_flat: list) -> Tuple[np.ndarray, np.ndarray, bool]:
    """Any hashable ids: (key index, first position, key repeats)."""
    m = len(resp_flat)
    try:
        index = dict(zip(key_flat, range(len(key_flat))))
        key_index = np.fromiter(map(index.get, resp_flat, repeat(-1)), dtype=np.int64, count=m)
        first = dict(zip(reversed(resp_flat), range(m - 1, -1, -1)))  # earlier wins
        first_pos = np.fromiter(map(first.__getitem__, resp_flat), dtype=np.int64, count=m)
    except TypeError as exc:
        raise UnhashableLabelError(
            f"expected hashable mention ids, got an unhashable one ({exc})") from None
    return key_index, first_pos, len(index) < len(key_flat)
