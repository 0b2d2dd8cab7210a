"""Exhaustive enumeration of set partitions (for small n).

A set partition of ``0 .. n-1`` is identified with its *restricted growth string*: canonical
labels where label ``i`` first appears after labels ``0 .. i-1``.  There are Bell(n) of them
(1, 1, 2, 5, 15, 52, 203, 877, 4140, ... for n = 0, 1, 2, ...).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, Tuple

from .errors import InvalidArgumentError
from .partition import Partition

__all__ = ["restricted_growth_strings", "set_partitions", "bell"]

MAX_ENUMERATION_N = 12  # Bell(12) = 4,213,597


def restricted_growth_strings(n: int) -> Iterator[Tuple[int, ...]]:
    """All canonical label tuples of length ``n``, in lexicographic order."""
    if n < 0 or n > MAX_ENUMERATION_N:
        raise InvalidArgumentError(
            f"expected 0 <= n <= {MAX_ENUMERATION_N} for exhaustive enumeration, got {n}"
        )
    if n == 0:
        yield ()
        return
    labels = [0] * n
    maxima = [0] * n  # maxima[i] = max(labels[:i+1])
    while True:
        yield tuple(labels)
        i = n - 1
        while i > 0 and labels[i] > maxima[i - 1]:
            i -= 1
        if i == 0:
            return
        labels[i] += 1
        maxima[i] = max(maxima[i - 1], labels[i])
        for j in range(i + 1, n):
            labels[j] = 0
            maxima[j] = maxima[i]


@lru_cache(maxsize=16)
def _partitions_tuple(n: int) -> Tuple[Partition, ...]:
    return tuple(Partition.from_labels(list(rgs)) for rgs in restricted_growth_strings(n))


def set_partitions(n: int) -> Tuple[Partition, ...]:
    """Every partition of ``0 .. n-1`` (cached; Bell(n) of them)."""
    return _partitions_tuple(int(n))


@lru_cache(maxsize=None)
def bell(n: int) -> int:
    """The Bell number B(n)."""
    row = [1]
    for _ in range(n):
        nxt = [row[-1]]
        for x in row:
            nxt.append(nxt[-1] + x)
        row = nxt
    return row[0]
