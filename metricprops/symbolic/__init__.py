"""Symbolic view (sympy): closed forms of the metrics, proved from the numeric definitions.

Every built-in metric is one ``formula(t)`` over a table view; evaluated over a
:class:`SymbolicTable` (sympy expressions with multiplicities, see
:mod:`metricprops.symbolic.ops`) the *same* formula returns a sympy expression.  On top of
that:

* prediction families (:mod:`metricprops.symbolic.families`): ``one_block``,
  ``all_singletons``, ``identity`` in the true block sizes ``s_1 .. s_k``, and the ELM paper's
  Theorem 3 instances ``theorem3_h1`` / ``theorem3_h2`` in ``m``;
* declared closed forms (:class:`ClosedForm`, :mod:`metricprops.symbolic.forms`), which
  plug-in metrics attach with ``metricprops.metric(..., closed_forms=(...))``;
* checking a form (:func:`check_form`): concrete substitutions through the numeric path,
  then a proof by simplification for k = 1..6 symbolic sizes (and general k with ``Sum``
  where it works), giving ``"proved"``, ``"checked numerically"`` or ``"refuted"`` with a
  concrete substitution;
* the built-in catalog (:data:`BUILTIN_CLOSED_FORMS`, :func:`check_catalog`), printed by
  ``metricprops closed-forms``;
* proved verdicts (:func:`prove`, :mod:`metricprops.symbolic.evidence`): a constraint proved
  for every n from the metric's formula, or a failed proof with its region and a
  counterexample.

Example::

    >>> from metricprops.symbolic import symbolic_value, check_form, ClosedForm
    >>> symbolic_value("elm_precision", "one_block", k=2)
    (s1*(s1 - 1) + s2*(s2 - 1))/((s1 + s2)*(s1 + s2 - 1))
    >>> check_form("bcubed_precision", ClosedForm("one_block", "sum_i(s_i**2)/N**2")).status
    'proved'
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

import sympy as sp

from ..registry import resolve_metric
from .catalog import BUILTIN_CLOSED_FORMS, check_catalog, check_declared, summary, theorem3_gap
from .evidence import proof_methods, prove
from .families import FAMILIES, Family, get_family
from .forms import M_SYM, SIZE_SYMBOLS, ClosedForm, parse
from .ops import NumericOnlyError, SymbolicOps, SymbolicTable
from .proofs import CHECKED, ERROR, PROVED, REFUTED, ClaimResult, check_form
from .verdict import FailedProof, Proof

__all__ = [
    "SymbolicOps", "SymbolicTable", "NumericOnlyError", "ClosedForm", "ClaimResult",
    "Family", "FAMILIES", "get_family", "check_form", "check_catalog", "check_declared",
    "BUILTIN_CLOSED_FORMS", "theorem3_gap", "summary", "symbolic_value", "exact_value",
    "size_symbols", "parse", "PROVED", "CHECKED", "REFUTED", "ERROR", "prove",
    "proof_methods", "Proof", "FailedProof",
]


def size_symbols(k: int) -> tuple:
    """The size symbols ``s1 .. sk`` (positive integers) used by the closed forms."""
    if not 1 <= int(k) <= len(SIZE_SYMBOLS):
        from ..errors import InvalidArgumentError
        raise InvalidArgumentError(f"expected 1 <= k <= {len(SIZE_SYMBOLS)}, got {k}")
    return SIZE_SYMBOLS[: int(k)]


def symbolic_value(metric: Any, prediction: str, *, k: Optional[int] = None,
                   sizes: Optional[Sequence[Any]] = None, m: Any = None, min_size: int = 1,
                   simplify: bool = True) -> Any:
    """The metric's value on a prediction family as a sympy expression.

    Parameters
    ----------
    metric : Metric or str
        A built-in (or any metric with a ``formula``).
    prediction : str
        Family name (see :data:`FAMILIES`).
    k : int, optional
        Number of true blocks, with symbolic sizes ``s1 .. sk``.
    sizes : sequence, optional
        Explicit sizes (integers or sympy expressions) instead of ``k``.
    m : optional
        Parameter of the Theorem 3 families (default the symbol ``m``).
    min_size : int
        Lower bound of every size symbol (2 excludes singleton blocks); 0/0 conventions that
        depend on it are resolved from it, the others give a ``Piecewise``.
    simplify : bool
        Apply ``sympy.simplify`` to the result.

    Raises
    ------
    NumericOnlyError
        For metrics without a symbolic form (the purity family, ``ami``).
    """
    met = resolve_metric(metric)
    family = get_family(prediction)
    if family.parameter == "m":
        param = M_SYM if m is None else sp.sympify(m)
        bounds = {s: 1 for s in sp.sympify(param).free_symbols}
    else:
        param = list(sizes) if sizes is not None else list(size_symbols(k if k is not None else 2))
        bounds = {s: int(min_size) for x in param for s in sp.sympify(x).free_symbols}
    table = family.table(param, bounds)
    if not met.builtin:
        from ..errors import InvalidMetricError
        raise InvalidMetricError(f"metric {met.name!r} is a black box: it has no formula")
    try:
        value = met.from_table(table)
    except NotImplementedError as exc:
        raise NumericOnlyError(f"{met.name}: {exc}") from None
    return sp.simplify(value) if simplify else value


def exact_value(metric: Any, labels_true: Any, labels_pred: Any) -> Any:
    """The exact value (sympy rational, or with logarithms) of a built-in on two labelings."""
    from ..contingency import Contingency

    met = resolve_metric(metric)
    table = SymbolicTable.from_contingency(Contingency.from_labels(labels_true, labels_pred))
    try:
        return met.from_table(table)
    except NotImplementedError as exc:
        raise NumericOnlyError(f"{met.name}: {exc}") from None
