"""Shared test configuration: one hypothesis profile and the shared fixtures.

The test folders mirror the package (core, metrics, constraints, search, symbolic, cli,
report, docs, coref); none is a Python package, so test file names are unique across
folders.  This folder is put on ``sys.path`` so that every test, in any subfolder, imports
the helper plug-ins as ``plugins.faulty`` / ``plugins.custom`` and the shared hypothesis
strategy ``label_strategies.label_pairs`` (a strategy is needed when ``@given`` is applied, at
import time, so it cannot be a fixture; and ``conftest`` modules are not importable reliably).

Fixtures shared by every folder: ``cli_runner`` and ``invoke`` (the ``metricprops`` command
line, in-process), ``write_lines`` (a labels file) and ``run`` (one constraint check with the
module's ``check_budget``).

The ``ci`` profile is deterministic (``derandomize=True``: the same examples on every run and
every machine), has no per-example deadline (shared CI runners are slow and noisy) and keeps
example counts modest so that the suite stays fast.  It replaces hypothesis' own built-in
``ci`` profile, which it would otherwise load by itself when ``CI=true``.  Another registered
profile can be chosen with ``HYPOTHESIS_PROFILE=name``.
"""
from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

TESTS = os.path.dirname(os.path.abspath(__file__))
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    parent=settings.get_profile("ci"),
    max_examples=1000,
    derandomize=False,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# -- shared fixtures ---------------------------------------------------------------------------
@pytest.fixture(scope="session")
def cli_runner():
    """A click runner that keeps stderr apart from stdout (the default from click 8.2 on)."""
    from click.testing import CliRunner

    try:
        return CliRunner(mix_stderr=False)
    except TypeError:  # click >= 8.2 always separates them and dropped the argument
        return CliRunner()


@pytest.fixture(scope="session")
def invoke(cli_runner):
    """``invoke("audit", "elm_f", ...)``: run ``metricprops ARGS...`` in-process; the result."""
    from metricprops.cli import main

    def invoke(*args):
        return cli_runner.invoke(main, [str(a) for a in args])

    return invoke


@pytest.fixture(scope="session")
def write_lines():
    """``write_lines(path, labels)``: write one label a line (what ``metricprops score`` reads)
    and return the path as a string."""

    def write_lines(path, labels):
        path.write_text("".join(f"{x}\n" for x in labels), encoding="utf-8")
        return str(path)

    return write_lines


@pytest.fixture
def check_budget():
    """The search budget of ``run``; a test module overrides this fixture to change it."""
    return dict(seed=20261130, max_examples=50)


@pytest.fixture
def run(check_budget):
    """``run(metric, constraint, **kw)``: ``check`` with the module's budget (``kw`` wins)."""
    from metricprops.checker import check

    def run(metric, constraint, **kw):
        return check(metric, constraint, **{**check_budget, **kw})

    return run
