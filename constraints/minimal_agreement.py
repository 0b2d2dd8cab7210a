"""Minimal agreement (Gösgens, Tikhonov & Prokhorenkova 2021, section 3).

The lower end of the scale should mean the same thing whatever the number of items: there is
a constant c_min such that Q(A, B) ≥ c_min for all partitions A, B of any n items, with
equality exactly when no pair of items agrees -- N11 = N00 = 0, which on partitions means one
side is one block and the other all singletons.  VI fails it: its worst value, log n on that
pair, grows with n.

* On partitions (every metric): c_min is the value on two items, Q({0 1}, {0 | 1}); a pair
  with N11 = N00 = 0 must score exactly c_min (else the lower end moves with n: a violation),
  any other pair strictly more (equal: a tie, below: a violation).
* On the four counts (a metric declared ``pair_counting`` with a formula: the paper's own
  form): c_min = I(0, 1, 1, 0) (else I(0, 1, 0, 0)); every count vector with N11 = N00 = 0
  must give c_min and every other one more, *where the formula is defined* (a zero
  denominator is undefined, whatever convention the metric picks for it: the correlation
  coefficient is 0/0 on the partitions with N11 = N00 = 0, and −1 on the counts (0, a, b, 0)).
  Each instance checks its pair's counts and (an ordinary pair) the vectors with
  N11 = N00 = 0 of the same total that no two partitions have; a finding there shows those
  counts and the value at them, never the instance's partitions (which score otherwise).

Instances are pairs of partitions (every class of pairs up to six items, then random pairs).

Worked by hand: Rand = (N11 + N00) / N is 0 exactly when N11 = N00 = 0 and positive otherwise
-- it passes.  ARI on three items: A = {0 1 | 2}, B = {0 2 | 1} has N11 = 0, N10 = N01 = 1,
N00 = 1 and ARI = −1/2, below its value 0 on the pair {0 1 2} / {0 | 1 | 2}.
"""
from __future__ import annotations

from typing import Any, Iterator, List, Optional

from metricprops.constraint import Evaluation, Instance, Outcome, ScoreFn, input_class_of
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

from ._counts import all_disagree, count_vector, formula_counts, value_at
from ._pairs import PairPropertyConstraint, pair_instance_strategy, pair_instances


def count_reference(metric: Any) -> Optional[float]:
    """c_min of a pair-counting formula: I(0, 1, 1, 0), else I(0, 1, 0, 0) (oriented)."""
    for v in ((0, 1, 1, 0), (0, 1, 0, 0)):
        value = value_at(metric, v)
        if value is not None:
            return value
    return None


def _disagreeing(total: int) -> List[tuple]:
    """Count vectors with N11 = N00 = 0 and N10 + N01 = ``total`` that no two partitions
    have (both N10 and N01 positive; the two that partitions do have, one block against all
    singletons, are instances of their own)."""
    splits = sorted({a for a in (1, total // 2, total - 1) if 0 < a < total})
    return [(0, a, total - a, 0) for a in splits]


class MinimalAgreement(PairPropertyConstraint):
    name = "minimal_agreement"
    title = "Minimal agreement: one constant lower end, reached only when no pair agrees"
    citation = ("Gösgens, Tikhonov & Prokhorenkova (2021), 'Systematic analysis of cluster "
                "similarity indices: how to validate validation measures' (ICML), minimal "
                "agreement.")
    statement = ("There is a constant c_min, the same for every number of items, with "
                 "Q(A, B) ≥ c_min for all A, B and equality exactly when no pair of items "
                 "agrees (N11 = N00 = 0); c_min = Q({0 1}, {0 | 1}), or for a pair-counting "
                 "formula I(0, 1, 1, 0), checked on the four counts where it is defined.")
    min_items = 2

    def strategy(self, max_items: int) -> Any:
        return pair_instance_strategy(max(2, max_items), min_items=2)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        return pair_instances(max_n, min_n=2)

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        if formula_counts(metric):
            return ("Checked on the four pair counts of each pair and on the counts with "
                    "N11 = N00 = 0 of the same total, where the formula is defined.")
        return "Checked on partitions: c_min is the value on {0 1} against {0 | 1}."

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        if truth.n < 2:  # no pair of items: nothing agrees or disagrees
            return Evaluation(Outcome.SATISFIED, {}, 0.0, detail="fewer than two items")
        if formula_counts(metric):
            return _on_counts(count_vector(truth, pred), metric, tolerance,
                              input_class_of(truth, pred) == "ordinary")
        c_min = score(Partition.one_block(2), Partition.singletons(2))
        q = score(truth, pred)
        return _judge(q, c_min, all_disagree(count_vector(truth, pred)), metric, tolerance,
                      "no pair agrees here")


def _judge(q: float, c_min: float, disagree: bool, metric: Any, tolerance: float,
           where: str, extra: Optional[dict] = None) -> Evaluation:
    """The verdict on one value ``q`` (oriented) against ``c_min``."""
    scores = {"pred": metric.oriented(q), "c_min": metric.oriented(c_min)}
    order = compare_values(q, c_min, tolerance)
    if disagree:
        if order == 0:
            return Evaluation(Outcome.SATISFIED, scores, 0.0, extra=extra or {})
        return Evaluation(Outcome.VIOLATED, scores, -abs(q - c_min), extra=extra or {},
                          detail=f"{where} (N11 = N00 = 0), so the value must be c_min: the "
                                 "lower end is not one constant")
    if order > 0:
        return Evaluation(Outcome.SATISFIED, scores, q - c_min, extra=extra or {})
    if order == 0:
        return Evaluation(Outcome.TIE, scores, 0.0, extra=extra or {},
                          detail="c_min is reached although some pairs agree")
    return Evaluation(Outcome.VIOLATED, scores, q - c_min, extra=extra or {},
                      detail="the value is worse than c_min (past the lower end)")


def _on_counts(v: tuple, metric: Any, tolerance: float, others: bool) -> Evaluation:
    """The verdict at the pair's counts ``v`` and, with ``others`` (an ordinary pair: every
    total of pairs has one), at the counts with N11 = N00 = 0 of the same total that no
    partitions have."""
    c_min = count_reference(metric)
    if c_min is None:
        return Evaluation(Outcome.SATISFIED, {}, 0.0, detail="the formula is undefined at "
                          "(0, 1, 1, 0) and (0, 1, 0, 0): no c_min to compare with")
    worst: Optional[Evaluation] = None
    for u in [v] + (_disagreeing(sum(v)) if others else []):
        q = value_at(metric, u)
        if q is None:
            continue
        ev = (_judge(q, c_min, all_disagree(u), metric, tolerance, "no pair agrees here",
                     {"counts": _named(u)}) if u == v else _at_counts(u, q, c_min, metric,
                                                                         tolerance))
        if worst is None or _rank(ev) < _rank(worst):
            worst = ev
    return worst or Evaluation(Outcome.SATISFIED, {}, 0.0, detail="undefined at these counts")


def _named(u: tuple) -> dict:
    return dict(zip(("N11", "N10", "N01", "N00"), u))


def _at_counts(u: tuple, q: float, c_min: float, metric: Any, tolerance: float) -> Evaluation:
    """The verdict at counts ``u`` with N11 = N00 = 0 that no two partitions have: shown as
    the counts and the value there, never as the instance's partitions (which score
    otherwise)."""
    if compare_values(q, c_min, tolerance) == 0:
        return Evaluation(Outcome.SATISFIED, {}, 0.0)
    counts = ", ".join(map(str, u))
    return Evaluation(
        Outcome.VIOLATED, {"at_counts": metric.oriented(q), "c_min": metric.oriented(c_min)},
        -abs(q - c_min), partitions=False,
        extra={"counts": _named(u), "cause": "pair counts no partitions have"},
        detail=f"at the counts (N11, N10, N01, N00) = ({counts}), where no pair agrees "
               "(N11 = N00 = 0), the formula gives another value than c_min: the lower end "
               "is not one constant (no two partitions have these counts; the property is "
               "stated on the four counts)")


def _rank(ev: Evaluation) -> tuple:
    order = {Outcome.VIOLATED: 0, Outcome.TIE: 1, Outcome.SATISFIED: 2}
    return order[ev.outcome], ev.margin


CONSTRAINT = MinimalAgreement()
