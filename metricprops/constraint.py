"""The constraint plug-in API.

A constraint is a formal property of a metric, checked on *instances* (a truth and one or
two predictions).  On one instance a check has three outcomes (:class:`Outcome`): satisfied,
tied (scores equal within the tolerance) or violated.  A violation is data, never an
exception.

To write a constraint, subclass :class:`PairwiseConstraint` (two predictions that must be
ordered) or :class:`Constraint` (anything else) and give it:

* ``name``, ``title``, ``citation``, ``statement`` (the formal statement, one paragraph);
* ``applies_to(metric)``: ``None`` if it applies, else the reason (which metadata is missing);
* ``strategy(max_items)``: a hypothesis strategy of valid instances, built by construction;
* ``enumerate(max_n)``: every instance with at most ``max_n`` items (exhaustive phase);
* ``evaluate(instance, score, metric)``: an :class:`Evaluation` (outcome, scores, margin).

Register it with :func:`metricprops.register_constraint` or the entry-point group
``metricprops.constraints``.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Dict, Iterator, Mapping, Optional

from .partition import Partition
from .tolerance import TOLERANCE, compare_values

__all__ = [
    "Outcome", "Instance", "Evaluation", "Constraint", "PairwiseConstraint", "ScoreFn",
    "input_class_of",
]

#: ``score(truth, pred) -> Q`` : the metric oriented so that higher is better (the type a
#: constraint sees; the search passes a :class:`metricprops.calls.Scorer`, which is one).
ScoreFn = Callable[[Partition, Partition], float]


class Outcome(enum.Enum):
    """Result of checking one instance."""

    SATISFIED = "satisfied"
    TIE = "tie"
    VIOLATED = "violated"


@dataclass(frozen=True)
class Instance:
    """One instance of a constraint: a truth and the predictions the constraint compares.

    ``preds`` maps a role (``"worse"``/``"better"`` for pairwise constraints, ``"pred"``
    otherwise) to a partition of the same items.
    """

    truth: Partition
    preds: Mapping[str, Partition] = field(default_factory=dict)
    note: str = ""

    @property
    def n(self) -> int:
        return self.truth.n

    def size_key(self) -> tuple:
        """Order used to pick the smallest instance: items, then blocks, then labels."""
        parts = (self.truth,) + tuple(self.preds[k] for k in sorted(self.preds))
        return (self.n, sum(p.n_blocks for p in parts),
                tuple(p.sort_key() if hasattr(p, "sort_key") else tuple(p.tolist())
                      for p in parts))

    def __getitem__(self, role: str) -> Partition:
        return self.preds[role]

    def identity(self) -> Optional[tuple]:
        """What the instance holds, hashable (its fields but the note; partitions compare by
        their labels), to tell one instance met twice; ``None`` when a field holds other
        than plain data and partitions (a cover, say): such an instance is not compared."""
        out = []
        for f in fields(self):
            if f.name == "note":
                continue
            value = getattr(self, f.name)
            frozen = _frozen(tuple(sorted(value.items())) if f.name == "preds" else value)
            if frozen is _OTHER:
                return None
            out.append((f.name, frozen))
        return tuple(out)

    @property
    def input_class(self) -> str:
        """``"degenerate"`` or ``"ordinary"`` (:func:`input_class_of`)."""
        return input_class_of(self.truth, *self.preds.values())


_OTHER = object()


def _frozen(value: Any) -> Any:
    """``value`` as hashable data (lists as tuples), or :data:`_OTHER` when it holds
    anything but numbers, strings, ``None`` and partitions."""
    if isinstance(value, (tuple, list)):
        parts = tuple(_frozen(v) for v in value)
        return _OTHER if any(p is _OTHER for p in parts) else parts
    if value is None or isinstance(value, (bool, int, float, str, Partition)):
        return value
    return _OTHER


def input_class_of(truth: Partition, *preds: Partition) -> str:
    """``"degenerate"`` when there are fewer than two items or one of the partitions is one
    block or all singletons (the inputs where metrics use conventions), else
    ``"ordinary"``.  A finding is kept apart per input class, so a convention on degenerate
    input cannot hide a bug on ordinary input."""
    if truth.n < 2:
        return "degenerate"
    for p in (truth, *preds):
        if p.n_blocks in (1, p.n):
            return "degenerate"
    return "ordinary"


@dataclass(frozen=True)
class Evaluation:
    """What a constraint concluded on one instance.

    ``scores`` holds the metric's raw values by role; ``margin`` is positive when the
    instance satisfies the constraint with room to spare, negative when violated (used as
    the ``hypothesis.target`` to steer the search towards violations).  ``shown`` lists the
    predictions to report (role -> partition) when they differ from the instance's own.
    ``tentative`` marks a violation seen by a statistical *screening* only: the checker
    counts it only if :meth:`Constraint.confirm` confirms it on independent data.
    ``undecided`` says why the constraint could not decide on the instance (a measurement
    that could not be made, as :mod:`~metricprops.constraints.scaling`'s on a metric too
    slow to time over enough sizes): a check with no finding then gives up (``gave_up``,
    with that reason) rather than pass.  ``partitions=False`` says the values were taken at
    something no partitions have (pair counts that no two partitions realise): the finding
    shows its scores and extras, never the instance's partitions, which score otherwise.
    """

    outcome: Outcome
    scores: Dict[str, float]
    margin: float
    detail: str = ""
    shown: Optional[Mapping[str, Partition]] = None
    extra: Dict[str, Any] = field(default_factory=dict)
    tentative: bool = False
    undecided: str = ""
    partitions: bool = True


class Constraint:
    """Base class of constraints (see the module docstring)."""

    name: str = ""
    title: str = ""
    citation: str = ""
    statement: str = ""
    #: smallest number of items an instance can have
    min_items: int = 1
    #: fraction of the example budget used by the random phase (expensive checks use less)
    budget: float = 1.0
    #: instances are plain partitions of the same items with no construction to keep: a
    #: finding may be minimised by removing items and merging or splitting blocks
    #: (:mod:`metricprops.search.minimise`)
    reducible: bool = False

    def applies_to(self, metric: Any) -> Optional[str]:
        """``None`` if the constraint can be checked on ``metric``, else why not."""
        return None

    def strategy(self, max_items: int) -> Any:  # pragma: no cover - abstract
        """Hypothesis strategy of :class:`Instance` with at most ``max_items`` items."""
        raise NotImplementedError

    def enumerate(self, max_n: int) -> Iterator[Instance]:  # pragma: no cover - abstract
        """Every instance with at most ``max_n`` items, smallest first."""
        raise NotImplementedError

    def exhaustive_limit(self, max_n: int) -> int:
        """Largest n such that :meth:`enumerate` (``max_n``) yields every instance with at
        most n items (up to a consistent reordering of the items); default ``max_n``.

        A finding with at most one item more was proved smallest in items by the exhaustive
        phase.
        """
        return max_n

    def scale_instance(self, truth: Partition, pred: Partition) -> Optional[Instance]:
        """The instance checked in the scale phase on two large structured partitions
        (:mod:`metricprops.search.scale`), or ``None`` (default): no scale phase (``None`` for
        some sizes only skips those)."""
        return None

    def random_max_items(self, max_items: int) -> int:
        """Largest random instance actually generated for a requested ``max_items``."""
        return max_items

    def examples(self, max_items: int) -> Iterator[Instance]:
        """Explicit instances always checked in the exhaustive phase (default: none).

        For families whose smallest member is larger than the exhaustive size (e.g. the
        size-vs-quantity construction starts at 10 items).
        """
        return iter(())

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:  # pragma: no cover - abstract
        raise NotImplementedError

    def confirm(self, instance: Instance, score: ScoreFn, metric: Any,
                tolerance: float = TOLERANCE, alpha: float = 1e-4) -> Evaluation:
        """Re-test a *tentative* violation on data independent of the search.

        Statistical constraints override this: ``alpha`` is the level of this one test (the
        checker splits its family-wise error rate over every confirmation it may run).  The
        default re-evaluates the instance (for deterministic constraints, which are never
        tentative).
        """
        return self.evaluate(instance, score, metric, tolerance)

    def violation_message(self, items: int, how: str) -> str:
        """The opening of a ``failed`` verdict's message: its smallest violation had ``items``
        items and was found by ``how`` (e.g. ``"exhaustive search"``)."""
        return f"smallest violation ({items} item{'' if items == 1 else 's'}) found by {how}."

    def for_metric(self, metric: Any) -> Constraint:
        """The form of this constraint that checks ``metric``: itself (default), or for a
        metric of covers (``metric.input == "cover"``) the cover form of a constraint that
        has one (:mod:`~metricprops.constraints.max_agreement`).  Called once per check."""
        return self

    def cause_rank(self, cause: str) -> int:
        """How unusual the input named by a violation's ``cause`` is (0: the most ordinary;
        default 0 for every cause).  Distinct findings are ordered by it before their size,
        so that a finding on input the metric may read as something else (tuple labels)
        does not lead one on ordinary input (uint64 ids)."""
        return 0

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        """A sentence appended to the verdict message (passed, weak, failed); default none.

        E.g. which test decided (exact enumeration or a statistical test), or how the
        verdict reads for this metric's declared metadata.
        """
        return ""

    def metadata(self) -> dict:
        return {"name": self.name, "title": self.title, "citation": self.citation,
                "statement": self.statement}

    def __repr__(self) -> str:
        return f"<Constraint {self.name}>"


class PairwiseConstraint(Constraint):
    """Q(T, better) must exceed Q(T, worse) (strict) or at least equal it (non-strict).

    Strict constraints report a tie as :attr:`Outcome.TIE` (verdict ``weak`` when no
    violation exists); non-strict ones count a tie as satisfied.
    """

    strict: bool = True

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        worse, better = instance["worse"], instance["better"]
        q_worse = score(instance.truth, worse)
        q_better = score(instance.truth, better)
        order = compare_values(q_better, q_worse, tolerance)
        # orientation is an involution: oriented(Q) is the metric's raw value
        raw = {"worse": metric.oriented(q_worse), "better": metric.oriented(q_better)}
        if order > 0:
            outcome = Outcome.SATISFIED
        elif order == 0:
            outcome = Outcome.TIE if self.strict else Outcome.SATISFIED
        else:
            outcome = Outcome.VIOLATED
        return Evaluation(outcome, raw, q_better - q_worse)


def pair_instance(truth: Partition, worse: Partition, better: Partition,
                  note: str = "") -> Instance:
    """A pairwise instance."""
    return Instance(truth, {"worse": worse, "better": better}, note)
