"""Adapters for libraries that take clustering *objects*: clusim and cdlib.

clusim's similarity functions take two ``clusim.clustering.Clustering`` objects and return a
float; cdlib's comparison functions take two ``cdlib.NodeClustering`` objects and return a
``MatchingResult`` whose ``.score`` is the value.  Neither shape can be described by a plan's
adapter table (:mod:`metricprops.plans.adapters`), so each metric gets a function here with
scikit-learn's shape ``f(labels_true, labels_pred)``: the labels are turned into the library's
objects (items ``0 .. n-1``, one block per distinct label), the library's function is called
with the truth first (the prediction first for cdlib's ``f1`` and ``nf1``, whose first
argument is the detected communities) and its value is returned unchanged, so an audit audits
the library.
The plans in ``metricprops/plans/`` name these functions as targets
(``metricprops.plans.library_adapters:clusim.rand_index``).  Each library is imported
when one of its adapters is first called.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Dict, List, Tuple

from ..partition import label_lists

__all__ = ["blocks", "codes", "clusim_clustering", "cdlib_clustering", "networkit_partition",
           "networkit_graph", "BUILDERS", "GRAPH_BUILDERS", "LibraryFunction", "clusim",
           "cdlib"]


_NAN = object()


def blocks(labels_true: Any, labels_pred: Any) -> Tuple[List[List[int]], List[List[int]]]:
    """The blocks of both labellings as lists of item indices, in order of first appearance
    (NaN labels, which never equal themselves, are one label).

    Raises
    ------
    LengthMismatchError
        If the two labellings differ in length (a ``ValueError``).
    """
    truth, pred = label_lists(labels_true, labels_pred)

    def split(labels: List[Any]) -> List[List[int]]:
        out: Dict[Any, List[int]] = {}
        for i, label in enumerate(labels):
            # every NaN is one label, as numpy.unique counts them (NaN != NaN in a dict)
            key = _NAN if isinstance(label, float) and label != label else label
            out.setdefault(key, []).append(i)
        return list(out.values())

    return split(truth), split(pred)


def codes(labels: Any) -> List[int]:
    """Block numbers 0, 1, ... in order of first appearance (NaN labels are one label)."""
    out: Dict[Any, int] = {}
    return [out.setdefault(_NAN if isinstance(x, float) and x != x else x, len(out))
            for x in labels]


def networkit_partition(labels: Any) -> Any:
    """A ``networkit.Partition`` of the items, one subset per distinct label."""
    import networkit

    numbers = codes(labels)
    return networkit.Partition(len(numbers), numbers)


def networkit_graph(n: int) -> Any:
    """An edgeless ``networkit.Graph`` on ``n`` items."""
    import networkit

    return networkit.Graph(n)


#: Label sequence -> library object, by the name a plan's adapter gives (``labels``).
BUILDERS = {"networkit": networkit_partition}
#: Number of items -> edgeless graph, by the name a plan's adapter gives (``graph``).
GRAPH_BUILDERS = {"networkit": networkit_graph}


def clusim_clustering(block_list: List[List[int]]) -> Any:
    """A ``clusim.clustering.Clustering`` with the given blocks (item -> [block index])."""
    from clusim.clustering import Clustering

    return Clustering(elm2clu_dict={i: [b] for b, items in enumerate(block_list) for i in items})


def cdlib_clustering(block_list: List[List[int]]) -> Any:
    """A ``cdlib.NodeClustering`` with the given blocks (no graph: comparisons need none)."""
    from cdlib import NodeClustering

    return NodeClustering([list(b) for b in block_list], graph=None, method_name="labels")


@dataclass(frozen=True)
class LibraryFunction:
    """``f(labels_true, labels_pred)`` calling ``module.attr`` of a library on its clustering
    objects (a module-level class, so that worker processes can receive it)."""

    library: str
    module: str
    attr: str
    pred_first: bool = False

    @property
    def __name__(self) -> str:  # what metricprops names a target by default
        return f"{self.library}_{self.attr}"

    @property
    def __doc__(self) -> str:  # type: ignore[override]
        first = "prediction" if self.pred_first else "truth"
        return f"``{self.module}.{self.attr}`` of {self.library}, called with the {first} first."

    def __call__(self, labels_true: Any, labels_pred: Any) -> float:
        first, second = blocks(labels_true, labels_pred)
        if self.pred_first:
            first, second = second, first
        func = getattr(importlib.import_module(self.module), self.attr)
        if self.library == "cdlib":
            return float(func(cdlib_clustering(first), cdlib_clustering(second)).score)
        return float(func(clusim_clustering(first), clusim_clustering(second)))


def _clusim(attr: str, module: str = "clusim.sim") -> LibraryFunction:
    return LibraryFunction("clusim", module, attr)


def _cdlib(attr: str) -> LibraryFunction:
    # f1 and nf1 hand their arguments to NF1(communities, ground_truth): prediction first
    return LibraryFunction("cdlib", "cdlib.evaluation", attr, pred_first=attr in ("f1", "nf1"))


#: clusim's partition similarities as attributes named after the functions (``clusim.sim``,
#: ``element_sim`` from ``clusim.clusimelement``); a plan's target is e.g.
#: ``"metricprops.plans.library_adapters:clusim.rand_index"``.
clusim = SimpleNamespace(element_sim=_clusim("element_sim", "clusim.clusimelement"), **{
    name: _clusim(name) for name in (
    "jaccard_index", "rand_index", "adjrand_index", "fowlkes_mallows_index",
    "rogers_tanimoto_index", "southwood_index", "fmeasure", "pearson_correlation",
    "classification_error", "purity_index", "nmi", "mi", "vi", "rmi", "adj_mi",
    "geometric_accuracy", "omega_index")})

#: cdlib's partition comparisons as attributes named after the functions in
#: ``cdlib.evaluation`` (``...:cdlib.nf1``).
cdlib = SimpleNamespace(**{name: _cdlib(name) for name in (
    "normalized_mutual_information", "adjusted_rand_index", "adjusted_mutual_information",
    "variation_of_information", "f1", "nf1", "partition_closeness_simple", "omega",
    "overlapping_normalized_mutual_information_LFK",
    "overlapping_normalized_mutual_information_MGH", "jaccard_index", "rand_index",
    "classification_error", "ecs")})
