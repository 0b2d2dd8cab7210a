"""Constraint proofs for pair-counting metrics, assembled from the moves of
:mod:`.pair_proofs`.

* ``homogeneity``: the perfect-split move (N01 → N00) under the metric's conventions.
* ``completeness``: the perfect-merge move (N10 → N11).
* ``monotonicity``: both moves (a T-consistent improvement is a merge-direction step
  followed by a split-direction step).
* ``strong_monotonicity``, as the constraint checks it: on partitions, H2's N11 and N00 at
  least H1's (the same two moves, conventions included); on the counts, the four unit steps
  +N11, +N00 (Q rises) and +N10, +N01 (Q falls) wherever the formula is defined, except a step
  towards agreement from N10 = N01 = 0 or towards disagreement onto N11 = N00 = 0.
* ``max_agreement``: Q(N11, 0, 0, N00) equals the declared perfect value, and
  Q < perfect whenever N10 + N01 ≥ 1 (identical partitions are exactly those with
  N10 = N01 = 0).
* ``zero_score``: for a truth with P pairs together and R apart (n ≥ 2: P + R ≥ 1), the
  one-block prediction has counts (P, 0, R, 0) and the all-singletons one (0, P, 0, R); the
  proof goes through when, for each of the three zero patterns of (P, R), one of them scores
  the declared worst value for all P, R.  Otherwise nothing is claimed (other predictions
  may reach it): the failure is ``not proved``, never a violation.
"""
from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, Sequence, Tuple

import sympy as sp

from ..metrics.pair_function import pair_count_value
from .ops import SymbolicOps
from .pair_proofs import MoveResult, count_symbols, oriented_value, prove_move
from .pair_witness import move_counterexample, pair_counterexample, step_counterexample
from .verdict import FailedProof, Proof

__all__ = ["constraints_for", "prove"]

PLAN = {
    "homogeneity": (("split", False),),
    "completeness": (("merge", False),),
    "monotonicity": (("merge", False), ("split", False)),
    "strong_monotonicity": (("merge", False), ("split", False), ("+N11", True),
                            ("-N10", True), ("-N01", True), ("+N00", True)),
}
#: Constraints whose two predictions have the same four pair counts on every instance: every
#: pair-counting metric ties (a proved tie; the verdict is at best ``weak``).
SAME_COUNTS = {
    "rag_bag": ("x (a new class) joins a clean block of m items or a noisy block of m items; "
                "either way its m pairs with the block are together in H only (N01) and its m "
                "pairs with the other block apart in both (N00); every other pair is the same",
                [0, 0, 1, 2, 3], [0, 0, 1, 1, 0], [0, 0, 1, 1, 1]),
    "size_vs_quantity": ("H1 separates the m pairs of the m 2-blocks, H2 the m pairs of the "
                         "split-off item with the rest of the big block: N10 = m and "
                         "N11 = C(m + 1, 2) = C(m, 2) + m in both; the surrounding blocks are the "
                         "same", None, None, None),
}
REGION = ("every integer N11, N10, N01, N00 ≥ 0 (a superset of the pair counts of two "
          "partitions)")


def constraints_for(metric: Any) -> Tuple[str, ...]:
    if not (getattr(metric, "pair_counting", False) and metric.formula is not None):
        return ()
    return tuple(PLAN) + ("max_agreement", "zero_score") + tuple(SAME_COUNTS)


def _method(results: Sequence[MoveResult]) -> str:
    used = sorted({c.method for r in results for c in r.cases})
    n = sum(len(r.cases) for r in results)
    return ("sympy, from the metric's formula over the four pair counts (the code's own "
            f"t.ops formula): {n} zero-pattern cases decided by " + ", ".join(used)
            + " (metricprops.symbolic.pair_proofs)")


def _statement(metric: Any, constraint: str, results: Sequence[MoveResult]) -> str:
    moves = "; ".join(f"{r.move.text}{' (where defined)' if r.defined else ''}"
                      for r in results)
    what = {
        "homogeneity": "Q(T, H2) > Q(T, H1) for every perfect split H1 → H2",
        "completeness": "Q(T, H2) > Q(T, H1) for every perfect merge H1 → H2",
        "monotonicity": "Q(T, H2) > Q(T, H1) for every T-consistent improvement H1 → H2",
        "strong_monotonicity": "Q strictly increases with N11 and N00 and strictly "
                               "decreases with N10 and N01 (steps from all-agree towards "
                               "agreement, and onto no-agree towards disagreement, exempt; "
                               "on partitions with conventions, on the counts where defined)",
    }[constraint]
    return (f"{metric.name}: {what}, at every n. The moves: {moves}; for every δ ≥ 1 the "
            f"move raises Q from {REGION}.")


def _sign(case: Any) -> Any:
    return case.sign if case.sign is not None else case.witness_sign


def _instance(metric: Any, move: Any, case: Any) -> Any:
    """An instance from the case's region that shows its sign, or None."""
    sign = _sign(case)
    if sign not in (-1, 0):
        return None
    if move.name in ("split", "merge"):
        return move_counterexample(metric, move.name, move.direction, case.pattern, sign,
                                   case.witness)
    return step_counterexample(metric, move.direction, case.pattern, sign)


def _failure(metric: Any, constraint: str, result: MoveResult) -> FailedProof:
    """The failed proof of a move: the first failing case (violations first, then ties) that
    has an instance from its own region, with that instance; else the first failing case,
    without one (its region may hold no partitions at all, e.g. N11 = 0 with N10 = δ ≥ 2)."""
    move = result.move
    found = ((c, _instance(metric, move, c)) for c in result.failures
             if _sign(c) in (-1, 0))
    case, ce = next(((c, ce) for c, ce in found if ce is not None), (result.failing, None))
    sign = _sign(case)
    kind = {-1: "violation", 0: "tie"}.get(sign, "not proved")
    region = f"{move.text}: {case.region(move)}"
    where = "" if case.witness is None else (
        " at N11, N10, N01, N00, δ = " + ", ".join(map(str, case.witness)))
    reason = {
        "violation": f"the move lowers Q in this region{where}",
        "tie": f"the move leaves Q unchanged in this region{where} (a tie: the strict form "
               "fails)",
        "not proved": f"the sign of the difference is undecided ({case.method})"
                      + (f"; undecided factor {case.factor}" if case.factor else ""),
    }[kind]
    if kind != "not proved" and ce is None:
        reason += ("; no instance found among partitions up to "
                   "6 items or built near the sampled point: the verdict keeps its "
                   "exhaustive or sampled evidence")
    return FailedProof(metric.name, constraint, kind, reason, region, ce)


def _prove_moves(metric: Any, constraint: str) -> Any:
    results = [prove_move(metric, name, defined=defined) for name, defined in PLAN[constraint]]
    failures = []
    for r in results:
        if not r.proved:  # the first move whose failure has an instance, else the first
            failures.append(_failure(metric, constraint, r))
            if failures[-1].counterexample is not None:
                return failures[-1]
    if failures:
        return failures[0]
    return Proof(metric.name, constraint, _statement(metric, constraint, results),
                 _method(results))


def _patterns(k: int):
    return itertools.product((0, 1), repeat=k)


def _max_agreement(metric: Any) -> Any:
    if metric.perfect is None:
        return None
    perfect = sp.nsimplify(metric.oriented_perfect)
    syms = count_symbols()
    for pattern in _patterns(4):
        a, b, c, d = (s if p else sp.Integer(0) for s, p in zip(syms, pattern))
        ops = SymbolicOps({s: 1 for s, p in zip(syms, pattern) if p})
        gap = perfect - oriented_value(metric, (a, b, c, d), ops)
        sign, _ = ops.fraction_sign(gap)
        identical = not pattern[1] and not pattern[2]
        if sign == (0 if identical else 1):
            continue
        text = ", ".join(f"{n} {'≥ 1' if p else '= 0'}"
                         for n, p in zip(("N11", "N10", "N01", "N00"), pattern))
        ce = pair_counterexample(metric, lambda v, x, pattern=pattern, identical=identical:
                                 all((y > 0) == bool(p) for y, p in zip(v, pattern))
                                 and ((metric.oriented(x) < float(perfect) - 1e-9)
                                      if identical else
                                      metric.oriented(x) >= float(perfect) - 1e-9))
        what = ("identical partitions do not score the perfect value" if identical
                else "a prediction H ≠ T reaches the perfect value")
        reason = (f"{what} in this region" if sign is not None
                  else "the sign of perfect − Q is undecided in this region")
        return FailedProof(metric.name, "max_agreement",
                           "not proved" if sign is None else "violation", reason, text, ce)
    return Proof(metric.name, "max_agreement",
                 f"{metric.name}: Q(T, T) = {metric.perfect:g} for every T (N10 = N01 = 0) and "
                 f"Q(T, H) < {metric.perfect:g} whenever H ≠ T (N10 + N01 ≥ 1), at every n; "
                 f"over {REGION}.",
                 "sympy, from the metric's formula over the four pair counts: 16 zero-pattern "
                 "cases, each difference to the perfect value decided exactly "
                 "(metricprops.symbolic.pair_verdicts)")


def _zero_score(metric: Any) -> Any:
    worst = metric.bounds[0] if metric.kind == "similarity" else metric.bounds[1]
    if worst is None:
        return None
    target = sp.nsimplify(worst)
    p_sym, r_sym = sp.symbols("P R", integer=True, positive=True)
    found = []
    for p_pos, r_pos in ((0, 1), (1, 0), (1, 1)):
        p, r = (p_sym if p_pos else sp.Integer(0)), (r_sym if r_pos else sp.Integer(0))
        ops = SymbolicOps({s: 1 for s, on in ((p_sym, p_pos), (r_sym, r_pos)) if on})
        for label, counts in (("one block", (p, 0, r, 0)), ("all singletons", (0, p, 0, r))):
            value = pair_count_value(metric, *counts, ops=ops)
            if ops.fraction_sign(value - target)[0] == 0:
                found.append(label)
                break
        else:
            truth = {(0, 1): "an all-singletons truth", (1, 0): "a one-block truth",
                     (1, 1): "a truth with pairs together and apart"}[(p_pos, r_pos)]
            return FailedProof(
                metric.name, "zero_score", "not proved",
                f"neither the one-block nor the all-singletons prediction scores {worst:g} "
                f"for {truth}; other predictions are not covered by a proof", truth)
    return Proof(metric.name, "zero_score",
                 f"{metric.name}: every truth of n ≥ 2 items has a prediction scoring "
                 f"{worst:g}: the {found[0]} prediction for an all-singletons truth, the "
                 f"{found[1]} one for a one-block truth, the {found[2]} one for any other "
                 "truth -- with P pairs together and R apart in the truth, for all integers "
                 "P, R ≥ 0, P + R ≥ 1 (a superset of the truths' counts).",
                 "sympy, from the metric's formula at the counts of the two degenerate "
                 "predictions, (P, 0, R, 0) and (0, P, 0, R), in three zero-pattern cases "
                 "(metricprops.symbolic.pair_verdicts)")


def _same_counts(metric: Any, constraint: str) -> FailedProof:
    why, truth, worse, better = SAME_COUNTS[constraint]
    if truth is None:  # the ELM paper's Theorem 3 core at m = 3
        from .families import get_family
        t, b = get_family("theorem3_h1").concrete(3)
        _, w = get_family("theorem3_h2").concrete(3)
        truth, worse, better = t.tolist(), w.tolist(), b.tolist()
    from .pair_witness import instance
    return FailedProof(metric.name, constraint, "tie",
                       f"a proved tie: {why}, so the two predictions have the same N11, N10, "
                       "N01, N00 and any function of them scores them alike",
                       "every instance", instance(metric, truth, worse, better))


@lru_cache(maxsize=1024)
def prove(metric: Any, constraint: str) -> Any:
    """The proof (or failed proof) of ``constraint`` for a pair-counting formula metric."""
    if constraint in PLAN:
        return _prove_moves(metric, constraint)
    if constraint == "max_agreement":
        return _max_agreement(metric)
    if constraint == "zero_score":
        return _zero_score(metric)
    if constraint in SAME_COUNTS:
        return _same_counts(metric, constraint)
    return None
