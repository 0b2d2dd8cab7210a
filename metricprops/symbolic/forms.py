"""Declared closed forms: the :class:`ClosedForm` format and its expression language.

A closed form states the value of a metric on one prediction family (see
:mod:`metricprops.symbolic.families`) as an expression in the family's parameters::

    ClosedForm("one_block", "sum_i(s_i*(s_i - 1))/(N*(N - 1))", condition="N >= 2")
    ClosedForm("all_singletons", "singletons/N")
    ClosedForm("theorem3_h1", "3*m - 1", quantity="sum")

Vocabulary of an expression (a string parsed by sympy, or a sympy expression built from the
same symbols):

* families in the true block sizes: ``N`` (number of items), ``k`` (number of true blocks),
  ``sum_i(...)`` / ``prod_i(...)`` over the blocks with ``s_i`` the size of block i, explicit
  sizes ``s1 .. s12`` (then give ``k``), ``singletons`` = ``sum_i(delta(s_i, 1))`` (number of
  true singleton blocks);
* Theorem 3 families: ``m`` and ``N`` (= 3m + 1);
* everywhere: ``log`` (natural), ``sqrt``, ``C(x, r)`` (binomial), ``delta(x, y)``
  (Kronecker delta), rationals.

``quantity="sum"`` states N times the mean score (a sum over items, as in Theorem 3's
proof); ``condition`` is a relation in the same vocabulary (``"N >= 2"``, ``"k >= 2"``,
``"m >= 3"``) outside which the form is not claimed.  Plug-in metrics declare forms with
``metricprops.metric(..., closed_forms=(ClosedForm(...), ...))``; a plain tuple
``(prediction, expression)`` or a dict with the field names is accepted too.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, Optional, Sequence

import sympy as sp

from ..errors import InvalidArgumentError
from .families import get_family

__all__ = ["ClosedForm", "as_forms", "parse", "instantiate", "instantiate_general", "SIZE_SYMBOLS",
           "N_SYM", "K_SYM", "M_SYM", "S_I"]

MAX_EXPLICIT = 12
N_SYM = sp.Symbol("N", integer=True, positive=True)
K_SYM = sp.Symbol("k", integer=True, positive=True)
M_SYM = sp.Symbol("m", integer=True, positive=True)
S_I = sp.Symbol("s_i", integer=True, positive=True)
SIZE_SYMBOLS = tuple(sp.Symbol(f"s{j}", integer=True, positive=True)
                     for j in range(1, MAX_EXPLICIT + 1))
sum_i = sp.Function("sum_i")
prod_i = sp.Function("prod_i")
QUANTITIES = ("mean", "sum")


def _namespace(parameter: str) -> Dict[str, Any]:
    ns: Dict[str, Any] = {"N": N_SYM, "log": sp.log, "sqrt": sp.sqrt, "C": sp.binomial,
                          "binomial": sp.binomial, "delta": sp.KroneckerDelta,
                          "Rational": sp.Rational, "E": sp.E}
    if parameter == "sizes":
        ns.update({"k": K_SYM, "s_i": S_I, "sum_i": sum_i, "prod_i": prod_i,
                   "singletons": sum_i(sp.KroneckerDelta(S_I, 1))})
        ns.update({s.name: s for s in SIZE_SYMBOLS})
    else:
        ns["m"] = M_SYM
    return ns


@lru_cache(maxsize=1024)
def parse(text: Any, parameter: str, what: str = "expression") -> Any:
    """Parse a closed-form expression (or condition) for a family parametrised by ``parameter``.

    Raises :class:`~metricprops.errors.InvalidArgumentError` for syntax errors and for
    names outside the vocabulary.
    """
    ns = _namespace(parameter)
    explicit = {s.name for s in SIZE_SYMBOLS}
    if isinstance(text, sp.Basic):
        expr = text
    else:
        try:
            expr = sp.sympify(str(text), locals=ns)
        except (sp.SympifyError, SyntaxError, TypeError, AttributeError) as exc:
            raise InvalidArgumentError(f"cannot parse closed-form {what} {text!r}: {exc}") from None
    # a symbol with the right name but other assumptions (e.g. from sp.Symbol("N")) is ours
    by_name = {v.name: v for v in ns.values() if isinstance(v, sp.Symbol)}
    expr = expr.xreplace({s: by_name[s.name] for s in expr.free_symbols
                          if s.name in by_name and s != by_name[s.name]})
    unknown = sorted(s.name for s in expr.free_symbols if s not in by_name.values())
    if unknown:
        raise InvalidArgumentError(
            f"closed-form {what} {text!r}: unknown name(s) {', '.join(unknown)}; "
            f"known: {', '.join(sorted(k for k in ns if k not in explicit))}"
            + (f", s1 .. s{MAX_EXPLICIT}" if parameter == "sizes" else "")
        )
    return expr


def _check_no_free_index(expr: Any, text: str) -> None:
    if S_I in getattr(expr, "free_symbols", ()):
        raise InvalidArgumentError(
            f"closed form {text!r}: s_i used outside sum_i(...) / prod_i(...)")


def instantiate(expr: Any, param: Any, family_name: str, n_value: Any = None) -> Any:
    """``expr`` with the family parameters replaced: ``param`` is the list of sizes or m."""
    key = tuple(param) if isinstance(param, (list, tuple)) else param
    return _instantiate(expr, key, family_name, n_value)


@lru_cache(maxsize=4096)
def _instantiate(expr: Any, param: Any, family_name: str, n_value: Any) -> Any:
    family = get_family(family_name)
    if family.parameter == "sizes":
        sizes = [sp.sympify(s) for s in param]
        out = expr.replace(sum_i, lambda arg: sp.Add(*[arg.xreplace({S_I: s}) for s in sizes]))
        out = out.replace(prod_i, lambda arg: sp.Mul(*[arg.xreplace({S_I: s}) for s in sizes]))
        explicit = {s for s in getattr(out, "free_symbols", ()) if s in SIZE_SYMBOLS}
        too_far = [s.name for s in explicit if SIZE_SYMBOLS.index(s) >= len(sizes)]
        if too_far:
            raise InvalidArgumentError(
                f"closed form uses {', '.join(sorted(too_far))} but the truth has {len(sizes)} "
                "block(s); state k"
            )
        mapping = {SIZE_SYMBOLS[j]: s for j, s in enumerate(sizes)}
        mapping[K_SYM] = sp.Integer(len(sizes))
        mapping[N_SYM] = family.total(sizes) if n_value is None else n_value
        out = out.xreplace(mapping) if hasattr(out, "xreplace") else out
        _check_no_free_index(out, str(expr))
    else:
        m = sp.sympify(param)
        out = (expr.xreplace({M_SYM: m, N_SYM: family.total(m)}) if hasattr(expr, "xreplace")
               else expr)
    return sp.expand_func(out) if isinstance(out, sp.Basic) and out.has(sp.binomial) else out


def instantiate_general(expr: Any, family_name: str, s: Any, i: Any, k: Any, n: Any) -> Any:
    """``expr`` for a general number k of blocks: ``sum_i`` becomes ``Sum(., (i, 1, k))``."""
    if get_family(family_name).parameter != "sizes":
        raise InvalidArgumentError("general-k forms only exist for families in the sizes")
    if any(x in SIZE_SYMBOLS for x in expr.free_symbols):
        raise InvalidArgumentError(
            "a form with explicit sizes s1, s2, ... has no general-k version")
    out = expr.replace(sum_i, lambda arg: sp.Sum(arg.xreplace({S_I: s[i]}), (i, 1, k)))
    out = out.replace(prod_i, lambda arg: sp.Product(arg.xreplace({S_I: s[i]}), (i, 1, k)))
    out = out.xreplace({K_SYM: k, N_SYM: n})
    _check_no_free_index(out, str(expr))
    return sp.expand_func(out)


@dataclass(frozen=True)
class ClosedForm:
    """A declared closed form of a metric on one prediction family.

    Parameters
    ----------
    prediction : str
        Family name: ``"one_block"``, ``"all_singletons"``, ``"identity"``,
        ``"theorem3_h1"`` or ``"theorem3_h2"``.
    expression : str or sympy expression
        The value, in the vocabulary described in this module's docstring.
    k : int, optional
        Number of true blocks the form is stated for (required with explicit ``s1, s2, ...``);
        default: every k.
    condition : str, optional
        A relation outside which the form is not claimed (``"N >= 2"``).
    quantity : {"mean", "sum"}
        ``"sum"`` states N times the score (a sum over items).
    name : str
        Short label used in reports.
    note : str
        Where the form comes from (a theorem, a section).
    """

    prediction: str
    expression: Any
    k: Optional[int] = None
    condition: Optional[str] = None
    quantity: str = "mean"
    name: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        family = get_family(self.prediction)
        if self.quantity not in QUANTITIES:
            raise InvalidArgumentError(
                f"closed form: expected quantity 'mean' or 'sum', got {self.quantity!r}")
        if self.k is not None:
            if (isinstance(self.k, bool) or not isinstance(self.k, int)
                    or not 1 <= self.k <= MAX_EXPLICIT):
                raise InvalidArgumentError(
                    f"closed form: expected k in 1..{MAX_EXPLICIT} or None, got {self.k!r}")
            if family.parameter != "sizes":
                raise InvalidArgumentError(f"closed form: k does not apply to {self.prediction!r}")
        parse(self.expression, family.parameter)
        if self.condition is not None:
            parse(self.condition, family.parameter, "condition")

    @classmethod
    def coerce(cls, obj: Any) -> ClosedForm:
        """A :class:`ClosedForm` from itself, a dict of its fields or a tuple
        ``(prediction, expression[, condition])``."""
        if isinstance(obj, cls):
            return obj
        if isinstance(obj, dict):
            try:
                return cls(**obj)
            except TypeError as exc:
                raise InvalidArgumentError(f"closed form {obj!r}: {exc}") from None
        if isinstance(obj, (tuple, list)) and 2 <= len(obj) <= 3:
            return cls(obj[0], obj[1], condition=obj[2] if len(obj) == 3 else None)
        raise InvalidArgumentError(
            "expected a ClosedForm, a dict or a (prediction, expression[, condition]) tuple, "
            f"got {obj!r}")

    @property
    def parameter(self) -> str:
        return get_family(self.prediction).parameter

    @property
    def parsed(self) -> Any:
        return parse(self.expression, self.parameter)

    @property
    def parsed_condition(self) -> Any:
        if self.condition is None:
            return None
        return parse(self.condition, self.parameter, "condition")

    @property
    def symmetric(self) -> bool:
        """True if the expression names no explicit size (so it is symmetric in the s_i)."""
        return not any(s in SIZE_SYMBOLS for s in getattr(self.parsed, "free_symbols", ()))

    @property
    def text(self) -> str:
        """The expression as written (sympy's string form for sympy input)."""
        body = str(self.expression)
        return f"Σ_e = {body}" if self.quantity == "sum" else body

    def to_json(self) -> Dict[str, Any]:
        return {"prediction": self.prediction, "expression": str(self.expression),
                "quantity": self.quantity, "k": self.k, "condition": self.condition,
                "name": self.name, "note": self.note}


def as_forms(objs: Sequence[Any]) -> list:
    """Coerce every declared form (see :meth:`ClosedForm.coerce`)."""
    return [ClosedForm.coerce(obj) for obj in objs]
