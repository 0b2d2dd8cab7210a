"""Judgements of the overlapping plans' findings (``cdlib_overlapping``,
``clusim_overlapping``, ``networkit_overlapping``), with the rules of the partition audit
(:data:`metricprops.report.third_party.notes.RULE`): a **bug** contradicts the library's own
documentation or the cited definition (each has a plain-Python reproduction in
:mod:`~metricprops.report.third_party.bugs`); a **convention** is a documented choice; **by
definition** the cited measure itself fails the constraint (metricprops' built-in of the
same definition fails it too); **out of domain** the input is one the library does not
accept.
"""
from __future__ import annotations

from typing import Dict, Tuple

__all__ = ["COVER_NOTES"]

_ELEMENT = ("**Bug.** clusim's `element_sim` raises AttributeError on every clustering in "
            "which an item is in two clusters: with the scipy installed the projected "
            "affinity matrix is sparse and has no `tolist()` (see the reproduction).")

#: (target, constraint or "*" for every constraint) -> (status it explains, judgement).
COVER_NOTES: Dict[Tuple[str, str], Tuple[str, str]] = {
    ("clusim.cover.element_sim", "*"): ("error", _ELEMENT),
    ("cdlib.cover.ecs", "*"): ("error", _ELEMENT.replace(
        "clusim's `element_sim`", "cdlib's `ecs` (it calls clusim's `element_sim`)")),
}

_NMI = ("**By definition (not counted as a bug).** networkit's `OverlappingNMIDistance` is one "
        "minus the overlapping NMI of McDaid, Greene & Hurley (the reference it cites), here "
        "under the {norm} normalisation; with the MAX normalisation it equals one minus "
        "metricprops' `onmi_mgh` on every compared cover pair (the differential check).  The "
        "MGH entropies give a cluster holding every item entropy 0, so it counts for nothing "
        "(max agreement: two different covers score perfectly), a one-cluster prediction "
        "scores the worst value (degenerate, multiplicity precision), the mutual information "
        "is not adjusted for chance (constant baseline); of the normalisations only MAX and "
        "JOINT_ENTROPY keep the triangle inequality (Vinh, Epps & Bailey 2010: one minus NMI is "
        "a metric for those two alone).")
_NMI_CONSTRAINTS = ("max_agreement", "degenerate", "multiplicity_precision",
                    "multiplicity_recall", "constant_baseline", "rag_bag", "homogeneity",
                    "triangle_inequality", "distance")
for _norm in ("min", "geometric_mean", "arithmetic_mean", "max", "joint_entropy"):
    for _c in _NMI_CONSTRAINTS:
        COVER_NOTES[(f"networkit.cover.OverlappingNMIDistance_{_norm}", _c)] = (
            "failed", _NMI.format(norm=_norm.upper()))

_F1 = ("**By definition (not counted as a bug).** networkit's `CoverF1Similarity` averages, "
       "over the clusters of the evaluated cover, the F1 of each with its best-matching "
       "reference cluster (as its documentation says); a reference cluster that no evaluated "
       "cluster picks is never counted, so a prediction missing a truth cluster can score 1 "
       "(max agreement), splitting into singletons still scores well (zero score, "
       "degenerate), and a best-match average is neither adjusted for chance nor monotone "
       "in the pair counts (the constant baselines, homogeneity, rag bag, monotonicity, "
       "minimal agreement, multiplicity) nor a distance.")
for _c in ("max_agreement", "zero_score", "degenerate", "homogeneity", "rag_bag",
           "monotonicity", "minimal_agreement", "constant_baseline",
           "asymptotic_constant_baseline", "distance", "multiplicity_precision",
           "multiplicity_recall"):
    COVER_NOTES[("networkit.cover.CoverF1Similarity", _c)] = ("failed", _F1)
