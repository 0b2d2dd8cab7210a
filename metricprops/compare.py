"""Moved to :mod:`metricprops.differential` (this path is kept for one release)."""
import sys

from . import differential as _moved

sys.modules[__name__] = _moved
