"""The sympy backend: :class:`SymbolicOps` and the table view :class:`SymbolicTable`.

Every built-in metric is a ``formula(t)`` over a table view ``t`` that only uses ``t.ops``
for arithmetic (see :mod:`metricprops.ops`).  :class:`SymbolicTable` provides the same
attributes as :class:`~metricprops.contingency.Contingency` -- ``n``, ``cell_n``, ``cell_a``,
``cell_b``, ``cell_w``, ``a``, ``a_w``, ``b``, ``b_w``, ``ops`` and ``_cache`` -- but its arrays
are numpy object arrays of sympy expressions, and every cell or block carries a
*multiplicity* (a sympy expression too).  So the table of the all-singletons prediction against
a truth with block sizes ``s_1 .. s_k`` is the k cells ``(n=1, a=s_i, b=1)`` with multiplicity
``s_i``, the rows ``s_i`` and one column ``b = 1`` with multiplicity ``N``; the *same* formula
that scores labels then returns a sympy expression.

0/0 conventions (``ops.ratio``), ``ops.where`` and ``ops.eq`` are resolved by deciding the
sign of an expression from declared lower bounds of the size symbols (e.g. ``s_i >= 2``):
a denominator that is provably non-zero gives ``num/den``, a provably zero one gives the
default, and only an undecidable one gives a :class:`sympy.Piecewise`.  Sums of ``x log y``
terms (entropies) are decided by grouping logarithms with equal coefficients, see
:mod:`metricprops.symbolic.sign`.
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, Mapping, Optional, Sequence, Tuple

import numpy as np
import sympy as sp

from ..errors import NumericOnlyError
from .sign import SignDecider, exact

__all__ = ["SymbolicOps", "SymbolicTable", "Each", "NumericOnlyError", "size_symbol", "exact"]


def size_symbol(name: str) -> sp.Symbol:
    """A block-size symbol: a positive integer."""
    return sp.Symbol(name, integer=True, positive=True)


def _obj(values: Iterable[Any]) -> np.ndarray:
    items = [exact(v) for v in values]
    out = np.empty(len(items), dtype=object)
    out[:] = items
    return out


class Each:
    """Multiplicity marker of a general-k entry: the entry stands for blocks ``i = 1 .. k``.

    Multiplicities are only ever read by the ops (``sum``, ``pairs``, ``xlogx_sum``), so the
    marker never enters a formula's own arithmetic.
    """

    __slots__ = ("weight",)

    def __init__(self, weight: Any):
        self.weight = weight

    def __repr__(self) -> str:
        return f"Each({self.weight})"


class SymbolicOps(SignDecider):
    """sympy backend with the interface of :class:`metricprops.ops.NumericOps`.

    Parameters
    ----------
    bounds : mapping of sympy.Symbol to int, optional
        Lower bounds of positive-integer symbols (default 1 for every symbol).  They decide
        which 0/0 convention applies, e.g. ``{s: 2}`` makes ``s - 1`` non-zero.
    index : (sympy.Symbol, sympy.Expr), optional
        ``(i, k)`` for general-k tables: an entry whose multiplicity is marked :class:`Each`
        stands for the k entries ``i = 1 .. k`` and :meth:`sum` wraps it in
        ``Sum(., (i, 1, k))``.
    """

    symbolic = True

    def __init__(self, bounds: Optional[Mapping[sp.Symbol, int]] = None,
                 index: Optional[Tuple[sp.Symbol, sp.Expr]] = None):
        super().__init__(bounds)
        self.index = index

    # -- the NumericOps interface -----------------------------------------------------------
    def _terms(self, x: Any, w: Any) -> list:
        xs = list(np.atleast_1d(np.asarray(x, dtype=object)))
        ws = ([sp.Integer(1)] * len(xs) if w is None
              else list(np.atleast_1d(np.asarray(w, dtype=object))))
        out = []
        for xi, wi in zip(xs, ws):
            if isinstance(wi, Each):  # one entry per block i = 1 .. k
                i, k = self.index
                out.append(sp.Sum(exact(wi.weight) * exact(xi), (i, 1, k)))
            else:
                out.append(exact(wi) * exact(xi))
        return out

    def sum(self, x: Any, w: Any = None) -> sp.Expr:
        """Σ w·x (an entry of a general-k table is summed over ``i = 1 .. k``)."""
        return sp.Add(*self._terms(x, w))

    def pairs(self, x: Any, w: Any = None) -> sp.Expr:
        """Σ w·C(x, 2) = Σ w·x(x − 1)/2."""
        xs = np.atleast_1d(np.asarray(x, dtype=object))
        return self.sum(_obj([xi * (xi - 1) / 2 for xi in xs]), w)

    def xlogx_sum(self, x: Any, w: Any = None) -> sp.Expr:
        """Σ w·x·log(x) with 0·log 0 = 0."""
        xs = np.atleast_1d(np.asarray(x, dtype=object))
        return self.sum(_obj([0 if self.is_zero(xi) else xi * sp.log(xi) for xi in xs]), w)

    def _ratio1(self, num: Any, den: Any, default: Any) -> sp.Expr:
        num, den, default = exact(num), exact(den), exact(default)
        if self.is_zero(num - default * den):
            return default  # num/den equals the default wherever den != 0
        s = self.sign(den)
        if s == 0:
            return default
        if s is not None:
            return num / den
        return sp.Piecewise((default, sp.Eq(den, 0)), (num / den, True))

    def ratio(self, num: Any, den: Any, default: Any) -> Any:
        """num / den, or ``default`` where den == 0 (decided from the bounds if possible)."""
        if np.ndim(num) == 0 and np.ndim(den) == 0:
            return self._ratio1(num, den, default)
        n_arr, d_arr = np.broadcast_arrays(np.asarray(num, dtype=object),
                                           np.asarray(den, dtype=object))
        return _obj([self._ratio1(a, b, default) for a, b in zip(n_arr, d_arr)])

    def eq(self, x: Any, y: Any) -> Any:
        """x == y as ``sympy.true`` / ``sympy.false``, or an unevaluated ``Eq``."""
        s = self.sign(exact(x) - exact(y))
        if s == 0:
            return sp.true
        if s is not None:
            return sp.false
        return sp.Eq(x, y, evaluate=False)

    def where(self, cond: Any, a: Any, b: Any) -> Any:
        """``a`` where ``cond`` else ``b`` (a Piecewise only if ``cond`` is undecided)."""
        a, b = exact(a), exact(b)
        if cond is True or cond == sp.true:
            return a
        if cond is False or cond == sp.false:
            return b
        if self.is_zero(a - b):
            return a
        return sp.Piecewise((a, cond), (b, True))

    def maximum(self, x: Any, y: Any) -> sp.Expr:
        x, y = exact(x), exact(y)
        s = self.sign(x - y)
        return sp.Max(x, y) if s is None else (x if s >= 0 else y)

    def minimum(self, x: Any, y: Any) -> sp.Expr:
        x, y = exact(x), exact(y)
        s = self.sign(x - y)
        return sp.Min(x, y) if s is None else (x if s <= 0 else y)

    # elementary functions: sympy's own
    log = staticmethod(sp.log)
    sqrt = staticmethod(sp.sqrt)
    exp = staticmethod(sp.exp)
    acos = staticmethod(sp.acos)

    @staticmethod
    def segment_max(values: Any, ids: Any, size: int) -> Any:
        raise NumericOnlyError("a per-block maximum (purity family) has no symbolic form")

    @staticmethod
    def value(x: Any) -> sp.Expr:
        return exact(x)


Entry = Tuple[Any, Any]


class SymbolicTable:
    """A contingency table whose counts and multiplicities are sympy expressions.

    Parameters
    ----------
    cells : sequence of (n_ij, a_i, b_j, multiplicity)
        Each distinct kind of non-zero cell with the sizes of its true and predicted block.
    rows, cols : sequence of (size, multiplicity)
        True block sizes and predicted block sizes.
    bounds : mapping of sympy.Symbol to int, optional
        Lower bounds of the symbols (default 1: positive integers).
    n : expression, optional
        Number of items; default Σ multiplicity·size over ``rows``.
    index : (i, k), optional
        General-k index (see :class:`SymbolicOps`).
    """

    symbolic = True

    def __init__(self, cells: Sequence[Tuple[Any, Any, Any, Any]], rows: Sequence[Entry],
                 cols: Sequence[Entry], *, bounds: Optional[Mapping[sp.Symbol, int]] = None,
                 n: Any = None, index: Optional[Tuple[sp.Symbol, sp.Expr]] = None):
        cells = [tuple(c) for c in cells]
        rows, cols = [tuple(r) for r in rows], [tuple(c) for c in cols]

        def weights(entries: list) -> np.ndarray:
            # general k: an entry written in terms of the index i stands for every block i
            out = np.empty(len(entries), dtype=object)
            for j, e in enumerate(entries):
                indexed = index is not None and any(sp.sympify(v).has(index[0]) for v in e[:-1])
                out[j] = Each(exact(e[-1])) if indexed else exact(e[-1])
            return out

        self.cell_n = _obj(c[0] for c in cells)
        self.cell_a = _obj(c[1] for c in cells)
        self.cell_b = _obj(c[2] for c in cells)
        self.cell_w = weights(cells)
        self.a, self.a_w = _obj(r[0] for r in rows), weights(rows)
        self.b, self.b_w = _obj(c[0] for c in cols), weights(cols)
        self._ops = SymbolicOps(bounds, index)
        self.n = sp.sympify(n) if n is not None else self._ops.sum(self.a, self.a_w)
        self._ops.total = self.n  # a positive multiplier for the log sign decisions
        self._cache: Dict[str, Any] = {}

    @property
    def ops(self) -> SymbolicOps:
        return self._ops

    @property
    def nnz(self) -> int:
        return len(self.cell_n)

    @property
    def cell_row(self) -> Any:
        raise NumericOnlyError("a per-block maximum (purity family) has no symbolic form")

    cell_col = cell_row

    @classmethod
    def from_contingency(cls, table: Any) -> SymbolicTable:
        """Exact (rational) view of a numeric :class:`~metricprops.contingency.Contingency`."""
        cells = [(int(x), int(a), int(b), 1)
                 for x, a, b in zip(table.cell_n, table.cell_a, table.cell_b)]
        return cls(cells, [(int(a), 1) for a in table.a], [(int(b), 1) for b in table.b])

    def check_consistent(self) -> bool:
        """True if cells, rows and columns provably describe the same n items."""
        ops = self.ops
        by_cells = ops.sum(self.cell_n, self.cell_w)
        by_cols = ops.sum(self.b, self.b_w)
        return ops.is_zero(by_cells - self.n) and ops.is_zero(by_cols - self.n)

    def __repr__(self) -> str:
        return f"SymbolicTable(n={self.n}, cells={len(self.cell_n)})"
