"""The one hypothesis strategy the tests share: raw label lists, built on the public strategies.

Most property tests draw :class:`~metricprops.Partition` pairs from the public
:func:`metricprops.strategies.partition_pairs`.  Tests of the label boundary (contingency
tables from labels) and comparisons with other libraries need what a user passes instead:
plain lists of labels that are *not* canonical.  :func:`label_pairs` draws those from the
public :func:`metricprops.strategies.partitions`:

* ``n`` items, then the number of distinct labels of each side drawn *independently*
  (``1 .. min(n, max_labels)``), so one-block and all-singleton sides both come up often;
* each block then gets its own distinct int label from ``0 .. 2 * max_items``: labels are
  neither ``0, 1, 2, ...`` in order of first appearance nor contiguous.

Shrinking goes to fewer items, merged blocks and labels ``0, 1, 2, ...``.
"""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

from hypothesis import strategies as st

from metricprops.partition import Partition
from metricprops.strategies import partitions

__all__ = ["label_pairs"]


def _labels(draw: Any, p: Partition, top: int) -> List[int]:
    names = draw(st.lists(st.integers(0, top), min_size=p.n_blocks, max_size=p.n_blocks,
                          unique=True))
    return [names[block] for block in p.tolist()]


@st.composite
def label_pairs(draw: Any, max_items: int = 20,
                max_labels: Optional[int] = None) -> Tuple[List[int], List[int]]:
    """``(labels_true, labels_pred)``: two int label lists of equal length ``1 .. max_items``."""
    n = draw(st.integers(1, max_items))
    cap = min(n, max_labels or n)
    top = 2 * max_items
    truth = draw(partitions(min_items=n, max_items=n, max_blocks=draw(st.integers(1, cap))))
    pred = draw(partitions(min_items=n, max_items=n, max_blocks=draw(st.integers(1, cap))))
    return _labels(draw, truth, top), _labels(draw, pred, top)
