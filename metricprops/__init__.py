"""metricprops: property-based verification of external clustering metrics.

Quick start::

    import metricprops as mp
    mp.score([0, 0, 1, 1], [0, 0, 0, 1], metrics=["elm_f", "bcubed_f"])
    mp.audit("bcubed_f", constraints=["zero_score"]).results[0].status   # 'failed'
"""
from __future__ import annotations

import sys as _sys
import types as _types
from typing import Any

from .errors import *  # noqa: F401,F403  (light: no third-party imports)
from .errors import __all__ as _errors_all

__version__ = "0.1.0"

__all__ = [
    "Partition", "Contingency", "contingency", "Metric", "metric", "pair_f_beta", "BUILTINS",
    "get_metric", "list_metrics", "register_metric", "get_constraint", "list_constraints",
    "register_constraint", "score", "score_table", "audit", "check", "compare",
] + list(_errors_all)

# Every public name is loaded on first use (PEP 562), so ``import metricprops`` -- and the
# pytest plugin ``metricprops.pytest_plugin``, which pytest imports in every session -- stays
# free of numpy, hypothesis and friends until something is actually scored or checked.
_LAZY = {
    "Partition": "partition", "Contingency": "contingency", "contingency": "contingency",
    "Metric": "metrics", "metric": "metrics", "pair_f_beta": "metrics", "BUILTINS": "metrics",
    "get_metric": "registry", "list_metrics": "registry", "register_metric": "registry",
    "get_constraint": "registry", "list_constraints": "registry",
    "register_constraint": "registry", "score": "scoring", "score_table": "scoring",
    "audit": "checker", "check": "checker", "compare": "differential",
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


class _Package(_types.ModuleType):
    """Keeps ``metricprops.contingency`` and ``metricprops.compare`` the public *functions*.

    Importing a submodule binds it as an attribute of its package.  Two submodules share a
    name with a public function: ``contingency`` (the table module) and ``compare`` (the
    shim left where :mod:`metricprops.differential` used to be); their binding is skipped
    (they stay importable through ``sys.modules``), so the name always means the function.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, _types.ModuleType) and name in _LAZY:
            return
        super().__setattr__(name, value)

    def __reduce__(self) -> Any:
        # pickled (e.g. by cloudpickle, sending a metric to a worker process) by name, as a
        # plain module is: a ModuleType subclass would otherwise be pickled by value, and fail
        import importlib
        return importlib.import_module, (self.__name__,)


_sys.modules[__name__].__class__ = _Package
