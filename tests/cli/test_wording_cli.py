"""What the command line says reads right (issue 27, item 11): an unwritable output names its
option before any work, help texts hold no reStructuredText markup and no double spaces,
counts agree with their nouns, and an exception without a message prints no dangling colon."""
from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import SimpleNamespace

import click
import pytest

import metricprops as mp
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


def _third_party_md(*results):
    """The third-party summary and every library page of a report of ``results``."""
    from metricprops.report.third_party.audit import render_markdown
    from metricprops.report.third_party.pages import libraries_of, render_page

    report = {"seed": 1, "settings": {"max_examples": 1, "exhaustive_n": 3, "max_items": 6},
              "versions": {}, "metrics": [], "libraries": [], "missing": [],
              "results": [{"metric": m, "constraint": c, "status": s, "examples": 1,
                           "exhaustive_n": 3, "max_items": 6, "seed": 1, "counterexample": ce,
                           "tie": None, "error": None, "message": "m"}
                          for m, c, s, ce in results]}
    return "\n".join([render_markdown(report)] + [render_page(report, library, "cmd")
                                                  for library in libraries_of(report)])


def test_one_bug_and_one_error_pair_are_said_in_the_singular():
    md = _third_party_md(("clusim.pearson_correlation", "max_agreement", "failed", None),
                         ("river.Rand", "bounds", "error", None))
    # was "1 error pairs; 1 implementation bugs"
    assert "1 failed and 1 error pair; 1 implementation bug behind 1 of them:" in md


def test_a_third_party_finding_says_why_and_the_renamed_input_once():
    renamed = {"truth": {"type": "list", "values": ["0", "0"]},
               "pred": {"type": "list", "values": ["'0'", "0"]}}
    ce = {"truth": [0, 0], "pred": [0, 1], "scores": {"canonical": 0.0, "renamed": 1.0},
          "notation": {"truth": "{0 1}", "pred": "{0 | 1}"},
          "detail": "the value changed under the renaming", "renamed": renamed,
          "label_kinds": "mixed_int_str"}
    md = _third_party_md(("sklearn.metrics:adjusted_rand_score", "label_invariance", "failed",
                          ce))
    block = md.split("× label_invariance: failed\n\n```\n", 1)[1].split("```", 1)[0]
    assert block.count("the value changed under the renaming") == 1, block  # was why: and
    assert "detail: " not in block and block.count("\n  renamed") == 1, block  # detail:


def test_a_one_item_disagreement_says_one_item():
    a = mp.metric(lambda t, p: 1.0, name="one", bounds=(0, 1), perfect=1)
    b = mp.metric(lambda t, p: 1.0 if len(t) > 1 else 0.0, name="other", bounds=(0, 1),
                  perfect=1)
    result = mp.compare(a, b, max_examples=5, exhaustive_n=2)
    assert result.status == "disagree" and "input 1 item," in result.message, result.message


def test_an_interrupted_audit_of_one_finished_check_says_check():
    from metricprops.errors import AuditInterrupted

    partial = SimpleNamespace(results=[object()], unfinished=[("m", "c")])
    assert str(AuditInterrupted(partial)) == "audit interrupted: 1 check finished, 1 not"


def test_the_elm_reproduction_says_both_commands_that_write_it():
    text = (Path(__file__).resolve().parents[2] / "reports" / "elm-paper" / "elm-paper.md")
    head = text.read_text(encoding="utf-8").splitlines()[2]
    # a quick report's file said it came from `reproduce` alone
    assert head.startswith("Generated by `metricprops reproduce elm-paper` or by the report "
                           "command, which writes the same file")
