"""Moved to :mod:`metricprops.symbolic.sign` (this path is kept for one release)."""
import sys

from .symbolic import sign as _moved

sys.modules[__name__] = _moved
