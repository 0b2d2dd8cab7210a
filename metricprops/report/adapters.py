"""Adapters: third-party implementations behind the ``f(labels_true, labels_pred)`` signature.

The `bcubed` package (extended BCubed, Amigó et al. 2009) takes two dicts mapping every item
to the *set* of its clusters — ``precision(cdict, ldict)`` with ``cdict`` the prediction and
``ldict`` the ground truth — and ``fscore(p, r)``.  The adapters build those dicts (each
item in exactly one cluster) and return the package's values unchanged, so an audit audits
the package.  ``bcubed`` is imported when an adapter is first called.
"""
from __future__ import annotations

from typing import Any, Dict, Set, Tuple

__all__ = ["bcubed_f", "bcubed_precision", "bcubed_recall", "bcubed_dicts"]


Dicts = Tuple[Dict[int, Set[Any]], Dict[int, Set[Any]]]


def bcubed_dicts(labels_true: Any, labels_pred: Any) -> Dicts:
    """``(cdict, ldict)``: item index -> {predicted label}, item index -> {true label}."""
    truth, pred = list(labels_true), list(labels_pred)
    if len(truth) != len(pred):
        raise ValueError(f"expected labels_true and labels_pred of the same length, got "
                         f"{len(truth)} and {len(pred)}")
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
