"""Result objects of checks and audits, and their JSON form (schema 1)."""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, Iterator, List, Optional, Tuple

__all__ = ["Status", "Counterexample", "counterexample_json", "Finding", "CheckResult",
           "AuditResult", "SYMBOLS", "STATUSES", "MEASURED"]

#: Key of a counterexample's measurements (times, fitted growth exponents): they differ
#: between identical runs, so the JSON and the Markdown carry them only with ``timings``.
MEASURED = "measured"


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

    def to_json(self, timings: bool = True) -> Dict[str, Any]:
        """The JSON form; without ``timings``, less the :data:`MEASURED` key."""
        return self.data if timings else {k: v for k, v in self.data.items() if k != MEASURED}

    def lines(self, *, numbers: str = "short", align: bool = False,
              timings: bool = False) -> List[str]:
        """The instance in block notation, one role per line, then the scores and detail.

        ``numbers="short"`` prints floats with 6 significant digits, ``"repr"`` exactly;
        ``align`` pads the role names to one width; ``timings`` adds the measurements.
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
        if "reproduce" in self.data:  # a scale finding: shapes and size, never the labels
            out.append(f"passes at n = {self.data['passes_at']}; reproduce: "
                       f"{self.data['reproduce']}")
        if timings and MEASURED in self.data:
            out.append(f"measured: {self.data[MEASURED]['summary']}")
        return out



@dataclass(frozen=True)
class Finding:
    """One distinct finding of a check, with its own smallest instance.

    ``kind`` is ``"violation"``, ``"error"`` or ``"tie"``; ``input`` is ``"degenerate"``
    (fewer than two items, or a partition that is one block or all singletons) or
    ``"ordinary"``; ``items`` the instance's size; ``found_by`` ``"exhaustive"`` or
    ``"random"``; ``shrunk`` whether the instance is minimal for its finding (exhaustive
    search, or shrunk by hypothesis); ``reason`` the error's reason (``"nan"``,
    ``"raised:ZeroDivisionError"``, ...); ``minimal`` is ``"proved"`` when the exhaustive
    phase checked every instance with fewer items (nothing smaller exists), ``"local"`` when
    no item can be removed and no two blocks merged without losing the finding, else
    ``None``.
    """

    kind: str
    input: str
    items: int
    found_by: str
    shrunk: bool
    example: Counterexample
    reason: Optional[str] = None
    minimal: Optional[str] = None

    @property
    def status(self) -> Status:
        return {"violation": Status.FAILED, "error": Status.ERROR}.get(self.kind, Status.WEAK)

    @classmethod
    def of(cls, value: Any) -> "Finding":
        if isinstance(value, Finding):
            return value
        data = dict(value)
        return cls(kind=data["kind"], input=data["input"], items=data["items"],
                   found_by=data["found_by"], shrunk=data["shrunk"],
                   example=Counterexample(dict(data["counterexample"])),
                   reason=data.get("reason"), minimal=data.get("minimal"))

    def to_json(self, timings: bool = True) -> Dict[str, Any]:
        out: Dict[str, Any] = {"kind": self.kind, "input": self.input, "items": self.items,
                               "found_by": self.found_by, "shrunk": self.shrunk}
        if self.reason is not None:
            out["reason"] = self.reason
        if self.minimal is not None:
            out["minimal"] = self.minimal
        out["counterexample"] = self.example.to_json(timings)
        return out

    def title(self) -> str:
        what = f"error ({self.reason})" if self.kind == "error" else self.kind
        how = self.found_by + ("" if self.shrunk or self.found_by == "exhaustive" else
                               ", not shrunk")
        return f"{what} on {self.input} input, {self.items} items ({how})"


@dataclass
class CheckResult:
    """Verdict of one (metric, constraint) pair.

    ``counterexample`` (failed), ``tie`` (weak) and ``error`` (error) hold the smallest such
    instance as a :class:`Counterexample`.  ``seed`` is the seed this pair was searched with;
    ``found_by`` says how the finding was made (``"exhaustive"``, ``"random"`` -- shrunk by
    hypothesis -- or ``None`` when there is none); ``scope`` is what was searched, in words.
    ``findings`` lists every distinct finding (:class:`Finding`), the headline first: the
    headline is what ``counterexample``/``tie``/``error`` show, and ``status`` is the worst
    finding's.  ``tolerance`` and ``min_items`` are the settings the check ran with,
    ``calls`` the metric calls it made and ``seconds`` its wall time (recorded, but written
    to JSON only on request: it is the one field that differs between identical runs).
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
    findings: List[Finding] = field(default_factory=list)
    tolerance: Optional[float] = None
    min_items: int = 1
    seconds: Optional[float] = None

    def __post_init__(self) -> None:
        self.status = Status(self.status)
        self.findings = [Finding.of(f) for f in self.findings]
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

    def to_json(self, timings: bool = False) -> Dict[str, Any]:
        """The schema-1 form.  Keys after ``message`` were added later (``findings`` and the
        effort); ``seconds`` only with ``timings``."""
        out = {
            "metric": self.metric,
            "constraint": self.constraint,
            "status": self.status.value,
            "examples": self.examples,
            "exhaustive_n": self.exhaustive_n,
            "max_items": self.max_items,
            "seed": self.seed,
            "counterexample": counterexample_json(self.counterexample, timings),
            "tie": counterexample_json(self.tie, timings),
            "error": counterexample_json(self.error, timings),
            "message": self.message,
            "findings": [f.to_json(timings) for f in self.findings],
            "found_by": self.found_by,
            "tolerance": self.tolerance,
            "min_items": self.min_items,
            "calls": self.calls,
        }
        if timings:
            out["seconds"] = None if self.seconds is None else round(self.seconds, 3)
        return out

    def describe(self, timings: bool = False) -> str:
        """One human-readable paragraph: verdict, smallest counterexample with scores
        (``timings``: and its measurements, which differ between runs)."""
        lines = [f"{self.metric} × {self.constraint}: {self.status}. {self.message}"]
        if self.shown:
            lines.extend(f"  {line}" for line in self.shown.lines(timings=timings))
        for f in self.findings[1:]:
            lines.append(f"  also: {f.title()}")
            lines.extend(f"    {line}" for line in f.example.lines(timings=timings))
        return "\n".join(lines)


def _num(v: Any) -> str:
    return f"{v:.6g}" if isinstance(v, float) else str(v)


def counterexample_json(ce: Optional[Counterexample], timings: bool = True) -> Optional[Dict]:
    """The JSON form of a counterexample, or ``None`` (``timings``: with its measurements)."""
    return None if ce is None else ce.to_json(timings)


@dataclass
class AuditResult:
    """All results of an audit, in (metric, constraint) order.

    ``metadata`` holds each metric's declared metadata (name -> :meth:`Metric.metadata`);
    ``timings`` makes the JSON carry each check's wall time (off by default, so that the same
    seed gives the same bytes).  ``complete`` is false for an audit that was interrupted:
    ``results`` then holds the checks that finished and ``unfinished`` the (metric,
    constraint) pairs that did not.
    """

    seed: int
    results: List[CheckResult] = field(default_factory=list)
    settings: Dict[str, Any] = field(default_factory=dict)
    metadata: Dict[str, Dict[str, Any]] = field(default_factory=dict)
    timings: bool = False
    complete: bool = True
    unfinished: List[Tuple[str, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    def get(self, metric: str, constraint: str) -> CheckResult:
        for r in self.results:
            if r.metric == metric and r.constraint == constraint:
                return r
        raise KeyError((metric, constraint))

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"schema": 1, "seed": self.seed, "complete": self.complete,
                               "settings": self.settings}
        if not self.complete:
            out["unfinished"] = [{"metric": m, "constraint": c} for m, c in self.unfinished]
        if self.metadata:
            out["metrics"] = self.metadata
        out["results"] = [r.to_json(self.timings) for r in self.results]
        return out

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
        :func:`metricprops.results.terminal.fit_table`)."""
        if width is not None:
            from .terminal import fit_table
            return fit_table(self, width)
        from .markdown import symbol_table
        return symbol_table(self)

    def markdown(self) -> str:
        """Markdown table, one section per non-passing result (every finding), the declared
        metadata and the search effort (calls; seconds with ``timings``)."""
        from .markdown import markdown
        return markdown(self)
