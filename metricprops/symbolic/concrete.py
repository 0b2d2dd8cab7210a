"""Step 1 of checking a closed form: concrete substitutions (see :mod:`.proofs`).

For a fixed list of parameters (block sizes, or m = 1..6) satisfying the form's condition,
the metric is computed on real partitions through its ordinary numeric path and compared with
the form evaluated exactly; built-ins are also evaluated exactly over a rational
:class:`~metricprops.symbolic.ops.SymbolicTable`.  A disagreement names the substitution.
"""
from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Sequence, Tuple

import sympy as sp

from ..metrics.base import Metric, to_float
from ..tolerance import close
from .families import get_family
from .forms import ClosedForm, instantiate
from .ops import SymbolicTable

__all__ = ["CONCRETE_SIZES", "CONCRETE_M", "concrete_params", "substitution", "claimed_value",
           "condition_holds", "symbolic_capable", "check_concrete"]

#: Concrete truths (block sizes) every size form is checked on.
CONCRETE_SIZES: Tuple[Tuple[int, ...], ...] = (
    (1,), (2,), (3,), (1, 1), (1, 2), (2, 2), (3, 1), (1, 1, 1), (2, 1, 3), (2, 2, 2),
    (1, 1, 4), (4, 1, 2, 1), (3, 3, 2, 2), (1, 2, 3, 4, 5), (5, 1, 1, 1, 2, 6),
    (2, 7, 1, 3, 1, 1),
)
#: Concrete m every Theorem 3 form is checked on.
CONCRETE_M: Tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def concrete_params(form: ClosedForm) -> List[Any]:
    family = get_family(form.prediction)
    if family.parameter == "m":
        return list(CONCRETE_M)
    if form.k is None:
        return [list(s) for s in CONCRETE_SIZES]
    k = form.k
    cands = [(1,) * k, (2,) * k, tuple(range(1, k + 1)), tuple(range(k + 1, 1, -1)),
             tuple(1 + (j % 2) * 2 for j in range(k)), tuple(3 + j for j in range(k))]
    return [list(c) for c in dict.fromkeys(cands)]


def substitution(form: ClosedForm, param: Any) -> Dict[str, int]:
    if get_family(form.prediction).parameter == "m":
        return {"m": int(param), "N": 3 * int(param) + 1}
    out = {f"s{j + 1}": int(s) for j, s in enumerate(param)}
    out["N"] = int(sum(param))
    return out


def claimed_value(form: ClosedForm, param: Any) -> Any:
    """The form's exact value of the *score* (a sum is divided by N)."""
    family = get_family(form.prediction)
    value = instantiate(form.parsed, param, form.prediction)
    value = value.doit() if isinstance(value, sp.Basic) else sp.sympify(value)
    if form.quantity == "sum":
        value = value / family.total([sp.Integer(p) for p in param] if family.parameter == "sizes"
                                     else sp.Integer(param))
    return sp.nsimplify(value) if value.is_Float else value


def condition_holds(form: ClosedForm, param: Any) -> bool:
    cond = form.parsed_condition
    if cond is None:
        return True
    value = instantiate(cond, param, form.prediction)
    try:
        return bool(value)
    except TypeError:  # a relation sympy does not evaluate by itself (e.g. with logarithms)
        return bool(value.func(sp.N(value.lhs - value.rhs, 50), 0))


def symbolic_capable(metric: Metric) -> bool:
    return metric.builtin


def check_concrete(metric: Metric, form: ClosedForm,
              params: Optional[Sequence[Any]] = None) -> Tuple[int, bool, Optional[dict], str]:
    """(number checked, all exact, counterexample or None, error message)."""
    family = get_family(form.prediction)
    checked, exact_all = 0, symbolic_capable(metric)
    for param in (concrete_params(form) if params is None else params):
        if not condition_holds(form, param):
            continue
        truth, pred = family.concrete(param)
        claimed = claimed_value(form, param)
        claimed_float = float(sp.N(claimed, 30))
        try:
            value = to_float(metric(truth.tolist(), pred.tolist()))
        except Exception as exc:  # the metric's own failure is reported, not raised
            return (checked, False, None,
                    f"{type(exc).__name__}: {exc} on {truth.notation()} vs {pred.notation()}")
        ce = {"substitution": substitution(form, param), "truth": truth.notation(),
              "pred": pred.notation(), "claimed": str(claimed), "claimed_value": claimed_float,
              "metric_value": value}
        if not math.isfinite(value) or not close(value, claimed_float):
            return checked, False, ce, ""
        if exact_all:
            try:
                from ..contingency import Contingency
                table = SymbolicTable.from_contingency(Contingency.from_partitions(truth, pred))
                exact_value = metric.from_table(table)
            except NotImplementedError:
                exact_all = False
            else:
                if table.ops.sign(exact_value - claimed) != 0:
                    if abs(float(sp.N(exact_value - claimed, 50))) > 1e-40:
                        ce["metric_exact"] = str(sp.nsimplify(exact_value))
                        return checked, False, ce, ""
                    exact_all = False  # equal to 40 digits but not decided: keep as numeric
        checked += 1
    return checked, exact_all, None, ""
