"""Judgements of the third-party audit's findings.

Each judgement says whether a finding is an implementation bug, a documented convention, or
a property of the metric's definition, by one rule (:data:`RULE`, printed in the report): a
value on identical partitions other than the declared perfect one, or a value that
contradicts the library's own documentation or the reference implementation it documents,
is a **bug**; "convention" is reserved for choices the library documents.  Every bug names
its upstream issue, or says that none was found.  scikit-learn, bcubed and scorch have one note per
(target, constraint) (:data:`NOTES`; :data:`BUG_TITLES` names their bugs for the summary).

The sixty-odd targets of clusim, cdlib, ClusterEval, torchmetrics and river share a handful
of definitions, so their judgements are rules: each target belongs to a family
(:data:`FAMILY`: unadjusted pair counting, chance-adjusted pair counting or mutual
information, normalised or raw information, one-sided scores, set matching, element-centric,
size distributions), a family's finding on a constraint has one judgement (:data:`RULES`), a
target's error on degenerate input has its own (:data:`ERRORS`), and :data:`SPECIFIC`
overrides both where a target has an implementation bug (the bugs and their reproductions
are in :mod:`metricprops.report.third_party.bugs`).  :func:`library_note` gives the judgement
of one (target, constraint, status), or ``None`` when there is none.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

from ..coreference_notes import NOTES as COREFERENCE_NOTES
from ..coreference_notes import SCORCH_EQUIVALENT
from .bugs import BUGS
from .property_notes import CHANCE_ON_SMALL_INPUTS, judgements

__all__ = ["RULE", "NOTES", "BUG_TITLES", "bug_title", "FAMILY", "RULES", "ERRORS", "SPECIFIC",
           "library_note", "library_bug_title", "nan_labels"]

#: How a finding is judged (the report prints it above the judgements).
RULE = ("A finding is judged a **bug** when a value on identical partitions differs from the "
        "declared perfect value, or when a value contradicts the library's own documentation "
        "or the reference implementation it documents (scikit-learn, for most of them); a "
        "**convention** only when the library documents the choice; **by definition** when "
        "it follows from the metric's formula. Every bug names its upstream issue, or says "
        "that none was found in the library's tracker.")


# -- the libraries audited through plans: judgements by rule --------------------------------
def _family(family: str, *names: str) -> Dict[str, str]:
    return {name: family for name in names}


#: Each target's family (its name in the plans).
FAMILY: Dict[str, str] = {
    **_family("rand", "clusim.rand_index", "clusim.rogers_tanimoto_index", "cdlib.rand_index",
              "torchmetrics.rand_score", "river.Rand", "clustereval.pair_specificity_score"),
    **_family("pair", "clusim.jaccard_index", "clusim.fowlkes_mallows_index", "clusim.fmeasure",
              "clusim.southwood_index", "clusim.pearson_correlation", "cdlib.jaccard_index",
              "torchmetrics.fowlkes_mallows_index", "river.FowlkesMallows",
              "clustereval.pair_sensitivity_score"),
    **_family("adjusted", "clusim.adjrand_index", "clusim.omega_index", "cdlib.adjusted_rand_index",
              "cdlib.omega", "torchmetrics.adjusted_rand_score", "river.AdjustedRand",
              "clusim.adj_mi", "cdlib.adjusted_mutual_information",
              "torchmetrics.adjusted_mutual_info_score", "river.AdjustedMutualInfo"),
    **_family("nmi", "clusim.nmi", "cdlib.normalized_mutual_information", "cdlib.onmi_lfk",
              "cdlib.onmi_mgh", "torchmetrics.normalized_mutual_info_score",
              "torchmetrics.v_measure_score", "river.NormalizedMutualInfo", "river.VBeta",
              "clustereval.q_measure_score"),
    **_family("raw_info", "clusim.mi", "clusim.vi", "clusim.rmi", "cdlib.variation_of_information",
              "torchmetrics.mutual_info_score", "river.MutualInfo"),
    **_family("one_sided", "clustereval.completeness_score", "clustereval.homogeneity_score",
              "clustereval.parsimony_score", "clustereval.purity_score",
              "clustereval.normalized_purity_score", "clustereval.inverse_purity_score",
              "clustereval.normalized_inverse_purity_score", "torchmetrics.completeness_score",
              "torchmetrics.homogeneity_score", "river.Completeness", "river.Homogeneity",
              "clusim.purity_index", "clusim.classification_error"),
    **_family("matching", "clusim.geometric_accuracy", "cdlib.f1", "cdlib.nf1",
              "cdlib.classification_error"),
    **_family("element", "clusim.element_sim", "cdlib.ecs"),
    **_family("sizes", "cdlib.partition_closeness_simple"),
    # igraph, genieclust and networkit: the same definitions under other names
    **_family("rand", "igraph.rand", "genieclust.rand_score",
              "networkit.NodeStructuralRandMeasure"),
    **_family("pair", "genieclust.fm_score", "networkit.JaccardMeasure"),
    **_family("adjusted", "igraph.adjusted_rand", "genieclust.adjusted_rand_score",
              "genieclust.adjusted_fm_score", "genieclust.adjusted_mi_score",
              "networkit.AdjustedRandMeasure"),
    **_family("nmi", "igraph.nmi", "genieclust.normalized_mi_score", "networkit.NMIDistance"),
    **_family("raw_info", "igraph.vi", "genieclust.mi_score"),
    **_family("accuracy", "igraph.split_join", "genieclust.normalized_pivoted_accuracy",
              "genieclust.normalized_clustering_accuracy", "genieclust.pair_sets_index",
              "genieclust.simplified_pair_sets_index", "genieclust.compare_partitions.psi"),
}

_UNADJUSTED = ("**By definition.** The score is not adjusted for chance: its expectation over "
               "random predictions with fixed block sizes depends on the sizes (the reason "
               "ARI and AMI exist).")
_PAIRS_N = ("**By definition.** Pair counts grow quadratically with k copies of every item "
            "(a block of s items has s(s−1)/2 pairs, then ks(ks−1)/2), so pair-counting ratios "
            "are not invariant under copying.")
_CHANCE_N = ("**By definition.** The chance correction (the expected index under the "
             "permutation model) depends on n, so k copies of every item change the value.")
_NO_PAIR = ("**Bug (edge case)** (identical partitions without a pair together score 0). "
            "Identical partitions that put no two items together (one item, or all "
            "singletons) score 0, the worst value: with no pair at all the ratio is 0/0 and "
            "the code returns 0, as scikit-learn's `fowlkes_mallows_score` does.")
_ONE_SIDED = ("**By definition.** The score looks at one side only (homogeneity and purity "
              "reward refining the truth, completeness and inverse purity reward merging it), "
              "so the constraint's other side is not seen; it is meant to be read with its "
              "counterpart.")

#: Judgements of ``failed`` findings, by (family, constraint).
RULES: Dict[Tuple[str, str], str] = {
    **{(f, "constant_baseline"): _UNADJUSTED for f in (
        "rand", "pair", "nmi", "raw_info", "one_sided", "matching", "element", "sizes")},
    **{(f, "n_invariance"): _PAIRS_N for f in ("rand", "pair")},
    ("adjusted", "n_invariance"): _CHANCE_N,
    ("raw_info", "n_invariance"): "**By definition.** Reduced mutual information subtracts a "
    "correction for the number of contingency tables, which depends on n.",
    ("rand", "zero_score"): "**By definition.** Rand-type indices count agreeing pairs, "
    "non-links included: for T = {0 1 | 2} every prediction agrees on at least one pair.",
    ("rand", "degenerate"): "**By definition.** Dominated by pairs that are apart in both "
    "partitions, so all singletons beat one block against {0 1 | 2 3}.",
    ("pair", "max_agreement"): _NO_PAIR,
    ("pair", "zero_score"): "**By definition.** The index needs a pair together in both "
    "partitions to score above its minimum, or cannot reach the declared lower bound on this "
    "truth (a correlation of −1 needs the two pair indicators to be exact opposites).",
    ("pair", "degenerate"): "**By definition.** The correlation of the pair indicators is 0 "
    "for all singletons (no pair together) and negative for a discordant prediction.",
    ("adjusted", "zero_score"): "**By definition.** −0.5 (ARI) or the index's lower bound is a "
    "global bound, not a value every truth admits: against T = {0 1} every prediction "
    "scores 0 or 1.",
    ("adjusted", "degenerate"): "**By definition (documented).** The index is chance-adjusted: "
    "all singletons score the chance level 0 (up to rounding) and a prediction worse than "
    "chance scores below it.",
    ("nmi", "degenerate"): "**By definition (known weakness).** Normalised mutual information "
    "rewards the all-singletons prediction over a one-block or discordant one (Vinh et al. "
    "2010).",
    ("raw_info", "degenerate"): "**By definition.** Mutual information of the all-singletons "
    "prediction is H(T), its maximum (VI: all singletons are closer to a two-block truth than "
    "a wrong merge); the score is not normalised.",
    ("raw_info", "homogeneity"): "**By definition.** Reduced mutual information subtracts a "
    "term that grows with the number of clusters, so a split into pure blocks can cost more "
    "than the information it gains.",
    **{("one_sided", c): _ONE_SIDED for c in (
        "zero_score", "degenerate", "max_agreement", "homogeneity", "completeness")},
    ("matching", "zero_score"): "**By definition.** Every block is matched to its best "
    "counterpart, so a set-matching score is at least the share of the largest overlap and "
    "never 0 (nor its distance 1).",
    ("matching", "degenerate"): "**By definition.** Set matching credits each predicted "
    "block with its best overlap, so all singletons keep a perfect positive predictive "
    "value and beat a discordant prediction.",
    **{("matching", c): "**By definition.** cdlib's F1 averages, over the detected "
       "communities, each one's best-match F1, so every community counts once whatever its "
       "size: a merge or a move that improves one large community can lower the mean of "
       "the small ones." for c in ("homogeneity", "completeness", "rag_bag")},
    ("nmi", "rag_bag"): "**By definition.** Entropy-based scores do not always prefer putting "
    "a stray item into the already mixed block: which choice loses less information depends "
    "on the block sizes (Amigó et al. 2009 list rag bag among the constraints entropy-based "
    "metrics fail).",
    **{(f, "scaling"): "**Performance, not a wrong value.** The measured growth exceeds "
       "O(n), metricprops' default expectation (the library documents no complexity): the "
       "implementation loops over pairs of items or blocks, or builds a dense table." for f in (
           "rand", "pair", "adjusted", "nmi", "raw_info", "one_sided", "matching", "element",
           "sizes")},
    ("element", "zero_score"): "**By definition.** Element-centric similarity gives each item "
    "credit for itself, like BCubed, so it never reaches 0 (the ELM paper's point).",
    ("element", "rag_bag"): "**By definition.** Per-item affinities with self-credit, as in "
    "BCubed, prefer putting a new item into the clean block (the ELM paper, section 3).",
    **{("sizes", c): "**By definition.** The score compares the distributions of community "
       "sizes only, not which items are together, so it cannot tell a split along the "
       "classes from one across them." for c in (
           "homogeneity", "completeness", "size_vs_quantity", "rag_bag", "degenerate")},
    ("sizes", "max_agreement"): "**By definition.** The score compares the distributions of "
    "community sizes only, so any prediction with the same sizes as the truth ties with it.",
    **{(f, c): "**By definition.** One minus a chance-adjusted or normalised index is not a "
       "metric distance: the triangle inequality fails (Meilă 2007; Gösgens et al. 2021: of "
       "these indices only VI and the correlation distance are metrics)." for f in (
           "adjusted", "nmi") for c in ("triangle_inequality", "distance")},
    ("adjusted", "minimal_agreement"): "**By definition.** Chance adjustment puts partitions "
    "that agree on no pair at the chance level, not at the minimum: a prediction worse than "
    "chance scores below them (ARI down to −0.5).",
    **{(f, "asymptotic_constant_baseline"): _UNADJUSTED for f in (
        "rand", "pair", "nmi", "raw_info")},
    **{("accuracy", c): "**By definition.** Set-matching accuracies (pivoted and "
       "clustering accuracy, the pair sets index) credit each cluster with its best match "
       "only, and the pair sets index subtracts an approximate expectation (Rezaei & Fränti "
       "2016), not the exact one: a split, merge or move that leaves the best matches alone "
       "changes nothing, one that changes them can move the score against the constraint, "
       "the expectation still depends on the block sizes, and one minus the score is no "
       "metric." for c in ("homogeneity", "completeness", "rag_bag", "constant_baseline",
                           "asymptotic_constant_baseline", "monotonicity", "distance",
                           "minimal_agreement", "zero_score", "degenerate")},
    ("accuracy", "scaling"): "**Performance, not a wrong value.** The score builds the dense "
    "K × L confusion matrix and solves an assignment on it, which grows faster than n when "
    "both partitions have many clusters.",
    ("raw_info", "minimal_agreement"): "**By definition.** The score is not normalised: its "
    "worst value grows with n (VI up to log n), so no constant is the minimum at every size.",
}

#: Judgements of a target's ``error`` on degenerate input (the rule of its other findings
#: follows).
ERRORS: Dict[str, str] = {
    **{name: "**Bug (edge case)** (identical partitions of one item score NaN). With one item "
       "there is no pair (no entropy for NMI): the ratio is 0/0 and the function returns NaN "
       "for two identical partitions, whose declared value is 1 (scikit-learn returns 1.0); "
       "the library documents no such convention. Upstream: no issue found in the library's "
       "tracker." for name in (
           "clusim.rand_index", "clusim.rogers_tanimoto_index", "clusim.nmi",
           "cdlib.rand_index", "networkit.NodeStructuralRandMeasure")},

    **{name: "**Bug (edge case)** (identical partitions that leave no room for chance raise). "
       "When the partitions leave no room for chance (one item, or identical one-block or "
       "all-singletons partitions) the expected index equals its maximum and the adjustment "
       "divides by zero: the function raises `ZeroDivisionError` on two identical partitions, "
       "whose declared value is 1 (scikit-learn returns 1.0 there); the library documents no "
       "such convention. Upstream: no issue found in the library's tracker." for name in (
           "clusim.adjrand_index", "clusim.adj_mi", "clusim.omega_index", "cdlib.omega")},
}


def _bug_note(title_start: str) -> str:
    bug = next(b for b in BUGS if b.title.startswith(title_start))
    return f"**Bug** ({bug.distribution}: {bug.title}). {bug.explanation} {bug.upstream_text()}"


_PEARSON = _bug_note("`pearson_correlation`")
_SOUTHWOOD = _bug_note("`southwood_index`")
_PURITY = _bug_note("`purity_index`")
_CLOSENESS = _bug_note("`partition_closeness_simple`")
_VMEASURE = _bug_note("`v_measure_score`")
_NF1 = _bug_note("`nf1`")
_SENSITIVITY = _bug_note("`pair_sensitivity_score`")
_PARSIMONY = _bug_note("`parsimony_score`")
_DENSE = ("**Performance, not a wrong value.** The purity scores build scikit-learn's dense "
          "contingency matrix (classes × clusters), which grows as n² when both partitions "
          "have many blocks; the fitted growth exceeds the declared O(n).")
_SPECIFICITY = _bug_note("`pair_specificity_score`")
_FLOAT32 = ("**Rounding (float32).** torchmetrics computes in float32: the two values differ "
            "by about 1e-6, at float32's precision and just past the plan's tolerance of 1e-6; "
            "not a property of the formula.")
_NO_ENTROPY = _bug_note("`normalized_mutual_info_score` and `adjusted_mutual_info_score`")

_SPLIT_JOIN = ("**By definition.** The split-join distance (van Dongen 2000) counts the items "
               "to move, unnormalised and not adjusted for chance: it grows with n (k copies "
               "multiply it by k), its expectation depends on the block sizes, and its worst "
               "value on n, so no constant bounds it; and all singletons are closer to a "
               "two-block truth than a discordant two-block prediction.")
_IGRAPH_NAN = _bug_note("`compare_communities(..., method=\"adjusted_rand\")`")
_TRUNCATED = ("**Undocumented input handling (float labels), not counted as a bug.** igraph "
              "takes membership lists of integers and converts other numbers with `int()`, "
              "so the distinct labels 0.2 and 0.7 become one cluster and the value changes. "
              "Float labels are outside the documented input, but igraph takes them silently "
              "instead of rejecting them.")
_ONE_ITEM = ("**Input refused (one item), not a wrong value.** igraph raises \"Rand indices "
             "not defined for only zero or one vertices\": a loud refusal where the index is "
             "0/0, as an error message documents it.")

#: Target-specific judgements (bugs), by (target, constraint): they win over the rules.
SPECIFIC: Dict[Tuple[str, str], str] = {
    **{("igraph.split_join", c): _SPLIT_JOIN for c in (
        "degenerate", "constant_baseline", "n_invariance", "minimal_agreement",
        "asymptotic_constant_baseline")},
    **{("clusim.pearson_correlation", c): _PEARSON for c in (
        "max_agreement", "n_invariance", "zero_score")},
    **{("clusim.southwood_index", c): _SOUTHWOOD for c in (
        "bounds", "max_agreement", "homogeneity", "completeness")},
    **{(name, "homogeneity"): _PURITY for name in (
        "clusim.purity_index", "clusim.classification_error")},
    ("cdlib.partition_closeness_simple", "max_agreement"): _CLOSENESS,
    **{("cdlib.nf1", c): _NF1 for c in ("bounds", "max_agreement", "homogeneity")},
    ("clustereval.pair_sensitivity_score", "max_agreement"): _SENSITIVITY,
    ("clustereval.pair_specificity_score", "max_agreement"): _SPECIFICITY,
    **{(name, "max_agreement"): _PARSIMONY for name in (
        "clustereval.parsimony_score", "clustereval.q_measure_score")},
    **{(name, "n_invariance"): "**By definition.** The normalisation uses n itself (log N in "
       "parsimony, |C|/N in the normalised inverse purity), so k copies of every item change "
       "the value." for name in ("clustereval.parsimony_score", "clustereval.q_measure_score",
                                 "clustereval.normalized_inverse_purity_score")},
    **{(name, "scaling"): _DENSE for name in (
        "clustereval.purity_score", "clustereval.normalized_purity_score",
        "clustereval.inverse_purity_score", "clustereval.normalized_inverse_purity_score")},
    **{("torchmetrics.v_measure_score", c): _VMEASURE for c in (
        "homogeneity", "completeness", "max_agreement")},
    **{("torchmetrics.adjusted_mutual_info_score", c): _FLOAT32 for c in (
        "symmetry", "constant_baseline")},
    ("torchmetrics.homogeneity_score", "n_invariance"): _FLOAT32,
    **{("torchmetrics.adjusted_rand_score", c): _bug_note("`adjusted_rand_score` overflows")
       for c in ("max_agreement", "bounds")},
    **{(name, "max_agreement"): _NO_ENTROPY for name in (
        "torchmetrics.adjusted_mutual_info_score", "torchmetrics.normalized_mutual_info_score")},
    ("genieclust.adjusted_mi_score", "monotonicity"): "**By definition.** AMI is not "
    "monotone: its chance correction can lower the score of a prediction one step closer to "
    "the truth (Gösgens, Tikhonov & Prokhorenkova 2021 list AMI among the indices that "
    "violate monotonicity).",
    # the copies are not invariant by definition; the discontinuity at scale is the overflow
    ("networkit.AdjustedRandMeasure", "n_invariance"): _bug_note("`AdjustedRandMeasure`")
    + CHANCE_ON_SMALL_INPUTS,
}


_GC_NAN = _bug_note("identical partitions of one block score NaN")
_GC_SQUARE = _bug_note("`compare_partitions` raises")
ERRORS.update({
    **{f"genieclust.{name}": _GC_NAN for name in (
        "adjusted_rand_score", "rand_score", "normalized_mi_score", "adjusted_mi_score",
        "pair_sets_index", "simplified_pair_sets_index")},
    **{f"genieclust.{name}": _GC_NAN + "  Where one side puts no two items together the "
       "index is 0/0 as well and comes back NaN (undocumented)." for name in (
           "fm_score", "adjusted_fm_score")},
    **{f"genieclust.{name}": _GC_SQUARE + "  (Identical one-item partitions: NaN.)"
       for name in ("normalized_pivoted_accuracy", "normalized_clustering_accuracy",
                    "compare_partitions.psi")},
    "igraph.rand": _ONE_ITEM,
    "igraph.adjusted_rand": _IGRAPH_NAN + "  With one item igraph raises instead (\"Rand "
    "indices not defined for only zero or one vertices\"): a loud refusal, not a wrong value.",
})


def nan_labels(package: str, how: str) -> str:
    """The judgement of a package that groups labels by hashing, where NaN ≠ NaN."""
    return ("**Undocumented input handling (NaN labels), not counted as a bug.** "
            f"{package} {how}, where two NaN objects are different keys (NaN ≠ NaN), so a "
            "block labelled NaN becomes singletons and the value changes; numpy-based "
            "libraries count NaN as one label. No documentation says what a NaN label means "
            "(so it is no convention) and none is contradicted (so it is no bug by the rule), "
            f"but {package[:1].lower() + package[1:]} takes it silently instead of rejecting "
            "it.")


def library_bug_title(note: str) -> Optional[str]:
    """The bug a judgement describes (``None`` if it describes none)."""
    if not note.startswith("**Bug") or "** (" not in note:
        return None
    start = note.index("** (") + len("** (")
    return note[start:note.index(").", start)].split(": ", 1)[-1]


#: Zero items: NaN (or -inf) where an exception is expected.
_EMPTY_NAN = ("**Edge case (empty input).** Given zero items the function returns NaN (or "
              "-inf) instead of raising: a caller that averages scores gets NaN without an "
              "error. The formula is not at fault; the input check is missing.")

#: Judgements that depend on the library rather than the definition, by (library, constraint).
LIBRARY_RULES: Dict[Tuple[str, str], str] = {
    ("clustereval", "label_invariance"): _bug_note("distinct labels of mixed types"),
    ("river", "special_labels"): nan_labels("river", "counts labels in dicts"),
    ("igraph", "label_invariance"): _TRUNCATED,
    ("genieclust", "label_invariance"): "**Undocumented input handling (labels converted to "
    "integers), not counted as a bug.** genieclust takes vectors of integer labels and "
    "converts others silently: float32 ids past the integer range, floats such as 0.2 and "
    "0.7, and mixed `0` / `\"0\"` collapse into fewer clusters and the value changes. An "
    "unused integer value is the bug above (an empty cluster).",
    ("genieclust", "bounds"): _EMPTY_NAN,
    **{("torchmetrics", c): "**Input torch cannot hold, refused as a `RuntimeError`: not "
       "counted as a bug.** torchmetrics takes tensors of integer labels; given frozensets "
       "(or `None`) as labels, `torch.tensor` raises `RuntimeError: Could not infer dtype of "
       "frozenset` (`... of NoneType`). The audit takes only `TypeError`, `ValueError`, "
       "`OverflowError`, `MemoryError` and the refusals a plan declares, so this "
       "reads as a crash under the renaming (its value is the exception): no value is wrong."
       for c in ("label_invariance", "special_labels")},
}


def library_note(metric: str, constraint: str, status: str) -> Optional[str]:
    """The judgement of ``metric`` × ``constraint`` with ``status``, or ``None``."""
    if metric not in FAMILY or status not in ("failed", "error"):
        return None
    rule = (SPECIFIC.get((metric, constraint)) or LIBRARY_RULES.get(
        (metric.split(".")[0], constraint)) or RULES.get((FAMILY[metric], constraint)))
    if status == "failed":
        return rule
    error = ERRORS.get(metric)
    if error is None:
        return None
    return error + (f" Its other findings on this check: {rule}" if rule else "")


# -- scikit-learn, bcubed and scorch: one note per (target, constraint) ---------------------
_SK = "sklearn.metrics:"
_BC = "metricprops.plans.package_adapters:bcubed_f"

_MIXED = ("**Bug.** Distinct labels `0` and `\"0\"` are merged: the label list is converted with "
          "numpy, which turns a mixed int/str list into a string array, so the metric scores a "
          "different partition and returns a wrong value without a warning. scikit-learn's "
          "classification metrics reject exactly this input (`ValueError: Mix of label input "
          "types (string and number)`); the clustering metrics' `check_clusterings` does not. "
          "(Rejections, not findings: bytes labels raise `TypeError`, tuple labels raise "
          "`ValueError: labels_true must be 1D` — the documented 1-D array-like input.)")
_NOT_ADJUSTED = ("**By definition (documented).** The index is not adjusted for chance, so its "
                 "expectation under random labelling depends on the block sizes; scikit-learn's "
                 "user guide says so and recommends ARI / AMI for that purpose.")
_CHANCE_N = ("**By definition.** The chance correction (the expected index under the "
             "permutation model) depends on n, so k copies of every item change the value.")
_FMI_BUG = "**Bug (edge case).**"
_BC_QUADRATIC = "**Bug (performance).** The running time grows like n², not n:"
_PAIRS_N = ("**By definition.** Pair counts grow quadratically with copies; the ratio is not "
            "scale-free.")

#: Judgements of the findings, keyed by (target, constraint): (status it was written for, text).
NOTES: Dict[Tuple[str, str], Tuple[str, str]] = {
    (_BC, "bounds"): ("failed", _EMPTY_NAN),
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
        "whenever TP = 0, conflating \"no agreeing pair\" with \"no pair at all\". This "
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
    **{("metricprops.plans.package_adapters:" + name, "special_labels"): _NAN_LABELS
       for name in ("bcubed_f", "scorch_muc_f", "scorch_b_cubed_f", "scorch_ceaf_m_f",
                    "scorch_ceaf_e_f", "scorch_blanc_f", "scorch_conll")},
    **{("metricprops.plans.package_adapters:" + name, "scaling"): _SCORCH_QUADRATIC for name in (
        "scorch_muc_f", "scorch_b_cubed_f", "scorch_ceaf_m_f", "scorch_ceaf_e_f",
        "scorch_blanc_f", "scorch_conll")},
})

# the Gösgens properties and the other findings of the 22-constraint audit
for _table, _entries in zip((NOTES, RULES, SPECIFIC), judgements(NOTES, RULES, SPECIFIC)):
    _table.update(_entries)

# scorch ports the reference scorer: the built-ins' judgements apply to its findings unchanged
NOTES.update({("metricprops.plans.package_adapters:" + target, constraint): note
              for target, builtin in SCORCH_EQUIVALENT.items()
              for (name, constraint), note in COREFERENCE_NOTES.items() if name == builtin})


def bug_title(note: str) -> str:
    """The short title of the bug a note describes."""

    found = next((title for key, title in BUG_TITLES.items() if note.startswith(key)), None)
    return found or library_bug_title(note) or note.split(".")[0]
