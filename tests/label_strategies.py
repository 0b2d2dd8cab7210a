"""The one hypothesis strategy the tests share: raw label lists, built on the public strategies.

Most property tests draw :class:`~metricprops.Partition` pairs from the public
:func:`metricprops.strategies.partition_pairs`.  Tests of the label boundary (contingency
tables from labels) and comparisons with other libraries need what a user passes instead:
plain lists of labels.  :func:`label_pairs` draws them with the public
:func:`metricprops.strategies.block_ids`, keeping what ``partition_pairs`` does not have:

* the number of labels of each side is drawn *independently* (``1 .. min(n, max_labels)``),
  so one-block and many-block sides both come up often;
* labels are raw ids, not canonical: not numbered in order of first appearance, and ids of the
  range may go unused.

Shrinking goes to fewer items and to label 0 (one block).
"""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

from hypothesis import strategies as st

from metricprops.strategies import block_ids

__all__ = ["label_pairs"]


@st.composite
def label_pairs(draw: Any, max_items: int = 20,
                max_labels: Optional[int] = None) -> Tuple[List[int], List[int]]:
    """``(labels_true, labels_pred)``: two int label lists of equal length ``1 .. max_items``."""
    n = draw(st.integers(1, max_items))
    cap = min(n + 1, max_labels or n + 1)
    truth = draw(block_ids(n, draw(st.integers(1, cap))))
    pred = draw(block_ids(n, draw(st.integers(1, cap))))
    return truth, pred
