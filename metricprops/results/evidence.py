"""How a verdict was established: a result's ``evidence``, in JSON, in words and as a mark.

A result's ``evidence`` is a dict whose ``kind`` is

* ``"proved"`` -- for every number of items, by a symbolic proof: ``statement`` (what was
  proved) and ``by`` (how), with what the search checked besides (the keys below);
* ``"exhaustive"`` -- every instance with at most ``n`` items was checked (``instances`` of
  them, from ``min_items`` items when that is more than 1), and ``count`` random instances
  with at most ``max_items`` items (``seed``);
* ``"sampled"`` -- ``count`` random instances with at most ``max_items`` items (``seed``),
  with no complete enumeration of any size (``instances`` instances were enumerated);
* ``"measured"`` -- a measurement (``scaling``): what was measured is under ``measured``,
  which the JSON carries only with timings (it differs between runs);
* ``"witness"`` -- an existential claim shown by an instance (``symmetry`` on a metric
  declared asymmetric: ``witness``, the asymmetric pair); ``symbol`` (``≠``) replaces the
  cell's ``✓`` and ``reads`` says it in words ("asymmetric, as declared"), ``detail`` in a
  sentence;
* ``"counterexample"`` -- a finding decided it (``found_by``: ``exhaustive``, ``random``,
  ``scale``; ``confirmed`` when a statistical test on fresh samples confirmed it).

``gave_up`` and ``not_applicable`` results have none (``null``).  In a table, a ``✓`` or
``≈`` cell carries the mark of its evidence (:func:`mark`): ``∀`` proved, the subscript
``n`` of an exhaustive search (``✓₅``: every instance up to 5 items), ``~`` sampled or
measured.
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional

from .words import items, plural, subscript

__all__ = ["mark", "text", "checked", "without_measurements", "MEASURED"]

#: Key of measurements that differ between identical runs (shown with timings only).
MEASURED = "measured"


def mark(evidence: Optional[Mapping[str, Any]]) -> str:
    """The mark a table puts after a ``✓`` or ``≈`` of this evidence."""
    kind = (evidence or {}).get("kind")
    if kind == "proved":
        return "∀"
    if kind == "exhaustive":
        return subscript(int(evidence["n"]))  # type: ignore[index]
    if kind in ("sampled", "measured"):
        return "~"
    return ""


def checked(e: Mapping[str, Any]) -> str:
    """What the search checked, in words (``every instance with at most 5 items (...) and
    200 random instances ...``)."""
    parts = []
    if e.get("n"):
        low = e.get("min_items", 1)
        size = (f"{low} to {e['n']} items" if low > 1 else f"at most {items(e['n'])}")
        parts.append(f"every instance with {size} ({plural(e.get('instances', 0), 'instance')})")
    if e.get("count"):
        parts.append(f"{plural(e['count'], 'random instance')} with at most "
                     f"{items(e['max_items'])} (seed {e['seed']})")
    return " and ".join(parts)


def text(evidence: Optional[Mapping[str, Any]], timings: bool = True) -> str:
    """The evidence in words (one sentence, no final stop)."""
    if not evidence:
        return ""
    e, kind = evidence, evidence.get("kind")
    if kind == "proved":
        also = checked(e)
        return (f"proved for every number of items: {e['statement']}"
                + (f" (checked besides on {also})" if also else ""))
    if kind == "exhaustive":
        return f"checked on {checked(e)}"
    if kind == "sampled":
        return (f"sampled: checked on {checked(e)}, with no complete enumeration"
                if e.get("count") else "sampled: no complete enumeration")
    if kind == "measured":
        measured = e.get(MEASURED) or {}
        summary = measured.get("headline") or measured.get("summary")
        return "measured" + (f": {summary}" if summary and timings else "")
    if kind == "witness":
        return e.get("detail") or e.get("reads", "witness")
    if kind == "counterexample":
        how = {"exhaustive": "exhaustive search", "random": "random search",
               "scale": "the scale phase"}.get(e.get("found_by", ""), "the search")
        confirmed = ", confirmed by a statistical test on fresh samples" if e.get(
            "confirmed") else ""
        return f"a counterexample found by {how}{confirmed}"
    return str(kind)


def without_measurements(evidence: Optional[Dict[str, Any]], timings: bool
                         ) -> Optional[Dict[str, Any]]:
    """The JSON form: without its :data:`MEASURED` key unless ``timings``."""
    if evidence is None or timings or MEASURED not in evidence:
        return evidence
    return {k: v for k, v in evidence.items() if k != MEASURED}
