"""The catalog of built-in closed forms, and checking it.

Each entry is ``(metric name, ClosedForm)``.  Sources: the ELM paper (section 3.2 for the
degenerate predictions, Theorem 2 for all singletons, Theorem 3 for cluster size vs.
quantity) and direct derivations from the pair counts and entropies of the same tables.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, List, Optional, Tuple

import sympy as sp

from ..registry import resolve_metric
from .families import get_family
from .forms import M_SYM, ClosedForm
from .proofs import ClaimResult, check_form

__all__ = ["BUILTIN_CLOSED_FORMS", "check_catalog", "check_declared", "theorem3_gap",
           "summary"]

_S32 = "ELM paper, section 3.2"
_T2 = "ELM paper, Theorem 2"
_T3 = "ELM paper, Theorem 3 (proof)"
_H_T = "log(N) - sum_i(s_i*log(s_i))/N"  # entropy of the truth, nats
_PAIRS = "sum_i(C(s_i, 2))"


def _cf(prediction: str, expression: str, name: str, note: str = "", **kw: Any) -> ClosedForm:
    return ClosedForm(prediction, expression, name=name, note=note, **kw)


BUILTIN_CLOSED_FORMS: Tuple[Tuple[str, ClosedForm], ...] = (
    # -- one block -------------------------------------------------------------------------
    ("elm_precision", _cf("one_block", "sum_i(s_i*(s_i - 1))/(N*(N - 1))",
                          "ELM precision of one block = density of the truth's clique graph",
                          _S32, condition="N >= 2")),
    ("elm_recall", _cf("one_block", "1", "ELM recall of one block", _S32)),
    ("elm_f", _cf("one_block", "sum_i(2*s_i*(s_i - 1)/(s_i + N - 2))/N", "ELM F of one block",
                  condition="N >= 2")),
    ("bcubed_precision", _cf("one_block", "sum_i(s_i**2)/N**2", "BCubed precision of one block",
                             _S32)),
    ("bcubed_recall", _cf("one_block", "1", "BCubed recall of one block")),
    ("bcubed_f", _cf("one_block", "sum_i(2*s_i**2/(s_i + N))/N", "BCubed F of one block")),
    ("rand", _cf("one_block", f"{_PAIRS}/C(N, 2)", "Rand of one block", condition="N >= 2")),
    ("pair_precision", _cf("one_block", f"{_PAIRS}/C(N, 2)", "pair precision of one block",
                           condition="N >= 2")),
    ("pair_recall", _cf("one_block", "1", "pair recall of one block")),
    ("jaccard", _cf("one_block", f"{_PAIRS}/C(N, 2)", "Jaccard of one block",
                    condition="N >= 2")),
    ("fowlkes_mallows", _cf("one_block", f"sqrt({_PAIRS}/C(N, 2))",
                            "Fowlkes-Mallows of one block", condition="N >= 2")),
    ("adjusted_rand", _cf("one_block", "0", "ARI of one block, non-trivial truth",
                          condition="k >= 2")),
    ("pearson_cc", _cf("one_block", "0", "pair correlation of one block, non-trivial truth",
                       condition="k >= 2")),
    ("mirkin", _cf("one_block", "1 - sum_i(s_i**2)/N**2", "Mirkin distance of one block")),
    ("mutual_info", _cf("one_block", "0", "mutual information of one block")),
    ("vi", _cf("one_block", _H_T, "VI of one block = H(T)")),
    ("homogeneity_score", _cf("one_block", "0", "homogeneity of one block, non-trivial truth",
                              condition="k >= 2")),
    ("completeness_score", _cf("one_block", "1", "completeness of one block")),
    ("nmi", _cf("one_block", "0", "NMI of one block, non-trivial truth", condition="k >= 2")),
    ("v_measure", _cf("one_block", "0", "V-measure of one block, non-trivial truth",
                      condition="k >= 2")),
    ("inverse_purity", _cf("one_block", "1", "inverse purity of one block")),
    ("sokal_sneath_1", _cf("one_block", f"(2 + {_PAIRS}/C(N, 2))/4",
                           "S&S1 of one block, non-trivial truth: recall 1, no pair kept apart",
                           condition="k >= 2")),
    ("correlation_distance", _cf("one_block", "1/2",
                                 "correlation distance of one block, non-trivial truth (CC = 0)",
                                 condition="k >= 2")),
    # -- all singletons --------------------------------------------------------------------
    ("elm_precision", _cf("all_singletons", "1", "ELM precision of all singletons", _T2)),
    ("elm_recall", _cf("all_singletons", "singletons/N", "ELM recall of all singletons", _T2)),
    ("elm_f", _cf("all_singletons", "singletons/N",
                  "ELM F of all singletons = share of true singletons", _T2)),
    ("bcubed_precision", _cf("all_singletons", "1", "BCubed precision of all singletons")),
    ("bcubed_recall", _cf("all_singletons", "k/N", "BCubed recall of all singletons")),
    ("bcubed_f", _cf("all_singletons", "sum_i(2*s_i/(s_i + 1))/N",
                     "BCubed F of all singletons")),
    ("rand", _cf("all_singletons", f"1 - {_PAIRS}/C(N, 2)", "Rand of all singletons",
                 condition="N >= 2")),
    ("pair_precision", _cf("all_singletons", "1", "pair precision of all singletons")),
    ("pair_recall", _cf("all_singletons", "0", "pair recall of all singletons",
                        condition=f"{_PAIRS} >= 1")),
    ("adjusted_rand", _cf("all_singletons", "0", "ARI of all singletons",
                          condition=f"{_PAIRS} >= 1")),
    ("mirkin", _cf("all_singletons", "(sum_i(s_i**2) - N)/N**2", "Mirkin of all singletons")),
    ("mutual_info", _cf("all_singletons", _H_T, "mutual information of all singletons = H(T)")),
    ("vi", _cf("all_singletons", "sum_i(s_i*log(s_i))/N", "VI of all singletons")),
    ("homogeneity_score", _cf("all_singletons", "1", "homogeneity of all singletons")),
    ("completeness_score", _cf("all_singletons", "1 - sum_i(s_i*log(s_i))/(N*log(N))",
                               "completeness of all singletons", condition="N >= 2")),
    ("nmi", _cf("all_singletons", f"2*({_H_T})/({_H_T} + log(N))", "NMI of all singletons",
                condition="N >= 2")),
    ("purity", _cf("all_singletons", "1", "purity of all singletons")),
    ("inverse_purity", _cf("all_singletons", "k/N", "inverse purity of all singletons")),
    # -- identity ----------------------------------------------------------------------------
    ("elm_f", _cf("identity", "1", "ELM F of the truth itself")),
    ("bcubed_f", _cf("identity", "1", "BCubed F of the truth itself")),
    ("rand", _cf("identity", "1", "Rand of the truth itself")),
    ("adjusted_rand", _cf("identity", "1", "ARI of the truth itself")),
    ("nmi", _cf("identity", "1", "NMI of the truth itself")),
    ("vi", _cf("identity", "0", "VI of the truth itself")),
    ("ami", _cf("identity", "1", "AMI of the truth itself")),
    ("fair_nmi", _cf("identity", "1", "Fair NMI of the truth itself (no penalty: k_H = k_T)")),
    # -- Theorem 3 -------------------------------------------------------------------------
    ("elm_recall", _cf("theorem3_h1", "3*m - 1", "Theorem 3: Σ R(e) for H1", _T3,
                       quantity="sum")),
    ("elm_recall", _cf("theorem3_h2", "m + 1", "Theorem 3: Σ R(e) for H2", _T3,
                       quantity="sum")),
    ("elm_precision", _cf("theorem3_h1", "1", "Theorem 3: P(e) = 1 for H1", _T3)),
    ("elm_precision", _cf("theorem3_h2", "1", "Theorem 3: P(e) = 1 for H2", _T3)),
    ("elm_f", _cf("theorem3_h1", "2*m + 2*m*(m - 1)/(2*m - 1)", "Theorem 3: Σ F1(e) for H1",
                  quantity="sum")),
    ("elm_f", _cf("theorem3_h2", "m + 1", "Theorem 3: Σ F1(e) for H2", quantity="sum")),
    ("bcubed_recall", _cf("theorem3_h1", "2*m + (m**2 + 1)/(m + 1)",
                          "Theorem 3: Σ BCubed R(e) for H1", _T3, quantity="sum")),
    ("bcubed_recall", _cf("theorem3_h2", "2*m + 1", "Theorem 3: Σ BCubed R(e) for H2", _T3,
                          quantity="sum")),
    ("bcubed_f", _cf("theorem3_h1", "2*m + 2*m**2/(2*m + 1) + 2/(m + 2)",
                     "Theorem 3: Σ BCubed F1(e) for H1", quantity="sum")),
    ("bcubed_f", _cf("theorem3_h2", "m + 1 + 4*m/3", "Theorem 3: Σ BCubed F1(e) for H2",
                     quantity="sum")),
)


@lru_cache(maxsize=8)
def _catalog(max_k: int, prove: bool) -> Tuple[ClaimResult, ...]:
    return tuple(check_form(name, form, max_k=max_k, prove=prove)
                 for name, form in BUILTIN_CLOSED_FORMS)


def check_catalog(*, max_k: int = 6, prove: bool = True) -> List[ClaimResult]:
    """Check every built-in closed form (cached per ``(max_k, prove)`` within a process)."""
    return list(_catalog(int(max_k), bool(prove)))


def check_declared(metrics: Iterable[Any], *, max_k: int = 6) -> List[ClaimResult]:
    """Check the closed forms that metrics declare in ``Metric.closed_forms``."""
    out = []
    for obj in metrics:
        m = resolve_metric(obj)
        for form in m.closed_forms:
            out.append(check_form(m, form, max_k=max_k))
    return out


def theorem3_gap(metric: Any, m_min: int = 3) -> Tuple[Any, Optional[int]]:
    """Symbolic ``Q(T, H1) − Q(T, H2)`` of Theorem 3 and its proved sign for every m >= m_min.

    Returns ``(gap, sign)`` with sign 1 (H1 better), 0, −1 (H2 better) or None (undecided).
    """
    m = resolve_metric(metric)
    h1 = get_family("theorem3_h1").table(M_SYM, {M_SYM: m_min})
    h2 = get_family("theorem3_h2").table(M_SYM, {M_SYM: m_min})
    gap = sp.factor(sp.cancel(sp.together(m.from_table(h1) - m.from_table(h2))))
    return gap, h1.ops.sign(gap)


def summary(results: Iterable[ClaimResult]) -> str:
    """``"55 closed forms: 40 proved, 15 checked numerically, 0 refuted"``."""
    results = list(results)
    counts = {}
    for r in results:
        counts[r.status] = counts.get(r.status, 0) + 1
    parts = [f"{counts.get(s, 0)} {s}" for s in ("proved", "checked numerically", "refuted")]
    if counts.get("error"):
        parts.append(f"{counts['error']} error")
    return f"{len(results)} closed forms: " + ", ".join(parts)


