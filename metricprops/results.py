"""Result objects of checks and audits, and their JSON form (schema 1)."""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, Iterator, List, Optional

__all__ = ["Status", "Counterexample", "counterexample_json", "CheckResult", "AuditResult", "SYMBOLS", "STATUSES"]


class Status(str, Enum):
    """A verdict, carrying its table symbol.  Compares and serialises as its string value."""

    PASSED = ("passed", "✓")
    WEAK = ("weak", "≈")
    FAILED = ("failed", "✗")
    ERROR = ("error", "!")
    GAVE_UP = ("gave_up", "?")
    NOT_APPLICABLE = ("not_applicable", "–")

    def __new__(cls, value: str, symbol: str) -> "Status":
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.symbol = symbol
        return obj

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __hash__(self) -> int:  # equal to its string, so it must hash like it
        return str.__hash__(self)

    @property
    def ok(self) -> bool:
        """False for ``failed`` and ``error`` (what makes an audit exit 1)."""
        return self not in (Status.FAILED, Status.ERROR)


#: The statuses in report order, and their symbols (derived from :class:`Status`).
STATUSES = tuple(s.value for s in Status)
SYMBOLS = {s.value: s.symbol for s in Status}


@dataclass(frozen=True)
class Counterexample(Mapping):
    """The instance behind a finding: the truth, the prediction(s), the metric's scores.

    Built in one place (:meth:`build`, or :meth:`from_call_error` for an ``error``), rendered
    in one place (:meth:`lines`).  It reads like its JSON form (``ce["truth"]``,
    ``ce["notation"]["pred"]``), which :meth:`to_json` returns: canonical labels of the truth
    and of each prediction role (``pred``, or ``worse``/``better``), ``scores``, ``notation``
    in block form such as ``{0 1 | 2}``, an optional ``detail`` and constraint extras.
    """

    data: Dict[str, Any]

    @classmethod
    def build(cls, truth: Any, preds: Mapping[str, Any], scores: Mapping[str, Any],
              detail: str = "", extra: Optional[Mapping[str, Any]] = None) -> "Counterexample":
        """From :class:`~metricprops.partition.Partition` objects (``preds``: role -> partition)."""
        out: Dict[str, Any] = {"truth": truth.tolist()}
        out.update({role: p.tolist() for role, p in preds.items()})
        out["scores"] = dict(scores)
        out["notation"] = {"truth": truth.notation(),
                           **{role: p.notation() for role, p in preds.items()}}
        if detail:
            out["detail"] = detail
        out.update(extra or {})
        return cls(out)

    @classmethod
    def from_call_error(cls, exc: Any) -> "Counterexample":
        """The input of a :class:`~metricprops.errors.MetricCallError`, with its reason."""
        return cls(exc.to_json())

    @classmethod
    def of(cls, value: Any) -> Optional["Counterexample"]:
        """``value`` as a Counterexample (``None`` stays ``None``; a JSON dict is wrapped)."""
        if value is None or isinstance(value, Counterexample):
            return value
        return cls(dict(value))

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def to_json(self) -> Dict[str, Any]:
        return self.data

    def lines(self, *, numbers: str = "short", align: bool = False) -> List[str]:
        """The instance in block notation, one role per line, then the scores and detail.

        ``numbers="short"`` prints floats with 6 significant digits, ``"repr"`` exactly;
        ``align`` pads the role names to one width.
        """
        notation = self.data.get("notation") or {}
        width = max([len(role) for role in notation] + [5]) if align else 0
        out = [f"{role + ':':<{width + 1}} {text}" if align else f"{role}: {text}"
               for role, text in notation.items()]
        scores = self.data.get("scores")
        if scores:
            fmt = repr if numbers == "repr" else _num
            out.append("scores: " + ", ".join(f"{k} = {fmt(v) if isinstance(v, float) else v}"
                                              for k, v in scores.items()))
        return out


@dataclass
class CheckResult:
    """Verdict of one (metric, constraint) pair.

    ``counterexample`` (failed), ``tie`` (weak) and ``error`` (error) hold the smallest such
    instance as a :class:`Counterexample`.  ``seed`` is the seed this pair was searched with;
    ``found_by`` says how the finding was made (``"exhaustive"``, ``"random"`` -- shrunk by
    hypothesis -- or ``None`` when there is none); ``scope`` is what was searched, in words.
    """

    metric: str
    constraint: str
    status: Status
    examples: int = 0
    exhaustive_n: int = 0
    max_items: int = 0
    seed: Optional[int] = None
    counterexample: Optional[Counterexample] = None
    tie: Optional[Counterexample] = None
    error: Optional[Counterexample] = None
    message: str = ""
    calls: int = 0
    found_by: Optional[str] = None
    scope: str = ""

    def __post_init__(self) -> None:
        self.status = Status(self.status)
        self.counterexample = Counterexample.of(self.counterexample)
        self.tie = Counterexample.of(self.tie)
        self.error = Counterexample.of(self.error)

    @property
    def ok(self) -> bool:
        """False for ``failed`` and ``error`` (what makes an audit exit 1)."""
        return self.status.ok

    @property
    def symbol(self) -> str:
        return self.status.symbol

    @property
    def shown(self) -> Optional[Counterexample]:
        """The instance the verdict rests on: the counterexample, the tie or the error input."""
        return self.counterexample or self.tie or self.error

    def to_json(self) -> Dict[str, Any]:
        return {
            "metric": self.metric,
            "constraint": self.constraint,
            "status": self.status.value,
            "examples": self.examples,
            "exhaustive_n": self.exhaustive_n,
            "max_items": self.max_items,
            "seed": self.seed,
            "counterexample": counterexample_json(self.counterexample),
            "tie": counterexample_json(self.tie),
            "error": counterexample_json(self.error),
            "message": self.message,
        }

    def describe(self) -> str:
        """One human-readable paragraph: verdict, smallest counterexample with scores."""
        lines = [f"{self.metric} × {self.constraint}: {self.status}. {self.message}"]
        if self.shown:
            lines.extend(f"  {line}" for line in self.shown.lines())
        return "\n".join(lines)


def _num(v: Any) -> str:
    return f"{v:.6g}" if isinstance(v, float) else str(v)


def counterexample_json(ce: Optional[Counterexample]) -> Optional[Dict[str, Any]]:
    """The JSON form of a counterexample, or ``None``."""
    return None if ce is None else ce.to_json()


@dataclass
class AuditResult:
    """All results of an audit, in (metric, constraint) order."""

    seed: int
    results: List[CheckResult] = field(default_factory=list)
    settings: Dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    def get(self, metric: str, constraint: str) -> CheckResult:
        for r in self.results:
            if r.metric == metric and r.constraint == constraint:
                return r
        raise KeyError((metric, constraint))

    def to_json(self) -> Dict[str, Any]:
        return {"schema": 1, "seed": self.seed, "settings": self.settings,
                "results": [r.to_json() for r in self.results]}

    def dumps(self) -> str:
        """Deterministic JSON text (same seed and settings → same bytes)."""
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False, sort_keys=False) + "\n"

    def metrics(self) -> List[str]:
        return list(dict.fromkeys(r.metric for r in self.results))

    def constraints(self) -> List[str]:
        return list(dict.fromkeys(r.constraint for r in self.results))

    def table(self, width: Optional[int] = None) -> str:
        """Metrics × constraints table of symbols; with ``width``, laid out to fit that many
        columns (abbreviated heads with a key, or one row per constraint: see
        :func:`metricprops.audit_text.fit_table`)."""
        if width is not None:
            from .audit_text import fit_table
            return fit_table(self, width)
        metrics, constraints = self.metrics(), self.constraints()
        by_key = {(r.metric, r.constraint): r for r in self.results}
        width = max([len(m) for m in metrics] + [6])
        cols = [max(len(c), 1) for c in constraints]
        head = " " * width + "  " + "  ".join(c for c in constraints)
        rows = [head]
        for m in metrics:
            cells = []
            for c, w in zip(constraints, cols):
                r = by_key.get((m, c))
                cells.append((r.symbol if r else " ").center(w))
            rows.append(f"{m:<{width}}  " + "  ".join(cells))
        rows.append("")
        rows.append("✓ passed   ≈ weak (ties only)   ✗ failed   ! error   ? gave up   – not applicable")
        return "\n".join(rows)

    def markdown(self) -> str:
        """Markdown table plus one section per non-passing result."""
        metrics, constraints = self.metrics(), self.constraints()
        by_key = {(r.metric, r.constraint): r for r in self.results}
        out = ["| metric | " + " | ".join(constraints) + " |",
               "|---|" + "---|" * len(constraints)]
        for m in metrics:
            out.append(f"| {m} | " + " | ".join(
                by_key[(m, c)].symbol if (m, c) in by_key else "" for c in constraints) + " |")
        out.append("")
        out.append("✓ passed · ≈ weak (ties only) · ✗ failed · ! error · ? gave up · "
                   "– not applicable")
        details = [r for r in self.results if r.status != Status.PASSED]
        if details:
            out.append("")
            out.append("## Findings")
            for r in details:
                out.append("")
                out.append(f"### {r.metric} × {r.constraint}: {r.status}")
                out.append("")
                out.append("```")
                out.append(r.describe())
                out.append("```")
        return "\n".join(out) + "\n"
