"""Options shared by the commands: the search budget's knobs and where the work runs.

Each knob of :class:`~metricprops.settings.Budget` is one option, made here from one table
(:data:`BUDGET_OPTIONS`): ``--max-examples`` is ``max_examples``, and so on.  A command reads
back the knobs it was given with :func:`given_knobs` and builds one ``Budget`` from them; the
test suite checks that the table and ``Budget`` name the same knobs.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Sequence, Tuple

import click

from ..settings import (
    DEFAULT_EXHAUSTIVE_N,
    DEFAULT_MAX_EXAMPLES,
    DEFAULT_MAX_ITEMS,
    DEFAULT_MIN_ITEMS,
    DEFAULT_SCALE_MAX_N,
    DEFAULT_TIMEOUT,
    MAX_EXHAUSTIVE_N,
    MIN_MAX_ITEMS,
    TOLERANCE,
    WALL_FACTOR,
    Budget,
    Run,
)

__all__ = ["cluster_option", "budget_options", "given_knobs", "budget_from", "run_from",
           "BUDGET_OPTIONS", "declared"]

#: Budget knob -> (click type, metavar, help).  Every option defaults to "not given" (the
#: knob then comes from a plan or the built-in default).
BUDGET_OPTIONS: Dict[str, Tuple[Any, Optional[str], str]] = {
    "max_examples": (click.IntRange(min=0), None,
                     f"Random instances per check after the exhaustive phase (default "
                     f"{DEFAULT_MAX_EXAMPLES}; 0 skips the phase)."),
    "exhaustive_n": (click.IntRange(min=1, max=MAX_EXHAUSTIVE_N), None,
                     f"Check every instance with at most N items first (default "
                     f"{DEFAULT_EXHAUSTIVE_N})."),
    "max_items": (click.IntRange(min=MIN_MAX_ITEMS), None,
                  f"Largest random instance (default {DEFAULT_MAX_ITEMS})."),
    "timeout": (click.FloatRange(min=0, min_open=True), "SECONDS",
                f"Seconds of CPU time one metric call may take (default {DEFAULT_TIMEOUT:g}; "
                f"a call that waits gets {WALL_FACTOR}x that in all)."),
    "tolerance": (float, None,
                  f"Scores within this tolerance are tied (default {TOLERANCE:g}; e.g. 1e-6 "
                  "for a float32 library)."),
    "min_items": (int, None,
                  f"Leave instances with fewer items out on purpose (default "
                  f"{DEFAULT_MIN_ITEMS})."),
    "scale_max_n": (click.IntRange(min=0), None,
                    f"Largest input of the scale phase: structured partitions at the sizes "
                    f"where integer counts overflow (default {DEFAULT_SCALE_MAX_N}; 0 skips "
                    "it)."),
    "time_budget": (float, "SECONDS",
                    "Time for the whole run: each check gets an equal share of what is left; "
                    "a check that runs out without a finding is gave_up."),
}


def _flag(knob: str) -> str:
    return "--" + knob.replace("_", "-")


def budget_options(exclude: Sequence[str] = ()) -> Callable[[Any], Any]:
    """Decorate a command with one option per knob of :class:`Budget` (but ``exclude``)."""
    def decorate(command: Any) -> Any:
        for knob in reversed(Budget.knobs()):
            if knob in exclude:
                continue
            kind, metavar, text = BUDGET_OPTIONS[knob]
            command = click.option(_flag(knob), knob, type=kind, default=None,
                                   metavar=metavar, help=text)(command)
        return command
    return decorate


def given_knobs(params: Dict[str, Any]) -> Dict[str, Any]:
    """The knobs of :class:`Budget` the command line gave (its options not left out)."""
    return {k: params[k] for k in Budget.knobs() if params.get(k) is not None}


def _checked(make: Callable[..., Any], given: Dict[str, Any]) -> Any:
    """``make(**given)``, a bad value a usage error naming its option (exit 2, nothing
    run)."""
    from ..errors import InvalidArgumentError

    try:
        return make(**given)
    except InvalidArgumentError as exc:
        knob, _, why = str(exc).partition(": ")
        if knob not in given:
            raise
        raise click.BadParameter(why, param_hint=_flag(knob)) from None


def budget_from(params: Dict[str, Any]) -> Budget:
    """The :class:`Budget` of the knobs the command line gave."""
    return _checked(Budget().replace, given_knobs(params))


def run_from(**given: Any) -> Run:
    """The :class:`Run` of ``given`` options (a bad value names its option)."""
    return _checked(Run, given)


def _address(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
    from ..errors import InvalidArgumentError
    from ..settings import check_cluster

    if value is None:
        return None
    try:
        return check_cluster(value)  # before any work; nothing is contacted yet
    except InvalidArgumentError as exc:
        raise click.BadParameter(str(exc).replace("cluster: ", "", 1)) from None


def cluster_option(what: str) -> Callable[[Any], Any]:
    """``--cluster ADDRESS``: send ``what`` to a Dask scheduler (the ``cluster`` extra)."""
    return click.option(
        "--cluster", default=None, metavar="ADDRESS", callback=_address,
        help=f"Send {what} to the Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786; needs "
             f"the cluster extra); the output is a local run's.")


def declared(assignments: Sequence[str]) -> Any:
    """The :class:`~metricprops.conventions.Conventions` of ``--convention KEY=VALUE``
    options (``None`` for none); a bad one is a usage error naming the option."""
    from ..conventions import from_assignments
    from ..errors import InvalidConventionError

    try:
        return from_assignments(assignments)
    except InvalidConventionError as exc:
        raise click.BadParameter(str(exc), param_hint="--convention") from None
