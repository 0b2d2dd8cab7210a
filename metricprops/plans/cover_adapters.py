"""Adapters for other libraries' *overlapping* measures: cdlib, clusim and networkit on covers.

A plan target that declares ``input = "cover"`` is a metric of covers: the audit calls it
with two :class:`~metricprops.covers.Cover` objects (or two
:class:`~metricprops.partition.Partition` objects, for the partition constraints that
generalise to covers; a partition is the cover of its blocks).  Each function here takes
either and builds the library's own input from the clusters (items ``0 .. n-1``, clusters in
the canonical order of :attr:`Cover.blocks`):

* cdlib: a ``NodeClustering`` with ``overlap=True`` (no graph: comparisons need none); the
  value is the ``MatchingResult``'s ``.score``;
* clusim: a ``Clustering`` from the ``elm2clu_dict`` item -> [cluster numbers];
* networkit: a ``networkit.Cover`` on an edgeless graph with the items as nodes.

The library's value is returned unchanged, so an audit audits the library.  The plans
``cdlib_overlapping``, ``clusim_overlapping`` and ``networkit_overlapping`` name these
functions as targets (``metricprops.plans.cover_adapters:cdlib.omega``).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, List, Tuple

from .library_adapters import LibraryFunction

__all__ = ["clusters", "cdlib_cover", "clusim_cover", "networkit_cover", "CoverFunction",
           "cdlib", "clusim", "networkit"]


def clusters(cover: Any) -> Tuple[int, List[List[int]]]:
    """``(n, clusters)`` of a :class:`Cover` or :class:`Partition` (both have ``n`` and
    ``blocks``), or of anything :func:`~metricprops.covers.as_cover` reads (the checks that
    rename labels call a metric with label lists)."""
    if not hasattr(cover, "blocks"):
        from ..covers import as_cover

        cover = as_cover(cover)
    return int(cover.n), [list(b) for b in cover.blocks]


def cdlib_cover(cover: Any) -> Any:
    """A ``cdlib.NodeClustering`` with ``overlap=True`` holding the clusters of ``cover``."""
    from cdlib import NodeClustering

    return NodeClustering(clusters(cover)[1], graph=None, method_name="cover", overlap=True)


def clusim_cover(cover: Any) -> Any:
    """A ``clusim.clustering.Clustering`` from ``elm2clu_dict`` (item -> its clusters)."""
    from clusim.clustering import Clustering

    out: dict = {}
    for number, items in enumerate(clusters(cover)[1]):
        for i in items:
            out.setdefault(i, []).append(number)
    return Clustering(elm2clu_dict={i: out[i] for i in sorted(out)})


def networkit_cover(cover: Any) -> Any:
    """A ``networkit.Cover`` of the items ``0 .. n-1`` with the clusters of ``cover``."""
    import networkit

    n, found = clusters(cover)
    out = networkit.Cover(n)
    out.setUpperBound(len(found))
    for number, items in enumerate(found):
        for i in items:
            out.addToSubset(number, i)
    return out


@dataclass(frozen=True)
class CoverFunction(LibraryFunction):
    """``f(truth, pred)`` on covers calling ``module.attr`` of a library on its own objects
    (a module-level class, so that worker processes can receive it).

    ``pred_first`` calls the library with the prediction first (cdlib's ``f1`` and ``nf1``
    take the detected communities first); ``kwargs`` are fixed keyword arguments (for
    networkit: the measure's constructor arguments, as ``networkit.community`` names).
    """

    kwargs: Tuple[Tuple[str, Any], ...] = field(default=())

    @property
    def __doc__(self) -> str:  # type: ignore[override]
        first = "prediction" if self.pred_first else "truth"
        return (f"``{self.module}.{self.attr}`` of {self.library} on covers, called with the "
                f"{first} first.")

    def __call__(self, truth: Any, pred: Any) -> float:
        first, second = (pred, truth) if self.pred_first else (truth, pred)
        func = getattr(importlib.import_module(self.module), self.attr)
        if self.library == "cdlib":
            return float(func(cdlib_cover(first), cdlib_cover(second), **dict(self.kwargs)).score)
        if self.library == "clusim":
            return float(func(clusim_cover(first), clusim_cover(second), **dict(self.kwargs)))
        import networkit

        graph = networkit.Graph(clusters(first)[0])
        if self.attr == "CoverF1Similarity":  # (G, evaluated cover, reference cover)
            return float(func(graph, networkit_cover(first), networkit_cover(second))
                         .run().getUnweightedAverage())
        options = {k: getattr(networkit.community.Normalization, v)
                   for k, v in self.kwargs}
        return float(func(**options).getDissimilarity(graph, networkit_cover(first),
                                                      networkit_cover(second)))


def _cdlib(attr: str) -> CoverFunction:
    return CoverFunction("cdlib", "cdlib.evaluation", attr, pred_first=attr in ("f1", "nf1"))


#: cdlib's comparisons that accept overlapping clusterings (``...:cdlib.omega``).
cdlib = SimpleNamespace(**{name: _cdlib(name) for name in (
    "omega", "overlapping_normalized_mutual_information_LFK",
    "overlapping_normalized_mutual_information_MGH", "nf1", "f1", "ecs")})

#: clusim's measures of overlapping clusterings: element-centric similarity, onmi, omega.
clusim = SimpleNamespace(
    element_sim=CoverFunction("clusim", "clusim.clusimelement", "element_sim"),
    onmi=CoverFunction("clusim", "clusim.sim", "onmi"),
    omega_index=CoverFunction("clusim", "clusim.sim", "omega_index"))

#: networkit's cover measures: ``OverlappingNMIDistance`` in each normalisation
#: (``...:networkit.onmi_max``) and ``CoverF1Similarity`` (the truth is the reference).
networkit = SimpleNamespace(
    cover_f1=CoverFunction("networkit", "networkit.community", "CoverF1Similarity",
                           pred_first=True),
    **{f"onmi_{norm.lower()}": CoverFunction(
        "networkit", "networkit.community", "OverlappingNMIDistance",
        kwargs=(("normalization", norm),))
       for norm in ("MIN", "GEOMETRIC_MEAN", "ARITHMETIC_MEAN", "MAX", "JOINT_ENTROPY")})
