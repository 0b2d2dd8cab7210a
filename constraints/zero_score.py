"""ZeroScore (the ELM paper, section 2 and Theorem 1).

For every truth T with at least 2 items there is a prediction H with Q(T, H) equal to the
metric's declared worst value: its lower bound, or the upper bound of a distance (the
counterexample's scores name it ``lower_bound`` or ``upper_bound`` accordingly).  Checked by
exhaustive search over every H (so a failure reports the proved minimum) for truths of at
most ``SEARCH_N`` items, and the paper's constructive witness (Theorem 1) is always
reported.
"""
from __future__ import annotations

from typing import Any, Iterator, Optional

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.strategies import partitions
from metricprops.tolerance import TOLERANCE, compare_values

#: Largest truth for which every prediction is scored (Bell(6) = 203 predictions).
SEARCH_N = 6


def theorem1_witness(truth: Partition) -> Partition:
    """The ELM paper's Theorem 1 prediction with ELM F1(e) = 0 for every item.

    No true singletons: all singletons.  Two or more: the true singletons form one block,
    everything else singletons.  Exactly one true singleton s: the block {s, t} for another
    item t, everything else singletons.
    """
    sizes = truth.sizes
    labels = truth.labels
    singles = [i for i in range(truth.n) if sizes[labels[i]] == 1]
    pred = list(range(truth.n))
    if len(singles) >= 2:
        for i in singles:
            pred[i] = singles[0]
    elif len(singles) == 1:
        s = singles[0]
        t = 0 if s != 0 else 1
        pred[s] = pred[t] = min(s, t)
    return Partition.from_labels(pred)


class ZeroScore(Constraint):
    name = "zero_score"
    title = "ZeroScore: every truth admits a prediction scoring the lower bound"
    citation = "BCubed revisited: elements like me (ELM), section 2 and Theorem 1."
    statement = ("For every truth T with at least 2 items there is a prediction H with "
                 "Q(T, H) = the metric's declared lower bound.")
    min_items = 2
    budget = 0.25  # each random instance scores every prediction of its truth

    def applies_to(self, metric: Any) -> Optional[str]:
        if metric.oriented_lower is None:
            side = ("lower bound (bounds[0])" if metric.kind == "similarity"
                    else "upper bound (bounds[1]) of a distance")
            return f"needs a declared {side}; {metric.name} has bounds {metric.bounds}"
        return None

    def random_max_items(self, max_items: int) -> int:
        return max(2, min(max_items, SEARCH_N))  # every prediction is scored: keep truths small

    def strategy(self, max_items: int) -> Any:
        return partitions(min_items=2, max_items=self.random_max_items(max_items)).map(Instance)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for n in range(2, min(max_n, SEARCH_N) + 1):
            for truth in set_partitions(n):
                yield Instance(truth)

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth = instance.truth
        lower = metric.oriented_lower
        witness = theorem1_witness(truth)
        q_witness = score(truth, witness)
        best, q_best, proved = witness, q_witness, truth.n <= SEARCH_N
        if compare_values(q_best, lower, tolerance) > 0 and proved:
            for pred in set_partitions(truth.n):
                q = score(truth, pred)
                if q < q_best:
                    best, q_best = pred, q
        reached = compare_values(q_best, lower, tolerance) <= 0
        # the worst declared value: the lower bound of a similarity, the upper one of a distance
        bound = "lower_bound" if metric.kind == "similarity" else "upper_bound"
        side = "minimum" if metric.kind == "similarity" else "maximum"
        scores = {"best": metric.oriented(q_best), bound: metric.oriented(lower),
                  "witness": metric.oriented(q_witness)}
        return Evaluation(
            Outcome.SATISFIED if reached else Outcome.VIOLATED, scores, lower - q_best,
            detail=(f"the {bound.replace('_', ' ')} is reached" if reached else
                    f"no prediction reaches the {bound.replace('_', ' ')}" + (
                        f" (exhaustive: the best score is the proved {side})" if proved
                        else "")),
            shown={"pred": best}, extra={"proved_minimal": proved and not reached},
        )


CONSTRAINT = ZeroScore()
