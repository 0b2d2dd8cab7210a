"""Maximal agreement: Q(T, T) is the perfect score, and only T itself reaches it.

For every truth T — including n = 1, all singletons and one block — the metric must return
its declared ``perfect`` value on the identical prediction, and every prediction H ≠ T must
score strictly worse (by more than the tolerance of :mod:`metricprops.tolerance`).  A value
better than ``perfect`` is a violation too.  Not applicable to a metric without a declared
perfect value (e.g. mutual information, whose value on identical partitions is H(T)).

NaN, an infinity or a non-number on identical partitions of two items or more is a
**violation** (a bug, not the degenerate-input convention an error there would read as:
mir_eval's AMI gave NaN on ``[0, 1]`` vs ``[0, 1]``); on one item it stays an error (the
0/0 of a single item, a convention kept apart on degenerate input).
"""
from __future__ import annotations

from typing import Any, Iterator, Optional

from metricprops.constraint import Evaluation, Instance, Outcome, ScoreFn
from metricprops.errors import MetricCallError
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

from ._pairs import PairPropertyConstraint, class_note, degenerate_pairs

#: The call errors that are a value, not a refusal: on identical partitions, a violation.
NOT_FINITE = ("nan", "inf", "not_a_number")


class MaxAgreement(PairPropertyConstraint):
    name = "max_agreement"
    title = "Maximal agreement: Q(T, T) = perfect, and no H ≠ T reaches it"
    citation = ("Meilă (2007), 'maximal agreement'; Gösgens, Tikhonov & Prokhorenkova (2021), "
                "'maximal agreement'.")
    statement = ("For every truth T, Q(T, T) equals the declared perfect value (n = 1, all "
                 "singletons and one block included), and Q(T, H) is strictly worse than it "
                 "for every H ≠ T (equal within the tolerance counts as reaching it).")

    def applies_to(self, metric: Any) -> Optional[str]:
        if metric.perfect is None:
            return (f"needs a declared perfect value (the score of identical partitions); "
                    f"{metric.name} declares none")
        return None


    def examples(self, max_items: int) -> Iterator[Instance]:
        """Degenerate partitions beyond the exhaustive size, and their near misses."""
        for n in sorted({2, 7, max(2, max_items)}):
            for a, b in degenerate_pairs(n):
                yield Instance(a, {"pred": b}, "degenerate")
            one = Partition.one_block(n)
            split = Partition.from_labels([0] * (n - 1) + [1])
            single = Partition.singletons(n)
            merged = Partition.from_labels([0] + list(range(n - 1)))
            yield Instance(one, {"pred": split}, "one block vs one item split off")
            yield Instance(single, {"pred": merged}, "all singletons vs one pair merged")

    def for_metric(self, metric: Any) -> MaxAgreement:
        """The cover form (:class:`CoverMaxAgreement`) for a metric of covers."""
        return COVER_FORM if getattr(metric, "input", "partition") == "cover" else self

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        return class_note(exhaustive_n)

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        perfect = metric.oriented_perfect
        try:
            q = score(truth, pred)
        except MetricCallError as exc:
            if pred != truth or truth.n < 2 or exc.reason not in NOT_FINITE:
                raise
            return Evaluation(Outcome.VIOLATED, {"pred": exc.reason, "perfect": metric.perfect},
                              -1e6, detail=f"Q(T, T) is {exc.reason}, not the declared perfect "
                                           "value: identical partitions must score it")
        scores = {"pred": metric.oriented(q), "perfect": metric.perfect}
        order = compare_values(q, perfect, tolerance)
        if pred == truth:
            if order == 0:
                return Evaluation(Outcome.SATISFIED, scores, 0.0)
            return Evaluation(Outcome.VIOLATED, scores, -abs(q - perfect),
                              detail="Q(T, T) differs from the declared perfect value")
        if order < 0:
            return Evaluation(Outcome.SATISFIED, scores, perfect - q)
        what = "reaches" if order == 0 else "exceeds"
        return Evaluation(Outcome.VIOLATED, scores, perfect - q - tolerance,
                          detail=f"a prediction H ≠ T {what} the declared perfect value")


CONSTRAINT = MaxAgreement()


class CoverMaxAgreement(MaxAgreement):
    """The cover form: every pair of covers of at most 3 items exhaustively (109² pairs at
    3 items: :mod:`metricprops.covers.strategies`), then random pairs of covers up to
    ``max_items`` items (independent, partition against cover, and near misses with one
    cluster added or removed), shrunk towards the smallest covers.  The instances are
    covers: where extended BCubed gives its maximum to a cover that is not the truth (the
    CICE point), this form finds it."""

    reducible = False

    def for_metric(self, metric: Any) -> MaxAgreement:
        return self

    def exhaustive_limit(self, max_n: int) -> int:
        from metricprops.covers.strategies import PAIR_N_MAX
        return min(max_n, PAIR_N_MAX)

    def scale_instance(self, truth: Any, pred: Any) -> Optional[Instance]:
        return None

    def random_max_items(self, max_items: int) -> int:
        return min(max_items, 8)

    def strategy(self, max_items: int) -> Any:
        from metricprops.covers.strategies import cover_pairs
        return cover_pairs(self.random_max_items(max_items)).map(
            lambda ab: Instance(ab[0], {"pred": ab[1]}, "covers"))

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        from metricprops.covers.strategies import cover_pairs_exhaustive
        for a, b in cover_pairs_exhaustive(max_n):
            yield Instance(a, {"pred": b}, "covers")

    def examples(self, max_items: int) -> Iterator[Instance]:
        return iter(())

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        from metricprops.covers.strategies import PAIR_N_MAX
        return (f"Checked on covers: every pair of covers up to {min(exhaustive_n, PAIR_N_MAX)}"
                f" items, then random pairs of covers up to "
                f"{self.random_max_items(max_items)} items.")


COVER_FORM = CoverMaxAgreement()

