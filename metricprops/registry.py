"""Metric and constraint registries.

Built-ins are listed explicitly; third parties register through the entry-point groups
``metricprops.metrics`` and ``metricprops.constraints``.  An entry point that names one
metric (constraint) registers it under the entry point's name, as pytest names a plug-in
after its entry point; one that names a list registers each under its own name.  The
entry points are loaded when a name is not a built-in's or when the whole registry is
listed, so a broken plug-in costs nothing to a command that does not need it.  An entry
point that fails to load, or loads something that is not a metric (constraint), is skipped
with a :class:`~metricprops.errors.PluginLoadWarning` (one line): one broken plug-in never
breaks the tool.
"""
from __future__ import annotations

import copy
import difflib
import warnings
from typing import Any, Callable, Dict, Iterable, List, Optional

from .errors import (
    InvalidConstraintError,
    InvalidMetricError,
    PluginLoadWarning,
    TargetError,
    UnknownNameError,
)
from .metrics import BUILTINS, COVER_BUILTINS, PARAMETRISED, Metric
from .metrics import metric as _wrap_metric
from .targets import check_signature, import_target, is_target_spec, remember_spec, target_name

__all__ = [
    "register_metric", "get_metric", "list_metrics", "metric_names",
    "register_constraint", "get_constraint", "list_constraints", "constraint_names",
    "cover_constraints", "default_constraints",
    "load_entry_points", "unknown_name_error", "resolve_metric",
]

METRIC_GROUP = "metricprops.metrics"
CONSTRAINT_GROUP = "metricprops.constraints"

_metrics: Dict[str, Metric] = {}
_constraints: Dict[str, Any] = {}
_cover_constraints: Dict[str, Any] = {}
_loaded: Dict[str, bool] = {}


def unknown_name_error(kind: str, name: str, known: Iterable[str]) -> UnknownNameError:
    """An :class:`UnknownNameError` whose message lists close matches (else where the names
    are listed, not all of them); a Python file named without ``:attr`` says so."""
    known = sorted(known)
    if kind == "metric" and name.endswith(".py"):
        return UnknownNameError(file_without_attr(name))
    close = difflib.get_close_matches(name, known, n=4, cutoff=0.5)
    hint = (f"did you mean {', '.join(close)}?" if close else
            f"none of the {len(known)} known {kind}s is close (metricprops list names them)")
    return UnknownNameError(f"unknown {kind} {name!r}; {hint}")


def file_without_attr(path: str) -> str:
    """What to say for a Python file given as a metric without ``:attr``: the functions it
    defines (read, not imported) as the targets to give."""
    import ast

    try:
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), path)
        names = [node.name for node in tree.body
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and not node.name.startswith("_")]
    except (OSError, SyntaxError, ValueError):
        names = []
    such = (f": {', '.join(f'{path}:{n}' for n in names[:4])}" if names else
            f", such as {path}:my_metric")
    return (f"expected path/file.py:attr, got {path!r} without :attr; name the function in it "
            f"to use{such}")


def _entry_points(group: str) -> list:
    from importlib.metadata import entry_points
    eps = entry_points()
    if hasattr(eps, "select"):
        return list(eps.select(group=group))
    return list(eps.get(group, []))  # pragma: no cover - Python < 3.10


def load_entry_points(group: str, register: Callable[[Any], Any], *, force: bool = False) -> None:
    """Load every entry point of ``group`` once, registering what each one provides.

    An entry point may provide one object (registered under the entry point's name) or a
    list or tuple of them (each under its own name).
    """
    if _loaded.get(group) and not force:
        return
    _loaded[group] = True
    for ep in _entry_points(group):
        try:
            obj = ep.load()
            if isinstance(obj, (list, tuple)):
                for item in obj:
                    register(item, replace=False, _plugin=ep.name)
            else:
                register(obj, replace=False, _plugin=ep.name, _name=ep.name)
        except Exception as exc:  # a broken plug-in warns, never crashes
            reason = (str(exc).strip().splitlines() or [""])[0]
            warnings.warn(
                f"skipping {group} entry point {ep.name!r} ({getattr(ep, 'value', '?')}): "
                f"{type(exc).__name__}: {reason}",
                PluginLoadWarning,
                stacklevel=2,
            )


# -- metrics ---------------------------------------------------------------------------
def register_metric(obj: Any, *, replace: bool = False, _plugin: Optional[str] = None,
                    _name: Optional[str] = None, **meta: Any) -> Metric:
    """Register a :class:`Metric` (or a plain callable, wrapped with ``meta``) under its name
    (``_name``, an entry point's, wins)."""
    m = obj if isinstance(obj, Metric) and not meta else _wrap_metric(obj, **meta)
    if not isinstance(m, Metric):
        raise InvalidMetricError(f"expected a Metric, got {type(obj).__name__}")
    if _name is not None and m.name != _name:
        m = m.with_metadata(name=_name)
    if m.name in _metrics and not replace and _metrics[m.name] is not m:
        raise InvalidMetricError(
            f"a metric named {m.name!r} is already registered"
            + (f" (entry point {_plugin!r} skipped)" if _plugin else "; pass replace=True")
        )
    _metrics[m.name] = m
    return m


def _ensure_metrics(name: Optional[str] = None) -> None:
    """The built-ins, and the plug-ins unless ``name`` is a built-in's."""
    if not _metrics:
        for m in BUILTINS + COVER_BUILTINS:
            _metrics[m.name] = m
    if name is None or name not in _metrics or name in PARAMETRISED:
        load_entry_points(METRIC_GROUP, register_metric)


def get_metric(name: str, **params: Any) -> Metric:
    """The registered metric called ``name``.

    ``pair_f`` takes ``beta``: ``get_metric("pair_f", beta=2)``.  Unknown names raise
    :class:`~metricprops.errors.UnknownNameError` (a ``KeyError``) listing close names.
    """
    if isinstance(name, Metric):
        return name
    base, parsed = _parse_params(name)
    _ensure_metrics(base)
    params = {**parsed, **params}
    if base in PARAMETRISED and params:
        return PARAMETRISED[base](**params)
    if base not in _metrics:
        raise unknown_name_error("metric", name, _metrics)
    if params:
        raise InvalidMetricError(f"metric {base!r} takes no parameters, got {sorted(params)}")
    return _metrics[base]


def _parse_params(name: str) -> tuple:
    """``"pair_f[beta=2]"`` -> ("pair_f", {"beta": "2"})."""
    if name.endswith("]") and "[" in name:
        base, _, rest = name[:-1].partition("[")
        params = {}
        for part in filter(None, rest.split(",")):
            key, _, value = part.partition("=")
            params[key.strip()] = value.strip()
        return base, params
    return name, {}


def list_metrics() -> List[Metric]:
    """Every registered metric, built-ins first."""
    _ensure_metrics()
    return list(_metrics.values())


def metric_names() -> List[str]:
    return [m.name for m in list_metrics()]


def _is_registered(name: str) -> bool:
    _ensure_metrics(name)
    return name in _metrics


# -- resolution: the one place that turns "something metric-like" into a Metric --------------
def resolve_metric(obj: Any, *, kind: Optional[str] = None, lower: Optional[float] = None,
                   upper: Optional[float] = None, perfect: Optional[float] = None,
                   symmetric: Optional[bool] = None, conventions: Any = None) -> Metric:
    """A :class:`Metric` for ``obj``.

    ``obj`` is a :class:`Metric`, a registered name (``"elm_f"``, ``"pair_f[beta=2]"``), a
    target ``package.module:attr`` or ``path/to/file.py:attr`` (see
    :mod:`metricprops.targets`), or a plain callable ``f(labels_true, labels_pred)``.  The
    keywords override the declared metadata of a metric, and are the metadata of a plain
    function (kind defaults to similarity; bounds and perfect value are unknown otherwise);
    ``conventions`` replaces the declared conventions (:mod:`metricprops.conventions`).

    Raises
    ------
    InvalidMetricError
        When a function cannot be called as ``f(labels_true, labels_pred)`` (its signature
        is checked here, once: see :func:`metricprops.targets.check_signature`).
    """
    overrides = {k: v for k, v in {"kind": kind, "perfect": perfect, "symmetric": symmetric,
                                   "conventions": conventions}.items() if v is not None}
    if is_target_spec(obj) and not _is_registered(obj):
        found = import_target(obj)
        remember_spec(found.func if isinstance(found, Metric) else found, obj)
        if not isinstance(found, Metric):
            if not callable(found):
                raise TargetError(
                    f"expected a callable metric at {obj!r}, got {type(found).__name__}")
            return _checked(_wrap_metric(found, name=target_name(obj), kind=kind or "similarity",
                                         bounds=(lower, upper), perfect=perfect,
                                         symmetric=symmetric, conventions=conventions))
        m = found
    elif isinstance(obj, Metric):
        m = obj
    elif isinstance(obj, str):
        try:
            m = get_metric(obj)
        except UnknownNameError as exc:
            if obj.endswith(".py"):  # a file without :attr: the message says what to give
                raise
            raise UnknownNameError(
                f"{exc} (or give package.module:attr or path/file.py:attr)") from None
    elif callable(obj):
        return _checked(_wrap_metric(obj, kind=kind or "similarity", bounds=(lower, upper),
                                     perfect=perfect, symmetric=symmetric,
                                     conventions=conventions))
    else:
        raise InvalidMetricError("expected a Metric, a registered metric name, a target "
                                 f"module:attr or a callable, got {type(obj).__name__}")
    if lower is not None or upper is not None:
        lo, hi = m.bounds
        overrides["bounds"] = (lo if lower is None else lower, hi if upper is None else upper)
    return _checked(m.with_metadata(**overrides) if overrides else m)


def _checked(m: Metric) -> Metric:
    """``m``, once its function is known to take (labels_true, labels_pred)."""
    if not m.builtin:
        check_signature(m.func, m.name)
    return m



# -- constraints -----------------------------------------------------------------------
def register_constraint(obj: Any, *, replace: bool = False, _plugin: Optional[str] = None,
                        _name: Optional[str] = None) -> Any:
    """Register a constraint object (see :mod:`metricprops.constraint`) under its name
    (``_name``, an entry point's, wins)."""
    from .constraint import Constraint
    if isinstance(obj, type) and issubclass(obj, Constraint):
        obj = obj()
    if not isinstance(obj, Constraint):
        raise InvalidConstraintError(f"expected a Constraint, got {type(obj).__name__}")
    if _name is not None and obj.name != _name:
        obj = copy.copy(obj)
        obj.name = _name
    if obj.name in _constraints and not replace and type(_constraints[obj.name]) is not type(obj):
        raise InvalidConstraintError(f"a constraint named {obj.name!r} is already registered")
    _constraints[obj.name] = obj
    return obj


def _ensure_constraints(name: Optional[str] = None) -> None:
    """The built-ins, and the plug-ins unless ``name`` is a built-in's."""
    if not _constraints:
        from .constraints import BUILTIN_CONSTRAINTS, COVER_CONSTRAINTS
        for c in BUILTIN_CONSTRAINTS:
            _constraints[c.name] = c
        _cover_constraints.update((c.name, c) for c in COVER_CONSTRAINTS)
    if name is None or (name not in _constraints and name not in _cover_constraints):
        load_entry_points(CONSTRAINT_GROUP, register_constraint)


def get_constraint(name: Any) -> Any:
    """The registered constraint called ``name`` (a constraint object passes through)."""
    from .constraint import Constraint
    if isinstance(name, Constraint):
        return name
    if not isinstance(name, str):
        raise InvalidConstraintError(
            f"expected a constraint name (str) or a Constraint object, got "
            f"{type(name).__name__} {name!r}")
    _ensure_constraints(name)
    if name in _cover_constraints and name not in _constraints:
        return _cover_constraints[name]
    if name not in _constraints:
        raise unknown_name_error("constraint", name, {**_constraints, **_cover_constraints})
    return _constraints[name]


def list_constraints() -> List[Any]:
    _ensure_constraints()
    return list(_constraints.values())


def constraint_names() -> List[str]:
    return [c.name for c in list_constraints()]


def cover_constraints() -> List[Any]:
    """The built-in constraints on covers (not in :func:`list_constraints`: an audit of
    partition metrics is unchanged by them)."""
    _ensure_constraints()
    return [c for name, c in _cover_constraints.items() if name not in _constraints]


def default_constraints(metrics: Iterable[Any]) -> List[Any]:
    """What an audit checks when no constraint is named: every registered constraint, and
    the constraints on covers when one of ``metrics`` is a metric of covers."""
    extra = any(getattr(m, "input", "partition") == "cover" for m in metrics)
    return list_constraints() + (cover_constraints() if extra else [])
