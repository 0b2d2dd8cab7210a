"""Label invariance: renaming labels and permuting items consistently leaves Q unchanged.

A partition is a set of blocks; the labels naming the blocks and the order of the items are
representation, not content.  This constraint calls the metric *with the renamed labels
themselves* (not through the canonical integer lists every other check uses) and compares
the value with the canonical one.  The renamings are adversarial (:data:`KINDS`): negative
integers, integers beyond 32 and 64 bits (which collide when truncated), the extremes of
int64 and uint64, ``numpy`` arrays of ``int8`` / ``int64`` / ``uint64`` / ``float32``,
floats, strings (empty, look-alike and non-ASCII ones), a ``numpy`` string array, mixed
``int`` / ``str`` labels such as ``0`` and ``"0"`` (distinct hashables that a conversion to
a string array merges), bytes, tuples and frozensets; and the labels libraries treat
specially: ``-1`` next to ``0, 1, ...`` (a noise label to density-based clusterers and the
libraries that score them), small negative integers, ``None`` and NaN among numbers (missing
values), and booleans next to ``0`` and ``1`` (``False == 0`` in Python).  The same or
different kinds on the two sides, and a permutation of the items applied to both sides.
A metric may refuse ``None`` and NaN labels (raising is the right answer to a missing
value); it may not silently give another value for them.

Outcomes on an instance:

* the value changes (or is no longer a finite number) under some renaming or permutation:
  **violated** (``failed``; the renamed input is shown under ``renamed``);
* the metric *raises* on some label kind while it accepts canonical integer labels — it
  loudly rejects a label type: recorded as a **tie** (verdict ``weak``, never ``failed``),
  whose detail names every rejected kind with the exception.  Rejecting a label type is a
  documented limitation of many libraries (labels must form a 1-D numeric or string
  array), not a silent wrong answer; a silent wrong answer is a failure;
* otherwise satisfied.

The metric raising on the canonical labels, or hanging on any call, is an ``error`` as
everywhere else.  Exhaustive phase: every pair with at most 2 items under every combination
of kinds, and every pair with at most 4 items under one combination each (round robin), the
items reversed or rotated; plus every combination on a few larger fixed pairs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterator, List, Tuple

import numpy as np
from hypothesis import strategies as st

from metricprops.calls import as_number
from metricprops.constraint import Constraint, Evaluation, Instance, Outcome, Scorer
from metricprops.partition import Partition
from metricprops.tolerance import TOLERANCE, compare_values

from ._fresh import call, timeout_of
from ._pairs import all_pairs, pairs

#: Every combination of kinds is tried on pairs with at most this many items.
BATTERY_N = 2
#: Pairs up to this many items get one combination each (round robin over :data:`COMBOS`).
ROUND_ROBIN_N = 4


@dataclass(frozen=True)
class LabelKind:
    """A renaming of canonical labels ``0 .. k-1`` to distinct values of one kind."""

    name: str
    value: Callable[[int], Any]
    dtype: Any = None  # a numpy dtype: the labels are passed as an array of it
    #: a metric may refuse these labels (missing-value markers): raising is then correct
    may_reject: bool = False

    def build(self, codes: List[int]) -> Any:
        values = [self.value(c) for c in codes]
        if self.dtype is None:
            return values
        return np.array(values, dtype=self.dtype)


_NAN = float("nan")  # one object: equal to itself as a dict key
_STRINGS = ["", "0", " ", "00", "a", "A", "é", "ß", "ss", "\u212b", "\u00c5", "label 10",
            "label 9"]


def _string(j: int) -> str:
    return _STRINGS[j] if j < len(_STRINGS) else f"label {j}"


#: The renamings, in the order they are tried (common kinds first).
KINDS: Tuple[LabelKind, ...] = (
    LabelKind("canonical", lambda j: j),
    LabelKind("negative_int", lambda j: -1_000_003 * j - 7),
    LabelKind("int_beyond_32_bit", lambda j: (-1) ** j * ((j + 1) << 32)),  # all 0 mod 2**32
    LabelKind("int_beyond_64_bit", lambda j: (-1) ** j * ((j + 1) << 64)),  # all 0 mod 2**64
    LabelKind("int64_extremes", lambda j: 2**63 - 1 - j // 2 if j % 2 == 0 else -(2**63) + j // 2),
    LabelKind("numpy_int8", lambda j: 127 - j // 2 if j % 2 == 0 else -128 + j // 2, np.int8),
    LabelKind("numpy_int64", lambda j: 2**63 - 1 - j // 2 if j % 2 == 0 else -(2**63) + j // 2,
              np.int64),
    LabelKind("numpy_uint64", lambda j: 2**64 - 1 - j, np.uint64),
    LabelKind("numpy_float32", lambda j: (-1) ** j * (j + 0.5) * 2.0**100, np.float32),
    LabelKind("float", lambda j: (-1) ** j * (j + 0.1)),
    LabelKind("string", _string),
    LabelKind("numpy_str", _string, np.str_),
    LabelKind("mixed_int_str", lambda j: j // 2 if j % 2 == 0 else str(j // 2)),  # 0, "0", 1, "1"
    LabelKind("bytes", lambda j: b"%d" % j),
    LabelKind("tuple", lambda j: ("t", j)),
    LabelKind("frozenset", lambda j: frozenset({j, -1})),
    # labels libraries treat specially: a noise label, small negatives, missing values, bools
    LabelKind("noise_minus_one", lambda j: j - 1),  # -1, 0, 1, ...: -1 is "noise" to some
    LabelKind("numpy_noise_minus_one", lambda j: j - 1, np.int64),
    LabelKind("small_negative", lambda j: -1 - j),  # -1, -2, -3, ...
    LabelKind("none", lambda j: None if j == 0 else j - 1, may_reject=True),  # None, 0, 1, ...
    LabelKind("nan", lambda j: _NAN if j == 0 else float(j - 1), may_reject=True),
    LabelKind("numpy_nan", lambda j: _NAN if j == 0 else float(j - 1), np.float64,
              may_reject=True),
    LabelKind("boolean", lambda j: (False, True)[j] if j < 2 else j),  # False, True, 2, ...
)
_BY_NAME = {k.name: k for k in KINDS}
#: Renamings tried in the scale phase (large inputs): wide integers, strings, a noise label.
SCALE_COMBOS = (("int_beyond_32_bit", "numpy_int64"), ("string", "noise_minus_one"))

#: (truth kind, pred kind) combinations: each kind on both sides, then kinds mixed across sides.
COMBOS: Tuple[Tuple[str, str], ...] = tuple((k.name, k.name) for k in KINDS[1:]) + (
    ("canonical", "string"), ("string", "canonical"), ("numpy_int8", "int_beyond_64_bit"),
    ("tuple", "canonical"), ("canonical", "numpy_float32"),
    ("boolean", "canonical"), ("canonical", "boolean"), ("canonical", "noise_minus_one"),
    ("noise_minus_one", "canonical"),
)


@dataclass(frozen=True)
class RenamedInstance(Instance):
    """A pair (truth, pred) with the renamings to try and the permutation of the items."""

    combos: Tuple[Tuple[str, str], ...] = ()
    permutation: Tuple[int, ...] = ()


def _instance(truth: Partition, pred: Partition, combos: Tuple[Tuple[str, str], ...],
              permutation: Tuple[int, ...]) -> RenamedInstance:
    return RenamedInstance(truth, {"pred": pred}, "", tuple(combos), tuple(permutation))


def _reversed(n: int) -> Tuple[int, ...]:
    return tuple(range(n - 1, -1, -1))


def _rotated(n: int, by: int) -> Tuple[int, ...]:
    return tuple((i + by) % n for i in range(n))


def _show(container: Any) -> dict:
    if isinstance(container, np.ndarray):
        kind = f"numpy.ndarray[{container.dtype.name}]"
        values = container.tolist()
    else:
        kind = "list"
        values = list(container)
    return {"type": kind, "values": [repr(v) for v in values]}


class LabelInvariance(Constraint):
    name = "label_invariance"
    title = "Label invariance: renaming labels and permuting items leaves Q unchanged"
    citation = ("Meilă (2007) and Gösgens, Tikhonov & Prokhorenkova (2021): a partition "
                "similarity is a function of the two partitions, not of their encoding.")
    statement = ("Q(T, H) is unchanged when the labels of either side are renamed (any "
                 "hashable values: huge and negative integers, numpy integer and float dtypes, "
                 "strings, mixed types, tuples) and the items are permuted consistently on both "
                 "sides.  A metric that raises on a label type it does not support is weak "
                 "(a tie naming the rejected types), not failed.")
    budget = 0.5
    reducible = True

    def exhaustive_limit(self, max_n: int) -> int:
        return min(max_n, BATTERY_N)  # every combination only up to BATTERY_N items

    def scale_instance(self, truth: Partition, pred: Partition) -> Instance:
        return _instance(truth, pred, SCALE_COMBOS, _reversed(truth.n))

    def strategy(self, max_items: int) -> Any:
        return _random_instances(max_items)

    def enumerate(self, max_n: int) -> Iterator[Instance]:
        for a, b in all_pairs(min(max_n, BATTERY_N)):
            yield _instance(a, b, COMBOS, _reversed(a.n))
        i = 0
        for a, b in all_pairs(min(max_n, ROUND_ROBIN_N), BATTERY_N + 1):
            perm = _reversed(a.n) if i % 2 else _rotated(a.n, 1 + i % (a.n - 1))
            yield _instance(a, b, (COMBOS[i % len(COMBOS)],), perm)
            i += 1

    def examples(self, max_items: int) -> Iterator[Instance]:
        for n in sorted({5, min(max(max_items, 5), 30)}):
            truth = Partition.from_labels([(3 * i) % 4 for i in range(n)])
            pred = Partition.from_labels([i // 2 for i in range(n)])
            yield _instance(truth, pred, COMBOS, _rotated(n, 2))
            yield _instance(Partition.singletons(n), Partition.one_block(n), COMBOS,
                            _reversed(n))

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        return ("(Failed: a renaming or permutation changed the value; weak: the metric "
                "raised on some label kinds, named in the tie, but never changed its value.)")

    def evaluate(self, instance: Instance, score: Scorer, metric: Any,
                 tolerance: float = TOLERANCE) -> Evaluation:
        truth, pred = instance.truth, instance["pred"]
        base = metric.oriented(score(truth, pred))
        combos = getattr(instance, "combos", ()) or (("canonical", "canonical"),)
        perm = getattr(instance, "permutation", ()) or tuple(range(truth.n))
        timeout = timeout_of(score)
        t_codes = [int(truth.labels[i]) for i in perm]
        p_codes = [int(pred.labels[i]) for i in perm]
        changed: List[tuple] = []
        rejected: List[str] = []
        for kt, kp in combos:
            t_in, p_in = _BY_NAME[kt].build(t_codes), _BY_NAME[kp].build(p_codes)
            what = kt if kt == kp else f"{kt} (truth) / {kp} (pred)"
            ok, value = call(metric, t_in, p_in, timeout, truth, pred, f"{what} labels")
            if not ok:
                if not (_BY_NAME[kt].may_reject or _BY_NAME[kp].may_reject):
                    rejected.append(f"{what}: {value}")
                continue
            number = as_number(value)
            if number is None or not math.isfinite(number):
                changed.append((what, value, t_in, p_in, math.inf))
            elif compare_values(number, base, tolerance) != 0:
                changed.append((what, number, t_in, p_in, abs(number - base)))
        common = {"permutation": list(perm)}
        if changed:
            what, value, t_in, p_in, gap = max(changed, key=lambda c: c[4])
            shown = value if isinstance(value, float) else repr(value)
            return Evaluation(
                Outcome.VIOLATED, {"canonical": base, f"renamed[{what}]": shown},
                -min(gap, 1e6),
                detail=("the value changed under the renaming to "
                        + "; ".join(c[0] for c in changed)
                        + " with the items permuted as shown (value shown for the largest change)"),
                extra={**common, "label_kinds": what, "renamed": {"truth": _show(t_in),
                                                                   "pred": _show(p_in)}})
        if rejected:
            return Evaluation(
                Outcome.TIE, {"canonical": base}, 0.0,
                detail=("the metric accepts canonical integer labels but raised on: "
                        + "; ".join(rejected)),
                extra={**common, "rejected": rejected})
        return Evaluation(Outcome.SATISFIED, {"canonical": base}, 1.0)


@st.composite
def _random_instances(draw: Any, max_items: int) -> RenamedInstance:
    a, b = draw(pairs(max_items))
    combo = draw(st.sampled_from(COMBOS))
    perm = draw(st.permutations(range(a.n)))
    return _instance(a, b, (combo,), tuple(perm))


CONSTRAINT = LabelInvariance()
