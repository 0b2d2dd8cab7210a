"""Coreference metrics over mention sets, as the CoNLL reference scorer v8.01 computes them.

Each metric gives recall and precision numerators and denominators; documents are
micro-averaged by summing them (the scorer's ``Score``), then

    R = R_num / R_den (0 if R_den = 0),   P = P_num / P_den (0 if P_den = 0),
    F = 2PR / (P + R) (0 if P + R = 0)                                  (``ShowRPF``).

Notation (see :class:`~metricprops.coref.table.MentionTable`): key entities K of sizes a_K,
response entities R of sizes b_R, n_KR = |K ∩ R|, N_k / N_r key / response mentions, k_k / k_r
key / response entities, C(x) = x (x − 1) / 2.

* MUC (Vilain et al. 1995): R_num = P_num = Σ_{n_KR > 0} (n_KR − 1) (correct links: missing
  key mentions are singletons of the response, spurious ones never link), R_den = N_k − k_k,
  P_den = N_r − k_r.  A key (response) of singletons has no links, so R (P) = 0.
* B³ (Bagga & Baldwin 1998), the scorer's form: R_num = Σ n_KR² / a_K over N_k,
  P_num = Σ n_KR² / b_R over N_r; F is the harmonic mean of the two means.
* CEAF (Luo 2005): the numerator is max over one-to-one alignments of Σ φ(K, A(K));
  CEAF-m: φ3 = |K ∩ R| over N_k and N_r; CEAF-e: φ4 = 2|K ∩ R| / (|K| + |R|) over k_k and k_r.
* BLANC (Recasens & Hovy 2011; Luo et al. 2014 for system mentions): coreference links C and
  non-coreference links N of key and response, counted per document; R_c = |C_k ∩ C_r| / |C_k|,
  P_c = |C_k ∩ C_r| / |C_r|, R_n, P_n alike, F_c, F_n their F.  BLANC = the mean of the two;
  when the key has no coreference link it is the non-coreference part alone, when it has no
  non-coreference link the coreference part alone, and 0 when it has neither (≤ 1 mention).
  A precision whose response has no link of its kind is 0.
* LEA (Moosavi & Strube 2016): R = Σ_K a_K · (Σ_R C(n_KR)) / C(a_K) over N_k, where a key
  singleton counts one self-link, resolved iff the response has the same singleton entity;
  P likewise with the roles swapped.
* CoNLL F (Pradhan et al. 2014): the mean of the MUC, B³ and CEAF-e F1.
"""
from __future__ import annotations

import difflib
from typing import Dict, Iterable, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from ..errors import UnknownNameError
from .alignment import max_weight_matching
from .table import MentionTable

__all__ = ["Counts", "BlancCounts", "FAMILIES", "METRIC_NAMES", "muc_counts", "b3_counts",
           "ceaf_m_counts", "ceaf_e_counts", "lea_counts", "blanc_counts", "prf", "blanc_prf",
           "scores_from_table", "check_metric_names"]

FAMILIES = ("muc", "b3", "ceaf_m", "ceaf_e", "blanc", "lea")
#: Every score name, in order: ``<family>_recall``, ``_precision``, ``_f``, then ``conll_f``.
METRIC_NAMES = tuple(f"{fam}_{part}" for fam in FAMILIES
                     for part in ("recall", "precision", "f")) + ("conll_f",)


class Counts(NamedTuple):
    """Recall and precision numerators and denominators (the scorer's 4-tuple)."""

    recall_num: float
    recall_den: float
    precision_num: float
    precision_den: float


class BlancCounts(NamedTuple):
    """Coreference (``c``) and non-coreference (``n``) link counts of BLANC."""

    coref: Counts
    noncoref: Counts


def _pairs(x: np.ndarray) -> int:
    x = np.asarray(x, dtype=np.int64)
    return int((x * (x - 1) // 2).sum(dtype=np.int64)) if x.size else 0


def muc_counts(t: MentionTable) -> Counts:
    """MUC links: correct = Σ (n_KR − 1) over cells, key links N_k − k_k, response links
    N_r − k_r."""
    correct = t.n_common - int(t.cells.size)
    return Counts(correct, t.n_key - int(t.a.size), correct, t.n_response - int(t.b.size))


def b3_counts(t: MentionTable) -> Counts:
    """B³: Σ n_KR² / a_K over N_k and Σ n_KR² / b_R over N_r."""
    sq = t.cells.astype(np.float64) ** 2
    return Counts(float((sq / t.cell_a).sum()), t.n_key,
                  float((sq / t.cell_b).sum()), t.n_response)


def ceaf_m_counts(t: MentionTable) -> Counts:
    """CEAF-m: optimal Σ |K ∩ A(K)| over N_k and N_r."""
    sim = max_weight_matching(t.rows, t.cols, t.cells, t.a.size, t.b.size)
    return Counts(sim, t.n_key, sim, t.n_response)


def ceaf_e_counts(t: MentionTable) -> Counts:
    """CEAF-e: optimal Σ 2|K ∩ A(K)| / (|K| + |A(K)|) over k_k and k_r."""
    w = 2.0 * t.cells / (t.cell_a + t.cell_b)
    sim = max_weight_matching(t.rows, t.cols, w, t.a.size, t.b.size)
    return Counts(sim, int(t.a.size), sim, int(t.b.size))


def lea_counts(t: MentionTable) -> Counts:
    """LEA: Σ_cells n(n − 1)/(a − 1) (= a·C(n)/C(a) summed per key entity) + resolved singletons."""
    n = t.cells.astype(np.float64)
    a, b = t.cell_a, t.cell_b
    singles = float(np.count_nonzero((a == 1) & (b == 1)))  # same singleton on both sides
    with np.errstate(divide="ignore", invalid="ignore"):
        rec = np.where(a > 1, n * (n - 1) / np.maximum(a - 1, 1), 0.0).sum()
        pre = np.where(b > 1, n * (n - 1) / np.maximum(b - 1, 1), 0.0).sum()
    return Counts(float(rec) + singles, t.n_key, float(pre) + singles, t.n_response)


def blanc_counts(t: MentionTable) -> BlancCounts:
    """BLANC link counts, summed over documents (non-coreference links stay within one)."""
    tp_c = _pairs(t.cells)
    c_key = _pairs(t.a)
    rows_common = np.bincount(t.rows, weights=t.cells, minlength=t.a.size)
    cols_common = np.bincount(t.cols, weights=t.cells, minlength=t.b.size)
    tp_n = (t.pairs_common - _pairs(rows_common.astype(np.int64))
            - _pairs(cols_common.astype(np.int64)) + tp_c)
    return BlancCounts(Counts(tp_c, c_key, tp_c, t.response_links),
                       Counts(tp_n, t.pairs_key - c_key, tp_n, t.response_nonlinks))


def prf(c: Counts) -> Tuple[float, float, float]:
    """(R, P, F) from counts; 0 for a zero denominator, F = 0 when P + R = 0 (``ShowRPF``)."""
    r = c.recall_num / c.recall_den if c.recall_den else 0.0
    p = c.precision_num / c.precision_den if c.precision_den else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return float(r), float(p), float(f)


def blanc_prf(c: BlancCounts) -> Tuple[float, float, float]:
    """BLANC (R, P, F) as the scorer's ``ScoreBLANC`` totals (see the module docstring)."""
    key_c, key_n = c.coref.recall_den, c.noncoref.recall_den
    rc, pc, fc = prf(c.coref)
    rn, pn, fn = prf(c.noncoref)
    if not key_c and not key_n:
        return 0.0, 0.0, 0.0
    if not key_c:
        return rn, pn, fn
    if not key_n:
        return rc, pc, fc
    return (rc + rn) / 2, (pc + pn) / 2, (fc + fn) / 2


_COUNTS = {"muc": muc_counts, "b3": b3_counts, "ceaf_m": ceaf_m_counts,
           "ceaf_e": ceaf_e_counts, "lea": lea_counts}


def check_metric_names(metrics: Optional[Iterable[str]]) -> Sequence[str]:
    """The requested score names (all of :data:`METRIC_NAMES` for None), validated."""
    if metrics is None:
        return METRIC_NAMES
    if isinstance(metrics, str):
        metrics = [metrics]
    names = list(metrics)
    for name in names:
        if name not in METRIC_NAMES:
            close = difflib.get_close_matches(str(name), METRIC_NAMES, n=4, cutoff=0.5)
            hint = (f"did you mean {', '.join(close)}?" if close
                    else f"known: {', '.join(METRIC_NAMES)}")
            raise UnknownNameError(f"unknown coreference metric {name!r}; {hint}")
    return names


def scores_from_table(t: MentionTable, metrics: Optional[Iterable[str]] = None) -> Dict[str, float]:
    """The requested scores (Python floats) of a table, each family computed once."""
    names = check_metric_names(metrics)
    wanted = {name.rsplit("_", 1)[0] for name in names if name != "conll_f"}
    if "conll_f" in names:
        wanted |= {"muc", "b3", "ceaf_e"}
    values: Dict[str, float] = {}
    for fam in FAMILIES:
        if fam not in wanted:
            continue
        r, p, f = blanc_prf(blanc_counts(t)) if fam == "blanc" else prf(_COUNTS[fam](t))
        values.update({f"{fam}_recall": r, f"{fam}_precision": p, f"{fam}_f": f})
    if "conll_f" in names:
        values["conll_f"] = (values["muc_f"] + values["b3_f"] + values["ceaf_e_f"]) / 3
    return {name: float(values[name]) for name in names}
