"""Symmetry: Q(A, B) = Q(B, A), checked against the metric's declared ``symmetric`` flag.

Symmetry is reported as a property; what counts as a finding depends on the declaration:

``symmetric=True``
    A universal claim.  An asymmetric pair (values differ by more than the tolerance) is a
    violation: ``failed`` with the smallest such pair; otherwise ``passed``.
``symmetric=False``
    An existential claim: *some* pair is asymmetric.  A symmetric pair is no evidence either
    way (satisfied).  After every pair with at most ``max_n`` items (capped at
    :data:`SEARCH_N`) has been scored both ways, a final search instance concludes: an
    asymmetric pair exists → satisfied (``passed``, read "asymmetric, as declared": the
    table shows ``≠``, not ``✓``, and the result's evidence is the witness pair, kind
    ``witness``); none → a *tie* (``weak``, with a note that the metric behaved
    symmetrically on every pair tried although it is declared asymmetric).  Never
    ``failed``: no finite search refutes an existential claim.
``symmetric=None`` (undeclared)
    Reported without failing: an asymmetric pair is recorded as a tie (``weak``, the smallest
    asymmetric pair shown with both values); no asymmetric pair → ``passed`` (symmetric on
    every pair tried).
"""
from __future__ import annotations

import weakref
from typing import Any, Dict, Iterator, Optional

from metricprops.constraint import Evaluation, Instance, Outcome, ScoreFn
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

from ._pairs import PairPropertyConstraint, class_note, class_pairs

#: Largest n of the final search for an asymmetric pair (metrics declared asymmetric).
SEARCH_N = 5
_SEARCH = "search for an asymmetric pair"
#: The table's symbol of a metric declared asymmetric whose asymmetry was found.
ASYMMETRIC = "≠"
#: metric -> the witness of its declared asymmetry (``a``, ``b``, ``a_b``, ``b_a``), found by
#: the final search of its check (read back by :meth:`Symmetry.evidence`).
_WITNESS: weakref.WeakKeyDictionary[Any, Dict[str, Any]] = weakref.WeakKeyDictionary()


def _unordered_pairs(max_n: int) -> Iterator[Instance]:
    for a, b in class_pairs(max_n, unordered=True):
        yield Instance(a, {"pred": b})


class Symmetry(PairPropertyConstraint):
    """Pairs as every pair property draws them (:class:`._pairs.PairPropertyConstraint`),
    enumerated unordered."""

    name = "symmetry"
    title = "Symmetry: Q(A, B) = Q(B, A), as declared"
    citation = ("Meilă (2007); Gösgens, Tikhonov & Prokhorenkova (2021), 'symmetry'; "
                "Amigó et al. (2009).")
    statement = ("Q(A, B) = Q(B, A) for all partitions A, B of the same items. Declared "
                 "symmetric: an asymmetric pair fails. Declared asymmetric: an asymmetric "
                 "pair must exist (none found → weak). Undeclared: asymmetric pairs are "
                 "reported as ties (weak), never as failures.")

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        """Every unordered pair class (Q(A, B) and Q(B, A) are both scored), then the final
        search of a metric declared asymmetric."""
        yield from _unordered_pairs(max_n)
        search_n = min(max_n, SEARCH_N)
        if search_n >= 2:
            # the final search; its size is the largest searched (a --min-items up to it
            # keeps it), and it carries a pair of distinct partitions for display (ordinary
            # from 3 items: the conclusion is about every pair, not a convention)
            last = [int(i == search_n - 1) for i in range(search_n)]  # {0 1 .. | n-1}
            first = [int(i > 0) for i in range(search_n)]  # {0 | 1 .. n-1}
            yield Instance(Partition.from_labels(last), {"pred": Partition.from_labels(first)},
                           f"{_SEARCH}:{search_n}")

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        cap = class_note(exhaustive_n)
        return f"{self._note(metric, exhaustive_n)} {cap}".strip()

    def _note(self, metric: Any, exhaustive_n: int) -> str:
        if metric.symmetric is None:
            return ("Symmetry is not declared: an asymmetric pair is reported as a tie (weak), "
                    "not as a failure.")
        if metric.symmetric is False:
            witness = _WITNESS.get(metric)
            if witness is not None:
                return ""  # the evidence says it: asymmetric, as declared, with the pair
            return ("Declared asymmetric, but no asymmetric pair was found among the pairs "
                    f"with at most {min(exhaustive_n, SEARCH_N)} items.")
        return ""

    def evidence(self, metric: Any) -> Optional[Dict[str, Any]]:
        """For a metric declared asymmetric whose asymmetry was found: the witness (kind
        ``witness``), read "asymmetric, as declared" and shown as ``≠``; else ``None`` (the
        search's own evidence)."""
        witness = _WITNESS.get(metric) if metric.symmetric is False else None
        if witness is None:
            return None
        return {"kind": "witness", "symbol": ASYMMETRIC, "reads": "asymmetric, as declared",
                "detail": (f"asymmetric, as declared: Q(A, B) = {witness['a_b']!r} but "
                           f"Q(B, A) = {witness['b_a']!r} for A = {witness['a_notation']}, "
                           f"B = {witness['b_notation']}"),
                "witness": {k: witness[k] for k in ("a", "b", "a_b", "b_a")}}

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        if instance.note.startswith(_SEARCH):
            return self._search(instance, score, metric, tolerance)
        a, b = instance.truth, instance["pred"]
        q_ab, q_ba = score(a, b), score(b, a)
        scores = {"a_b": metric.oriented(q_ab), "b_a": metric.oriented(q_ba)}
        gap = abs(q_ab - q_ba)
        symmetric = compare_values(q_ab, q_ba, tolerance) == 0
        if metric.symmetric is False:  # existential: a symmetric pair is no evidence
            return Evaluation(Outcome.SATISFIED, scores, gap)
        if symmetric:
            return Evaluation(Outcome.SATISFIED, scores, 0.0)
        detail = "Q(A, B) ≠ Q(B, A) (A is the truth, B the prediction)"
        if metric.symmetric is None:
            return Evaluation(Outcome.TIE, scores, -gap,
                              detail=detail + "; symmetry is not declared, so not a failure")
        return Evaluation(Outcome.VIOLATED, scores, -gap,
                          detail=detail + " but the metric is declared symmetric")

    def _search(self, instance: Instance, score: ScoreFn, metric: Any,
                tolerance: float) -> Evaluation:
        shown_a, shown_b = instance.truth, instance["pred"]
        if metric.symmetric is not False:
            q = score(shown_a, shown_b)
            return Evaluation(Outcome.SATISFIED, {"a_b": metric.oriented(q)}, 0.0)
        search_n = int(instance.note.rsplit(":", 1)[1])
        count = 0
        for a, b, in _pair_list(search_n):
            count += 1
            q_ab, q_ba = score(a, b), score(b, a)
            if compare_values(q_ab, q_ba, tolerance) != 0:
                _WITNESS[metric] = {"a": a.tolist(), "b": b.tolist(), "a_notation": a.notation(),
                                    "b_notation": b.notation(), "a_b": metric.oriented(q_ab),
                                    "b_a": metric.oriented(q_ba)}
                return Evaluation(
                    Outcome.SATISFIED, {"a_b": metric.oriented(q_ab), "b_a": metric.oriented(q_ba)},
                    abs(q_ab - q_ba), shown={"pred": b},
                    detail="an asymmetric pair exists, as declared",
                    extra={"witness": {"a": a.tolist(), "b": b.tolist()}})
        q_ab, q_ba = score(shown_a, shown_b), score(shown_b, shown_a)
        return Evaluation(
            Outcome.TIE, {"a_b": metric.oriented(q_ab), "b_a": metric.oriented(q_ba)}, 0.0,
            detail=(f"declared asymmetric (symmetric=False), but Q(A, B) = Q(B, A) on all "
                    f"{count} pairs of distinct partitions with at most {search_n} items, up to "
                    "a consistent reordering of the items (one shown)"))


def _pair_list(max_n: int) -> Iterator[tuple]:
    for a, b in class_pairs(max_n, 2, unordered=True):
        if a != b:
            yield a, b


CONSTRAINT = Symmetry()
