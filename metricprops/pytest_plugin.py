"""pytest plugin (entry point ``pytest11``, loaded in every pytest session).

It adds two command-line options and one fixture, and makes the options the defaults
(:func:`metricprops.settings.defaults`) of the session, so that
:func:`~metricprops.testing.assert_satisfies`, :func:`~metricprops.testing.assert_agrees`
and :func:`metricprops.check` pick them up::

    pytest --metricprops-seed=1234 --metricprops-max-examples=500

* ``--metricprops-seed N``: the seed of every check in the session.  Without it a seed is
  drawn once per session; every failure message names it, and the end of the session names
  it when a check took it (``metricprops: seed=N (drawn; replay with
  --metricprops-seed=N)``), so a failing run can be replayed.  The report header names the
  options only when they are given: a session that does not ask for metricprops and runs
  none of its checks sees nothing of it.
* ``--metricprops-max-examples N``: random instances per check (default: the checker's).
* ``--metricprops-baseline PATH``: an earlier audit's JSON (``metricprops audit ... --json
  PATH``, or ``result.dumps()``): ``assert_satisfies`` then fails only on findings new or
  changed against it, and :func:`~metricprops.testing.assert_no_new_findings` compares an
  audit of your own with it.
* the ``metricprops_settings`` fixture: the effective values, for tests that call
  :func:`metricprops.check` / :func:`metricprops.audit` themselves.

Importing this module (pytest does it at start-up, before collection) imports nothing beyond
pytest and the standard library: numpy, hypothesis and the checker are loaded only when a
check runs.  With pytest-xdist, every worker uses the controller's seed.
"""
from __future__ import annotations

import argparse
import contextlib
from typing import Any, NamedTuple, Optional

import pytest

from .errors import InvalidArgumentError
from .settings import (
    DEFAULT_MAX_EXAMPLES,
    MAX_SEED,
    Budget,
    ambient_seed_uses,
    check_int,
    defaults,
    draw_seed,
)

__all__ = ["MetricpropsSettings", "metricprops_settings"]

_KEY = "_metricprops_previous"
#: The config attribute counting the checks that took the session's seed (its workers' too).
_USES = "_metricprops_seed_uses"


class MetricpropsSettings(NamedTuple):
    """The effective options of a session (what the ``metricprops_settings`` fixture gives)."""

    #: Seed of every check in the session (given on the command line or drawn once).
    seed: int
    #: Random instances per check; ``None`` means the checker's default.
    max_examples: Optional[int]
    #: True if the seed came from ``--metricprops-seed`` (False: drawn for this session).
    seed_given: bool = False
    #: The earlier audit's JSON of ``--metricprops-baseline`` (``None``: no baseline).
    baseline: Optional[str] = None

    def check_kwargs(self) -> dict:
        """Keyword arguments for :func:`metricprops.check` / :func:`metricprops.audit`."""
        kwargs: dict = {"seed": self.seed}
        if self.max_examples is not None:
            kwargs["max_examples"] = self.max_examples
        return kwargs


def _integer_option(maximum: Optional[int] = None) -> Any:
    """An argparse type: an integer in ``0 .. maximum``, checked like the Python API does."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        try:
            return check_int("value", value, 0, maximum)
        except InvalidArgumentError as exc:
            raise argparse.ArgumentTypeError(str(exc).replace("value: ", "", 1)) from None
    return parse


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("metricprops", "metricprops (clustering metric checks)")
    group.addoption("--metricprops-seed", type=_integer_option(MAX_SEED), default=None,
                    metavar="N", help="seed of every metricprops check (default: drawn once per "
                                      "session and shown at its end when a check took it)")
    group.addoption("--metricprops-max-examples", type=_integer_option(), default=None,
                    metavar="N", help="random instances per metricprops check (default: the "
                                      f"checker's, {DEFAULT_MAX_EXAMPLES})")
    group.addoption("--metricprops-baseline", default=None, metavar="PATH",
                    help="an earlier audit's JSON: assert_satisfies fails only on findings "
                         "new or changed against it")


def _settings(config: Any) -> MetricpropsSettings:
    cached = getattr(config, "_metricprops_settings", None)
    if cached is None:
        seed = config.getoption("metricprops_seed", None)
        given = seed is not None
        if not given:
            # a pytest-xdist worker uses the seed its controller drew (pytest_configure_node)
            seed = getattr(config, "workerinput", {}).get("metricprops_seed")
        if seed is None:
            seed = draw_seed()
        cached = MetricpropsSettings(seed, config.getoption("metricprops_max_examples", None),
                                     given, config.getoption("metricprops_baseline", None))
        config._metricprops_settings = cached
    return cached


def pytest_configure(config: Any) -> None:
    s = _settings(config)
    stack = contextlib.ExitStack()
    budget = None if s.max_examples is None else Budget(max_examples=s.max_examples)
    if s.baseline is not None:  # a bad file stops the session at once, with its reason
        from .errors import BaselineError
        from .results.baseline import load_baseline
        try:
            load_baseline(s.baseline)
        except BaselineError as exc:
            raise pytest.UsageError(f"--metricprops-baseline: {exc}") from None
    stack.enter_context(defaults(seed=s.seed, budget=budget, baseline=s.baseline))
    setattr(config, _KEY, stack)
    setattr(config, _USES, -ambient_seed_uses())  # the uses from here on count


def _uses(config: Any) -> int:
    """Checks of this process (and of the workers done) that took the session's seed."""
    return getattr(config, _USES, 0) + ambient_seed_uses()


def pytest_sessionfinish(session: Any) -> None:
    """A pytest-xdist worker tells its controller whether a check took the seed."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["metricprops_seed_uses"] = _uses(session.config)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist: add a finished worker's uses of the seed to the controller's."""
    uses = getattr(node, "workeroutput", {}).get("metricprops_seed_uses", 0)
    setattr(node.config, _USES, getattr(node.config, _USES, 0) + uses)


def pytest_terminal_summary(terminalreporter: Any, config: Any) -> None:
    """A drawn seed, when a check took it: the line to replay the session with."""
    s = _settings(config)
    if not s.seed_given and _uses(config):
        terminalreporter.write_line(
            f"metricprops: seed={s.seed} (drawn; replay with --metricprops-seed={s.seed})")


def pytest_unconfigure(config: Any) -> None:
    stack = getattr(config, _KEY, None)
    if stack is not None:
        stack.close()
        setattr(config, _KEY, None)


def pytest_report_header(config: Any) -> Optional[str]:
    """The options, when the session gives them (nothing otherwise)."""
    s = _settings(config)
    if not s.seed_given and s.max_examples is None and s.baseline is None:
        return None
    budget = "" if s.max_examples is None else f", max_examples={s.max_examples}"
    baseline = "" if s.baseline is None else f", baseline={s.baseline}"
    return f"metricprops: seed={s.seed}{budget}{baseline}"


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist: every worker runs with the controller's seed (drawn or given)."""
    node.workerinput["metricprops_seed"] = _settings(node.config).seed


@pytest.fixture(scope="session")
def metricprops_settings(request: Any) -> MetricpropsSettings:
    """The session's metricprops options: ``seed``, ``max_examples``, ``check_kwargs()``."""
    return _settings(request.config)
