"""Covers for the search: every cover of a few items, and hypothesis strategies.

Exhaustive: :func:`all_covers` yields every cover of ``n`` items (every set of distinct
non-empty clusters whose union is all items): 1, 5, 109 and 32,297 covers of 1, 2, 3 and 4
items (the sets of subsets of the 2^n − 1 non-empty subsets that cover every item).  Pairs
of covers therefore go exhaustively only to :data:`PAIR_N_MAX` = 3 items (109² = 11,881
pairs; 4 items would be 32,297² ≈ 10^9), single covers to :data:`COVER_N_MAX` = 4.

Random: :func:`covers` builds a cover by construction -- a number of items, a few clusters
drawn as subsets, and each item left in no cluster given a singleton cluster; repeated
clusters are merged -- so every draw is valid and hypothesis shrinks towards fewer items and
fewer, smaller clusters (the smallest cover first).
"""
from __future__ import annotations

import itertools
from typing import Any, Iterator, Tuple

from hypothesis import strategies as st

from ..partition import Partition
from .cover import Cover

__all__ = ["all_covers", "cover_pairs_exhaustive", "covers", "cover_pairs", "PAIR_N_MAX",
           "COVER_N_MAX"]

#: Pairs of covers are enumerated exhaustively up to this many items (11,881 pairs at 3).
PAIR_N_MAX = 3
#: Single covers are enumerated exhaustively up to this many items (32,297 at 4).
COVER_N_MAX = 4


def all_covers(n: int) -> Iterator[Cover]:
    """Every cover of the items ``0 .. n-1``, fewest clusters first."""
    subsets = [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1, 2 ** n)]
    full = set(range(n))
    for k in range(1, len(subsets) + 1):
        for chosen in itertools.combinations(subsets, k):
            if set().union(*chosen) == full:
                yield Cover(n, chosen)


def cover_pairs_exhaustive(max_n: int, min_n: int = 1) -> Iterator[Tuple[Cover, Cover]]:
    """Every (truth, prediction) pair of covers with ``min_n`` .. ``min(max_n, PAIR_N_MAX)``
    items, smallest first."""
    for n in range(max(1, min_n), min(max_n, PAIR_N_MAX) + 1):
        every = list(all_covers(n))
        for a in every:
            for b in every:
                yield a, b


@st.composite
def covers(draw: Any, n: int, max_clusters: int = 6) -> Cover:
    """A cover of ``n`` items, built by construction (see the module docstring)."""
    k = draw(st.integers(0, max_clusters))
    clusters = set()
    for _ in range(k):
        members = draw(st.lists(st.booleans(), min_size=n, max_size=n))
        cluster = tuple(i for i, inside in enumerate(members) if inside)
        if cluster:
            clusters.add(cluster)
    covered = {i for c in clusters for i in c}
    clusters.update((i,) for i in range(n) if i not in covered)
    return Cover(n, clusters)


def partitions_as_covers(n: int) -> Any:
    """A partition of ``n`` items, as a cover (the partition family inside the covers)."""
    return st.lists(st.integers(0, max(0, n - 1)), min_size=n, max_size=n).map(
        lambda labels: Cover.from_partition(Partition.from_labels(labels)))


def cover_pairs(max_items: int, min_items: int = 1) -> Any:
    """Pairs of covers of the same items: independent, a partition against a cover, or a
    cover against itself with one cluster added or removed (near misses)."""
    def build(n: int) -> Any:
        one = st.one_of(covers(n), partitions_as_covers(n))
        return st.one_of(st.tuples(one, one), st.tuples(covers(n), covers(n)).map(_near))
    return st.integers(min_items, max(min_items, max_items)).flatmap(build)


def _near(ab: Tuple[Cover, Cover]) -> Tuple[Cover, Cover]:
    """(a, a with b's first cluster added, or removed when a has it and keeps a cover)."""
    a, b = ab
    extra = b.blocks[0]
    if extra in a.blocks:
        rest = [c for c in a.blocks if c != extra]
        if {i for c in rest for i in c} == set(range(a.n)):
            return a, Cover(a.n, rest)
        return a, b
    return a, Cover(a.n, a.blocks + (extra,))
