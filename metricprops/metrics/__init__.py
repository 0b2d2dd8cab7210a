"""Built-in metric families, each computed from one contingency table."""
from __future__ import annotations

from . import ami as _ami
from . import information as _information
from . import pair_counting as _pair_counting
from . import per_element as _per_element
from . import set_matching as _set_matching
from .base import CONVENTION_KEYS, KINDS, Metric, as_metric, metric
from .pair_counting import pair_f_beta

#: Every built-in metric, in registry order (explicit: no import-time discovery).
BUILTINS: tuple[Metric, ...] = (
    _set_matching.METRICS
    + _pair_counting.METRICS
    + _information.METRICS
    + _ami.METRICS
    + _per_element.METRICS
)

__all__ = ["BUILTINS", "Metric", "metric", "as_metric", "pair_f_beta", "KINDS", "CONVENTION_KEYS"]
