"""Special labels: ``-1`` as noise, ``None`` and NaN as missing values are labels, or refused.

Real label arrays hold values that some libraries treat specially: ``-1`` marks noise for
density-based clusterers (DBSCAN, HDBSCAN) and for libraries that score them, ``None`` and
NaN mark missing values.  A metric of two partitions must either score such a value as the
label of a block like any other (the partition the labels describe), or refuse it loudly
(raising is the right answer to a missing value).  What it may not do is give another value
silently: drop the noise items, count each NaN as a block of its own, merge ``None`` with
``0``.  This is kept apart from ``label_invariance`` (ordinary renamings), so that a metric
that gives NaN a meaning of its own fails this property only, with the kind named as the
cause of its finding (a finding per kind: ``noise_minus_one``, ``none``, ``nan``, ...).

Outcomes on an instance (the machinery of :mod:`~metricprops.constraints._renaming`): the
value changes under a special label: **violated**; the metric raises on ``None`` or NaN:
satisfied (a refused missing value); it raises on ``-1``: a **tie** (weak: ``-1`` is an
ordinary integer a metric rejects).
"""
from __future__ import annotations

from typing import Any, Tuple

import numpy as np

from ._renaming import CANONICAL, LabelKind, RenamingConstraint

_NAN = float("nan")  # one object: equal to itself as a dict key

#: The special labels, each standing for the first block (the others keep 0, 1, ...).
KINDS: Tuple[LabelKind, ...] = (
    CANONICAL,
    LabelKind("noise_minus_one", lambda j: j - 1),  # -1, 0, 1, ...: -1 is "noise" to some
    LabelKind("numpy_noise_minus_one", lambda j: j - 1, np.int64),
    LabelKind("none", lambda j: None if j == 0 else j - 1, may_reject=True),  # None, 0, 1, ...
    LabelKind("nan", lambda j: _NAN if j == 0 else float(j - 1), may_reject=True),
    LabelKind("numpy_nan", lambda j: _NAN if j == 0 else float(j - 1), np.float64,
              may_reject=True),
)
#: Each kind on both sides, then on one side against canonical labels on the other.
COMBOS: Tuple[Tuple[str, str], ...] = tuple((k.name, k.name) for k in KINDS[1:]) + tuple(
    combo for k in KINDS[1:] for combo in (("canonical", k.name), (k.name, "canonical")))


class SpecialLabels(RenamingConstraint):
    name = "special_labels"
    title = "Special labels: -1, None and NaN are labels like any other, or refused"
    citation = ("The label conventions of clustering libraries: -1 as noise (DBSCAN, HDBSCAN), "
                "None and NaN as missing values.")
    statement = ("Q(T, H) is unchanged when the first block of either side is labelled -1 "
                 "(the others 0, 1, ...), None or NaN, the items permuted consistently on "
                 "both sides; raising on None or NaN is allowed (a refused missing value), "
                 "raising on -1 is weak.")
    budget = 0.25
    kinds = KINDS
    combos = COMBOS

    def verdict_note(self, metric: Any, exhaustive_n: int, max_items: int) -> str:
        return ("(Failed: a special label changed the value silently; weak: the metric "
                "raised on -1, named in the tie.)")


CONSTRAINT = SpecialLabels()
