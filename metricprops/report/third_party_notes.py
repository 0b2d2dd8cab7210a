"""Judgements of the third-party audit's findings, one per (target, constraint).

Each note says whether a failure is an implementation bug, a documented convention, or a
property of the metric's definition; :data:`BUG_TITLES` names the bugs for the summary.
"""
from __future__ import annotations

from typing import Dict, Tuple

from .coreference_notes import NOTES as COREFERENCE_NOTES, SCORCH_EQUIVALENT
from .third_party_library_notes import nan_labels

__all__ = ["NOTES", "BUG_TITLES", "bug_title"]

_SK = "sklearn.metrics:"
_BC = "metricprops.report.adapters:bcubed_f"

_MIXED = ("**Bug.** Distinct labels `0` and `\"0\"` are merged: the label list is converted with "
          "numpy, which turns a mixed int/str list into a string array, so the metric scores a "
          "different partition and returns a wrong value without a warning.  scikit-learn's "
          "classification metrics reject exactly this input (`ValueError: Mix of label input "
          "types (string and number)`); the clustering metrics' `check_clusterings` does not.  "
          "(Rejections, not findings: bytes labels raise `TypeError`, tuple labels raise "
          "`ValueError: labels_true must be 1D` — the documented 1-D array-like input.)")
_NOT_ADJUSTED = ("**By definition (documented).** The index is not adjusted for chance, so its "
                 "expectation under random labelling depends on the block sizes; scikit-learn's "
                 "user guide says so and recommends ARI / AMI for that purpose.")
_CHANCE_N = ("**By definition.** The chance correction (the expected index under the "
             "permutation model) depends on n, so k copies of every item change the value.")
_FMI_BUG = "**Bug (edge case).**"
_BC_QUADRATIC = "**Bug (performance).** The running time grows like n², not n:"
_PAIRS_N = "**By definition.** Pair counts grow quadratically with copies; the ratio is not scale-free."

#: Judgements of the findings, keyed by (target, constraint): (status it was written for, text).
NOTES: Dict[Tuple[str, str], Tuple[str, str]] = {
    **{(_SK + m, "label_invariance"): ("failed", _MIXED) for m in (
        "adjusted_mutual_info_score", "adjusted_rand_score", "completeness_score",
        "fowlkes_mallows_score", "homogeneity_score", "mutual_info_score",
        "normalized_mutual_info_score", "rand_score", "v_measure_score")},
    **{(_SK + m, "constant_baseline"): ("failed", _NOT_ADJUSTED) for m in (
        "completeness_score", "fowlkes_mallows_score", "homogeneity_score", "mutual_info_score",
        "normalized_mutual_info_score", "rand_score", "v_measure_score")},
    (_BC, "constant_baseline"): ("failed", "**By definition.** BCubed is not adjusted for chance."),
    (_SK + "adjusted_mutual_info_score", "degenerate"): (
        "failed", "**By definition (documented).** AMI is chance-adjusted: the all-singletons "
        "prediction scores the chance level ≈ 0 (here 6.4e-16, rounding), and a prediction worse "
        "than chance scores below it (\"can be negative\")."),
    (_SK + "adjusted_mutual_info_score", "n_invariance"): ("failed", _CHANCE_N),
    (_SK + "adjusted_rand_score", "n_invariance"): ("failed", _CHANCE_N),
    (_SK + "adjusted_rand_score", "zero_score"): (
        "failed", "**By definition.** −0.5 is the documented global lower bound (Chacón & "
        "Rastrojo 2022), not a value every truth admits: against T = {0 1} every prediction "
        "scores 0 or 1."),
    (_SK + "adjusted_rand_score", "degenerate"): (
        "failed", "**By definition (documented).** ARI is chance-adjusted: all singletons score "
        "the chance level 0, a discordant prediction scores below it (down to −0.5)."),
    (_SK + "completeness_score", "zero_score"): (
        "failed", "**By definition.** Against an all-singletons truth every prediction is "
        "complete (each class lies in one cluster): completeness is 1 for all of them."),
    (_SK + "completeness_score", "degenerate"): (
        "failed", "**By definition.** Completeness is one-sided: it does not penalise splitting "
        "pure classes as much as the degenerate constraint requires."),
    (_SK + "completeness_score", "max_agreement"): (
        "failed", "**By definition (documented).** Completeness is 1 whenever every class lies "
        "inside one cluster, e.g. the one-block prediction; it is meant to be read with "
        "homogeneity (V-measure passes)."),
    (_SK + "homogeneity_score", "zero_score"): (
        "failed", "**By definition (documented convention).** With a one-block truth H(T) = 0 and "
        "scikit-learn defines homogeneity as 1, so no prediction scores 0."),
    (_SK + "homogeneity_score", "degenerate"): (
        "failed", "**By definition (documented).** All singletons are perfectly homogeneous "
        "(every cluster holds one class): homogeneity 1, the maximum."),
    (_SK + "homogeneity_score", "max_agreement"): (
        "failed", "**By definition (documented).** Homogeneity is 1 for every refinement of the "
        "truth, e.g. all singletons; it is meant to be read with completeness."),
    (_SK + "fowlkes_mallows_score", "max_agreement"): (
        "failed", _FMI_BUG + " Identical partitions that put no two items together "
        "(n = 1, or all singletons) score 0.0, the worst value: the implementation returns 0 "
        "whenever TP = 0, conflating \"no agreeing pair\" with \"no pair at all\".  This "
        "contradicts its own docstring (\"perfect labelings ... have score 1.0\") and "
        "scikit-learn's ARI and Rand (1.0 there); an upstream fix is proposed "
        "(scikit-learn pull request 34625)."),
    (_SK + "fowlkes_mallows_score", "n_invariance"): (
        "failed", "**Bug for the minimal instance, by definition in general.** The smallest "
        "counterexample is the TP = 0 edge case above (n = 1 scores 0, two copies score 1); "
        "beyond it FMI is a pair-counting index and is not n-invariant anyway."),
    (_SK + "mutual_info_score", "degenerate"): (
        "failed", "**By definition.** Mutual information of the all-singletons prediction is "
        "H(T), its maximum over predictions; MI is not normalised."),
    (_SK + "normalized_mutual_info_score", "degenerate"): (
        "failed", "**By definition (known weakness).** NMI rewards the all-singletons prediction "
        "(2/3 here, above a one-block or mixed prediction); the reason adjusted indices exist "
        "(Vinh et al. 2010)."),
    (_SK + "v_measure_score", "degenerate"): (
        "failed", "**By definition.** V-measure equals arithmetic NMI, with the same weakness."),
    (_SK + "rand_score", "zero_score"): (
        "failed", "**By definition.** Rand counts agreeing pairs; for T = {0 1 | 2} every "
        "prediction agrees on at least one of the three pairs."),
    (_SK + "rand_score", "degenerate"): (
        "failed", "**By definition.** Rand is dominated by true-negative pairs, so all "
        "singletons (0.67) beat one block (0.33) against {0 1 | 2 3}."),
    (_SK + "rand_score", "n_invariance"): ("failed", _PAIRS_N),
    (_BC, "zero_score"): (
        "failed", "**By definition.** Every item shares its block with itself, so BCubed "
        "precision and recall are at least 1/n and F never reaches 0 — the ELM paper's "
        "motivation (its Theorem 1 prediction scores 0 only under ELM)."),
    (_BC, "degenerate"): (
        "failed", "**By definition.** BCubed gives all singletons credit for every item's "
        "self-pair (F = 2/3 for {0 1 | 2 3}), more than a discordant prediction; the ELM paper's "
        "section 3.2."),
    (_BC, "scaling"): (
        "failed", _BC_QUADRATIC + " for every item the package compares its cluster and class "
        "sets with every other item's, where a contingency table needs one pass (the "
        "built-in `bcubed_f_amigo` computes the same value in O(n))."),
}


#: Short titles of the implementation bugs, keyed by the start of their notes.
BUG_TITLES = {
    _MIXED[:40]: "scikit-learn's clustering metrics silently merge distinct labels of mixed "
                 "types such as `0` and `\"0\"`",
    _BC_QUADRATIC: "the bcubed package's BCubed takes time quadratic in the number of items",
    _FMI_BUG: "`fowlkes_mallows_score` scores identical partitions without any pair together "
              "(n = 1, all singletons) 0.0 instead of 1.0",
    "**Bug for the minimal instance": "`fowlkes_mallows_score` scores identical partitions "
                                      "without any pair together (n = 1, all singletons) 0.0 "
                                      "instead of 1.0",
}


_NAN_LABELS = ("failed", nan_labels("The package", "groups items by label in a dict or set"))
_SCORCH_QUADRATIC = ("failed", "**Performance, not a wrong value.** scorch compares the "
                     "entities of key and response pairwise (MUC and B³ entity by entity, "
                     "BLANC over mention pairs, CEAF through the full entity similarity "
                     "matrix of its assignment), so its time grows quadratically or faster "
                     "with the mentions; the built-in coreference metrics compute the same "
                     "values from one contingency table.")
NOTES.update({
    (_SK + "adjusted_mutual_info_score", "scaling"): (
        "failed", "**Performance, by the definition it computes.** The exact expected mutual "
        "information sums over every pair of blocks and each overlap they can have, so its "
        "cost grows with the number of blocks (n / 4 a side in this workload); the built-in "
        "`ami` computes the same expectation within its declared O(n) here."),
    **{("metricprops.report.adapters:" + name, "label_invariance"): _NAN_LABELS for name in (
        "bcubed_f", "scorch_muc_f", "scorch_b_cubed_f", "scorch_ceaf_m_f", "scorch_ceaf_e_f",
        "scorch_blanc_f", "scorch_conll")},
    **{("metricprops.report.adapters:" + name, "scaling"): _SCORCH_QUADRATIC for name in (
        "scorch_muc_f", "scorch_b_cubed_f", "scorch_ceaf_m_f", "scorch_ceaf_e_f",
        "scorch_blanc_f", "scorch_conll")},
})

# scorch ports the reference scorer: the built-ins' judgements apply to its findings unchanged
NOTES.update({("metricprops.report.adapters:" + target, constraint): note
              for target, builtin in SCORCH_EQUIVALENT.items()
              for (name, constraint), note in COREFERENCE_NOTES.items() if name == builtin})


def bug_title(note: str) -> str:
    """The short title of the bug a note describes."""
    from .third_party_library_notes import library_bug_title

    found = next((title for key, title in BUG_TITLES.items() if note.startswith(key)), None)
    return found or library_bug_title(note) or note.split(".")[0]
