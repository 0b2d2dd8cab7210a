"""Reproduction of Gösgens, Tikhonov & Prokhorenkova (ICML 2021)'s table of indices × properties.

Every index of the paper that we have as a built-in is audited against the nine properties
(:data:`~.goesgens_table.PROPERTIES`) with the default search and a fixed seed, and each cell
is set beside the reference table (:mod:`.goesgens_table`, a reconstruction: see there).

Our verdict on a cell is "yes", "no" or "n/a":

* ``passed`` -> yes; ``failed`` or ``weak`` -> no (the properties are strict: a tie where
  a strict inequality is required is a counterexample).
* Monotonicity and strong monotonicity are read on non-trivial partitions, as the paper
  does (1 < blocks < items on the truth's side: on a one-block or all-singletons truth,
  NMI, ARI or CC are one constant by convention): a finding only on such inputs leaves the
  cell a yes, and the cell says so.
* Symmetry of a metric declared asymmetric: the check passes when it finds an asymmetric
  pair -- the cell is then a no.
* A metric with no perfect value (SMI) is not auditable for maximal agreement or distance;
  we show instead that Q(A, A) is not one constant (so no c_max exists, and no linear
  transform c_max − Q is a metric): a no, with the two partitions.

Every cell where we and the reference disagree carries its explanation
(:data:`~.goesgens_notes.EXPLANATIONS`, checked by hand) and a counterexample.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

from ..enumeration import set_partitions
from ..metrics.base import growth_exponent
from ..registry import get_metric, list_metrics
from .goesgens_notes import EXPLANATIONS
from .goesgens_table import INDICES, PAPER, PAPER_NOTES, PROPERTIES

__all__ = ["run", "our_cell", "compare", "QUICK_BUDGET", "ON_NONTRIVIAL"]

#: A smoke run's budget (a few seconds a check; not what the committed report uses).
QUICK_BUDGET = {"max_examples": 5, "exhaustive_n": 3, "max_items": 8, "scale_max_n": 0}
#: Properties a smoke run leaves out (timing 17 metrics costs more than the rest of it).
QUICK_LEFT_OUT = ("scaling",)
#: Properties read on non-trivial truths (a degenerate-only finding leaves a yes).
ON_NONTRIVIAL = ("monotonicity", "strong_monotonicity")


def _notation(labels: List[int]) -> str:
    from ..partition import Partition
    return Partition.from_labels(labels).notation()


def _finding_example(finding: Any) -> Optional[dict]:
    example = finding.example
    return None if example is None else dict(example.to_json())


def self_scores(metric: Any, max_n: int = 5) -> Optional[Dict[str, Any]]:
    """Two non-trivial partitions A with different Q(A, A), or ``None`` if Q(A, A) is one
    constant on every non-trivial partition of 3 to ``max_n`` items."""
    seen: Dict[float, Any] = {}
    for n in range(3, max_n + 1):
        for a in set_partitions(n):
            if 1 < a.n_blocks < n:
                value = float(metric(a.tolist(), a.tolist()))
                seen.setdefault(round(value, 12), a)
    if len(seen) < 2:
        return None
    low, high = min(seen), max(seen)
    return {"low": {"partition": seen[low].notation(), "value": low},
            "high": {"partition": seen[high].notation(), "value": high}}


def our_cell(result: Any, metric: Any) -> Dict[str, Any]:
    """Our verdict on one cell from its check (see the module docstring)."""
    status, prop = str(result.status), result.constraint
    cell: Dict[str, Any] = {"status": status, "message": result.message}
    evidence = result.evidence or {}
    if evidence.get("kind"):
        cell["evidence"] = evidence["kind"]  # proved / exhaustive / sampled / witness ...
    if status == "not_applicable":
        if prop in ("max_agreement", "distance") and metric.perfect is None:
            found = self_scores(metric)
            if found is not None:
                cell.update(value="no", example={"self_scores": found},
                            why="Q(A, A) is not one constant, so there is no c_max")
                return cell
        cell.update(value="n/a", why=result.message)
        return cell
    if status in ("error", "gave_up"):
        cell.update(value="?", why=result.message)
        return cell
    if prop == "scaling":  # linear complexity: a declared linear growth the timing confirms
        linear = growth_exponent(metric.complexity, metric.name) <= 1
        cell.update(value="yes" if linear and status == "passed" else "no",
                    why=f"declared complexity {metric.complexity}, {status} the timing")
        return cell
    if prop == "symmetry" and metric.symmetric is False:
        cell.update(value="no" if status == "passed" else "yes",
                    why="declared asymmetric; " + ("an asymmetric pair was found"
                                                  if status == "passed" else
                                                  "no asymmetric pair was found"))
        witness = (result.evidence or {}).get("witness")
        if status == "passed" and witness:
            cell["example"] = {"notation": {"A": _notation(witness["a"]),
                                            "B": _notation(witness["b"])},
                               "scores": {"Q(A,B)": witness["a_b"], "Q(B,A)": witness["b_a"]}}
        return cell
    relevant = [f for f in result.findings if f.kind in ("violation", "tie")]
    if prop in ON_NONTRIVIAL and relevant and all(f.input != "ordinary" for f in relevant):
        cell.update(value="yes", on_trivial_only=_finding_example(relevant[0]))
        return cell
    if prop in ON_NONTRIVIAL:
        relevant = [f for f in relevant if f.input == "ordinary"]
    if status == "passed":
        cell.update(value="yes")
        return cell
    cell.update(value="no")
    if relevant:
        cell.update(finding=relevant[0].kind, input=relevant[0].input,
                    example=_finding_example(relevant[0]))
    return cell


def compare(audit_result: Any, metrics: Dict[str, Any]) -> List[Dict[str, Any]]:
    """One row per (index, property): the reference, ours, and how they compare."""
    rows = []
    for paper_name, ours_name, _ in INDICES:
        for prop_name, prop in PROPERTIES:
            ref = dict(PAPER[(paper_name, prop)])
            if (paper_name, prop) in PAPER_NOTES:
                ref["note"] = PAPER_NOTES[(paper_name, prop)]
            row: Dict[str, Any] = {"index": paper_name, "metric": ours_name,
                                   "property": prop_name, "constraint": prop, "paper": ref}
            if ours_name not in metrics:
                row.update(ours={"value": "lacking"}, agreement="lacking")
                rows.append(row)
                continue
            try:
                checked = audit_result.get(ours_name, prop)
            except KeyError:  # an interrupted audit, or a quick run without the timing
                why = ("interrupted" if not audit_result.complete else
                       "a quick run leaves out the timing")
                row.update(ours={"status": f"not checked ({why})", "value": "?"},
                           agreement="undecided")
                rows.append(row)
                continue
            ours = our_cell(checked, metrics[ours_name])
            row["ours"] = ours
            row["agreement"] = _agreement(ref["value"], ours["value"])
            if (paper_name, prop) in EXPLANATIONS:
                row["explanation"] = EXPLANATIONS[(paper_name, prop)]
            rows.append(row)
    return rows


def _agreement(paper: str, ours: str) -> str:
    if ours == "?":
        return "undecided"
    if paper == "n/a":
        return "both n/a" if ours == "n/a" else "not in the paper's table"
    return "agree" if paper == ours else "disagree"


def _covers(audited: Any, seed: int, metrics: List[str], properties: List[str],
            knobs: Dict[str, Any]) -> bool:
    """Whether ``audited`` (an :class:`~metricprops.AuditResult`) holds every pair this
    reproduction audits, with its seed and budget: each pair's result is then the one its own
    audit would give (a pair's seed depends on the pair alone, :func:`~metricprops.checker.
    pair_seed`)."""
    from ..settings import Budget

    budget = Budget(**knobs)
    if audited.seed != seed or not audited.complete or any(
            audited.settings.get(k) != getattr(budget, k) for k in audited.settings):
        return False
    held = {(r.metric, r.constraint) for r in audited.results}
    return all((m, c) in held for m in metrics for c in properties)


def run(*, seed: int, quick: bool = False, jobs: Optional[int] = None,
        progress: Optional[Callable[..., Any]] = None,
        audited: Any = None) -> Dict[str, Any]:
    """Audit the paper's indices and compare; a JSON-ready dict (schema 1).

    ``audited``: an audit that already holds these pairs with this seed and budget (the
    report's audit of the built-ins); its results are read instead of checking them again.
    """
    from ..checker import audit
    from ..settings import Run

    known = {m.name for m in list_metrics()}
    metrics = {ours: get_metric(ours) for _, ours, _ in INDICES if ours in known}
    knobs: Dict[str, Any] = dict(QUICK_BUDGET) if quick else {}
    properties = [prop for _, prop in PROPERTIES
                  if not (quick and prop in QUICK_LEFT_OUT)]
    if audited is not None and _covers(audited, seed, list(metrics), properties, knobs):
        result = audited
    else:
        budget = dict(knobs)
        if jobs is not None:  # else the ambient run (metricprops report --jobs N)
            budget["run"] = Run(jobs=jobs)
        result = audit(list(metrics), properties, seed=seed, progress=progress, **budget)
    return tabulate(result, seed=seed, quick=quick)


def tabulate(result: Any, *, seed: int, quick: bool = False) -> Dict[str, Any]:
    """The reproduction's JSON-ready dict from the audit ``result`` of the paper's indices; an
    interrupted audit (``complete`` false) gives ``"complete": false`` and ``?`` for the pairs
    it did not check."""
    known = {m.name for m in list_metrics()}
    metrics = {ours: get_metric(ours) for _, ours, _ in INDICES if ours in known}
    rows = compare(result, metrics)
    summary: Dict[str, int] = {}
    for row in rows:
        summary[row["agreement"]] = summary.get(row["agreement"], 0) + 1
    unexplained = [f"{r['index']} × {r['property']}" for r in rows
                   if r["agreement"] == "disagree" and "explanation" not in r]
    partial = {} if result.complete else {"complete": False}
    return {"schema": 1, "seed": seed, "quick": quick, **partial,
            "budget": {k: result.settings[k] for k in ("max_examples", "exhaustive_n",
                                                       "max_items")},
            "indices": [{"paper": p, "metric": m, "what": w, "lacking": m not in metrics}
                        for p, m, w in INDICES],
            "properties": [{"paper": p, "constraint": c} for p, c in PROPERTIES],
            "rows": rows, "summary": summary, "unexplained": unexplained}
