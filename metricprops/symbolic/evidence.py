"""Proved verdicts: the public API that turns a (metric, constraint) pair into a proof.

:func:`prove` returns

* a :class:`Proof` -- the constraint holds for every n, with the statement proved and how;
* a :class:`FailedProof` -- a proof was attempted and does not go through: ``kind`` is
  ``"violation"`` (the difference is negative somewhere), ``"tie"`` (zero somewhere: the
  strict form fails, a ``weak`` verdict), or ``"not proved"`` (the sign could not be
  decided); ``region`` names where, and ``counterexample`` is a concrete instance from
  that region scored by the metric's numeric path (None when none was found: then the
  verdict keeps its exhaustive or sampled evidence);
* ``None`` -- no proof method applies (a black-box metric, a metric without a symbolic
  formula, or a constraint none of the methods covers).

A verdict may say ``proved`` only from a :class:`Proof`; nothing here is concluded from
numbers alone (samples only *find* counterexamples and regions).

Methods, by family (see each module for its derivations):

* pair counting (:mod:`.pair_verdicts`): metrics declared ``pair_counting=True`` with a
  formula -- the built-ins and any user's metric written over ``t.ops`` -- for
  ``homogeneity``, ``completeness``, ``monotonicity``, ``strong_monotonicity``,
  ``max_agreement`` and ``zero_score``;
* per element (:mod:`.cell_proofs`): BCubed and ELM precision, recall and F (both forms)
  for ``homogeneity`` and ``completeness``, the ELM paper's section 3.6 arguments as sums
  over the contingency cells;
* information (:mod:`.entropy_proofs`): mutual information, VI, homogeneity and
  completeness scores for ``homogeneity`` and ``completeness``, reduced to the chain rule of
  entropy.
"""
from __future__ import annotations

from typing import Any, Optional, Tuple, Union

from .verdict import FailedProof, Proof

__all__ = ["Proof", "FailedProof", "prove", "proof_methods"]


Result = Optional[Union[Proof, FailedProof]]


def _families():
    from . import cell_proofs, entropy_proofs, pair_verdicts
    return (pair_verdicts, cell_proofs, entropy_proofs)


def proof_methods(metric: Any) -> Tuple[str, ...]:
    """The constraints :func:`prove` attempts for ``metric`` (empty for a black box)."""
    from ..registry import resolve_metric

    m = resolve_metric(metric)
    for family in _families():
        names = family.constraints_for(m)
        if names:
            return tuple(names)
    return ()


def prove(metric: Any, constraint: str) -> Result:
    """Prove ``constraint`` for ``metric`` for every n, or say why not.

    Parameters
    ----------
    metric : Metric or str
        A registered name or a :class:`~metricprops.metrics.base.Metric`.
    constraint : str
        A constraint name (``"homogeneity"``, ``"strong_monotonicity"``, ...).

    Returns
    -------
    Proof, FailedProof or None
        None when no method applies (see :func:`proof_methods`).  Results are cached per
        metric object and constraint.
    """
    from ..registry import resolve_metric

    m = resolve_metric(metric)
    name = getattr(constraint, "name", constraint)
    for family in _families():
        if name in family.constraints_for(m):
            try:
                return family.prove(m, name)
            except Exception as exc:  # a formula sympy cannot carry: no proof, no verdict change
                return FailedProof(m.name, name, "not proved",
                                   "the formula could not be evaluated symbolically "
                                   f"({type(exc).__name__}: {exc})")
    return None
