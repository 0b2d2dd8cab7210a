"""Importing an audit target: ``package.module:attr`` or ``path/to/file.py:attr``.

Targets resolve the way pytest and uvicorn resolve theirs:

* ``path/to/file.py:attr`` -- the file is imported under its module name with its folder on
  ``sys.path``, so ``import helpers`` inside it finds ``path/to/helpers.py``.  When the file
  sits in a package (its folder has an ``__init__.py``), the folders are walked up while they
  hold an ``__init__.py``; the first folder above the package root goes on ``sys.path`` and
  the file is imported under its dotted name (``pkg.sub.file``), so relative imports work.
* ``module:attr`` -- ``module`` is imported with the current folder on ``sys.path`` (as
  ``python -m`` would), so ``my_metrics:f`` finds ``./my_metrics.py``.

The folders stay on ``sys.path`` (a metric may import lazily when called).  This module only
finds the object; :func:`metricprops.registry.resolve_metric` turns it (or a registered name, a
callable, a :class:`~metricprops.metrics.Metric`) into a metric, and :func:`check_signature`
checks, once and before any call, that it can be called as ``f(labels_true, labels_pred)``.
Every failure -- a missing file, an exception or a ``sys.exit()`` while importing -- is one
:class:`TargetError`.
"""
from __future__ import annotations

import importlib
import inspect
import os
import sys
import weakref
from pathlib import Path
from typing import Any, Optional, Tuple

from .errors import InvalidMetricError, TargetError
from .tracebacks import display_path, raise_site

__all__ = ["import_target", "is_target_spec", "remember_spec", "spec_of", "target_name",
           "module_location", "check_signature",
           "install_hint", "OPTIONAL_MODULES", "TargetError"]


#: Packages that metricprops' optional extras install: top-level module -> (distribution,
#: extra).  A target that needs one of them and cannot import it says how to install it.
OPTIONAL_MODULES = {
    "sklearn": ("scikit-learn", "test"), "bcubed": ("bcubed", "test"),
    "scorch": ("scorch", "test"), "clusim": ("clusim", "libraries"),
    "cdlib": ("cdlib", "libraries"), "clustereval": ("ClusterEval", "libraries"),
    "torchmetrics": ("torchmetrics", "libraries"), "river": ("river", "libraries"),
}


def install_hint(module: str) -> str:
    """How to install the optional package of ``module`` ("" for any other module)."""
    found = OPTIONAL_MODULES.get(module.split(".")[0])
    if found is None:
        return ""
    dist, extra = found
    torch = ("; the libraries extra pins torch for torchmetrics: install torch's CPU build "
             "first (pip install torch==2.13.0 from torch's CPU wheel index), or pip may "
             "fetch a GPU build of several GB" if extra == "libraries" else "")
    return f"; {dist} comes with the {extra} extra: pip install 'metricprops[{extra}]'{torch}"


def is_target_spec(spec: Any) -> bool:
    """True for a string naming an importable object (``module:attr`` or ``file.py:attr``)."""
    return isinstance(spec, str) and ":" in spec


def module_location(path: Path) -> Tuple[Path, str]:
    """``(folder to put on sys.path, dotted module name)`` of the Python file ``path``.

    The folder is the file's own, or the one above its package root (walking up while a
    folder holds an ``__init__.py``), as pytest's ``rootdir``-less "prepend" import mode does.
    """
    path = path.resolve()
    parts = [path.stem] if path.name != "__init__.py" else []
    folder = path.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        parts.insert(0, folder.name)
        folder = folder.parent
    if not parts:
        raise TargetError(f"expected a module file, got {str(path)!r} (a package root)")
    return folder, ".".join(parts)


def _prepend(folder: str) -> None:
    if folder not in sys.path:
        sys.path.insert(0, folder)


def _same_file(module: Any, path: Path) -> bool:
    found = getattr(module, "__file__", None)
    try:
        return found is not None and Path(found).resolve() == path.resolve()
    except OSError:  # pragma: no cover
        return False


def _failure(what: str, exc: BaseException) -> TargetError:
    """One line for an exception or exit while importing ``what``."""
    site = raise_site(exc)
    at = f" (at {site})" if site else ""
    if isinstance(exc, SystemExit):
        return TargetError(f"importing {what} called sys.exit({exc.code!r}){at}")
    return TargetError(f"importing {what} raised {type(exc).__name__}: {exc}{at}")


def _run_import(name: str, what: str) -> Any:
    try:
        return importlib.import_module(name)
    except KeyboardInterrupt:
        raise
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            raise TargetError(f"expected an importable module, cannot import {name!r}: "
                              f"no module named {exc.name!r} (searched the current folder "
                              "and the installed packages)" + install_hint(exc.name)) from None
        raise _failure(what, exc) from exc
    except BaseException as exc:  # SystemExit too: a target must not end the command
        raise _failure(what, exc) from exc


def _import_file(path: Path) -> Any:
    if path.suffix != ".py" or not path.is_file():
        reason = "no such file" if not path.exists() else "not a file"
        raise TargetError(f"expected a Python file, got {str(path)!r} ({reason})")
    folder, name = module_location(path)
    shown = display_path(str(path))
    loaded = sys.modules.get(name)
    if loaded is not None and not _same_file(loaded, path):
        raise TargetError(
            f"cannot import {shown!r} as module {name!r}: a module of that name is already "
            f"imported from {getattr(loaded, '__file__', None) or 'a built-in'!r}; rename the file")
    _prepend(str(folder))
    module = _run_import(name, repr(shown))
    if not _same_file(module, path):
        raise TargetError(
            f"cannot import {shown!r} as module {name!r}: that name resolves to "
            f"{getattr(module, '__file__', None)!r} first on the import path; rename the file")
    return module


def _import_module(name: str) -> Any:
    _prepend(os.getcwd())
    return _run_import(name, repr(name))


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
    """The object ``spec`` names (``module:attr`` or ``file.py:attr``; ``attr`` may be dotted).

    Parameters
    ----------
    spec : str
        ``package.module:attr`` or ``path/to/file.py:attr``.

    Returns
    -------
    object
        The attribute, not yet checked to be a metric.

    Raises
    ------
    TargetError
        The file or module cannot be imported (missing, raised, called ``sys.exit``), or has
        no such attribute.
    """
    location, attr = _split(spec)
    module = _import_file(Path(location)) if location.endswith(".py") else _import_module(location)
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise TargetError(f"{location!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    return obj


def check_signature(func: Any, name: str) -> None:
    """Refuse a callable that cannot be called as ``func(labels_true, labels_pred)``.

    Checked on the signature, without calling: ``*args``, parameters with defaults, a class
    instance's ``__call__`` and :func:`functools.partial` pass; a callable without a
    signature Python can read (many C functions) is accepted as it is.

    Raises
    ------
    InvalidMetricError
        When the signature takes fewer or more than two positional arguments, or needs a
        keyword-only one (the message shows the signature).
    """
    try:
        signature = inspect.signature(func)
    except (TypeError, ValueError):  # no signature to read: the calls will tell
        return
    try:
        signature.bind(None, None)
    except TypeError as exc:
        raise InvalidMetricError(
            f"expected {name} to be callable as f(labels_true, labels_pred), got the "
            f"signature {signature}: a call with two arguments fails ({exc})") from None


#: The target each function was imported from, as given (``file.py:attr``, ``module:attr``):
#: how a fresh interpreter gets it back, whatever the function's own name (a closure built by a
#: helper function, a metric decorated in a file).
_SPECS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def remember_spec(func: Any, spec: str) -> None:
    """Record that ``func`` was imported from the target ``spec`` (see :func:`spec_of`)."""
    try:
        _SPECS[func] = spec
    except TypeError:  # not weakly referable (a C function, an object without __weakref__)
        pass


def spec_of(func: Any) -> Optional[str]:
    """The target ``func`` was imported from by :func:`~metricprops.registry.resolve_metric`,
    or ``None``."""
    try:
        return _SPECS.get(func)
    except TypeError:
        return None
