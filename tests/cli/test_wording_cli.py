"""What the command line says reads right (issue 27, item 11): an unwritable output names its
option before any work, help texts hold no reStructuredText markup and no double spaces,
counts agree with their nouns, and an exception without a message prints no dangling colon."""
from __future__ import annotations

import inspect
import re
from types import SimpleNamespace

import click
import pytest

from metricprops.cli import main

NOWHERE = "/proc/nope/x.json"  # a folder nobody can create, root included


@pytest.mark.parametrize("words, option", [
    (("audit", "rand", "-c", "bounds", "--max-examples", "2", "-q", "--json", NOWHERE),
     "--json"),
    (("audit", "rand", "-c", "bounds", "--max-examples", "2", "-q", "--markdown",
      "/proc/nope/x.md"), "--markdown"),
    (("compare", "rand", "rand", "--json", NOWHERE), "--json"),
    (("closed-forms", "--json", NOWHERE), "--json"),
    (("reproduce", "elm-paper", "--quick", "--json", NOWHERE), "--json"),
    (("report", "--quick", "-q", "--out", "/proc/nope"), "--out"),
])
def test_an_output_that_cannot_be_written_names_its_option_before_any_work(invoke, words,
                                                                           option):
    result = invoke(*words)
    assert result.exit_code == 2 and result.stdout == "", result.output
    (line,) = result.stderr.strip().splitlines()
    # was "error: [Errno 2] No such file or directory: '/proc/nope'" after the audit ran
    assert line.startswith(f"error: {option} /proc/nope"), line
    assert "cannot write there" in line


def _commands(cmd=main, path=()):
    yield path, cmd
    if isinstance(cmd, click.Group):
        for name, sub in cmd.commands.items():
            yield from _commands(sub, path + (name,))


COMMANDS = list(_commands())
MARKUP = re.compile(r"``|:(?:func|class|mod|meth|attr|data|ref|doc):`")


@pytest.mark.parametrize("path, cmd", COMMANDS, ids=[" ".join(p) or "main" for p, _ in COMMANDS])
def test_help_texts_hold_no_markup_and_no_double_spaces(invoke, path, cmd):
    texts = {"help": inspect.cleandoc(cmd.help or "")}
    texts.update({p.name: p.help or "" for p in cmd.params if isinstance(p, click.Option)})
    for where, text in texts.items():
        assert not MARKUP.search(text), (path, where, text)
        for line in text.splitlines():
            assert not re.search(r"\S  +\S", line), (path, where, line)
    result = invoke(*path, "--help")
    assert result.exit_code == 0 and not MARKUP.search(result.output)


def test_an_exception_without_a_message_leaves_no_dangling_colon():
    import metricprops as mp

    def hog(labels_true, labels_pred):
        raise MemoryError()

    def empty(labels_true, labels_pred):
        raise ValueError()

    r = mp.check(hog, "symmetry", max_examples=2, exhaustive_n=2)
    assert r.status == "error" and "ran out of memory (MemoryError)" in r.message, r.message
    assert "MemoryError: " not in r.message + str(r.error)  # was "(MemoryError: )"
    r = mp.check(empty, "symmetry", max_examples=2, exhaustive_n=2)
    assert "raised ValueError (at " in r.message and "ValueError: " not in r.message, r.message


@pytest.mark.parametrize("finished, unfinished, said", [
    (0, 1, "interrupted: 0 of 1 check finished"),     # was "0 of 1 checks"
    (1, 2, "interrupted: 1 of 3 checks finished"),
])
def test_the_interrupted_count_agrees_with_its_noun(capsys, finished, unfinished, said):
    from metricprops.cli._interrupt import finish_interrupted

    partial = SimpleNamespace(seed=1, results=[], unfinished=[("m", "c")] * unfinished,
                              markdown=lambda: "", dumps=lambda: "{}")
    partial.results = [object()] * finished
    partial.table = lambda width=None: ""
    exc = SimpleNamespace(partial=partial, __cause__=None)
    with pytest.raises(SystemExit):
        finish_interrupted(exc, None, None, None)
    assert said in capsys.readouterr().err


def test_the_constraint_titles_of_list_start_in_one_column(invoke):
    lines = invoke("list").stdout.split("\n\n")[-1].strip().splitlines()
    starts = {len(line) - len(line.split(None, 1)[1]) for line in lines}
    assert len(starts) == 1, lines  # asymptotic_constant_baseline pushed its title out
