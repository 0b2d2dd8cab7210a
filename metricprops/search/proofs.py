"""The hook through which a symbolic proof upgrades a verdict's evidence to ``proved``.

A check that passed (or is weak) on every instance it searched has the evidence of that
search (``exhaustive`` up to n items, or ``sampled``).  When a proof that the metric satisfies
the constraint for every number of items exists, :func:`proof_evidence` replaces it with
``proved``, with the proof's statement, keeping what the search checked besides.  Only a
proof does that: a failed attempt, or a claim checked numerically, leaves the evidence as
it is -- never "proved" for what was only checked.

Proofs are looked up by :func:`find_proof`: first :func:`metricprops.symbolic.prove` (the
proofs from a metric's formula: pair counting, per-element and information-theoretic
families), then the provers registered with :func:`register_prover`.  A prover's
``prover(metric, constraint_name)`` returns an object whose ``status`` is ``"proved"``, with
``statement`` and ``method`` (str), or anything else (a failed attempt, ``None``); the
answer is cached per (metric, constraint) for the process.  A metric without a formula (a
black box) is never sent to the symbolic prover, so its audit does not load sympy.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

__all__ = ["proof_evidence", "find_proof", "register_prover"]

#: ``prover(metric, constraint_name) -> proof or None``, asked in order.
_PROVERS: List[Callable[[Any, str], Any]] = []
_CACHE: Dict[tuple, Any] = {}


def register_prover(prover: Callable[[Any, str], Any]) -> None:
    """Ask ``prover`` too (after those registered before it); clears the cache."""
    _PROVERS.append(prover)
    _CACHE.clear()


def _symbolic(metric: Any, constraint: str) -> Any:
    """:func:`metricprops.symbolic.prove` for a metric with a formula (else ``None``)."""
    if getattr(metric, "formula", None) is None:
        return None
    from ..symbolic import prove
    return prove(metric, constraint)


def _builtin_provers() -> List[Callable[[Any, str], Any]]:
    """The provers that ship with metricprops."""
    return [_symbolic]


def _proved(proof: Any) -> bool:
    return proof is not None and getattr(proof, "status", None) == "proved" and bool(
        getattr(proof, "statement", ""))


def find_proof(metric: Any, constraint: str) -> Optional[Any]:
    """A proof that ``metric`` satisfies ``constraint`` for every number of items, or
    ``None`` (no prover proved it)."""
    key = (getattr(metric, "name", None), id(getattr(metric, "formula", None) or
                                             getattr(metric, "func", None)), constraint)
    if key not in _CACHE:
        found = None
        for prover in _builtin_provers() + _PROVERS:
            try:
                proof = prover(metric, constraint)
            except Exception:  # noqa: BLE001 - an attempt that broke proves nothing
                proof = None
            if _proved(proof):
                found = proof
                break
        _CACHE[key] = found
    return _CACHE[key]


def proof_evidence(metric: Any, constraint: Any, evidence: Optional[Dict[str, Any]]
                   ) -> Optional[Dict[str, Any]]:
    """``evidence`` upgraded to ``proved`` when a proof exists, else as it is."""
    proof = find_proof(metric, constraint.name)
    if proof is None:
        return evidence
    checked = {k: v for k, v in (evidence or {}).items() if k != "kind"}
    return {"kind": "proved", "statement": str(proof.statement),
            "by": str(getattr(proof, "method", "") or "symbolic proof"), **checked}
