"""Moved to :mod:`metricprops.symbolic.proofs` (this path is kept for one release)."""
import sys

from .symbolic import proofs as _moved

sys.modules[__name__] = _moved
