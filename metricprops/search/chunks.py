"""One check's exhaustive phase in chunks, run by many workers and merged into exactly what
one worker would have found.

A constraint whose enumeration comes in parts (``exhaustive_parts``, see
:mod:`metricprops.constraints._split`) is cut into *chunks* of consecutive parts
(:func:`chunk_plan`), each run on its own (:func:`run_chunk`); the check then starts from the
merged chunks (:func:`resume`) instead of enumerating.  The merge rebuilds the state the
phase leaves in one worker, so the verdict, its counterexamples, the ``calls`` count and the
JSON are the same:

* The phase skips an instance of an input class when it is larger than that class' smallest
  violation so far.  A chunk does not know the violations of the chunks before it: it skips
  on what it knows (its own violations and a *hint*, those of earlier chunks that were done
  when it started: never more than one worker skips) and records what it evaluated in
  *runs* (the stretches between two of its violations that change what it skips) of
  *groups* (the instances of one size and input class).  The merge replays the runs in
  enumeration order with the true skip state and drops the groups one worker would have
  skipped.
* A group keeps what the phase keeps, with positions to break ties as the enumeration order
  does: per finding the first and the smallest instance, the smallest tie, the first
  statistical candidate of each size, the instance count; and, for the ``calls`` count, the
  scorer's memo (every input scored, with its value) and the calls that failed.  The check
  resumes with a scorer that knows those values, so the later phases call the metric exactly
  when one worker would have.
* A hung metric (``timeout``) ends the phase where it hung, as in one worker, or on a
  degenerate input ends the run and skips that input class from then on (recorded as
  ``-1`` in ``found_at``: every size skipped); if one worker would have skipped that
  instance, the chunks cannot stand for the phase and the check enumerates by itself.

Only deterministic metrics give the same result both ways (a metric whose values change
between calls is a finding of the determinism constraint, not something to reproduce).
"""
from __future__ import annotations

import itertools
import struct
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..calls import Scorer
from ..constraint import Evaluation, Instance, Outcome
from ..errors import MetricCallError
from ..partition import Partition
from .core import Abort, Search, error_key, input_class

__all__ = ["chunk_plan", "run_chunk", "resume", "Chunk", "MIN_SPLIT", "MAX_CHUNK"]

#: A phase is split when its parts weigh at least this much (for the constraints split by
#: truth, pairs of a truth and a prediction: 44,167 for 6 items, 95,174 instances of
#: homogeneity); below it one worker ends the phase in seconds.
MIN_SPLIT = 20_000
#: Most weight in one chunk (its memo travels back when it ends).
MAX_CHUNK = 50_000
#: ``found_at`` of an input class skipped at every size (the metric hung on one of them).
SKIPPED = -1
#: Chunks per worker at least, so that a worker done early takes another.
CHUNKS_PER_WORKER = 4


def pack(truth: Partition, pred: Partition) -> bytes:
    """The scorer's memo key of ``(truth, pred)`` as short bytes (never ending in a zero)."""
    if truth.n == pred.n < 256:  # odd length
        return (truth.labels.astype(np.uint8).tobytes() + pred.labels.astype(np.uint8).tobytes()
                + b"\xff")
    return (struct.pack("<q", truth.n) + truth.labels.tobytes() + pred.labels.tobytes()
            + b"\xfe\xfe")  # even length


_INTP = np.dtype(np.intp).itemsize


def _partition(codes: bytes) -> Partition:
    return Partition.from_labels(np.frombuffer(codes, np.intp))


def _blocks(instance: Instance) -> int:
    return instance.truth.n_blocks + sum(p.n_blocks for p in instance.preds.values())


@dataclass
class Group:
    """What the instances of one size and input class in one run left (positions are the
    chunk's own, from 0)."""

    count: int = 0
    errors: int = 0  # metric calls that failed (never memoised: each one counts)
    memo: Any = field(default_factory=dict)  # (truth, pred) codes -> value; then arrays
    findings: Dict[tuple, list] = field(default_factory=dict)  # key -> [first, rank, kept]
    tie: Optional[tuple] = None  # (size key, position, instance, evaluation)
    candidates: Dict[tuple, tuple] = field(default_factory=dict)  # size key -> (pos, i, ev)
    undecided: Optional[str] = None  # the first reason an evaluation could not decide

    def keep(self, key: tuple, instance: Instance, what: Any, shrunk: bool, pos: int) -> None:
        """As :meth:`Search._keep`: the smallest instance of a finding (the first of equals)."""
        rank = (instance.n, instance.size_key() if isinstance(what, Evaluation) else (), pos)
        kept = (instance, what, "exhaustive", shrunk)
        old = self.findings.get(key)
        if old is None:
            self.findings[key] = [pos, rank, kept]
        elif rank < old[1]:
            old[1:] = [rank, kept]

    def see(self, instance: Instance, ev: Evaluation, pos: int) -> None:
        """As :meth:`Search.evaluate`: the smallest tie, the first candidate of each size,
        the first reason not to decide."""
        if ev.undecided and self.undecided is None:
            self.undecided = ev.undecided
        if ev.outcome is Outcome.TIE:
            if self.tie is not None and _blocks(instance) > self.tie[0][1]:
                return  # larger: the size key is (items, blocks, labels)
            size = instance.size_key()
            if self.tie is None or size < self.tie[0]:
                self.tie = (size, pos, instance, ev)
        elif ev.outcome is Outcome.VIOLATED and ev.tentative:
            self.candidates.setdefault(instance.size_key(), (pos, instance, ev))

    def pack_memo(self) -> None:
        """The memo as two arrays: keys packed (:func:`pack`), values."""
        keys: List[bytes] = []
        values: List[float] = []
        by_size: Dict[Tuple[int, int], list] = {}
        for (truth, pred), value in self.memo.items():
            by_size.setdefault((len(truth), len(pred)), []).append((truth, pred, value))
        for (t_len, p_len), items in by_size.items():
            n = t_len // _INTP
            if t_len != p_len or n >= 256:  # rare: one at a time
                keys += [pack(*(_partition(x) for x in item[:2])) for item in items]
            else:  # every key at once: codes as bytes, then the end mark
                codes = np.frombuffer(b"".join(t + p for t, p, _ in items), np.intp)
                table = np.full((len(items), 2 * n + 1), 255, np.uint8)
                table[:, :-1] = codes.reshape(len(items), 2 * n)
                keys += table.view(f"S{2 * n + 1}").ravel().tolist()
            values += [v for _, _, v in items]
        self.memo = (np.array(keys, dtype=bytes) if keys else np.zeros(0, "S1"),
                     np.array(values, dtype=float))


@dataclass
class Run:
    """Groups evaluated under one skip state; ``end``: the violation that changed it, the
    hung call that stopped the chunk, or the one that skipped its input class (``(kind, n,
    class, error)``, kind ``"violation"``, ``"abort"`` or ``"skip"``)."""

    groups: Dict[Tuple[int, str], Group] = field(default_factory=dict)
    end: Optional[Tuple[str, int, str, Any]] = None


@dataclass
class Chunk:
    """A chunk's runs, and the smallest violation per input class it knew (for hints)."""

    runs: List[Run]
    found_at: Dict[str, int]


class _Recording(Scorer):
    """Records, in the current group, every input scored (with its value) and failed call."""

    group: Group

    def raw(self, truth: Partition, pred: Partition) -> float:
        before = self.calls
        try:
            value = super().raw(truth, pred)
        except MetricCallError:
            self.group.errors += self.calls - before
            raise
        self.group.memo[truth.labels.tobytes(), pred.labels.tobytes()] = value
        return value


class _Primed(Scorer):
    """Knows the values the chunks' calls returned (and counts them as made already)."""

    def __init__(self, scorer: Scorer, calls: int, keys: np.ndarray, values: np.ndarray):
        super().__init__(scorer.metric, scorer.timeout)
        self.calls, self._keys, self._values = calls, keys, values

    def raw(self, truth: Partition, pred: Partition) -> float:
        if 2 * truth.n + 1 <= self._keys.itemsize:  # no longer key is known
            key = pack(truth, pred)
            i = int(self._keys.searchsorted(key))
            if i < self._keys.size and self._keys[i] == key:
                return float(self._values[i])
        return super().raw(truth, pred)


def chunk_plan(metric: Any, constraint: Any, exhaustive_n: int, workers: int
               ) -> Optional[List[List[Any]]]:
    """The parts of the phase cut into chunks for ``workers`` workers, balanced by weight;
    ``None`` when the phase is not split (one worker, a constraint whose enumeration does
    not come in parts or does not apply, a phase too small to gain)."""
    parts_of = getattr(constraint, "exhaustive_parts", None)
    if workers < 2 or parts_of is None:
        return None
    try:
        if constraint.applies_to(metric):
            return None
        parts = parts_of(exhaustive_n)
    except Exception:  # the check itself reports it
        return None
    total = sum(w for _, w in parts)
    if len(parts) < 2 or total < MIN_SPLIT:
        return None
    count = min(len(parts), max(workers * CHUNKS_PER_WORKER, -(-total // MAX_CHUNK)))
    chunks: List[List[Any]] = [[]]
    done = 0
    for part, weight in parts:
        if done >= total * len(chunks) / count and chunks[-1]:
            chunks.append([])
        chunks[-1].append(part)
        done += weight
    return chunks


def run_chunk(metric: Any, constraint: Any, parts: Sequence[Any], hint: Dict[str, int], *,
              timeout: Optional[float], tolerance: float, min_items: int = 1) -> Chunk:
    """The instances of ``parts``, as the exhaustive phase checks them (see the module)."""
    scorer = _Recording(metric, timeout)
    search = Search(constraint, metric, scorer, tolerance, min_items)
    found_at = dict(hint)
    runs = [Run()]
    instances = itertools.chain.from_iterable(constraint.enumerate_part(p) for p in parts)
    for pos, instance in enumerate(instances):
        n, cls = instance.n, input_class(instance)
        if n < min_items or n > found_at.get(cls, n) or search.skips(instance):
            continue
        run = runs[-1]
        group = scorer.group = run.groups.setdefault((n, cls), Group())
        group.count += 1
        try:
            key, what = search.outcome(instance, "exhaustive")
        except Abort as stop:
            group.keep(error_key(instance, stop.error), instance, stop.error, False, pos)
            run.end = ("abort", n, cls, stop.error)
            break
        if isinstance(what, Evaluation):
            group.see(instance, what, pos)
        if key is None:
            continue
        group.keep(key, instance, what, True, pos)
        if search.skips(instance):  # a time-out on a degenerate input: the class is skipped
            found_at[cls] = SKIPPED
            run.end = ("skip", n, cls, None)
            runs.append(Run())
        elif key[0] == "violation" and n < found_at.get(cls, n + 1):
            found_at[cls] = n
            run.end = ("violation", n, cls, None)
            runs.append(Run())
    for run in runs:
        for group in run.groups.values():
            group.pack_memo()
    return Chunk(runs, found_at)


class _Merged:
    """The phase's state over the groups one worker would have evaluated."""

    def __init__(self) -> None:
        self.count = self.errors = 0
        self.memos: List[Tuple[np.ndarray, np.ndarray]] = []
        self.findings: Dict[tuple, list] = {}
        self.ties: Dict[str, tuple] = {}  # input class -> (size, position, instance, ev)
        self.tried: Dict[str, int] = {}  # input class -> instances
        self.candidates: Dict[tuple, tuple] = {}
        self.found_at: Dict[str, int] = {}
        self.abort: Optional[MetricCallError] = None
        self.undecided: Optional[str] = None

    def add(self, group: Group, c: int, cls: str) -> None:
        self.count += group.count
        self.tried[cls] = self.tried.get(cls, 0) + group.count
        self.errors += group.errors
        self.memos.append(group.memo)
        self.undecided = self.undecided or group.undecided  # chunks come in order
        for key, (first, rank, kept) in group.findings.items():
            first, rank = (c, first), (*rank[:-1], (c, rank[-1]))
            old = self.findings.setdefault(key, [first, rank, kept])
            old[0] = min(old[0], first)
            if rank < old[1]:
                old[1:] = [rank, kept]
        if group.tie is not None:
            size, pos, instance, ev = group.tie
            old = self.ties.get(cls)
            if old is None or (size, (c, pos)) < old[:2]:
                self.ties[cls] = (size, (c, pos), instance, ev)
        for size, (pos, instance, ev) in group.candidates.items():
            if size not in self.candidates or (c, pos) < self.candidates[size][0]:
                self.candidates[size] = ((c, pos), instance, ev)

    def replay(self, chunks: Sequence[Chunk]) -> bool:
        """Every chunk's runs in order; False if a chunk stopped where one worker would not
        have been."""
        for c, chunk in enumerate(chunks):
            for run in chunk.runs:
                for (n, cls), group in run.groups.items():
                    if n <= self.found_at.get(cls, n):
                        self.add(group, c, cls)
                if run.end is None:
                    continue
                kind, n, cls, error = run.end
                if n > self.found_at.get(cls, n):  # one worker skipped that instance
                    if kind != "violation":
                        return False
                    continue
                if kind == "abort":
                    self.abort = error
                    return True
                self.found_at[cls] = SKIPPED if kind == "skip" else n
        return True

    def install(self, search: Search) -> Dict[str, int]:
        """Put the state into ``search`` (its scorer primed with the memo)."""
        keys = np.concatenate([k for k, _ in self.memos]) if self.memos else np.zeros(0, "S1")
        values = np.concatenate([v for _, v in self.memos]) if self.memos else np.zeros(0)
        keys, first = np.unique(keys, return_index=True)
        search.scorer = _Primed(search.scorer, keys.size + self.errors, keys, values[first])
        search.exhaustive = self.count
        for key, (_, _, kept) in sorted(self.findings.items(), key=lambda kv: kv[1][0]):
            search.findings[key] = kept
        search.ties = {cls: tie[2:] for cls, tie in self.ties.items()}
        search.tried = dict(self.tried)
        search.candidates = {s: (i, ev) for s, (_, i, ev) in self.candidates.items()}
        search.screened = set(self.candidates)
        search.undecided = self.undecided
        search.skipped = {cls for cls, n in self.found_at.items() if n == SKIPPED}
        return dict(self.found_at)


def resume(search: Search, chunks: Optional[Sequence[Chunk]], max_n: int,
           max_items: int) -> bool:
    """Finish the exhaustive phase of ``search`` from ``chunks``: their merged state, then the
    constraint's explicit examples and the confirmations, as
    :meth:`~metricprops.search.Search.run_exhaustive` does.

    Returns False (and changes nothing) when there are no chunks or they cannot stand for
    the enumeration: the caller then runs the phase itself.  Raises
    :class:`~metricprops.search.Abort` where a hung metric stopped the phase.
    """
    if not chunks:
        return False
    merged = _Merged()
    if not merged.replay(chunks):
        return False
    found_at = merged.install(search)
    if merged.abort is not None:
        raise Abort(merged.abort)
    search.run_exhaustive(max_n, max_items, found_at=found_at)
    return True
