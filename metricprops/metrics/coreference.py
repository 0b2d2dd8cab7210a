"""Coreference metrics as partition metrics: MUC, B³, CEAF-m, CEAF-e, BLANC, LEA, CoNLL F.

The truth is the key, the prediction the response, over the *same* items (gold mentions).
Values are those of the CoNLL reference scorer v8.01 (Pradhan et al. 2014) on such input,
including its conventions for zero denominators (a recall or precision with nothing to count
is 0, an F with P + R = 0 is 0); :mod:`metricprops.coref` scores different mention sets and
CoNLL files and equals these formulas when both sides cover the same mentions.

With n_ij the contingency cells (key entity i, response entity j), a_i and b_j the entity
sizes, k_T and k_P the numbers of entities and C(x) = x (x − 1) / 2:

* MUC: correct links Σ_ij (n_ij − 1) = n − nnz, so R = (n − nnz)/(n − k_T), P = (n − nnz)/(n − k_P);
* B³ (the scorer's form): BCubed precision and recall, F their harmonic mean;
* CEAF-m / CEAF-e: an optimal one-to-one entity alignment of Σ n_ij, resp. Σ 2n_ij/(a_i + b_j),
  over n (both sides), resp. over k_T and k_P.  Numeric only (an assignment problem);
* BLANC: coreference links TP / (TP + FN), TP / (TP + FP); non-coreference links
  TN / (TN + FP), TN / (TN + FN) (pair counts of :mod:`.pair_counting`), each F their harmonic
  mean, BLANC the mean of the two parts, or one part when the key has no link of the other kind;
* LEA: R = (1/n) Σ_i a_i · Σ_j C(n_ij) / C(a_i) = (1/n) Σ_ij n_ij (n_ij − 1)/(a_i − 1), a key
  singleton counting 1 when the response has it as a singleton too; P with the roles swapped;
* CoNLL F: (MUC F + B³ F + CEAF-e F) / 3.
"""
from __future__ import annotations

from typing import Any, Callable

from .base import Metric
from .per_element import bcubed_precision_formula, bcubed_recall_formula
from .stats import cached, pair_counts

SCORER = ("Pradhan, S., Luo, X., Recasens, M., Hovy, E., Ng, V. & Strube, M. (2014). Scoring "
          "coreference partitions of predicted mentions: a reference implementation. ACL "
          "(CoNLL reference scorer v8.01)")
MUC = ("Vilain, M., Burger, J., Aberdeen, J., Connolly, D. & Hirschman, L. (1995). A "
       "model-theoretic coreference scoring scheme. MUC-6. Computed as in " + SCORER + ".")
B3 = ("Bagga, A. & Baldwin, B. (1998). Algorithms for scoring coreference chains. LREC "
      "Workshop on Linguistic Coreference. Computed as in " + SCORER + ".")
CEAF = ("Luo, X. (2005). On coreference resolution performance metrics. HLT/EMNLP. Computed "
        "as in " + SCORER + ".")
BLANC = ("Recasens, M. & Hovy, E. (2011). BLANC: implementing the Rand index for coreference "
         "evaluation. Natural Language Engineering 17(4); Luo, X., Pradhan, S., Recasens, M. & "
         "Hovy, E. (2014). An extension of BLANC to system mentions. ACL. Computed as in "
         + SCORER + ".")
LEA = ("Moosavi, N. S. & Strube, M. (2016). Which coreference evaluation metric do you trust? "
       "A proposal for a link-based entity aware metric. ACL. Computed as in the LEA "
       "extension of " + SCORER + ".")
CONLL = ("Pradhan, S., Moschitti, A., Xue, N., Uryupina, O. & Zhang, Y. (2012). CoNLL-2012 "
         "shared task: modeling multilingual unrestricted coreference in OntoNotes. CoNLL; "
         + SCORER + ".")

_EMPTY = "error (EmptyInputError)"


def _harmonic(t: Any, p: Any, r: Any) -> Any:
    """2PR / (P + R), 0 when P + R = 0 (the scorer's ``ShowRPF``)."""
    return t.ops.ratio(2 * p * r, p + r, 0)


def _count(t: Any, x: Any, w: Any) -> Any:
    """Number of entries of ``x`` (weighted by multiplicities in a symbolic view)."""
    return t.ops.sum(x * 0 + 1, w)


def _numeric_only(t: Any, what: str) -> None:
    if t.ops.symbolic:
        raise NotImplementedError(f"{what} has no symbolic form (an optimal entity alignment)")


# -- MUC ------------------------------------------------------------------------------------------
@cached  # shared with muc_f of the same table
def muc_recall_formula(t: Any) -> Any:
    """MUC recall (n − nnz) / (n − k_T): correct links over key links; 0 without key links."""
    return t.ops.ratio(t.n - _count(t, t.cell_n, t.cell_w), t.n - _count(t, t.a, t.a_w), 0)


@cached  # shared with muc_f of the same table
def muc_precision_formula(t: Any) -> Any:
    """MUC precision (n − nnz) / (n − k_P): correct links over response links; 0 without them."""
    return t.ops.ratio(t.n - _count(t, t.cell_n, t.cell_w), t.n - _count(t, t.b, t.b_w), 0)


def muc_f_formula(t: Any) -> Any:
    """MUC F1: harmonic mean of MUC precision and recall, 0 when both are 0."""
    return _harmonic(t, muc_precision_formula(t), muc_recall_formula(t))


# -- B³ ---------------------------------------------------------------------------------------
def b3_precision_formula(t: Any) -> Any:
    """B³ precision (1/n) Σ_ij n_ij² / b_j (the scorer's BCUBED; equals BCubed precision)."""
    return bcubed_precision_formula(t)


def b3_recall_formula(t: Any) -> Any:
    """B³ recall (1/n) Σ_ij n_ij² / a_i (the scorer's BCUBED; equals BCubed recall)."""
    return bcubed_recall_formula(t)


@cached  # shared with conll_f of the same table
def b3_f_formula(t: Any) -> Any:
    """B³ F1 as the CoNLL scorer computes it: harmonic mean of mean precision and mean recall
    (= bcubed_f_amigo; bcubed_f is the mean of per-item F1)."""
    return _harmonic(t, bcubed_precision_formula(t), bcubed_recall_formula(t))


# -- CEAF ---------------------------------------------------------------------------------------
@cached  # shared by the three CEAF-m scores of the same table
def _ceaf_m_similarity(t: Any) -> float:
    _numeric_only(t, "CEAF-m")
    from ..coref.alignment import max_weight_matching
    return max_weight_matching(t.cell_row, t.cell_col, t.cell_n, len(t.a), len(t.b))


@cached  # shared by the three CEAF-e scores of the same table
def _ceaf_e_similarity(t: Any) -> float:
    _numeric_only(t, "CEAF-e")
    from ..coref.alignment import max_weight_matching
    weights = 2.0 * t.cell_n / (t.cell_a + t.cell_b)
    return max_weight_matching(t.cell_row, t.cell_col, weights, len(t.a), len(t.b))


def ceaf_m_recall_formula(t: Any) -> Any:
    """CEAF-m recall: max over alignments A of Σ_i |K_i ∩ A(K_i)|, over n (numeric only)."""
    return _ceaf_m_similarity(t) / t.n


def ceaf_m_precision_formula(t: Any) -> Any:
    """CEAF-m precision: the same optimal Σ |K ∩ A(K)| over n response mentions (numeric only)."""
    return _ceaf_m_similarity(t) / t.n


def ceaf_m_f_formula(t: Any) -> Any:
    """CEAF-m F1 (= recall = precision on the same mentions; numeric only)."""
    return _ceaf_m_similarity(t) / t.n


def ceaf_e_recall_formula(t: Any) -> Any:
    """CEAF-e recall: max over alignments of Σ φ4, φ4 = 2|K ∩ R|/(|K| + |R|), over k_T."""
    return _ceaf_e_similarity(t) / len(t.a)


def ceaf_e_precision_formula(t: Any) -> Any:
    """CEAF-e precision: the same optimal Σ φ4 over the number k_P of response entities."""
    return _ceaf_e_similarity(t) / len(t.b)


@cached  # shared with conll_f of the same table
def ceaf_e_f_formula(t: Any) -> Any:
    """CEAF-e F1: harmonic mean of CEAF-e precision and recall (numeric only)."""
    return _harmonic(t, ceaf_e_precision_formula(t), ceaf_e_recall_formula(t))


# -- BLANC ----------------------------------------------------------------------------------------
def _blanc(t: Any, part: Callable[[Any, Any], Any]) -> Any:
    """Combine the coreference and non-coreference parts as the scorer's ScoreBLANC."""
    pc, ops = pair_counts(t), t.ops
    key_c, key_n = pc.tp + pc.fn, pc.fp + pc.tn
    r_c, p_c = ops.ratio(pc.tp, key_c, 0), ops.ratio(pc.tp, pc.tp + pc.fp, 0)
    r_n, p_n = ops.ratio(pc.tn, key_n, 0), ops.ratio(pc.tn, pc.tn + pc.fn, 0)
    coref, noncoref = part(r_c, p_c), part(r_n, p_n)
    both = ops.where(ops.eq(key_n, 0), coref, (coref + noncoref) / 2)
    return ops.where(ops.eq(key_c, 0), ops.where(ops.eq(key_n, 0), 0, noncoref), both)


def blanc_recall_formula(t: Any) -> Any:
    """BLANC recall (R_c + R_n)/2, R_c = TP/(TP + FN), R_n = TN/(TN + FP); one part if the key
    lacks the other."""
    return _blanc(t, lambda r, p: r)


def blanc_precision_formula(t: Any) -> Any:
    """BLANC precision (P_c + P_n)/2, P_c = TP/(TP + FP), P_n = TN/(TN + FN), 0 for a missing
    kind."""
    return _blanc(t, lambda r, p: p)


def blanc_f_formula(t: Any) -> Any:
    """BLANC F: (F_c + F_n)/2 of the per-kind F1 (not the F of BLANC P and R)."""
    return _blanc(t, lambda r, p: _harmonic(t, p, r))


# -- LEA ------------------------------------------------------------------------------------------
def _lea(t: Any, own: Any) -> Any:
    n = t.cell_n
    links = t.ops.ratio(n * (n - 1), own - 1, 0)  # a_i · C(n_ij) / C(a_i), 0 for a singleton
    singleton = t.ops.ratio(0, t.cell_a + t.cell_b - 2, 1)  # 1 iff a_i = b_j = 1
    return t.ops.sum(links + singleton, t.cell_w) / t.n


@cached  # shared with lea_f of the same table
def lea_recall_formula(t: Any) -> Any:
    """LEA recall (1/n) Σ_ij n_ij (n_ij − 1)/(a_i − 1), a key singleton resolved iff a response
    singleton."""
    return _lea(t, t.cell_a)


@cached  # shared with lea_f of the same table
def lea_precision_formula(t: Any) -> Any:
    """LEA precision (1/n) Σ_ij n_ij (n_ij − 1)/(b_j − 1), a response singleton resolved iff a
    key singleton."""
    return _lea(t, t.cell_b)


def lea_f_formula(t: Any) -> Any:
    """LEA F1: harmonic mean of LEA precision and recall, 0 when both are 0."""
    return _harmonic(t, lea_precision_formula(t), lea_recall_formula(t))


def conll_f_formula(t: Any) -> Any:
    """CoNLL F: (MUC F1 + B³ F1 + CEAF-e F1) / 3 (numeric only, through CEAF-e)."""
    return (muc_f_formula(t) + b3_f_formula(t) + ceaf_e_f_formula(t)) / 3


# -- metadata -------------------------------------------------------------------------------------
def _conv(single: str, no_pairs: str, block: str, singletons: str) -> dict:
    return {"empty": _EMPTY, "single_item": single, "no_pairs": no_pairs,
            "single_block": block, "all_singletons": singletons}


_MUC_CONV = _conv(
    "0.0: neither side has a link, and the scorer gives 0 for 0/0",
    "0.0 (as for a single item)",
    "one-block prediction: R = 1, P = (n − k_T)/(n − 1); a one-block truth: R = (n − k_P)/(n − 1)",
    "0.0 whenever the truth or the prediction is all singletons, even when both are "
    "(MUC ignores singleton entities: identical all-singletons partitions score 0, not 1)")
_B3_CONV = _conv("1.0", "not special (every item counts itself, no 0/0 arises)",
                 "one-block prediction: R = 1, P = Σ a_i²/n²",
                 "all-singletons prediction: P = 1, R = k_T/n")
_CEAF_M_CONV = _conv("1.0", "not special (no 0/0 arises)",
                     "one-block prediction: max_i a_i / n",
                     "all-singletons prediction: k_T / n (each key entity aligned with one "
                     "singleton)")
_CEAF_E_CONV = _conv("1.0", "not special (no 0/0 arises)",
                     "one-block prediction: φ4 of the best key entity, 2 a / (a + n), over k_T (R) "
                     "and 1 (P)",
                     "all-singletons prediction: Σ_i 2/(a_i + 1) over k_T (R) and n (P)")
_BLANC_CONV = _conv(
    "0.0: the key has neither coreference nor non-coreference links (the scorer's 0)",
    "0.0 (as for a single item)",
    "a one-block truth has no non-coreference link: BLANC is its coreference part alone; a "
    "one-block prediction has P_n = 0 (no non-coreference link predicted)",
    "an all-singletons truth has no coreference link: BLANC is its non-coreference part alone "
    "(1.0 for an identical prediction); an all-singletons prediction has P_c = 0")
_LEA_CONV = _conv(
    "1.0: a key singleton is one self-link, resolved when the response has the same singleton",
    "1.0 when identical (every singleton resolved), else 0.0",
    "one-block prediction (n > 1): R = share of items in non-singleton key entities, "
    "P = Σ C(a_i) / C(n)",
    "all-singletons prediction: R = P = share of items that are key singletons")
_CONLL_CONV = _conv(
    "2/3: MUC F is 0 (no links), B³ F and CEAF-e F are 1",
    "2/3 when identical (MUC F = 0)", "well defined (see the three components)",
    "identical all-singletons partitions score 2/3 (MUC F = 0)")


def _m(name: str, formula: Any, citation: str, conventions: dict, symmetric: bool) -> Metric:
    # CEAF aligns entities one to one (an assignment over a table of entity pairs)
    complexity = "n^3" if name.startswith("ceaf") or name == "conll_f" else "n"
    return Metric(name=name, formula=formula, kind="similarity", bounds=(0.0, 1.0), perfect=1.0,
                  symmetric=symmetric, citation=citation, conventions=conventions,
                  complexity=complexity, pair_counting=name.startswith("blanc"))


muc_recall = _m("muc_recall", muc_recall_formula, MUC, _MUC_CONV, False)
muc_precision = _m("muc_precision", muc_precision_formula, MUC, _MUC_CONV, False)
muc_f = _m("muc_f", muc_f_formula, MUC, _MUC_CONV, True)
b3_recall = _m("b3_recall", b3_recall_formula, B3, _B3_CONV, False)
b3_precision = _m("b3_precision", b3_precision_formula, B3, _B3_CONV, False)
b3_f = _m("b3_f", b3_f_formula, B3, _B3_CONV, True)
ceaf_m_recall = _m("ceaf_m_recall", ceaf_m_recall_formula, CEAF, _CEAF_M_CONV, True)
ceaf_m_precision = _m("ceaf_m_precision", ceaf_m_precision_formula, CEAF, _CEAF_M_CONV, True)
ceaf_m_f = _m("ceaf_m_f", ceaf_m_f_formula, CEAF, _CEAF_M_CONV, True)
ceaf_e_recall = _m("ceaf_e_recall", ceaf_e_recall_formula, CEAF, _CEAF_E_CONV, False)
ceaf_e_precision = _m("ceaf_e_precision", ceaf_e_precision_formula, CEAF, _CEAF_E_CONV, False)
ceaf_e_f = _m("ceaf_e_f", ceaf_e_f_formula, CEAF, _CEAF_E_CONV, True)
blanc_recall = _m("blanc_recall", blanc_recall_formula, BLANC, _BLANC_CONV, False)
blanc_precision = _m("blanc_precision", blanc_precision_formula, BLANC, _BLANC_CONV, False)
blanc_f = _m("blanc_f", blanc_f_formula, BLANC, _BLANC_CONV, False)
lea_recall = _m("lea_recall", lea_recall_formula, LEA, _LEA_CONV, False)
lea_precision = _m("lea_precision", lea_precision_formula, LEA, _LEA_CONV, False)
lea_f = _m("lea_f", lea_f_formula, LEA, _LEA_CONV, True)
conll_f = _m("conll_f", conll_f_formula, CONLL, _CONLL_CONV, True)

METRICS = (muc_recall, muc_precision, muc_f, b3_recall, b3_precision, b3_f,
           ceaf_m_recall, ceaf_m_precision, ceaf_m_f, ceaf_e_recall, ceaf_e_precision, ceaf_e_f,
           blanc_recall, blanc_precision, blanc_f, lea_recall, lea_precision, lea_f, conll_f)
