"""The shapes of the scale phase: structured partitions of n items, their pairs and sizes.

:data:`SHAPES` names partitions that exist at every size (one block, all singletons, two
halves, one giant block among singletons, about sqrt(n) equal blocks, skewed sizes 1, 2, 4,
..., random labels); :data:`SHAPE_PAIRS` the pairs the constraints are checked on and
:func:`ladder` the sizes, each just past an integer limit (:data:`LIMITS`).  A finding is
shown by shape and size with :func:`reproduction`, one line of Python runnable as printed.
"""
from __future__ import annotations

import functools
import math
import os
import sys
from typing import Any, Callable, Dict, List, Sequence, Tuple

import numpy as np

from ..partition import Partition

__all__ = ["SHAPES", "SHAPE_PAIRS", "DISTINCT_PAIRS", "IDENTICAL_PAIRS", "LIMITS", "RANDOM_SEED",
           "shape_labels", "shape_partition", "shape_of",
           "ladder", "cause", "metric_expression", "reproduction"]


def _equal(n: int) -> np.ndarray:
    return np.arange(n) // max(1, math.isqrt(n))


#: Seed of the random shape (its labels at n items come from ``default_rng(seed + n)``).
RANDOM_SEED = 1


def _random(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed + n).integers(0, max(1, math.isqrt(n)), n)


#: name -> labels of n items (numpy integer array).
SHAPES: Dict[str, Callable[[int], np.ndarray]] = {
    "one block": lambda n: np.zeros(n, dtype=np.int64),
    "all singletons": lambda n: np.arange(n),
    "two halves": lambda n: (np.arange(n) >= n // 2).astype(np.int64),
    "giant among singletons": lambda n: np.maximum(np.arange(n) - (n - n // 8), 0),
    "equal blocks": _equal,  # about sqrt(n) blocks of sqrt(n) items
    "skewed": lambda n: np.floor(np.log2(np.arange(1, n + 1))).astype(np.int64),  # 1, 2, 4, ...
    "random": lambda n: _random(n, RANDOM_SEED),
}

#: (truth shape, prediction shape) of distinct shapes, in the order tried.
DISTINCT_PAIRS: Tuple[Tuple[str, str], ...] = (
    ("one block", "two halves"), ("two halves", "equal blocks"),
    ("giant among singletons", "one block"), ("skewed", "random"),
    ("all singletons", "one block"),
)
#: Identical pairs: a declared perfect value is an exact reference at every size.  Shapes
#: with many blocks on both sides (all singletons, the giant among n/8 singletons) are left
#: out: a dense classes x clusters table, as many libraries build, would hold n^2/64 cells.
IDENTICAL_PAIRS: Tuple[Tuple[str, str], ...] = (
    ("one block", "one block"), ("two halves", "two halves"),
    ("equal blocks", "equal blocks"), ("skewed", "skewed"),
)
#: Every pair, in the order tried: distinct shapes, then identical ones.
SHAPE_PAIRS: Tuple[Tuple[str, str], ...] = DISTINCT_PAIRS + IDENTICAL_PAIRS

#: Sizes just past an integer limit: (n, what overflows there).
LIMITS: Tuple[Tuple[int, str], ...] = (
    (257, "counts past 2^8, products of squared counts past 2^31"),
    (4097, "pair counts past 2^23, products of pair counts past 2^45"),
    (92683, "products of pair counts past 2^63 (one block against halves)"),
    (131072, "counts past 2^16, pair counts past 2^33"),
)


def shape_labels(shape: str, n: int) -> np.ndarray:
    """The labels of ``shape`` with ``n`` items (see :data:`SHAPES`)."""
    return SHAPES[shape](int(n))


#: The limits of :data:`LIMITS` where the labels' own codes pass an integer width (2^8, 2^12,
#: 2^16): all that renaming the labels can meet.  92,683 is a limit of counts only, which a
#: renaming leaves as they are (the shape pair itself is scored there by the other checks).
CODE_LIMITS: Tuple[int, ...] = (257, 4097, 131072)


def ladder(max_n: int, codes_only: bool = False) -> List[int]:
    """The sizes tried, ascending: each limit of :data:`LIMITS` up to ``max_n`` (of
    :data:`CODE_LIMITS` with ``codes_only``), and ``max_n`` itself."""
    limits = {n for n, _ in LIMITS if n <= max_n and (not codes_only or n in CODE_LIMITS)}
    return sorted(limits | ({max_n} if max_n >= 2 else set()))


def cause(shapes: Tuple[str, str]) -> str:
    return f"{shapes[0]} vs {shapes[1]}"


def metric_expression(metric: Any) -> Tuple[str, bool]:
    """``(Python expression, takes lists)``: how to get ``metric``'s function in a fresh
    interpreter (``import metricprops as mp`` and ``import_target`` in scope).

    A built-in by its name; a function carrying ``__metricprops_source__`` (an adapted plan
    target) by that expression; a module-level function by its file (relative to the
    current folder when inside it) or module and name; anything else by its name alone
    (not runnable: a lambda or a closure has no address)."""
    from ..registry import get_metric
    from ..targets import spec_of
    if metric.builtin:
        try:
            get_metric(metric.name)
            return f"mp.get_metric({metric.name!r})", False
        except Exception:  # a built-in formula under another name
            return metric.name, False
    func = metric.func
    source = getattr(func, "__metricprops_source__", None)
    if source:
        return source, True
    spec = spec_of(func)  # imported from a target: by the target as given, whatever its name
    if spec:
        return f"import_target({spec!r})", True
    module = sys.modules.get(getattr(func, "__module__", None) or "")
    qualname = getattr(func, "__qualname__", None) or getattr(func, "__name__", None)
    if module is None or not isinstance(qualname, str) or "<" in qualname:
        return metric.name, True
    found: Any = module
    for part in qualname.split("."):
        found = getattr(found, part, None)
    if getattr(found, "func", None) is func:  # a metric decorated in its file: the Metric
        found = func
    if found is not func:
        return metric.name, True
    path = getattr(module, "__file__", None)
    here = os.getcwd()
    if path and module.__name__ != "__main__" and os.path.abspath(path).startswith(here + os.sep):
        spec = f"{os.path.relpath(path, here)}:{qualname}"
    else:
        spec = f"{module.__name__}:{qualname}"
    return f"import_target({spec!r})", True


def reproduction(truth: str, pred: str, sizes: Sequence[int], metric: Any) -> str:
    """One line of Python, runnable as printed, that prints the metric's value on the shape
    pair at each of ``sizes`` (as the audit calls it: lists for a function, labels for a
    built-in).  ``metric`` is a :class:`~metricprops.Metric` (a name gives the name)."""
    if isinstance(metric, str):
        expression, lists = metric, False
    else:
        expression, lists = metric_expression(metric)
    tail = ".tolist()" if lists else ""
    calls = ", ".join(f"f(s({truth!r}, {n}){tail}, s({pred!r}, {n}){tail})" for n in sizes)
    imports = "import metricprops as mp; " if expression.startswith("mp.") else (
        "from metricprops.targets import import_target; "
        if "import_target(" in expression else "")
    if expression.startswith("Adapter("):  # an adapted plan target
        imports = "from metricprops.plans.adapters import Adapter; " + imports
    return (f"from metricprops.search.scale import shape_labels as s; {imports}"
            f"f = {expression}; print({calls})")


@functools.cache
def shape_partition(shape: str, n: int) -> Partition:
    """The partition of ``shape`` with ``n`` items (one object per shape and size: the
    ladder's partitions take about 30 MB in all)."""
    partition = Partition.from_labels(shape_labels(shape, n))
    _SHAPE_OF[id(partition)] = (shape, n)  # kept alive by the cache: the id stays its own
    return partition



_SHAPE_OF: Dict[int, Tuple[str, int]] = {}


def shape_of(partition: Partition) -> Any:
    """``(shape, n)`` of a partition made by :func:`shape_partition`, else ``None``."""
    return _SHAPE_OF.get(id(partition))
