"""metricprops: property-based verification of external clustering metrics.

Quick start::

    import metricprops as mp
    mp.score([0, 0, 1, 1], [0, 0, 0, 1], metrics=["elm_f", "bcubed_f"])
    mp.audit("bcubed_f", constraints=["zero_score"]).results[0].status   # 'failed'
"""
from __future__ import annotations

from typing import Any

from .errors import *  # noqa: F401,F403  (light: no third-party imports)
from .errors import __all__ as _errors_all

__version__ = "0.1.0"

__all__ = [
    "Partition", "Contingency", "contingency_table", "Metric", "metric", "pair_f_beta", "BUILTINS",
    "get_metric", "list_metrics", "register_metric", "get_constraint", "list_constraints",
    "register_constraint", "score", "score_table", "audit", "check", "compare", "Conventions",
] + list(_errors_all)

# Every public name is loaded on first use (PEP 562), so ``import metricprops`` -- and the
# pytest plugin ``metricprops.pytest_plugin``, which pytest imports in every session -- stays
# free of numpy, hypothesis and friends until something is actually scored or checked.
_LAZY = {
    "Partition": "partition", "Contingency": "contingency", "contingency_table": "contingency",
    "Metric": "metrics", "metric": "metrics", "pair_f_beta": "metrics", "BUILTINS": "metrics",
    "get_metric": "registry", "list_metrics": "registry", "register_metric": "registry",
    "get_constraint": "registry", "list_constraints": "registry",
    "register_constraint": "registry", "score": "scoring", "score_table": "scoring",
    "audit": "checker", "check": "checker", "compare": "differential",
    "Conventions": "conventions",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib
        module = importlib.import_module(f".{_LAZY[name]}", __name__)
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'metricprops' has no attribute {name!r}")


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
