"""Per-element metrics: BCubed (Bagga & Baldwin 1998) and ELM (the ELM paper, section 2).

For an item e in true block A (size a) and predicted block B (size b), with |A ∩ B| = n_ij:

* BCubed keeps e in both sets: P(e) = n_ij / b, R(e) = n_ij / a, F1(e) = 2 n_ij / (a + b).
* ELM ("elements like me") removes e: N_e^T = A \\ {e}, N_e^H = B \\ {e}, TP_e = their
  intersection, so P(e) = (n_ij − 1)/(b − 1), R(e) = (n_ij − 1)/(a − 1) and
  F1(e) = |TP_e| / (|TP_e| + ½|N_e^H ⊕ N_e^T|) = 2 (n_ij − 1) / (a + b − 2),
  with the paper's provisos P(e) = 1 if N_e^H = ∅, R(e) = 1 if N_e^T = ∅, F1(e) = 1 if both
  are empty.

All items of one cell share the same values, so each mean is a sum over the non-zero cells
weighted by n_ij: O(nnz).  ``*_f`` is the mean of per-element F1 (the ELM paper's convention);
``*_f_amigo`` is the harmonic mean of mean precision and mean recall (Amigó et al. 2009).

Names and citations: Bagga & Baldwin's B³ F -- the one the coreference scorers compute -- is
the harmonic mean of the mean precision and the mean recall, i.e. ``bcubed_f_amigo`` (cited
to both papers).  ``bcubed_f``, the mean of per-item F1, is the ELM paper's form and is cited
to it; both names are kept as they are.
"""
from __future__ import annotations

from typing import Any

from .base import Metric
from .stats import cached

BAGGA = ("Bagga, A. & Baldwin, B. (1998). Algorithms for scoring coreference chains. "
         "LREC Workshop on Linguistic Coreference.")
AMIGO = ("Amigó, E., Gonzalo, J., Artiles, J. & Verdejo, F. (2009). A comparison of extrinsic "
         "clustering evaluation metrics based on formal constraints. Information Retrieval 12(4).")
ELM = ("BCubed revisited: elements like me (ELM), section 2: per-element precision and recall "
       "with the element itself left out.")
#: bcubed_f: the ELM paper's F (mean of per-item F1) on Bagga & Baldwin's per-item sets.
ELM_BCUBED_F = ("BCubed revisited: elements like me (ELM), section 2: BCubed F as the mean of "
                "per-element F1 (not Bagga & Baldwin's B³ F, which is bcubed_f_amigo); "
                "per-element precision and recall from " + BAGGA)
#: bcubed_f_amigo: B³ F as Bagga & Baldwin define it and the coreference scorers compute it.
B3_F = (BAGGA[:-1] + " (B³ F: harmonic mean of the mean precision and the mean recall); "
        + AMIGO)

_BCUBED_CONV = {
    "empty": "error (EmptyInputError)",
    "single_item": "1.0 (the item is its own cluster in both partitions)",
    "no_pairs": "not special: every item counts itself, so no 0/0 arises",
    "single_block": "well defined; the one-block prediction has precision Σ a_i² / n²",
    "all_singletons": "well defined; the all-singletons prediction has precision 1",
}
_ELM_CONV = {
    "empty": "error (EmptyInputError)",
    "single_item": "1.0 (both neighbourhoods empty: F1(e) = 1 by the paper's proviso)",
    "no_pairs": "P(e) = 1 if e has no predicted neighbours, R(e) = 1 if no true neighbours, "
                "F1(e) = 1 if neither",
    "single_block": "one-block prediction: R = 1, P = Σ a_i (a_i − 1) / (n (n − 1))",
    "all_singletons": "all-singletons prediction: P = 1, R = F1 = share of true singletons",
}


def _mean(t: Any, per_item: Any) -> Any:
    """Mean over items of a per-cell value (each cell holds n_ij items)."""
    return t.ops.sum(t.cell_n * per_item, t.cell_w) / t.n


def _harmonic(t: Any, p: Any, r: Any) -> Any:
    return t.ops.ratio(2 * p * r, p + r, 0)


@cached  # shared with the F formulas of the same table
def bcubed_precision_formula(t: Any) -> Any:
    """BCubed precision: mean over items of |A ∩ B| / |B| (e kept in both sets)."""
    return _mean(t, t.cell_n / t.cell_b)


@cached  # shared with the F formulas of the same table
def bcubed_recall_formula(t: Any) -> Any:
    """BCubed recall: mean over items of |A ∩ B| / |A| (e kept in both sets)."""
    return _mean(t, t.cell_n / t.cell_a)


def bcubed_f_formula(t: Any) -> Any:
    """BCubed F as the ELM paper defines it: mean over items of F1(e) = 2 |A ∩ B| / (|A| + |B|).

    Bagga & Baldwin's B³ F, the harmonic mean of mean precision and mean recall, is
    bcubed_f_amigo (= b3_f)."""
    return _mean(t, 2 * t.cell_n / (t.cell_a + t.cell_b))


def bcubed_f_amigo_formula(t: Any) -> Any:
    """BCubed F as Bagga & Baldwin and Amigó et al. define it: harmonic mean of mean precision
    and mean recall (= b3_f; bcubed_f is the mean of per-item F1).

    This is the B³ F the coreference scorers compute."""
    return _harmonic(t, bcubed_precision_formula(t), bcubed_recall_formula(t))


@cached  # shared with the F formulas of the same table
def elm_precision_formula(t: Any) -> Any:
    """ELM precision: mean of |TP_e| / |N_e^H|, 1 where e has no predicted neighbours."""
    return _mean(t, t.ops.ratio(t.cell_n - 1, t.cell_b - 1, 1))


@cached  # shared with the F formulas of the same table
def elm_recall_formula(t: Any) -> Any:
    """ELM recall: mean of |TP_e| / |N_e^T|, 1 where e has no true neighbours."""
    return _mean(t, t.ops.ratio(t.cell_n - 1, t.cell_a - 1, 1))


def elm_f_formula(t: Any) -> Any:
    """ELM F: mean of F1(e) = |TP_e| / (|TP_e| + ½|N_e^H ⊕ N_e^T|), 1 if both are empty."""
    return _mean(t, t.ops.ratio(2 * (t.cell_n - 1), t.cell_a + t.cell_b - 2, 1))


def elm_f_amigo_formula(t: Any) -> Any:
    """ELM F (Amigó form): harmonic mean of mean ELM precision and recall (0 if both are 0)."""
    return _harmonic(t, elm_precision_formula(t), elm_recall_formula(t))


def _m(name: str, formula: Any, citation: str, conventions: dict, symmetric: bool) -> Metric:
    return Metric(name=name, formula=formula, kind="similarity", bounds=(0.0, 1.0), perfect=1.0,
                  symmetric=symmetric, citation=citation, conventions=conventions)


bcubed_precision = _m("bcubed_precision", bcubed_precision_formula, BAGGA, _BCUBED_CONV, False)
bcubed_recall = _m("bcubed_recall", bcubed_recall_formula, BAGGA, _BCUBED_CONV, False)
bcubed_f = _m("bcubed_f", bcubed_f_formula, ELM_BCUBED_F, _BCUBED_CONV, True)
bcubed_f_amigo = _m("bcubed_f_amigo", bcubed_f_amigo_formula, B3_F, _BCUBED_CONV, True)
elm_precision = _m("elm_precision", elm_precision_formula, ELM, _ELM_CONV, False)
elm_recall = _m("elm_recall", elm_recall_formula, ELM, _ELM_CONV, False)
elm_f = _m("elm_f", elm_f_formula, ELM, _ELM_CONV, True)
elm_f_amigo = _m("elm_f_amigo", elm_f_amigo_formula, ELM, {**_ELM_CONV, "zero": "0 if P = R = 0"},
                 True)

METRICS = (bcubed_precision, bcubed_recall, bcubed_f, bcubed_f_amigo,
           elm_precision, elm_recall, elm_f, elm_f_amigo)
