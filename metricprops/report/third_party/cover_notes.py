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

from typing import Any, Dict, Tuple

__all__ = ["COVER_NOTES"]

_ELEMENT = ("**Bug.** clusim's `element_sim` raises AttributeError on every clustering in "
            "which an item is in two clusters: with the scipy installed the projected "
            "affinity matrix is sparse and has no `tolist()` (see the reproduction).")

#: (target, constraint or "*" for every constraint) -> (status it explains, or a tuple of
#: them; judgement).
COVER_NOTES: Dict[Tuple[str, str], Tuple[Any, str]] = {
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

_BUILTIN = ("**By definition (not counted as a bug).** The library's value equals metricprops' "
            "`{ref}` on every compared cover pair where both are defined (the differential "
            "check), and `{ref}` fails {constraint} too (docs/overlapping.md, \"What the "
            "framework proves or refutes\"): {why}")
_WHY = {
    "max_agreement": "a spurious cluster of one item (omega counts pairs of distinct items) "
                     "or a cluster of every item (zero entropy in the NMI forms) costs "
                     "nothing, so a cover that is not the truth scores the maximum.",
    "multiplicity_precision": "sharing more clusters than the truth is not penalised as "
                              "Amigó et al.'s multiplicity constraint requires.",
    "multiplicity_recall": "sharing fewer clusters than the truth is not penalised as "
                           "Amigó et al.'s multiplicity constraint requires.",
}
for _name, _ref in (("cdlib.cover.omega", "omega"), ("clusim.cover.omega_index", "omega"),
                    ("cdlib.cover.onmi_mgh", "onmi_mgh")):
    for _c, _why in _WHY.items():
        COVER_NOTES[(_name, _c)] = ("failed", _BUILTIN.format(ref=_ref, constraint=_c, why=_why))

COVER_NOTES[("clusim.cover.onmi", "*")] = (("failed", "error"), (
    "**Bug.** clusim's `onmi` is not the LFK overlapping NMI its docstring cites: its joint "
    "entropy has h(1 − P11) where the definition has h(P00) (see the reproduction), so its "
    "findings are those of another measure and are not judged one by one; it returns "
    "infinity where a cluster holds every item (a division by its zero entropy: the second "
    "reproduction)."))
COVER_NOTES[("clusim.cover.omega_index", "*")] = ("error", (
    "**Bug (edge case)** (covers that leave no room for chance give NaN). When every pair of "
    "items shares the same number of clusters in a cover (two all-singleton covers, or "
    "`{0 | 0 1 2}`) the expected agreement is 1 and the omega index is 0/0: clusim returns "
    "NaN, also on identical covers, whose declared value is 1; the library documents no such "
    "convention (the partition audit finds the same in `clusim.omega_index`)."))

#: Plan target on covers -> the same function's target in the partition plans: a partition
#: constraint checks a cover metric on partitions, where both are one function, so the
#: partition audit's judgement applies.
PARTITION_NAMES = {
    "cdlib.cover.omega": "cdlib.omega", "cdlib.cover.onmi_lfk": "cdlib.onmi_lfk",
    "cdlib.cover.onmi_mgh": "cdlib.onmi_mgh", "cdlib.cover.nf1": "cdlib.nf1",
    "cdlib.cover.f1": "cdlib.f1", "cdlib.cover.ecs": "cdlib.ecs",
    "clusim.cover.element_sim": "clusim.element_sim",
    "clusim.cover.omega_index": "clusim.omega_index"}

_NF1 = ("**Bug.** cdlib's `f1` and `nf1` count an item only in the first detected community "
        "that holds it (see the reproduction), so on overlapping covers their values are not "
        "the documented F1 and their findings on covers are not judged one by one.")
for _name in ("cdlib.cover.f1", "cdlib.cover.nf1"):
    for _c in ("max_agreement", "multiplicity_precision", "multiplicity_recall"):
        COVER_NOTES[(_name, _c)] = (("failed", "error"), _NF1)

COVER_NOTES[("cdlib.cover.omega", "max_agreement")] = (("failed", "error"), (
    "**Bug (edge case)** (covers that leave no room for chance raise). Where every pair of "
    "items shares the same number of clusters in a cover the expected agreement is 1 and "
    "the omega index is 0/0: cdlib raises `ZeroDivisionError`, also on identical covers, "
    "whose declared value is 1 (the partition audit finds the same in `cdlib.omega`).  Where "
    "it returns a value it equals metricprops' `omega`, which fails max agreement by "
    "definition (a spurious one-item cluster is invisible to pairs of distinct items)."))
COVER_NOTES[("cdlib.cover.onmi_lfk", "multiplicity_precision")] = ("failed", (
    "**Convention (not counted as a bug).** Both predictions hold a cluster of every item, "
    "whose LFK term H(X_k|Y)/H(X_k) is 0/0: cdlib takes it as 1 (the worst), metricprops' "
    "`onmi_lfk` as 0; metricprops' `onmi_lfk`, with the other convention, fails "
    "multiplicity precision as well (docs/overlapping.md), so the constraint fails by the "
    "LFK definition whichever convention is taken."))
