"""One home for the search defaults and for checking the arguments that set them.

Every entry point -- :func:`metricprops.check`, :func:`metricprops.audit`,
:func:`metricprops.compare`, the ``assert_*`` helpers, the strategies, the pytest plugin and
the command line -- takes its defaults from here and rejects a bad value with the same
:class:`~metricprops.errors.InvalidArgumentError` (a ``ValueError``) and the same message,
before any work is done (as hypothesis' ``internal/validation.py`` does for its strategies).
"""
from __future__ import annotations

import math
import random
from typing import Any, Optional

from .errors import InvalidArgumentError

__all__ = [
    "DEFAULT_MAX_EXAMPLES", "DEFAULT_EXHAUSTIVE_N", "DEFAULT_MAX_ITEMS", "DEFAULT_TIMEOUT",
    "MAX_EXHAUSTIVE_N", "MIN_MAX_ITEMS", "MAX_SEED", "REPORT_SEED", "TOLERANCE",
    "DEFAULT_MIN_ITEMS", "FAMILY_ALPHA", "MAX_CONFIRMATIONS",
    "draw_seed", "check_int", "check_budget", "check_tolerance", "check_timeout", "check_seed",
    "check_min_items", "check_time_budget", "DEFAULT_SCALE_MAX_N", "check_scale_max_n",
    "DEFAULT_JOBS", "DEFAULT_MEMORY_LIMIT", "TIMEOUT_GRACE", "WALL_FACTOR", "OUTPUT_KEEP", "usable_cores",
    "check_jobs", "check_memory_limit",
]

#: Random instances per (metric, constraint) pair after the exhaustive phase.
DEFAULT_MAX_EXAMPLES = 200
#: Every instance with at most this many items is checked first.
DEFAULT_EXHAUSTIVE_N = 5
#: Largest exhaustive size accepted: the number of instances grows like the Bell numbers
#: squared (every pair of partitions of 8 items is 17.3 million), so more is impractical.
MAX_EXHAUSTIVE_N = 8
#: Largest random instance (items).
DEFAULT_MAX_ITEMS = 30
#: The smallest useful ``max_items``: a constraint needs two items to compare anything.
MIN_MAX_ITEMS = 2
#: Smallest instance searched (raise it to exclude tiny, degenerate inputs on purpose).
DEFAULT_MIN_ITEMS = 1
#: Largest input of the scale phase (:mod:`metricprops.search.scale`): 2^17 items is past every
#: 16-, 32- and 64-bit limit of counts, pair counts and products of pair counts; 0 skips it.
DEFAULT_SCALE_MAX_N = 2**17
#: Family-wise error rate of the statistical tests of one check: the probability that a
#: check fails a sound metric, however many instances its search screened.
FAMILY_ALPHA = 1e-4
#: Most candidates a check confirms on fresh samples (each at ``FAMILY_ALPHA / MAX_CONFIRMATIONS``).
MAX_CONFIRMATIONS = 4
#: Seconds of CPU time one metric call may take before it counts as hung (a call that waits
#: without computing -- a sleep, a lock, I/O -- is stopped after WALL_FACTOR times that in
#: wall time).  CPU time, because other jobs on a busy machine do not inflate it: a verdict
#: must not depend on the machine's load.
DEFAULT_TIMEOUT = 10.0
#: Worker processes of an audit (``None``: one per usable core, :func:`usable_cores`).
DEFAULT_JOBS = None
#: Memory one worker may take beyond its start-up footprint (``None``: the machine's memory
#: shared equally by the workers).
DEFAULT_MEMORY_LIMIT = None
#: A call may take this many times its time limit in wall time (a call that waits).
WALL_FACTOR = 3
#: Seconds past ``WALL_FACTOR * timeout`` of wall time after which a worker stuck in one
#: metric call is killed (the worker's own timers stop Python code at the limit; code that
#: ignores them, e.g. a loop in C, is killed).
#: Half the time limit when that is longer: a worker starved of CPU on a loaded machine
#: needs time to act on its alarm, and a kill loses the check's other findings.
TIMEOUT_GRACE = 2.0
#: Characters of a metric's captured output kept with an ``error`` verdict (head and tail).
OUTPUT_KEEP = 2000
#: Seeds are integers in ``0 .. MAX_SEED``.
MAX_SEED = 2**32 - 1
#: The fixed seed of the committed ``reports/`` (``metricprops report``).
REPORT_SEED = 20261130

from .tolerance import TOLERANCE  # noqa: E402  (the one tolerance policy lives beside it)


def draw_seed() -> int:
    """A fresh random seed in ``0 .. 2**32 - 1`` (recorded in every result)."""
    return random.SystemRandom().randrange(MAX_SEED + 1)


def check_int(name: str, value: Any, minimum: int, maximum: Optional[int] = None) -> int:
    """``value`` if it is an integer (not a bool) in ``minimum .. maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name}: expected an integer, got {value!r}")
    if value < minimum or (maximum is not None and value > maximum):
        span = f">= {minimum}" if maximum is None else f"in {minimum}..{maximum}"
        raise InvalidArgumentError(f"{name}: expected an integer {span}, got {value}")
    return value


def check_tolerance(tolerance: Any) -> float:
    """``tolerance`` if it is a finite number >= 0."""
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not (
            math.isfinite(tolerance) and tolerance >= 0):
        raise InvalidArgumentError(f"tolerance: expected a finite number >= 0, got {tolerance!r}")
    return float(tolerance)


def check_timeout(timeout: Any) -> Optional[float]:
    """``timeout`` if it is ``None`` (no limit) or a finite number of seconds > 0."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not (
            math.isfinite(timeout) and timeout > 0):
        raise InvalidArgumentError(
            f"timeout: expected a number of seconds > 0 (or None for no limit), got {timeout!r}")
    return float(timeout)


def check_min_items(min_items: Any, max_items: Any = None) -> int:
    """``min_items`` if it is an integer >= 1 (and at most ``max_items`` when given)."""
    value = check_int("min_items", min_items, 1)
    if max_items is not None and value > max_items:
        raise InvalidArgumentError(
            f"min_items: expected at most max_items ({max_items}), got {value}")
    return value


def check_time_budget(budget: Any) -> Optional[float]:
    """``budget`` if it is ``None`` (no limit) or a finite number of seconds > 0."""
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not (
            math.isfinite(budget) and budget > 0):
        raise InvalidArgumentError(
            f"budget: expected a number of seconds > 0 (or None for no limit), got {budget!r}")
    return float(budget)


def check_scale_max_n(scale_max_n: Any) -> int:
    """``scale_max_n`` if it is an integer >= 0 (0: no scale phase)."""
    return check_int("scale_max_n", scale_max_n, 0)


def check_seed(seed: Any) -> int:
    """``seed`` if given (an integer in ``0 .. 2**32 - 1``), else a freshly drawn one."""
    if seed is None:
        return draw_seed()
    return check_int("seed", seed, 0, MAX_SEED)


def check_budget(*, max_examples: Any = DEFAULT_MAX_EXAMPLES,
                 exhaustive_n: Any = DEFAULT_EXHAUSTIVE_N, max_items: Any = DEFAULT_MAX_ITEMS,
                 timeout: Any = DEFAULT_TIMEOUT, tolerance: Any = TOLERANCE) -> dict:
    """Validate a search budget; return it as keyword arguments."""
    return {
        "max_examples": check_int("max_examples", max_examples, 0),
        "exhaustive_n": check_int("exhaustive_n", exhaustive_n, 1, MAX_EXHAUSTIVE_N),
        "max_items": check_int("max_items", max_items, MIN_MAX_ITEMS),
        "timeout": check_timeout(timeout),
        "tolerance": check_tolerance(tolerance),
    }


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells)."""
    import os
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def check_jobs(jobs: Any) -> int:
    """``jobs`` if it is an integer >= 1; ``None`` means :func:`usable_cores`."""
    return usable_cores() if jobs is None else check_int("jobs", jobs, 1)


_UNITS = {"": 1, "B": 1, "K": 2**10, "KB": 10**3, "KIB": 2**10, "M": 2**20, "MB": 10**6,
          "MIB": 2**20, "G": 2**30, "GB": 10**9, "GIB": 2**30, "T": 2**40, "TB": 10**12,
          "TIB": 2**40}


def check_memory_limit(limit: Any) -> Optional[int]:
    """Bytes from ``limit``: an integer, or a size such as ``"1GiB"``, ``"512M"``, ``"2GB"``
    (K/M/G/T are binary, KB/MB/GB decimal); ``None`` stays ``None`` (the default)."""
    if limit is None:
        return None
    if isinstance(limit, str):
        import re
        match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]*)\s*", limit)
        unit = match.group(2).upper() if match else None
        if unit not in _UNITS:
            raise InvalidArgumentError(
                f"memory_limit: expected a size such as 1GiB, 512M or 2GB, got {limit!r}")
        limit = int(float(match.group(1)) * _UNITS[unit])  # type: ignore[union-attr]
    value = check_int("memory_limit", limit, 2**20)
    return value
