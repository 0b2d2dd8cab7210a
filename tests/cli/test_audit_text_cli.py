"""The audit's text report explains itself: a table that fits the terminal, one reason per
``–``/``≈``/``?`` cell, and a seed line that says how to replay the run."""
from __future__ import annotations

import pytest

from metricprops.registry import constraint_names
from metricprops.results.model import AuditResult, CheckResult
from metricprops.results.terminal import abbreviations, fit_table

# the scale phase (large inputs) is not what these tests look at: left out, it is most of the time
BUDGET = ["--seed", "4", "--max-examples", "5", "--exhaustive-n", "3", "--scale-max-n", "0", "-q"]


def table_lines(stdout):
    """The lines of the verdict table (up to the first blank line)."""
    return stdout.split("\n\n", 1)[0].splitlines()


@pytest.fixture(scope="module")
def audited(invoke, tmp_path_factory):
    """The arguments of one audit of three metrics, and the journal it wrote: resumed from
    it, the command renders the same results at any width without checking them again."""
    journal = tmp_path_factory.mktemp("table") / "audit.jsonl"
    args = ["audit", "elm_f", "bcubed_f", "purity", *BUDGET]
    first = invoke(*args, "--journal", journal)
    assert first.exit_code == 1, first.output
    return args, journal


@pytest.mark.parametrize("columns", [400, 140, 60])
@pytest.mark.slow
def test_the_table_fits_the_terminal(invoke, audited, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    args, journal = audited
    result = invoke(*args, "--resume", journal)
    assert result.exit_code == 1, result.output
    head, *rows = table_lines(result.stdout)
    assert all(len(line) <= columns for line in [head] + rows)
    names = constraint_names()
    if columns == 400:  # the full table: every constraint name is a column head
        assert head.split() == names
    elif columns == 140:  # abbreviated heads, with their key under the table
        short = abbreviations(names)
        assert head.split() == [short[c] for c in names]
        assert all(f"{short[c]} {c}" in result.stdout for c in names)
        assert [r.split()[0] for r in rows] == ["elm_f", "bcubed_f", "purity"]
    else:  # one row per constraint, metrics as numbered columns with a key
        assert head.split() == ["[1]", "[2]", "[3]"]
        assert [r.split()[0] for r in rows] == names
        assert "[1] elm_f   [2] bcubed_f" in result.stdout


@pytest.mark.slow
def test_every_dash_and_tie_has_its_reason(invoke, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    # a bare function without bounds: zero_score, max_agreement, bounds are not applicable;
    # purity ties on completeness; triangle_inequality applies to distances only
    result = invoke("audit", "plugins.faulty:bare_elm", "purity", "-c", "zero_score", "-c",
                    "completeness", "-c", "triangle_inequality", *BUDGET)
    out = result.stdout
    table = table_lines(out)
    cells = {(row.split()[0], c): symbol for row in table[1:]
             for c, symbol in zip(["zero_score", "completeness", "triangle_inequality"],
                                  row.split()[1:])}
    explained = [(m, c, s) for (m, c), s in cells.items() if s[0] in "–≈?"]
    assert len(explained) >= 4
    for metric, constraint, symbol in explained:
        reasons = [line for line in out.splitlines()
                   if line.startswith(f"{symbol} {metric} × {constraint}: ")]
        assert len(reasons) == 1, (metric, constraint, out)
    assert "– plugins.faulty:bare_elm × zero_score: needs a declared lower bound" in out
    assert "≈₃ purity × completeness: ties on ordinary inputs, both score" in out
    assert "3 of 6 checks not applied (–); those that need metadata apply once it is " \
           "declared (--kind, --lower" in out


@pytest.mark.slow
def test_no_reasons_when_every_cell_passed_or_failed(invoke):
    result = invoke("audit", "elm_f", "bcubed_f", "-c", "zero_score", *BUDGET)
    assert result.exit_code == 1, result.output
    assert not any(line[:2] in ("– ", "≈ ", "? ") and " × " in line
                   for line in result.stdout.splitlines())


@pytest.mark.slow
def test_the_seed_line_says_how_to_replay(invoke, tmp_path):
    result = invoke("audit", "elm_f", "-c", "completeness", "--kind", "similarity",
                    "--symmetric", *BUDGET, "--json", tmp_path / "a.json")
    last = result.stdout.strip().splitlines()[-1]
    assert last == ("seed 4; replay with: metricprops audit elm_f --constraint completeness "
                    "--max-examples 5 --exhaustive-n 3 --scale-max-n 0 --kind similarity "
                    "--symmetric --quiet "
                    "--seed 4")


def _audit(metrics, constraints):
    return AuditResult(seed=0, results=[CheckResult(m, c, "passed") for m in metrics
                                        for c in constraints])


def test_fit_table_falls_back_to_one_line_per_verdict_when_nothing_else_fits():
    audit = _audit(["a_rather_long_metric_name", "another_long_metric_name"],
                   ["zero_score", "rag_bag"])
    assert fit_table(audit, 24).splitlines()[0].split() == ["[1]", "[2]"]
    text = fit_table(audit, 15)
    assert text.splitlines()[:3] == ["a_rather_long_metric_name:", "  ✓ zero_score",
                                     "  ✓ rag_bag"]
    assert fit_table(audit, 200).splitlines()[0].split() == ["zero_score", "rag_bag"]
    # without a width, the table is the full one (what the guides print)
    assert audit.table().splitlines()[0] == fit_table(audit, 10**6).splitlines()[0]


def test_abbreviations_are_distinct_for_every_registered_constraint():
    short = abbreviations(constraint_names() + ["zero_sum", "zebra", "zen"])
    assert len(set(short.values())) == len(short)
    assert short["zero_score"] == "zs" and short["size_vs_quantity"] == "svq"


def test_a_progress_line_stuck_on_one_slow_check_says_what_runs():
    import io

    from metricprops.cli.progress import Progress

    now = [100.0]
    out = io.StringIO()
    progress = Progress(delay=0, stream=out, clock=lambda: now[0], ticking=False)
    progress(3, 10, "smi", "scaling")
    now[0] += 4
    progress.tick()  # a few seconds: nothing new to say
    assert out.getvalue().count("\n") == 1
    now[0] += 36
    progress.tick()  # the line sat still 30-70 s on one slow check, saying nothing
    last = out.getvalue().splitlines()[-1]
    assert "3/10" in last and "smi × scaling (running for 40 s)" in last
    lines = out.getvalue().count("\n")
    progress(4, 10, "smi", "bounds")  # the next check: its own clock
    now[0] += 5
    progress.tick()
    assert out.getvalue().count("\n") == lines
