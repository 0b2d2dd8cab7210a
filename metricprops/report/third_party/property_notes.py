"""Judgements of the third-party findings on the properties of Gösgens, Tikhonov &
Prokhorenkova (2021) -- distance, minimal agreement, monotonicity, the asymptotic constant
baseline -- and on the other findings of the 22-constraint audit that the judgements of
:mod:`.notes` did not cover.

:func:`judgements` builds them from the judgements already written (a bug found by another
constraint is named with the same note, so the report counts it once) and returns entries
for :data:`.notes.NOTES`, :data:`.notes.RULES` and :data:`.notes.SPECIFIC`.
"""
from __future__ import annotations

from typing import Dict, Tuple

__all__ = ["judgements", "CHANCE_ON_SMALL_INPUTS"]

#: Appended to a bug's note where the same cell also fails on small inputs by definition.
CHANCE_ON_SMALL_INPUTS = (" (Its violations on small inputs: the chance correction depends "
                          "on n, by definition.)")

_SK = "sklearn.metrics:"
_BC = "metricprops.plans.package_adapters:bcubed_f"

_ONE_SIDED_DISTANCE = (
    "**By definition.** A one-sided score (homogeneity, completeness, purity and their "
    "inverses, parsimony) changes when truth and prediction swap roles and reaches its "
    "perfect value on predictions other than the truth (refinements or coarsenings of it), so "
    "one minus the score is neither symmetric nor zero only at the truth: no distance.")
_ONE_SIDED_MINIMUM = (
    "**By definition.** With no pair in agreement a one-sided score still credits its own side "
    "(homogeneity and purity are perfect for all singletons, completeness and inverse purity "
    "for one block), so the value where nothing agrees is not one constant.")
_ONE_SIDED_BASELINE = (
    "**By definition.** Not adjusted for chance: at the independence tables a purity-type "
    "score converges to the share of the largest class or cluster, which depends on the block "
    "sizes.")
_MATCHING_DISTANCE = (
    "**By definition.** Set matching credits each block with its best match in the other "
    "partition: cdlib's F1 averages over the detected communities only, so it is not "
    "symmetric, and the triangle inequality fails (geometric accuracy); one minus the score is "
    "no metric.")
_MATCHING_MINIMUM = (
    "**By definition.** Every block is matched with its best counterpart, so even where no "
    "pair agrees (one block against all singletons) each block keeps one overlap: the value "
    "there depends on n and lies above values of ordinary predictions.")
_MATCHING_BASELINE = (
    "**By definition.** Not adjusted for chance: at the independence tables the best overlaps "
    "are set by the block sizes, and so is the score's limit.")
_F1_MONOTONE = (
    "**By definition.** cdlib's F1 averages, over the detected communities, each one's "
    "best-match F1, so every community counts once whatever its size: a prediction one step "
    "closer to the truth can lower the mean.")
_F1_ROUNDED = (
    "**Precision, not a wrong formula (undocumented).** cdlib rounds the F1 it returns to two "
    "decimals (every value of this target in the report has at most two), so a value that "
    "drifts slowly with n steps by 0.01 where it crosses a rounding boundary: 0.94 at n = 343, "
    "0.93 at n = 344 for a giant block among singletons against one block. The trend test "
    "sees the step; the unrounded value is continuous.")
_ONE_MINUS_PURITY = (
    "**By definition.** cdlib's classification error is one minus a purity: each block is "
    "credited with its best-matching block of the other partition, one side at a time, so it "
    "is no metric distance. A = one block of 6 items, B = {0 2 3 4 5 | 1}, C = {0 2 5 | 1 3 4}: "
    "d(A, B) = d(B, C) = 1/6, d(A, C) = 1/2.")
_ELEMENT = (
    "**By definition.** Element-centric similarity credits every item with itself, like "
    "BCubed: where no pair agrees the value is about 1/n, not one constant (minimal "
    "agreement), and at the independence tables it converges to a value set by the block "
    "sizes (asymptotic constant baseline).")
_BCUBED = (
    "**By definition.** BCubed credits every item with itself: where no pair agrees the value "
    "is 2/(n + 1), not one constant; at the independence tables it converges to a value set "
    "by the block sizes; and one minus the harmonic mean of precision and recall breaks the "
    "triangle inequality ({0 1 2}, {0 1 | 2}, {0 | 1 | 2}), as for the built-in `bcubed_f`.")
_ONMI = (
    "**By definition (not counted as a bug).** `onmi_mgh` is the overlapping NMI of McDaid, "
    "Greene & Hurley (2011), not the NMI of partitions (which passes homogeneity in this "
    "report); a split along the classes (29 items: one class of 5 among singletons) lowers it "
    "by about 0.005. No documentation claims the property for this variant and the value was "
    "not reproduced in plain Python, so it is recorded as a property of its definition.")
_RMI = (
    "**By definition.** Reduced mutual information subtracts a term that grows with the "
    "number of clusters: one block against an all-singletons truth scores 0, a prediction "
    "with one more correct pair below it.")
_SIZES = (
    "**By definition.** The score compares the distributions of community sizes only: a "
    "prediction with the truth's sizes but the wrong items ties with the truth, and the "
    "limit at the independence tables depends on the sizes.")
_NAN_UNIQUE = (
    "**Undocumented input handling (NaN labels), not counted as a bug.** ClusterEval counts "
    "labels with `np.unique(..., equal_nan=False)`, which makes every NaN a label of its own, "
    "so a block labelled NaN becomes singletons and the value changes. No documentation says "
    "what a NaN label means (so it is no convention) and none is contradicted (so it is no "
    "bug by the rule).")


def judgements(notes: Dict[Tuple[str, str], Tuple[str, str]],
               rules: Dict[Tuple[str, str], str],
               specific: Dict[Tuple[str, str], str]) -> Tuple[dict, dict, dict]:
    """(entries for NOTES, RULES, SPECIFIC), reusing the judgements in the three given."""
    adjusted_distance = rules[("adjusted", "distance")]
    not_monotone = specific[("genieclust.adjusted_mi_score", "monotonicity")]
    not_adjusted = notes[(_SK + "rand_score", "constant_baseline")][1]
    new_notes = {
        (_SK + "adjusted_mutual_info_score", "homogeneity"): not_monotone,
        (_SK + "adjusted_mutual_info_score", "monotonicity"): not_monotone,
        **{(_SK + m, "minimal_agreement"): rules[("adjusted", "minimal_agreement")]
           for m in ("adjusted_mutual_info_score", "adjusted_rand_score")},
        **{(_SK + m, "distance"): adjusted_distance for m in (
            "adjusted_mutual_info_score", "adjusted_rand_score", "normalized_mutual_info_score",
            "v_measure_score")},
        **{(_SK + m, c): text for m in ("completeness_score", "homogeneity_score")
           for c, text in (("minimal_agreement", _ONE_SIDED_MINIMUM),
                           ("distance", _ONE_SIDED_DISTANCE))},
        (_SK + "fowlkes_mallows_score", "distance"): notes[
            (_SK + "fowlkes_mallows_score", "max_agreement")][1] + " (On ordinary input one "
        "minus the index also breaks the triangle inequality, by definition.)",
        **{(_SK + m, "asymptotic_constant_baseline"): not_adjusted
           for m in ("fowlkes_mallows_score", "rand_score")},
        **{(_BC, c): _BCUBED for c in ("minimal_agreement", "asymptotic_constant_baseline",
                                       "distance")},
    }
    new_rules = {
        **{("adjusted", c): not_monotone for c in ("homogeneity", "monotonicity")},
        ("one_sided", "distance"): _ONE_SIDED_DISTANCE,
        ("one_sided", "minimal_agreement"): _ONE_SIDED_MINIMUM,
        ("one_sided", "asymptotic_constant_baseline"): _ONE_SIDED_BASELINE,
        ("matching", "distance"): _MATCHING_DISTANCE,
        ("matching", "minimal_agreement"): _MATCHING_MINIMUM,
        ("matching", "asymptotic_constant_baseline"): _MATCHING_BASELINE,
        ("matching", "monotonicity"): _F1_MONOTONE,
        **{("element", c): _ELEMENT for c in ("minimal_agreement",
                                              "asymptotic_constant_baseline")},
        ("raw_info", "monotonicity"): _RMI,
        **{("sizes", c): _SIZES for c in ("monotonicity", "asymptotic_constant_baseline")},
        # identical partitions without a pair score 0 (the bug of max agreement), so d(A, A)
        # = 1 there; on ordinary input 1 - FMI, 1 - F and the pair scores break the triangle
        ("pair", "distance"): rules[("pair", "max_agreement")] + " (Here d(A, A) = 1 on such "
        "partitions; on ordinary input one minus the index also breaks the triangle "
        "inequality or symmetry, by definition.)",
    }
    same_bug = {  # the finding is the bug another constraint found: the same note
        "clusim.pearson_correlation": ("max_agreement", ("distance", "minimal_agreement")),
        "clusim.southwood_index": ("bounds", ("distance", "monotonicity")),
        "clusim.purity_index": ("homogeneity", ("monotonicity",)),
        "clusim.classification_error": ("homogeneity", ("monotonicity",)),
        "cdlib.nf1": ("bounds", ("distance", "monotonicity", "minimal_agreement")),
        "clustereval.pair_sensitivity_score": ("max_agreement", ("distance",)),
        "clustereval.pair_specificity_score": ("max_agreement", ("distance",)),
        "torchmetrics.v_measure_score": ("homogeneity", ("monotonicity",)),
    }
    new_specific = {(name, c): specific[(name, source)]
                    for name, (source, targets) in same_bug.items() for c in targets}
    float32 = specific[("torchmetrics.homogeneity_score", "n_invariance")]
    overflow = specific[("torchmetrics.adjusted_rand_score", "bounds")]
    new_specific.update({
        # at scale, where the forked child no longer hangs in torch's thread pool
        **{(f"torchmetrics.{name}", "n_invariance"): float32 for name in (
            "completeness_score", "normalized_mutual_info_score", "v_measure_score",
            "mutual_info_score")},
        ("torchmetrics.adjusted_rand_score", "n_invariance"): overflow + " Here inside the "
        "bounds: for two halves against a giant block among singletons the value turns from "
        "0.0312 at 65,536 items to −0.0312 at 65,537 (scikit-learn: 0.0312 at both), found by "
        "the continuity test." + CHANCE_ON_SMALL_INPUTS,
        ("cdlib.f1", "n_invariance"): _F1_ROUNDED,
        ("cdlib.onmi_mgh", "homogeneity"): _ONMI,
        ("cdlib.classification_error", "triangle_inequality"): _ONE_MINUS_PURITY,
        **{(f"clustereval.{name}", "special_labels"): _NAN_UNIQUE for name in (
            "completeness_score", "homogeneity_score", "parsimony_score", "q_measure_score",
            "normalized_inverse_purity_score")},
    })
    return {k: ("failed", v) for k, v in new_notes.items()}, new_rules, new_specific
