"""Constant baseline (Gösgens, Tikhonov & Prokhorenkova 2021).

Let H0 be a prediction with block sizes S, and H a uniformly random permutation of H0's
labels over the items (the permutation model: H uniform among the partitions with block
sizes S; every such set partition is hit by the same number of label arrangements).  A
metric has a constant baseline when E[Q(T, H)] is one constant, whatever T and S — for
non-trivial partitions (1 < number of blocks < n on both sides, as in Gösgens et al.;
one block and all singletons are fixed points of the permutation model, where metrics use
conventions).

Each instance is (T, H0).  Its expectation is compared with the reference expectation of
the smallest non-trivial case, T = {0 1 | 2} and H0 = {0 1 | 2} (3 arrangements).

**Exact where it can be computed** (see :mod:`._permutation`): for a metric computed from
the contingency table (a built-in), every table with T's and S's margins weighted by its
exact hypergeometric probability when there are at most :data:`TABLE_LIMIT` tables (fewer
calls than the arrangements they stand for); otherwise every set partition with sizes S
enumerated when there are at most :data:`EXACT_LIMIT` of them (every instance with at most
7 items).  An exact expectation decides at once.

**Otherwise a statistical test that cannot fail a sound metric by searching.**  The mean of
:data:`SAMPLES` random arrangements is only a *screening* statistic: an instance whose
screening z exceeds :data:`SCREEN_Z` is a *candidate* (``Evaluation.tentative``), and the
search (``hypothesis.target`` included) may hunt for large z as much as it likes.  A
candidate becomes a violation only if a fresh, independent sample of
:data:`CONFIRM_SAMPLES` arrangements rejects "E[Q] = reference" at level α / K: the checker
confirms at most K = :data:`~metricprops.settings.MAX_CONFIRMATIONS` candidates per check,
so the family-wise error rate of the check is at most α =
:data:`~metricprops.settings.FAMILY_ALPHA` (Bonferroni over every confirmation it could
run), however many instances it screened.  Scores within the tolerance of the reference
count as equal (the test is against the tied band).

Worked by hand: ARI has E = 0 exactly (its denominator is fixed under the permutation model
and E[Σ C(n_ij, 2)] = Σ C(a_i, 2) Σ C(b_j, 2) / C(n, 2)); Rand does not: with x = Σ C(a_i, 2),
y = Σ C(b_j, 2), N = C(n, 2), E[RI] = 1 − (x + y)/N + 2xy/N², which is 5/9 for T = H0 =
{0 1 | 2} but 1/2 for T = H0 = {0 1 2 | 3}.
"""
from __future__ import annotations

from typing import Any, Iterator, Tuple

from hypothesis import strategies as st

from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.partition import Partition
from metricprops.settings import FAMILY_ALPHA, MAX_CONFIRMATIONS
from metricprops.tolerance import TOLERANCE, compare_values

from ._permutation import (  # noqa: F401
    arrangements,
    integer_partitions,
    mean_and_se,
    mean_over_arrangements,
    mean_over_tables,
    nontrivial_shapes,
    sample_values,
    shaped_partitions,
    two_sided_p,
    z_beyond,
)

#: Largest number of arrangements (set partitions of the prediction's shape) enumerated exactly.
EXACT_LIMIT = 500
#: Largest number of contingency tables enumerated exactly (metrics computed from the table).
TABLE_LIMIT = 500
#: Random arrangements of the screening sample.
SAMPLES = 300
#: Screening threshold on |z|: above it an instance is a candidate, to be confirmed.
SCREEN_Z = 3.2905267314918945  # two-sided 0.001
#: Random arrangements of the independent confirmation sample.
CONFIRM_SAMPLES = 1000
#: Former names (one release): the screening level and its critical value.
ALPHA, Z_CRITICAL = 0.001, SCREEN_Z

REFERENCE = ((2, 1), (2, 1))


def exact_items() -> int:
    """Largest n such that every instance with at most n items is computed exactly."""
    n = 3
    while all(arrangements(s) <= EXACT_LIMIT for s in nontrivial_shapes(n + 1)):
        n += 1
    return n


def _instance(sizes_t: Tuple[int, ...], sizes_h: Tuple[int, ...], note: str = "") -> Instance:
    return Instance(Partition.from_sizes(sizes_t), {"pred": Partition.from_sizes(sizes_h)}, note)


def expectation(score: ScoreFn, metric: Any, truth: Partition, pred: Partition) -> dict:
    """E[f(T, H)] (raw values) over H a random arrangement of ``pred``'s labels.

    ``method`` is ``"arrangements"`` or ``"tables"`` (``exact``), else ``"sampled"``: the
    screening sample's mean with its standard error ``se``.

    A built-in (a function of the contingency table) is scored once per table, not once
    per arrangement: T with sizes (4, 4) against sizes (2, 2, 2, 2) has 105 arrangements
    but 19 tables, (3, 3, 2) against (4, 2, 1, 1) 420 and 45.  The mean is the same up to
    rounding.
    """
    sizes = tuple(sorted(pred.sizes, reverse=True))
    count = arrangements(sizes)
    raw = lambda t, h: metric.oriented(score(t, h))  # noqa: E731
    if metric.builtin:
        found = mean_over_tables(raw, truth, sizes, min(TABLE_LIMIT, count))
        if found is not None:
            return {"mean": found[0], "exact": True, "count": count, "method": "tables",
                    "tables": found[1]}
    if count <= EXACT_LIMIT:
        return {"mean": mean_over_arrangements(raw, truth, sizes), "exact": True,
                "count": count, "method": "arrangements"}
    mean, se = mean_and_se(sample_values(raw, truth, pred, SAMPLES, "screen"))
    return {"mean": mean, "exact": False, "count": count, "method": "sampled", "se": se}


def _reference(score: ScoreFn, metric: Any) -> float:
    return expectation(score, metric, Partition.from_sizes(REFERENCE[0]),
                       Partition.from_sizes(REFERENCE[1]))["mean"]


class ConstantBaseline(Constraint):
    name = "constant_baseline"
    title = "Constant baseline: E[Q(T, H)] under the permutation model is one constant"
    citation = ("Gösgens, Tikhonov & Prokhorenkova (2021), 'Systematic analysis of cluster "
                "similarity indices', constant baseline; Hubert & Arabie (1985).")
    statement = ("For non-trivial T and block sizes S (1 < blocks < n), E[Q(T, H)] over H a "
                 "uniformly random permutation of a prediction with block sizes S equals the "
                 "same constant (the value for T = S = {0 1 | 2}); exact by enumeration of "
                 f"the contingency tables (at most {TABLE_LIMIT}, built-ins) or of the "
                 f"arrangements (at most {EXACT_LIMIT}), else a screening z-test on {SAMPLES} "
                 f"random arrangements whose candidates must be confirmed on "
                 f"{CONFIRM_SAMPLES} fresh ones (family-wise α = {FAMILY_ALPHA:g} per check, "
                 f"Bonferroni over at most {MAX_CONFIRMATIONS} confirmations).")
    min_items = 3
    budget = 0.1  # each instance scores up to EXACT_LIMIT predictions

    def strategy(self, max_items: int) -> Any:
        return _random_instances(max(3, max_items))

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for n in range(3, max_n + 1):
            shapes = nontrivial_shapes(n)
            for st_ in shapes:
                for sh in shapes:
                    yield _instance(st_, sh)

    def examples(self, max_items: int) -> Iterator[Instance]:
        yield _instance((4, 4), (2, 2, 2, 2), "exact, 105 arrangements")
        yield _instance((3, 3, 2), (4, 2, 1, 1), "exact, 420 arrangements")
        n = max(max_items, 9)
        yield _instance((n - n // 2, n // 2), (n - 2 * (n // 3), n // 3, n // 3), "statistical")

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        exact_n = exact_items()
        if max_items <= exact_n:
            return (f"Every expectation was exact (all arrangements enumerated; at most "
                    f"{max_items} items).")
        tables = (f", or at most {TABLE_LIMIT} contingency tables" if metric.builtin else "")
        return (f"Expectations were exact (enumerated) for every instance with at most "
                f"{exact_n} items and any other with at most {EXACT_LIMIT} arrangements"
                f"{tables}; larger ones were screened on {SAMPLES} random arrangements and a "
                f"candidate fails only if {CONFIRM_SAMPLES} fresh ones confirm it "
                f"(family-wise α = {FAMILY_ALPHA:g} per check).")

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        ref = _reference(score, metric)
        est = expectation(score, metric, truth, pred)
        scores = {"expected": est["mean"], "reference": ref}
        extra = {"method": "exact" if est["exact"] else "z-test", "arrangements": est["count"]}
        if est["exact"]:
            if est["method"] == "tables":
                extra["tables"] = est["tables"]
            if compare_values(est["mean"], ref, tolerance) == 0:
                return Evaluation(Outcome.SATISFIED, scores, 0.0, extra=extra)
            how = (f"mean over all {est['count']} arrangements" if est["method"] == "arrangements"
                   else f"all {est['tables']} contingency tables, weighted by their exact "
                        "probability")
            return Evaluation(Outcome.VIOLATED, scores, -abs(est["mean"] - ref), extra=extra,
                              detail=f"E[Q] differs from the reference E[Q] for T = H0 = "
                                     f"{{0 1 | 2}} (exact: {how}; the prediction is H0)")
        z = z_beyond(est["mean"], est["se"], ref, tolerance)
        extra.update({"screening_z": z, "samples": SAMPLES})
        margin = SCREEN_Z - min(z, 1e6)
        if z <= SCREEN_Z:
            return Evaluation(Outcome.SATISFIED, scores, margin, extra=extra)
        return Evaluation(Outcome.VIOLATED, scores, margin, extra=extra, tentative=True,
                          detail=f"screening: z = {z:.2f} on {SAMPLES} random arrangements "
                                 "(a candidate, not yet a finding)")

    def confirm(self, instance: Instance, score: ScoreFn, metric: Any,
                tolerance: float = TOLERANCE, alpha: float = FAMILY_ALPHA) -> Evaluation:
        """Test the candidate on a fresh sample of :data:`CONFIRM_SAMPLES` arrangements."""
        truth, pred = instance.truth, instance["pred"]
        ref = _reference(score, metric)
        raw = lambda t, h: metric.oriented(score(t, h))  # noqa: E731
        mean, se = mean_and_se(sample_values(raw, truth, pred, CONFIRM_SAMPLES, "confirm"))
        z = z_beyond(mean, se, ref, tolerance)
        p = two_sided_p(z) if z > 0 else 1.0
        first = self.evaluate(instance, score, metric, tolerance)
        extra = {"method": "z-test", "arrangements": first.extra["arrangements"],
                 "screening_z": first.extra.get("screening_z"), "samples": CONFIRM_SAMPLES,
                 "z": z, "p_value": p, "alpha": alpha}
        scores = {"expected": mean, "reference": ref}
        if p > alpha:
            return Evaluation(Outcome.SATISFIED, scores, 0.0, extra=extra)
        return Evaluation(Outcome.VIOLATED, scores, -z, extra=extra, detail=(
            f"z-test on {CONFIRM_SAMPLES} fresh random arrangements of H0 (independent of the "
            f"search): mean {mean:.6g} vs reference {ref:.6g} (exact, T = H0 = {{0 1 | 2}}), "
            f"z = {z:.2f}, p = {p:.2g} <= {alpha:.2g} (family-wise {FAMILY_ALPHA:g}, "
            f"Bonferroni over {MAX_CONFIRMATIONS} confirmations)"))


@st.composite
def _shape(draw: Any, n: int) -> Tuple[int, ...]:
    k = draw(st.integers(2, n - 1))
    cuts = sorted(draw(st.lists(st.integers(1, n - 1), min_size=k - 1, max_size=k - 1,
                                unique=True)))
    bounds = [0] + cuts + [n]
    return tuple(sorted((b - a for a, b in zip(bounds, bounds[1:])), reverse=True))


@st.composite
def _random_instances(draw: Any, max_items: int) -> Instance:
    n = draw(st.integers(3, max_items))
    return _instance(draw(_shape(n)), draw(_shape(n)))


CONSTRAINT = ConstantBaseline()
