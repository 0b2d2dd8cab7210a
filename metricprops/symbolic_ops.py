"""Moved to :mod:`metricprops.symbolic.ops` (this path is kept for one release)."""
import sys

from .symbolic import ops as _moved

sys.modules[__name__] = _moved
