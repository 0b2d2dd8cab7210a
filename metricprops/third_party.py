"""Moved to :mod:`metricprops.report.third_party` (this path is kept for one release)."""
import sys

from .report import third_party as _moved

sys.modules[__name__] = _moved
