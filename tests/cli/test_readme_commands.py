"""The README's commands, run at the root of a checkout as it shows them, leave every
committed file as it was and add none (``git status`` stays clean).

Each ``metricprops`` command of the README's ``bash`` blocks runs in a copy of the checkout,
in its short form where the README's takes minutes (a tiny audit budget, ``report --quick``).
The two whose work takes more than a few seconds even then (the sympy proofs of
``closed-forms``, the ``reproduce elm-paper`` computation) are checked by their default
paths here: no option of theirs names a file or folder unless given (``reproduce
elm-paper --quick`` itself runs in an empty folder in tests/cli/test_reproduce_cli.py).
"""
from __future__ import annotations

import hashlib
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import click
import pytest

from metricprops.cli import main

ROOT = Path(__file__).resolve().parents[2]

#: README command -> the form run here (None: checked by its default paths only).
SHORT = {
    "metricprops audit bcubed_f elm_f":
        "metricprops audit bcubed_f elm_f -c zero_score --max-examples 2 --exhaustive-n 2 "
        "--scale-max-n 0 -q",
    "metricprops report": "metricprops report --quick -q",
    "metricprops closed-forms": None,
    "metricprops reproduce elm-paper --quick": None,
}


def readme_commands():
    """Every ``metricprops ...`` command in the README's bash blocks, comments dropped."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```bash\n(.*?)```", text, re.S):
        for line in block.splitlines():
            for part in line.split("#")[0].split("&&"):
                if part.strip().startswith("metricprops "):
                    found.append(" ".join(part.split()))
    return found


def tracked_files():
    try:
        done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                              check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [name for name in done.stdout.decode().split("\0") if name]


def state(folder):
    """Every file under ``folder`` -> the hash of its bytes."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_readme_shows_the_commands_this_test_knows():
    commands = readme_commands()
    assert "metricprops reproduce elm-paper --quick" in commands and "metricprops report" in \
        commands
    assert set(SHORT) <= set(commands)


@pytest.mark.slow
def test_the_readme_commands_change_no_committed_file(invoke, tmp_path, monkeypatch):
    checkout = tmp_path / "checkout"
    for name in tracked_files():
        target = checkout / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, target)
    before = state(checkout)
    monkeypatch.chdir(checkout)
    ran = []
    for command in readme_commands():
        short = SHORT.get(command, command)
        if short is None:
            continue
        result = invoke(*shlex.split(short)[1:])
        assert result.exit_code in (0, 1, 2), (short, result.output, result.exception)
        ran.append(short)
    assert len(ran) >= 6, ran
    after = state(checkout)
    assert sorted(set(after) - set(before)) == []  # no new file (an output, .hypothesis/...)
    assert [name for name in before if after.get(name) != before[name]] == []


@pytest.mark.parametrize("command", [c for c, short in SHORT.items() if short is None])
def test_the_commands_not_run_write_nothing_unless_told(command):
    cmd, words = main, shlex.split(command)[1:]
    while isinstance(cmd, click.Group):
        cmd, words = cmd.commands[words[0]], words[1:]
    paths = {p.name: p.default for p in cmd.params if isinstance(p.type, click.Path)}
    assert paths and all(default is None for default in paths.values()), paths
