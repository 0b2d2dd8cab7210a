"""Metric families: the kind of comparison a metric makes, as a report groups metrics.

The built-ins are defined one family per module, and the family is read from there (no
name patterns):

* ``pair counting`` -- :mod:`.pair_counting` (Rand, ARI, pairwise precision / recall / F,
  Jaccard, Fowlkes–Mallows, Pearson CC, Sokal–Sneath, Mirkin, correlation distance), and the
  parametrised ``pair_f[beta=...]``;
* ``information-theoretic`` -- :mod:`.information`, :mod:`.ami` and :mod:`.smi` (mutual
  information, NMI, VI, homogeneity, completeness, V-measure, fair NMI, AMI, SMI);
* ``per-element`` -- :mod:`.per_element` (BCubed and ELM);
* ``set matching`` -- :mod:`.set_matching` (purity, inverse purity, their F, the F-measure);
* ``coreference`` -- :mod:`.coreference` (MUC, B³, CEAF, BLANC, LEA, CoNLL F), a family of
  its own although BLANC is a function of the pair counts and B³ equals BCubed.

A metric that is not a built-in is ``pair counting`` when it declares
``pair_counting=True`` (a function of the four pair counts), else ``other``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, Mapping, Optional

__all__ = ["FAMILIES", "family_of", "audited_metadata"]

#: The families in report order.
FAMILIES = ("pair counting", "information-theoretic", "per-element", "set matching",
            "coreference", "other")


@lru_cache(maxsize=1)
def _builtin_families() -> Dict[str, str]:
    from . import ami, coreference, information, pair_counting, per_element, set_matching, smi
    modules = ((pair_counting, "pair counting"), (information, "information-theoretic"),
               (ami, "information-theoretic"), (smi, "information-theoretic"),
               (per_element, "per-element"), (set_matching, "set matching"),
               (coreference, "coreference"))
    return {m.name: family for module, family in modules for m in module.METRICS}


def family_of(metric: Any, metadata: Optional[Mapping[str, Any]] = None) -> str:
    """The family of ``metric`` (one of :data:`FAMILIES`).

    Parameters
    ----------
    metric : Metric or str
        A metric, or a metric's name as an audit records it (``pair_f[beta=2]`` is
        ``pair_f``'s family).
    metadata : mapping, optional
        The metric's declared metadata (:meth:`~metricprops.metrics.base.Metric.metadata`,
        as an audit's ``metadata`` holds it); read for a name, ignored for a metric, whose
        own metadata is used.  A metric declared not ``builtin`` is never given a built-in's
        family by its name; one declaring ``pair_counting`` is ``pair counting``.
    """
    if not isinstance(metric, str):
        metadata = {"builtin": metric.builtin, "pair_counting": metric.pair_counting}
        metric = metric.name
    metadata = metadata or {}
    if metadata.get("builtin", True):
        known = _builtin_families().get(metric.split("[", 1)[0])
        if known is not None:
            return known
    return "pair counting" if metadata.get("pair_counting") else "other"


def audited_metadata(metric: Any) -> Dict[str, Any]:
    """``metric``'s metadata as an audit records it: its own, with its ``family``."""
    return {**metric.metadata(), "family": family_of(metric)}
