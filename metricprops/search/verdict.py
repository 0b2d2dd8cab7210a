"""A check's verdict from its search: the status, the message and the findings.

The verdict is ``failed`` or ``error`` when the search has findings (the first, by
:meth:`~metricprops.search.Search.ordered`, heads the result; the others follow as
``findings``), else ``gave_up`` when the time budget, an undecided measurement or too few
valid instances stopped it (never a pass), else ``weak`` when it met ties, else ``passed``.
Every message says what was searched: "no counterexample among ..." is exactly that.
"""
from __future__ import annotations

from typing import Any, Optional

from ..constraint import Constraint, Evaluation, Instance
from ..errors import MetricCallError
from ..results.model import CheckResult, Counterexample, Finding, Status
from ..settings import Budget
from .core import Search, input_class

__all__ = ["verdict", "result"]


def _example(instance: Instance, evaluation: Evaluation) -> Counterexample:
    preds = dict(evaluation.shown) if evaluation.shown is not None else dict(instance.preds)
    return Counterexample.build(instance.truth, preds, evaluation.scores, evaluation.detail,
                                evaluation.extra)


def _finding(key: tuple, found: tuple, minimal: Optional[str] = None) -> Finding:
    instance, what, found_by, shrunk = found
    if hasattr(what, "finding"):  # the scale phase's evidence builds its own
        return what.finding(key)
    if isinstance(what, MetricCallError):
        return Finding("error", key[2], instance.n, found_by, True if found_by == "exhaustive"
                       else shrunk, Counterexample.from_call_error(what), reason=key[1],
                       minimal=minimal)
    return Finding("violation", key[2], instance.n, found_by, shrunk, _example(instance, what),
                   minimal=minimal)


_MINIMAL = {"proved": " Nothing smaller exists: the exhaustive phase checked every instance "
                      "with fewer items.",
            "local": " Minimised: removing any item or merging any two blocks loses it."}


def result(metric: Any, constraint: Constraint, status: str, **kw: Any) -> CheckResult:
    """A :class:`CheckResult` of ``metric`` on ``constraint`` (with the constraint's verdict
    note appended to a decided verdict's message)."""
    note = getattr(constraint, "verdict_note", None)
    if note and status in (Status.PASSED, Status.WEAK, Status.FAILED):
        text = note(metric, kw.get("exhaustive_n"), kw.get("max_items"))
        if text:
            kw["message"] = f"{kw.get('message', '')} {text}".strip()
    return CheckResult(metric=metric.name, constraint=constraint.name, status=status, **kw)


def verdict(m: Any, c: Constraint, search: Search, budget: Budget, seed: int) -> CheckResult:
    """The verdict of ``search`` (a finished search of ``c`` on ``m``)."""
    exhaustive_n, max_items = budget.exhaustive_n, budget.max_items
    common = dict(exhaustive_n=exhaustive_n, max_items=max_items, seed=seed,
                  tolerance=budget.tolerance, min_items=budget.min_items)
    examples = search.exhaustive + search.random
    explicit = f", {search.explicit} explicit instances" if search.explicit else ""
    # a time budget can stop the exhaustive phase part-way: then it saw the first N, not all
    every = "all" if search.exhaustive_done else "the first"
    scope = (f"{every} {search.exhaustive - search.explicit} instances with at most "
             f"{exhaustive_n} items{explicit} and {search.random} random instances with at "
             f"most {c.random_max_items(max_items)} items")
    if search.min_items > 1:
        scope = (f"{every} {search.exhaustive - search.explicit} instances with {search.min_items} "
                 f"to {exhaustive_n} items{explicit} and {search.random} random instances with "
                 f"{search.min_items} to {c.random_max_items(max_items)} items")
    common["scope"] = scope
    scope = f"{scope} (seed {common['seed']})"
    stopped = " The search stopped at the time budget." if search.out_of_time else ""
    notes = _candidate_note(search)
    findings = [_finding(k, v, search.minimal.get(k)) for k, v in search.ordered()]
    if findings:
        head = findings[0]
        more = len(findings) - 1
        also = (f" {more} more distinct finding{'s' if more > 1 else ''}: "
                + "; ".join(f.title() for f in findings[1:]) + "." if more else "")
        if head.kind == "error":
            message = head.example["message"]
            if also or stopped:
                message = message.rstrip(".") + "." + also + stopped
            return result(m, c, Status.ERROR, examples=examples, error=head.example,
                           message=message, found_by=head.found_by, findings=findings,
                           **common)
        how = ("exhaustive search" if head.found_by == "exhaustive" else
               "the scale phase, bisected" if head.found_by == "scale" else
               "random search, shrunk" if head.shrunk else "random search")
        return result(m, c, Status.FAILED, examples=examples, counterexample=head.example,
                       found_by=head.found_by, findings=findings,
                       message=f"{c.violation_message(head.items, how)}"
                               f"{_MINIMAL.get(head.minimal, '') if head.found_by != 'exhaustive' else ''}"
                               f"{also}{notes}{stopped}", **common)
    if search.out_of_time:
        return result(m, c, Status.GAVE_UP, examples=examples, message=(
            f"ran out of its share of the time budget after {scope}; no finding so far, "
            f"which is not a pass.{notes}"), **common)
    if search.undecided:
        return result(m, c, Status.GAVE_UP, examples=examples,
                       message=f"could not decide: {search.undecided}; not a pass.", **common)
    if search.unsatisfiable:
        return result(m, c, Status.GAVE_UP, examples=examples,
                       message=f"could not generate enough valid instances: "
                               f"{search.unsatisfiable}", **common)
    if examples == 0:
        return result(m, c, Status.GAVE_UP, examples=0,
                       message="no valid instance could be generated", **common)
    if search.tie:
        inst, ev = search.tie
        tie = _example(inst, ev)
        return result(m, c, Status.WEAK, examples=examples, tie=tie, findings=[
            Finding("tie", input_class(inst), inst.n, "exhaustive" if inst.n <= exhaustive_n
                    else "random", True, tie)],
            message=f"no violation, but ties (smallest shown) among {scope}.{notes}", **common)
    return result(m, c, Status.PASSED, examples=examples,
                   message=f"no counterexample among {scope}.{notes}", **common)


def _candidate_note(search: Search) -> str:
    screened = len(search.screened)
    if not screened:
        return ""
    return (f" Statistical screening: {screened} candidate{'s' if screened > 1 else ''}, "
            f"{search.confirmations} retested on fresh samples, {search.confirmed} confirmed.")


