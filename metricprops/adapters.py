"""Moved to :mod:`metricprops.report.adapters` (this path is kept for one release)."""
import sys

from .report import adapters as _moved

sys.modules[__name__] = _moved
