"""Sparse contingency table of two partitions, built in one pass.

The table is stored as its non-zero *cells* ``n_ij`` with, for each cell, the size of its
true block ``a_i`` and of its predicted block ``b_j``, plus the two marginals.  Every built-in
metric is a formula over these arrays (see :mod:`metricprops.metrics.stats`), so scoring costs
O(n) to build the table and O(nnz + k) per metric.

A table may also be given directly (:meth:`Contingency.from_table`), so that a table that
describes n = 10^9 items is scored without materialising labels.  Pair counts are exact
Python integers at any n.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .errors import EmptyTableError, InvalidTableError
from .partition import Partition, validate_pair

__all__ = ["Contingency", "contingency_table"]


class Contingency:
    """Sparse contingency table of a truth (rows) against a prediction (columns).

    Attributes
    ----------
    n : int
        Number of items.
    cell_n, cell_a, cell_b : ndarray of int64
        For each non-zero cell: ``n_ij``, the true block size ``a_i`` and the predicted block
        size ``b_j``.
    cell_row, cell_col : ndarray of intp
        Row (true block) and column (predicted block) index of each cell.
    a, b : ndarray of int64
        True block sizes (row sums) and predicted block sizes (column sums).

    The weight attributes (``cell_w``, ``a_w``, ``b_w``) are ``None``: every cell and block
    counts once.  The symbolic view uses the same attribute names with multiplicities.
    """

    symbolic = False
    cell_w = None
    a_w = None
    b_w = None

    def __init__(self, rows: np.ndarray, cols: np.ndarray, counts: np.ndarray,
                 n_rows: int, n_cols: int):
        counts = np.asarray(counts, dtype=np.int64)
        self.cell_row = np.asarray(rows, dtype=np.intp)
        self.cell_col = np.asarray(cols, dtype=np.intp)
        self.cell_n = counts
        self.a = _segment_sum(self.cell_row, counts, n_rows)
        self.b = _segment_sum(self.cell_col, counts, n_cols)
        self.n = int(counts.sum(dtype=np.int64)) if counts.size else 0
        self.cell_a = self.a[self.cell_row]
        self.cell_b = self.b[self.cell_col]
        self._cache: dict[str, Any] = {}

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_labels(cls, labels_true: Any, labels_pred: Any) -> Contingency:
        """Table of two label vectors (validated through :class:`Partition`)."""
        t, p = validate_pair(labels_true, labels_pred)
        return cls.from_partitions(t, p)

    @classmethod
    def from_partitions(cls, truth: Partition, pred: Partition) -> Contingency:
        """Table of two partitions of the same items, in O(n)."""
        kt, kp = truth.n_blocks, pred.n_blocks
        # temporaries are dropped as soon as they are used: at n = 10^7 they are 80 MB each
        key = truth.codes.astype(np.int64)
        key *= kp
        key += pred.codes
        if kt * kp <= 4 * truth.n + 1024:
            dense = np.bincount(key, minlength=kt * kp)
            del key
            cells = np.flatnonzero(dense)
            counts = dense[cells]
            del dense
        else:
            cells, counts = np.unique(key, return_counts=True)
            del key
        rows, cols = np.divmod(cells, kp)
        del cells
        return cls(rows, cols, counts, kt, kp)

    @classmethod
    def from_table(cls, table: Any) -> Contingency:
        """Table given directly: a 2-D array-like (or scipy sparse matrix) of counts.

        Rows are true blocks, columns predicted blocks.  Empty rows and columns are dropped.
        """
        if hasattr(table, "tocoo"):
            coo = table.tocoo()
            rows, cols, data = coo.row, coo.col, np.asarray(coo.data)
        else:
            arr = np.asarray(table)
            if arr.ndim != 2:
                raise InvalidTableError(
                    f"expected a 2-D contingency table, got an array of shape {arr.shape}"
                )
            rows, cols = np.nonzero(arr)
            data = arr[rows, cols]
        if data.size and data.dtype.kind == "f":
            if not np.all(np.isfinite(data)) or np.any(data != np.round(data)):
                raise InvalidTableError("expected integer counts in the table, got non-integers")
        elif data.size and data.dtype.kind not in "iub":
            raise InvalidTableError(f"expected integer counts in the table, got dtype {data.dtype}")
        data = data.astype(np.int64)
        if np.any(data < 0):
            raise InvalidTableError("expected non-negative counts in the table, got a negative one")
        keep = data > 0
        rows, cols, data = rows[keep], cols[keep], data[keep]
        if data.size == 0:
            raise EmptyTableError("expected a table with at least one item, got an empty table")
        _, rows = np.unique(rows, return_inverse=True)
        _, cols = np.unique(cols, return_inverse=True)
        rows, cols = rows.reshape(-1), cols.reshape(-1)
        return cls(rows, cols, data, int(rows.max()) + 1, int(cols.max()) + 1)

    # -- views --------------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, int]:
        """(number of true blocks, number of predicted blocks)."""
        return len(self.a), len(self.b)

    @property
    def nnz(self) -> int:
        return int(self.cell_n.size)

    def toarray(self) -> np.ndarray:
        """Dense table (rows: true blocks, columns: predicted blocks)."""
        out = np.zeros(self.shape, dtype=np.int64)
        out[self.cell_row, self.cell_col] = self.cell_n
        return out

    def transpose(self) -> Contingency:
        """The table with truth and prediction swapped."""
        return Contingency(self.cell_col, self.cell_row, self.cell_n, len(self.b), len(self.a))

    @property
    def ops(self):
        from .ops import NUMERIC
        return NUMERIC

    def __repr__(self) -> str:
        return f"Contingency(n={self.n}, shape={self.shape}, nnz={self.nnz})"


def _segment_sum(ids: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    if values.size and float(values.sum(dtype=np.float64)) >= 2**52:  # float64 sums would round
        out = np.zeros(size, dtype=np.int64)
        np.add.at(out, ids, values)
        return out
    return np.bincount(ids, weights=values, minlength=size).astype(np.int64)


def contingency_table(labels_true: Any, labels_pred: Any) -> Contingency:
    """Sparse contingency table of two labelings (see :class:`Contingency`)."""
    return Contingency.from_labels(labels_true, labels_pred)
