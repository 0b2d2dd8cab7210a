"""Implementation bugs found by the third-party audit, each with a plain-Python reproduction.

Every reproduction uses the library alone (no metricprops), runs in a fresh interpreter and
prints the wrong value; the comment says the right one.  ``tests/report/test_third_party_bugs.py``
runs each one against the installed version and checks that it still prints ``shows`` (so a
fixed release is noticed).  The report lists them under "Bugs, with plain-Python
reproductions" with the library's version.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

__all__ = ["Bug", "BUGS", "COVER_BUGS"]


@dataclass(frozen=True)
class Bug:
    """One implementation bug: where, what, and the code that shows it."""

    distribution: str
    title: str
    explanation: str
    code: str
    shows: str  # what the reproduction prints (the wrong value), checked by the tests
    #: the upstream issue or pull request that reports it, if one was found
    upstream: str = ""

    def upstream_text(self) -> str:
        """Where the bug stands upstream, in one sentence."""
        if self.upstream:
            return f"Upstream: {self.upstream}."
        return "Upstream: no issue found in the library's tracker."


BUGS: Tuple[Bug, ...] = (
    Bug("clusim", "`pearson_correlation` leaves out the square root of its denominator",
        "The Pearson correlation of the pair indicators is (N11·N00 − N10·N01) / "
        "√((N11+N10)(N11+N01)(N00+N10)(N00+N01)); clusim divides by the product itself, so "
        "identical partitions score 0.5 instead of 1 and the value depends on the scale of "
        "the counts (its docstring prints the formula without the root as well).",
        """
from clusim.clustering import Clustering
import clusim.sim as sim

t = Clustering(elm2clu_dict={0: [0], 1: [0], 2: [1]})   # {0 1 | 2}
print(sim.pearson_correlation(t, t))   # 0.5; identical partitions correlate perfectly: 1.0
""", "0.5"),
    Bug("clusim", "`southwood_index` exceeds its documented range [0, 1]",
        "N11 / (N10 + N01) is unbounded above, while the docstring says \"between 0 and 1.0\" "
        "and identical partitions get 1.0 (a 0/0 caught as 1): a partition that is *not* "
        "the truth can outscore the truth itself.",
        """
from clusim.clustering import Clustering
import clusim.sim as sim

t = Clustering(elm2clu_dict={0: [0], 1: [0], 2: [0], 3: [0], 4: [1]})  # {0 1 2 3 | 4}
h = Clustering(elm2clu_dict={0: [0], 1: [0], 2: [0], 3: [0], 4: [0]})  # {0 1 2 3 4}
print(sim.southwood_index(t, h), sim.southwood_index(t, t))   # 1.5 1.0: documented <= 1.0
""", "1.5 1.0"),
    Bug("clusim", "`purity_index` switches to inverse purity when the prediction has more "
        "clusters than the truth",
        "The function takes the maximum along the axis of whichever clustering has fewer "
        "clusters, so splitting a mixed cluster into pure ones can *lower* purity: every "
        "cluster of the prediction below is pure (purity 1), yet it scores 0.6 (its inverse "
        "purity); `classification_error` (1 − purity) inherits it.",
        """
from clusim.clustering import Clustering
import clusim.sim as sim

t = Clustering(elm2clu_dict={0: [0], 1: [0], 2: [0], 3: [0], 4: [1]})  # {0 1 2 3 | 4}
h = Clustering(elm2clu_dict={0: [0], 1: [0], 2: [1], 3: [1], 4: [2]})  # {0 1 | 2 3 | 4}
print(round(sim.purity_index(t, h), 6))   # 0.6; every cluster of h is pure: 1.0
""", "0.6"),
    Bug("clusim", "`jaccard_index`, `fowlkes_mallows_index` and `fmeasure` score identical "
        "partitions without a pair together 0",
        "With no pair of items together in either partition (one item, or all singletons) "
        "the indices are 0/0 and the code returns 0, the worst value, for a perfect match "
        "(the edge case of scikit-learn's `fowlkes_mallows_score`). cdlib's `jaccard_index` "
        "calls clusim's.",
        """
from clusim.clustering import Clustering
import clusim.sim as sim

s = Clustering(elm2clu_dict={0: [0], 1: [1], 2: [2]})   # {0 | 1 | 2}, against itself
print(sim.jaccard_index(s, s), sim.fowlkes_mallows_index(s, s), sim.fmeasure(s, s))  # 1.0 each
""", "0.0 0.0 0.0"),
    Bug("torchmetrics", "`fowlkes_mallows_index` scores identical partitions without a pair "
        "together 0",
        "With no pair of items together (all singletons) TP = 0 and the index is 0/0; "
        "torchmetrics returns 0 for a perfect match.",
        """
import torch
from torchmetrics.functional.clustering import fowlkes_mallows_index

labels = torch.tensor([0, 1, 2])   # {0 | 1 | 2}, against itself
print(fowlkes_mallows_index(labels, labels).item())   # 0.0; a perfect match: 1.0
""", "0.0"),
    Bug("river", "`FowlkesMallows` scores identical partitions without a pair together 0",
        "With no pair of items together (all singletons) the index is 0/0; river returns 0 "
        "for a perfect match.",
        """
from river.metrics import FowlkesMallows

metric = FowlkesMallows()
for label in [0, 1, 2]:          # {0 | 1 | 2}, against itself
    metric.update(label, label)
print(metric.get())              # 0.0; a perfect match: 1.0
""", "0.0"),
    Bug("torchmetrics", "`v_measure_score` is 1.0 (perfect) when homogeneity and "
        "completeness are both 0",
        "V-measure is the harmonic mean of homogeneity and completeness, 2hc / (h + c), which "
        "is 0 when both are 0; torchmetrics returns 1.0 there, so a prediction independent of "
        "the truth gets the perfect score (its `homogeneity_score` and `completeness_score` "
        "are right: 0).",
        """
import torch
from torchmetrics.functional.clustering import (completeness_score, homogeneity_score,
                                                v_measure_score)

target = torch.tensor([0, 0, 1, 1])   # {0 1 | 2 3}
preds = torch.tensor([0, 1, 0, 1])    # {0 2 | 1 3}: independent of the truth
print(v_measure_score(preds, target).item(), homogeneity_score(preds, target).item(),
      completeness_score(preds, target).item())   # 1.0 0.0 0.0; V-measure should be 0.0
""", "1.0 0.0 0.0", upstream="torchmetrics issue #3484, fixed by pull request #3485 "
        "(after the release audited)"),
    Bug("cdlib", "`partition_closeness_simple` counts every community size once",
        "The size multiplicities n(x) are counted after the sizes were put in a set, so each "
        "is 1 and N is the sum of the *distinct* sizes: a partition into sizes (2, 2, 1) and "
        "one into (2, 1, 1, 1) are as close as identical partitions. (Found while judging "
        "the score's findings, which all follow from comparing size distributions only; no "
        "constraint isolates this bug, since the score declares no perfect value.)",
        """
from cdlib import NodeClustering, evaluation

a = NodeClustering([[0, 1], [2, 3], [4]], graph=None)        # sizes 2, 2, 1
b = NodeClustering([[0, 1], [2], [3], [4]], graph=None)      # sizes 2, 1, 1, 1
print(evaluation.partition_closeness_simple(a, b).score,
      evaluation.partition_closeness_simple(a, a).score)     # 0.5 0.5: a vs b should be lower
""", "0.5 0.5"),
    Bug("cdlib", "`nf1` exceeds 1, and a wrong prediction outscores the truth",
        "NF1 = F1 × coverage / redundancy is meant to lie in [0, 1] (Rossetti et al. 2016); "
        "cdlib divides by a redundancy below 1 when one detected community covers several "
        "true ones, so merging two true singletons scores 1.34 while the truth itself "
        "scores 1.0 (the detected communities come first, as cdlib passes them to NF1).",
        """
from cdlib import NodeClustering, evaluation

truth = NodeClustering([[0], [1]], graph=None)      # {0 | 1}
pred = NodeClustering([[0, 1]], graph=None)         # {0 1}
print(evaluation.nf1(pred, truth).score, evaluation.nf1(truth, truth).score)  # 1.34 1.0
""", "1.34 1.0"),
    Bug("ClusterEval", "distinct labels of mixed types such as `0` and `\"0\"` are merged",
        "The scores go through numpy and scikit-learn's `contingency_matrix`, which turn a "
        "mixed int/str label list into strings, so two different classes become one and the "
        "value is wrong without a warning (scikit-learn's own clustering metrics share it).",
        """
import clustereval

print(clustereval.homogeneity_score([0, "0"], [0, 0]),   # 1.0: two classes in one cluster
      clustereval.homogeneity_score([0, 1], [0, 0]))     # 0.0, as it should be for both
""", "1.0 0.0"),
    Bug("ClusterEval", "`parsimony_score` and `q_measure_score` score identical all-singleton "
        "partitions 0",
        "Parsimony divides H(K|C) by log N − H(C), both zero up to rounding when every class "
        "is a singleton; the code only catches an exact 0, so the ratio of two rounding "
        "errors is about 1 and a perfect match scores 0 (Q-measure then returns 0 too; with "
        "two or four items the rounding happens to cancel and the score is 1).",
        """
import clustereval

labels = [0, 1, 2]   # {0 | 1 | 2}, against itself
print(clustereval.parsimony_score(labels, labels),
      clustereval.q_measure_score(labels, labels))   # 0.0 0.0; a perfect match: 1.0 1.0
""", "0.0 0.0"),
    Bug("ClusterEval", "`pair_sensitivity_score` scores identical partitions 0 when no two "
        "items share a class",
        "With no true pair, TP + FN = 0 and the function returns 0 (the worst score) for a "
        "perfect clustering, the same edge case as scikit-learn's `fowlkes_mallows_score`.",
        """
import clustereval

print(clustereval.pair_sensitivity_score([0, 1, 2], [0, 1, 2]))   # 0; a perfect match: 1
""", "0"),
    Bug("ClusterEval", "`pair_specificity_score` scores identical partitions 0 when all items "
        "share one class",
        "With every pair together in the truth, TN + FP = 0 and the function returns 0 for a "
        "perfect clustering.",
        """
import clustereval

print(clustereval.pair_specificity_score([0, 0, 0], [0, 0, 0]))   # 0; a perfect match: 1
""", "0"),
    Bug("torchmetrics", "`adjusted_rand_score` overflows past about 92,000 items",
        "The pair counts are 64-bit integers and the numerator multiplies two of them "
        "(tp · tn): the product passes 2^63 once n² / 2 squared does, near n = 92,682, and "
        "wraps around, so the index leaves [−0.5, 1] (429 at 92,683 items; −0.501 at 92,384) "
        "-- the overflow scikit-learn's `adjusted_rand_score` had and fixed by computing in "
        "floating point. Found by the scale phase, which bisected it to those sizes.",
        """
import math
import torch
from torchmetrics.functional.clustering import adjusted_rand_score

n = 92683
truth = (torch.arange(n) >= n // 2).long()       # two halves
pred = torch.arange(n) // math.isqrt(n)          # 305 blocks of 304 items
print(round(adjusted_rand_score(pred, truth).item(), 2))   # 429.34; ARI is at most 1
""", "429.34", upstream="no torchmetrics issue found; a downstream project works around it "
        "(TorchDR pull request #332: \"TorchMetrics' overflowing int64 pair-count products\")"),
    Bug("torchmetrics", "`normalized_mutual_info_score` and `adjusted_mutual_info_score` "
        "score two identical one-block partitions 0",
        "Two identical partitions are a perfect match whatever their entropy; both functions "
        "short-cut to 0 when the mutual information is 0, which it is for two one-block "
        "partitions (no entropy at all). The declared perfect value is 1, and scikit-learn, "
        "the reference the documentation names, returns 1.0.",
        """
import torch
from torchmetrics.functional.clustering import (adjusted_mutual_info_score,
                                                normalized_mutual_info_score)

labels = torch.tensor([0, 0, 0, 0])   # one block, against itself
print(normalized_mutual_info_score(labels, labels).item(),
      adjusted_mutual_info_score(labels, labels).item())   # 0.0 0.0; a perfect match: 1.0
""", "0.0 0.0", upstream="torchmetrics issues #3469 and #3495 (open; pull request #3470)"),
    Bug("networkit", "`AdjustedRandMeasure` overflows past about 99,000 items",
        "The dissimilarity 1 − ARI multiplies pair counts in 64-bit integers and the product "
        "wraps around: a giant cluster of 7/8 of the items among singletons against one "
        "block scores 1.0 up to 99,081 items and 0.133 from 99,082 (0.135 at 131,072), one "
        "block against two halves from 110,219 items (0.49999 at 131,072); the right value "
        "is 1 in both (ARI 0: one block carries no information). The wrong values stay "
        "inside [0, 1.5], so no bound catches them; the continuity test at scale does.",
        """
import networkit as nk

n = 131072
giant = [0] * (n - n // 8) + list(range(1, n // 8 + 1))   # 7/8 in one block, the rest alone
one = [0] * n                                              # one block
ari = nk.community.AdjustedRandMeasure()
print(round(ari.getDissimilarity(nk.Graph(n), nk.Partition(n, giant), nk.Partition(n, one)), 3))
# 0.135; 1 - ARI with ARI = 0 is 1.0 (and 1.0 at n = 65536)
""", "0.135"),
    Bug("python-igraph", "`compare_communities(..., method=\"adjusted_rand\")` scores "
        "identical one-block or all-singleton partitions NaN",
        "When the partitions leave no room for chance (one block, or all singletons, on both "
        "sides) the adjusted Rand index is 0/0; igraph returns NaN for two identical "
        "partitions, whose index is 1 (the maximum, as scikit-learn returns), and documents "
        "no such convention.",
        """
import igraph

for labels in ([0, 0], [0, 1, 2]):   # one block, then all singletons, against itself
    print(igraph.compare_communities(labels, labels, method="adjusted_rand"))   # nan; 1.0
""", "nan\nnan"),
    Bug("genieclust", "identical partitions of one block score NaN",
        "The documentation says every index but `mi_score` \"outputs the value of 1.0 if "
        "two identical partitions are given\"; for two one-block partitions the adjusted "
        "Rand index, the normalised and adjusted mutual information and the pair sets index "
        "are 0/0 and come back NaN (for one item, the Rand index and both accuracies too).",
        """
import numpy as np
from genieclust.compare_partitions import (adjusted_mi_score, adjusted_rand_score,
                                           normalized_mi_score, pair_sets_index)

x = np.array([0, 0])   # one block, against itself
print(adjusted_rand_score(x, x), normalized_mi_score(x, x), adjusted_mi_score(x, x),
      pair_sets_index(x, x))   # nan nan nan nan; documented: 1.0 each
""", "nan nan nan nan"),
    Bug("genieclust", "`compare_partitions` raises when the numbers of clusters differ",
        "The documentation defines the scores on a confusion matrix \"with K rows and L "
        "columns\", yet `compare_partitions` (and `normalized_pivoted_accuracy` / "
        "`normalized_clustering_accuracy`) fail an internal assertion whenever K ≠ L, so "
        "none of its scores can be had for partitions with different numbers of clusters.",
        """
import numpy as np
from genieclust.compare_partitions import compare_partitions

try:
    compare_partitions(np.array([0, 0, 1]), np.array([0, 1, 2]))   # K = 2, L = 3
except RuntimeError as exc:
    print(type(exc).__name__)   # RuntimeError (Assertion xc == yc failed); a dict of scores
""", "RuntimeError"),
    Bug("genieclust", "an unused label value counts as an empty cluster",
        "The confusion matrix has a row and a column for every value from the smallest label "
        "to the largest, so labels {1, 3} (2 unused) describe three clusters, one of them "
        "empty: the pair sets index and the normalised clustering accuracy of two identical "
        "partitions are 0.5 instead of 1.0, while the documentation says every index but "
        "`mi_score` is 1.0 on identical partitions and that partitions are defined up to a "
        "bijection of the labels.",
        """
import numpy as np
from genieclust.compare_partitions import (normalized_clustering_accuracy,
                                           pair_sets_index)

x = np.array([1, 1, 3, 3])   # two clusters, labelled 1 and 3, against itself
print(pair_sets_index(x, x), normalized_clustering_accuracy(x, x))   # 0.5 0.5; both 1.0
""", "0.5 0.5"),
)
#: Bugs of the libraries' *overlapping* measures, found by the cover plans
#: (:mod:`~metricprops.report.third_party.overlapping`): the overlapping section shows them.
COVER_BUGS: Tuple[Bug, ...] = (
    Bug("clusim", "`onmi` uses h(1 − P11) where the LFK joint entropy has h(P00)",
        "The LFK overlapping NMI (Lancichinetti, Fortunato & Kertész 2009, appendix B) takes "
        "the joint entropy of the indicators of clusters X_k and Y_l as h(P11) + h(P10) + "
        "h(P01) + h(P00), with P00 = 1 − P11 − P10 − P01, and admits Y_l only if h(P11) + "
        "h(P00) > h(P01) + h(P10).  clusim's `onmi` computes `binary_entropy(joint_prob, "
        "1.0 - joint_prob)`, that is h(P11) + h(1 − P11), in both places; the two agree only "
        "when the clusters coincide.  A plain-Python LFK with h(1 − P11) in place of h(P00) "
        "gives clusim's value exactly; the definition gives 0.347483, as cdlib's "
        "`overlapping_normalized_mutual_information_LFK` and metricprops' `onmi_lfk` do.",
        """
from clusim.clustering import Clustering
import clusim.sim as sim

t = Clustering(elm2clu_dict={0: [0], 1: [0], 2: [1], 3: [1]})   # {0 1 | 2 3}
h = Clustering(elm2clu_dict={0: [0], 1: [0], 2: [0], 3: [1]})   # {0 1 2 | 3}
print(round(sim.onmi(t, h), 6))   # 0.45282; the LFK definition (cdlib's LFK too): 0.347483
""", "0.45282"),
    Bug("clusim", "`element_sim` fails on every overlapping clustering with current scipy",
        "For a clustering in which an item belongs to two clusters the element-centric "
        "similarity builds its affinity graph from `(bipartite / bipartite.sum(axis=1))."
        "dot(...)` and calls `.tolist()` on it; the scipy installed returns a sparse matrix "
        "from that division (older releases returned a `numpy.matrix`), which has no "
        "`tolist`, so every overlapping input raises AttributeError (partitions take another "
        "path and work).  cdlib's `ecs` calls it and fails the same way.",
        """
from clusim.clustering import Clustering
from clusim.clusimelement import element_sim

c = Clustering(elm2clu_dict={0: [0], 1: [0, 1], 2: [1]})   # {0 1 | 1 2}: item 1 in both
try:
    print(element_sim(c, c))   # identical clusterings: 1.0
except AttributeError as exc:
    print(type(exc).__name__)   # AttributeError: csr_matrix has no tolist (scipy sparse)
""", "AttributeError"),
    Bug("clusim", "`onmi` returns infinity when a cluster holds every item",
        "A cluster of every item has entropy H(X_k) = 0, and `onmi` divides its conditional "
        "entropy by it (`/ entropy_rv1[k1]`) with no guard: two identical clusterings with "
        "such a cluster, including the one-cluster clustering, score infinity instead of "
        "1.0 (LFK leave the 0/0 undefined; cdlib takes the term as 1, metricprops' "
        "`onmi_lfk` as 0).",
        """
from clusim.clustering import Clustering
import clusim.sim as sim

t = Clustering(elm2clu_dict={0: [0], 1: [0], 2: [0, 1]})   # {0 1 2 | 2}: one cluster of all
print(sim.onmi(t, t))   # inf; identical clusterings: 1.0
""", "inf"),
    Bug("cdlib", "`f1` and `nf1` count an item in only the first detected community that "
        "holds it",
        "Both say they work \"on overlapping/non-overlapping complete/partial coverage "
        "partitions\", but NF1's precision-recall pass keeps one `id_nodes` record across "
        "all detected communities and skips an item already seen, so in an overlapping "
        "clustering every later community loses its shared items: two identical covers score "
        "below 1 (the F1 of each detected community with its best-matching true one should "
        "be 1 here).",
        """
from cdlib import NodeClustering, evaluation

c = NodeClustering([[0, 1], [1, 2]], graph=None, overlap=True)   # {0 1 | 1 2}
print(evaluation.f1(c, c).score, evaluation.nf1(c, c).score)   # 0.75 0.75; identical: 1.0 1.0
""", "0.75 0.75"),
)
