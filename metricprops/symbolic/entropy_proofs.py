"""Proofs for information-theoretic metrics, reduced to the chain rule of entropy.

Every formula that reads nothing of the table but
:func:`~metricprops.metrics.stats.entropies` (I, H(T), H(H)) -- mutual information, VI, NMI
with its normalisations, homogeneity, completeness, V-measure -- is a function of three
non-negative quantities: ι = I(T; H), x = H(T | H) = H(T) − ι, y = H(H | T) = H(H) − ι.
:class:`EntropyView` holds only those, as :class:`~metricprops.metrics.pair_function.
PairCountView` holds the pair counts, and the metric's own formula runs on it.

**The moves** (known inequality: the chain rule of entropy with the grouping property,
H(X) = h(p) + p H(X | part 1) + (1 − p) H(X | part 2) for a split of an outcome set into two
parts, and h(p) = −p log p − (1 − p) log(1 − p) > 0 for 0 < p < 1; Cover & Thomas,
Theorem 2.5.1 and Problem 2.27):

* perfect split of a block C (c items) into C1, C2 (p and c − p items), no class cut: the
  part of C is a function of the class, so H(H | T) is unchanged, and H(T | H) loses exactly
  δ = (c / n) h(p / c) > 0 (given C, the class determines the part: H(T | C) =
  h(p/c) + the parts' shares of H(T | C1), H(T | C2)); H(T) is unchanged, so ι gains δ:
  (ι, x + δ, y) → (ι + δ, x, y);
* perfect merge of two pure blocks B1, B2 of one class (s items): H(T | H) is unchanged (the
  merged block is pure) and H(H | T) loses δ = (s / n) h(p / s) > 0 (within the class, the
  two blocks become one), H(T) and H(T | H) fixed so ι is unchanged:
  (ι, x, y + δ) → (ι, x, y).

The sign of Q(after) − Q(before) is then decided exactly over ι, x, y ≥ 0, δ > 0 (reals; a
superset of what partitions realise), per zero pattern of (ι, x, y), as for the pair counts.
A tie or a violation is confirmed by an instance found among partitions up to five items.
"""
from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, Dict, Tuple

import sympy as sp

from ..errors import InvalidMetricError
from ..metrics.stats import Entropies
from .ops import SymbolicOps
from .pair_witness import move_counterexample
from .verdict import FailedProof, Proof

__all__ = ["EntropyView", "constraints_for", "prove", "entropy_only"]

_I, _X, _Y = sp.symbols("iota x y", positive=True)  # I, H(T|H), H(H|T)
_D = sp.Symbol("delta", positive=True)
MOVES = {
    # constraint: (move, before, after, what the move does)
    "homogeneity": ("split", (_I, _X + _D, _Y), (_I + _D, _X, _Y),
                    "a perfect split moves δ = (|C|/n) h(|C1|/|C|) > 0 nats from H(T|H) to I"),
    "completeness": ("merge", (_I, _X, _Y + _D), (_I, _X, _Y),
                     "a perfect merge removes δ = (s/n) h(|B1|/s) > 0 nats from H(H|T)"),
}


class EntropyView:
    """A table view holding only I, H(T) and H(H) (see the module docstring)."""

    def __init__(self, iota: Any, x: Any, y: Any, ops: Any):
        self._ops = ops
        self._cache: Dict[str, Any] = {"entropies": Entropies(iota + x, iota + y, iota)}

    ops = property(lambda self: self._ops)
    symbolic = property(lambda self: self._ops.symbolic)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise InvalidMetricError(f"the formula reads the table's {name!r}, not only I, H(T), "
                                 "H(H)")


def entropy_only(metric: Any) -> bool:
    """True if the metric's formula runs on I, H(T), H(H) alone (tried once, numerically)."""
    from ..ops import NUMERIC

    if metric.formula is None or getattr(metric, "pair_counting", False):
        return False
    try:
        float(metric.formula(EntropyView(0.3, 0.2, 0.4, NUMERIC)))
    except Exception:  # reads the table, or has no form over the entropies
        return False
    return True


@lru_cache(maxsize=256)
def _applies(metric: Any) -> bool:
    return entropy_only(metric)


def constraints_for(metric: Any) -> Tuple[str, ...]:
    return tuple(MOVES) if _applies(metric) else ()


def _q(metric: Any, point: Tuple[Any, ...], ops: SymbolicOps) -> Any:
    value = metric.formula(EntropyView(*point, ops))
    return value if metric.kind == "similarity" else -value


@lru_cache(maxsize=256)
def prove(metric: Any, constraint: str) -> Any:
    if constraint not in MOVES or not _applies(metric):
        return None
    move, before, after, text = MOVES[constraint]
    decided = []
    for pattern in itertools.product((0, 1), repeat=3):
        zero = {s: 0 for s, p in zip((_I, _X, _Y), pattern) if not p}
        ops = SymbolicOps()
        try:
            gap = _q(metric, tuple(sp.sympify(v).subs(zero) for v in after), ops) \
                - _q(metric, tuple(sp.sympify(v).subs(zero) for v in before), ops)
        except Exception as exc:  # sympy could not carry the formula
            return FailedProof(metric.name, constraint, "not proved",
                               f"the formula has no symbolic form over the entropies ({exc})")
        sign, factor = ops.fraction_sign(gap)
        region = ", ".join(f"{n} {'> 0' if p else '= 0'}"
                           for n, p in zip(("I", "H(T|H)", "H(H|T)"), pattern))
        if sign == 1:
            decided.append(region)
            continue
        kind = {0: "tie", -1: "violation"}.get(sign, "not proved")
        ce = None if sign is None else move_counterexample(metric, move, want=sign)
        reason = {"tie": "the move leaves Q unchanged in this region",
                  "violation": "the move lowers Q in this region",
                  "not proved": f"the sign of the difference is undecided (factor {factor})"}[kind]
        if kind != "not proved" and ce is None:
            reason += ("; no instance found among partitions up to 5 items: the verdict "
                       "keeps its exhaustive or sampled evidence")
        return FailedProof(metric.name, constraint, kind, reason,
                           f"{text}: {region} (after the move)", ce)
    what = "split" if constraint == "homogeneity" else "merge"
    return Proof(metric.name, constraint,
                 f"{metric.name}: Q(T, H2) > Q(T, H1) for every perfect {what} H1 → H2, at "
                 f"every n: {text}, and the metric's formula, as a function of I, H(T|H), "
                 "H(H|T) ≥ 0, rises under it in all 8 zero-pattern cases.",
                 "reduction to the chain rule of entropy (grouping property) and h(p) > 0 for "
                 "0 < p < 1 (Cover & Thomas, Thm 2.5.1); then sympy on the metric's own formula "
                 "over the entropies, exact sign per case (metricprops.symbolic.entropy_proofs)")
