"""Other libraries' overlapping measures: the cover plans audited, judged and compared.

:func:`overlapping_audit` runs the shipped plans ``cdlib_overlapping``,
``clusim_overlapping`` and ``networkit_overlapping`` (each target a metric of covers, see
:mod:`metricprops.plans.cover_adapters`), judges every failed or error pair with the rules
of the partition audit (bug, convention, by definition, out of domain:
:data:`metricprops.report.third_party.notes.RULE`), and compares each library's value with
metricprops' built-in metric of the same definition on the same covers (a differential
check: :data:`REFERENCES`).
"""
from __future__ import annotations

import dataclasses
import importlib
import random
from typing import Any, Callable, Dict, List, Optional, Tuple

from ...calls import silenced
from ...settings import REPORT_SEED

__all__ = ["PLANS", "REFERENCES", "QUICK_SETTINGS", "overlapping_audit", "differential",
           "judge"]

#: Shipped plan -> (distribution, module imported).
PLANS: Dict[str, Tuple[str, str]] = {
    "cdlib_overlapping": ("cdlib", "cdlib"),
    "clusim_overlapping": ("clusim", "clusim"),
    "networkit_overlapping": ("networkit", "networkit"),
}
#: Constraints checked on covers for a cover metric (the others check it on partitions).
COVER_FORMS = ("max_agreement", "multiplicity_precision", "multiplicity_recall",
               "partition_form")
#: Settings of a quick run (``quick=True``): a smoke test of the machinery, not a verdict.
QUICK_SETTINGS = {"max_examples": 5, "exhaustive_n": 2, "max_items": 6}


def _same(x: float) -> float:
    return x


def _one_minus(x: float) -> float:
    return 1.0 - x


#: Plan target -> (built-in metric of the same definition, map from the library's value to
#: the built-in's scale).
REFERENCES: Dict[str, Tuple[str, Callable[[float], float]]] = {
    "cdlib.cover.omega": ("omega", _same),
    "cdlib.cover.onmi_lfk": ("onmi_lfk", _same),
    "cdlib.cover.onmi_mgh": ("onmi_mgh", _same),
    "clusim.cover.onmi": ("onmi_lfk", _same),
    "clusim.cover.omega_index": ("omega", _same),
    "networkit.cover.OverlappingNMIDistance_max": ("onmi_mgh", _one_minus),
}
#: Why a library disagrees with the built-in (by plan target); a target not listed agrees.
EXPLANATIONS = {
    "clusim.cover.onmi": (
        "**Bug.** clusim's `onmi` computes the joint entropy of the cluster indicators X_k, "
        "Y_l as h(P11) + h(1 − P11) + h(P10) + h(P01), where the LFK definition (Lancichinetti, "
        "Fortunato & Kertész 2009, appendix B) has h(P11) + h(P10) + h(P01) + h(P00) with "
        "P00 = 1 − P10 − P01 − P11; the two agree only when P10 = P01 = 0.  The same wrong "
        "term enters the admissibility test h(P11) + h(P00) > h(P01) + h(P10).  Replacing "
        "h(P00) by h(1 − P11) in a plain-Python LFK reproduces clusim's value exactly; cdlib's "
        "`overlapping_normalized_mutual_information_LFK` and metricprops' `onmi_lfk` give the "
        "LFK value where no cluster holds every item; where one does, clusim divides by its "
        "zero entropy and returns infinity."),
    "cdlib.cover.onmi_lfk": (
        "**Convention (not counted as a bug).** LFK normalise H(X_k|Y) by H(X_k), which is 0 "
        "for a cluster holding every item: cdlib takes that cluster's term as 1 (the worst), "
        "metricprops' `onmi_lfk` as 0 (nothing is uncertain about it).  On every 7th of the "
        "11,907 cover pairs up to 3 items, all 1,398 disagreements have such a cluster and "
        "no pair without one disagrees."),
    "clusim.cover.omega_index": (
        "**Bug (edge case).** Where every pair of items shares the same number of clusters "
        "in a cover the expected agreement is 1 and the index is 0/0: clusim returns NaN "
        "(metricprops' `omega` 1.0, as for the adjusted Rand index); elsewhere they agree."),
}


def _library_installed(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def judge(result: Dict[str, Any]) -> Optional[str]:
    """The judgement of one result of a cover plan (``None`` when it passed or is not
    judged): its note in :data:`~metricprops.report.third_party.cover_notes.COVER_NOTES`, or
    the partition audit's judgement of the same function on a partition constraint."""
    from .cover_notes import COVER_NOTES, PARTITION_NAMES
    from .pages import judgement

    if result["status"] not in ("failed", "error"):
        return None
    for key in ((result["metric"], result["constraint"]), (result["metric"], "*")):
        note = COVER_NOTES.get(key)
        if note is not None and result["status"] in (
                note[0] if isinstance(note[0], tuple) else (note[0],)):
            return note[1]
    same = PARTITION_NAMES.get(result["metric"])
    if same is None or result["constraint"] in COVER_FORMS:
        return None
    return judgement({**result, "metric": same})


def differential(targets: Dict[str, Any], seed: int = REPORT_SEED,
                 pairs: int = 40) -> List[Dict[str, Any]]:
    """Each target of :data:`REFERENCES` (of ``targets``: name -> Metric) against its
    built-in on ``pairs`` cover pairs of at most 3 items drawn with ``seed``: how many agree
    (within 1e-9), the largest difference and the pair that shows it."""
    from ...covers.strategies import cover_pairs_exhaustive
    from ...registry import get_metric

    every = list(cover_pairs_exhaustive(3))
    chosen = random.Random(seed).sample(every, min(pairs, len(every)))
    out = []
    for name, (ref, scale) in REFERENCES.items():
        if name not in targets:
            continue
        builtin, lib = get_metric(ref), targets[name].func
        worst: Tuple[float, Any] = (0.0, None)
        agree = 0
        for t, p in chosen:
            with silenced():  # a library's warnings, as in every check
                theirs = scale(float(lib(t, p)))
            ours = float(builtin(t, p))
            diff = abs(theirs - ours) if theirs == theirs else float("inf")
            agree += diff <= 1e-9
            if diff > worst[0]:
                worst = (diff, {"truth": t.notation(), "pred": p.notation(),
                                "library": theirs, "reference": ours})
        out.append({"metric": name, "reference": ref, "pairs": len(chosen), "agree": agree,
                    "max_difference": worst[0], "example": worst[1],
                    "explanation": EXPLANATIONS.get(name, "")})
    return out


def overlapping_audit(seed: int = REPORT_SEED, quick: bool = False,
                      progress: Optional[Callable[[int, int, str, str], None]] = None
                      ) -> Dict[str, Any]:
    """Audit the overlapping plans of the installed libraries; judge and compare.

    Returns a JSON-ready dict: ``seed``, ``quick``, ``missing`` (distributions not
    installed, their plans left out), ``libraries``, ``metrics`` and ``results`` (as
    :func:`metricprops.report.third_party.libraries.audit_libraries` gives them),
    ``judgements`` (one entry per failed or error result: ``metric``, ``constraint``,
    ``status``, ``judgement`` -- a text starting with "**Bug", "**Convention", "**By
    definition" or "**Out of domain", or ``None`` when not yet judged), ``bugs`` (each bug of
    :data:`~metricprops.report.third_party.bugs.COVER_BUGS` of an audited library, as a dict:
    distribution, title, explanation, code, shows, upstream) and ``differential``
    (:func:`differential`).  ``quick`` runs :data:`QUICK_SETTINGS` instead of the plans'
    budgets (a smoke test; its verdicts are not the report's).
    """
    from ...plans.plan import load_plan
    from .bugs import COVER_BUGS
    from .libraries import audit_libraries

    plans, missing = [], []
    for name, (dist, module) in PLANS.items():
        if not _library_installed(module):
            missing.append(dist)
            continue
        plan = load_plan(name)
        if quick:
            plan = dataclasses.replace(plan, settings={**plan.settings, **QUICK_SETTINGS})
        plans.append(plan)
    found = audit_libraries(plans, seed, progress,
                            distributions={name: dist for name, (dist, _) in PLANS.items()})
    judgements = [{"metric": r["metric"], "constraint": r["constraint"], "status": r["status"],
                   "judgement": judge(r)}
                  for r in found["results"] if r["status"] in ("failed", "error")]
    targets = {t.name: t.metric(p.base) for p in plans for t in p.targets}
    audited = {lib["distribution"] for lib in found["libraries"]}
    bugs = [dataclasses.asdict(b) for b in COVER_BUGS if b.distribution in audited]
    return {"seed": seed, "quick": quick, "missing": missing, **found,
            "judgements": judgements, "bugs": bugs,
            "differential": differential(targets, seed, pairs=10 if quick else 40)}
