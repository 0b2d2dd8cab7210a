"""Adapters: third-party implementations behind the ``f(labels_true, labels_pred)`` signature.

`scorch` (a Python port of the CoNLL reference coreference scorer) takes a key and a response
as sequences of sets of mentions and returns ``(recall, precision, F1)``; the ``scorch_*``
adapters pass the true and predicted blocks as those sets (items are the mentions) and return
the package's F1 unchanged (its CoNLL score for :func:`scorch_conll`).

The `bcubed` package (extended BCubed, Amigó et al. 2009) takes two dicts mapping every item
to the *set* of its clusters — ``precision(cdict, ldict)`` with ``cdict`` the prediction and
``ldict`` the ground truth — and ``fscore(p, r)``.  The adapters build those dicts (each
item in exactly one cluster) and return the package's values unchanged, so an audit audits
the package.  ``bcubed`` is imported when an adapter is first called.
"""
from __future__ import annotations

from typing import Any, Dict, List, Set, Tuple

from ..partition import label_lists

__all__ = ["bcubed_f", "bcubed_precision", "bcubed_recall", "bcubed_dicts", "clusters",
           "scorch_muc_f", "scorch_b_cubed_f", "scorch_ceaf_m_f", "scorch_ceaf_e_f",
           "scorch_blanc_f", "scorch_conll"]


Dicts = Tuple[Dict[int, Set[Any]], Dict[int, Set[Any]]]


def bcubed_dicts(labels_true: Any, labels_pred: Any) -> Dicts:
    """``(cdict, ldict)``: item index -> {predicted label}, item index -> {true label}."""
    truth, pred = label_lists(labels_true, labels_pred)
    return ({i: {label} for i, label in enumerate(pred)},
            {i: {label} for i, label in enumerate(truth)})


def _bcubed() -> Any:
    try:
        import bcubed
    except ImportError as exc:  # pragma: no cover - optional dependency
        raise ImportError("the bcubed adapters need the 'bcubed' package "
                          "(pip install bcubed)") from exc
    return bcubed


def bcubed_precision(labels_true: Any, labels_pred: Any) -> float:
    """Extended BCubed precision of the `bcubed` package."""
    cdict, ldict = bcubed_dicts(labels_true, labels_pred)
    return float(_bcubed().precision(cdict, ldict))


def bcubed_recall(labels_true: Any, labels_pred: Any) -> float:
    """Extended BCubed recall of the `bcubed` package."""
    cdict, ldict = bcubed_dicts(labels_true, labels_pred)
    return float(_bcubed().recall(cdict, ldict))


def bcubed_f(labels_true: Any, labels_pred: Any) -> float:
    """BCubed F of the `bcubed` package: the harmonic mean of its precision and recall.

    ``bcubed.fscore(precision, recall)`` with β = 1, i.e. 2PR / (P + R) of the *mean*
    precision and recall (Amigó et al.'s convention; metricprops' ``bcubed_f_amigo``).
    """
    bc = _bcubed()
    cdict, ldict = bcubed_dicts(labels_true, labels_pred)
    return float(bc.fscore(bc.precision(cdict, ldict), bc.recall(cdict, ldict)))


def clusters(labels: Any) -> List[Set[int]]:
    """The blocks of a labelling as sets of item indices, in order of first appearance."""
    out: Dict[Any, Set[int]] = {}
    for i, label in enumerate(labels):
        out.setdefault(label, set()).add(i)
    return list(out.values())


def _scorch(name: str, labels_true: Any, labels_pred: Any) -> Any:
    try:
        from scorch import scores
    except ImportError as exc:  # pragma: no cover - optional dependency
        raise ImportError("the scorch adapters need the 'scorch' package "
                          "(pip install scorch)") from exc
    truth, pred = label_lists(labels_true, labels_pred)
    return getattr(scores, name)(clusters(truth), clusters(pred))


def scorch_muc_f(labels_true: Any, labels_pred: Any) -> float:
    """MUC F1 of `scorch` (``scorch.scores.muc(key, response)[2]``)."""
    return float(_scorch("muc", labels_true, labels_pred)[2])


def scorch_b_cubed_f(labels_true: Any, labels_pred: Any) -> float:
    """B³ F1 of `scorch` (``scorch.scores.b_cubed(key, response)[2]``)."""
    return float(_scorch("b_cubed", labels_true, labels_pred)[2])


def scorch_ceaf_m_f(labels_true: Any, labels_pred: Any) -> float:
    """CEAF-m F1 of `scorch` (``scorch.scores.ceaf_m(key, response)[2]``)."""
    return float(_scorch("ceaf_m", labels_true, labels_pred)[2])


def scorch_ceaf_e_f(labels_true: Any, labels_pred: Any) -> float:
    """CEAF-e F1 of `scorch` (``scorch.scores.ceaf_e(key, response)[2]``)."""
    return float(_scorch("ceaf_e", labels_true, labels_pred)[2])


def scorch_blanc_f(labels_true: Any, labels_pred: Any) -> float:
    """BLANC F of `scorch` (``scorch.scores.blanc(key, response)[2]``, its default fast path)."""
    return float(_scorch("blanc", labels_true, labels_pred)[2])


def scorch_conll(labels_true: Any, labels_pred: Any) -> float:
    """The CoNLL-2012 score of `scorch` (``scorch.scores.conll2012(key, response)``)."""
    return float(_scorch("conll2012", labels_true, labels_pred))
