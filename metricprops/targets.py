"""Resolving audit targets: a built-in name, ``package.module:attr`` or ``path/file.py:attr``."""
from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any, Optional

from .errors import InvalidMetricError, UnknownNameError
from .metrics.base import Metric, metric as wrap_metric
from .registry import get_metric

__all__ = ["load_target", "TargetError"]


class TargetError(InvalidMetricError):
    """A target that cannot be imported or is not a metric."""


def _import_file(path: Path) -> Any:
    if not path.is_file():
        raise TargetError(f"expected a Python file, got {str(path)!r} (no such file)")
    name = f"_metricprops_target_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise TargetError(f"expected an importable Python file, got {str(path)!r}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(name, None)
        raise TargetError(f"importing {str(path)!r} raised {type(exc).__name__}: {exc}") from exc
    return module


def _import_module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise TargetError(f"expected an importable module, cannot import {name!r}: {exc}") from exc
    except Exception as exc:
        raise TargetError(f"importing {name!r} raised {type(exc).__name__}: {exc}") from exc


def load_target(spec: str, *, kind: Optional[str] = None, lower: Optional[float] = None,
                upper: Optional[float] = None, perfect: Optional[float] = None,
                symmetric: Optional[bool] = None) -> Metric:
    """The :class:`Metric` named by ``spec``.

    A bare function gets its metadata from the keyword arguments (kind defaults to
    similarity, unknown bounds and perfect value otherwise).  For a built-in or a
    :class:`Metric` target, the given keywords override its declared metadata.
    """
    overrides = {k: v for k, v in {"kind": kind, "perfect": perfect, "symmetric": symmetric}.items()
                 if v is not None}
    if ":" not in spec:
        try:
            m = get_metric(spec)
        except UnknownNameError as exc:
            raise UnknownNameError(f"{exc} (or give package.module:attr or path/file.py:attr)") from None
        return _override(m, overrides, lower, upper)
    location, _, attr = spec.rpartition(":")
    if not location or not attr:
        raise TargetError(f"expected TARGET as module:attr or file.py:attr, got {spec!r}")
    module = _import_file(Path(location)) if location.endswith(".py") else _import_module(location)
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise TargetError(f"{location!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    if isinstance(obj, Metric):
        return _override(obj, overrides, lower, upper)
    if not callable(obj):
        raise TargetError(f"expected a callable metric at {spec!r}, got {type(obj).__name__}")
    name = spec if location.endswith(".py") is False else f"{Path(location).stem}:{attr}"
    return wrap_metric(obj, name=name, kind=kind or "similarity", bounds=(lower, upper),
                       perfect=perfect, symmetric=symmetric)


def _override(m: Metric, overrides: dict, lower: Optional[float], upper: Optional[float]) -> Metric:
    if lower is not None or upper is not None:
        lo, hi = m.bounds
        overrides["bounds"] = (lo if lower is None else lower, hi if upper is None else upper)
    return m.with_metadata(**overrides) if overrides else m
