"""Moved to :mod:`metricprops.symbolic.families` (this path is kept for one release)."""
import sys

from .symbolic import families as _moved

sys.modules[__name__] = _moved
