"""Result objects of checks and audits, and their JSON form (schema 1)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

__all__ = ["Status", "CheckResult", "AuditResult", "SYMBOLS", "STATUSES"]

STATUSES = ("passed", "weak", "failed", "error", "gave_up", "not_applicable")
#: Table symbols: passed ✓, weak ≈, failed ✗, error !, gave up ?, not applicable –.
SYMBOLS = {"passed": "✓", "weak": "≈", "failed": "✗", "error": "!", "gave_up": "?",
           "not_applicable": "–"}


class Status:
    PASSED = "passed"
    WEAK = "weak"
    FAILED = "failed"
    ERROR = "error"
    GAVE_UP = "gave_up"
    NOT_APPLICABLE = "not_applicable"


@dataclass
class CheckResult:
    """Verdict of one (metric, constraint) pair.

    ``counterexample`` (failed), ``tie`` (weak) and ``error`` (error) hold the smallest such
    instance as JSON-ready dicts: ``truth``/``pred`` (or ``worse``/``better``) canonical labels,
    ``notation`` in block form such as ``{0 1 | 2}``, and the metric's ``scores``.
    """

    metric: str
    constraint: str
    status: str
    examples: int = 0
    exhaustive_n: int = 0
    max_items: int = 0
    seed: Optional[int] = None
    counterexample: Optional[Dict[str, Any]] = None
    tie: Optional[Dict[str, Any]] = None
    error: Optional[Dict[str, Any]] = None
    message: str = ""
    calls: int = 0

    @property
    def ok(self) -> bool:
        """False for ``failed`` and ``error`` (what makes an audit exit 1)."""
        return self.status not in (Status.FAILED, Status.ERROR)

    @property
    def symbol(self) -> str:
        return SYMBOLS.get(self.status, "?")

    def to_json(self) -> Dict[str, Any]:
        return {
            "metric": self.metric,
            "constraint": self.constraint,
            "status": self.status,
            "examples": self.examples,
            "exhaustive_n": self.exhaustive_n,
            "max_items": self.max_items,
            "seed": self.seed,
            "counterexample": self.counterexample,
            "tie": self.tie,
            "error": self.error,
            "message": self.message,
        }

    def describe(self) -> str:
        """One human-readable paragraph: verdict, smallest counterexample with scores."""
        lines = [f"{self.metric} × {self.constraint}: {self.status}. {self.message}"]
        shown = self.counterexample or self.tie or self.error
        if shown:
            notation = shown.get("notation", {})
            lines.extend(f"  {role}: {text}" for role, text in notation.items())
            scores = shown.get("scores")
            if scores:
                lines.append("  scores: " + ", ".join(f"{k} = {_num(v)}" for k, v in scores.items()))
        return "\n".join(lines)


def _num(v: Any) -> str:
    return f"{v:.6g}" if isinstance(v, float) else str(v)


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

    def table(self) -> str:
        """Metrics × constraints table of symbols."""
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
