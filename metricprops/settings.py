"""One home for the search defaults and for checking the arguments that set them.

Every entry point -- :func:`metricprops.check`, :func:`metricprops.audit`,
:func:`metricprops.compare`, the ``assert_*`` helpers, the strategies, the pytest plugin and
the command line -- takes its defaults from here and rejects a bad value with the same
:class:`~metricprops.errors.InvalidArgumentError` (a ``ValueError``) and the same message,
before any work is done (as hypothesis' ``internal/validation.py`` does for its strategies).
"""
from __future__ import annotations

import dataclasses
import math
import os
import random
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any, Dict, Iterator, Mapping, Optional, Tuple

from .errors import InvalidArgumentError, MissingExtraError, UnknownArgumentError

__all__ = [
    "DEFAULT_MAX_EXAMPLES", "DEFAULT_EXHAUSTIVE_N", "DEFAULT_MAX_ITEMS", "DEFAULT_TIMEOUT",
    "MAX_EXHAUSTIVE_N", "MIN_MAX_ITEMS", "MAX_SEED", "REPORT_SEED", "TOLERANCE",
    "DEFAULT_MIN_ITEMS", "FAMILY_ALPHA", "MAX_CONFIRMATIONS",
    "draw_seed", "check_int", "check_tolerance", "check_timeout", "check_seed",
    "check_min_items", "check_time_budget", "DEFAULT_SCALE_MAX_N", "check_scale_max_n",
    "DEFAULT_JOBS", "DEFAULT_MEMORY_LIMIT", "TIMEOUT_GRACE", "WALL_FACTOR", "OUTPUT_KEEP",
    "usable_cores", "check_jobs", "check_memory_limit", "check_cluster", "default_memory_limit",
    "Budget", "Run", "defaults", "current_defaults", "ambient_seed", "ambient_seed_uses",
    "MAX_DEFAULT_MEMORY",
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
#: Memory one worker may take beyond its start-up footprint (``None``: half the machine's
#: memory shared equally by the workers, at most :data:`MAX_DEFAULT_MEMORY` each;
#: :func:`default_memory_limit`).
DEFAULT_MEMORY_LIMIT = None
#: The most a worker takes by default: a metric that allocates without bound is stopped there
#: (an ``error`` verdict, reason ``memory``) long before the machine runs short.
MAX_DEFAULT_MEMORY = 4 * 2**30
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
            f"time_budget: expected a number of seconds > 0 (or None for no limit), got {budget!r}")
    return float(budget)


def check_scale_max_n(scale_max_n: Any) -> int:
    """``scale_max_n`` if it is an integer >= 0 (0: no scale phase)."""
    return check_int("scale_max_n", scale_max_n, 0)


def check_seed(seed: Any) -> int:
    """``seed`` if given (an integer in ``0 .. 2**32 - 1``), else a freshly drawn one."""
    if seed is None:
        return draw_seed()
    return check_int("seed", seed, 0, MAX_SEED)


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


def default_memory_limit(jobs: int) -> Optional[int]:
    """Bytes each of ``jobs`` workers may take by default: half the machine's physical
    memory shared equally by the workers, at most :data:`MAX_DEFAULT_MEMORY` and at least
    256 MiB (``None`` where the system does not say).  Every worker at its limit together
    with the auditing process still leave the machine half its memory."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
        return None
    return max(2**28, min(MAX_DEFAULT_MEMORY, total // (2 * max(1, jobs))))


def check_cluster(address: Any) -> str:
    """``address`` if it is a Dask scheduler address (``tcp://host:port``, ``host:port``,
    ``inproc://...``); otherwise an :class:`~metricprops.errors.InvalidArgumentError` saying
    what was expected (and a :class:`~metricprops.errors.MissingExtraError` without the
    ``cluster`` extra).  Nothing is contacted."""
    expected = "a Dask scheduler address such as tcp://10.0.0.5:8786"
    if not isinstance(address, str) or not address.strip():
        raise InvalidArgumentError(f"cluster: expected {expected}, got {address!r}")
    try:
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise MissingExtraError("--cluster needs the distributed package: "
                                "pip install 'metricprops[cluster]'") from None
    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls", "ws", "wss"):
            parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise InvalidArgumentError(f"cluster: expected {expected}, got {address!r} ({exc})"
                                   ) from None
    return address


class _Knobs:
    """Immutable knobs, validated once when made (hypothesis' ``settings`` is the model)."""

    def replace(self, **changes: Any) -> Any:
        """A copy with ``changes`` (unknown names: an
        :class:`~metricprops.errors.UnknownArgumentError`)."""
        unknown = sorted(set(changes) - set(self.knobs()))
        if unknown:
            raise UnknownArgumentError(
                f"{type(self).__name__}: unknown knob(s) {', '.join(unknown)} (expected one "
                f"of {', '.join(self.knobs())})")
        return dataclasses.replace(self, **changes) if changes else self

    @classmethod
    def knobs(cls) -> Tuple[str, ...]:
        """The knob names, in order."""
        return tuple(f.name for f in fields(cls))  # type: ignore[arg-type]

    def _validate(self, checks: Mapping[str, Any]) -> None:
        for name, check in checks.items():
            object.__setattr__(self, name, check(getattr(self, name)))


@dataclass(frozen=True)
class Budget(_Knobs):
    """How hard one check searches: the search's knobs, validated once.

    Every entry point takes one (:func:`metricprops.check`, :func:`metricprops.audit`,
    :func:`metricprops.compare`, plans, the pytest plugin, the command line), and this list
    is the one list of knobs: the ``audit`` command's options and a plan's keys are checked
    against it by the test suite.

    Parameters
    ----------
    max_examples : int
        Random instances after the exhaustive phase (0 skips the phase).
    exhaustive_n : int
        Every instance with at most this many items is checked first (1..8).
    max_items : int
        Largest random instance.
    timeout : float or None
        Seconds of CPU time one metric call may take (``None``: no limit).
    tolerance : float
        Scores within this tolerance are tied (:mod:`metricprops.tolerance`).
    min_items : int
        Smallest instance searched (at most ``max_items``).
    scale_max_n : int
        Largest input of the scale phase (0 skips it).
    time_budget : float or None
        Seconds for a whole audit: each check gets an equal share of what is left when it
        starts, and one that runs out without a finding is ``gave_up`` (``None``: no limit).
    """

    max_examples: int = DEFAULT_MAX_EXAMPLES
    exhaustive_n: int = DEFAULT_EXHAUSTIVE_N
    max_items: int = DEFAULT_MAX_ITEMS
    timeout: Optional[float] = DEFAULT_TIMEOUT
    tolerance: float = TOLERANCE
    min_items: int = DEFAULT_MIN_ITEMS
    scale_max_n: int = DEFAULT_SCALE_MAX_N
    time_budget: Optional[float] = None

    def __post_init__(self) -> None:
        self._validate({
            "max_examples": lambda v: check_int("max_examples", v, 0),
            "exhaustive_n": lambda v: check_int("exhaustive_n", v, 1, MAX_EXHAUSTIVE_N),
            "max_items": lambda v: check_int("max_items", v, MIN_MAX_ITEMS),
            "timeout": check_timeout, "tolerance": check_tolerance,
            "min_items": lambda v: check_min_items(v, self.max_items),
            "scale_max_n": check_scale_max_n, "time_budget": check_time_budget})

    def settings_json(self) -> Dict[str, Any]:
        """The knobs as an audit's JSON records them (``time_budget`` only when set)."""
        out = {name: getattr(self, name) for name in self.knobs()}
        if out["time_budget"] is None:
            del out["time_budget"]
        return out


@dataclass(frozen=True)
class Run(_Knobs):
    """Where and how an audit's work runs (not what it finds: the results are the same for
    every ``Run``).

    Parameters
    ----------
    jobs : int or None
        Worker processes sharing the checks (``None``: one per usable core).
    cluster : str or None
        A Dask scheduler's address: the checks run there (the ``cluster`` extra).
    memory_limit : int, str or None
        Memory a worker may take beyond its start-up footprint (bytes, or ``"1GiB"``;
        ``None``: :func:`default_memory_limit`).
    isolate : bool or None
        ``None``: a metric that is not a built-in is called in a worker process; ``True``:
        every metric; ``False``: none (trusted code only).
    journal : path or None
        Every finished check is appended to this file as it finishes.
    resume : bool
        Keep the checks already in ``journal`` and run only the missing ones.
    """

    jobs: Optional[int] = 1
    cluster: Optional[str] = None
    memory_limit: Optional[Any] = DEFAULT_MEMORY_LIMIT
    isolate: Optional[bool] = None
    journal: Optional[Any] = None
    resume: bool = False

    def __post_init__(self) -> None:
        self._validate({
            "jobs": check_jobs,
            "cluster": lambda v: None if v is None else check_cluster(v),
            "memory_limit": check_memory_limit,
            "isolate": lambda v: _check_optional_bool("isolate", v),
            "journal": lambda v: None if v is None else os.fspath(v),
            "resume": lambda v: bool(_check_optional_bool("resume", v))})
        if self.resume and self.journal is None:
            raise InvalidArgumentError("resume: expected a journal to resume from, got none")


def _check_optional_bool(name: str, value: Any) -> Optional[bool]:
    if value is not None and not isinstance(value, bool):
        raise InvalidArgumentError(f"{name}: expected True, False or None, got {value!r}")
    return value


_DEFAULTS: Dict[str, Any] = {"budget": None, "run": None, "seed": None, "baseline": None}
#: How many checks took the seed :func:`defaults` set (the pytest plugin names a drawn seed
#: at the end of a session only when one did).
_SEED_USES = [0]


def current_defaults() -> Dict[str, Any]:
    """What :func:`defaults` set: ``{"budget": Budget or None, "run": Run or None,
    "seed": int or None, "baseline": path or None}`` (``None``: the built-in defaults, a
    fresh seed per call, no baseline)."""
    return dict(_DEFAULTS)


def ambient_seed() -> Optional[int]:
    """The seed :func:`defaults` set (``None`` outside it), counted as used by a check
    (:func:`ambient_seed_uses`)."""
    seed = _DEFAULTS["seed"]
    if seed is not None:
        _SEED_USES[0] += 1
    return seed


def ambient_seed_uses() -> int:
    """How many times a check has taken the seed :func:`defaults` set, in this process."""
    return _SEED_USES[0]


@contextmanager
def defaults(*, budget: Optional[Budget] = None, run: Optional[Run] = None,
             seed: Optional[int] = None, baseline: Optional[str] = None) -> Iterator[None]:
    """Within the block, checks, audits, comparisons and the ELM reproduction that are not
    told otherwise use this ``budget``, ``run`` and ``seed`` (an explicit argument always
    wins).  How ``metricprops report --jobs N`` reaches the work its sections do, and how the
    pytest plugin's ``--metricprops-seed`` reaches ``assert_satisfies``::

        with mp.settings.defaults(run=Run(jobs=4)):
            mp.audit("elm_f")          # on 4 workers

    ``baseline`` (an earlier audit's JSON file) is what ``assert_satisfies`` compares with
    when not told otherwise (``pytest --metricprops-baseline``).
    """
    for name, value, kind in (("budget", budget, Budget), ("run", run, Run)):
        if value is not None and not isinstance(value, kind):
            raise InvalidArgumentError(f"{name}: expected a {kind.__name__}, got {value!r}")
    if seed is not None:
        check_seed(seed)
    before = dict(_DEFAULTS)
    _DEFAULTS.update({k: v for k, v in (("budget", budget), ("run", run), ("seed", seed),
                                        ("baseline", baseline)) if v is not None})
    try:
        yield
    finally:
        _DEFAULTS.clear()
        _DEFAULTS.update(before)
