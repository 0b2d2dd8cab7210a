"""`score`: many metrics from one contingency table."""
from __future__ import annotations

from typing import Any, Dict, Iterable, Optional, Union

from .contingency import Contingency
from .metrics.base import Metric, to_float
from .partition import validate_pair
from .registry import get_metric, list_metrics

__all__ = ["score", "score_table"]

MetricLike = Union[str, Metric]


def _resolve(metrics: Optional[Iterable[MetricLike]]) -> list:
    if metrics is None:
        return [m for m in list_metrics() if m.builtin]
    if isinstance(metrics, (str, Metric)):
        metrics = [metrics]
    return [get_metric(m) if isinstance(m, str) else m for m in metrics]


def score(labels_true: Any, labels_pred: Any,
          metrics: Optional[Iterable[MetricLike]] = None) -> Dict[str, float]:
    """Score a prediction against a truth with several metrics at once.

    Parameters
    ----------
    labels_true, labels_pred : array-like of hashable, shape (n,)
        One label per item; any hashable labels.
    metrics : iterable of str or Metric, optional
        Registry names or :class:`Metric` objects; default every built-in.

    Returns
    -------
    dict
        ``{name: value}`` with Python floats.  Built-ins share one contingency table.
    """
    resolved = _resolve(metrics)
    t, p = validate_pair(labels_true, labels_pred)
    table = Contingency.from_partitions(t, p) if any(m.builtin for m in resolved) else None
    out: Dict[str, float] = {}
    for m in resolved:
        if m.builtin:
            out[m.name] = m.from_table(table)
        else:
            out[m.name] = to_float(m.func(labels_true, labels_pred))
    return out


def score_table(table: Any, metrics: Optional[Iterable[MetricLike]] = None) -> Dict[str, float]:
    """Score a contingency table given directly (rows: true blocks, columns: predicted)."""
    resolved = _resolve(metrics)
    black_box = [m.name for m in resolved if not m.builtin]
    if black_box:
        from .errors import InvalidMetricError
        raise InvalidMetricError(f"black-box metrics cannot score a table: {black_box}")
    tab = table if isinstance(table, Contingency) else Contingency.from_table(table)
    return {m.name: m.from_table(tab) for m in resolved}
