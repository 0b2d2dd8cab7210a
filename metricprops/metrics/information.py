"""Information-theoretic metrics (natural logarithm throughout, as scikit-learn).

H(T) = −Σ_i (a_i/n) log(a_i/n), H(H) likewise, and
I(T; H) = Σ_ij (n_ij/n) log(n n_ij / (a_i b_j)); see :func:`metricprops.metrics.stats.entropies`.

Conventions for 0/0, stated per metric: a normalised score is 1 when both partitions are a
single block (both entropies 0: identical, no information to share) and 0 when only the
normaliser vanishes otherwise (then I = 0).
"""
from __future__ import annotations

from typing import Any, Callable

from .base import Metric
from .stats import entropies

STREHL = ("Strehl, A. & Ghosh, J. (2002). Cluster ensembles — a knowledge reuse framework for "
          "combining multiple partitions. JMLR 3.")
VINH = ("Vinh, N. X., Epps, J. & Bailey, J. (2010). Information theoretic measures for "
        "clusterings comparison. JMLR 11.")
MEILA = "Meilă, M. (2007). Comparing clusterings — an information based distance. JMVA 98(5)."
ROSENBERG = ("Rosenberg, A. & Hirschberg, J. (2007). V-measure: a conditional entropy-based "
             "external cluster evaluation measure. EMNLP-CoNLL.")
COVER = "Cover, T. M. & Thomas, J. A. (2006). Elements of Information Theory, chapter 2."
AMELIO = ("Amelio, A. & Pizzuti, C. (2015). Is normalized mutual information a fair measure for "
          "comparing community detection methods? ASONAM (FNMI; arithmetic NMI as "
          "Danon et al. 2005).")

_NMI_CONV = {
    "empty": "error (EmptyInputError)",
    "single_item": "1.0 (both partitions are one block)",
    "no_pairs": "1.0 for n = 1",
    "single_block": "1.0 if both are one block; 0.0 if only one is (I = 0)",
    "all_singletons": "well defined (H = log n)",
}


def mutual_info_formula(t: Any) -> Any:
    """Mutual information I(T; H) = Σ_ij (n_ij/n) log(n n_ij / (a_i b_j)) in nats."""
    return entropies(t).mi


#: The normalisers of NMI and AMI, as scikit-learn's ``average_method``: name -> (mean of the
#: two entropies over ``ops``, how it is written).
MEANS = {
    "arithmetic": (lambda ops, x, y: (x + y) / 2, "(H(T) + H(H)) / 2"),
    "geometric": (lambda ops, x, y: ops.sqrt(x * y), "√(H(T) H(H))"),
    "min": (lambda ops, x, y: ops.minimum(x, y), "min(H(T), H(H))"),
    "max": (lambda ops, x, y: ops.maximum(x, y), "max(H(T), H(H))"),
}


def _paren(label: str) -> str:
    """``label`` as a divisor: in parentheses if it is a quotient itself."""
    return f"({label})" if " / " in label else label


def _nmi(method: str) -> Callable[[Any], Any]:
    mean, label = MEANS[method]

    def formula(t: Any) -> Any:
        e, ops = entropies(t), t.ops
        value = ops.ratio(e.mi, mean(ops, e.h_true, e.h_pred), 0)
        return ops.where(ops.eq(e.h_true + e.h_pred, 0), 1, value)

    formula.__doc__ = (f"Normalised mutual information I(T; H) / {_paren(label)} (scikit-learn's "
                       f"average_method='{method}').\n\n1 when both partitions are one block, "
                       "0 for any other zero normaliser.")
    return formula


nmi_arithmetic_formula = _nmi("arithmetic")
nmi_max_formula = _nmi("max")
nmi_min_formula = _nmi("min")
nmi_geometric_formula = _nmi("geometric")


def fair_nmi_formula(t: Any) -> Any:
    """Fair NMI (Amelio & Pizzuti): arithmetic NMI × exp(−|k_T − k_H| / k_T).

    k_T and k_H are the numbers of true and predicted blocks; the factor penalises a
    prediction with more or fewer blocks than the truth (NMI's bias towards many small
    blocks).  NMI's conventions apply (1 when both partitions are one block).  Not symmetric.
    """
    ops = t.ops
    k_true, k_pred = ops.sum(t.a * 0 + 1, t.a_w), ops.sum(t.b * 0 + 1, t.b_w)
    return nmi_arithmetic_formula(t) * ops.exp(-ops.maximum(k_true - k_pred, k_pred - k_true)
                                               / k_true)


def vi_formula(t: Any) -> Any:
    """Variation of information H(T) + H(H) − 2 I(T; H) (Meilă), a metric distance in nats."""
    e = entropies(t)
    return e.h_true + e.h_pred - 2 * e.mi


def homogeneity_formula(t: Any) -> Any:
    """Homogeneity 1 − H(T | H) / H(T) = I / H(T); 1 when H(T) = 0 (one true class)."""
    e = entropies(t)
    return t.ops.ratio(e.mi, e.h_true, 1)


def completeness_formula(t: Any) -> Any:
    """Completeness 1 − H(H | T) / H(H) = I / H(H); 1 when H(H) = 0 (one predicted block)."""
    e = entropies(t)
    return t.ops.ratio(e.mi, e.h_pred, 1)


def v_measure_formula(t: Any, beta: float = 1.0) -> Any:
    """V-measure (1 + β) h c / (β h + c) of homogeneity h and completeness c; 0 if h = c = 0."""
    h, c = homogeneity_formula(t), completeness_formula(t)
    return t.ops.ratio((1 + beta) * h * c, beta * h + c, 0)


def _m(name: str, formula: Any, citation: str, *, kind: str = "similarity", bounds=(0.0, 1.0),
       perfect: Any = 1.0, symmetric: bool = True, conventions: Any = None) -> Metric:
    return Metric(name=name, formula=formula, kind=kind, bounds=bounds, perfect=perfect,
                  symmetric=symmetric, citation=citation, conventions=conventions or _NMI_CONV)


mutual_info = _m("mutual_info", mutual_info_formula, COVER, bounds=(0.0, None), perfect=None,
                 conventions={**_NMI_CONV, "single_block": "0.0 (no shared information)",
                              "single_item": "0.0", "no_pairs": "0.0 for n = 1",
                              "perfect": "I(T; T) = H(T) depends on T: no fixed perfect value"})
nmi = _m("nmi", nmi_arithmetic_formula, STREHL)
nmi_max = _m("nmi_max", nmi_max_formula, VINH)
nmi_min = _m("nmi_min", nmi_min_formula, VINH)
nmi_geometric = _m("nmi_geometric", nmi_geometric_formula, STREHL)
vi = _m("vi", vi_formula, MEILA, kind="distance", bounds=(0.0, None), perfect=0.0,
        conventions={**_NMI_CONV, "single_item": "0.0", "no_pairs": "0.0 for n = 1",
                     "single_block": "H of the other partition",
                     "all_singletons": "well defined; at most log n"})
homogeneity_score = _m("homogeneity_score", homogeneity_formula, ROSENBERG, symmetric=False,
                       conventions={**_NMI_CONV, "single_block": "1.0 when the truth is one block"})
completeness_score = _m("completeness_score", completeness_formula, ROSENBERG, symmetric=False,
                        conventions={**_NMI_CONV,
                                     "single_block": "1.0 when the prediction is one block"})
v_measure = _m("v_measure", v_measure_formula, ROSENBERG,
               conventions={**_NMI_CONV, "zero": "0.0 when homogeneity = completeness = 0"})

fair_nmi = _m("fair_nmi", fair_nmi_formula, AMELIO, symmetric=False,
              conventions={**_NMI_CONV,
                           "single_block": "1.0 if both are one block; 0.0 if only one is"})

METRICS = (mutual_info, nmi, nmi_max, nmi_min, nmi_geometric, vi, homogeneity_score,
           completeness_score, v_measure, fair_nmi)
