"""Typed errors of metricprops.

Every error subclasses :class:`MetricPropsError` *and* the builtin exception a Python user
would expect (``ValueError`` for bad values, ``TypeError`` for bad types, ``KeyError`` for an
unknown name), so ``except ValueError`` keeps working around our calls.

A constraint *violation* is never an exception: it is data in a check result.
"""
from __future__ import annotations

from typing import Any

__all__ = [
    "MetricPropsError",
    "InvalidPartitionError",
    "InvalidCoverError",
    "LengthMismatchError",
    "EmptyInputError",
    "MissingLabelError",
    "LabelFileError",
    "UnhashableLabelError",
    "InvalidTableError",
    "EmptyTableError",
    "UnknownNameError",
    "InvalidMetricError",
    "InvalidArgumentError",
    "OutputPathError",
    "UnknownArgumentError",
    "PlanError",
    "MissingExtraError",
    "ClusterError",
    "InvalidConstraintError",
    "TargetError",
    "InvalidConventionError",
    "BaselineError",
    "MetricCallError",
    "NumericOnlyError",
    "PluginLoadWarning",
    "JournalError",
    "AuditInterrupted",
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


class InvalidCoverError(InvalidPartitionError):
    """Clusters or label sets that do not describe a cover (an item in no cluster, an empty
    or a repeated cluster, items outside ``0 .. n-1``)."""


class LabelFileError(InvalidPartitionError):
    """A label file that cannot be read as one label per item (the message names the file,
    line and column)."""


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


class UnknownArgumentError(InvalidArgumentError, TypeError):
    """A keyword argument that names no knob (a typo must not pass silently); the message
    lists the knobs."""


class OutputPathError(InvalidArgumentError):
    """An output path that cannot be written (a folder, a file where a folder is needed, no
    permission) or that two options share; raised before any work is done."""


class PlanError(InvalidArgumentError):
    """An audit plan file (or one of its adapters) that cannot be used: the message names
    where."""


class MissingExtraError(MetricPropsError, ImportError):
    """An optional package (an extra such as ``test``) that a requested piece of work needs
    is not installed; the message names the package and how to install it."""


class ClusterError(MetricPropsError, ConnectionError):
    """The Dask scheduler given as ``cluster`` (``--cluster ADDRESS``) could not be reached;
    the message names the address and what the connection said."""


class InvalidConstraintError(MetricPropsError, TypeError):
    """An object that cannot be used as a constraint (not a :class:`Constraint`)."""


class TargetError(InvalidMetricError):
    """A ``module:attr`` or ``file.py:attr`` target that cannot be imported or is no metric."""


class InvalidConventionError(InvalidMetricError, ValueError):
    """A declared convention (``conventions=``) with an unknown key or a value of the wrong
    kind; the message says what was expected and what came."""


class BaselineError(InvalidArgumentError):
    """A ``--baseline`` file that is not the JSON of an earlier audit."""


class NumericOnlyError(MetricPropsError, NotImplementedError):
    """A metric whose formula has no symbolic form (a per-block maximum, an expectation)."""


class MetricCallError(MetricPropsError, RuntimeError):
    """The metric under audit raised, hung, or returned something that is not a finite number.

    ``reason`` is one of ``raised``, ``timeout``, ``memory`` (a ``MemoryError``: in a worker,
    the memory limit), ``crashed`` (``sys.exit()`` or another ``BaseException`` that is not
    an ``Exception``), ``nan``, ``inf``, ``not_a_number``;
    ``truth`` and ``pred`` are the :class:`~metricprops.partition.Partition` pair it was
    called on; ``where`` is ``"file.py:line"`` of the metric's frame that raised (``None``
    for the other reasons).  The checker turns it into an ``error`` verdict; it never ends
    an audit.
    """

    def __init__(self, reason: str, message: str, truth: Any, pred: Any,
                 where: Any = None, exit: Any = None):
        super().__init__(message)
        self.reason = reason
        self.truth = truth
        self.pred = pred
        self.where = where
        self.exit = exit  # {"code": 3} for a metric that called sys.exit(3)

    def __reduce__(self) -> tuple:
        # picklable with its input and attributes: a worker sends it back with the findings
        # of a chunk of an exhaustive phase (the traceback and __cause__ stay behind)
        return (type(self), (self.reason, str(self), self.truth, self.pred, self.where,
                             self.exit), dict(self.__dict__))

    def finding_reason(self) -> str:
        """The reason as a finding's key holds it: ``raised:ZeroDivisionError`` for an
        exception (the metric's own, past any relabelling), else :attr:`reason`."""
        cause = self.__cause__
        while isinstance(cause, MetricCallError):  # relabelled (compare's sides)
            cause = cause.__cause__
        return (f"{self.reason}:{type(cause).__name__}" if self.reason == "raised" and cause
                else self.reason)

    def to_json(self) -> dict:
        out = {"reason": self.reason, "message": str(self), "truth": self.truth.tolist(),
               "pred": self.pred.tolist(),
               "notation": {"truth": self.truth.notation(), "pred": self.pred.notation()}}
        if self.where:
            out["where"] = self.where
        if self.exit is not None:
            out["exit"] = self.exit
        side = getattr(self, "side", None)  # which implementation, in a comparison
        if side is not None:
            out["side"], out["cause"] = side, getattr(self, "cause", str(self))
        return out


class JournalError(InvalidArgumentError):
    """An audit journal that cannot be read, or that another audit wrote (other seed,
    settings or pairs): resuming from it would not give that audit's results."""


class AuditInterrupted(KeyboardInterrupt):
    """An audit stopped by SIGINT (Ctrl-C) or SIGTERM.  ``partial`` is the
    :class:`~metricprops.results.AuditResult` of the checks that finished (``complete``
    false, the others in ``unfinished``); ``__cause__`` is the interrupt.  A
    ``KeyboardInterrupt``, so code that does not know it stops as before."""

    def __init__(self, partial: Any):
        done = len(partial.results)
        super().__init__(f"audit interrupted: {done} check{'' if done == 1 else 's'} "
                         f"finished, {len(partial.unfinished)} not")
        self.partial = partial


class PluginLoadWarning(UserWarning):
    """A third-party entry point could not be loaded; it is skipped, nothing else fails."""


class InvalidComplexityError(InvalidMetricError, ValueError):
    """A declared complexity that is not a sum of powers of ``n`` (items) and ``k``
    (clusters): the message shows the grammar and what came."""
