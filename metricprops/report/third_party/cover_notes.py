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
