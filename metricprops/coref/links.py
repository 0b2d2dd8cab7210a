"""BLANC's response link counts, with repeated spurious mentions as the scorer v8.01 sees them.

``BLANC_Internal`` stores links as a set of "id1-id2" keys: every unordered pair of entries
of one response entity is a coreference link, every pair across two entities a
non-coreference link.  Without repeated mentions that is C(b_j, 2) per entity and
C(n, 2) − Σ C(b_j, 2) across.  A spurious mention x that the scorer left repeated (see
:mod:`metricprops.coref.matching`) adds the self-pair "x-x" (as a coreference link when two
copies share an entity, as a non-coreference link when two entities hold it) and its pairs
are counted once however many copies produce them.  :func:`response_links` counts that set
exactly without building it: in closed form for the pairs with at most one repeated mention,
by enumeration for the (rare) pairs of two repeated mentions sharing an entity.
"""
from __future__ import annotations

from itertools import combinations
from typing import Tuple

import numpy as np

__all__ = ["response_links"]


def _pairs(x: np.ndarray) -> int:
    x = np.asarray(x, dtype=np.int64)
    return int((x * (x - 1) // 2).sum(dtype=np.int64)) if x.size else 0


def response_links(number: np.ndarray, entity: np.ndarray, n_entities: int) -> Tuple[int, int]:
    """(coreference links, non-coreference links) of one document's response.

    Parameters
    ----------
    number : ndarray of int
        Mention number of each kept response entry (equal numbers: the same mention).
    entity : ndarray of int
        Response entity of each entry, 0 .. n_entities - 1.
    n_entities : int
        Number of response entities.
    """
    n = int(number.size)
    if n == 0:
        return 0, 0
    occurrences = np.bincount(number)
    rep = occurrences[number] > 1
    if not rep.any():
        coref = _pairs(np.bincount(entity, minlength=n_entities))
        return coref, n * (n - 1) // 2 - coref
    # entries of mentions that occur once: each lies in exactly one entity
    s0 = np.bincount(entity[~rep], minlength=n_entities)
    n0 = int((~rep).sum())
    coref = _pairs(s0)
    noncoref = n0 * (n0 - 1) // 2 - coref
    # distinct (repeated mention x, entity j) pairs, sorted by x then j, with multiplicities
    code, mult = np.unique(number[rep].astype(np.int64) * n_entities + entity[rep],
                           return_counts=True)
    xs, js = code // n_entities, code % n_entities
    coref += int(np.unique(xs[mult >= 2], return_counts=True)[0].size)  # "x-x" inside an entity
    coref += int(s0[js].sum())  # x with the once-only mentions of each entity holding it
    by_entity: dict = {}
    for x, j in zip(xs.tolist(), js.tolist()):
        by_entity.setdefault(j, []).append(x)
    coref += len({pair for group in by_entity.values() if len(group) > 1
                  for pair in combinations(group, 2)})  # two repeated mentions, shared entity
    _, starts, spread = np.unique(xs, return_index=True, return_counts=True)
    d = int(starts.size)  # distinct repeated mentions; spread: entities holding each
    single = spread == 1
    home = js[starts[single]]  # the one entity of a mention repeated inside it only
    noncoref += d * n0 - int(s0[home].sum())  # x with once-only mentions of other entities
    noncoref += d * (d - 1) // 2 - _pairs(np.bincount(home, minlength=n_entities))
    noncoref += int((~single).sum())  # "x-x" across two entities
    return coref, noncoref
