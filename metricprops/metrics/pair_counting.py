"""Pair-counting metrics.

Every unordered pair of items is TP (together in truth and prediction), FP (together only in
the prediction), FN (together only in the truth) or TN (apart in both); see
:func:`metricprops.metrics.stats.pair_counts`.  Counts are exact integers, so the formulas do
not overflow at any n, and integer quotients are correctly rounded.  In Gösgens et al.'s
notation TP = N11, FN = N10, FP = N01, TN = N00; every metric here is declared
``pair_counting=True`` and is a function of those four counts alone
(:func:`metricprops.metrics.pair_function.pair_count_value` evaluates it at any four counts).

The 17-item example of Manning et al. (IIR, section 16.3) has TP = 20, FP = 20, FN = 24,
TN = 72: Rand = 92/136 ≈ 0.6765, pairwise precision 0.5, recall 20/44, F1 ≈ 0.4762,
ARI = 120/494 ≈ 0.2429.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from .base import Metric
from .stats import pair_counts

RAND = "Rand, W. M. (1971). Objective criteria for the evaluation of clustering methods. JASA 66."
HUBERT = "Hubert, L. & Arabie, P. (1985). Comparing partitions. Journal of Classification 2."
IIR = ("Manning, C. D., Raghavan, P. & Schütze, H. (2008). Introduction to Information "
       "Retrieval, section 16.3.")
FM = ("Fowlkes, E. B. & Mallows, C. L. (1983). A method for comparing two hierarchical "
      "clusterings. JASA 78.")
JACCARD = ("Ben-Hur, A., Elisseeff, A. & Guyon, I. (2002). A stability based method for "
           "discovering structure in clustered data. PSB.")
SOKAL = ("Pfitzner, D., Leibbrandt, R. & Powers, D. (2009). Characterization and evaluation of "
         "similarity measures for pairs of clusterings. KAIS 19.")
MIRKIN = "Mirkin, B. (1996). Mathematical Classification and Clustering. Kluwer."
SOKAL_1963 = ("Sokal, R. R. & Sneath, P. H. A. (1963). Principles of Numerical Taxonomy. "
              "Freeman")
SOKAL_2 = (SOKAL_1963 + " (their second coefficient, a/(a + 2(b + c))); on pairs of items as in "
           + SOKAL)
SOKAL_1 = (SOKAL_1963 + " (their first coefficient, the mean of the four conditional "
           "agreements); on pairs of items as in Gösgens, M., Tikhonov, A. & Prokhorenkova, L. "
           "(2021). Systematic analysis of cluster similarity indices: how to validate "
           "validation measures. ICML (index S&S1).")
GOESGENS = ("Gösgens, M., Tikhonov, A. & Prokhorenkova, L. (2021). Systematic analysis of cluster "
            "similarity indices: how to validate validation measures. ICML (correlation "
            "distance CD = arccos(CC)/π; CC as " + HUBERT + ")")

_IDENTICAL = "1.0 when FP = FN = 0 (identical partitions, e.g. both all-singletons or n = 1)"


def _conv(no_pairs: str, single_block: str, all_singletons: str) -> dict:
    return {"empty": "error (EmptyInputError)", "single_item": no_pairs, "no_pairs": no_pairs,
            "single_block": single_block, "all_singletons": all_singletons}


def rand_formula(t: Any) -> Any:
    """Rand index: (TP + TN) / C(n, 2); 1 when there are no pairs (n = 1)."""
    pc = pair_counts(t)
    return t.ops.ratio(pc.tp + pc.tn, pc.total, 1)


def adjusted_rand_formula(t: Any) -> Any:
    """Adjusted Rand index (Hubert & Arabie): 2 (TP·TN − FN·FP) / ((TP+FN)(FN+TN) + (TP+FP)(FP+TN)).

    Equal to (RI − E[RI]) / (max RI − E[RI]) under the permutation model.  1 when FP = FN = 0
    (scikit-learn's convention too); 0 for any other zero denominator.
    """
    pc, ops = pair_counts(t), t.ops
    num = 2 * (pc.tp * pc.tn - pc.fn * pc.fp)
    den = (pc.tp + pc.fn) * (pc.fn + pc.tn) + (pc.tp + pc.fp) * (pc.fp + pc.tn)
    return ops.where(ops.eq(pc.fp + pc.fn, 0), 1, ops.ratio(num, den, 0))


def pair_precision_formula(t: Any) -> Any:
    """Pairwise precision TP / (TP + FP); 1 when the prediction puts no pair together."""
    pc = pair_counts(t)
    return t.ops.ratio(pc.tp, pc.tp + pc.fp, 1)


def pair_recall_formula(t: Any) -> Any:
    """Pairwise recall TP / (TP + FN); 1 when the truth puts no pair together."""
    pc = pair_counts(t)
    return t.ops.ratio(pc.tp, pc.tp + pc.fn, 1)


def pair_f_formula(t: Any, beta: float = 1.0) -> Any:
    """Pairwise F-β: (1 + β²) TP / ((1 + β²) TP + β² FN + FP); 1 when TP = FP = FN = 0."""
    pc = pair_counts(t)
    b2 = beta * beta
    return t.ops.ratio((1 + b2) * pc.tp, (1 + b2) * pc.tp + b2 * pc.fn + pc.fp, 1)


def jaccard_formula(t: Any) -> Any:
    """Pairwise Jaccard index TP / (TP + FP + FN); 1 when TP = FP = FN = 0."""
    pc = pair_counts(t)
    return t.ops.ratio(pc.tp, pc.tp + pc.fp + pc.fn, 1)


def fowlkes_mallows_formula(t: Any) -> Any:
    """Fowlkes–Mallows index TP / √((TP + FP)(TP + FN)); 1 when FP = FN = 0, else 0 for 0/0."""
    pc, ops = pair_counts(t), t.ops
    value = ops.ratio(pc.tp, ops.sqrt((pc.tp + pc.fp) * (pc.tp + pc.fn)), 0)
    return ops.where(ops.eq(pc.fp + pc.fn, 0), 1, value)


def pearson_cc_formula(t: Any) -> Any:
    """Pearson correlation of the pair indicators (the Hubert Γ statistic).

    (TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN)); 1 when FP = FN = 0, else 0 for 0/0.
    """
    pc, ops = pair_counts(t), t.ops
    den = ops.sqrt((pc.tp + pc.fp) * (pc.tp + pc.fn) * (pc.tn + pc.fp) * (pc.tn + pc.fn))
    value = ops.ratio(pc.tp * pc.tn - pc.fp * pc.fn, den, 0)
    return ops.where(ops.eq(pc.fp + pc.fn, 0), 1, value)


def correlation_distance_formula(t: Any) -> Any:
    """Correlation distance arccos(CC) / π of the pair correlation CC (``pearson_cc``).

    A distance in [0, 1]: 0 when FP = FN = 0 (CC = 1), 1/2 when CC = 0 -- also where CC is
    0/0 and the partitions differ (``pearson_cc``'s convention), 1 when CC = −1.  Gösgens et
    al. (2021) show that it is a metric on partitions (the triangle inequality holds).
    """
    cc, ops = pearson_cc_formula(t), t.ops
    if not ops.symbolic:  # rounding guard: |CC| <= 1 exactly, but its float may pass 1 by 1 ulp
        cc = min(max(cc, -1.0), 1.0)
    return ops.acos(cc) / ops.acos(-1)


def sokal_sneath_formula(t: Any) -> Any:
    """Sokal & Sneath's second coefficient on pairs: TP / (TP + 2 (FP + FN)); 1 when all are 0.

    This is Gösgens et al.'s S&S2; their S&S1 is ``sokal_sneath_1``.
    """
    pc = pair_counts(t)
    return t.ops.ratio(pc.tp, pc.tp + 2 * (pc.fp + pc.fn), 1)


def sokal_sneath_1_formula(t: Any) -> Any:
    """Sokal & Sneath's first coefficient on pairs: the mean of four conditional agreements.

    (TP/(TP + FN) + TP/(TP + FP) + TN/(TN + FN) + TN/(TN + FP)) / 4 -- pair recall, pair
    precision, and the same two for pairs kept apart.  A ratio with an empty denominator (no
    pair of that kind: nothing to get wrong) counts 1, as ``pair_recall`` and
    ``pair_precision`` do; so identical partitions score 1 at every n.
    """
    pc, ops = pair_counts(t), t.ops
    return (ops.ratio(pc.tp, pc.tp + pc.fn, 1) + ops.ratio(pc.tp, pc.tp + pc.fp, 1)
            + ops.ratio(pc.tn, pc.tn + pc.fn, 1) + ops.ratio(pc.tn, pc.tn + pc.fp, 1)) / 4


def mirkin_formula(t: Any) -> Any:
    """Normalised Mirkin metric (Σa² + Σb² − 2Σn_ij²) / n² = 2 (FP + FN) / n² (a distance)."""
    pc = pair_counts(t)
    return 2 * (pc.fp + pc.fn) / (t.n * t.n)


def _m(name: str, formula: Any, citation: str, conventions: dict, *, bounds=(0.0, 1.0),
       kind: str = "similarity", perfect: float = 1.0, symmetric: bool = True,
       description: str = "") -> Metric:
    return Metric(name=name, formula=formula, kind=kind, bounds=bounds, perfect=perfect,
                  symmetric=symmetric, citation=citation, conventions=conventions,
                  description=description, pair_counting=True)


rand = _m("rand", rand_formula, RAND, _conv("1.0 (no pairs, no disagreement)", "well defined",
                                             "well defined"))
adjusted_rand = _m("adjusted_rand", adjusted_rand_formula, HUBERT,
                   _conv(_IDENTICAL, "0.0 against a different truth (the numerator vanishes)",
                         "0.0 against a different truth"),
                   bounds=(-0.5, 1.0))
pair_precision = _m("pair_precision", pair_precision_formula, IIR,
                    _conv("1.0", "well defined", "1.0 (no predicted pairs, no false positives)"),
                    symmetric=False)
pair_recall = _m("pair_recall", pair_recall_formula, IIR,
                 _conv("1.0", "1.0 (one predicted block holds every true pair)",
                       "0.0 unless the truth is all singletons too (then 1.0)"),
                 symmetric=False)


@cache
def pair_f_beta(beta: float = 1.0) -> Metric:
    """Pairwise F-β as a :class:`Metric` (``pair_f`` is β = 1)."""
    beta = float(beta)
    if not beta > 0:
        from ..errors import InvalidArgumentError
        raise InvalidArgumentError(f"pair_f: expected beta > 0, got {beta}")

    def formula(t: Any) -> Any:
        return pair_f_formula(t, beta)

    formula.__doc__ = pair_f_formula.__doc__
    name = "pair_f" if beta == 1.0 else f"pair_f[beta={beta:g}]"
    return _m(name, formula, IIR, _conv("1.0", "well defined", "well defined"),
              symmetric=beta == 1.0)


pair_f = pair_f_beta(1.0)
jaccard = _m("jaccard", jaccard_formula, JACCARD, _conv(_IDENTICAL, "well defined", "well defined"))
fowlkes_mallows = _m("fowlkes_mallows", fowlkes_mallows_formula, FM,
                     _conv(_IDENTICAL, "well defined",
                           "0.0 against a different truth (scikit-learn: 0.0 also when identical)"))
pearson_cc = _m("pearson_cc", pearson_cc_formula, HUBERT,
                _conv(_IDENTICAL, "0.0 against a different truth (0/0 → 0)",
                      "0.0 against a different truth (0/0 → 0)"),
                bounds=(-1.0, 1.0),
                description="Pearson correlation CC of the pair indicators (Hubert's Γ): "
                            "(TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN)).")
correlation_distance = _m(
    "correlation_distance", correlation_distance_formula, GOESGENS,
    _conv("0.0 (identical)", "0.5 against a different truth (CC 0/0 → 0)",
          "0.5 against a different truth (CC 0/0 → 0)"),
    kind="distance", perfect=0.0,
    description="Correlation distance arccos(CC)/π of the pair correlation (a distance in "
                "[0, 1]; Gösgens et al.'s CD).")
sokal_sneath = _m("sokal_sneath", sokal_sneath_formula, SOKAL_2,
                  _conv(_IDENTICAL, "well defined", "well defined"),
                  description="Sokal & Sneath's second coefficient (S&S2) on pairs: "
                              "TP / (TP + 2 (FP + FN)).")
sokal_sneath_1 = _m("sokal_sneath_1", sokal_sneath_1_formula, SOKAL_1,
                    _conv("1.0 (every ratio has an empty denominator)",
                          "well defined; the two ratios of pairs kept apart count 1 and 0",
                          "well defined; the two ratios of pairs put together count 1 and 0"),
                    description="Sokal & Sneath's first coefficient (S&S1) on pairs: mean of "
                                "pair recall, precision and their two kept-apart analogues.")
mirkin = _m("mirkin", mirkin_formula, MIRKIN,
            _conv("0.0 (no pairs, no disagreement)", "well defined", "well defined"),
            kind="distance", perfect=0.0)

METRICS = (rand, adjusted_rand, pair_precision, pair_recall, pair_f, jaccard, fowlkes_mallows,
           pearson_cc, sokal_sneath, mirkin, sokal_sneath_1, correlation_distance)
