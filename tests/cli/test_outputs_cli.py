"""Output files of ``audit``, ``compare`` and ``reproduce``: checked before any work, distinct,
and written even when another output fails (that failure then reported, exit 2)."""
from __future__ import annotations

import json
import sys

import pytest

FAST = ["-c", "completeness", "--seed", "3", "--max-examples", "5", "--exhaustive-n", "3",
        "-q"]


@pytest.fixture
def isolated_imports(tmp_path):
    """Forget the target modules imported from ``tmp_path`` (the CLI runs in-process)."""
    path = list(sys.path)
    yield
    root = str(tmp_path.resolve())
    for name, module in list(sys.modules.items()):
        if str(getattr(module, "__file__", None) or "").startswith(root):
            del sys.modules[name]
    sys.path[:] = path


def marker_metric(folder, name, blocker=False):
    """A file target that leaves ``called`` beside itself when it is first called (so a test
    can tell whether any work was done); with ``blocker`` it also puts a *file* named
    ``later`` there, where a test's output folder was to be created."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["import os", "HERE = os.path.dirname(os.path.abspath(__file__))", "",
             "def metric(labels_true, labels_pred):",
             f"    for name in ('called', 'later') if {blocker!r} else ('called',):",
             "        if not os.path.exists(os.path.join(HERE, name)):",
             "            open(os.path.join(HERE, name), 'w').close()",
             "    return float(list(labels_true) == list(labels_pred))"]
    source = folder / f"{name}.py"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"{source}:metric", folder / "called"


def one_error_line(result):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize("case", ["same", "folder", "under_a_file"])
def test_audit_outputs_are_checked_before_any_work(invoke, tmp_path, case, isolated_imports):
    target, called = marker_metric(tmp_path, f"t14_out_{case}")
    a_file = tmp_path / "a_file.txt"
    a_file.write_text("x")
    paths = {"same": (tmp_path / "r.out", tmp_path / "r.out"),
             "folder": (tmp_path, tmp_path / "r.md"),
             "under_a_file": (a_file / "r.json", tmp_path / "r.md")}[case]
    line = one_error_line(invoke("audit", target, *FAST, "--json", paths[0],
                                 "--markdown", paths[1]))
    assert {"same": "--json and --markdown name the same file",
            "folder": f"{tmp_path}' is a directory",  # click's own check
            "under_a_file": f"cannot write there ({a_file} is a file, not a folder)"}[case] in line
    assert not called.exists()  # the metric was never called
    assert not (tmp_path / "r.md").exists()


def test_audit_writes_the_table_and_the_other_file_when_one_output_fails(
        invoke, tmp_path, isolated_imports):
    # the JSON's folder does not exist yet (fine: it is created); the metric puts a *file*
    # there while the audit runs, so writing the JSON fails after the work
    target, _ = marker_metric(tmp_path, "t14_blocker", blocker=True)
    js, md = tmp_path / "later" / "a.json", tmp_path / "a.md"
    # the journal elsewhere: by default it goes beside the JSON, making its folder at once
    result = invoke("audit", target, *FAST, "--lower", "0", "--upper", "1",
                    "--json", js, "--markdown", md, "--journal", tmp_path / "j")
    assert result.exit_code == 2, result.output
    assert "completeness" in result.stdout and "replay with:" in result.stdout  # the table
    assert md.read_text(encoding="utf-8").startswith("# metricprops audit")
    assert not js.exists()
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"error: --json {js}: not written (")


def test_compare_json_is_checked_first_and_reported_when_it_fails(invoke, tmp_path,
                                                                   isolated_imports):
    target, called = marker_metric(tmp_path, "t14_cmp")
    line = one_error_line(invoke("compare", target, "rand", "--json", tmp_path))
    assert "is a directory" in line and not called.exists()  # click's own check
    a_file = tmp_path / "a_file.txt"
    a_file.write_text("x")
    line = one_error_line(invoke("compare", target, "rand", "--json", a_file / "c.json"))
    assert "cannot write there" in line and not called.exists()
    target, _ = marker_metric(tmp_path / "b", "t14_cmp_b", blocker=True)
    js = tmp_path / "b" / "later" / "c.json"
    result = invoke("compare", target, "rand", "--seed", "1", "--max-examples", "5",
                    "--json", js)
    assert result.exit_code == 2, result.output
    assert result.stdout.strip()  # the comparison was shown
    assert f"error: --json {js}: not written" in result.stderr


def test_reproduce_outputs_are_checked_before_any_work(invoke, tmp_path):
    a_file = tmp_path / "a_file.txt"
    a_file.write_text("x")
    line = one_error_line(invoke("reproduce", "elm-paper", "--quick", "--out", a_file))
    assert "is a file" in line  # click's own check
    line = one_error_line(invoke("reproduce", "elm-paper", "--quick", "--out", a_file / "sub"))
    assert f"--out {a_file / 'sub'}: cannot write there ({a_file} is a file" in line
    out = tmp_path / "out"
    line = one_error_line(invoke("reproduce", "elm-paper", "--quick", "--out", out,
                                 "--json", out / "elm-paper.md"))
    assert "--json and --out name the same file" in line
    assert not out.exists()


@pytest.mark.slow  # more than 1.5 s alone
def test_replay_line_reruns_the_same_audit(invoke, tmp_path):
    first = tmp_path / "a.json"
    result = invoke("audit", "elm_f", "purity", "-c", "completeness", "--exhaustive-n", "3",
                    "--max-examples", "5", "-q", "--json", first)
    last = result.stdout.strip().splitlines()[-1]
    seed = json.loads(first.read_text(encoding="utf-8"))["seed"]
    prefix = f"seed {seed}; replay with: metricprops audit "
    assert last.startswith(prefix), last
    words = last[len(prefix):].split()
    assert words[-2:] == ["--seed", str(seed)] and "--json" not in words
    again = tmp_path / "b.json"
    rerun = invoke("audit", *words, "--json", again)
    assert rerun.exit_code == result.exit_code
    assert again.read_bytes() == first.read_bytes()


def test_closed_forms_json_is_checked_before_any_work(invoke, tmp_path):
    a_file = tmp_path / "a_file.txt"
    a_file.write_text("x")
    line = one_error_line(invoke("closed-forms", "--max-k", "2", "--json", a_file / "f.json"))
    assert f"--json {a_file / 'f.json'}: cannot write there ({a_file} is a file" in line
