"""The journal of an audit: every finished check, one JSON line each, so nothing is lost.

The first line is the header: the audit's seed, its settings and its (metric, constraint)
pairs in order.  Each further line is one finished check (its schema-1 JSON with its wall
time).  A line is written and flushed as soon as a check finishes, so after an interrupt
(or a power cut) the journal holds every check that finished; a half-written last line is
ignored.  Resuming (:meth:`Journal.open` with ``resume``) keeps those results and runs only
the missing pairs: each pair has its own seed, so the final results are those of an
uninterrupted run.
"""
from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple, Union

from ..errors import JournalError
from ..results.model import CheckResult

__all__ = ["Journal", "journal_seed", "result_from_json"]

Pair = Tuple[str, str]
_FIELDS = {f.name for f in dataclasses.fields(CheckResult)}


def result_from_json(data: Dict[str, Any]) -> CheckResult:
    """A :class:`CheckResult` from its JSON form (keys it does not know are left out)."""
    return CheckResult(**{k: v for k, v in data.items() if k in _FIELDS})


def _read(path: Union[str, Path]) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise JournalError(f"cannot read the journal {path}: {exc.strerror or exc}") from None
    try:
        header = json.loads(lines[0]) if lines else {}
    except ValueError:
        header = {}
    if header.get("journal") != 1:
        raise JournalError(f"{path} is not a metricprops audit journal")
    results = []
    for line in lines[1:]:
        try:
            results.append(json.loads(line)["result"])
        except (ValueError, KeyError, TypeError):
            break  # a line cut short by the interrupt: what follows cannot be trusted
    return header, results


def journal_seed(path: Union[str, Path]) -> int:
    """The seed an audit journal was written with."""
    return int(_read(path)[0]["seed"])


class Journal:
    """An open journal: :meth:`add` appends a finished check."""

    def __init__(self, path: Union[str, Path], handle: Any, done: Dict[Pair, CheckResult]):
        self.path, self._handle, self.done = Path(path), handle, done

    @classmethod
    def open(cls, path: Union[str, Path], *, seed: int, settings: Dict[str, Any],
             pairs: Sequence[Pair], resume: bool = False) -> Journal:
        """Start a journal at ``path`` (replacing one there), or with ``resume`` continue the
        one there, whose seed, settings and pairs must be these (:class:`JournalError` names
        what differs)."""
        head = {"journal": 1, "seed": seed, "settings": settings,
                "pairs": [list(p) for p in pairs]}
        done: Dict[Pair, CheckResult] = {}
        if resume:
            header, results = _read(path)
            for key, what in (("seed", "seed"), ("settings", "settings"), ("pairs", "pairs")):
                if json.loads(json.dumps(head[key])) != header.get(key):
                    raise JournalError(
                        f"the journal {path} was written by another audit: its {what} "
                        f"{json.dumps(header.get(key))[:200]} "
                        f"{'differs' if key == 'seed' else 'differ'} from this run's "
                        f"{json.dumps(head[key])[:200]}")
            done = {(r["metric"], r["constraint"]): result_from_json(r) for r in results}
            handle = open(path, "a", encoding="utf-8", newline="\n")
        else:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            handle = open(path, "w", encoding="utf-8", newline="\n")
            handle.write(json.dumps(head, ensure_ascii=False) + "\n")
            handle.flush()
        return cls(path, handle, done)

    def add(self, result: CheckResult) -> None:
        """Append one finished check and flush it to the file."""
        line = json.dumps({"result": result.to_json(timings=True)}, ensure_ascii=False)
        self._handle.write(line + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self, remove: bool = False) -> None:
        """Close the file (``remove``: and delete it, once the audit is complete)."""
        self._handle.close()
        if remove:
            self.path.unlink(missing_ok=True)

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: Any) -> None:
        if not self._handle.closed:
            self._handle.close()


def missing(pairs: Sequence[Pair], done: Dict[Pair, Any]) -> List[Pair]:
    """The pairs not finished yet, in order."""
    return [p for p in pairs if p not in done]
