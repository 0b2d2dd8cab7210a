"""The constraint catalog, one module per constraint (installed as ``metricprops.constraints``).

Third parties add constraints through the entry-point group ``metricprops.constraints``.
"""
from __future__ import annotations

from .completeness import CONSTRAINT as completeness
from .degenerate import CONSTRAINT as degenerate
from .homogeneity import CONSTRAINT as homogeneity
from .rag_bag import CONSTRAINT as rag_bag
from .size_vs_quantity import CONSTRAINT as size_vs_quantity
from .zero_score import CONSTRAINT as zero_score

#: Built-in constraints in catalog order (explicit; no discovery at import time).
BUILTIN_CONSTRAINTS: tuple = (zero_score, degenerate, homogeneity, completeness, rag_bag,
                              size_vs_quantity)

__all__ = ["BUILTIN_CONSTRAINTS"] + [c.name for c in BUILTIN_CONSTRAINTS]
