"""Baselines: against an earlier audit's JSON, only the findings that are new or changed count.

Like ruff's and mypy's baselines, for regression-testing a library whose known findings stay
known: ``metricprops audit ... --baseline old.json`` (and ``assert_satisfies(...,
baseline=...)`` or ``pytest --metricprops-baseline old.json``) fails only on what the earlier
audit did not have.

A finding is identified by its metric, constraint, kind (``violation`` or ``error``), error
reason, input class and cause (:class:`~metricprops.results.Finding`): what stays the same
between runs with other seeds.  It is

* **known** when the baseline holds a finding with the same identity;
* **changed** when it is known, both were found by the exhaustive search (which does not
  depend on the seed), and the smallest instance differs;
* **new** otherwise.

A check that does not hold without a finding (``gave_up``, ``not_applicable``, an ``error``
recorded without findings) is identified by its status (and error reason), the same way.
Ties and ``convention (declared)`` findings are never failures, so never counted.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from ..errors import BaselineError

__all__ = ["load_baseline", "compare_to_baseline", "BaselineDiff", "NewFinding"]

Identity = Tuple[str, str, str, str, str, str]
#: Finding kinds that fail a check (a tie or a declared convention never does).
FAILING = ("violation", "error")


def load_baseline(source: Union[str, Path, Mapping[str, Any]]) -> Dict[str, Any]:
    """The audit JSON of ``source`` (a path, or the mapping itself), checked to be one.

    Raises
    ------
    BaselineError
        When the file cannot be read or is not the JSON of an audit (``{"schema": 1,
        "results": [...]}``).
    """
    if isinstance(source, Mapping):
        data: Any = source
        where = "the baseline"
    else:
        where = f"baseline {str(source)!r}"
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except OSError as exc:
            raise BaselineError(f"{where}: expected a readable audit JSON file, got "
                                f"{type(exc).__name__}: {exc.strerror or exc}") from None
        except ValueError as exc:
            raise BaselineError(f"{where}: expected an audit's JSON (--json PATH), got "
                                f"text that is not JSON ({exc})") from None
    if not isinstance(data, Mapping) or not isinstance(data.get("results"), list):
        raise BaselineError(f"{where}: expected an audit's JSON with a \"results\" list, got "
                            f"{type(data).__name__}"
                            + (f" with keys {sorted(data)[:5]}" if isinstance(data, Mapping)
                               else ""))
    return dict(data)


def _get(obj: Any, name: str, default: Any = None) -> Any:
    return obj.get(name, default) if isinstance(obj, Mapping) else getattr(obj, name, default)


def _failing(result: Any) -> bool:
    return str(_get(result, "status")) not in ("passed", "weak")


def _instance(finding: Any) -> Tuple[str, ...]:
    ce = _get(finding, "counterexample") if isinstance(finding, Mapping) else finding.example
    notation = (ce or {}).get("notation") or {}
    return tuple(f"{role}: {text}" for role, text in notation.items())


def _entries(result: Any) -> Iterable[Tuple[Identity, Any]]:
    """The (identity, finding) of every failing finding of ``result`` (a finding is
    ``None`` for a check that does not hold without one)."""
    if not _failing(result):
        return
    metric, constraint = str(_get(result, "metric")), str(_get(result, "constraint"))
    findings = [f for f in (_get(result, "findings") or [])
                if str(_get(f, "kind")) in FAILING]
    if not findings:
        error = _get(result, "error") or {}
        yield (metric, constraint, str(_get(result, "status")), "",
               str(error.get("reason", "")) if isinstance(error, Mapping) else "", ""), None
    for f in findings:
        yield (metric, constraint, str(_get(f, "kind")), str(_get(f, "reason") or ""),
               str(_get(f, "input")), str(_get(f, "cause") or "")), f


@dataclass(frozen=True)
class NewFinding:
    """A finding the baseline does not hold (``change``: ``"new"`` or ``"changed"``)."""

    metric: str
    constraint: str
    change: str
    finding: Any = None  # a Finding, or None for a check that does not hold without one
    status: str = ""

    def title(self) -> str:
        what = self.finding.title() if self.finding is not None else self.status
        return f"{self.metric} × {self.constraint}: {self.change}: {what}"

    def lines(self) -> List[str]:
        out = [self.title()]
        if self.finding is not None:
            out += [f"  {line}" for line in self.finding.example.lines()]
        return out

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"metric": self.metric, "constraint": self.constraint,
                               "change": self.change}
        if self.finding is not None:
            out.update({k: v for k, v in self.finding.to_json(False).items()
                        if k != "counterexample"})
        else:
            out["status"] = self.status
        return out


@dataclass
class BaselineDiff:
    """What an audit found beyond its baseline: ``new`` findings, and how many ``known``."""

    source: str
    new: List[NewFinding] = field(default_factory=list)
    known: int = 0

    @property
    def ok(self) -> bool:
        """True when nothing is new or changed (what makes ``--baseline`` exit 0)."""
        return not self.new

    def pairs(self) -> List[Tuple[str, str]]:
        """The (metric, constraint) pairs with something new, in order."""
        return list(dict.fromkeys((n.metric, n.constraint) for n in self.new))

    def summary(self) -> str:
        known = f"{self.known} known finding{'s' if self.known != 1 else ''} left out"
        if not self.new:
            return f"baseline {self.source}: no new findings ({known})."
        return (f"baseline {self.source}: {len(self.new)} new or changed "
                f"finding{'s' if len(self.new) != 1 else ''} ({known}).")

    def lines(self) -> List[str]:
        """Each new or changed finding with its instance, then the summary."""
        out: List[str] = []
        for n in self.new:
            out += n.lines()
        return out + [self.summary()]

    def to_json(self) -> Dict[str, Any]:
        return {"source": self.source, "known": self.known,
                "new": [n.to_json() for n in self.new]}


def compare_to_baseline(audit: Any, baseline: Union[str, Path, Mapping[str, Any]],
                        source: Optional[str] = None) -> BaselineDiff:
    """The findings of ``audit`` (an :class:`~metricprops.results.AuditResult`) that are new
    or changed against ``baseline`` (a path or an audit's JSON mapping)."""
    data = load_baseline(baseline)
    name = source or (str(baseline) if not isinstance(baseline, Mapping) else "(given)")
    old: Dict[Identity, List[Any]] = {}
    for result in data["results"]:
        for identity, finding in _entries(result):
            old.setdefault(identity, []).append(finding)
    diff = BaselineDiff(name)
    for result in audit.results:
        for identity, finding in _entries(result):
            before = old.get(identity)
            change = "new" if before is None else ""
            if before and finding is not None and finding.found_by == "exhaustive":
                exhaustive = [b for b in before if b and _get(b, "found_by") == "exhaustive"]
                if exhaustive and all(_instance(b) != _instance(finding) for b in exhaustive):
                    change = "changed"
            if change:
                diff.new.append(NewFinding(result.metric, result.constraint, change, finding,
                                           str(result.status)))
            else:
                diff.known += 1
    return diff
