"""Proofs for pair-counting metrics: the sign of a move's effect over the four pair counts.

A metric declared ``pair_counting=True`` with a formula is a function Q(N11, N10, N01, N00)
(oriented: a distance is negated), evaluated here by its *own* formula over
:class:`~metricprops.metrics.pair_function.PairCountView` with sympy ops.

**Moves.**  Each constraint below changes the counts of a truth T and a prediction H in a
known direction u, by δ ≥ 1 pairs; the constraint holds for every instance if
Q(v + δu) > Q(v) for every count vector v that the move can start from.

* ``homogeneity`` (perfect split): H1's block C holds items of ≥ 2 classes and is split into
  C1, C2 with no class cut.  A pair across C1 × C2 is in two classes (a class with items on
  both sides would be cut), so it was together in H1 and apart in the truth (N01) and is
  apart in both in H2 (N00); every other pair keeps its status.  u = (0, 0, −1, +1),
  δ = |C1| |C2|.
* ``completeness`` (perfect merge): H1's blocks B1, B2 are pure and of one class; merged in
  H2.  A pair across B1 × B2 is together in the truth, apart in H1 (N10) and together in H2
  (N11).  u = (+1, −1, 0, 0), δ = |B1| |B2|.
* ``monotonicity`` (Gösgens et al.: H2 is a T-consistent improvement of H1: every pair that
  agreed with T still does, and at least one more does).  A pair agrees when it is in N11 or
  N00; T is fixed, so an agreeing pair keeps its count, and a disagreeing pair either stays
  or moves N10 → N11 or N01 → N00.  So v moves by δ1 (+1, −1, 0, 0) + δ2 (0, 0, −1, +1) with
  δ1, δ2 ≥ 0, δ1 + δ2 ≥ 1: it follows from the two moves above, applied one after the other
  (the intermediate vector is non-negative, inside the region proved).
* ``strong_monotonicity`` (a property of the function): Q strictly increasing in N11 and N00,
  strictly decreasing in N10 and N01: the four moves +N11, −N10, −N01, +N00.

**Region.**  Every count is a non-negative integer; the proofs cover the whole non-negative
orthant Z^4_{≥0} (each move from every v with the decreasing counts ≥ δ), a superset of the
feasible set (the counts of two partitions of n items also sum to C(n, 2) and come from
block sizes).  A proof over the superset holds on the feasible set; a sign that flips only
outside it makes the proof fail, and the failure says so unless an instance confirms it.

**Cases.**  The orthant is split by which counts are 0 (16 zero patterns of the base
values; a decreasing count starts at base + δ): in each case the formula's 0/0 conventions
are decided and Q is one closed expression.  Per case, in order:

1. the exact difference Δ = Q(after) − Q(before) is put over one denominator and its
   factors' signs are decided (:meth:`~metricprops.symbolic.sign.SignDecider.fraction_sign`);
2. else (square roots: Fowlkes–Mallows, the pair correlation): the mean value theorem on the
   segment -- the directional derivative of the case's expression along u at every interior
   point (the moving counts free positive reals), and continuity at both ends (the case's
   expression at an end equals the formula there);
3. else Δ is evaluated exactly at sample points of the case; a point where Δ ≤ 0 names the
   region where the sign flips (the undecided factor ≤ 0) -- otherwise the case stays
   undecided ("not proved").

A case proved Δ > 0 everywhere is proved; Δ ≡ 0 is a tie (the constraint's strict form
fails there); anything else fails the proof.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

import sympy as sp

from ..metrics.pair_function import COUNT_NAMES, pair_count_value
from .ops import SymbolicOps

__all__ = ["MOVES", "Move", "CaseResult", "MoveResult", "prove_move", "oriented_value",
           "count_symbols", "DELTA"]

_SYMBOLS = tuple(sp.Symbol(name, integer=True, positive=True) for name in COUNT_NAMES)
DELTA = sp.Symbol("delta", integer=True, positive=True)
_T, _S = sp.symbols("t s", positive=True)  # the segment's free reals (mean value route)

#: Sample values of a positive count (exact evaluation of Δ when its sign is undecided).
_SAMPLES = (1, 2, 3, 5, 10, 30, 100, 1001, 5000)


def count_symbols() -> Tuple[sp.Symbol, ...]:
    """The symbols N11, N10, N01, N00 (positive integers) of the proofs."""
    return _SYMBOLS


@dataclass(frozen=True)
class Move:
    """A change of the counts by δ ≥ 1 along ``direction`` (per count: +1, −1 or 0)."""

    name: str
    direction: Tuple[int, int, int, int]
    text: str

    def ends(self, base: Sequence[Any], delta: Any) -> Tuple[list, list]:
        """(before, after) count vectors from base values (a decreasing count starts at
        base + δ)."""
        before = [x + delta if u < 0 else x for x, u in zip(base, self.direction)]
        after = [x + delta if u > 0 else x for x, u in zip(base, self.direction)]
        return before, after


MOVES: Dict[str, Move] = {
    "split": Move("split", (0, 0, -1, 1), "a perfect split moves δ = |C1||C2| pairs from N01 "
                  "to N00"),
    "merge": Move("merge", (1, -1, 0, 0), "a perfect merge moves δ = |B1||B2| pairs from N10 "
                  "to N11"),
    "+N11": Move("+N11", (1, 0, 0, 0), "N11 grows by δ"),
    "-N10": Move("-N10", (0, -1, 0, 0), "N10 shrinks by δ"),
    "-N01": Move("-N01", (0, 0, -1, 0), "N01 shrinks by δ"),
    "+N00": Move("+N00", (0, 0, 0, 1), "N00 grows by δ"),
}


@dataclass(frozen=True)
class CaseResult:
    """One zero pattern of a move: ``pattern[i]`` is 1 if base count i is positive.

    ``method`` is how the sign was decided: ``difference``, ``mean value theorem``,
    ``sampled`` (a point with Δ ≤ 0 found, sign left None), ``undecided``, or -- for cases
    outside the claim -- ``exempt`` / ``undefined`` (then ``sign`` is 1: nothing to prove).
    """

    pattern: Tuple[int, ...]
    sign: Optional[int]  # 1: Δ > 0 proved, 0: Δ ≡ 0, −1: Δ < 0, None: undecided
    method: str = ""
    factor: Optional[str] = None  # the factor whose sign is undecided
    witness: Optional[Tuple[int, ...]] = None  # before counts and δ where Δ <= 0
    witness_sign: Optional[int] = None

    def region(self, move: Move) -> str:
        """The case's region in the before counts, e.g. ``N11 = 0, N10 ≥ 1, N01 > δ``."""
        parts = []
        for name, p, u in zip(COUNT_NAMES, self.pattern, move.direction):
            if u < 0:
                parts.append(f"{name} {'>' if p else '='} δ")
            else:
                parts.append(f"{name} {'≥ 1' if p else '= 0'}")
        text = ", ".join(parts) + ", δ ≥ 1"
        if self.sign is None and self.factor is not None and self.witness is not None:
            text += f"; where {self.factor} (the difference ≤ 0)"
        return text


@dataclass(frozen=True)
class MoveResult:
    move: Move
    cases: Tuple[CaseResult, ...]
    defined: bool = False

    @property
    def proved(self) -> bool:
        return all(c.sign == 1 for c in self.cases)

    @property
    def failures(self) -> Tuple[CaseResult, ...]:
        """The cases that are not proved, in the order a failure reports them: violations,
        ties, undecided cases with a sampled point where Δ ≤ 0, the other undecided ones."""
        order = [c for want in (-1, 0) for c in self.cases if c.sign == want]
        order += [c for c in self.cases if c.sign is None and c.witness is not None]
        return tuple(order) + tuple(c for c in self.cases if c.sign != 1 and c not in order)

    @property
    def failing(self) -> Optional[CaseResult]:
        """The first case that is not proved: a violation first, then a tie, then undecided."""
        return next(iter(self.failures), None)


def oriented_value(metric: Any, counts: Sequence[Any], ops: Any) -> Any:
    """Q at the counts: the metric's value, negated for a distance."""
    value = pair_count_value(metric, *counts, ops=ops)
    return value if metric.kind == "similarity" else -value


def _base(pattern: Sequence[int]) -> List[Any]:
    return [s if p else sp.Integer(0) for s, p in zip(_SYMBOLS, pattern)]


def _mean_value(metric: Any, move: Move, pattern: Sequence[int], ops: SymbolicOps,
                q_before: Any, q_after: Any) -> Optional[int]:
    """Sign of Δ by the mean value theorem, or None (see the module docstring, step 2)."""
    base = _base(pattern)
    point = [x + (_T if u > 0 else _S if u < 0 else 0) for x, u in zip(base, move.direction)]
    g = oriented_value(metric, point, ops)
    slope = sum(sp.diff(g, var) * (1 if var is _T else -1)
                for var in (_T, _S) if any((u > 0) if var is _T else (u < 0)
                                           for u in move.direction))
    sign, _ = ops.fraction_sign(slope)
    if sign is None:
        return None
    for q_end, subs in ((q_before, {_T: 0, _S: DELTA}), (q_after, {_T: DELTA, _S: 0})):
        limit = g.subs(subs)
        if limit.has(sp.zoo, sp.nan, sp.oo) or not ops.is_zero(sp.together(limit - q_end)):
            return None  # not continuous up to this end (a convention jumps)
    return sign


def _sample(delta_expr: Any, pattern: Sequence[int], move: Move) -> Optional[Tuple[tuple, int]]:
    """The smallest sample point of the case where Δ ≤ 0 (exact), or None."""
    free = [s for s, p in zip(_SYMBOLS, pattern) if p] + [DELTA]
    f = sp.lambdify(free, delta_expr, "mpmath")
    points = sorted(itertools.product(_SAMPLES, repeat=len(free)), key=lambda v: (sum(v), v))
    for values in points[:4000]:
        try:
            approx = f(*values)
        except (ZeroDivisionError, ValueError):
            continue
        if approx <= 1e-12:  # confirm exactly
            exact_value = sp.nsimplify(delta_expr.subs(dict(zip(free, values))))
            s = sp.sign(sp.N(exact_value, 60)) if not exact_value.is_Rational \
                else sp.sign(exact_value)
            if s <= 0:
                base = dict(zip(free, values))
                counts = tuple(int(base.get(x, 0)) + (int(base[DELTA]) if u < 0 else 0)
                               for x, u in zip(_SYMBOLS, move.direction))
                return counts + (int(base[DELTA]),), int(s)
    return None


class _DefinedOps(SymbolicOps):
    """Ops in which a ratio with a zero denominator is undefined (``nan``), not the metric's
    convention: count-level claims hold "where the formula is defined"."""

    def _ratio1(self, num: Any, den: Any, default: Any) -> sp.Expr:
        return sp.nan if self.sign(den) == 0 else super()._ratio1(num, den, default)


def _exempt(move: Move, pattern: Sequence[int]) -> bool:
    """A count-level step towards agreement from N10 = N01 = 0 (every pair agrees), or
    towards disagreement whose lower end has N11 = N00 = 0 (no pair agrees)."""
    if move.name in ("+N11", "+N00"):  # the start v has the base's N10, N01
        return not pattern[1] and not pattern[2]
    if move.name in ("-N10", "-N01"):  # v = the after end, with the base's N11, N00
        return not pattern[0] and not pattern[3]
    return False


def _case(metric: Any, move: Move, pattern: Tuple[int, ...], defined: bool) -> CaseResult:
    if defined and _exempt(move, pattern):
        return CaseResult(pattern, 1, "exempt")
    bounds = {x: 1 for x, p in zip(_SYMBOLS, pattern) if p}
    bounds[DELTA] = 1
    ops = _DefinedOps(bounds) if defined else SymbolicOps(bounds)
    before, after = move.ends(_base(pattern), DELTA)
    q_before, q_after = oriented_value(metric, before, ops), oriented_value(metric, after, ops)
    if defined and (q_before.has(sp.nan) or q_after.has(sp.nan)):
        return CaseResult(pattern, 1, "undefined")
    delta_expr = sp.together(q_after - q_before)
    sign, factor = ops.fraction_sign(delta_expr)
    if sign is not None:
        return CaseResult(pattern, sign, "difference")
    if delta_expr.has(sp.Pow) and any(not e.is_Integer for e in
                                      (p.exp for p in delta_expr.atoms(sp.Pow))):
        sign = _mean_value(metric, move, pattern, ops, q_before, q_after)
        if sign is not None:
            return CaseResult(pattern, sign, "mean value theorem")
    found = _sample(delta_expr, pattern, move)
    text = None
    if factor is not None:  # Δ ≤ 0 where the undecided factor has the sign opposite the rest
        rest, _ = ops.fraction_sign(sp.cancel(delta_expr / factor))
        text = None if rest not in (1, -1) else f"{factor} {'≤' if rest == 1 else '≥'} 0"
    if found is None:
        return CaseResult(pattern, None, "undecided", text)
    return CaseResult(pattern, None, "sampled", text, found[0], found[1])


@lru_cache(maxsize=1024)
def _prove_cached(metric: Any, move_name: str, defined: bool) -> MoveResult:
    move = MOVES[move_name]
    cases = tuple(_case(metric, move, pattern, defined)
                  for pattern in itertools.product((0, 1), repeat=4))
    return MoveResult(move, cases, defined)


def prove_move(metric: Any, move: str, *, defined: bool = False) -> MoveResult:
    """Every zero-pattern case of ``move`` (a key of :data:`MOVES`) for a pair-counting
    metric with a formula (cached per metric object, move and semantics).

    ``defined=False``: the metric's own conventions at zero denominators (what it scores on
    partitions).  ``defined=True``: the count-level reading of strong monotonicity -- a
    point where a denominator vanishes is undefined and its case is skipped, and a step
    towards agreement from N10 = N01 = 0, or towards disagreement onto N11 = N00 = 0, is
    exempt.
    """
    return _prove_cached(metric, move, bool(defined))
