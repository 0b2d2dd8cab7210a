"""The omega index of covers (Collins & Dent 1988): the adjusted Rand index of multiplicities.

For each of the M = n(n − 1)/2 pairs of distinct items, t and p are the numbers of true and
predicted clusters holding both.  The observed agreement is the share of pairs with t = p;
the expected agreement is Σ_k N_k^T N_k^P / M², where N_k^T (N_k^P) counts the pairs with
t = k (p = k).  Omega = (observed − expected) / (1 − expected).  On partitions t and p are
0/1 and omega is the adjusted Rand index (Hubert & Arabie's form).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..covers import Cover, validate_cover_pair
from .base import Metric

__all__ = ["METRICS", "omega"]

COLLINS_DENT = ("Collins, L. M. & Dent, C. W. (1988). Omega: a general formulation of the Rand "
                "index of cluster recovery suitable for non-disjoint solutions. Multivariate "
                "Behavioral Research 23(2), 231-242.")

_CONV = {
    "empty": "error (EmptyInputError)",
    "single_item": "1.0 (no pairs: nothing to disagree on)",
    "no_pairs": "1.0 when every pair has the same count on both sides (expected agreement "
                "1), as the adjusted Rand index of identical trivial partitions",
    "unassigned": "refused (InvalidCoverError): every item must be in a cluster",
}


def _pair_counts(cover: Cover) -> np.ndarray:
    """The multiplicity of every pair of distinct items (upper triangle, flattened)."""
    if cover.n > 2048:
        from scipy import sparse

        from .overlapping import multiplicities
        upper = sparse.triu(multiplicities(cover), k=1).tocsr()
        total = cover.n * (cover.n - 1) // 2
        out = np.zeros(total, dtype=np.int64)
        out[: upper.nnz] = upper.data  # order is irrelevant to the counts below
        return out
    a = cover.labels.astype(np.int64)
    return (a @ a.T)[np.triu_indices(cover.n, k=1)]


def omega(labels_true: Any, labels_pred: Any) -> float:
    """Omega index: (observed − expected) / (1 − expected) agreement on the number of clusters
    each pair of items shares; the adjusted Rand index on partitions."""
    t, p = validate_cover_pair(labels_true, labels_pred)
    if t.n < 2:
        return 1.0
    t_counts, p_counts = _pair_counts(t), _pair_counts(p)
    pairs = float(t_counts.shape[0])
    if t.n > 2048:  # the sparse counts lost the pairing: count agreements pair by pair
        from scipy import sparse

        from .overlapping import multiplicities
        diff = sparse.triu(multiplicities(t) - multiplicities(p), k=1)
        observed = 1.0 - diff.count_nonzero() / pairs
    else:
        observed = float(np.mean(t_counts == p_counts))
    top = int(max(t_counts.max(), p_counts.max())) + 1
    expected = float(np.dot(np.bincount(t_counts, minlength=top),
                            np.bincount(p_counts, minlength=top))) / pairs ** 2
    if expected >= 1.0:
        return 1.0
    return (observed - expected) / (1.0 - expected)


METRICS = (Metric(name="omega", func=omega, kind="similarity", bounds=(-1.0, 1.0),
                  perfect=1.0, symmetric=True, citation=COLLINS_DENT, conventions=_CONV,
                  complexity="n^2", input="cover", partition_form="adjusted_rand"),)
