"""`score`: many metrics from one contingency table."""
from __future__ import annotations

from typing import Any, Dict, Iterable, Optional, Union

from .contingency import Contingency
from .metrics.base import Metric, growth_exponent, to_float
from .partition import validate_pair
from .registry import get_metric, list_metrics

__all__ = ["ALL", "DEFAULT_MAX_EXPONENT", "default_metrics", "score", "score_table"]

MetricLike = Union[str, Metric]

#: The name that stands for every built-in metric, the slow ones included.
ALL = "all"
#: The default set holds the built-ins whose declared cost grows at most like n^2.  Above it:
#: smi (n^2.5; over 40 s at n = 10^4 with 100 blocks) and the CEAF family with the CoNLL F
#: (n^3 in the worst case, the assignment between blocks).
DEFAULT_MAX_EXPONENT = 2.0


def default_metrics() -> list:
    """The built-ins ``score`` computes when no metric is named: those whose declared
    complexity grows at most like n^2 (:data:`DEFAULT_MAX_EXPONENT`), in registry order."""
    return [m for m in list_metrics() if m.builtin
            and growth_exponent(m.complexity, m.name) <= DEFAULT_MAX_EXPONENT]


def _resolve(metrics: Optional[Iterable[MetricLike]]) -> list:
    if metrics is None:
        return default_metrics()
    if isinstance(metrics, (str, Metric)):
        metrics = [metrics]
    out: list = []
    for m in metrics:
        if isinstance(m, str) and m == ALL:
            out.extend(x for x in list_metrics() if x.builtin)
        else:
            out.append(get_metric(m) if isinstance(m, str) else m)
    return out


def score(labels_true: Any, labels_pred: Any,
          metrics: Optional[Iterable[MetricLike]] = None) -> Dict[str, float]:
    """Score a prediction against a truth with several metrics at once.

    Parameters
    ----------
    labels_true, labels_pred : array-like of hashable, shape (n,)
        One label per item; any hashable labels.
    metrics : iterable of str or Metric, optional
        Registry names or :class:`Metric` objects; ``"all"`` stands for every built-in.
        Default: the built-ins whose declared complexity grows at most like n^2
        (:func:`default_metrics`: all but ``smi``, the CEAF family and ``conll_f``, which
        are named or asked for with ``"all"``).

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
