"""Shared test configuration: one hypothesis profile and the shared fixtures.

The test folders mirror the package (core, metrics, constraints, search, symbolic, cli,
report, docs, coref); none is a Python package, so test file names are unique across
folders.  This folder is put on ``sys.path`` so that every test, in any subfolder, imports
the helper plug-ins as ``plugins.faulty`` / ``plugins.custom`` and the shared hypothesis
strategy ``label_strategies.label_pairs`` (a strategy is needed when ``@given`` is applied, at
import time, so it cannot be a fixture; and ``conftest`` modules are not importable reliably).

Fixtures shared by every folder: ``cli_runner`` and ``invoke`` (the ``metricprops`` command
line, in-process), ``write_lines`` (a labels file), ``run`` (one constraint check with the
module's ``check_budget``) and ``quick_reports`` (one quick build of every report, made once
per test run and shared by the test processes).

The ``ci`` profile is deterministic (``derandomize=True``: the same examples on every run and
every machine), has no per-example deadline (shared CI runners are slow and noisy) and keeps
example counts modest so that the suite stays fast.  It replaces hypothesis' own built-in
``ci`` profile, which it would otherwise load by itself when ``CI=true``.  Another registered
profile can be chosen with ``HYPOTHESIS_PROFILE=name``.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, settings

# Byte-code caching on, whatever the environment says: the suite starts hundreds of Python
# processes (test processes, audit workers, command lines run as a user would), and with
# PYTHONDONTWRITEBYTECODE set every one of them compiled metricprops from source again and
# pytest rewrote the asserts of every test module again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

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


def pytest_addoption(parser):
    parser.addoption("--sweep", action="store_true",
                     help="also run the tests marked sweep (long seed sweeps, minutes)")


def pytest_configure(config):
    config.addinivalue_line("markers", "sweep: long seed sweeps, run only with --sweep")
    config.addinivalue_line("markers", "heavy: tens of seconds of CPU; started first")


def _heavy(item) -> bool:
    """A test of tens of seconds: marked ``heavy``, or one that reads the shared quick
    report build (the first of them builds it, the others wait for it)."""
    return item.get_closest_marker("heavy") is not None or "quick_reports" in getattr(
        item, "fixturenames", ())


def pytest_collection_modifyitems(config, items):
    # the heavy tests first, in the order pytest-randomly shuffled them (it reorders before
    # this hook; the sort is stable): the test processes take the collection in contiguous
    # shares and steal from each other's ends, so short tests are what is left to even out
    # the finish, not a heavy test drawn late that one process would run alone
    items.sort(key=lambda item: not _heavy(item))
    if config.getoption("--sweep"):
        return
    skip = pytest.mark.skip(reason="a long seed sweep: run with --sweep")
    for item in items:
        if "sweep" in item.keywords:
            item.add_marker(skip)


# -- shared fixtures ---------------------------------------------------------------------------
#: Every section writer ``metricprops.report.build_reports`` calls: (module of
#: ``metricprops.report``, function).
REPORT_SECTIONS = (("audit_report", "write_audit_report"),
                   ("coreference", "write_coreference_report"),
                   ("sections", "write_closed_forms"), ("sections", "write_elm_paper"),
                   ("goesgens_report", "write_goesgens"), ("graph_figure", "draw_theorem3"),
                   ("overlapping", "write_overlapping_report"),
                   ("third_party.overlapping", "overlapping_audit"),
                   ("third_party", "write_reports"))


@pytest.fixture
def stub_report_sections(monkeypatch):
    """``stub_report_sections(write_reports=f, ...)``: every section writer of
    ``build_reports`` does nothing (or what its keyword gives), so a test runs the build's
    orchestration alone: which sections, which command, the index."""
    import importlib

    def stub(**replacements):
        for module, name in REPORT_SECTIONS:
            found = importlib.import_module(f"metricprops.report.{module}")
            monkeypatch.setattr(found, name, replacements.get(name, lambda *a, **k: None))

    return stub


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


@pytest.fixture
def short_scaling_calls(monkeypatch):
    """The scaling measurement stops growing sizes at 0.3 s of CPU time a call, the default
    since 2026-12-05 (:data:`metricprops.constraints._growth.CALL_SECONDS`; 1 s before):
    pinned here so that the tests of planted loops keep their reach if the default moves.
    For a planted loop that is quadratic from the first sizes the verdict and the fitted
    power are the same as at 1 s (measured: n^2.03 against n^2.0).  Worker processes fork
    after the patch."""
    from metricprops.constraints import _growth

    monkeypatch.setattr(_growth, "CALL_SECONDS", 0.3)
    monkeypatch.setattr(_growth, "RETIME_SECONDS", 0.6)



@pytest.fixture
def injected_costs(monkeypatch):
    """A call costs what a planted metric charges (``planted.spin(seconds)``): the clocks
    that time calls (:class:`metricprops.calls.Deadline`) read the process's CPU time plus
    the seconds charged, the wall clock too, so that the scaling measurement of a charged
    plant depends neither on the processor's speed nor on other jobs on the machine."""
    import time
    import types

    from metricprops import calls

    from plugins import planted

    charged = [0.0]

    def clock():
        return time.process_time() + charged[0]

    names = {name: getattr(time, name) for name in dir(time) if not name.startswith("_")}
    monkeypatch.setattr(calls, "time", types.SimpleNamespace(
        **{**names, "process_time": clock, "monotonic": clock}))
    monkeypatch.setattr(planted, "spin", lambda seconds: charged.__setitem__(
        0, charged[0] + seconds))


#: The command line that ``quick_reports`` runs (in its folder, so the reports go to reports/).
QUICK_REPORT = ("report", "--quick", "--seed", "5", "-q")


@pytest.fixture(scope="session")
def shared_folder(tmp_path_factory, worker_id):
    """``shared_folder(name, build)``: a folder that ``build(folder)`` fills once per test run
    -- the first test process to ask builds it under a file lock, the others wait and share
    it.  Tests read it and never write into it."""
    from filelock import FileLock

    base = tmp_path_factory.getbasetemp()
    root = base if worker_id == "master" else base.parent  # one folder for every process

    def shared(name, build):
        folder = root / name
        with FileLock(str(root / f"{name}.lock")):
            if not (folder / ".built").exists():
                folder.mkdir(exist_ok=True)
                build(folder)
                (folder / ".built").write_text("ok", encoding="utf-8")
        return folder

    return shared


@pytest.fixture(scope="session")
def quick_reports(shared_folder):
    """The ``reports/`` folder that ``metricprops report --quick --seed 5 -q`` wrote, built
    once per test run in a fresh interpreter and shared by the test processes."""

    def build(folder):
        done = subprocess.run([sys.executable, "-m", "metricprops", *QUICK_REPORT],
                              cwd=folder, capture_output=True, text=True, timeout=1800)
        assert done.returncode == 0, done.stdout + done.stderr

    return shared_folder("quick-report", build) / "reports"


@pytest.fixture
def plugin_file(tmp_path, monkeypatch):
    """``plugin_file(module, source)``: write ``source`` as ``module.py`` in a fresh working
    folder (each test its own file, not an imported one) and return ``resolve(attr, **meta)``,
    which resolves ``module.py:attr`` as the command line does."""

    def write(module, source):
        (tmp_path / f"{module}.py").write_text(source, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        monkeypatch.delitem(sys.modules, module, raising=False)
        from metricprops.registry import resolve_metric
        return lambda attr, **meta: resolve_metric(f"{module}.py:{attr}", **meta)

    return write
