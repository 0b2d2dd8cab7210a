"""Audit targets as users write them: a metric spread over files, a package, the current folder,
and targets that fail at import time (one line, exit 2) or raise when called (file and line)."""
from __future__ import annotations

import json
import sys
import textwrap

import pytest

FAST = ["-c", "completeness", "--seed", "3", "--max-examples", "5", "--exhaustive-n", "3",
        "--lower", "0", "--upper", "1", "-q"]


@pytest.fixture
def isolated_imports(tmp_path):
    """Forget the modules imported from ``tmp_path`` and the sys.path entries a test's targets
    added (the CLI runs in-process, so an imported ``top.py`` would otherwise outlive the
    test)."""
    path = list(sys.path)
    yield
    root = str(tmp_path.resolve())
    for name, module in list(sys.modules.items()):
        if str(getattr(module, "__file__", None) or "").startswith(root):
            del sys.modules[name]
    sys.path[:] = path


def write(path, source):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def one_error_line(result):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.slow
def test_file_target_imports_a_helper_beside_it(invoke, tmp_path, isolated_imports):
    write(tmp_path / "proj" / "t14_helpers.py", """
        def share(labels):
            return len(set(labels)) / len(labels)
    """)
    top = write(tmp_path / "proj" / "t14_top.py", """
        from t14_helpers import share

        def blocks_share(labels_true, labels_pred):
            return share(labels_pred)
    """)
    result = invoke("audit", f"{top}:blocks_share", *FAST)
    # splitting raises the share, so merging two pure blocks (completeness) is punished
    assert result.exit_code == 1, result.output
    assert "t14_top:blocks_share × completeness: failed" in result.stdout


def test_file_in_a_package_is_imported_under_its_dotted_name(invoke, tmp_path, isolated_imports):
    write(tmp_path / "t14pkg" / "__init__.py", "")
    write(tmp_path / "t14pkg" / "sub" / "__init__.py", "")
    write(tmp_path / "t14pkg" / "util.py", "def one():\n    return 1.0\n")
    inner = write(tmp_path / "t14pkg" / "sub" / "scores.py", """
        from ..util import one

        def constant(labels_true, labels_pred):
            return one()
    """)
    result = invoke("audit", f"{inner}:constant", *FAST)
    assert result.exit_code == 0, result.output
    assert "t14pkg.sub.scores" in sys.modules
    assert sys.modules["t14pkg.sub.scores"].__file__ == str(inner.resolve())


def test_module_target_is_found_in_the_current_folder(invoke, tmp_path, monkeypatch,
                                                      isolated_imports):
    write(tmp_path / "t14_here.py", """
        def constant(labels_true, labels_pred):
            return 0.5
    """)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    result = invoke("audit", "t14_here:constant", *FAST)
    assert result.exit_code == 0, result.output
    assert "t14_here:constant" in result.stdout


def test_a_module_that_imports_a_missing_one_names_the_missing_one(invoke, tmp_path,
                                                                   isolated_imports):
    top = write(tmp_path / "t14_needs.py", "import t14_not_there\n")
    line = one_error_line(invoke("audit", f"{top}:f", *FAST))
    assert "ModuleNotFoundError" in line and "t14_not_there" in line
    assert "t14_needs.py:1" in line


@pytest.mark.parametrize("source, needle", [
    ("import sys\nsys.exit(4)\n", "called sys.exit(4)"),
    ("import sys\nsys.exit('no config')\n", "called sys.exit('no config')"),
    ("x = 1\nraise ValueError('bad config')\n", "raised ValueError: bad config"),
])
def test_import_time_exit_or_error_is_one_line_with_the_place(invoke, tmp_path, source, needle,
                                                             isolated_imports):
    target = write(tmp_path / "t14_exits.py", source)
    line = one_error_line(invoke("audit", f"{target}:f", *FAST))
    assert needle in line
    assert "t14_exits.py:2" in line  # the line that exited or raised


def test_two_files_with_one_module_name_are_refused(invoke, tmp_path, isolated_imports):
    a = write(tmp_path / "a" / "t14_same.py", "def f(t, p):\n    return 1.0\n")
    b = write(tmp_path / "b" / "t14_same.py", "def f(t, p):\n    return 0.0\n")
    line = one_error_line(invoke("audit", f"{a}:f", f"{b}:f", *FAST))
    assert "already imported" in line and "rename" in line


def test_error_verdict_says_where_the_metric_raised(invoke, tmp_path, isolated_imports):
    target = write(tmp_path / "t14_raises.py", """
        import numpy as np


        def helper(labels):
            return 1 / (len(set(labels)) - len(labels))  # zero on all-singletons


        def metric(labels_true, labels_pred):
            return float(np.tanh(helper(labels_pred)))
    """)
    out = tmp_path / "a.json"
    result = invoke("audit", f"{target}:metric", *FAST, "--json", out)
    assert result.exit_code == 1, result.output
    assert "raised ZeroDivisionError: division by zero (at " in result.stdout
    (r,) = json.loads(out.read_text(encoding="utf-8"))["results"]
    assert r["status"] == "error" and r["counterexample"] is None
    assert r["error"]["reason"] == "raised"
    path, line = r["error"]["where"].rsplit(":", 1)
    assert path.endswith("t14_raises.py") and line == "6"


def test_a_metric_that_calls_sys_exit_is_an_error_verdict_not_the_end(invoke, tmp_path,
                                                                       isolated_imports):
    target = write(tmp_path / "t14_quits.py", """
        import sys


        def metric(labels_true, labels_pred):
            if len(set(labels_pred)) == len(labels_pred) > 1:
                sys.exit(3)
            return 1.0
    """)
    result = invoke("audit", f"{target}:metric", *FAST)
    assert result.exit_code == 1, result.output  # the audit went on and reported it
    assert "t14_quits:metric × completeness: error. t14_quits:metric called sys.exit(3) (at " \
           in result.stdout
    assert "t14_quits.py:7)" in result.stdout


# -- the signature is checked once, before any call (issue 27, item 14) -----------------------

def test_a_metric_of_the_wrong_signature_is_refused_up_front(invoke, tmp_path, isolated_imports):
    target = write(tmp_path / "onearg.py", """\
        def one(labels):
            return 0.5
        """)
    # was: exit 0, three `error` cells pointing into metricprops' own calls.py
    line = one_error_line(invoke("audit", f"{target}:one", *FAST))
    assert line == ("error: expected onearg:one to be callable as f(labels_true, labels_pred), "
                    "got the signature (labels): a call with two arguments fails (too many "
                    "positional arguments)")
    line = one_error_line(invoke("compare", f"{target}:one", "rand"))
    assert "onearg:one to be callable as f(labels_true, labels_pred)" in line


def _three(t, p, q):
    return 0.0


def _keyword_only(t, p, *, q):
    return 0.0


@pytest.mark.parametrize("func, said", [
    (lambda t: 0.5, "(t): a call with two arguments fails (too many positional arguments)"),
    (_three, "(t, p, q): a call with two arguments fails (missing a required argument: 'q')"),
    (_keyword_only, "(t, p, *, q): a call with two arguments fails (missing a required"),
])
def test_the_python_api_raises_a_typed_error_before_any_call(func, said):
    import metricprops as mp
    from metricprops.errors import InvalidMetricError

    for call in (lambda: mp.check(func, "zero_score"), lambda: mp.audit(func),
                 lambda: mp.check(mp.metric(func), "bounds")):
        with pytest.raises(InvalidMetricError) as info:
            call()
        assert isinstance(info.value, TypeError) and said in str(info.value)


class _Callable:
    def __call__(self, labels_true, labels_pred):
        return 0.5


def _variadic(*labels):
    return 0.5


def _with_default(t, p, beta=1.0):
    return 0.5


@pytest.mark.parametrize("func", [
    _Callable(), _variadic, _with_default,
    __import__("functools").partial(_three, q=1),
    __import__("functools").partial(lambda a, t, p: 0.5, None),
    __import__("math").hypot,   # C function: a signature Python may or may not read
    max,                        # no signature to read: accepted as it is
])
def test_callables_that_take_two_labellings_still_work(func):
    from metricprops.registry import resolve_metric

    assert resolve_metric(func).func is func


# -- a library of an extra that is not installed says how to install it (issue 27, item 16) ---

def test_a_plan_whose_library_is_missing_names_the_extra_and_torch(invoke, monkeypatch):
    for module in ("river", "river.metrics"):
        monkeypatch.setitem(sys.modules, module, None)  # as if river were not installed
    line = one_error_line(invoke("audit", "--plan", "river", "--max-examples", "2", "-q"))
    assert "cannot import 'river.metrics'" in line  # was all the line said
    assert "river comes with the libraries extra: pip install 'metricprops[libraries]'" in line
    assert "install torch's CPU build first (pip install torch==2.13.0" in line


def test_a_missing_module_outside_the_extras_gets_no_install_hint(invoke, tmp_path):
    line = one_error_line(invoke("audit", "no_such_module_xyz:f", *FAST))
    assert line.endswith("(searched the current folder and the installed packages)")


# -- score takes what audit takes; a forgotten :attr and an unknown name in one short line -------

def test_score_takes_a_file_target_as_audit_does(invoke, tmp_path, isolated_imports,
                                                 write_lines):
    write(tmp_path / "mine.py", "def share(t, p):\n    return len(set(p)) / len(p)\n")
    t = write_lines(tmp_path / "t.txt", ["a", "a", "b"])
    p = write_lines(tmp_path / "p.txt", ["x", "y", "y"])
    result = invoke("score", t, p, "-m", "rand", "-m", f"{tmp_path}/mine.py:share", "--json")
    assert result.exit_code == 0, result.output  # was: unknown metric, and 58 names
    scores = json.loads(result.stdout)["scores"]
    assert scores == pytest.approx({"rand": 1 / 3, "mine:share": 2 / 3})


@pytest.mark.parametrize("command", [["audit"], ["score", "t.txt", "t.txt", "-m"]])
def test_a_file_without_attr_names_its_functions_not_every_builtin(invoke, tmp_path,
                                                                   monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.txt").write_text("a\nb\n")
    write(tmp_path / "bad.py", "import sys\ndef first(t, p):\n    return 1.0\n\n"
                               "def _private(t, p):\n    return 0.0\n")
    result = invoke(*command, "bad.py")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == ("error: expected path/file.py:attr, got 'bad.py' without "
                                     ":attr; name the function in it to use: bad.py:first")


def test_an_unknown_name_with_nothing_close_does_not_list_every_name(invoke):
    error = invoke("audit", "zzzzzz", "-q").stderr
    assert "none of the" in error and "metricprops list names them" in error
    assert "adjusted_rand" not in error and len(error) < 200, error  # was all 58 names


def test_repeated_targets_and_constraints_are_checked_once(invoke, tmp_path):
    out = tmp_path / "r.json"
    result = invoke("audit", "rand", "rand", "-c", "bounds", "-c", "bounds", "-q",
                    "--max-examples", "2", "--exhaustive-n", "2", "--scale-max-n", "0",
                    "--json", out)
    pairs = [(r["metric"], r["constraint"]) for r in json.loads(out.read_text())["results"]]
    assert pairs == [("rand", "bounds")]  # was four checks of one pair
    assert "replay with: metricprops audit rand --constraint bounds " in result.stdout
    assert "given more than once, checked once: rand" in result.stderr
