"""The :class:`Metric` value object and the :func:`metric` decorator."""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Optional, Tuple

import numpy as np

from ..conventions import Conventions
from ..errors import InvalidMetricError
from .complexity import total_exponent

__all__ = ["Metric", "metric", "to_float", "growth_exponent", "KINDS", "INPUTS",
           "CONVENTION_KEYS"]

KINDS = ("similarity", "distance")
#: What a metric scores (:attr:`Metric.input`).
INPUTS = ("partition", "cover")
#: The degenerate inputs every metric documents a convention for.
CONVENTION_KEYS = ("empty", "single_item", "no_pairs", "single_block", "all_singletons")

Bounds = Tuple[Optional[float], Optional[float]]


@dataclass(frozen=True, eq=False)
class Metric:
    """An external clustering metric ``f(labels_true, labels_pred) -> float`` with metadata.

    Parameters
    ----------
    name : str
        Registry name.
    func : callable, optional
        ``func(labels_true, labels_pred)`` for plain (black-box) metrics.
    formula : callable, optional
        ``formula(table)`` for built-ins: the score from a contingency table view.  Exactly one
        of ``func`` and ``formula`` is given.
    kind : {"similarity", "distance"}
        Whether higher (similarity) or lower (distance) is better.
    bounds : (lo, hi)
        Declared range; ``None`` for an unknown side.
    perfect : float or None
        Declared value on identical partitions.
    symmetric : bool or None
        Declared ``f(A, B) == f(B, A)``; ``None`` if not declared.
    citation : str or None
        Where the metric is defined.
    conventions : mapping or Conventions
        Notes on degenerate inputs (text values, keys from :data:`CONVENTION_KEYS`) and the
        declared conventions the checks honour (``missing``, ``compare``, ``min_items``,
        ``refuses``, ``degenerate``: see :mod:`metricprops.conventions`); validated here and
        kept as a :class:`~metricprops.conventions.Conventions`.
    closed_forms : tuple
        Declared closed forms (see :mod:`metricprops.symbolic`).
    complexity : str
        Declared growth of the running time in the number of items: ``"n"`` (default,
        near-linear; what every built-in declares, computed from the sparse table in
        O(n + nnz)), ``"n log n"``, or ``"n^a"`` such as ``"n^2"``; the ``scaling`` property
        checks it.
    description : str
        One line that tells the metric apart from its neighbours (``metricprops list``
        prints it); default: the first paragraph of the formula's or function's docstring.
    pair_counting : bool
        Declared a function of the four pair counts (N11, N10, N01, N00) alone (Gösgens et
        al. 2021's pair-counting indices): the ``strong_monotonicity`` property and the
        symbolic proofs apply.  A formula metric that declares it is checked to read nothing
        of the table but :func:`~metricprops.metrics.stats.pair_counts` (and ``t.n``); see
        :func:`~metricprops.metrics.pair_function.pair_count_value`.
    input : {"partition", "cover"}
        What the metric scores: partitions (default), or covers (overlapping clusterings,
        :class:`~metricprops.covers.Cover`): a cover metric's function is given two covers
        by the search (and accepts partitions' labels, which are covers too).
    partition_form : str or None
        For a cover metric: the registered partition metric it must equal on partitions
        (the ``partition_form`` property checks it); ``None`` if it has none.
    """

    name: str
    func: Optional[Callable[[Any, Any], Any]] = None
    formula: Optional[Callable[[Any], Any]] = None
    kind: str = "similarity"
    bounds: Bounds = (None, None)
    perfect: Optional[float] = None
    symmetric: Optional[bool] = None
    citation: Optional[str] = None
    conventions: Mapping[str, Any] = field(default_factory=dict)
    closed_forms: tuple = ()
    description: str = ""
    complexity: str = "n"
    pair_counting: bool = False
    input: str = "partition"
    partition_form: Optional[str] = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise InvalidMetricError(f"expected a non-empty metric name, got {self.name!r}")
        if (self.func is None) == (self.formula is None):
            raise InvalidMetricError(
                f"metric {self.name!r}: expected exactly one of func and formula"
            )
        if self.kind not in KINDS:
            raise InvalidMetricError(
                f"metric {self.name!r}: expected kind 'similarity' or 'distance', got {self.kind!r}"
            )
        growth_exponent(self.complexity, self.name)  # a bad declaration fails here
        object.__setattr__(self, "conventions", Conventions.of(self.conventions))
        if self.input not in INPUTS:
            raise InvalidMetricError(f"metric {self.name!r}: expected input 'partition' or "
                                     f"'cover', got {self.input!r}")
        if not isinstance(self.pair_counting, (bool, np.bool_)):
            raise InvalidMetricError(f"metric {self.name!r}: expected pair_counting True or "
                                     f"False, got {self.pair_counting!r}")
        object.__setattr__(self, "pair_counting", bool(self.pair_counting))
        if self.pair_counting and self.formula is not None:
            from .pair_function import check_pair_counting
            check_pair_counting(self)
        lo, hi = _check_bounds(self.name, self.bounds)
        object.__setattr__(self, "bounds", (lo, hi))
        if self.perfect is not None:
            perfect = _finite(self.name, "perfect", self.perfect)
            if (lo is not None and perfect < lo) or (hi is not None and perfect > hi):
                raise InvalidMetricError(
                    f"metric {self.name!r}: perfect value {perfect} lies outside bounds "
                    f"{self.bounds}"
                )
            object.__setattr__(self, "perfect", perfect)
        if not self.description:
            doc = inspect.getdoc(self.formula or self.func) or ""
            object.__setattr__(self, "description", doc.split("\n\n")[0].replace("\n", " "))
        object.__setattr__(self, "__doc__", self.doc)

    # -- evaluation ---------------------------------------------------------------------
    @property
    def builtin(self) -> bool:
        """True if the metric is computed from a contingency table."""
        return self.formula is not None

    def __call__(self, labels_true: Any, labels_pred: Any) -> float:
        if self.formula is not None:
            from ..contingency import Contingency
            return self.from_table(Contingency.from_labels(labels_true, labels_pred))
        return self.func(labels_true, labels_pred)  # type: ignore[misc]

    def from_table(self, table: Any) -> float:
        """Score from a :class:`~metricprops.contingency.Contingency` (built-ins only)."""
        if self.formula is None:
            raise InvalidMetricError(
                f"metric {self.name!r} is a black-box function and cannot score a table"
            )
        if not hasattr(table, "cell_n"):
            from ..contingency import Contingency
            table = Contingency.from_table(table)
        value = self.formula(table)
        return value if table.ops.symbolic else float(value)

    @property
    def higher_is_better(self) -> bool:
        return self.kind == "similarity"

    def oriented(self, value: float) -> float:
        """Q: the value oriented so that higher is better (a distance is negated)."""
        return value if self.kind == "similarity" else -value

    @property
    def oriented_lower(self) -> Optional[float]:
        """The worst declared value in the oriented scale Q (None if unknown)."""
        lo, hi = self.bounds
        return lo if self.kind == "similarity" else (None if hi is None else -hi)

    @property
    def oriented_perfect(self) -> Optional[float]:
        return None if self.perfect is None else self.oriented(self.perfect)

    def with_metadata(self, **changes: Any) -> Metric:
        """A copy with some metadata replaced."""
        return replace(self, **changes)

    def metadata(self) -> dict:
        """JSON-ready metadata (``pair_counting`` only when declared true, so the metadata
        of every other metric reads as before the key existed)."""
        out = {
            "name": self.name,
            "kind": self.kind,
            "bounds": list(self.bounds),
            "perfect": self.perfect,
            "symmetric": self.symmetric,
            "citation": self.citation,
            "builtin": self.builtin,
            "conventions": dict(self.conventions.items()),
            "description": self.description,
            "complexity": self.complexity,
        }
        if self.pair_counting:
            out["pair_counting"] = True
        if self.input != "partition":  # only cover metrics carry these keys
            out["input"] = self.input
            out["partition_form"] = self.partition_form
        return out

    @property
    def doc(self) -> str:
        """A numpydoc docstring built from the formula and the metadata."""
        lo, hi = self.bounds
        rng = f"[{'-inf' if lo is None else f'{lo:g}'}, {'inf' if hi is None else f'{hi:g}'}]"
        better = "higher" if self.kind == "similarity" else "lower"
        body = inspect.getdoc(self.formula or self.func) or self.description
        params = (["labels_true, labels_pred : Cover, Partition or array-like",
                   "    Covers of the same items (overlapping clusterings, "
                   "metricprops.covers.Cover), a partition, one label per item, or one set "
                   "or list of labels per item."] if self.input == "cover" else
                  ["labels_true, labels_pred : array-like of hashable, shape (n_items,)",
                   "    One label per item; any hashable labels."])
        lines = [f"{self.name}: {self.description}", "",
                 "Parameters", "----------", *params, "",
                 "Returns", "-------",
                 f"float in {rng}, {better} is better"
                 + ("" if self.perfect is None else
                    f"; {self.perfect:g} on identical {self.input}s")
                 + ".", "", "Notes", "-----", body]
        if self.conventions:
            lines += ["", "Degenerate inputs:", ""]
            lines += [f"- {key.replace('_', ' ')}: {value}"
                      for key, value in self.conventions.items()]
        if self.symmetric is not None:
            lines += ["", f"Symmetric in its arguments: {'yes' if self.symmetric else 'no'}."]
        if self.partition_form:
            lines += ["", f"On partitions it equals {self.partition_form}."]
        if self.citation:
            lines += ["", "References", "----------", self.citation]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Metric {self.name} ({self.kind}, bounds={self.bounds}, perfect={self.perfect})>"


def growth_exponent(complexity: Any, name: str = "metric") -> float:
    """The exponent of a declared complexity when items and clusters grow together:
    ``"n"`` -> 1, ``"n log n"`` -> 1 (a log factor is within the scaling property's margin),
    ``"n^2"`` -> 2, ``"n^1.5"`` -> 1.5, ``"n + k^2"`` -> 2 (:mod:`.complexity`)."""
    return total_exponent(complexity, name)


def _finite(name: str, what: str, x: Any) -> float:
    try:
        value = float(x)
    except (TypeError, ValueError):
        raise InvalidMetricError(
            f"metric {name!r}: expected a number for {what}, got {x!r}") from None
    if not math.isfinite(value):
        raise InvalidMetricError(f"metric {name!r}: expected a finite {what}, got {x!r}")
    return value


def _check_bounds(name: str, bounds: Any) -> Bounds:
    try:
        lo, hi = bounds
    except (TypeError, ValueError):
        raise InvalidMetricError(
            f"metric {name!r}: expected bounds as a pair (lo, hi), got {bounds!r}"
        ) from None
    lo = None if lo is None else _finite(name, "lower bound", lo)
    hi = None if hi is None else _finite(name, "upper bound", hi)
    if lo is not None and hi is not None and lo > hi:
        raise InvalidMetricError(f"metric {name!r}: lower bound {lo} exceeds upper bound {hi}")
    return lo, hi


def metric(
    func: Optional[Callable[[Any, Any], Any]] = None,
    *,
    name: Optional[str] = None,
    kind: str = "similarity",
    bounds: Bounds = (None, None),
    perfect: Optional[float] = None,
    symmetric: Optional[bool] = None,
    citation: Optional[str] = None,
    conventions: Optional[Mapping[str, Any]] = None,
    closed_forms: tuple = (),
    complexity: str = "n",
    pair_counting: bool = False,
    description: str = "",
    input: str = "partition",
    partition_form: Optional[str] = None,
) -> Any:
    """Wrap a plain ``f(labels_true, labels_pred)`` as a :class:`Metric`.

    Usable as a decorator, with or without arguments, and as a function::

        @metricprops.metric(kind="similarity", bounds=(0, 1), perfect=1)
        def my_score(labels_true, labels_pred): ...

        wrapped = metricprops.metric(sklearn.metrics.adjusted_rand_score, bounds=(-0.5, 1))

    ``conventions`` declares what the library documents about its input, which the checks
    honour (a finding it explains is reported as ``convention (declared)``, not a
    failure): ``{"missing": -1, "compare": "str(label).lower()", "min_items": 4,
    "refuses": ["ValueError"], "degenerate": {"one_class": 0}}`` (see
    :mod:`metricprops.conventions`).  ``pair_counting=True`` declares the metric a
    function of the four pair counts alone (the
    ``strong_monotonicity`` property applies); ``description`` is the one line ``metricprops
    list`` prints (default: the first paragraph of the docstring); ``input="cover"``
    declares a metric of covers (``f(truth_cover, pred_cover)``, see :class:`Metric`).

    The result is not registered; pass it to :func:`metricprops.registry.register_metric` for
    that.
    """

    def wrap(f: Callable[[Any, Any], Any]) -> Metric:
        if isinstance(f, Metric):
            return f.with_metadata(
                name=name or f.name, kind=kind, bounds=bounds, perfect=perfect,
                symmetric=symmetric, citation=citation,
                conventions=conventions or f.conventions,
                closed_forms=tuple(closed_forms) or f.closed_forms, complexity=complexity,
                pair_counting=pair_counting or f.pair_counting,
                description=description or f.description,
                input=input if input != "partition" else f.input,
                partition_form=partition_form or f.partition_form,
            )
        if not callable(f):
            raise InvalidMetricError(f"expected a callable metric, got {type(f).__name__}")
        return Metric(
            name=name or getattr(f, "__name__", None) or type(f).__name__,
            func=f, kind=kind, bounds=bounds, perfect=perfect, symmetric=symmetric,
            citation=citation, conventions=conventions or {},
            closed_forms=tuple(closed_forms), complexity=complexity,
            pair_counting=pair_counting, description=description, input=input,
            partition_form=partition_form,
        )

    return wrap if func is None else wrap(func)


def to_float(value: Any) -> float:
    """Coerce a metric's return value (numpy scalar, 0-d array, int) to a Python float."""
    if isinstance(value, (bool, np.bool_)):
        raise InvalidMetricError(f"expected a number, got the boolean {value!r}")
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value.item()
    return float(value)
