"""Label invariance: renaming labels and permuting items leaves Q unchanged.

A partition is a set of blocks; the labels naming the blocks and the order of the items are
representation, not content.  This constraint calls the metric *with the renamed labels
themselves* (not through the canonical integer lists every other check uses) and compares
the value with the canonical one (:mod:`~metricprops.constraints._renaming`).  The
renamings are ordinary ones that real data holds (:data:`KINDS`): negative integers (none of
them -1), integers beyond 32 and 64 bits (which collide when truncated), the extremes of
int64 and uint64, integers past 2^53 (2^60 and 2^60 + 1, which merge when cast
to float64), ``numpy`` arrays of ``int8`` / ``int64`` / ``uint64`` / ``float32``, floats,
floats that truncate to the same integer (0.2 and 0.7), unused label values (``{1, 3}``
where ``{0, 1}`` would do: a library that counts every value up to the largest sees empty
clusters), large sparse ids (past 10^9), strings (empty, look-alike and non-ASCII ones), a
``numpy`` string array, mixed ``int`` / ``str`` labels such as ``0`` and ``"0"`` (distinct
hashables that a conversion to a string array merges), bytes, tuples, frozensets and
booleans next to integers (``False == 0`` in Python).  The same or different kinds on the
two sides, and a permutation of the items applied to both sides.  The labels libraries treat
*specially* -- ``-1`` as noise, ``None`` and NaN as missing values -- are the separate
property ``special_labels`` (:mod:`~metricprops.constraints.special_labels`): a metric that
gives NaN labels a meaning of their own does not fail this one.

Outcomes on an instance:

* the value changes (or is no longer a finite number) under some renaming or permutation:
  **violated** (``failed``; the renamed input is shown under ``renamed``, the label kind is
  the finding's cause: each kind that changes the value is a finding of its own);
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

from typing import Any, Tuple

import numpy as np

from metricprops.constraint import Instance
from metricprops.partition import Partition

from ._renaming import (  # noqa: F401
    BATTERY_N,
    CANONICAL,
    ROUND_ROBIN_N,
    LabelKind,
    RenamedInstance,
    RenamingConstraint,
    renamed_instance,
    reversed_order,
)

_instance = renamed_instance  # the name the tests know

_STRINGS = ["", "0", " ", "00", "a", "A", "é", "ß", "ss", "\u212b", "\u00c5", "label 10",
            "label 9"]


def _string(j: int) -> str:
    return _STRINGS[j] if j < len(_STRINGS) else f"label {j}"


#: The renamings, in the order they are tried (common kinds first: the order of their findings).
KINDS: Tuple[LabelKind, ...] = (
    CANONICAL,
    LabelKind("negative_int", lambda j: -1_000_003 * j - 7),
    LabelKind("int_beyond_32_bit", lambda j: (-1) ** j * ((j + 1) << 32)),  # all 0 mod 2**32
    LabelKind("int_beyond_64_bit", lambda j: (-1) ** j * ((j + 1) << 64)),  # all 0 mod 2**64
    LabelKind("int64_extremes", lambda j: 2**63 - 1 - j // 2 if j % 2 == 0 else -(2**63) + j // 2),
    LabelKind("numpy_int8", lambda j: 127 - j // 2 if j % 2 == 0 else -128 + j // 2, np.int8),
    LabelKind("numpy_int64", lambda j: 2**63 - 1 - j // 2 if j % 2 == 0 else -(2**63) + j // 2,
              np.int64),
    # 2^60, 2^60 + 1, ...: distinct integers, all equal once cast to float64 (past 2^53)
    LabelKind("int_past_2_53", lambda j: 2**60 + j),
    LabelKind("numpy_int64_past_2_53", lambda j: 2**60 + j, np.int64),
    LabelKind("numpy_uint64", lambda j: 2**64 - 1 - j, np.uint64),  # equal as float64 too
    LabelKind("numpy_float32", lambda j: (-1) ** j * (j + 0.5) * 2.0**100, np.float32),
    LabelKind("float", lambda j: (-1) ** j * (j + 0.1)),
    # 0.2, 0.7, 1.2, 1.7, ...: distinct floats, two by two the same integer when truncated
    LabelKind("truncating_floats", lambda j: j // 2 + (0.2, 0.7)[j % 2]),
    LabelKind("unused_values", lambda j: 2 * j + 1),  # 1, 3, 5, ...: 0, 2, 4 unused
    LabelKind("numpy_unused_values", lambda j: 2 * j + 1, np.int64),
    LabelKind("large_sparse_ids", lambda j: 10**9 + 1_000_003 * j),  # past 10^9, int32-safe
    LabelKind("string", _string),
    LabelKind("numpy_str", _string, np.str_),
    LabelKind("mixed_int_str", lambda j: j // 2 if j % 2 == 0 else str(j // 2)),  # 0, "0", 1, "1"
    LabelKind("bytes", lambda j: b"%d" % j),
    LabelKind("tuple", lambda j: ("t", j)),
    LabelKind("frozenset", lambda j: frozenset({j, -1})),
    LabelKind("small_negative", lambda j: -2 - j),  # -2, -3, ...: negative ids besides -1
    LabelKind("boolean", lambda j: (False, True)[j] if j < 2 else j),  # False, True, 2, ...
)
#: Renamings tried in the scale phase (large inputs): wide integers, strings, unused values.
SCALE_COMBOS = (("int_beyond_32_bit", "numpy_int64"), ("string", "unused_values"))

#: (truth kind, pred kind) combinations: each kind on both sides, then kinds mixed across sides.
COMBOS: Tuple[Tuple[str, str], ...] = tuple((k.name, k.name) for k in KINDS[1:]) + (
    ("canonical", "string"), ("string", "canonical"), ("numpy_int8", "int_beyond_64_bit"),
    ("tuple", "canonical"), ("canonical", "numpy_float32"),
    ("boolean", "canonical"), ("canonical", "boolean"), ("canonical", "unused_values"),
    ("unused_values", "canonical"),
)


class LabelInvariance(RenamingConstraint):
    name = "label_invariance"
    title = "Label invariance: renaming labels and permuting items leaves Q unchanged"
    citation = ("Meilă (2007) and Gösgens, Tikhonov & Prokhorenkova (2021): a partition "
                "similarity is a function of the two partitions, not of their encoding.")
    statement = ("Q(T, H) is unchanged when the labels of either side are renamed (any "
                 "hashable values: huge and negative integers, numpy integer and float dtypes, "
                 "floats, unused label values, strings, mixed types, tuples) and the items are "
                 "permuted consistently on both sides. A metric that raises on a label type "
                 "it does not support is weak (a tie naming the rejected types), not failed. "
                 "Noise and missing-value labels are the property special_labels.")
    budget = 0.5
    kinds = KINDS
    combos = COMBOS
    #: the scale phase skips its identical pairs (each renaming is a call of its own), and
    #: the sizes where only counts overflow: a renaming meets the widths of label codes
    #: (2^8, 2^12, 2^16: :data:`~metricprops.search.shapes.CODE_LIMITS`), not of counts
    scale_identical = False
    scale_codes_only = True

    def scale_instance(self, truth: Partition, pred: Partition) -> Instance:
        return renamed_instance(truth, pred, SCALE_COMBOS, reversed_order(truth.n))

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        return ("(Failed: a renaming or permutation changed the value; weak: the metric "
                "raised on some label kinds, named in the tie, but never changed its value.)")


CONSTRAINT = LabelInvariance()
