"""A check's verdict from its search: the status, the message, the findings, the evidence.

The verdict is ``failed`` or ``error`` when the search has findings (the first, by
:meth:`~metricprops.search.Search.ordered`, heads the result; the others follow as
``findings``), else ``gave_up`` when the time budget, an undecided measurement or too few
valid instances stopped it (never a pass), else ``weak`` when it met ties (the smallest
tie of each input class is a finding), else ``passed``.  Every message says what was
searched: "no counterexample among ..." is exactly that, and ``evidence`` says it as data
(:mod:`metricprops.results.evidence`); a proof (:mod:`metricprops.search.proofs`) upgrades a
pass to ``proved``.

An ``error`` whose every error finding is on degenerate input (fewer than two items, one
block, all singletons: where metrics use conventions such as 0/0) keeps its status, and
carries the verdict on the other inputs as ``ordinary_status``: a convention does not drown
what the check found, or did not find, on every other input.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..constraint import Constraint, Evaluation, Instance
from ..errors import MetricCallError
from ..results.model import CheckResult, Counterexample, Finding, Status
from ..results.words import items, joined, plural
from ..settings import Budget
from .core import Search
from .declared import CONVENTION
from .proofs import proof_evidence

__all__ = ["verdict", "result"]

DEGENERATE = "degenerate"


def _example(instance: Optional[Instance], evaluation: Evaluation) -> Counterexample:
    """The example of a finding: the instance's partitions (or the ones the evaluation shows)
    with its scores; none when the scores are not the instance's (``instance=None``, or an
    evaluation at values no partitions have)."""
    if instance is None or not evaluation.partitions:
        return Counterexample.build(None, {}, evaluation.scores, evaluation.detail,
                                    evaluation.extra)
    preds = dict(evaluation.shown) if evaluation.shown is not None else dict(instance.preds)
    return Counterexample.build(instance.truth, preds, evaluation.scores, evaluation.detail,
                                evaluation.extra)


def _finding(key: tuple, found: tuple, minimal: Optional[str] = None,
             measures: bool = False) -> Finding:
    instance, what, found_by, shrunk = found
    if hasattr(what, "finding"):  # the scale phase's evidence builds its own
        return what.finding(key)
    cause = key[3] or None
    if measures and isinstance(what, Evaluation):  # a timing verdict: no instance shown
        return Finding("violation", "measured", 0, "measurement", False, _example(None, what),
                       cause=cause)
    if key[0] == CONVENTION:  # explained by a declared convention: never a failure
        example = (Counterexample.from_call_error(what) if isinstance(what, MetricCallError)
                   else _example(instance, what))
        return Finding(CONVENTION, key[2], instance.n, found_by, shrunk or found_by ==
                       "exhaustive", example, reason=key[1] or None, minimal=minimal,
                       cause=cause)
    if isinstance(what, MetricCallError):
        return Finding("error", key[2], instance.n, found_by, True if found_by == "exhaustive"
                       else shrunk, Counterexample.from_call_error(what), reason=key[1],
                       minimal=minimal, cause=cause)
    return Finding("violation", key[2], instance.n, found_by, shrunk, _example(instance, what),
                   minimal=minimal, cause=cause)


def _ties(search: Search, exhaustive_n: int) -> List[Finding]:
    """The smallest tie of each input class, smallest first (the first is the headline)."""
    ties = sorted(search.ties.items(), key=lambda kv: kv[1][0].size_key())
    return [Finding("tie", cls, inst.n, "exhaustive" if inst.n <= exhaustive_n else "random",
                    True, _example(inst, ev)) for cls, (inst, ev) in ties]


_MINIMAL = {"proved": " Nothing smaller exists: the exhaustive phase checked every instance "
                      "with fewer items.",
            "local": " Minimised: removing any item or merging any two blocks loses it."}
_HOW = {"exhaustive": "exhaustive search", "scale": "the scale phase, bisected",
        "measurement": "a measurement"}
_DEGENERATE_INPUTS = "one block, all singletons or fewer than two items"


def result(metric: Any, constraint: Constraint, status: str, **kw: Any) -> CheckResult:
    """A :class:`CheckResult` of ``metric`` on ``constraint`` (with the constraint's verdict
    note appended to a decided verdict's message)."""
    note = getattr(constraint, "verdict_note", None)
    if note and status in (Status.PASSED, Status.WEAK, Status.FAILED):
        text = note(metric, kw.get("exhaustive_n"), kw.get("max_items"))
        if text:
            kw["message"] = f"{kw.get('message', '')} {text}".strip()
    return CheckResult(metric=metric.name, constraint=constraint.name, status=status, **kw)


def _scope(search: Search, c: Constraint, budget: Budget) -> str:
    """What was searched, in words."""
    # a time budget can stop the exhaustive phase part-way: then it saw the first N, not all
    every = "all" if search.exhaustive_done else "the first"
    low = f"{search.min_items} to " if search.min_items > 1 else "at most "  # items
    enumerated = search.exhaustive - search.explicit
    explicit = (f", {plural(search.explicit, 'explicit instance')}" if search.explicit
                else "")
    first = ("the only instance" if enumerated == 1 and every == "all" else
             "the first instance" if enumerated == 1 else
             f"{every} {plural(enumerated, 'instance')}")
    return (f"{first} with {low}{items(budget.exhaustive_n)}{explicit} and "
            f"{plural(search.random, 'random instance')} with {low}"
            f"{items(c.random_max_items(budget.max_items))}")


def _checked(c: Constraint, m: Any, search: Search, budget: Budget, seed: int
             ) -> Dict[str, Any]:
    """The evidence of what the search checked (``exhaustive`` or ``sampled``; the
    constraint's own, as ``scaling``'s measurement, when it gives one)."""
    own = getattr(c, "evidence", None)
    given = own(m) if callable(own) else None
    if given:
        return dict(given)
    limit = c.exhaustive_limit(budget.exhaustive_n) if search.exhaustive_done else 0
    enumerated = search.exhaustive - search.explicit
    out: Dict[str, Any] = {"kind": "exhaustive" if limit >= max(1, search.min_items)
                           and enumerated else "sampled"}
    if out["kind"] == "exhaustive":
        out["n"] = limit
    out["instances"] = search.exhaustive
    if search.min_items > 1:
        out["min_items"] = search.min_items
    out.update(count=search.random, max_items=c.random_max_items(budget.max_items), seed=seed)
    return out


def _candidate_note(search: Search) -> str:
    screened = len(search.screened)
    if not screened:
        return ""
    return (f" Statistical screening: {plural(screened, 'candidate')}, "
            f"{search.confirmations} retested on fresh samples, {search.confirmed} confirmed.")


def _tie_place(ties: List[Finding]) -> str:
    classes = {t.input for t in ties}
    if classes == {DEGENERATE}:
        return f"ties only on degenerate inputs ({_DEGENERATE_INPUTS})"
    ordinary = joined(sorted(cls for cls in classes if cls != DEGENERATE))
    return f"ties on {ordinary} inputs" + (" and on degenerate ones" if DEGENERATE in classes
                                          else "")


def _declared_note(declared: List[Finding]) -> str:
    """The sentence on the findings a declared convention explains."""
    return (f"{plural(len(declared), 'convention (declared) finding')}, not failures: "
            + "; ".join(f.title() for f in declared) + ".")


def _decide(c: Constraint, search: Search, findings: List[Finding], ties: List[Finding],
            checked: Dict[str, Any], scope: str, seed: int) -> Dict[str, Any]:
    """The verdict of ``findings`` and ``ties`` (of some input classes): ``status``,
    ``message`` and the result fields that go with them."""
    stopped = " The search stopped at the time budget." if search.out_of_time else ""
    scoped = f"{scope} (seed {seed})"
    if findings:
        head, more = findings[0], len(findings) - 1
        also = (f" {more} more distinct finding{'s' if more > 1 else ''}: "
                + "; ".join(f.title() for f in findings[1:]) + "." if more else "")
        key = (head.kind, head.reason or "", head.input, head.cause or "")
        confirmed = head.kind == "violation" and key in search.confirmed_keys
        evidence = {"kind": "counterexample", "found_by": head.found_by}
        if confirmed:
            evidence["confirmed"] = True
        if head.kind == "error":
            message = head.example["message"]
            if also or stopped:
                message = message.rstrip(".") + "." + also + stopped
            return dict(status=Status.ERROR, error=head.example, message=message,
                        found_by=head.found_by, findings=findings, evidence=evidence)
        how = _HOW.get(head.found_by, "random search, shrunk" if head.shrunk else
                       "random search")
        minimal = _MINIMAL.get(head.minimal, "") if head.found_by != "exhaustive" else ""
        note = (" Confirmed by a statistical test on fresh samples, independent of the "
                "search." if confirmed else "")
        if key in search.nondeterministic:  # the values changed when scored again
            return dict(status=Status.FAILED, counterexample=head.example,
                        found_by=head.found_by, findings=findings, evidence=evidence,
                        message=f"nondeterministic: the smallest violation "
                                f"({items(head.items)}, {how}) gave other values when scored "
                                f"again, so it says nothing about the formula (see the "
                                f"determinism check).{also}{stopped}")
        return dict(status=Status.FAILED, counterexample=head.example, found_by=head.found_by,
                    findings=findings, evidence=evidence,
                    message=f"{c.violation_message(head.items, how)}{minimal}{also}{note}"
                            f"{stopped}")
    notes = _candidate_note(search)
    if search.out_of_time:
        return dict(status=Status.GAVE_UP, message=(
            f"ran out of its share of the time budget after {scoped}; no finding so far, "
            f"which is not a pass.{notes}"))
    if search.undecided:
        return dict(status=Status.GAVE_UP,
                    message=f"could not decide: {search.undecided}; not a pass.")
    if search.unsatisfiable:
        return dict(status=Status.GAVE_UP, message=f"could not generate enough valid "
                                                   f"instances: {search.unsatisfiable}")
    if search.exhaustive + search.random == 0:
        return dict(status=Status.GAVE_UP, message="no valid instance could be generated")
    if ties:
        return dict(status=Status.WEAK, tie=ties[0].example, findings=ties, evidence=checked,
                    message=f"no violation, but {_tie_place(ties)} (smallest shown) among "
                            f"{scoped}.{notes}")
    if checked.get("detail"):  # the constraint's reading of its pass (a witness, ...)
        return dict(status=Status.PASSED, evidence=checked,
                    message=f"{checked['detail']}; searched {scoped}.{notes}")
    return dict(status=Status.PASSED, evidence=checked,
                message=f"no counterexample among {scoped}.{notes}")


def verdict(m: Any, c: Constraint, search: Search, budget: Budget, seed: int) -> CheckResult:
    """The verdict of ``search`` (a finished search of ``c`` on ``m``)."""
    scope = _scope(search, c, budget)
    common = dict(exhaustive_n=budget.exhaustive_n, max_items=budget.max_items, seed=seed,
                  tolerance=budget.tolerance, min_items=budget.min_items, scope=scope,
                  examples=search.exhaustive + search.random)
    measures = bool(getattr(c, "measures", False))
    findings = [_finding(k, v, search.minimal.get(k), measures) for k, v in search.ordered()]
    declared = [f for f in findings if f.kind == CONVENTION]
    findings = [f for f in findings if f.kind != CONVENTION]
    ties = _ties(search, budget.exhaustive_n)
    checked = _checked(c, m, search, budget, seed)
    decided = _decide(c, search, findings, ties, checked, scope, seed)
    if search.flaky and c.name != "determinism":
        decided["message"] = (f"{decided['message'].rstrip('.')}. Replayed by the search, an "
                              f"instance gave other values: the metric is nondeterministic "
                              f"(see the determinism check).")
    if search.skipped:
        decided["message"] = (f"{decided['message'].rstrip('.')}. After the time-out the search "
                              f"skipped the other {joined(sorted(search.skipped))} inputs and "
                              f"went on with the others.")
    errors = [f for f in findings if f.kind == "error"]
    others = sum(k for cls, k in search.tried.items() if cls != DEGENERATE)
    if errors and all(f.input == DEGENERATE for f in errors) and others:
        other = _decide(c, search, [f for f in findings if f.input != DEGENERATE],
                        [t for t in ties if t.input != DEGENERATE], checked, scope, seed)
        decided["ordinary_status"] = other["status"]
        decided["evidence"] = other.get("evidence")
        decided["message"] = (f"{decided['message'].rstrip('.')}. Errors on degenerate inputs "
                              f"only ({_DEGENERATE_INPUTS}); on the other inputs "
                              f"({plural(others, 'instance')}): {other['status']}, "
                              f"{other['message']}")
    if decided["status"] == Status.PASSED and not declared:  # a proof of the strict form
        decided["evidence"] = proof_evidence(m, c, decided["evidence"])
    if declared:
        decided["findings"] = decided.get("findings", []) + declared
        decided["message"] = (f"{decided['message'].rstrip()} {_declared_note(declared)}")
    return result(m, c, decided.pop("status"), **decided, **common)
