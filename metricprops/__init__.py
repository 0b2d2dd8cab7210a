"""metricprops: property-based verification of external clustering metrics.

Quick start::

    import metricprops as mp
    mp.score([0, 0, 1, 1], [0, 0, 0, 1], metrics=["elm_f", "bcubed_f"])
    mp.audit("bcubed_f", constraints=["zero_score"]).results[0].status   # 'failed'
"""
from __future__ import annotations

from typing import Any

from .contingency import Contingency, contingency
from .errors import *  # noqa: F401,F403
from .errors import __all__ as _errors_all
from .metrics import BUILTINS, Metric, metric, pair_f_beta
from .partition import Partition
from .registry import (
    get_constraint,
    get_metric,
    list_constraints,
    list_metrics,
    register_constraint,
    register_metric,
)
from .scoring import score, score_table

__version__ = "0.1.0"

__all__ = [
    "Partition", "Contingency", "contingency", "Metric", "metric", "pair_f_beta", "BUILTINS",
    "get_metric", "list_metrics", "register_metric", "get_constraint", "list_constraints",
    "register_constraint", "score", "score_table", "audit", "check", "compare",
] + list(_errors_all)

_LAZY = {"audit": "checker", "check": "checker", "compare": "compare"}


def __getattr__(name: str) -> Any:  # checker and friends import hypothesis: load on demand
    if name in _LAZY:
        import importlib
        module = importlib.import_module(f".{_LAZY[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module 'metricprops' has no attribute {name!r}")
