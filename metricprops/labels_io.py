"""Moved to :mod:`metricprops.cli.labels_io` (this path is kept for one release)."""
import sys

from .cli import labels_io as _moved

sys.modules[__name__] = _moved
