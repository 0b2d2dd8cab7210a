"""Typed errors of metricprops.

Every error subclasses :class:`MetricPropsError` *and* the builtin exception a Python user
would expect (``ValueError`` for bad values, ``TypeError`` for bad types, ``KeyError`` for an
unknown name), so ``except ValueError`` keeps working around our calls.

A constraint *violation* is never an exception: it is data in a check result.
"""
from __future__ import annotations

__all__ = [
    "MetricPropsError",
    "InvalidPartitionError",
    "LengthMismatchError",
    "EmptyInputError",
    "MissingLabelError",
    "UnhashableLabelError",
    "InvalidTableError",
    "EmptyTableError",
    "UnknownNameError",
    "InvalidMetricError",
    "InvalidArgumentError",
    "PluginLoadWarning",
]


class MetricPropsError(Exception):
    """Base class of every error raised on purpose by metricprops."""


class InvalidPartitionError(MetricPropsError, ValueError):
    """Labels or blocks that do not describe a partition."""


class LengthMismatchError(InvalidPartitionError):
    """``labels_true`` and ``labels_pred`` have different lengths."""


class EmptyInputError(InvalidPartitionError):
    """No items where at least one is required."""


class MissingLabelError(InvalidPartitionError):
    """A label is ``None`` or NaN: every item needs a block."""


class UnhashableLabelError(MetricPropsError, TypeError):
    """A label cannot be hashed, so it cannot name a block."""


class InvalidTableError(MetricPropsError, ValueError):
    """A contingency table that is not a 2-D array of non-negative integers."""


class EmptyTableError(EmptyInputError, InvalidTableError):
    """A contingency table with no items: both an empty input and an invalid table."""


class UnknownNameError(MetricPropsError, KeyError):
    """A metric or constraint name that is not registered (the message lists close names)."""

    def __str__(self) -> str:  # KeyError would print the repr of the message
        return str(self.args[0]) if self.args else ""


class InvalidMetricError(MetricPropsError, TypeError):
    """An object that cannot be used as a metric, or metadata that is inconsistent."""


class InvalidArgumentError(MetricPropsError, ValueError):
    """An argument outside its documented domain (a strategy size, a tolerance, ...)."""


class PluginLoadWarning(UserWarning):
    """A third-party entry point could not be loaded; it is skipped, nothing else fails."""
