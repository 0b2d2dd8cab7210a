"""The last pass over a finding: remove items, merge and split blocks while it holds.

Hypothesis shrinks the *choices* that built an instance, which usually gives a small
instance but not always one minimal in items: a construction may keep an item the finding
does not need.  For constraints whose instances are plain partitions of the same items
(:attr:`~metricprops.constraint.Constraint.reducible`), this pass tries, greedily and
smallest first:

1. removing one item from every partition of the instance;
2. merging two blocks of one partition;
3. splitting one item off a block, then removing another item (a split alone makes the
   instance no smaller, but can free an item for removal);

and keeps a candidate when the finding still holds on it (same kind and input class).  It
stops at a local minimum -- no single step keeps the finding -- or after
:data:`MAX_EVALUATIONS` candidates.
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Iterator, Tuple

import numpy as np

from ..constraint import Instance
from ..partition import Partition

__all__ = ["MAX_EVALUATIONS", "minimise", "reductions", "remove_item"]

#: Most candidates one minimisation evaluates.
MAX_EVALUATIONS = 150


def _parts(instance: Instance) -> Tuple[Tuple[str, Partition], ...]:
    return (("truth", instance.truth),) + tuple(sorted(instance.preds.items()))


def _rebuild(instance: Instance, parts: dict, **changes: object) -> Instance:
    preds = {role: parts[role] for role in instance.preds}
    return dataclasses.replace(instance, truth=parts["truth"], preds=preds, **changes)


def remove_item(instance: Instance, item: int) -> Instance:
    """The instance without ``item`` (in every partition; a permutation of the items the
    instance carries is renumbered)."""
    parts = {role: Partition.from_labels(np.delete(np.asarray(p.labels), item))
             for role, p in _parts(instance)}
    changes = {}
    perm = getattr(instance, "permutation", None)
    if perm:
        changes["permutation"] = tuple(i - (i > item) for i in perm if i != item)
    return _rebuild(instance, parts, **changes)


def _relabelled(instance: Instance, role: str, labels: np.ndarray) -> Instance:
    parts = dict(_parts(instance))
    parts[role] = Partition.from_labels(labels)
    return _rebuild(instance, parts)


def _merges(instance: Instance) -> Iterator[Instance]:
    for role, p in _parts(instance):
        labels = np.asarray(p.labels)
        for a in range(p.n_blocks):
            for b in range(a + 1, p.n_blocks):
                yield _relabelled(instance, role, np.where(labels == b, a, labels))


def _split_then_remove(instance: Instance) -> Iterator[Instance]:
    for role, p in _parts(instance):
        labels = np.asarray(p.labels)
        sizes = np.bincount(labels)
        for item in range(p.n):
            if sizes[labels[item]] < 2:
                continue
            split = labels.copy()
            split[item] = p.n_blocks
            one = _relabelled(instance, role, split)
            for other in range(p.n):
                if other != item:
                    yield remove_item(one, other)


def reductions(instance: Instance) -> Iterator[Instance]:
    """Candidate instances one step smaller, fewest items first."""
    if instance.n < 2:
        return
    for item in range(instance.n):
        yield remove_item(instance, item)
    yield from _merges(instance)
    yield from _split_then_remove(instance)


def minimise(instance: Instance, holds: Callable[[Instance], bool],
             max_evaluations: int = MAX_EVALUATIONS) -> Tuple[Instance, bool]:
    """The smallest instance reached greedily from ``instance`` on which ``holds`` is true.

    Returns ``(instance, local_minimum)``; ``local_minimum`` is ``False`` when the budget of
    evaluations ran out before every one-step reduction had been tried.
    """
    current, evaluations = instance, 0
    while True:
        key = current.size_key()
        for candidate in reductions(current):
            if candidate.size_key() >= key:
                continue
            if evaluations >= max_evaluations:
                return current, False
            evaluations += 1
            if holds(candidate):
                current = candidate
                break
        else:
            return current, True
