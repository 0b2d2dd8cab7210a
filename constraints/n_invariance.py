"""n-invariance (Meilă 2007): replacing every item by k copies leaves Q unchanged.

T⊗k and H⊗k replace each item by k items with the same true class and predicted block (the
contingency table is multiplied by k).  Require Q(T⊗k, H⊗k) = Q(T, H) for k = 2 and 3 (within
the tolerance).  Metrics that depend on the table only through the proportions n_ij / n are
n-invariant: NMI, VI in nats, mutual information, homogeneity, completeness, V-measure,
purity, BCubed, the normalised Mirkin metric.  Pair-counting indices are not, in general:
for T = {0 1} and H = {0 | 1}, Rand = 0 (the only pair is a false negative), while
T⊗2 = {0 1 2 3} and H⊗2 = {0 1 | 2 3} have 2 true positives among 6 pairs, Rand = 1/3.

At scale (:mod:`metricprops.search.scale`) the copies are checked on the structured shapes up
to ``scale_max_n`` items (their copies up to twice that), and this property carries the
continuity test (:mod:`metricprops.search.continuity`): the weak, asymptotic form of
n-invariance that every standard index has, n-invariant or not.  Along a family of fixed
proportions (one block against two halves, ...) the value is a smooth function of n; a
value that departs from the trend of the smaller sizes -- an integer overflow or a
precision collapse, even inside the declared bounds -- is a finding of kind
``discontinuity`` at the smallest size found departing.
"""
from __future__ import annotations

from typing import Any, Iterator, Optional

import numpy as np
from hypothesis import strategies as st

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

from ._pairs import CLASS_N_MAX, class_note, class_pairs, degenerate_pairs, pairs

#: Copy factors tried.
FACTORS = (2, 3)


def copies(p: Partition, k: int) -> Partition:
    """Every item of ``p`` replaced by ``k`` consecutive copies."""
    return Partition.from_labels(np.repeat(np.asarray(p.labels), k))


def _instance(truth: Partition, pred: Partition, k: int) -> Instance:
    return Instance(truth, {"pred": pred}, f"k={k}")


class NInvariance(Constraint):
    name = "n_invariance"
    title = "n-invariance: k copies of every item leave Q unchanged"
    citation = "Meilă (2007), 'n-invariance'; Gösgens, Tikhonov & Prokhorenkova (2021)."
    statement = ("For all partitions T, H and k ∈ {2, 3}: Q(T⊗k, H⊗k) = Q(T, H), where ⊗k "
                 "replaces every item by k copies in the same class and block. At scale, "
                 "along families of fixed proportions, Q is a smooth function of n: a value "
                 "that departs from the trend of the smaller sizes is a discontinuity.")
    reducible = True

    def exhaustive_limit(self, max_n: int) -> int:
        return min(max_n, CLASS_N_MAX)

    #: the scale phase also tests the continuity of the values in n (a ``discontinuity``)
    scale_continuity = True

    def scale_instance(self, truth: Partition, pred: Partition) -> Optional[Instance]:
        return _instance(truth, pred, 2)  # two copies: up to twice scale_max_n items

    def strategy(self, max_items: int) -> Any:
        return st.tuples(pairs(max_items), st.sampled_from(FACTORS)).map(
            lambda x: _instance(x[0][0], x[0][1], x[1]))

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for a, b in class_pairs(max_n):
            for k in FACTORS:
                yield _instance(a, b, k)

    def examples(self, max_items: int) -> Iterator[Instance]:
        n = max(max_items, 6)
        for a, b in degenerate_pairs(n):
            yield _instance(a, b, 2)

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        return class_note(exhaustive_n)

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        k = int(instance.note.split("=")[1])
        big_t, big_h = copies(truth, k), copies(pred, k)
        q, q_k = score(truth, pred), score(big_t, big_h)
        scores = {"original": metric.oriented(q), f"copies_x{k}": metric.oriented(q_k)}
        shown = {"pred": pred, f"truth_x{k}": big_t, f"pred_x{k}": big_h}
        if compare_values(q, q_k, tolerance) == 0:
            return Evaluation(Outcome.SATISFIED, scores, 0.0, shown=shown)
        return Evaluation(Outcome.VIOLATED, scores, -abs(q - q_k), shown=shown,
                          detail=f"replacing every item by {k} copies changed the value",
                          extra={"k": k})


CONSTRAINT = NInvariance()
