"""Strong monotonicity (Gösgens, Tikhonov & Prokhorenkova 2021, section 3), for
pair-counting metrics.

A pair-counting metric is a function I(N11, N10, N01, N00) of the four pair counts
(:mod:`._counts`).  It is *strongly monotone* when it is strictly increasing in N11 and in
N00 and strictly decreasing in N10 and in N01 -- where it can still move that way: a step
that adds agreement is not required to raise I where every pair already agrees
(N10 = N01 = 0: I is at its maximum), nor a step that adds disagreement to lower it where no
pair agrees (N11 = N00 = 0: at its minimum).  Stronger than :mod:`.monotonicity`: only the
counts matter, not which pairs agree.

Two checks, on instances (T, H1, H2) whose counts *dominate*: N11(T, H2) ≥ N11(T, H1) and
N00(T, H2) ≥ N00(T, H1), not both equal (for a fixed truth this is N10 and N01 no larger) --
a chain of single steps each of which strong monotonicity says raises I:

* on partitions (every metric declared ``pair_counting``, a black box too):
  require Q(T, H2) > Q(T, H1);
* on the four counts (a formula: :func:`~metricprops.metrics.pair_function.pair_count_value`):
  at the counts v of (T, H1), the four unit steps v + e11 and v + e00 must raise I, v + e10
  and v + e01 must lower it -- counts no two partitions realise (the total changes), where
  the formula is defined (a zero denominator is undefined, whatever the metric's
  convention).

Metrics not declared ``pair_counting`` are not applicable: the property is about a
function of the four counts.

Worked by hand: Rand = (N11 + N00) / N: (a + 1 + d) / (N + 1) > (a + d) / N exactly when
a + d < N, i.e. some pair disagrees -- it passes.  Jaccard N11 / (N11 + N10 + N01) does not
depend on N00: at (1, 1, 1, 1) adding a pair apart in both leaves 1/3 -- a tie.
"""
from __future__ import annotations

from typing import Any, Iterator, Optional

from hypothesis import strategies as st

from metricprops.constraint import (
    Evaluation,
    Instance,
    Outcome,
    PairwiseConstraint,
    ScoreFn,
    pair_instance,
)
from metricprops.enumeration import set_partitions
from metricprops.partition import Partition
from metricprops.strategies import block_ids
from metricprops.tolerance import TOLERANCE, compare_values

from ._counts import Counts, all_agree, all_disagree, count_vector, formula_counts, value_at
from ._moves import forced_improvement, improvements, mostly
from ._split import ByTruthShape

NAMES = ("N11", "N10", "N01", "N00")
#: The unit steps: (index of the count, +1 if I must rise, -1 if it must fall).
STEPS = ((0, 1), (1, -1), (2, -1), (3, 1))


def dominates(better: Counts, worse: Counts) -> bool:
    """N11 and N00 of ``better`` at least those of ``worse``, not both equal."""
    return (better[0] >= worse[0] and better[3] >= worse[3]
            and (better[0], better[3]) != (worse[0], worse[3]))


class StrongMonotonicity(ByTruthShape, PairwiseConstraint):
    name = "strong_monotonicity"
    title = "Strong monotonicity: more N11 or N00, less N10 or N01, a higher score"
    citation = ("Gösgens, Tikhonov & Prokhorenkova (2021), 'Systematic analysis of cluster "
                "similarity indices: how to validate validation measures' (ICML), strong "
                "monotonicity (pair-counting indices).")
    statement = ("For a pair-counting metric I(N11, N10, N01, N00): I strictly increases with "
                 "N11 and N00 and strictly decreases with N10 and N01 (a step towards "
                 "agreement where N10 = N01 = 0, or towards disagreement where "
                 "N11 = N00 = 0, is exempt); on partitions: if N11 and N00 of (T, H2) are at "
                 "least those of (T, H1), not both equal, then Q(T, H2) > Q(T, H1).")
    min_items = 3
    reducible = True

    def applies_to(self, metric: Any) -> Optional[str]:
        if not getattr(metric, "pair_counting", False):
            return (f"defined for pair-counting metrics (functions of N11, N10, N01, N00 "
                    f"alone); {metric.name} is not declared pair_counting")
        return None

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        if formula_counts(metric):
            return ("Checked on partitions and, through the formula, on the four unit steps "
                    "of the counts of each instance.")
        return "Checked on partitions only (a black box cannot be evaluated at other counts)."

    def strategy(self, max_items: int) -> Any:
        return mostly(_dominating_pairs(max(3, max_items)), improvements(max(3, max_items)), 3)

    def instances_for(self, truth: Partition) -> Iterator[Instance]:
        parts = set_partitions(truth.n)
        counts = [count_vector(truth, p) for p in parts]
        for w, worse in enumerate(parts):
            for b, better in enumerate(parts):
                if dominates(counts[b], counts[w]):
                    yield pair_instance(truth, worse, better)

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, worse, better = instance.truth, instance["worse"], instance["better"]
        v = count_vector(truth, worse)
        if truth.n < 2 or not dominates(count_vector(truth, better), v):  # a reduction
            return Evaluation(Outcome.SATISFIED, {}, 0.0, detail="premise does not hold")
        w = count_vector(truth, better)
        extra = {"counts": _named(v), "better_counts": _named(w)}
        if not formula_counts(metric):
            found = super().evaluate(instance, score, metric, tolerance)
            found.extra.update(extra)
            return found
        # a formula: compare where both values are defined (not at a convention), then the
        # unit steps of the worse prediction's counts
        q_worse, q_better = value_at(metric, v), value_at(metric, w)
        if q_worse is not None and q_better is not None:
            raw = {"worse": metric.oriented(q_worse), "better": metric.oriented(q_better)}
            order = compare_values(q_better, q_worse, tolerance)
            if order <= 0:
                return Evaluation(Outcome.TIE if order == 0 else Outcome.VIOLATED, raw,
                                  q_better - q_worse, extra=extra)
        step = _unit_steps(v, metric, tolerance)
        if step is not None:
            return step
        return Evaluation(Outcome.SATISFIED, {}, 0.0 if q_worse is None or q_better is None
                          else q_better - q_worse, extra=extra)


def _named(v: Counts) -> dict:
    return dict(zip(NAMES, v))


def _unit_steps(v: Counts, metric: Any, tolerance: float) -> Optional[Evaluation]:
    """The worst unit step of the counts ``v`` (a tie or a violation), or ``None``."""
    here = value_at(metric, v)
    if here is None:
        return None
    worst = None
    for index, sign in STEPS:
        if (sign > 0 and all_agree(v)) or (sign < 0 and all_disagree(v)):
            continue  # already at the maximum / the minimum
        u = tuple(x + (i == index) for i, x in enumerate(v))
        there = value_at(metric, u)
        if there is None:
            continue
        order = sign * compare_values(there, here, tolerance)
        if order > 0:
            continue
        margin = sign * (there - here)
        if worst is None or (order, margin) < worst[0]:
            worst = ((order, margin), index, sign, u, there)
    if worst is None:
        return None
    (order, margin), index, sign, u, there = worst
    way = "raise" if sign > 0 else "lower"
    return Evaluation(
        Outcome.TIE if order == 0 else Outcome.VIOLATED,
        {"at_counts": metric.oriented(here), "after_step": metric.oriented(there)}, margin,
        detail=f"one more {NAMES[index]} (counts {_named(v)} -> {_named(u)}) must {way} the "
               f"value, and it {'leaves it equal' if order == 0 else 'does the opposite'}",
        extra={"counts": _named(v), "step": NAMES[index], "stepped_counts": _named(u)})


@st.composite
def _dominating_pairs(draw: Any, max_items: int) -> Instance:
    """Two random predictions for a random truth, ordered by their counts when one dominates
    the other; else the first and an improvement of it (a dominating pair by construction:
    a block of the first cut off along the truth's classes, or two blocks of one class
    merged)."""
    n = draw(st.integers(3, max_items))
    truth_l = draw(block_ids(n, draw(st.integers(2, n))))
    truth_l[-1] = truth_l[-1] if len(set(truth_l)) > 1 else max(truth_l) + 1
    truth = Partition.from_labels(truth_l)
    k = draw(st.integers(1, n))
    h1, h2 = (Partition.from_labels(draw(block_ids(n, k))) for _ in range(2))
    c1, c2 = count_vector(truth, h1), count_vector(truth, h2)
    if dominates(c2, c1):
        return pair_instance(truth, h1, h2, "dominating counts")
    if dominates(c1, c2):
        return pair_instance(truth, h2, h1, "dominating counts")
    if h1 == truth:
        h1 = h2 if h2 != truth else Partition.one_block(n)
    return pair_instance(truth, h1, forced_improvement(truth, h1), "an improvement")


CONSTRAINT = StrongMonotonicity()
