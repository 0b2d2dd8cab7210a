"""Overlapping normalised mutual information: the LFK and the MGH forms.

Each cluster X_k of a cover of n items is a binary random variable (is a random item in
X_k?).  For a true cluster X_k (size x) and a predicted cluster Y_l (size y) with
a = |X_k ∩ Y_l|, the joint distribution is P11 = a/n, P10 = (x − a)/n, P01 = (y − a)/n,
P00 = (n − x − y + a)/n, and H(X_k | Y_l) = H(X_k, Y_l) − H(Y_l) (entropies in bits,
h(w) = −w log2 w).  Lancichinetti, Fortunato & Kertész keep only the Y_l that carry
information *about* X_k: h(P11) + h(P00) > h(P01) + h(P10); H(X_k | Y) is the least
H(X_k | Y_l) over those, and H(X_k) when there is none.

* LFK (2009): NMI = 1 − ½ [H_norm(X|Y) + H_norm(Y|X)] with H_norm(X|Y) the mean over k of
  H(X_k | Y) / H(X_k).
* MGH (McDaid, Greene & Hurley 2011): NMI = I(X:Y) / max(H(X), H(Y)) with
  H(X) = Σ_k H(X_k), H(X|Y) = Σ_k H(X_k|Y) and I = ½ [H(X) − H(X|Y) + H(Y) − H(Y|X)].

Neither equals a partition NMI on partitions (their per-cluster entropies are not the
partition's entropy), so neither declares a partition form.
"""
from __future__ import annotations

from typing import Any, Tuple

import numpy as np

from ..covers import Cover, validate_cover_pair
from .base import Metric
from .overlapping import membership

__all__ = ["METRICS"]

LFK = ("Lancichinetti, A., Fortunato, S. & Kertész, J. (2009). Detecting the overlapping and "
       "hierarchical community structure in complex networks. New Journal of Physics 11, "
       "033015 (appendix B).")
MGH = ("McDaid, A. F., Greene, D. & Hurley, N. (2011). Normalized mutual information to "
       "evaluate overlapping community finding algorithms. arXiv:1110.2515.")

_CONV = {
    "empty": "error (EmptyInputError)",
    "single_item": "1.0 (every cluster is every item: no uncertainty on either side)",
    "all_items_cluster": "a cluster of every item has H(X_k) = 0; its term H(X_k|Y)/H(X_k) "
                         "is taken as 0 (LFK); MGH is 1.0 when both sides have zero entropy",
    "unassigned": "refused (InvalidCoverError): every item must be in a cluster",
}


def _h(w: np.ndarray) -> np.ndarray:
    out = np.zeros_like(w, dtype=float)
    pos = w > 0
    out[pos] = -w[pos] * np.log2(w[pos])
    return out


def _entropies(x: Cover, y: Cover) -> Tuple[np.ndarray, np.ndarray]:
    """(H(X_k), H(X_k | Y)) for every cluster X_k of x."""
    n = float(x.n)
    a_x, a_y = membership(x), membership(y)
    inter = (a_x.T @ a_y).toarray().astype(float)
    sx = np.asarray(a_x.sum(axis=0)).ravel()[:, None].astype(float)
    sy = np.asarray(a_y.sum(axis=0)).ravel()[None, :].astype(float)
    p11, p10, p01 = inter / n, (sx - inter) / n, (sy - inter) / n
    p00 = 1.0 - p11 - p10 - p01
    h11, h10, h01, h00 = _h(p11), _h(p10), _h(p01), _h(np.clip(p00, 0.0, 1.0))
    h_y = _h(sy / n) + _h(1.0 - sy / n)
    h_x = (_h(sx / n) + _h(1.0 - sx / n)).ravel()
    cond = h11 + h10 + h01 + h00 - h_y
    accepted = h11 + h00 > h01 + h10
    best = np.where(accepted, cond, np.inf).min(axis=1)
    return h_x, np.where(np.isfinite(best), np.maximum(best, 0.0), h_x)


def _normalised(x: Cover, y: Cover) -> float:
    h_x, h_xy = _entropies(x, y)
    ratio = np.divide(h_xy, h_x, out=np.zeros_like(h_x), where=h_x > 0)
    return float(ratio.mean())


def onmi_lfk(labels_true: Any, labels_pred: Any) -> float:
    """Overlapping NMI, LFK form: 1 − ½ [H_norm(X|Y) + H_norm(Y|X)], H_norm the mean over a
    side's clusters of H(X_k | Y) / H(X_k)."""
    t, p = validate_cover_pair(labels_true, labels_pred)
    return 1.0 - 0.5 * (_normalised(t, p) + _normalised(p, t))


def onmi_mgh(labels_true: Any, labels_pred: Any) -> float:
    """Overlapping NMI, MGH form: I(X:Y) / max(H(X), H(Y)) with H(X) = Σ_k H(X_k) and
    I = ½ [H(X) − H(X|Y) + H(Y) − H(Y|X)]."""
    t, p = validate_cover_pair(labels_true, labels_pred)
    h_t, h_tp = _entropies(t, p)
    h_p, h_pt = _entropies(p, t)
    top = max(h_t.sum(), h_p.sum())
    if top <= 0:
        return 1.0
    mutual = 0.5 * (h_t.sum() - h_tp.sum() + h_p.sum() - h_pt.sum())
    return float(min(1.0, max(0.0, mutual / top)))


METRICS = tuple(
    Metric(name=f.__name__, func=f, kind="similarity", bounds=(0.0, 1.0), perfect=1.0,
           symmetric=True, citation=cite, conventions=_CONV, complexity="n^2", input="cover")
    for f, cite in ((onmi_lfk, LFK), (onmi_mgh, MGH)))
