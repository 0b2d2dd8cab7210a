"""The pytest plugin, exercised as a user would: a test file in a fresh directory, run by pytest."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

import metricprops.checker  # noqa: F401  (loaded before pytester snapshots sys.modules: the
import metricprops.testing  # noqa: F401   in-process runs below must not re-import numpy)
from metricprops.registry import list_constraints

# the catalog too: a run that imported it would leave the registry's constraints pointing at
# modules the snapshot then drops, and the next run's workers could not be sent them
list_constraints()

pytest_plugins = ["pytester"]

# A user's own metric implementations: plain functions, wrapped with metricprops.metric.
USER_METRICS = '''
import metricprops


def _per_element_f(labels_true, labels_pred, keep_self):
    n = len(labels_true)
    total = 0.0
    for e in range(n):
        t = {i for i in range(n) if labels_true[i] == labels_true[e] and (keep_self or i != e)}
        h = {i for i in range(n) if labels_pred[i] == labels_pred[e] and (keep_self or i != e)}
        if not t and not h:
            total += 1.0
            continue
        tp = len(t & h)
        total += tp / (tp + 0.5 * len(t ^ h))
    return total / n


def my_elm_f(labels_true, labels_pred):
    return _per_element_f(labels_true, labels_pred, keep_self=False)


def my_bcubed_f(labels_true, labels_pred):
    return _per_element_f(labels_true, labels_pred, keep_self=True)


sound = metricprops.metric(my_elm_f, bounds=(0, 1), perfect=1)
flawed = metricprops.metric(my_bcubed_f, bounds=(0, 1), perfect=1)


def fast_path_bug(labels_true, labels_pred):
    """ELM F with a broken "fast path" for inputs of 5 items or more (it returns 1 - F)."""
    f = my_elm_f(labels_true, labels_pred)
    return 1.0 - f if len(labels_true) >= 5 else f


late_bug = metricprops.metric(fast_path_bug, bounds=(0, 1))
'''


@pytest.fixture
def user_project(pytester: pytest.Pytester) -> pytest.Pytester:
    # an empty conftest of its own: the temp dir is a separate project
    pytester.makeconftest("")
    pytester.makepyfile(user_metrics=USER_METRICS)
    return pytester


def test_importing_the_plugin_is_light() -> None:
    code = textwrap.dedent("""
        import json, sys
        import metricprops.pytest_plugin
        import metricprops.testing
        heavy = ("hypothesis", "numpy", "scipy", "sympy", "networkx", "matplotlib", "click")
        print(json.dumps(sorted(m for m in heavy if m in sys.modules)))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_options_in_help(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--help")
    result.stdout.fnmatch_lines(["*--metricprops-seed=N*", "*--metricprops-max-examples=N*"])


@pytest.mark.slow
def test_sound_metric_passes(user_project: pytest.Pytester) -> None:
    user_project.makepyfile(test_sound='''
        from metricprops.testing import assert_satisfies
        from user_metrics import sound

        def test_elm_like_metric():
            assert_satisfies(sound, "zero_score", "completeness")
    ''')
    result = user_project.runpytest("--metricprops-max-examples=20")
    result.assert_outcomes(passed=1)


@pytest.mark.slow
def test_flawed_metric_fails_with_a_readable_counterexample(user_project: pytest.Pytester) -> None:
    user_project.makepyfile(test_flawed='''
        from metricprops.testing import assert_satisfies
        from user_metrics import flawed

        def test_bcubed_like_metric():
            assert_satisfies(flawed, "zero_score", "completeness")
    ''')
    result = user_project.runpytest("--metricprops-max-examples=20", "--metricprops-seed=7")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "my_bcubed_f does not satisfy 1 of 2 constraints: zero_score" in out
    assert "{0 1}" in out and "{0 | 1}" in out
    assert "0.666" in out
    assert "pytest --metricprops-seed=7" in out
    result.stdout.fnmatch_lines([
        "*truth: {0 1}*",
        "*pred:  {0 | 1}*",
        "*scores: best = 0.666*, lower_bound = 0*",
    ])
    # the assertion helper's own frame is hidden: the traceback points at the user's line
    assert "__tracebackhide__" not in out


def _failure_lines(result: pytest.RunResult) -> list:
    return [line for line in result.outlines if line.startswith("E ")]


@pytest.mark.slow
def test_same_seed_same_output(user_project: pytest.Pytester) -> None:
    user_project.makepyfile(test_late='''
        from metricprops.testing import assert_satisfies
        from user_metrics import late_bug

        def test_late_bug():
            # only instances with at least 5 items show the bug: the random phase finds it
            assert_satisfies(late_bug, "completeness", exhaustive_n=4)
    ''')
    args = ("--metricprops-seed=5", "--metricprops-max-examples=100")
    first = user_project.runpytest(*args)
    second = user_project.runpytest(*args)
    first.assert_outcomes(failed=1)
    first.stdout.fnmatch_lines(["metricprops: seed=5, max_examples=100"])
    lines = _failure_lines(first)
    assert any("random search, shrunk" in line for line in lines)
    assert any("seed 5, max_examples 100" in line for line in lines)
    assert lines == _failure_lines(second)


def test_fixture_exposes_the_options(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("")
    pytester.makepyfile(test_fixture='''
        from metricprops.settings import current_defaults

        def test_settings(metricprops_settings):
            assert metricprops_settings.seed == 11
            assert metricprops_settings.max_examples == 3
            assert metricprops_settings.seed_given
            assert metricprops_settings.check_kwargs() == {"seed": 11, "max_examples": 3}
            ambient = current_defaults()
            assert ambient["seed"] == 11 and ambient["budget"].max_examples == 3
    ''')
    result = pytester.runpytest("--metricprops-seed=11", "--metricprops-max-examples=3")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["metricprops: seed=11, max_examples=3"])


def test_without_a_seed_one_is_drawn_and_the_header_says_nothing(
        pytester: pytest.Pytester) -> None:
    # a session that does not ask for metricprops (any project in the environment) sees
    # nothing of it in its header; a failure message names the drawn seed
    pytester.makeconftest("")
    pytester.makepyfile(test_drawn='''
        from metricprops.settings import current_defaults

        def test_settings(metricprops_settings):
            assert not metricprops_settings.seed_given
            assert metricprops_settings.max_examples is None
            assert current_defaults()["seed"] == metricprops_settings.seed
    ''')
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)
    assert "metricprops:" not in "\n".join(result.outlines[:8])


def test_settings_are_restored_after_the_session(pytester: pytest.Pytester) -> None:
    from metricprops.settings import current_defaults

    before = current_defaults()
    pytester.makeconftest("")
    pytester.makepyfile(test_nothing="def test_ok():\n    pass\n")
    pytester.runpytest("--metricprops-seed=5").assert_outcomes(passed=1)
    assert current_defaults() == before


@pytest.mark.parametrize("option, message", [
    ("--metricprops-seed=-1", "argument --metricprops-seed: expected an integer in "
                              "0..4294967295, got -1"),
    ("--metricprops-seed=abc", "argument --metricprops-seed: expected an integer, got 'abc'"),
    ("--metricprops-max-examples=1.5", "argument --metricprops-max-examples: expected an "
                                       "integer, got '1.5'"),
    ("--metricprops-max-examples=-3", "argument --metricprops-max-examples: expected an "
                                      "integer >= 0, got -3"),
])
def test_bad_option_value_is_a_usage_error_naming_the_option(pytester: pytest.Pytester,
                                                             option: str, message: str) -> None:
    result = pytester.runpytest(option)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = "\n".join(result.errlines)
    assert message in errors
    # the option and the value, never the plugin's internals
    assert "parse" not in errors and "_integer_option" not in errors and "value:" not in errors


def test_xdist_workers_share_the_controllers_seed() -> None:
    from types import SimpleNamespace

    from metricprops import pytest_plugin

    options = {"metricprops_seed": None, "metricprops_max_examples": None,
               "metricprops_baseline": None}
    controller = SimpleNamespace(getoption=lambda name, default=None: options[name])
    node = SimpleNamespace(config=controller, workerinput={})
    pytest_plugin.pytest_configure_node(node)
    worker = SimpleNamespace(getoption=controller.getoption, workerinput=node.workerinput)
    assert pytest_plugin._settings(worker).seed == pytest_plugin._settings(controller).seed
    assert not pytest_plugin._settings(worker).seed_given


DRAWN = "metricprops: seed=* (drawn; replay with --metricprops-seed=*)"


def test_a_drawn_seed_is_named_at_the_end_when_a_check_took_it(
        pytester: pytest.Pytester) -> None:
    # --help promises the drawn seed: it is shown once a check of ours ran, and only then
    pytester.makeconftest("")
    pytester.makepyfile(test_drawn='''
        import metricprops as mp

        def test_check():
            assert mp.check("rand", "symmetry", max_examples=2, exhaustive_n=2).status
    ''')
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines([DRAWN])
    seed = int(result.stdout.str().split("metricprops: seed=")[1].split(" ")[0])
    assert f"replay with --metricprops-seed={seed})" in result.stdout.str()
    assert "metricprops:" not in "\n".join(result.outlines[:8])  # not in the header


def test_no_seed_line_when_no_check_ran_or_the_seed_was_given(
        pytester: pytest.Pytester) -> None:
    pytester.makeconftest("")
    pytester.makepyfile(test_nothing="def test_ok():\n    pass\n")
    assert "metricprops:" not in pytester.runpytest().stdout.str()
    pytester.makepyfile(test_nothing='''
        import metricprops as mp

        def test_check():
            assert mp.check("rand", "symmetry", max_examples=2, exhaustive_n=2).seed == 4
    ''')
    out = pytester.runpytest("--metricprops-seed=4").stdout.str()
    assert "drawn" not in out and "metricprops: seed=4" in out  # the header's line only


def test_a_worker_that_took_the_seed_tells_its_controller() -> None:
    from types import SimpleNamespace

    from metricprops import pytest_plugin

    controller = SimpleNamespace()
    pytest_plugin.pytest_testnodedown(
        SimpleNamespace(config=controller, workeroutput={"metricprops_seed_uses": 3}), None)
    pytest_plugin.pytest_testnodedown(SimpleNamespace(config=controller, workeroutput={}), None)
    assert pytest_plugin._uses(controller) - pytest_plugin.ambient_seed_uses() == 3
