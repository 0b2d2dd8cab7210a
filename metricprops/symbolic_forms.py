"""Moved to :mod:`metricprops.symbolic.forms` (this path is kept for one release)."""
import sys

from .symbolic import forms as _moved

sys.modules[__name__] = _moved
