"""Checking a closed form: concrete substitutions first, then a symbolic proof.

For a metric and a :class:`~metricprops.symbolic.forms.ClosedForm`:

1. **Concrete check.**  For a fixed list of parameters (block sizes, or m = 1..6) satisfying
   the form's condition, the metric is computed on real partitions through its ordinary
   numeric path and compared with the form evaluated exactly (sympy rationals and logs):
   they must agree within 1e-9.  Built-ins are also evaluated exactly (the same formula
   over a rational :class:`~metricprops.symbolic.ops.SymbolicTable`) and must agree exactly.
   A disagreement *refutes* the form and names the substitution.
2. **Proof** (built-ins whose formula has a symbolic form).  For k = 1..max_k symbolic sizes,
   every size is split into the cases ``s_i = 1`` and ``s_i >= 2`` (for a form symmetric in
   the sizes it suffices to let the first j sizes be 1, j = 0..k); in each case the formula
   is evaluated over the symbolic table, the 0/0 conventions are resolved from the case, and
   the difference with the form must be provably 0 (see :meth:`SymbolicOps.sign`).  Theorem 3
   forms are proved for a symbolic m.  When it works, the form is also proved for a general k
   with ``Sum`` over an indexed size ``s[i]``.

Status: ``"proved"`` (both steps), ``"checked numerically"`` (step 1 only: a black-box or
numeric-only metric, or simplification did not reach 0; ``reason`` says which) or
``"refuted"`` (with ``counterexample``).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

import sympy as sp

from ..metrics.base import Metric
from ..registry import resolve_metric
from .concrete import CONCRETE_M, CONCRETE_SIZES, check_concrete, condition_holds, symbolic_capable
from .families import get_family
from .forms import K_SYM, M_SYM, N_SYM, SIZE_SYMBOLS, ClosedForm, instantiate, instantiate_general
from .ops import SymbolicOps, SymbolicTable

__all__ = ["ClaimResult", "check_form", "PROVED", "CHECKED", "REFUTED", "ERROR",
           "CONCRETE_SIZES", "CONCRETE_M"]

PROVED, CHECKED, REFUTED, ERROR = "proved", "checked numerically", "refuted", "error"


@dataclass
class ClaimResult:
    """The verdict on one closed form of one metric."""

    metric: str
    form: ClosedForm
    status: str
    scope: str = ""
    checked: int = 0
    exact: bool = False
    reason: str = ""
    counterexample: Optional[Dict[str, Any]] = None

    def to_json(self) -> Dict[str, Any]:
        return {"metric": self.metric, **self.form.to_json(), "status": self.status,
                "scope": self.scope, "checked": self.checked, "exact": self.exact,
                "reason": self.reason, "counterexample": self.counterexample}


# -- helpers ------------------------------------------------------------------------------------
def _decide(cond: Any, ops: SymbolicOps) -> Optional[bool]:
    """Truth value of a relation for every admissible value of the symbols, or None."""
    if cond is None or cond is True or cond == sp.true:
        return True
    if cond is False or cond == sp.false:
        return False
    if isinstance(cond, (sp.And, sp.Or)):
        parts = [_decide(c, ops) for c in cond.args]
        if isinstance(cond, sp.And):
            return False if False in parts else (None if None in parts else True)
        return True if True in parts else (None if None in parts else False)
    if isinstance(cond, sp.Rel):
        diff = cond.lhs - cond.rhs
        if cond.rel_op in (">=", "<="):
            nonneg = ops.nonnegative(diff if cond.rel_op == ">=" else -diff)
            if nonneg is not None:
                return nonneg
        s = ops.sign(diff)
        if s is None:
            return None
        return {"==": s == 0, "!=": s != 0, ">=": s >= 0, ">": s > 0, "<=": s <= 0,
                "<": s < 0}[cond.rel_op]
    return None


def _resolve_deltas(expr: Any, ops: SymbolicOps) -> Any:
    def resolve(d: Any) -> Any:
        s = ops.sign(d.args[0] - d.args[1])
        return d if s is None else sp.Integer(1 if s == 0 else 0)

    return expr.replace(lambda e: isinstance(e, sp.KroneckerDelta), resolve) \
        if isinstance(expr, sp.Basic) else expr


# -- step 2: symbolic proof ---------------------------------------------------------------------
@lru_cache(maxsize=512)
def _table(family_name: str, sizes: Tuple[Any, ...],
           bounds: Tuple[Tuple[Any, int], ...]) -> SymbolicTable:
    family = get_family(family_name)
    param = list(sizes) if family.parameter == "sizes" else sizes[0]
    return family.table(param, dict(bounds))


def _cases(form: ClosedForm, k: int) -> List[Tuple[Tuple[Any, ...], Tuple[Tuple[Any, int], ...]]]:
    syms = SIZE_SYMBOLS[:k]
    patterns = ([tuple(j <= i for i in range(k)) for j in range(k + 1)] if form.symmetric
                else list(itertools.product((False, True), repeat=k)))
    cases = []
    for big in patterns:  # big[i]: s_i >= 2, else s_i = 1
        sizes = tuple(s if b else sp.Integer(1) for s, b in zip(syms, big))
        cases.append((sizes, tuple((s, 2) for s, b in zip(syms, big) if b)))
    return cases


def _m_bound(form: ClosedForm) -> int:
    """Lower bound of m from conditions ``m >= c`` / ``m > c`` (default 1)."""
    cond = form.parsed_condition
    parts = cond.args if isinstance(cond, sp.And) else (cond,) if cond is not None else ()
    lo = 1
    for c in parts:
        if (isinstance(c, sp.Rel) and c.lhs == M_SYM and c.rhs.is_Integer
                and c.rel_op in (">", ">=")):
            lo = max(lo, int(c.rhs) + (1 if c.rel_op == ">" else 0))
    return lo


def _prove_case(metric: Metric, form: ClosedForm, table: SymbolicTable,
                param: Any) -> Tuple[Optional[int], str]:
    """(verdict, reason): verdict 0 = proved, ±1 = provably wrong, None = undecided,
    2 = the case lies outside the form's condition."""
    ops = table.ops
    cond = form.parsed_condition
    if cond is not None:
        holds = _decide(instantiate(cond, param, form.prediction), ops)
        if holds is False:
            return 2, ""  # the case lies outside the claim
        if holds is None:
            return None, "the condition is undecided"
    value = metric.from_table(table)
    target = _resolve_deltas(instantiate(form.parsed, param, form.prediction), ops)
    if form.quantity == "sum":
        value = value * table.n
    verdict = 0 if ops.is_zero(value - target) else ops.sign(value - target)
    why = {None: "the difference did not simplify to 0", 1: "the difference is provably non-zero",
           -1: "the difference is provably non-zero", 0: ""}[verdict]
    return verdict, why


def _witness(form: ClosedForm, sizes: Sequence[Any], lows: Dict[Any, int]) -> Optional[list]:
    """Concrete sizes inside a symbolic case (every bounded size = v) meeting the condition."""
    lo = max(lows.values(), default=1)
    for v in range(lo, lo + 64):
        param = [v if x in lows else int(x) for x in sizes]
        if condition_holds(form, param):
            return param
    return None


def _prove(metric: Metric, form: ClosedForm, max_k: int) -> Tuple[bool, str, Optional[Any]]:
    """(proved?, scope or reason, a symbolic case that is provably wrong)."""
    family = get_family(form.prediction)
    if family.parameter == "m":
        lo = _m_bound(form)
        table = _table(form.prediction, (M_SYM,), ((M_SYM, lo),))
        verdict, why = _prove_case(metric, form, table, M_SYM)
        if verdict in (0, 2):
            return True, f"every m >= {lo} (symbolic m)", None
        witness = next((v for v in range(lo, lo + 64) if condition_holds(form, v)), None)
        return False, f"{why} for symbolic m >= {lo}", (witness if verdict else None)
    ks = [form.k] if form.k is not None else list(range(1, max_k + 1))
    n_cases = 0
    for k in ks:
        for sizes, bounds in _cases(form, k):
            table = _table(form.prediction, sizes, bounds)
            verdict, why = _prove_case(metric, form, table, list(sizes))
            if verdict == 2:
                continue
            if verdict != 0:
                witness = _witness(form, sizes, dict(bounds)) if verdict else None
                return False, f"{why} for k = {k}, sizes {list(sizes)}", witness
            n_cases += 1
    if not n_cases:
        return False, "no case satisfies the condition", None
    ks_text = f"k = {ks[0]}" if len(ks) == 1 else f"k = {ks[0]}..{ks[-1]}"
    scope = f"{ks_text} symbolic sizes (cases s_i = 1 / s_i >= 2, {n_cases} cases)"
    if form.k is None and form.symmetric and _prove_general(metric, form):
        scope += "; general k (Sum)"
    return True, scope, None


def _prove_general(metric: Metric, form: ClosedForm) -> bool:
    """Try the form for a general k: sizes s[i] (>= 1), N a symbol, sums as ``Sum``."""
    i = sp.Symbol("i", integer=True, positive=True)
    s = sp.IndexedBase("s", integer=True, positive=True)
    cond = form.parsed_condition
    lo = 1
    if (isinstance(cond, sp.Rel) and cond.lhs == N_SYM and cond.rhs.is_Integer
            and cond.rel_op == ">="):
        lo = int(cond.rhs)
    elif cond is not None:
        return False
    try:
        table = get_family(form.prediction).table([s[i]], {N_SYM: lo}, n=N_SYM, index=(i, K_SYM))
        value = metric.from_table(table)
        target = instantiate_general(form.parsed, form.prediction, s, i, K_SYM, N_SYM)
        if form.quantity == "sum":
            value = value * N_SYM
        if value.has(sp.Piecewise):  # a convention that depends on the sizes: no general form
            return False
        diff = _split_sums(sp.expand(value - target), i).subs(sp.Sum(s[i], (i, 1, K_SYM)), N_SYM)
        return sp.cancel(diff) == 0 or sp.simplify(diff) == 0
    except Exception:  # not proved (numeric-only formula, or sympy gave up)
        return False


def _split_sums(expr: Any, i: Any) -> Any:
    """Σ (c·f + g) → c·Σ f + Σ g for factors c free of the index (sums of monomials)."""
    def split(term: sp.Sum) -> Any:
        body, limits = term.function, term.limits
        out = sp.Integer(0)
        for mono in sp.Add.make_args(sp.expand(body)):
            const, rest = mono.as_independent(i, as_Add=False)
            n_terms = limits[0][2] - limits[0][1] + 1  # the sum of a constant 1
            out += const * (sp.Sum(rest, *limits) if rest != 1 else n_terms)
        return out

    return sp.expand(expr.replace(lambda e: isinstance(e, sp.Sum), split))


# -- entry point --------------------------------------------------------------------------------
def check_form(metric: Any, form: Any, *, max_k: int = 6, prove: bool = True) -> ClaimResult:
    """Check one closed form of ``metric`` (a :class:`Metric`, a registry name or a callable).

    Parameters
    ----------
    metric : Metric, str or callable
        The metric; black boxes are checked numerically only.
    form : ClosedForm, dict or tuple
        The declared form (see :class:`~metricprops.symbolic.forms.ClosedForm`).
    max_k : int
        Largest number of symbolic true blocks in the proof.
    prove : bool
        False skips step 2 (numeric check only).

    Returns
    -------
    ClaimResult
    """
    m = resolve_metric(metric)
    f = ClosedForm.coerce(form)
    checked, exact, ce, error = check_concrete(m, f)
    if error:
        return ClaimResult(m.name, f, ERROR, checked=checked, reason=error)
    if ce is not None:
        return ClaimResult(m.name, f, REFUTED, checked=checked, counterexample=ce,
                           reason="the form and the metric differ on a concrete substitution")
    if not symbolic_capable(m):
        return ClaimResult(m.name, f, CHECKED, checked=checked, exact=exact,
                           reason="black-box metric: numeric check only")
    if not prove:
        return ClaimResult(m.name, f, CHECKED, checked=checked, exact=exact,
                           reason="proof not attempted")
    try:
        proved, text, witness = _prove(m, f, max_k)
    except NotImplementedError as exc:
        return ClaimResult(m.name, f, CHECKED, checked=checked, exact=exact,
                           reason=f"numeric only: {exc}")
    except Exception as exc:  # a sympy failure leaves the numeric verdict standing
        return ClaimResult(m.name, f, CHECKED, checked=checked, exact=exact,
                           reason=f"proof failed: {type(exc).__name__}: {exc}")
    if proved:
        return ClaimResult(m.name, f, PROVED, scope=text, checked=checked, exact=exact)
    if witness is not None:  # provably wrong in a symbolic case: show a concrete substitution
        _, _, ce2, _ = check_concrete(m, f, [witness])
        if ce2 is not None:
            return ClaimResult(m.name, f, REFUTED, checked=checked + 1, counterexample=ce2,
                               reason=text)
    if not checked:
        text += "; no concrete substitution satisfies the condition"
    return ClaimResult(m.name, f, CHECKED, checked=checked, exact=exact, reason=text)
