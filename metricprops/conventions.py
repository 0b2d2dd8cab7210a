"""Declared conventions: what a metric documents about its input, as data the checks honour.

A library documents conventions that an audit would otherwise report as findings in every
run: ``-1`` means a missing value (pyitlib), labels are compared as ``str(label).lower()``
(mir_eval), fewer than 4 items are refused (ennemi), a one-class side scores 0.  Declared
with the metric (``conventions=`` of :func:`metricprops.metric`, a plan's ``conventions``
table, ``audit --convention KEY=VALUE``), a check reports a finding the declaration
explains as ``convention (declared)`` -- not a failure -- and keeps looking for the
findings it does not explain.

Keys (each optional; any other key with a text value is a note on a degenerate input, as
the built-ins' ``{"single_block": "1.0 ..."}``):

``missing``
    A label (or a list of labels) that means "missing value": a change of the value on
    input holding it is explained, unless the value is not finite or out of the declared
    bounds.
``compare``
    How labels are compared, one of :data:`COMPARE_RULES` (``"str(label).lower()"``): a
    change of the value under a renaming is explained when the rule merges renamed labels
    and the metric scores exactly the partition the rule reads.
``min_items``
    The fewest items the metric accepts: anything it does below is explained.
``refuses``
    Exception type names (or classes) that mean a documented refusal: an error raising
    one of them is explained.
``degenerate``
    A table of named degenerate cases (:data:`CASES`) to the value the metric gives there
    (``{"one_class": 0}``): a finding on input holding the case, where the metric scores
    it as declared, is explained.
"""
from __future__ import annotations

import ast
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, Iterator, Optional, Tuple

from .errors import InvalidConventionError

__all__ = ["Conventions", "COMPARE_RULES", "CASES", "DECLARED_KEYS", "case_holds",
           "from_assignments", "parse_assignment"]

#: Label comparison rules: the name a declaration gives -> the function applied to a label.
COMPARE_RULES: Dict[str, Callable[[Any], Any]] = {
    "str(label)": str,
    "str(label).lower()": lambda label: str(label).lower(),
    "str(label).casefold()": lambda label: str(label).casefold(),
    "int(label)": int,
    "float(label)": float,
}
#: Named degenerate cases: name -> whether a (truth, pred) pair of partitions holds it.
CASES: Dict[str, Callable[[Any, Any], bool]] = {
    "empty": lambda t, p: t.n == 0,
    "single_item": lambda t, p: t.n == 1,
    "one_class": lambda t, p: t.n >= 1 and 1 in (t.n_blocks, p.n_blocks),
    "one_class_truth": lambda t, p: t.n >= 1 and t.n_blocks == 1,
    "one_class_pred": lambda t, p: t.n >= 1 and p.n_blocks == 1,
    "all_singletons": lambda t, p: t.n >= 2 and t.n in (t.n_blocks, p.n_blocks),
}
DECLARED_KEYS = ("missing", "compare", "min_items", "refuses", "degenerate")


def case_holds(case: str, truth: Any, pred: Any) -> bool:
    """Whether the pair of partitions ``(truth, pred)`` holds the named case."""
    return CASES[case](truth, pred)


def _is(label: Any, missing: Any) -> bool:
    if isinstance(label, float) and isinstance(missing, float):
        if math.isnan(label) or math.isnan(missing):
            return math.isnan(label) and math.isnan(missing)
    if label is None or missing is None:
        return label is missing
    try:
        return bool(type(label) is not bool and label == missing)
    except Exception:  # an array-like label, say: not a missing value
        return False


def _jsonable(label: Any) -> Any:
    if label is None or isinstance(label, (str, bool, int)) or (
            isinstance(label, float) and math.isfinite(label)):
        return label
    return repr(label)


def _labels(value: Any) -> Tuple[Any, ...]:
    out = tuple(value) if isinstance(value, (list, tuple)) else (value,)
    for label in out:
        try:
            hash(label)
        except TypeError:
            raise InvalidConventionError(
                f"conventions: expected hashable missing-value labels, got {label!r}") from None
    return out


def _refuses(value: Any) -> Tuple[str, ...]:
    names = []
    for item in (value if isinstance(value, (list, tuple)) else (value,)):
        if isinstance(item, type) and issubclass(item, BaseException):
            names.append(item.__name__)
        elif isinstance(item, str) and item.strip().replace(".", "").isidentifier():
            names.append(item.strip().rpartition(".")[2])
        else:
            raise InvalidConventionError(
                f"conventions: expected exception types or their names for refuses, got "
                f"{item!r}")
    return tuple(names)


def _number(case: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InvalidConventionError(
            f"conventions: expected a number for the degenerate case {case!r}, got {value!r}")
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise InvalidConventionError(
            f"conventions: expected a finite number for the degenerate case {case!r}, got "
            f"{value!r}")
    return number


@dataclass(frozen=True)
class Conventions(Mapping):
    """A metric's declared conventions (module docstring); reads as its JSON mapping.

    Built by :meth:`of` from a mapping, validated at once: a bad key or value raises
    :class:`~metricprops.errors.InvalidConventionError` naming what was expected."""

    missing: Tuple[Any, ...] = ()
    compare: Optional[str] = None
    min_items: int = 0
    refuses: Tuple[str, ...] = ()
    degenerate: Tuple[Tuple[str, float], ...] = ()
    notes: Tuple[Tuple[str, str], ...] = field(default=())

    @classmethod
    def of(cls, value: Any) -> Conventions:
        """``value`` (``None``, a mapping or a Conventions) as a Conventions."""
        if isinstance(value, Conventions):
            return value
        if value is None:
            return cls()
        if not isinstance(value, Mapping):
            raise InvalidConventionError(
                f"conventions: expected a mapping such as {{'missing': -1}}, got "
                f"{type(value).__name__}")
        kw: Dict[str, Any] = {}
        notes = []
        for key, given in value.items():
            if key == "missing":
                kw["missing"] = _labels(given)
            elif key == "compare":
                if given not in COMPARE_RULES:
                    raise InvalidConventionError(
                        f"conventions: expected compare to be one of "
                        f"{', '.join(COMPARE_RULES)}, got {given!r}")
                kw["compare"] = given
            elif key == "min_items":
                if isinstance(given, bool) or not isinstance(given, int) or given < 0:
                    raise InvalidConventionError(
                        f"conventions: expected min_items to be a whole number >= 0, got "
                        f"{given!r}")
                kw["min_items"] = given
            elif key == "refuses":
                kw["refuses"] = _refuses(given)
            elif key == "degenerate":
                if not isinstance(given, Mapping):
                    raise InvalidConventionError(
                        f"conventions: expected degenerate to map case names to values, got "
                        f"{given!r}")
                unknown = sorted(set(given) - set(CASES))
                if unknown:
                    raise InvalidConventionError(
                        f"conventions: unknown degenerate case(s) {', '.join(map(repr, unknown))}"
                        f" (expected {', '.join(CASES)})")
                kw["degenerate"] = tuple((c, _number(c, v)) for c, v in given.items())
            elif isinstance(key, str) and isinstance(given, str):
                notes.append((key, given))
            else:
                raise InvalidConventionError(
                    f"conventions: unknown key {key!r} (expected one of "
                    f"{', '.join(DECLARED_KEYS)}, or a note: a text value), got {given!r}")
        return cls(notes=tuple(notes), **kw)

    # -- the mapping (JSON) form ----------------------------------------------------------
    def _data(self) -> Dict[str, Any]:
        out: Dict[str, Any] = dict(self.notes)
        if self.missing:
            out["missing"] = [_jsonable(m) for m in self.missing]
        if self.compare:
            out["compare"] = self.compare
        if self.min_items:
            out["min_items"] = self.min_items
        if self.refuses:
            out["refuses"] = list(self.refuses)
        if self.degenerate:
            out["degenerate"] = dict(self.degenerate)
        return out

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())

    @property
    def declared(self) -> bool:
        """Whether anything beyond notes is declared (else no check changes)."""
        return bool(self.missing or self.compare or self.min_items or self.refuses
                    or self.degenerate)

    # -- what a declaration explains -------------------------------------------------------
    def holds_missing(self, labels: Iterable[Any]) -> Optional[str]:
        """The declared missing-value label ``labels`` hold (as text), else ``None``."""
        for label in labels:
            for missing in self.missing:
                if _is(label, missing):
                    return repr(missing)
        return None

    def compared(self, labels: Iterable[Any]) -> Optional[list]:
        """The canonical codes of ``labels`` compared by the declared rule (``None``
        without a rule, or when the rule cannot read a label)."""
        if not self.compare:
            return None
        rule, seen = COMPARE_RULES[self.compare], {}  # type: ignore[var-annotated]
        try:
            return [seen.setdefault(rule(label), len(seen)) for label in labels]
        except Exception:
            return None

    def refused(self, exception_name: str) -> bool:
        return exception_name in self.refuses

    def cases(self) -> Dict[str, float]:
        return dict(self.degenerate)


def parse_assignment(text: str) -> Tuple[str, Any]:
    """``KEY=VALUE`` from the command line: the value read as a Python literal (``-1``,
    ``None``, ``[4, 5]``, ``{'one_class': 0}``), else kept as text (``ValueError``,
    ``str(label).lower()``); ``refuses`` and ``missing`` take comma-separated lists."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise InvalidConventionError(f"conventions: expected KEY=VALUE, got {text!r}")
    if key == "compare":
        return key, raw.strip()
    try:
        value = ast.literal_eval(raw.strip())
    except (ValueError, SyntaxError):
        value = raw.strip()
    if key == "refuses" and isinstance(value, str) and "," in value:
        value = [v.strip() for v in value.split(",") if v.strip()]
    return key, value


def from_assignments(texts: Iterable[str]) -> Optional[Conventions]:
    """The conventions of ``KEY=VALUE`` texts (``audit --convention``; a named degenerate
    case may be given as a key of its own: ``one_class=0``); ``None`` for none."""
    data: Dict[str, Any] = {}
    for text in texts:
        key, value = parse_assignment(text)
        if key in CASES:
            data.setdefault("degenerate", {})[key] = value
        elif key == "degenerate" and isinstance(value, Mapping):
            data.setdefault("degenerate", {}).update(value)
        else:
            data[key] = value
    return Conventions.of(data) if data else None
