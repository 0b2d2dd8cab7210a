"""Proofs for the per-element metrics (BCubed, ELM) as sums over the contingency cells.

Each of ``bcubed_precision``, ``bcubed_recall``, ``bcubed_f``, ``elm_precision``,
``elm_recall``, ``elm_f`` (and the coreference ``b3_precision``, ``b3_recall``) is the mean
over items of a per-item value g(n, a, b) of the item's cell -- n = |A ∩ B|, a = |A| its
class, b = |B| its predicted block.  The per-item value is read off the metric's own
formula on a one-cell symbolic table (mean over n items of g = g).  The ELM paper's
section 3.6 arguments then become per-cell inequalities:

* **homogeneity** (perfect split of C, no class cut): every cell of C moves whole into C1 or
  C2, keeping n and a; its block size drops from b to b' (n ≤ b' < b).  Every other cell is
  untouched.  If g(n, a, b') > g(n, a, b) for all such cells, every item of C gains and the
  mean rises (ELM 3.6.1: "the precision is lower for the elements in the mixed cluster").
  Cases: n = 1 or ≥ 2, a = n or > n, b' = n or > n, b = b' + m (m ≥ 1).
* **completeness** (merge of pure blocks B1, B2 of one class, p and q items): the two cells
  (n = b = p) and (n = b = q) of the class (a ≥ p + q) become one cell n = b = p + q; the
  items of B1 go from g(p, a, p) to g(p + q, a, p + q) (ELM 3.6.2).  Cases: p, q = 1 or ≥ 2,
  a = p + q or more.
* **size vs. quantity** (the ELM paper's Theorem 3): the sum over items of H1 and of H2 on
  the theorem's core (:func:`~metricprops.symbolic.catalog.theorem3_gap`, symbolic m ≥ 3);
  the constraint's surrounding blocks (new classes in new blocks) add the same per-item
  values to both sums.

The harmonic-mean forms (``bcubed_f_amigo``, ``elm_f_amigo``, ``b3_f``) follow from their
two means: 2PR/(P + R) strictly increases in P where R > 0 (its derivative is
2R²/(P + R)², checked here) and symmetrically, so one mean rising and the other rising or
unchanged and positive on the moved items raises the F.

A case where the per-item difference is 0 (an ELM item alone in its cell: n = 1) may make
the whole move a tie; the failed proof then carries an instance found among partitions up
to five items.
"""
from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, Callable, Dict, List, Optional, Tuple

import sympy as sp

from ..metrics import coreference as _coref
from ..metrics import per_element as _pe
from .ops import SymbolicOps, SymbolicTable
from .pair_witness import move_counterexample
from .verdict import FailedProof, Proof

__all__ = ["constraints_for", "prove", "per_item"]

#: Mean-of-per-item-value formulas.
MEANS = (_pe.bcubed_precision_formula, _pe.bcubed_recall_formula, _pe.bcubed_f_formula,
         _pe.elm_precision_formula, _pe.elm_recall_formula, _pe.elm_f_formula,
         _coref.b3_precision_formula, _coref.b3_recall_formula)
#: Harmonic means of two of them.
HARMONIC = {_pe.bcubed_f_amigo_formula: (_pe.bcubed_precision_formula, _pe.bcubed_recall_formula),
            _pe.elm_f_amigo_formula: (_pe.elm_precision_formula, _pe.elm_recall_formula),
            _coref.b3_f_formula: (_pe.bcubed_precision_formula, _pe.bcubed_recall_formula)}

_N, _A, _B, _M, _P, _Q = sp.symbols("n alpha beta m p q", integer=True, positive=True)


def constraints_for(metric: Any) -> Tuple[str, ...]:
    f = metric.formula
    if f in MEANS:
        return ("homogeneity", "completeness", "size_vs_quantity")
    if f in HARMONIC:
        return ("homogeneity", "completeness")
    return ()


def per_item(formula: Callable, n: Any, a: Any, b: Any, bounds: Dict) -> Any:
    """g(n, a, b): the formula on a one-cell table (its mean over the cell's n items)."""
    return formula(SymbolicTable([(n, a, b, 1)], [(a, 1)], [(b, 1)], bounds=bounds, n=n))


def _cases(constraint: str) -> List[Tuple[str, Tuple, Tuple, Dict]]:
    """(region, before cell, after cell, bounds) of every case of the move."""
    out = []
    if constraint == "homogeneity":
        for n_big, a_big, b_big in itertools.product((0, 1), repeat=3):
            n = _N + 1 if n_big else sp.Integer(1)
            a = n + (_A if a_big else 0)
            b2 = n + (_B if b_big else 0)
            bounds = {s: 1 for s, on in ((_N, n_big), (_A, a_big), (_B, b_big)) if on}
            bounds[_M] = 1
            region = (f"n {'≥ 2' if n_big else '= 1'}, a {'> n' if a_big else '= n'}, "
                      f"b' {'> n' if b_big else '= n'}, b > b'")
            out.append((region, (n, a, b2 + _M), (n, a, b2), bounds))
    else:
        for p_big, q_big, a_big in itertools.product((0, 1), repeat=3):
            p = _P + 1 if p_big else sp.Integer(1)
            q = _Q + 1 if q_big else sp.Integer(1)
            a = p + q + (_A if a_big else 0)
            bounds = {s: 1 for s, on in ((_P, p_big), (_Q, q_big), (_A, a_big)) if on}
            region = (f"p {'≥ 2' if p_big else '= 1'}, q {'≥ 2' if q_big else '= 1'}, "
                      f"a {'> p + q' if a_big else '= p + q'}")
            out.append((region, (p, a, p), (p + q, a, p + q), bounds))
    return out


def _classify(formula: Callable, constraint: str) -> Tuple[str, Optional[str]]:
    """("up" | "same" | "mixed" | "down" | "undecided", first region not "up")."""
    signs = []
    first = None
    for region, before, after, bounds in _cases(constraint):
        table_ops = SymbolicOps(bounds)
        gap = per_item(formula, *after, bounds) - per_item(formula, *before, bounds)
        s, _ = table_ops.fraction_sign(gap)
        signs.append(s)
        if s != 1 and first is None:
            first = region
    if all(s == 1 for s in signs):
        return "up", None
    if all(s == 0 for s in signs):
        return "same", first
    if None in signs:
        return "undecided", first
    return ("down" if -1 in signs else "mixed"), first


def _positive_after(formula: Callable, constraint: str) -> bool:
    """The per-item value on the moved items after the move is > 0 in every case."""
    for _, _, after, bounds in _cases(constraint):
        value = per_item(formula, *after, bounds)
        if SymbolicOps(bounds).fraction_sign(value)[0] != 1:
            return False
    return True


def _harmonic_is_increasing() -> bool:
    p, r = sp.symbols("P R", positive=True)
    slope = sp.diff(2 * p * r / (p + r), p)
    return sp.simplify(slope - 2 * r ** 2 / (p + r) ** 2) == 0


def _failed(metric: Any, constraint: str, state: str, region: Optional[str]) -> FailedProof:
    move = "split" if constraint == "homogeneity" else "merge"
    if state == "undecided":
        return FailedProof(metric.name, constraint, "not proved",
                           "the sign of a per-item difference is undecided", region)
    want = -1 if state == "down" else 0
    ce = move_counterexample(metric, move, want=want)
    kind = "violation" if want < 0 else "tie"
    reason = ("an item's value falls in this case" if want < 0 else
              "an item's value may stay the same in this case (a tie when every moved item "
              "is in such a cell)")
    if ce is None:
        kind, reason = "not proved", reason + "; no instance found among partitions up to 5 items"
    elif want == 0 and compare(ce) < 0:
        kind = "violation"
    return FailedProof(metric.name, constraint, kind, reason, region, ce)


def compare(ce: Dict[str, Any]) -> int:
    from ..tolerance import compare_values
    return compare_values(ce["scores"]["better"], ce["scores"]["worse"])


@lru_cache(maxsize=256)
def prove(metric: Any, constraint: str) -> Any:
    if constraint not in constraints_for(metric):
        return None
    if constraint == "size_vs_quantity":
        return _theorem3(metric)
    what = {"homogeneity": "perfect split", "completeness": "perfect merge"}[constraint]
    method = ("sympy on the metric's own formula over a one-cell symbolic table: the per-item "
              "value before and after the move, 8 cases (metricprops.symbolic.cell_proofs); "
              "the ELM paper, section 3.6")
    if metric.formula in MEANS:
        state, region = _classify(metric.formula, constraint)
        if state != "up":
            return _failed(metric, constraint, state, region)
        return Proof(metric.name, constraint,
                     f"{metric.name}: Q(T, H2) > Q(T, H1) for every {what} H1 → H2, at every "
                     "n: every moved item's per-item value rises (all 8 cases of its cell "
                     "sizes) and no other item's cell changes.", method)
    first, second = HARMONIC[metric.formula]
    states = [_classify(f, constraint) for f in (first, second)]
    kinds = [s for s, _ in states]
    ok = ("up" in kinds and all(k in ("up", "same") for k in kinds)
          and all(_positive_after(f, constraint) for f, k in zip((first, second), kinds)
                  if k == "same") and _harmonic_is_increasing())
    if not ok:
        bad = next(((s, r) for s, r in states if s not in ("up", "same")), states[0])
        return _failed(metric, constraint, bad[0] if bad[0] != "same" else "mixed", bad[1])
    return Proof(metric.name, constraint,
                 f"{metric.name}: Q(T, H2) > Q(T, H1) for every {what} H1 → H2, at every n: "
                 f"of its two means, {', '.join(kinds)} -- one rises for every moved item, the "
                 "other rises or keeps its items' values, positive on the moved items -- and "
                 "2PR/(P + R) strictly increases in each where the other is positive.",
                 method + "; d/dP 2PR/(P + R) = 2R²/(P + R)² checked symbolically")


def _theorem3(metric: Any) -> Any:
    from .catalog import theorem3_gap

    gap, sign = theorem3_gap(metric, 3)
    if sign == 1:
        return Proof(metric.name, "size_vs_quantity",
                     f"{metric.name}: Q(T, H2) > Q(T, H1) on the cluster size vs. quantity "
                     f"construction for every m ≥ 3: the difference of the two sums over items "
                     f"is {gap} × (3m + 1) > 0; surrounding blocks of new classes add the same "
                     "per-item values to both.",
                     "sympy: the metric's formula over the symbolic tables of the ELM paper's "
                     "Theorem 3 (metricprops.symbolic.catalog.theorem3_gap), sign for m ≥ 3")
    kind = {0: "tie", -1: "violation"}.get(sign, "not proved")
    ce = None
    if sign is not None:  # the bare construction at m = 3 shows it
        from .families import get_family
        from .pair_witness import instance
        truth, better = get_family("theorem3_h1").concrete(3)
        _, worse = get_family("theorem3_h2").concrete(3)
        ce = instance(metric, truth.tolist(), worse.tolist(), better.tolist())
    return FailedProof(metric.name, "size_vs_quantity", kind,
                       f"Q(T, H2) − Q(T, H1) = {-gap if gap is not None else gap} on the bare "
                       "construction for every m ≥ 3", "every m ≥ 3", ce)
