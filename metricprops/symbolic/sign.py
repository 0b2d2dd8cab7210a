"""Deciding the sign of a sympy expression over positive-integer symbols with lower bounds.

This is what turns the metrics' 0/0 conventions into proofs: ``ratio(num, den, default)``
needs to know whether ``den`` can vanish, ``where(eq(x, 0), ...)`` whether ``x`` can.  The
decisions are sound (a returned sign holds for every admissible value of the symbols) and
incomplete (``None`` when undecided):

* rational expressions: numerator and denominator separately; each bounded symbol
  ``s >= lo`` is replaced by ``d + lo`` with ``d >= 0`` and a polynomial whose coefficients
  all have one sign (and a non-zero constant, or positive variables) has that sign;
* products, powers and ``log(y)`` (sign of ``y − 1``) factor by factor;
* sums of ``c·log(y)`` terms (entropies): multiplied by the positive total n, terms with the
  same monomial ``c`` are combined into ``c·log(Π y^r)``, and ``Π y^r`` is compared with 1
  by matching factors (``N ≥ s_i`` etc.), never by expanding large powers.
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Sequence, Tuple

import numpy as np
import sympy as sp

__all__ = ["SignDecider", "exact"]


def exact(x: Any) -> sp.Expr:
    """``x`` as a sympy expression with every float replaced by the exact rational it holds."""
    x = sp.sympify(x)
    floats = x.atoms(sp.Float)
    return x.xreplace({f: sp.Rational(f) for f in floats}) if floats else x


class SignDecider:
    """Sign decisions for positive-integer symbols with declared lower bounds.

    Parameters
    ----------
    bounds : mapping of sympy.Symbol to int, optional
        Lower bounds (default: the symbol's assumptions only, i.e. >= 1 for a positive
        integer).
    """

    def __init__(self, bounds: Optional[Mapping[sp.Symbol, int]] = None):
        self.bounds: Dict[sp.Symbol, int] = dict(bounds or {})
        #: a positive expression (the table's n) that multiplies log expressions before grouping
        self.total: Optional[sp.Expr] = None
        self._shift: Dict[sp.Symbol, sp.Expr] = {}
        for s, lo in self.bounds.items():
            self._shift[s] = sp.Dummy(f"{s.name}_", integer=True, nonnegative=True) + int(lo)
        self._signs: Dict[sp.Expr, Optional[int]] = {}

    def sign(self, x: Any) -> Optional[int]:
        """Sign of ``x`` (1, 0 or -1) for every admissible value of the symbols, or None.

        Rational parts are decided by ``cancel`` and by substituting ``s = d + lo`` (``d >= 0``)
        for each bounded symbol, then expanding.  Expressions with logarithms are multiplied
        by a positive total (when given) and expanded; terms ``c·log(y)`` with the same
        monomial ``c`` are combined into ``c·log(Π y)``, whose sign is that of ``Π y − 1``.
        """
        x = sp.sympify(x)
        if x in self._signs:
            return self._signs[x]
        result = self._sign(x)
        self._signs[x] = result
        return result

    def _sign(self, x: sp.Expr) -> Optional[int]:
        if x.is_number:
            if x.is_zero:
                return 0
            return 1 if x.is_positive else (-1 if x.is_negative else None)
        if x.has(sp.Piecewise, sp.Sum, sp.Max, sp.Min):
            return self._direct(x)
        if isinstance(x, sp.log):
            return self.sign(x.args[0] - 1)
        if isinstance(x, sp.acos):  # acos is 0 at 1 and positive below (on [-1, 1])
            s = self.fraction_sign(1 - x.args[0])[0]
            return s if s in (0, 1) else None
        if x.is_Mul:
            signs = [self.sign(f) for f in x.args]
            if 0 in signs:
                return 0
            if None not in signs:
                return int(np.prod(signs))
        if x.is_Pow:
            base, e = x.args
            sb = self.sign(base)
            if sb is not None and e.is_Integer and (sb != 0 or e > 0):
                return sb ** abs(int(e))
            if sb is not None and e.is_Rational and sb >= 0 and (sb != 0 or e > 0):
                return sb
        num, den = x.as_numer_denom()
        if not x.has(sp.log):
            quick = self._quotient(self._direct(num), self._direct(den))
            if quick is not None:
                return quick
            num, den = sp.fraction(sp.cancel(x))  # common factors of unknown sign
            return self._quotient(self._direct(num), self._direct(den))
        if sp.expand(num) == 0:  # identically zero with the logarithms as atoms
            return 0
        if den != 1:
            return self._quotient(self.sign(num), self.sign(den))
        return self._log_sign(x)

    @staticmethod
    def _quotient(sn: Optional[int], sd: Optional[int]) -> Optional[int]:
        if sd == 0:
            return None
        if sn == 0:
            return 0
        return None if sn is None or sd is None else sn * sd

    def _direct(self, x: sp.Expr) -> Optional[int]:
        y = x.xreplace(self._shift) if self._shift else x
        quick = self._poly_sign(y)
        if quick is not None:
            return quick
        y = sp.expand(y)
        if y.is_zero:
            return 0
        if y.is_positive:
            return 1
        if y.is_negative:
            return -1
        return None

    @staticmethod
    def _poly_sign(y: sp.Expr) -> Optional[int]:
        """Sign of a polynomial in non-negative symbols from the signs of its coefficients."""
        if y.has(sp.Piecewise, sp.Sum, sp.Max, sp.Min, sp.Indexed):
            return None
        gens = list(y.free_symbols)
        if not all(g.is_nonnegative for g in gens) or not y.is_polynomial(*gens):
            return None
        try:
            poly = sp.Poly(y, *gens) if gens else None
        except sp.PolynomialError:
            return None
        if poly is None:
            return None
        if poly.is_zero:
            return 0
        if not poly.domain.is_QQ and not poly.domain.is_ZZ:
            return None
        coeffs = poly.coeffs()
        const = poly.coeff_monomial(1)
        all_positive = all(g.is_positive for g in gens)
        if all(c >= 0 for c in coeffs) and (const > 0 or all_positive):
            return 1
        if all(c <= 0 for c in coeffs) and (const < 0 or all_positive):
            return -1
        return None

    def _log_sign(self, x: sp.Expr) -> Optional[int]:
        total = self.total if self.total is not None else sp.Integer(1)
        by_log: Dict[sp.Expr, sp.Expr] = {}
        rest = sp.Integer(0)
        for term in sp.Add.make_args(sp.expand(x)):
            factors = sp.Mul.make_args(term)
            logs = [f for f in factors if isinstance(f, sp.log)]
            coeff = sp.Mul(*[f for f in factors if not isinstance(f, sp.log)])
            if len(logs) > 1 or coeff.has(sp.log):
                return None
            if logs:
                by_log[logs[0].args[0]] = by_log.get(logs[0].args[0], 0) + coeff
            else:
                rest += term
        groups: Dict[sp.Expr, list] = {}
        for arg, coeff in by_log.items():  # coeff · log(arg), times the positive total
            for mono in sp.Add.make_args(sp.expand(sp.cancel(coeff * total))):
                r, key = mono.as_coeff_Mul()
                groups.setdefault(key, []).append((arg, sp.Rational(r)))
        signs: list = [] if rest == 0 else [self._weak_sign(rest)]
        for key, logs in groups.items():
            # key · Σ r log(arg) = (key / L) · log(Π arg^(L r)): integer powers, same sign
            sk, sl = self._sign(key), self._log_of_product_sign(logs)
            signs.append(0 if sl == 0 else (None if sk is None or sl is None else sk * sl))
        return _combine(signs)

    def _weak_sign(self, x: sp.Expr) -> Optional[float]:
        """The sign of ``x``, or ±0.5 for "≥ 0" / "≤ 0" when only that is proved."""
        s = self._sign(x)
        if s is not None:
            return s
        if self.nonnegative(x):
            return 0.5
        if self.nonnegative(-x):
            return -0.5
        return None

    def _log_of_product_sign(self, logs: Sequence[Tuple[sp.Expr, sp.Rational]]) -> Optional[float]:
        """Sign of Σ r·log(arg) for positive args, i.e. of Π arg^r − 1 (±0.5: only ≥ / ≤).

        With integer exponents (all r scaled by a common denominator), the units of
        P = Π_{r>0} arg^r are matched against those of Q = Π_{r<0} arg^(−r): if every unit
        of Q has a distinct unit of P that is provably at least as large (a linear
        comparison), then P ≥ Q; strict if one comparison is strict or an unmatched unit of P
        is provably > 1.  Large powers are never expanded.
        """
        lcm = sp.ilcm(1, *[r.q for _, r in logs])
        merged: Dict[sp.Expr, int] = {}
        for arg, r in logs:
            merged[arg] = merged.get(arg, 0) + int(r * lcm)
        pos = [a for a, e in merged.items() for _ in range(max(e, 0))]
        neg = [a for a, e in merged.items() for _ in range(max(-e, 0))]
        if not pos and not neg:
            return 0
        for big, small, sign in ((pos, neg, 1), (neg, pos, -1)):
            verdict = self._dominates(big, small)
            if verdict is not None:
                return sign * verdict
        if len(pos) + len(neg) <= 6:  # small: decide P − Q directly
            return self._weak_sign(sp.Mul(*pos) - sp.Mul(*neg))
        return None

    def _at_least(self, p: sp.Expr, q: sp.Expr) -> Optional[float]:
        """1 if p > q, 0 if p == q, 0.5 if only p >= q is proved, else None."""
        s = self.sign(p - q)
        if s is not None:
            return None if s < 0 else s
        return 0.5 if self.nonnegative(p - q) else None

    def _dominates(self, big: list, small: list) -> Optional[float]:
        """Compare Π big with Π small (positive factors): 1 if >, 0 if =, 0.5 if only ≥ is
        proved, None if no matching proves ≥."""
        free = list(big)
        found = []
        for q in small:
            for j, p in enumerate(free):
                v = self._at_least(p, q)
                if v is not None:
                    found.append(v)
                    del free[j]
                    break
            else:
                return None
        for p in free:
            v = self._at_least(p, sp.Integer(1))
            if v is None:
                return None
            found.append(v)
        if 1 in found:
            return 1
        return 0.5 if 0.5 in found else 0

    def fraction_sign(self, x: Any) -> Tuple[Optional[int], Optional[sp.Expr]]:
        """Sign of ``x`` from the factors of its numerator and denominator, and the first
        factor whose sign is undecided (None when decided).

        ``x`` is put over one denominator (``together``) and both sides are factored; each
        factor ``b**e`` is decided as :meth:`sign` decides a polynomial (shifted bounded
        symbols, coefficient signs), an even power counts as positive once its base is
        provably non-zero, a root of a positive base is positive.  Faster and stronger than
        :meth:`sign` on differences of rational functions (those of the pair-counting
        proofs), which :meth:`sign` would expand as one product.
        """
        num, den = sp.fraction(sp.together(exact(x)))
        if sp.expand(num) == 0:
            return 0, None
        signs = []
        for part in (num, den):
            for factor in sp.Mul.make_args(sp.factor(part)):
                base, e = factor.as_base_exp()
                s = self._direct(base) if base.is_polynomial(*base.free_symbols) \
                    else (self.sign(base) if not isinstance(base, sp.Add) else None)
                if s is None and not base.is_polynomial(*base.free_symbols):
                    s = self._root_sum_sign(base)
                if s is not None and s < 0 and not (e.is_Integer):
                    s = None  # a root of a negative base: not real
                if s == 0 or s is None:
                    return None, base
                signs.append(s if not e.is_Integer or int(e) % 2 else 1)
        return int(np.prod(signs)), None

    def _root_sum_sign(self, x: sp.Expr) -> Optional[int]:
        """Sign of A + B where each part is c·√X (a product of square roots of provably
        positive, root-free bases, c root-free; X = 1 for a root-free part): the common
        sign when the parts have one, else the sign of the larger part, from A² − B²
        (root-free).  With A's sign known and B's not: A's sign when A² − B² > 0."""
        groups: Dict[sp.Expr, sp.Expr] = {}
        for term in sp.Add.make_args(sp.expand(x)):
            coeff, radicand = sp.Integer(1), sp.Integer(1)
            for factor in sp.Mul.make_args(term):
                if factor.is_Pow and factor.exp == sp.Rational(1, 2):
                    if self.sign(factor.base) != 1:
                        return None
                    radicand *= factor.base
                elif factor.has(sp.Pow) and any(p.exp.is_Rational and not p.exp.is_Integer
                                                 for p in factor.atoms(sp.Pow)):
                    return None
                else:
                    coeff *= factor
            groups[radicand] = groups.get(radicand, 0) + coeff
        if len(groups) != 2:
            return None
        (xa, pa), (xb, pb) = sorted(groups.items(), key=lambda kv: sp.default_sort_key(kv[0]))
        sa, sb = self.sign(pa), self.sign(pb)
        if sa is not None and sa == sb:
            return sa
        if sa is None:
            (xa, pa, sa), (xb, pb, sb) = (xb, pb, sb), (xa, pa, sa)
        if sa is None or sa == 0:
            return None
        if sb == 0:
            return sa
        gap, _ = self.fraction_sign(pa * pa * xa - pb * pb * xb)
        if sb is None:  # only |A| > |B| decides
            return sa if gap == 1 else None
        return None if gap is None else (0 if gap == 0 else sa * gap)

    def nonnegative(self, x: Any) -> Optional[bool]:
        """True if ``x >= 0`` for every admissible value, False if ``x < 0`` for every one."""
        s = self.sign(x)
        if s is not None:
            return s >= 0
        num, den = sp.fraction(sp.cancel(sp.together(exact(x))))
        if self._direct(den) == 1:
            y = sp.expand(num.xreplace(self._shift)) if self._shift else sp.expand(num)
            if y.is_nonnegative:
                return True
            if y.is_negative:
                return False
        return None

    def is_zero(self, x: Any) -> bool:
        """True if ``x`` is identically zero (a proof, not a guess)."""
        x = exact(x)
        if x == 0 or sp.expand(x) == 0:  # identical terms cancel without a common denominator
            return True
        return self.sign(x) == 0


def _combine(signs: list) -> Optional[int]:
    """Sign of a sum from the (possibly weak, ±0.5) signs of its parts."""
    if any(v is None for v in signs):
        return None
    if all(v == 0 for v in signs):
        return 0
    if all(v >= 0 for v in signs) and 1 in signs:
        return 1
    if all(v <= 0 for v in signs) and -1 in signs:
        return -1
    return None
