"""Moved to :mod:`metricprops.symbolic.catalog` (this path is kept for one release)."""
import sys

from .symbolic import catalog as _moved

sys.modules[__name__] = _moved
