"""Adapters of an audit plan: another library's metric behind ``f(labels_true, labels_pred)``.

Libraries differ in shape; an adapter describes the shape in data (the ``[target.adapter]``
table of a plan, see :mod:`metricprops.plans`):

``order``
    ``"truth_first"`` (default, scikit-learn's order) or ``"pred_first"``.
``labels``
    How the two label sequences are passed: ``"list"`` (default), ``"tuple"``, ``"numpy"``,
    ``"torch"`` (a tensor, for torchmetrics; labels a tensor cannot hold are rejected), or a
    library object built from them by :mod:`~metricprops.plans.library_adapters`:
    ``"networkit"`` (a ``networkit.Partition``, blocks numbered in order of first
    appearance).
``kwargs``
    Fixed keyword arguments of every call (the target key ``kwargs``, a table:
    ``kwargs = { method = "nmi" }``), e.g. which index igraph's ``compare_communities``
    computes.
``method``
    For a class: a fresh object is made for every call and this method is called with the
    labels (networkit's measures: ``method = "getDissimilarity"``).
``graph``
    ``"networkit"``: an edgeless ``networkit.Graph`` on the items is passed before the two
    labellings (networkit's comparisons take the graph first; without edges they compare the
    partitions alone).
``value``
    How to read the score from what the call returns, as a path of steps: ``.name`` (an
    attribute), ``[2]`` (an index, e.g. F in a (recall, precision, F) tuple), ``["f1"]`` (a
    key) and ``()`` (a call), e.g. ``".score"``, ``"[2]"``, ``".compute().item()"``.  Empty
    (default): the return value itself.
``incremental``
    For a class (or factory) of incremental objects instead of a function: ``"per_item"``
    (``update(y_true, y_pred)`` once per item, as river's metrics) or ``"batch"`` (one
    ``update`` with both sequences, as torchmetrics').  ``update`` and ``get`` name the
    methods (default ``"update"`` and ``"get"``); a fresh object is made for every call, and
    ``value`` applies to what ``get()`` returns.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, List, Mapping, Optional, Tuple

from ..errors import PlanError

__all__ = ["Adapter", "parse_value_path", "read_value"]

ORDERS = ("truth_first", "pred_first")
#: Library objects built from the labels (:data:`~metricprops.plans.library_adapters.BUILDERS`).
BUILT = ("networkit",)
LABELS = ("list", "tuple", "numpy", "torch") + BUILT
GRAPHS = ("networkit",)
#: Types a fixed keyword argument may have (what TOML gives).
KWARG_TYPES = (str, int, float, bool)
INCREMENTAL = ("per_item", "batch")
_STEP = re.compile(r"""\.([A-Za-z_]\w*)|\[(-?\d+)\]|\[(["'])(.*?)\3\]|(\(\))""")

Step = Tuple[str, Any]


def parse_value_path(path: str) -> List[Step]:
    """``".score"``, ``"[2]"``, ``'["f1"]'``, ``".compute().item()"`` as a list of steps."""
    steps: List[Step] = []
    pos = 0
    while pos < len(path):
        m = _STEP.match(path, pos)
        if m is None:
            raise PlanError(f"value {path!r}: expected steps such as .name, [0], [\"key\"] or "
                            f"(), got {path[pos:]!r} at character {pos}")
        if m.group(1):
            steps.append(("attr", m.group(1)))
        elif m.group(2) is not None:
            steps.append(("index", int(m.group(2))))
        elif m.group(3):
            steps.append(("key", m.group(4)))
        else:
            steps.append(("call", None))
        pos = m.end()
    return steps


def read_value(value: Any, steps: List[Step]) -> Any:
    """Follow ``steps`` from ``value``."""
    for kind, arg in steps:
        if kind == "attr":
            value = getattr(value, arg)
        elif kind in ("index", "key"):
            value = value[arg]
        else:
            value = value()
    return value


def _convert(labels: Any, how: str) -> Any:
    if how == "numpy":
        import numpy as np
        return np.asarray(labels)
    if how == "torch":
        import torch
        return torch.as_tensor(list(labels))
    if how in BUILT:
        from . import library_adapters
        return library_adapters.BUILDERS[how](labels)
    return tuple(labels) if how == "tuple" else list(labels)


@dataclass(frozen=True)
class Adapter:
    """The shape of a third-party metric (see the module docstring)."""

    order: str = "truth_first"
    labels: str = "list"
    value: str = ""
    incremental: Optional[str] = None
    update: str = "update"
    get: str = "get"
    method: Optional[str] = None
    graph: Optional[str] = None
    kwargs: Tuple[Tuple[str, Any], ...] = ()

    @classmethod
    def from_table(cls, table: Mapping[str, Any], where: str,
                   kwargs: Optional[Mapping[str, Any]] = None) -> Adapter:
        """From a plan's ``[target.adapter]`` table and its target's ``kwargs`` table;
        unknown keys and values are errors."""
        fields = [f for f in cls.__dataclass_fields__ if f != "kwargs"]
        unknown = sorted(set(table) - set(fields))
        if unknown:
            raise PlanError(f"{where}: unknown adapter key(s) {', '.join(unknown)} (expected "
                            f"{', '.join(fields)})")
        for key, value in table.items():
            if not isinstance(value, str):
                raise PlanError(f"{where}: adapter {key} must be a string, got {value!r}")
        if kwargs is not None and not isinstance(kwargs, Mapping):
            raise PlanError(f"{where}: kwargs must be a table of keyword arguments, got "
                            f"{kwargs!r}")
        for key, value in (kwargs or {}).items():
            if not isinstance(value, KWARG_TYPES):
                raise PlanError(f"{where}: kwargs {key} must be a string, number or boolean, "
                                f"got {value!r}")
        adapter = cls(**table, kwargs=tuple(sorted((kwargs or {}).items())))
        for key, allowed in (("order", ORDERS), ("labels", LABELS)):
            if getattr(adapter, key) not in allowed:
                raise PlanError(f"{where}: adapter {key} must be one of {', '.join(allowed)}, "
                                f"got {getattr(adapter, key)!r}")
        if adapter.graph is not None and adapter.graph not in GRAPHS:
            raise PlanError(f"{where}: adapter graph must be one of {', '.join(GRAPHS)}, got "
                            f"{adapter.graph!r}")
        if adapter.method is not None and adapter.incremental is not None:
            raise PlanError(f"{where}: adapter method and incremental exclude each other")
        if adapter.incremental is not None and adapter.incremental not in INCREMENTAL:
            raise PlanError(f"{where}: adapter incremental must be one of "
                            f"{', '.join(INCREMENTAL)}, got {adapter.incremental!r}")
        try:
            parse_value_path(adapter.value)
        except PlanError as exc:
            raise PlanError(f"{where}: {exc}") from None
        return adapter

    @property
    def plain(self) -> bool:
        """True if the target needs no wrapping (a function in scikit-learn's shape)."""
        return self == Adapter()

    def wrap(self, target: Any, name: str) -> Callable[[Any, Any], Any]:
        """``f(labels_true, labels_pred)`` calling ``target`` in this shape."""
        steps = parse_value_path(self.value)
        if not callable(target):
            raise PlanError(f"target {name!r}: expected a callable (a function, or a class "
                            f"for an incremental adapter), got {type(target).__name__}")

        def args(labels_true: Any, labels_pred: Any) -> Tuple[Any, Any]:
            t, p = _convert(labels_true, self.labels), _convert(labels_pred, self.labels)
            return (p, t) if self.order == "pred_first" else (t, p)

        keywords = dict(self.kwargs)
        if self.incremental is None:
            def adapted(labels_true: Any, labels_pred: Any) -> Any:
                call = getattr(target(), self.method) if self.method else target
                extra = (_graph(self.graph, len(labels_true)),) if self.graph else ()
                return read_value(call(*extra, *args(labels_true, labels_pred), **keywords),
                                  steps)
        else:
            def adapted(labels_true: Any, labels_pred: Any) -> Any:
                obj = target()
                first, second = args(labels_true, labels_pred)
                update = getattr(obj, self.update)
                if self.incremental == "per_item":
                    for a, b in zip(first, second):
                        update(a, b)
                else:
                    update(first, second)
                return read_value(getattr(obj, self.get)(), steps)

        adapted.__name__ = name
        adapted.__doc__ = f"{name}: {self.describe()}"
        return adapted

    def describe(self) -> str:
        """The adapter in words (for reports)."""
        parts = [] if self.order == "truth_first" else ["called as f(pred, truth)"]
        if self.labels != "list":
            parts.append(f"labels as {self.labels}")
        if self.method:
            parts.append(f"a fresh object's {self.method}()")
        if self.graph:
            parts.append(f"an edgeless {self.graph} graph first")
        if self.kwargs:
            parts.append(", ".join(f"{k}={v!r}" for k, v in self.kwargs))
        if self.incremental:
            how = "per item" if self.incremental == "per_item" else "once"
            parts.append(f"incremental: {self.update}() {how}, then {self.get}()")
        if self.value:
            parts.append(f"value read as result{self.value}")
        return "; ".join(parts) or "plain f(truth, pred)"

    def to_json(self) -> dict:
        out = {k: v for k, v in self.__dict__.items()
               if v != Adapter.__dataclass_fields__[k].default}
        if "kwargs" in out:
            out["kwargs"] = dict(out["kwargs"])
        return out

    def expression(self, spec: str, name: str) -> str:
        """Python that builds the adapted function of target ``spec`` (``Adapter`` and
        ``import_target`` in scope): how a reproduction reaches it."""
        fields = {k: v for k, v in self.__dict__.items()
                  if v != Adapter.__dataclass_fields__[k].default}
        return f"Adapter(**{fields!r}).wrap(import_target({spec!r}), {name!r})"


def _graph(kind: str, n: int) -> Any:
    """An edgeless graph of the library ``kind`` on ``n`` items."""
    from . import library_adapters
    return library_adapters.GRAPH_BUILDERS[kind](n)
