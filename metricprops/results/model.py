"""Result objects of checks and audits, and their JSON form (schema 1)."""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, Iterator, List, Optional, Tuple

from . import evidence as _evidence
from . import words
from .words import CONVENTION, DECLARED, DECLARED_MARK, items

__all__ = ["Status", "Counterexample", "counterexample_json", "Finding", "CheckResult",
           "AuditResult", "SYMBOLS", "STATUSES", "MEASURED", "CONVENTION", "DECLARED",
           "DECLARED_MARK"]

#: Key of a counterexample's measurements (times, fitted growth exponents): they differ
#: between identical runs, so the JSON and the Markdown carry them only with ``timings``.
MEASURED = _evidence.MEASURED


class Status(str, Enum):
    """A verdict, carrying its table symbol.  Compares and serialises as its string value."""

    PASSED = ("passed", "✓")
    WEAK = ("weak", "≈")
    FAILED = ("failed", "✗")
    ERROR = ("error", "!")
    GAVE_UP = ("gave_up", "?")
    NOT_APPLICABLE = ("not_applicable", "–")

    def __new__(cls, value: str, symbol: str) -> Status:
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
              detail: str = "", extra: Optional[Mapping[str, Any]] = None) -> Counterexample:
        """From :class:`~metricprops.partition.Partition` objects (``preds``: role -> partition;
        ``truth=None``: no partitions, the scores and extras alone)."""
        out: Dict[str, Any] = {}
        if truth is not None:
            out["truth"] = truth.tolist()
            out.update({role: p.tolist() for role, p in preds.items()})
        out["scores"] = dict(scores)
        if truth is not None:
            out["notation"] = {"truth": truth.notation(),
                               **{role: p.notation() for role, p in preds.items()}}
        if detail:
            out["detail"] = detail
        out.update(extra or {})
        return cls(out)

    @classmethod
    def from_call_error(cls, exc: Any) -> Counterexample:
        """The input of a :class:`~metricprops.errors.MetricCallError`, with its reason."""
        return cls(exc.to_json())

    @classmethod
    def of(cls, value: Any) -> Optional[Counterexample]:
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
        """The instance in block notation, one role per line, then the scores, the
        explanation (``why``: the constraint's ``detail``) and what the constraint adds:
        the renamed labels, the modified input, a scale finding's reproduction.

        ``numbers="short"`` prints floats with at least 6 significant digits and as many
        more as it takes to print any two different values differently, ``"repr"``
        exactly; ``align`` pads the role names to one width; ``timings`` adds the
        measurements.
        """
        data = self.data
        notation = data.get("notation") or {}
        width = max([len(role) for role in notation] + [5]) if align else 0
        out = [f"{role + ':':<{width + 1}} {text}" if align else f"{role}: {text}"
               for role, text in notation.items()]
        scores = data.get("scores")
        if scores:
            shown = ({k: repr(v) if isinstance(v, float) else str(v) for k, v in scores.items()}
                     if numbers == "repr" else words.numbers(scores))
            out.append("scores: " + ", ".join(f"{k} = {v}" for k, v in shown.items()))
        if data.get("detail"):
            out.append(f"why: {data['detail']}")
        out += _extra_lines(data)
        if "reproduce" in data:  # a scale finding: shapes and size, never the labels
            out.append(f"passes at n = {data['passes_at']}; reproduce: {data['reproduce']}")
        if timings and MEASURED in data:
            out.append(f"measured: {data[MEASURED]['summary']}")
        return out


def _values(shown: Any) -> str:
    """A container the metric was given (``{"type", "values"}``, values as ``repr``)."""
    if isinstance(shown, Mapping) and "values" in shown:
        return f"[{', '.join(map(str, shown['values']))}] ({shown.get('type', '?')})"
    return str(shown)


def _extra_lines(data: Mapping[str, Any]) -> List[str]:
    """The inputs a constraint built from the instance: the renamed labels (label
    invariance), the modified input (input immutability), the witness of an existential
    claim."""
    out = []
    renamed = data.get("renamed")
    if isinstance(renamed, Mapping):
        kinds = f" ({data['label_kinds']})" if data.get("label_kinds") else ""
        out.append(f"renamed{kinds}: truth = {_values(renamed.get('truth'))}, "
                   f"pred = {_values(renamed.get('pred'))}")
        if data.get("permutation"):
            out.append(f"items permuted as {data['permutation']} on both sides")
    modified = data.get("modified")
    if isinstance(modified, Mapping):
        out.append(f"modified: {modified.get('argument')} given as a "
                   f"{modified.get('container')}: {modified.get('given')} before the call, "
                   f"{modified.get('after')} after")
    witness = data.get("witness")
    if isinstance(witness, Mapping) and {"a", "b"} <= set(witness):
        out.append(f"witness: A = {witness['a']}, B = {witness['b']}")
    return out



@dataclass(frozen=True)
class Finding:
    """One distinct finding of a check, with its own smallest instance.

    ``kind`` is ``"violation"``, ``"error"``, ``"tie"`` or ``"convention"`` (a violation or
    an error that the metric's declared conventions explain: never a failure); ``input`` is
    ``"degenerate"`` (fewer than two items, or a partition that is one block or all singletons) or
    ``"ordinary"``; ``items`` the instance's size; ``found_by`` ``"exhaustive"`` or
    ``"random"``; ``shrunk`` whether the instance is minimal for its finding (exhaustive
    search, or shrunk by hypothesis); ``reason`` the error's reason (``"nan"``,
    ``"raised:ZeroDivisionError"``, ...); ``minimal`` is ``"proved"`` when the exhaustive
    phase checked every instance with fewer items (nothing smaller exists), ``"local"`` when
    no item can be removed and no two blocks merged without losing the finding, else
    ``None``; ``cause`` what the constraint named as the violation's cause (the label kind
    whose renaming changed the value, the pair of shapes of a scale finding), each cause
    being a finding of its own.
    """

    kind: str
    input: str
    items: int
    found_by: str
    shrunk: bool
    example: Counterexample
    reason: Optional[str] = None
    minimal: Optional[str] = None
    cause: Optional[str] = None

    @property
    def status(self) -> Status:
        return {"violation": Status.FAILED, "error": Status.ERROR,
                CONVENTION: Status.PASSED}.get(self.kind, Status.WEAK)

    @classmethod
    def of(cls, value: Any) -> Finding:
        if isinstance(value, Finding):
            return value
        data = dict(value)
        return cls(kind=data["kind"], input=data["input"], items=data["items"],
                   found_by=data["found_by"], shrunk=data["shrunk"],
                   example=Counterexample(dict(data["counterexample"])),
                   reason=data.get("reason"), minimal=data.get("minimal"),
                   cause=data.get("cause"))

    def to_json(self, timings: bool = True) -> Dict[str, Any]:
        out: Dict[str, Any] = {"kind": self.kind, "input": self.input, "items": self.items,
                               "found_by": self.found_by, "shrunk": self.shrunk}
        if self.reason is not None:
            out["reason"] = self.reason
        if self.minimal is not None:
            out["minimal"] = self.minimal
        if self.cause:
            out["cause"] = self.cause
        out["counterexample"] = self.example.to_json(timings)
        return out

    def title(self) -> str:
        what = f"error ({self.reason})" if self.kind == "error" else self.kind
        if self.kind == CONVENTION:
            what = DECLARED + (f": error ({self.reason})" if self.reason else "")
        if self.found_by == "measurement":
            return f"{what} (measured over growing sizes)"
        how = self.found_by + ("" if self.shrunk or self.found_by == "exhaustive" else
                               ", not shrunk") + (f"; cause: {self.cause}" if self.cause else "")
        return f"{what} on {self.input} input, {items(self.items)} ({how})"


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
    ``evidence`` says how the verdict was established (:mod:`metricprops.results.evidence`).
    ``ordinary_status`` is set on an ``error`` whose every error finding is on degenerate
    input (the conventions of 0/0, one block, all singletons, fewer than two items): the
    verdict on the other inputs, which the table shows with a ``!`` mark (``✓₅!``).
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
    evidence: Optional[Dict[str, Any]] = None
    ordinary_status: Optional[Status] = None

    def __post_init__(self) -> None:
        self.status = Status(self.status)
        if self.ordinary_status is not None:
            self.ordinary_status = Status(self.ordinary_status)
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
    def cell(self) -> str:
        """The table's cell: the symbol, the mark of the evidence of a ``✓`` or ``≈``
        (``∀`` proved, ``₅`` every instance up to 5 items, ``~`` sampled or measured; a
        reading of the constraint's own replaces ``✓``: ``≠`` asymmetric, as declared), and
        ``!`` after the verdict on the other inputs when every error is on degenerate input
        (``✓₅!``), and ``§`` when findings were explained by declared conventions."""
        status = self.ordinary_status or self.status
        own = (self.evidence or {}).get("symbol")  # a reading of its own: ≠ (as declared)
        symbol = own if own and status is Status.PASSED else status.symbol
        mark = (_evidence.mark(self.evidence) if status in (Status.PASSED, Status.WEAK)
                else "")
        return (symbol + mark + ("!" if self.ordinary_status is not None else "")
                + (DECLARED_MARK if self.declared else ""))

    @property
    def declared(self) -> List[Finding]:
        """The findings the metric's declared conventions explain (not failures)."""
        return [f for f in self.findings if f.kind == CONVENTION]

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
            "evidence": _evidence.without_measurements(self.evidence, timings),
            "ordinary_status": (None if self.ordinary_status is None
                                else self.ordinary_status.value),
        }
        if timings:
            out["seconds"] = None if self.seconds is None else round(self.seconds, 3)
        return out

    def describe(self, timings: bool = False) -> str:
        """One human-readable paragraph: verdict, smallest counterexample with scores and
        explanation, every other finding, how the verdict was established (``timings``:
        with the measurements, which differ between runs)."""
        lines = [f"{self.metric} × {self.constraint}: {self.status}. {self.message}"]
        if self.shown:
            lines.extend(f"  {line}" for line in self.shown.lines(timings=timings))
        for f in self.findings[1 if self.shown else 0:]:
            lines.append(f"  {'declared' if f.kind == CONVENTION else 'also'}: {f.title()}")
            if f.kind == "error" and f.example.get("message"):
                lines.append(f"    error: {f.example['message']}")
            lines.extend(f"    {line}" for line in f.example.lines(timings=timings))
        if self.evidence and self.evidence.get("kind") in ("proved", "measured"):
            lines.append(f"  evidence: {_evidence.text(self.evidence, timings)}")
        return "\n".join(lines)


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
    constraint) pairs that did not.  ``baseline`` is set by a run against a baseline
    (:mod:`metricprops.results.baseline`): what was new or changed.
    """

    seed: int
    results: List[CheckResult] = field(default_factory=list)
    settings: Dict[str, Any] = field(default_factory=dict)
    metadata: Dict[str, Dict[str, Any]] = field(default_factory=dict)
    timings: bool = False
    complete: bool = True
    unfinished: List[Tuple[str, str]] = field(default_factory=list)
    #: what was new against ``--baseline`` (:meth:`BaselineDiff.to_json`), when one was given
    baseline: Optional[Dict[str, Any]] = None

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
        if self.baseline is not None:
            out["baseline"] = self.baseline
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
