"""Importing an audit target: ``package.module:attr`` or ``path/to/file.py:attr``.

This module only finds the object; :func:`metricprops.registry.resolve_metric` turns it (or a
registered name, a callable, a :class:`~metricprops.metrics.Metric`) into a metric.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any, Tuple

from .errors import TargetError

__all__ = ["import_target", "is_target_spec", "target_name", "TargetError"]


def is_target_spec(spec: Any) -> bool:
    """True for a string naming an importable object (``module:attr`` or ``file.py:attr``)."""
    return isinstance(spec, str) and ":" in spec


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


def _split(spec: str) -> Tuple[str, str]:
    location, _, attr = spec.rpartition(":")
    if not location or not attr:
        raise TargetError(f"expected TARGET as module:attr or file.py:attr, got {spec!r}")
    return location, attr


def target_name(spec: str) -> str:
    """The metric name a target gets: ``spec`` itself, or ``stem:attr`` for a file."""
    location, attr = _split(spec)
    return f"{Path(location).stem}:{attr}" if location.endswith(".py") else spec


def import_target(spec: str) -> Any:
    """The object ``spec`` names (``module:attr`` or ``file.py:attr``; ``attr`` may be dotted)."""
    location, attr = _split(spec)
    module = _import_file(Path(location)) if location.endswith(".py") else _import_module(location)
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise TargetError(f"{location!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    return obj
