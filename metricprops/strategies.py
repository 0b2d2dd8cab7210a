"""Public hypothesis strategies: partitions, pairs of partitions, constraint instances.

Arguments are validated eagerly (when the strategy is built, not when it is drawn from) and
every value is valid by construction: nothing is filtered.  Shrinking heads for fewer items
and fewer blocks: a partition is drawn as a list of block ids, so hypothesis shrinks the list
length (items) and the ids towards 0 (merging blocks).

Use them in your own tests::

    from hypothesis import given
    from metricprops.strategies import partition_pairs

    @given(partition_pairs(max_items=20))
    def test_my_metric_is_bounded(pair):
        truth, pred = pair
        assert 0 <= my_metric(truth.tolist(), pred.tolist()) <= 1
"""
from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from hypothesis import strategies as st

from .enumeration import degenerate_pairs, near_degenerate
from .errors import InvalidArgumentError
from .partition import Partition
from .settings import check_int

__all__ = ["partitions", "partition_pairs", "instances", "block_ids", "surroundings", "pairs",
           "triples"]


def _check_sizes(min_items: int, max_items: int, max_blocks: Optional[int]) -> int:
    check_int("min_items", min_items, 0)
    check_int("max_items", max_items, 0)
    if min_items > max_items:
        raise InvalidArgumentError(
            f"expected min_items <= max_items, got min_items={min_items}, max_items={max_items}"
        )
    if max_blocks is None:
        return max(max_items, 1)
    return check_int("max_blocks", max_blocks, 1)


def block_ids(n: int, max_blocks: int) -> st.SearchStrategy[List[int]]:
    """Lists of ``n`` block ids in ``0 .. max_blocks-1`` (shrinking merges blocks)."""
    return st.lists(st.integers(0, max(max_blocks, 1) - 1), min_size=n, max_size=n)


def partitions(min_items: int = 1, max_items: int = 20,
               max_blocks: Optional[int] = None) -> st.SearchStrategy[Partition]:
    """Partitions of ``n`` items, ``min_items <= n <= max_items``, at most ``max_blocks`` blocks."""
    k = _check_sizes(min_items, max_items, max_blocks)
    return st.lists(st.integers(0, k - 1), min_size=min_items, max_size=max_items).map(
        Partition.from_labels
    )


@st.composite
def _pairs(draw: Any, min_items: int, max_items: int, k: int) -> Tuple[Partition, Partition]:
    n = draw(st.integers(min_items, max_items))
    truth = Partition.from_labels(draw(block_ids(n, k)))
    pred = Partition.from_labels(draw(block_ids(n, k)))
    return truth, pred


def partition_pairs(
    min_items: int = 1, max_items: int = 20, max_blocks: Optional[int] = None
) -> st.SearchStrategy[Tuple[Partition, Partition]]:
    """``(truth, pred)`` pairs of partitions of the same ``n`` items."""
    k = _check_sizes(min_items, max_items, max_blocks)
    return _pairs(min_items, max_items, k)


@st.composite
def surroundings(draw: Any, max_extra: int, joinable: Sequence[Any] = ()) -> Tuple[list, list]:
    """Extra items around a constructed core: ``(truth_labels, pred_labels)``.

    Each extra item belongs to a true class from ``joinable`` (classes of the core it may
    join) or to a new class, and to a *new* predicted block, so the core's predicted blocks
    stay exactly as constructed.  Labels of new classes/blocks are ``("x", i)`` tuples.
    """
    m = draw(st.integers(0, max(max_extra, 0)))
    if m == 0:
        return [], []
    options = list(joinable) + [("x", i) for i in range(m)]
    truth = [options[i] for i in draw(st.lists(st.integers(0, len(options) - 1),
                                               min_size=m, max_size=m))]
    pred = [("x", i) for i in draw(block_ids(m, m))]
    return truth, pred


def instances(constraint: Any, max_items: int = 30) -> st.SearchStrategy[Any]:
    """Instances of a constraint (an object or a registered name), built by construction."""
    from .registry import get_constraint
    check_int("max_items", max_items, 1)
    c = get_constraint(constraint)
    # the smallest instance of a construction may exceed max_items (rag bag: 5, size vs.
    # quantity: 10)
    check_int(f"max_items of {c.name} instances", max_items, max(1, c.min_items))
    return c.strategy(max_items)


# -- pairs and triples for the general properties --------------------------------------------
@st.composite
def _random_pair(draw: Any, min_items: int, max_items: int) -> Tuple[Partition, Partition]:
    n = draw(st.integers(min_items, max_items))
    k = draw(st.integers(1, max(1, n)))
    return (Partition.from_labels(draw(block_ids(n, k))),
            Partition.from_labels(draw(block_ids(n, k))))


@st.composite
def _degenerate_pair(draw: Any, min_items: int, max_items: int) -> Tuple[Partition, Partition]:
    """Degenerate pairs, and degenerate partitions against their near misses."""
    n = draw(st.integers(min_items, max_items))
    options = degenerate_pairs(n)
    extremes = [Partition.one_block(n), Partition.singletons(n)]
    options += [(a, b) for a in extremes for b in near_degenerate(n)]
    options += [(b, a) for a in extremes for b in near_degenerate(n)]
    return draw(st.sampled_from(options))


@st.composite
def _coarse_pair(draw: Any, min_items: int, max_items: int) -> Tuple[Partition, Partition]:
    """Random pairs with at most 3 blocks a side: large blocks."""
    n = draw(st.integers(min_items, max_items))
    return (Partition.from_labels(draw(block_ids(n, 3))),
            Partition.from_labels(draw(block_ids(n, 3))))


@st.composite
def _near_miss(draw: Any, min_items: int, max_items: int) -> Tuple[Partition, Partition]:
    """The truth and the truth with one item moved to another (possibly new) block."""
    n = draw(st.integers(max(min_items, 2), max(max_items, 2)))
    k = draw(st.integers(1, n))
    truth = Partition.from_labels(draw(block_ids(n, k)))
    labels = truth.tolist()
    item = draw(st.integers(0, n - 1))
    labels[item] = draw(st.integers(0, truth.n_blocks))  # n_blocks = a new block
    pair = (truth, Partition.from_labels(labels))
    if draw(st.booleans()):
        pair = pair[::-1]
    return pair


def pairs(max_items: int, min_items: int = 1) -> st.SearchStrategy[Tuple[Partition, Partition]]:
    """``(A, B)`` pairs of partitions of the same items: random pairs, degenerate pairs (one
    block, all singletons) against each other and their near misses, the truth against itself
    with one item moved, and coarse pairs (at most 3 blocks a side); built by construction,
    shrinking towards fewer items and blocks."""
    check_int("min_items", min_items, 1)
    check_int("max_items", max_items, 1)
    max_items = max(max_items, min_items)
    return st.one_of(_random_pair(min_items, max_items), _degenerate_pair(min_items, max_items),
                     _near_miss(min_items, max_items), _coarse_pair(min_items, max_items))


@st.composite
def triples(draw: Any, max_items: int) -> Tuple[Partition, Partition, Partition]:
    """Three partitions of the same items (random, or built around degenerate ones)."""
    n = draw(st.integers(1, max(1, max_items)))
    k = draw(st.integers(1, n))
    choices = st.one_of(block_ids(n, k).map(Partition.from_labels),
                        st.sampled_from([Partition.one_block(n), Partition.singletons(n)]))
    return draw(choices), draw(choices), draw(choices)
