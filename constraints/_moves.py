"""Improvements of a prediction, after Gösgens, Tikhonov & Prokhorenkova (2021), section 3.

For a truth A and predictions B, B', a pair of items *agrees* in (A, B) when A and B both put
it together or both put it apart.  B' is an *A-consistent improvement* of B when B' ≠ B and
every pair that agrees in (A, B) agrees in (A, B') as well (then at least one more does).

Characterisation used to build and to recognise them: the pairs together in both A and B
must stay together, so B' coarsens the cells of the contingency table (the meet A ∧ B); the
pairs apart in both must stay apart, so two cells share a block of B' only if they share a
row (a class of A) or a column (a block of B) -- hence every block of B' gathers cells of one
row or of one column.  Conversely every such grouping other than B itself is an improvement.
Two special cases are the constraints of Amigó et al.: the *perfect split* (a block of B cut
in two without cutting a class: homogeneity) and the *perfect merge* (two blocks holding
only items of one class joined: completeness).

The strategies here draw an ordinary pair (A, B) at random -- many small classes as often as
a few large ones, which is where adjusted indices misbehave -- and apply such a move by
construction; nothing is filtered.
"""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from hypothesis import strategies as st

from metricprops.constraint import Evaluation, Instance, Outcome, pair_instance
from metricprops.partition import Partition
from metricprops.strategies import block_ids
from metricprops.tolerance import TOLERANCE

__all__ = ["is_improvement", "is_perfect_split", "is_perfect_merge", "improvement_of",
           "split_moves", "merge_moves", "improvements", "cells_of", "PremiseChecked",
           "mostly", "forced_improvement"]


def cells_of(truth: Partition, pred: Partition) -> List[Tuple[int, int]]:
    """The (class, block) cell of every item."""
    return list(zip(truth.tolist(), pred.tolist()))


def _groups(labels: Sequence[int]) -> Dict[int, List[int]]:
    groups: Dict[int, List[int]] = {}
    for item, label in enumerate(labels):
        groups.setdefault(label, []).append(item)
    return groups


def _refines(fine: Sequence[Any], coarse: Sequence[int]) -> bool:
    """Every block of ``fine`` (labels, any hashable) lies inside a block of ``coarse``."""
    seen: Dict[Any, int] = {}
    return all(seen.setdefault(f, c) == c for f, c in zip(fine, coarse))


def is_improvement(truth: Partition, worse: Partition, better: Partition) -> bool:
    """True if ``better`` is an A-consistent improvement of ``worse`` (A = ``truth``)."""
    if not truth.n == worse.n == better.n or better == worse:
        return False
    cells = cells_of(truth, worse)
    b = better.tolist()
    if not _refines(cells, b):  # pairs together in both stay together
        return False
    for items in _groups(b).values():  # pairs apart in both stay apart
        rows = {cells[i][0] for i in items}
        if len(rows) > 1 and len({cells[i][1] for i in items}) > 1:
            return False
    return True


def is_perfect_split(truth: Partition, worse: Partition, better: Partition) -> bool:
    """True if ``better`` is ``worse`` with one block cut in two parts sharing no class."""
    w, b = worse.tolist(), better.tolist()
    if better.n_blocks != worse.n_blocks + 1 or not _refines(b, w):
        return False
    t = truth.tolist()
    for items in _groups(w).values():
        parts = _groups([b[i] for i in items])
        if len(parts) == 2:
            sides = [{t[items[j]] for j in part} for part in parts.values()]
            return not sides[0] & sides[1]
    return False


def is_perfect_merge(truth: Partition, worse: Partition, better: Partition) -> bool:
    """True if ``better`` is ``worse`` with two blocks joined, both of one and the same class."""
    w, b = worse.tolist(), better.tolist()
    if better.n_blocks != worse.n_blocks - 1 or not _refines(w, b):
        return False
    t = truth.tolist()
    for items in _groups(b).values():
        if len({w[i] for i in items}) == 2:
            return len({t[i] for i in items}) == 1
    return False


def improvement_of(truth: Partition, worse: Partition, modes: Sequence[bool],
                   groups: Sequence[int]) -> Partition:
    """The grouping of the cells of (truth, worse): cell c (in :func:`cells_of` order of first
    appearance) joins its row's group ``groups[c]`` if ``modes[c]`` else its column's."""
    order: Dict[Tuple[int, int], int] = {}
    cells = cells_of(truth, worse)
    for cell in cells:
        order.setdefault(cell, len(order))
    labels = []
    for row, col in cells:
        c = order[(row, col)]
        labels.append(("r", row, groups[c]) if modes[c] else ("c", col, groups[c]))
    return Partition.from_labels(labels)


# -- strategies ------------------------------------------------------------------------------
def mostly(targeted: Any, other: Any, max_items: int) -> Any:
    """Draws from ``targeted`` three times in four, else from ``other``; only from ``other``
    under 3 items (the targeted moves start from an ordinary pair, which needs 3)."""
    if max_items < 3:
        return other
    return st.sampled_from([targeted, targeted, targeted, other]).flatmap(lambda s: s)


@st.composite
def _near_singletons(draw: Any, max_items: int, min_items: int) -> List[int]:
    """A truth of singletons around one or two classes of 2 or 3 items."""
    big = [draw(st.integers(2, min(3, max(2, max_items - 1))))]
    if max_items - big[0] >= 3 and draw(st.booleans()):  # room for a second and a singleton
        big.append(draw(st.integers(2, min(3, max_items - big[0] - 1))))
    room = max(max_items - sum(big), 1)
    singles = draw(st.integers(max(1, min_items - sum(big)), max(1, room)))
    return [c for c, size in enumerate(big + [1] * singles) for _ in range(size)]


@st.composite
def _ordinary(draw: Any, max_items: int, min_items: int = 3) -> Tuple[List[int], List[int]]:
    """Labels of a truth with at least two classes and of a prediction, n >= ``min_items``:
    any two partitions, or a truth of singletons around a class or two of 2 or 3 items
    against a few blocks (where adjusted indices misbehave: their expected value is large
    there)."""
    max_items = max(min_items, max_items)
    if draw(st.booleans()):
        truth = draw(_near_singletons(max_items, min_items))
        return truth, draw(block_ids(len(truth), draw(st.integers(2, 4))))
    n = draw(st.integers(min_items, max_items))
    truth = draw(block_ids(n, draw(st.integers(2, n))))
    if len(set(truth)) < 2:  # by construction: the last item gets a class of its own
        truth[-1] = max(truth) + 1
    return truth, draw(block_ids(n, draw(st.integers(1, n))))


@st.composite
def split_moves(draw: Any, max_items: int) -> Instance:
    """An ordinary pair (T, H1) and H2 = H1 with a mixed block cut along class lines."""
    truth, pred = draw(_ordinary(max_items))
    n = len(truth)
    i = draw(st.integers(0, n - 1))
    others = [j for j in range(n) if truth[j] != truth[i]]
    j = others[draw(st.integers(0, len(others) - 1))]
    # the block of i now holds two classes: j joins it, or the two form a block of their own
    pred[j] = pred[i] = pred[i] if draw(st.booleans()) else -1
    block = [x for x in range(n) if pred[x] == pred[i]]
    classes = sorted({truth[x] for x in block} - {truth[i], truth[j]})
    moved = {truth[j]} | {c for c, flag in zip(classes, draw(
        st.lists(st.booleans(), min_size=len(classes), max_size=len(classes)))) if flag}
    better = [("new",) if x in block and truth[x] in moved else pred[x] for x in range(n)]
    return pair_instance(Partition.from_labels(truth), Partition.from_labels(pred),
                         Partition.from_labels(better), "mixed block split along classes")


@st.composite
def merge_moves(draw: Any, max_items: int) -> Instance:
    """An ordinary pair (T, H1) with two blocks of one class, and H2 = H1 with them merged."""
    truth, pred = draw(_ordinary(max_items))
    n = len(truth)
    i = draw(st.integers(0, n - 1))
    mates = [j for j in range(n) if j != i and truth[j] == truth[i]]
    if not mates:  # by construction: item i gets a classmate
        j = (i + 1) % n
        truth[j] = truth[i]
    else:
        j = mates[draw(st.integers(0, len(mates) - 1))]
        mates = [x for x in mates if x != j]
    extra = [x for x, flag in zip(mates, draw(
        st.lists(st.booleans(), min_size=len(mates), max_size=len(mates)))) if flag]
    side = [draw(st.booleans()) for _ in extra]
    worse, better = list(pred), list(pred)
    for x, to_j in [(i, False), (j, True)] + list(zip(extra, side)):
        worse[x] = ("b", to_j)
        better[x] = ("b",)
    return pair_instance(Partition.from_labels(truth), Partition.from_labels(worse),
                         Partition.from_labels(better), "two blocks of one class merged")


@st.composite
def improvements(draw: Any, max_items: int) -> Instance:
    """An ordinary pair (T, H1) and any A-consistent improvement H2 of H1: the cells of the
    table regrouped by row or by column (:func:`improvement_of`)."""
    truth_l, pred_l = draw(_ordinary(max_items))
    truth, worse = Partition.from_labels(truth_l), Partition.from_labels(pred_l)
    if worse == truth:  # nothing improves on the truth: item 0 joins another class's block
        labels = list(pred_l)
        labels[0] = labels[next(j for j in range(len(truth_l)) if truth_l[j] != truth_l[0])]
        worse = Partition.from_labels(labels)
    k = len(set(cells_of(truth, worse)))
    modes = draw(st.lists(st.booleans(), min_size=k, max_size=k))
    groups = draw(st.lists(st.integers(0, 2), min_size=k, max_size=k))
    better = improvement_of(truth, worse, modes, groups)
    if better == worse:  # by construction: the first cell of a mixed column, or of a
        better = forced_improvement(truth, worse)  # split row, joins its row
    return pair_instance(truth, worse, better, "A-consistent improvement")


def forced_improvement(truth: Partition, worse: Partition) -> Partition:
    """One improvement of ``worse`` (≠ ``truth``): a cell of a mixed block goes to a block of
    its own, else two blocks of one class are merged."""
    cells = cells_of(truth, worse)
    for items in _groups(worse.tolist()).values():
        if len({cells[i] for i in items}) > 1:
            first = cells[items[0]]
            labels = worse.tolist()
            for i in items:
                if cells[i] == first:
                    labels[i] = -1
            return Partition.from_labels(labels)
    # every block lies inside one class, and worse ≠ truth: some class spans two blocks
    t, labels = truth.tolist(), worse.tolist()
    for items in _groups(t).values():
        blocks = sorted({labels[i] for i in items})
        if len(blocks) > 1:
            return Partition.from_labels([blocks[0] if x == blocks[1] else x for x in labels])
    raise AssertionError("worse equals truth")  # pragma: no cover - excluded by the caller


class PremiseChecked:
    """Mixin (before :class:`PairwiseConstraint`): an instance whose predictions do not make
    the constraint's premise holds vacuously, so a finding may be minimised by the generic
    reductions (:mod:`metricprops.search.minimise`) -- a reduction that breaks the premise is
    never a violation."""

    reducible = True

    def premise(self, instance: Instance) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def evaluate(self, instance: Instance, score: Any, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        if not self.premise(instance):
            return Evaluation(Outcome.SATISFIED, {}, 0.0, detail="premise does not hold")
        return super().evaluate(instance, score, metric, tolerance)  # type: ignore[misc]
