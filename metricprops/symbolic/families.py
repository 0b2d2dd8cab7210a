"""Prediction families with a symbolic contingency table and a concrete counterpart.

A *family* fixes how the prediction is built from the truth:

``one_block``, ``all_singletons``, ``identity``
    truth with block sizes ``s_1 .. s_k`` (``N = Σ s_i``); the prediction is one block of all
    items, every item alone, or the truth itself.
``theorem3_h1``, ``theorem3_h2``
    the ELM paper's Theorem 3 (cluster size vs. quantity) with parameter ``m``: the truth
    has one block of ``m + 1`` items and ``m`` blocks of 2 (``N = 3m + 1``); H1 splits the big
    block into ``m`` and 1, H2 splits every 2-block into singletons.  (The paper's naming;
    the ``size_vs_quantity`` constraint calls them the other way round.)

Each family builds a :class:`~metricprops.symbolic.ops.SymbolicTable` from symbolic
parameters and a ``(truth, pred)`` pair of :class:`~metricprops.partition.Partition` from
concrete ones, so a closed form can be proved on the first and checked on the second.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Mapping, Optional, Sequence, Tuple

import sympy as sp

from ..errors import UnknownNameError
from ..partition import Partition
from .ops import SymbolicTable

__all__ = ["Family", "FAMILIES", "get_family"]

Bounds = Optional[Mapping[sp.Symbol, int]]


@dataclass(frozen=True)
class Family:
    """A prediction family.

    Attributes
    ----------
    name : str
        Registry name (``"one_block"``, ...).
    title : str
        One-line description.
    parameter : {"sizes", "m"}
        What the family is parametrised by: the true block sizes, or one integer ``m``.
    build : callable
        ``build(param, bounds=None, n=None, index=None) -> SymbolicTable``.
    concrete : callable
        ``concrete(param) -> (truth, pred)`` for integer parameters.
    total : callable
        ``total(param) -> N`` (number of items).
    """

    name: str
    title: str
    parameter: str
    build: Callable[..., SymbolicTable]
    concrete: Callable[[Any], Tuple[Partition, Partition]]
    total: Callable[[Any], Any]

    def table(self, param: Any, bounds: Bounds = None, **kw: Any) -> SymbolicTable:
        """The symbolic table for ``param`` (sizes or m)."""
        return self.build(param, bounds=bounds, **kw)


# -- families in the true block sizes ---------------------------------------------------------
def _n(sizes: Sequence[Any]) -> Any:
    return sp.Add(*[sp.sympify(s) for s in sizes])


def _one_block(sizes: Sequence[Any], bounds: Bounds = None, n: Any = None,
               index: Any = None) -> SymbolicTable:
    total = _n(sizes) if n is None else n
    return SymbolicTable([(s, s, total, 1) for s in sizes], [(s, 1) for s in sizes],
                         [(total, 1)], bounds=bounds, n=total, index=index)


def _all_singletons(sizes: Sequence[Any], bounds: Bounds = None, n: Any = None,
                    index: Any = None) -> SymbolicTable:
    total = _n(sizes) if n is None else n
    return SymbolicTable([(1, s, 1, s) for s in sizes], [(s, 1) for s in sizes],
                         [(1, total)], bounds=bounds, n=total, index=index)


def _identity(sizes: Sequence[Any], bounds: Bounds = None, n: Any = None,
              index: Any = None) -> SymbolicTable:
    total = _n(sizes) if n is None else n
    return SymbolicTable([(s, s, s, 1) for s in sizes], [(s, 1) for s in sizes],
                         [(s, 1) for s in sizes], bounds=bounds, n=total, index=index)


def _sizes_truth(sizes: Sequence[int]) -> Partition:
    return Partition.from_sizes([int(s) for s in sizes])


FAMILIES: Dict[str, Family] = {}


def _add(family: Family) -> None:
    FAMILIES[family.name] = family


_add(Family("one_block", "every item in one predicted block", "sizes", _one_block,
            lambda sz: (_sizes_truth(sz), Partition.one_block(sum(sz))), _n))
_add(Family("all_singletons", "every item in a predicted block of its own", "sizes",
            _all_singletons, lambda sz: (_sizes_truth(sz), Partition.singletons(sum(sz))), _n))
_add(Family("identity", "the prediction equals the truth", "sizes", _identity,
            lambda sz: (_sizes_truth(sz), _sizes_truth(sz)), _n))


# -- the ELM paper's Theorem 3 ------------------------------------------------------------------
def _t3_rows(m: Any) -> list:
    return [(m + 1, 1), (2, m)]


def _t3_h1(m: Any, bounds: Bounds = None, **_: Any) -> SymbolicTable:
    m = sp.sympify(m)
    return SymbolicTable([(m, m + 1, m, 1), (1, m + 1, 1, 1), (2, 2, 2, m)], _t3_rows(m),
                         [(m, 1), (1, 1), (2, m)], bounds=bounds)


def _t3_h2(m: Any, bounds: Bounds = None, **_: Any) -> SymbolicTable:
    m = sp.sympify(m)
    return SymbolicTable([(m + 1, m + 1, m + 1, 1), (1, 2, 1, 2 * m)], _t3_rows(m),
                         [(m + 1, 1), (1, 2 * m)], bounds=bounds)


def _t3_truth(m: int) -> list:
    return [0] * (m + 1) + [1 + j // 2 for j in range(2 * m)]


def _t3_concrete_h1(m: int) -> Tuple[Partition, Partition]:
    truth = _t3_truth(int(m))
    pred = list(truth)
    pred[int(m)] = -1  # the big block split into m items and 1
    return Partition.from_labels(truth), Partition.from_labels(pred)


def _t3_concrete_h2(m: int) -> Tuple[Partition, Partition]:
    truth = _t3_truth(int(m))
    pred = [0] * (int(m) + 1) + list(range(1, 2 * int(m) + 1))  # 2-blocks split
    return Partition.from_labels(truth), Partition.from_labels(pred)


_add(Family("theorem3_h1", "Theorem 3: truth {m+1, 2 × m}; H1 splits the big block into m and 1",
            "m", _t3_h1, _t3_concrete_h1, lambda m: 3 * m + 1))
_add(Family("theorem3_h2", "Theorem 3: truth {m+1, 2 × m}; H2 splits every 2-block into "
            "singletons", "m", _t3_h2, _t3_concrete_h2, lambda m: 3 * m + 1))


def get_family(name: str) -> Family:
    """The family called ``name`` (:class:`UnknownNameError` lists the known ones)."""
    if isinstance(name, Family):
        return name
    try:
        return FAMILIES[name]
    except KeyError:
        raise UnknownNameError(
            f"unknown prediction family {name!r}; known: {', '.join(FAMILIES)}"
        ) from None
