"""Per-item metrics of covers (overlapping clusterings): extended BCubed, CICE-BCubed, ELM.

Notation: for an item e, C(e) is the set of predicted clusters holding e and L(e) the set of
true clusters (classes) holding e.  For two items e, e' (e' = e allowed) the *multiplicities*
are c(e, e') = |C(e) ∩ C(e')| and l(e, e') = |L(e) ∩ L(e')| (Amigó et al. 2009, section 5.2).

* Extended BCubed: multiplicity precision MP(e, e') = min(c, l) / c over the e' with c > 0,
  multiplicity recall MR(e, e') = min(c, l) / l over the e' with l > 0; precision (recall)
  is the mean over items of the mean of MP (MR) over those e'; e' = e is always among them.
  F is the harmonic mean of mean precision and mean recall (Amigó's F, α = ½).  On
  partitions c and l are 0/1 indicators and the three equal ``bcubed_precision``,
  ``bcubed_recall`` and ``bcubed_f_amigo``.
* CICE-BCubed: MP and MR multiplied by a *cluster identity* factor: the mean over the shared
  clusters of e and e' of the best Jaccard similarity with a shared class (and the other
  way round for recall).  A prediction scores 1 only when every cluster is a class and every
  class a cluster, i.e. only the truth.
* ELM for covers: ELM leaves e out of its own neighbourhood; with overlaps that hides an
  item's spurious or missing extra clusters (the ELM paper's section 4), so e is compared
  with itself *as a factor*: P(e) = [min(|C(e)|, |L(e)|) / |C(e)|] x (the mean of
  min(c, l) / c over the e' ≠ e sharing a predicted cluster with e; 1 if none), R(e)
  likewise with |L(e)| and l.  On partitions the factor is 1 and the three equal
  ``elm_precision``, ``elm_recall`` and ``elm_f_amigo``.  (Counting e among its own
  neighbours only when it is in several clusters, the other candidate, fails
  multiplicity precision: the term min(c, l) / c > 0 rewards an item whose neighbours are
  all wrong for joining one more cluster; docs/overlapping.md.)

Every score is computed from the sparse membership matrices (items x clusters) and the
multiplicity matrices they give, in O(number of co-clustered pairs).
"""
from __future__ import annotations

from typing import Any, Callable, Optional, Tuple

import numpy as np
from scipy import sparse

from ..covers import Cover, validate_cover_pair
from .base import Metric
from .per_element import AMIGO

__all__ = ["METRICS", "membership", "multiplicities", "elm_neighbourhoods_only"]

CICE = ("Rosales-Méndez, H. & Ramírez-Cruz, Y. (2013). CICE-BCubed: a new evaluation measure "
        "for overlapping clustering algorithms. CIARP 2013, LNCS 8258 (the form implemented is "
        "the one stated in the docstring and in docs/overlapping.md).")
ELM_COVER = ("BCubed revisited: elements like me (ELM), section 4 (the open problem); this "
             "definition: metricprops, docs/overlapping.md.")

_CONV = {
    "empty": "error (EmptyInputError)",
    "single_item": "1.0 (the item shares its one cluster with itself on both sides)",
    "no_pairs": "not special: every item counts itself",
    "unassigned": "refused (InvalidCoverError): every item must be in a cluster",
}
_ELM_CONV = {
    **_CONV,
    "single_item": "1.0 (no neighbour on either side: 1 by the ELM paper's proviso)",
    "no_pairs": "P(e) = min(|C(e)|, |L(e)|) / |C(e)| if e has no predicted neighbour (1 on "
                "partitions, the paper's proviso), R(e) likewise",
}


def membership(cover: Cover) -> sparse.csr_matrix:
    """The 0/1 membership matrix, items x clusters (CSR, int64)."""
    rows = np.fromiter((i for c in cover.blocks for i in c), dtype=np.int64)
    cols = np.repeat(np.arange(cover.n_blocks), [len(c) for c in cover.blocks])
    data = np.ones(rows.shape[0], dtype=np.int64)
    return sparse.csr_matrix((data, (rows, cols)), shape=(cover.n, cover.n_blocks))


def multiplicities(cover: Cover) -> sparse.csr_matrix:
    """c(e, e') for every pair of items (the diagonal: how many clusters hold e)."""
    a = membership(cover)
    return (a @ a.T).tocsr()


def _row_means(values: sparse.csr_matrix, support: sparse.csr_matrix, empty: float
               ) -> np.ndarray:
    """Per row: the sum of ``values`` over the stored entries of ``support``, divided by
    their number (``empty`` where a row has none)."""
    counts = np.diff(support.indptr)
    sums = np.asarray(values.sum(axis=1)).ravel()
    out = np.full(support.shape[0], float(empty))
    has = counts > 0
    out[has] = sums[has] / counts[has]
    return out


def _ratio(num: sparse.csr_matrix, den: sparse.csr_matrix) -> sparse.csr_matrix:
    """num / den on den's stored entries (num is zero elsewhere)."""
    inv = den.astype(float)
    inv.data = 1.0 / inv.data
    return num.multiply(inv).tocsr()


def _pair(labels_true: Any, labels_pred: Any) -> Tuple[Cover, Cover]:
    return validate_cover_pair(labels_true, labels_pred)


#: Largest number of items scored with dense multiplicity matrices (n x n); above it the
#: sparse ones (same values, slower on small inputs).
DENSE_MAX_ITEMS = 512


def _scores(t: Cover, p: Cover, weight: Optional[Callable[..., Any]] = None,
            support: Optional[Callable[[Any], Any]] = None,
            scale: Optional[Callable[[Cover, Cover], Any]] = None) -> Tuple[float, float]:
    """(precision, recall): per item, the mean of min(c, l) / c over the e' in the support
    of its predicted multiplicities (of min(c, l) / l over its true ones), 1 where the
    support is empty; ``support`` trims the supports (ELM), ``weight`` gives CICE's factors,
    ``scale`` a factor per item (ELM's comparison of an item with itself).
    """
    prec_items, rec_items = (_items_sparse if t.n > DENSE_MAX_ITEMS else _items_dense)(
        t, p, weight, support)
    if scale is not None:
        s_p, s_r = scale(t, p)
        prec_items, rec_items = prec_items * s_p, rec_items * s_r
    return float(prec_items.mean()), float(rec_items.mean())


def _items_dense(t: Cover, p: Cover, weight: Optional[Callable[..., Any]],
                 support: Optional[Callable[[Any], Any]]) -> Tuple[np.ndarray, np.ndarray]:
    ml, mc = _dense_multiplicities(t), _dense_multiplicities(p)
    both = np.minimum(mc, ml).astype(float)
    on_c, on_l = (mc, ml) if support is None else (support(mc), support(ml))
    prec = np.divide(both, on_c, out=np.zeros_like(both), where=on_c > 0)
    rec = np.divide(both, on_l, out=np.zeros_like(both), where=on_l > 0)
    if weight is not None:
        wp, wr = weight(t, p, both)
        prec, rec = prec * wp, rec * wr
    return _dense_row_means(prec, on_c), _dense_row_means(rec, on_l)


def _dense_multiplicities(cover: Cover) -> np.ndarray:
    a = cover.labels.astype(np.int64)
    return a @ a.T


def _dense_row_means(terms: np.ndarray, support: np.ndarray) -> np.ndarray:
    counts = (support > 0).sum(axis=1)
    return np.divide(terms.sum(axis=1), counts, out=np.ones(terms.shape[0]),
                     where=counts > 0)


def _items_sparse(t: Cover, p: Cover, weight: Optional[Callable[..., Any]],
                  support: Optional[Callable[[Any], Any]]) -> Tuple[np.ndarray, np.ndarray]:
    ml, mc = multiplicities(t), multiplicities(p)
    both = mc.minimum(ml)
    on_c, on_l = (mc, ml) if support is None else (support(mc), support(ml))
    prec_terms, rec_terms = _ratio(both, on_c), _ratio(both, on_l)
    if weight is not None:
        wp, wr = weight(t, p, both.toarray())
        prec_terms, rec_terms = prec_terms.multiply(wp).tocsr(), rec_terms.multiply(wr).tocsr()
    return _row_means(prec_terms, on_c, 1.0), _row_means(rec_terms, on_l, 1.0)


def _harmonic(p: float, r: float) -> float:
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


# -- CICE: the cluster identity factor -------------------------------------------------------
def _identity(t: Cover, p: Cover, both: Any) -> Tuple[np.ndarray, np.ndarray]:
    """Φ_P(e, e') and Φ_R(e, e') (dense, n x n) on the pairs with a shared cluster and a
    shared class (``both`` > 0), 0 elsewhere."""
    a_l, a_c = t.labels.astype(np.int64), p.labels.astype(np.int64)
    inter = (a_c.T @ a_l).astype(float)  # |C_i ∩ L_j|
    union = a_c.sum(axis=0)[:, None] + a_l.sum(axis=0)[None, :] - inter
    jaccard = inter / union
    mem_c, mem_l = p.memberships, t.memberships
    # the factors of (e, e') depend only on the clusters and classes of each: one computation
    # per pair of such profiles met (on a partition, its table's cells), not per pair of items
    profiles: dict = {}
    kind = np.array([profiles.setdefault((tuple(sorted(mem_c[e])), tuple(sorted(mem_l[e]))),
                                         len(profiles)) for e in range(t.n)], dtype=np.int64)
    listed = list(profiles)
    rows, cols = np.nonzero(both)
    pairs = np.stack([kind[rows], kind[cols]], axis=1)
    met = np.unique(pairs, axis=0).tolist() if rows.size else []
    by_kind_p = np.zeros((len(listed), len(listed)))
    by_kind_r = np.zeros((len(listed), len(listed)))
    for a, b in met:
        (c_a, l_a), (c_b, l_b) = listed[a], listed[b]
        shared_c = [i for i in c_a if i in c_b]
        shared_l = [j for j in l_a if j in l_b]
        block = jaccard[np.ix_(shared_c, shared_l)]
        by_kind_p[a, b] = block.max(axis=1).mean()
        by_kind_r[a, b] = block.max(axis=0).mean()
    phi_p = np.zeros((t.n, t.n))
    phi_r = np.zeros((t.n, t.n))
    phi_p[rows, cols] = by_kind_p[kind[rows], kind[cols]]
    phi_r[rows, cols] = by_kind_r[kind[rows], kind[cols]]
    return phi_p, phi_r


# -- ELM for covers ------------------------------------------------------------------------
def _off_diagonal(m: Any) -> Any:
    """Multiplicities of distinct items only (ELM's neighbourhoods leave e out)."""
    if isinstance(m, np.ndarray):
        out = m.copy()
        np.fill_diagonal(out, 0)
        return out
    out = (m - sparse.diags(m.diagonal(), dtype=m.dtype)).tocsr()
    out.eliminate_zeros()
    return out


def _self_factors(t: Cover, p: Cover) -> Tuple[np.ndarray, np.ndarray]:
    """e compared with itself: min(|C(e)|, |L(e)|) / |C(e)| and / |L(e)| (1 on partitions)."""
    c = np.array([len(m) for m in p.memberships], dtype=float)
    l_ = np.array([len(m) for m in t.memberships], dtype=float)
    both = np.minimum(c, l_)
    return both / c, both / l_


def elm_neighbourhoods_only(labels_true: Any, labels_pred: Any) -> Tuple[float, float]:
    """(precision, recall) of ELM read literally on covers: neighbourhoods without e, no
    comparison of e with itself (what the ELM paper's section 4 says cannot see an extra
    cluster of e)."""
    return _scores(*_pair(labels_true, labels_pred), support=_off_diagonal)


def _elm(t: Cover, p: Cover) -> Tuple[float, float]:
    return _scores(t, p, support=_off_diagonal, scale=_self_factors)


# -- the metrics ---------------------------------------------------------------------------
def extended_bcubed_precision(labels_true: Any, labels_pred: Any) -> float:
    """Extended BCubed precision: mean over items e of the mean over e' sharing a predicted
    cluster with e (e itself included) of min(c, l) / c."""
    return _scores(*_pair(labels_true, labels_pred))[0]


def extended_bcubed_recall(labels_true: Any, labels_pred: Any) -> float:
    """Extended BCubed recall: mean over items e of the mean over e' sharing a class with e
    (e itself included) of min(c, l) / l."""
    return _scores(*_pair(labels_true, labels_pred))[1]


def extended_bcubed_f(labels_true: Any, labels_pred: Any) -> float:
    """Extended BCubed F: harmonic mean of extended BCubed precision and recall (Amigó's F).

    Equals bcubed_f_amigo on partitions."""
    return _harmonic(*_scores(*_pair(labels_true, labels_pred)))


def cice_bcubed_precision(labels_true: Any, labels_pred: Any) -> float:
    """CICE-BCubed precision: extended BCubed precision with each min(c, l) / c weighted by
    Φ_P(e, e'), the mean over the clusters C_i shared by e and e' of max_j J(C_i, L_j) over
    the classes L_j they share (J: Jaccard; 0 when they share no class)."""
    t, p = _pair(labels_true, labels_pred)
    return _scores(t, p, _identity)[0]


def cice_bcubed_recall(labels_true: Any, labels_pred: Any) -> float:
    """CICE-BCubed recall: extended BCubed recall with each min(c, l) / l weighted by
    Φ_R(e, e'), the mean over the classes L_j shared by e and e' of max_i J(C_i, L_j) over
    the clusters C_i they share."""
    t, p = _pair(labels_true, labels_pred)
    return _scores(t, p, _identity)[1]


def cice_bcubed_f(labels_true: Any, labels_pred: Any) -> float:
    """CICE-BCubed F: harmonic mean of CICE-BCubed precision and recall; 1 only for the
    truth itself."""
    t, p = _pair(labels_true, labels_pred)
    return _harmonic(*_scores(t, p, _identity))


def elm_cover_precision(labels_true: Any, labels_pred: Any) -> float:
    """ELM precision of covers: mean over items e of min(|C(e)|, |L(e)|) / |C(e)| times the
    mean of min(c, l) / c over the e' ≠ e sharing a predicted cluster with e (1 if none)."""
    return _elm(*_pair(labels_true, labels_pred))[0]


def elm_cover_recall(labels_true: Any, labels_pred: Any) -> float:
    """ELM recall of covers: mean over items e of min(|C(e)|, |L(e)|) / |L(e)| times the
    mean of min(c, l) / l over the e' ≠ e sharing a class with e (1 if none)."""
    return _elm(*_pair(labels_true, labels_pred))[1]


def elm_cover_f(labels_true: Any, labels_pred: Any) -> float:
    """ELM F of covers: harmonic mean of elm_cover_precision and elm_cover_recall (0 if both
    are 0).  Equals elm_f_amigo on partitions."""
    return _harmonic(*_elm(*_pair(labels_true, labels_pred)))


def _cover_metric(func: Any, citation: str, conventions: dict, symmetric: bool,
                  partition_form: Any) -> Metric:
    return Metric(name=func.__name__, func=func, kind="similarity", bounds=(0.0, 1.0),
                  perfect=1.0, symmetric=symmetric, citation=citation,
                  conventions=conventions, complexity="n^2", input="cover",
                  partition_form=partition_form)


METRICS = (
    _cover_metric(extended_bcubed_precision, AMIGO, _CONV, False, "bcubed_precision"),
    _cover_metric(extended_bcubed_recall, AMIGO, _CONV, False, "bcubed_recall"),
    _cover_metric(extended_bcubed_f, AMIGO, _CONV, True, "bcubed_f_amigo"),
    _cover_metric(cice_bcubed_precision, CICE, _CONV, False, None),
    _cover_metric(cice_bcubed_recall, CICE, _CONV, False, None),
    _cover_metric(cice_bcubed_f, CICE, _CONV, True, None),
    _cover_metric(elm_cover_precision, ELM_COVER, _ELM_CONV, False, "elm_precision"),
    _cover_metric(elm_cover_recall, ELM_COVER, _ELM_CONV, False, "elm_recall"),
    _cover_metric(elm_cover_f, ELM_COVER, _ELM_CONV, True, "elm_f_amigo"),
)
