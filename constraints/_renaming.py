"""Renamed labels: the machinery that ``label_invariance`` and ``special_labels`` share.

A :class:`LabelKind` renames the canonical labels ``0 .. k-1`` of a partition to distinct
values of one kind (strings, huge integers, ``-1`` as noise, NaN, ...).  A
:class:`RenamingConstraint` calls the metric *with the renamed labels themselves* (not
through the canonical integer lists every other check uses), the items permuted
consistently on both sides, and compares the value with the canonical one:

* the value changes (or is no longer a finite number) under some renaming: **violated**.
  The cause of the violation (``Evaluation.extra["cause"]``, a finding of its own) is the
  label kind of the first renaming in the instance's order that changed the value (the
  non-canonical side's kind when the other side is canonical, else ``"truth / pred"``);
  every renaming that changed it is listed in ``extra["changed"]``;
* the metric crashes on some renaming (an exception that is not a refusal,
  :func:`~metricprops.constraints._fresh.is_refusal`: ``KeyError``, ``IndexError``, ...):
  **violated**, the kind its cause;
* the metric refuses some renaming while it accepts canonical labels: a **tie** (weak)
  naming every rejected kind, unless the kind is one a metric may refuse
  (:attr:`LabelKind.may_reject`: missing values), where raising is the right answer;
* otherwise satisfied.

Exhaustive phase: every pair with at most :data:`BATTERY_N` items under every combination
of kinds (together, then an instance a combination, so that a kind met first never hides
another kind's finding), and every pair with at most :data:`ROUND_ROBIN_N` items under one
combination each (round robin), the items reversed or rotated; plus every combination on
a few larger fixed pairs.  Random phase: one combination and one permutation per instance.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterator, List, Tuple

import numpy as np
from hypothesis import strategies as st

from metricprops.calls import as_number
from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, ScoreFn
from metricprops.conventions import Conventions
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

from ._fresh import call, timeout_of
from ._pairs import all_pairs, pairs
from .bounds import with_breach

#: Every combination of kinds is tried on pairs with at most this many items.
BATTERY_N = 2
#: Pairs up to this many items get one combination each (round robin over the combinations).
ROUND_ROBIN_N = 4

Combo = Tuple[str, str]


@dataclass(frozen=True)
class LabelKind:
    """A renaming of canonical labels ``0 .. k-1`` to distinct values of one kind."""

    name: str
    value: Callable[[int], Any]
    dtype: Any = None  # a numpy dtype: the labels are passed as an array of it
    #: a metric may refuse these labels (missing-value markers): raising is then correct
    may_reject: bool = False

    def build(self, codes: List[int]) -> Any:
        top = max(codes, default=-1)
        if 0 <= min(codes, default=0) and top < 2 * len(codes):  # codes 0 .. k-1: one value
            # per code, looked up per item (131,072 items of 362 codes: 8 ms, not 33-45 ms)
            values = list(map([self.value(j) for j in range(top + 1)].__getitem__, codes))
        else:
            values = list(map(self.value, codes))
        if self.dtype is None:
            return values
        return np.array(values, dtype=self.dtype)


CANONICAL = LabelKind("canonical", lambda j: j)


@dataclass(frozen=True)
class RenamedInstance(Instance):
    """A pair (truth, pred) with the renamings to try and the permutation of the items."""

    combos: Tuple[Combo, ...] = ()
    permutation: Tuple[int, ...] = ()


def renamed_instance(truth: Partition, pred: Partition, combos: Tuple[Combo, ...],
                     permutation: Tuple[int, ...]) -> RenamedInstance:
    return RenamedInstance(truth, {"pred": pred}, "", tuple(combos), tuple(permutation))


def reversed_order(n: int) -> Tuple[int, ...]:
    return tuple(range(n - 1, -1, -1))


def rotated_order(n: int, by: int) -> Tuple[int, ...]:
    return tuple((i + by) % n for i in range(n))


def show(container: Any) -> dict:
    """The labels passed, for the report: their container type and each value's repr."""
    if isinstance(container, np.ndarray):
        kind = f"numpy.ndarray[{container.dtype.name}]"
        values = container.tolist()
    else:
        kind = "list"
        values = list(container)
    return {"type": kind, "values": [repr(v) for v in values]}


def cause_of(combo: Combo) -> str:
    """The label kind a combination of a truth kind and a prediction kind tests."""
    truth, pred = combo
    if truth == pred or pred == "canonical":
        return truth
    return pred if truth == "canonical" else f"{truth} / {pred}"


class RenamingConstraint(Constraint):
    """A constraint checked by calling the metric on renamed labels (module docstring).

    Subclasses give :attr:`kinds` (the first is canonical) and :attr:`combos` (truth kind,
    prediction kind), in the order tried."""

    kinds: Tuple[LabelKind, ...] = (CANONICAL,)
    combos: Tuple[Combo, ...] = ()
    reducible = True

    def kind(self, name: str) -> LabelKind:
        return next(k for k in self.kinds if k.name == name)

    def cause_rank(self, cause: str) -> int:
        """The position of the cause's kinds in :attr:`kinds` (common kinds first; for a
        mixed cause ``"a / b"`` the less common one)."""
        names = [k.name for k in self.kinds]
        return max((names.index(c) if c in names else len(names)) for c in cause.split(" / "))

    def exhaustive_limit(self, max_n: int) -> int:
        return min(max_n, BATTERY_N)  # every combination only up to BATTERY_N items

    def strategy(self, max_items: int) -> Any:
        combos = self.combos

        @st.composite
        def instances(draw: Any) -> RenamedInstance:
            a, b = draw(pairs(max_items))
            combo = draw(st.sampled_from(combos))
            perm = draw(st.permutations(range(a.n)))
            return renamed_instance(a, b, (combo,), tuple(perm))

        return instances()

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        battery = list(all_pairs(min(max_n, BATTERY_N)))
        for a, b in battery:
            yield renamed_instance(a, b, self.combos, reversed_order(a.n))
        for a, b in battery:  # then a combination an instance: each its own cause
            for combo in self.combos[1:]:
                yield renamed_instance(a, b, (combo,), reversed_order(a.n))
        i = 0
        for a, b in all_pairs(min(max_n, ROUND_ROBIN_N), BATTERY_N + 1):
            perm = reversed_order(a.n) if i % 2 else rotated_order(a.n, 1 + i % (a.n - 1))
            yield renamed_instance(a, b, (self.combos[i % len(self.combos)],), perm)
            i += 1

    def examples(self, max_items: int) -> Iterator[Instance]:
        for n in sorted({5, min(max(max_items, 5), 30)}):
            truth = Partition.from_labels([(3 * i) % 4 for i in range(n)])
            pred = Partition.from_labels([i // 2 for i in range(n)])
            yield renamed_instance(truth, pred, self.combos, rotated_order(n, 2))
            yield renamed_instance(Partition.singletons(n), Partition.one_block(n),
                                   self.combos, reversed_order(n))

    def evaluate(self, instance: Instance, score: ScoreFn, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        base = metric.oriented(score(truth, pred))
        combos = getattr(instance, "combos", ()) or (("canonical", "canonical"),)
        perm = getattr(instance, "permutation", ()) or tuple(range(truth.n))
        timeout = timeout_of(score)
        order = np.asarray(perm, dtype=np.intp)
        t_codes, p_codes = truth.labels[order].tolist(), pred.labels[order].tolist()
        changed: List[tuple] = []
        rejected: List[str] = []
        for kt, kp in combos:
            t_in, p_in = self.kind(kt).build(t_codes), self.kind(kp).build(p_codes)
            what = kt if kt == kp else f"{kt} (truth) / {kp} (pred)"
            ok, value = call(metric, t_in, p_in, timeout, truth, pred, f"{what} labels")
            if ok is None:  # a crash (KeyError, IndexError, ...), not a refusal
                changed.append(((kt, kp), what, f"raised {value}", t_in, p_in, math.inf))
                continue
            if not ok:
                if not (self.kind(kt).may_reject or self.kind(kp).may_reject
                        or _refused(metric, value)):
                    rejected.append(f"{what}: {value}")
                continue
            number = as_number(value)
            if number is None or not math.isfinite(number):
                changed.append(((kt, kp), what, value, t_in, p_in, math.inf))
            elif compare_values(number, base, tolerance) != 0:
                changed.append(((kt, kp), what, number, t_in, p_in, abs(number - base)))
        common = {"permutation": list(perm)}
        declared = {id(c): _declared(metric, c, timeout, truth, pred, tolerance) for c in changed}
        if changed and all(declared.values()):  # every change is a declared convention
            combo, what, value, t_in, p_in, _ = changed[0]
            return Evaluation(
                Outcome.VIOLATED, {"canonical": base, f"renamed[{what}]": value}, 0.0,
                detail=f"the value changed under the renaming to {what}, as declared: "
                       f"{declared[id(changed[0])]}",
                extra={**common, "cause": cause_of(combo), "label_kinds": what,
                       "convention": declared[id(changed[0])],
                       "renamed": {"truth": show(t_in), "pred": show(p_in)}})
        changed = [c for c in changed if not declared[id(c)]]
        if changed:
            combo, what, value, t_in, p_in, gap = changed[0]
            shown = value if isinstance(value, float) else repr(value)
            others = "; ".join(c[1] for c in changed[1:])
            return Evaluation(
                Outcome.VIOLATED, {"canonical": base, f"renamed[{what}]": shown},
                -min(gap, 1e6),
                detail=with_breach(metric, [value],
                                   f"the value changed under the renaming to {what} with the "
                                   f"items permuted as shown"
                                   + (f" (and under {others})" if others else ""), tolerance),
                extra={**common, "cause": cause_of(combo), "label_kinds": what,
                       "changed": [c[1] for c in changed],
                       "renamed": {"truth": show(t_in), "pred": show(p_in)}})
        if rejected:
            return Evaluation(
                Outcome.TIE, {"canonical": base}, 0.0,
                detail=("the metric accepts canonical integer labels but raised on: "
                        + "; ".join(rejected)),
                extra={**common, "rejected": rejected})
        return Evaluation(Outcome.SATISFIED, {"canonical": base}, 1.0)


def _refused(metric: Any, raised: str) -> bool:
    """Whether ``raised`` (``"ExcType: message"``) is a refusal the metric declares
    (``conventions={"refuses": [...]}``): a documented refusal, not a rejected label kind."""
    conventions = getattr(metric, "conventions", None)
    return isinstance(conventions, Conventions) and conventions.refused(
        str(raised).partition(":")[0])


def _declared(metric: Any, change: tuple, timeout: Any, truth: Partition, pred: Partition,
              tolerance: float) -> str:
    """The declared convention (:mod:`metricprops.conventions`) that explains ``change``, in
    words, or ``""``: a finite value within the declared bounds, on labels holding a
    declared missing-value label, or on labels the declared comparison merges when the
    metric scores exactly the partition that comparison reads."""
    conventions = getattr(metric, "conventions", None)
    _, _, value, t_in, p_in, _ = change
    lo, hi = metric.bounds
    if not isinstance(conventions, Conventions) or not isinstance(value, float) or not (
            math.isfinite(value) and (lo is None or value >= lo - TOLERANCE)
            and (hi is None or value <= hi + TOLERANCE)):
        return ""
    missing = conventions.holds_missing(list(t_in) + list(p_in))
    if missing:
        return f"{missing} is the declared missing-value label"
    t_read, p_read = conventions.compared(t_in), conventions.compared(p_in)
    if t_read is None or p_read is None or (
            Partition.from_labels(t_read) == Partition.from_labels(show(t_in)["values"])
            and Partition.from_labels(p_read) == Partition.from_labels(show(p_in)["values"])):
        return ""  # no rule, or the rule merges no labels: it explains nothing
    ok, read = call(metric, t_read, p_read, timeout, truth, pred, "labels as compared")
    number = as_number(read) if ok else None
    if number is not None and compare_values(number, value, tolerance) == 0:
        return f"labels are compared as {conventions.compare}, which merges some of them"
    return ""
