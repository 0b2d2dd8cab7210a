"""Assertions for your own test suite: regression-test a metric implementation in CI.

* :func:`assert_satisfies` -- the metric satisfies the given constraints (the six constraints
  of the ELM paper when none is named); on failure the :class:`AssertionError` shows, for
  every constraint that does not hold, the smallest counterexample in block notation
  (``{0 1 | 2}``) with the metric's scores, and the seed that replays it.
* :func:`assert_agrees` -- two implementations give the same value on every pair of
  partitions (within a tolerance): differential testing against a reference.

Under pytest, the ``metricprops`` plugin sets the defaults of ``seed`` and ``max_examples``
from ``--metricprops-seed`` / ``--metricprops-max-examples`` (through
:func:`metricprops.settings.defaults`); explicit arguments always win.  Outside pytest the
seed is drawn per call (and printed in the failure message) and the checker's budgets apply.

Verdicts and what passes: ``passed`` passes; ``weak`` (no violation, but ties where a strict
constraint wants a strict improvement) passes unless ``strict=True``; ``failed``, ``error``,
``gave_up`` (too few valid instances, the time budget, or a property that could not be
measured: never a pass) and ``not_applicable`` (the metric lacks
metadata the constraint needs -- an assertion about it cannot hold) fail.

Calling these inside a hypothesis ``@given`` test nests one hypothesis search in another,
which hypothesis reports with ``HealthCheck.nested_given``.  The assertions suppress that
health check for their own inner search; the outer test still needs ``deadline=None`` (its
deadline covers the whole body, including the check) and a small ``max_examples``.

This module imports only the standard library; the checker (numpy, hypothesis) is loaded
when an assertion runs.
"""
from __future__ import annotations

import contextlib
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from .settings import ambient_seed, check_seed, current_defaults, draw_seed

__all__ = ["assert_satisfies", "assert_agrees", "assert_no_new_findings"]

def _resolve(seed: Optional[int], max_examples: Optional[int], options: Dict[str, Any],
             caller: str) -> Tuple[int, Any, Any]:
    """(seed, budget, run) of an assertion: its arguments over
    :func:`metricprops.settings.defaults` (what the pytest plugin set) over the built-in
    defaults."""
    from .checker import resolve_knobs

    if max_examples is not None:
        options = {**options, "max_examples": max_examples}
    budget, run = resolve_knobs(caller, options.pop("budget", None), options.pop("run", None),
                                options)
    if seed is None:
        seed = ambient_seed()
    return (draw_seed() if seed is None else check_seed(seed)), budget, run


@contextlib.contextmanager
def _nested_given_allowed() -> Iterator[None]:
    """Suppress ``HealthCheck.nested_given`` for a search started inside a ``@given`` test.

    Hypothesis checks for nesting when the inner ``@given`` is applied, against the settings in
    force at that moment (the outer test's); this makes those settings suppress the check.
    """
    try:
        from hypothesis import HealthCheck, currently_in_test_context, settings
        from hypothesis._settings import local_settings
    except ImportError:  # pragma: no cover - very old or very new hypothesis
        yield
        return
    nested = getattr(HealthCheck, "nested_given", None)
    if nested is None or not currently_in_test_context():
        yield
        return
    current = settings.default
    suppressed = list(dict.fromkeys(list(current.suppress_health_check) + [nested]))
    with local_settings(settings(parent=current, suppress_health_check=suppressed)):
        yield


# -- assert_satisfies -------------------------------------------------------------------
def _flatten(constraints: Sequence[Any]) -> List[Any]:
    out: List[Any] = []
    for c in constraints:
        if isinstance(c, (list, tuple)):
            out.extend(c)
        else:
            out.append(c)
    return out


def _holds(status: Any, strict: bool) -> bool:
    from .results.model import Status
    return status == Status.PASSED or (status == Status.WEAK and not strict)


#: Why a status does not satisfy the constraint (keyed by the status value).
_WHY = {
    "failed": "a counterexample was found",
    "weak": "only ties (strict=True requires a strict improvement)",
    "gave_up": "the check could not decide (never counted as a pass; the message says why)",
    "not_applicable": "cannot be checked on this metric",
}


#: Why an ``error`` does not satisfy the constraint, by the error's reason.
_ERRORS = {
    "raised": "the metric raised an exception",
    "crashed": "the metric crashed the process it ran in",
    "timeout": "the metric ran past its time limit",
    "memory": "the metric ran out of memory",
    "nan": "the metric returned NaN",
    "inf": "the metric returned an infinite value",
    "not_a_number": "the metric returned something that is not a number",
}


def _why(result: Any) -> str:
    if result.status == "error":
        reason = (result.error or {}).get("reason")
        return _ERRORS.get(reason, "the check ended in an error (the message says why)")
    return _WHY.get(result.status, "")


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line if line else line for line in text.splitlines())


def _describe(result: Any, statement: str) -> str:
    lines = [f"{result.symbol} {result.constraint}: {result.status} -- {_why(result)}"]
    if statement:
        lines.append(_indent(f"constraint: {statement}"))
    lines.append(_indent(_without_pair_seed(result)))
    shown = result.shown
    if shown:
        lines += [_indent(line) for line in shown.lines(numbers="repr", align=True)]
    return "\n".join(lines)


def _without_pair_seed(result: Any) -> str:
    # the checker names the per-constraint seed it derived; the replay line names the run's seed
    return result.message.replace(f" (seed {result.seed})", "")


def assert_satisfies(metric: Any, *constraints: Any, seed: Optional[int] = None,
                     max_examples: Optional[int] = None, strict: bool = False,
                     baseline: Any = None, **options: Any) -> Any:
    """Assert that ``metric`` satisfies every constraint; return the audit result.

    Parameters
    ----------
    metric : Metric, str or callable
        A :class:`~metricprops.Metric` (e.g. from the :func:`metricprops.metric` decorator),
        a registered name, or a plain ``f(labels_true, labels_pred)``.
    *constraints : str or Constraint
        Constraint names or objects; the six constraints of the ELM paper when none is given.
    seed : int, optional
        Seed of the search (default: ``--metricprops-seed`` under pytest, else drawn).
    max_examples : int, optional
        Random instances per constraint after the exhaustive phase (default:
        ``--metricprops-max-examples`` under pytest, else the checker's 200).
    strict : bool
        If true, a ``weak`` verdict (ties, no violation) fails too.
    baseline : str, path or mapping, optional
        An earlier audit's JSON (a file, or its parsed mapping; default:
        ``--metricprops-baseline`` under pytest): only the findings new or changed against it
        fail (:mod:`metricprops.results.baseline`).
    **options
        Passed to :func:`metricprops.audit`: ``budget``, ``run`` or any of their knobs
        (``exhaustive_n``, ``max_items``, ``timeout``, ``tolerance``, ``jobs``, ...).

    Raises
    ------
    AssertionError
        Listing every constraint that does not hold with its smallest counterexample in block
        notation, both scores, and the seed that replays the run.
    """
    __tracebackhide__ = True  # pytest: show the caller's line, not this function's
    from .checker import audit
    from .constraints import ELM_PAPER_CONSTRAINTS
    from .registry import get_constraint, resolve_metric

    m = resolve_metric(metric)
    cons = [get_constraint(c) for c in (_flatten(constraints) or ELM_PAPER_CONSTRAINTS)]
    seed, budget, run = _resolve(seed, max_examples, options, "assert_satisfies")
    max_examples = budget.max_examples
    with _nested_given_allowed():
        result = audit(m, cons, seed=seed, budget=budget, run=run)
    bad = [r for r in result.results if not _holds(r.status, strict)]
    baseline = baseline if baseline is not None else current_defaults()["baseline"]
    new: List[str] = []
    if baseline is not None and bad:  # only what is new or changed against it fails
        from .results.baseline import compare_to_baseline
        diff = compare_to_baseline(result, baseline)
        bad = [r for r in bad if (r.metric, r.constraint) in diff.pairs()
               or str(r.status) == "weak"]
        new = diff.lines()
    if not bad:
        return result
    statements = {c.name: c.statement for c in cons}
    total = len(result.results)
    head = (f"{m.name} does not satisfy {len(bad)} of {total} "
            f"constraint{'s' if total != 1 else ''}: {', '.join(r.constraint for r in bad)}")
    parts = [head, ""] + [_describe(r, statements.get(r.constraint, "")) + "\n" for r in bad]
    good = [r for r in result.results if r not in bad]
    if good:
        parts.append("holds: " + ", ".join(f"{r.symbol} {r.constraint} ({r.status})" for r in good))
    parts += new
    parts.append(f"seed {seed}, max_examples {max_examples}: replay with "
                 f"assert_satisfies(..., seed={seed}) or pytest --metricprops-seed={seed}")
    raise AssertionError("\n".join(parts))


# -- assert_agrees ----------------------------------------------------------------------
def assert_agrees(implementation: Any, reference: Any, *, tolerance: Optional[float] = None,
                  seed: Optional[int] = None, max_examples: Optional[int] = None,
                  **options: Any) -> Any:
    """Assert that two implementations of a metric agree on every pair of partitions.

    Differential testing with :func:`metricprops.compare`: every pair of partitions with at
    most ``exhaustive_n`` items is compared, plus degenerate pairs (one block, all
    singletons), then ``max_examples`` random pairs with at most ``max_items`` items; a
    disagreement is shrunk to the smallest pair.  Returns the
    :class:`~metricprops.compare.CompareResult` when they agree.

    Parameters
    ----------
    implementation, reference : Metric, str or callable
        The implementation under test and the reference: a registered name such as
        ``"adjusted_rand"``, a :class:`~metricprops.Metric`, a ``module:attr`` /
        ``file.py:attr`` target, or a plain ``f(labels_true, labels_pred)``.
    tolerance : float, optional
        Values within ``tolerance · max(1, |a|, |b|)`` agree (default: the project-wide
        :data:`metricprops.tolerance.TOLERANCE`, 1e-9).
    seed, max_examples
        As for :func:`assert_satisfies`.
    **options
        Passed to :func:`metricprops.compare`: ``budget``, ``run`` or any of their knobs
        (``exhaustive_n`` (default 5), ``max_items`` (default 30), ``timeout``, ...).

    Raises
    ------
    AssertionError
        With the smallest disagreeing pair in block notation and both values (or the input on
        which one of them raised or returned a non-finite value), and the seed.
    """
    __tracebackhide__ = True
    from .differential import compare

    if tolerance is not None:
        options = {**options, "tolerance": tolerance}
    seed, budget, run = _resolve(seed, max_examples, options, "assert_agrees")
    with _nested_given_allowed():
        result = compare(implementation, reference, seed=seed, budget=budget, run=run)
    if result.ok:
        return result
    raise AssertionError(_agreement_message(result, budget.tolerance, budget.max_examples))


def _agreement_message(result: Any, tolerance: float, max_examples: int) -> str:
    impl, ref = f"{result.a} (implementation)", f"{result.b} (reference)"
    shown = result.counterexample or result.error or {}
    if result.status == "disagree":
        lines = [f"{result.a} disagrees with {result.b}: "
                 + result.message.replace("the implementations disagree; ", "")]
    else:
        role = {"a": "implementation: ", "b": "reference: "}.get(result.failing or "", "")
        message = role + result.cause if role else result.message
        lines = [f"{result.a} vs {result.b}: {result.status}: {message}"]
    notation = shown.get("notation") or {}
    if notation:
        lines.append(f"    truth: {notation.get('truth')}")
        lines.append(f"    pred:  {notation.get('pred')}")
    scores = shown.get("scores")
    if scores:
        a, b = scores["a"], scores["b"]
        lines.append(f"    {impl} = {a!r}")
        lines.append(f"    {ref} = {b!r}")
        lines.append(f"    difference {abs(a - b):.3g} > tolerance {tolerance:g}")
    if "reproduce" in shown:  # a scale finding: its shapes and size, never the labels
        lines.append(f"    reproduce: {shown['reproduce']}")
    elif "truth" in shown:
        lines.append(f"    labels: truth = {shown['truth']}, pred = {shown['pred']}")
    lines.append(f"seed {result.seed}, max_examples {max_examples}: replay with "
                 f"assert_agrees(..., seed={result.seed}) or "
                 f"pytest --metricprops-seed={result.seed}")
    return "\n".join(lines)


def assert_no_new_findings(result: Any, baseline: Any = None) -> Any:
    """Assert that the audit ``result`` has no finding new or changed against ``baseline``
    (an earlier audit's JSON file or mapping; default: ``--metricprops-baseline`` under
    pytest); return the :class:`~metricprops.results.baseline.BaselineDiff`.

    Raises
    ------
    AssertionError
        Naming each new or changed finding with its smallest instance.
    BaselineError
        When no baseline is given, or it is not an audit's JSON.
    """
    __tracebackhide__ = True
    from .errors import BaselineError
    from .results.baseline import compare_to_baseline

    baseline = baseline if baseline is not None else current_defaults()["baseline"]
    if baseline is None:
        raise BaselineError("expected a baseline (an earlier audit's JSON: baseline=PATH or "
                            "pytest --metricprops-baseline PATH), got none")
    diff = compare_to_baseline(result, baseline)
    if not diff.ok:
        raise AssertionError("\n".join(diff.lines()))
    return diff
