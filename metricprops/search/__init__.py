"""The search behind one check, from instances to findings.

* :mod:`~metricprops.search.core` -- :class:`Search`: the exhaustive and random phases, every
  distinct finding kept and shrunk on its own;
* :mod:`~metricprops.search.minimise` -- a finding reduced to a smallest form (remove an item,
  merge two blocks, split one);
* :mod:`~metricprops.search.scale` -- the scale phase: structured partitions at the sizes where
  integer counts overflow;
* :mod:`~metricprops.search.chunks` -- the exhaustive phase cut into chunks that workers share,
  and a check resumed from their summaries.
"""
from __future__ import annotations

from .core import MAX_FINDINGS, Abort, OutOfTime, Search, input_class

__all__ = ["Search", "Abort", "OutOfTime", "input_class", "MAX_FINDINGS"]
