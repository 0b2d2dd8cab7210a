"""`metricprops.score` and the `metricprops score` command."""
from __future__ import annotations

import json

import pytest

import metricprops as mp
from metricprops import BUILTINS, get_metric, metric
from metricprops.errors import InvalidMetricError, UnknownNameError
from metricprops.scoring import default_metrics

TRUTH = ["a", "a", "b", "b", "b", "c"]
PRED = ["1", "1", "1", "2", "2", "3"]


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path, write_lines):
    return write_lines(tmp_path / "truth.txt", TRUTH), write_lines(tmp_path / "pred.txt", PRED)


# -- API ---------------------------------------------------------------------------------------

def test_score_defaults_to_the_builtins_that_cost_at_most_n_squared():
    s = mp.score(TRUTH, PRED)
    slow = {"smi", "conll_f"} | {m.name for m in BUILTINS if m.name.startswith("ceaf")}
    assert list(s) == [m.name for m in BUILTINS if m.name not in slow]
    assert len(slow) == 8 and all(get_metric(name).complexity in ("n^2.5", "n^3") for name in slow)
    assert all(isinstance(v, float) for v in s.values())
    assert s["rand"] == pytest.approx(get_metric("rand")(TRUTH, PRED), abs=1e-15)


def test_all_names_every_builtin_in_the_api_and_the_cli(files, invoke):
    s = mp.score(TRUTH, PRED, "all")
    assert list(s) == [m.name for m in BUILTINS]
    assert mp.score(TRUTH, PRED, ["rand", "all"])["smi"] == s["smi"]
    result = invoke("score", *files, "-m", "all", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert list(out["scores"]) == list(s)


def test_score_accepts_one_name_metric_objects_and_black_boxes():
    assert mp.score(TRUTH, PRED, "rand") == {"rand": get_metric("rand")(TRUTH, PRED)}
    custom = metric(lambda t, p: float(len(t)), name="length")
    s = mp.score(TRUTH, PRED, [get_metric("elm_f"), custom, "pair_f[beta=2]"])
    assert list(s) == ["elm_f", "length", "pair_f[beta=2]"]
    assert s["length"] == 6.0
    # pairwise F-2: TP = 2, FP = 2 (pairs 0-2, 1-2), FN = 2 (pairs 2-3, 2-4)
    assert s["pair_f[beta=2]"] == pytest.approx(5 * 2 / (5 * 2 + 4 * 2 + 2), abs=1e-15)


def test_score_unknown_name():
    with pytest.raises(UnknownNameError) as info:
        mp.score(TRUTH, PRED, ["purty"])
    assert "unknown metric 'purty'" in str(info.value)
    assert "purity" in str(info.value)
    with pytest.raises(KeyError):
        mp.score(TRUTH, PRED, ["purty"])


def test_score_table_rejects_black_boxes():
    custom = metric(lambda t, p: 0.0, name="zero")
    with pytest.raises(InvalidMetricError) as info:
        mp.score_table([[1, 2]], [custom])
    assert "zero" in str(info.value)


# -- CLI ---------------------------------------------------------------------------------------

def test_cli_score_json_default_metrics(invoke, files):
    result = invoke("score", *files, "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert list(payload) == ["scores"]
    assert payload["scores"] == pytest.approx(mp.score(TRUTH, PRED), abs=1e-15)
    assert list(payload["scores"]) == [m.name for m in default_metrics()]


def test_cli_metric_repeated(invoke, files):
    result = invoke("score", *files, "--metric", "elm_f", "--metric", "rand", "-m", "purity",
                    "--json")
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)["scores"]
    assert list(scores) == ["elm_f", "rand", "purity"]
    assert scores == pytest.approx(mp.score(TRUTH, PRED, ["elm_f", "rand", "purity"]),
                                   abs=1e-15)
    assert scores["purity"] == pytest.approx(5 / 6, abs=1e-15)


def test_cli_plain_table_output(invoke, files):
    result = invoke("score", *files, "--metric", "purity", "--metric", "adjusted_rand")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    expected = mp.score(TRUTH, PRED, ["purity", "adjusted_rand"])
    assert lines[0].split() == ["purity", f"{expected['purity']:.6f}"]
    assert lines[1].split() == ["adjusted_rand", f"{expected['adjusted_rand']:.6f}"]


def test_cli_unknown_metric(invoke, files):
    result = invoke("score", *files, "--metric", "elm_ff", "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "unknown metric 'elm_ff'" in lines[0]
    assert "elm_f" in lines[0].split("did you mean", 1)[1]
    assert "Traceback" not in result.output


def test_cli_length_mismatch(invoke, write_lines, tmp_path):
    truth = write_lines(tmp_path / "t.txt", ["a", "a", "b"])
    pred = write_lines(tmp_path / "p.txt", ["1", "2"])
    result = invoke("score", truth, pred)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.stdout == ""
    # the message names the user's files, not the API's parameter names
    assert result.stderr.strip().splitlines() == [
        f"error: expected one label per item in both files, got 3 in {truth} and 2 in {pred}"]


def test_cli_missing_file(invoke, tmp_path, files):
    result = invoke("score", files[0], str(tmp_path / "nope.txt"))
    assert result.exit_code == 2
    assert "no such file" in result.stderr
    assert "Traceback" not in result.output


def test_cli_blank_line_is_an_error(invoke, tmp_path, files):
    pred = write(tmp_path / "p.txt", "1\n1\n\n2\n2\n3\n")
    result = invoke("score", files[0], pred)
    assert result.exit_code == 2
    assert f"error: {pred}, line 3: expected a label, got a blank line" in result.stderr


def test_cli_trailing_blank_lines_and_spaces_are_ignored(invoke, tmp_path, files):
    pred = write(tmp_path / "p.txt", "1\n 1\n1 \n2\n2\n3\n\n\n")
    result = invoke("score", files[0], pred, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["scores"] == pytest.approx(mp.score(TRUTH, PRED),
                                                                abs=1e-15)


def test_cli_labels_are_strings(invoke, write_lines, tmp_path):
    # "1" and "01" are different labels in a file
    truth = write_lines(tmp_path / "t.txt", ["1", "01"])
    pred = write_lines(tmp_path / "p.txt", ["x", "x"])
    result = invoke("score", truth, pred, "--metric", "purity", "--json")
    assert json.loads(result.stdout)["scores"]["purity"] == 0.5


def test_cli_csv_column_by_header_name(invoke, tmp_path):
    rows = ["id,truth,pred"] + [f"{i},{t},{p}" for i, (t, p) in enumerate(zip(TRUTH, PRED))]
    csv_path = write(tmp_path / "data.csv", "\n".join(rows) + "\n")
    truth_csv = write(tmp_path / "truth.csv", "\n".join(["label"] + TRUTH) + "\n")
    pred_csv = write(tmp_path / "pred.csv", "\n".join(["label"] + PRED) + "\n")
    result = invoke("score", truth_csv, pred_csv, "--column", "label", "--json",
                    "-m", "nmi", "-m", "elm_f")
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)["scores"]
    assert scores == pytest.approx(mp.score(TRUTH, PRED, ["nmi", "elm_f"]), abs=1e-15)
    # the same file for both sides with one --column selects the same column: a perfect
    # score, and a note that says so
    result = invoke("score", csv_path, csv_path, "--column", "pred", "--json", "-m", "nmi")
    assert json.loads(result.stdout)["scores"]["nmi"] == 1.0
    assert "note: TRUTH and PRED are the same column ('pred')" in result.stderr


@pytest.mark.parametrize("options", [
    ("--column", "truth", "--column", "pred"),             # twice: TRUTH's, then PRED's
    ("--truth-column", "truth", "--pred-column", "pred"),
    ("--column", "1", "--column", "2"),
    ("--pred-column", "pred", "--truth-column", "truth"),  # the names say which side
])
def test_cli_two_columns_of_one_csv_file(invoke, tmp_path, options):
    rows = ["id,truth,pred"] + [f"{i},{t},{p}" for i, (t, p) in enumerate(zip(TRUTH, PRED))]
    both = write(tmp_path / "both.csv", "\n".join(rows) + "\n")
    result = invoke("score", both, both, *options, "--json", "-m", "nmi", "-m", "rand")
    assert result.exit_code == 0, result.output
    expected = mp.score(TRUTH, PRED, ["nmi", "rand"])  # was 1.0 each: pred against itself
    assert json.loads(result.stdout)["scores"] == pytest.approx(expected, abs=1e-15)
    assert "same column" not in result.stderr
    assert result.stderr.count("taken as a header") <= 1  # one file, said once


@pytest.mark.parametrize("options, said", [
    (("--column", "a", "--column", "b", "--column", "c"), "got it 3 times"),
    (("--truth-column", "a"), "expected --truth-column together with --pred-column"),
    (("--pred-column", "b"), "expected --pred-column together with --truth-column"),
    (("--column", "a", "--truth-column", "a", "--pred-column", "b"),
     "expected --column or --truth-column/--pred-column, got both"),
])
def test_cli_column_options_that_could_be_read_two_ways_are_refused(invoke, tmp_path,
                                                                    options, said):
    both = write(tmp_path / "d.csv", "a,b,c\nx,y,z\n")
    result = invoke("score", both, both, *options)
    assert result.exit_code == 2 and said in result.stderr, result.output
    assert "Traceback" not in result.output


def test_cli_column_options_do_not_apply_to_conll(invoke, tmp_path):
    path = write(tmp_path / "k.conll", "#begin document (d);\nw\t(1)\n#end document\n")
    result = invoke("score", path, path, "--format", "conll", "--truth-column", "a",
                    "--pred-column", "b")
    assert result.exit_code == 2
    assert "--truth-column applies to label files, not to --format conll" in result.stderr


def test_cli_csv_column_by_index(invoke, tmp_path):
    truth_csv = write(tmp_path / "t.csv", "".join(f"{i},{t}\n" for i, t in enumerate(TRUTH)))
    pred_csv = write(tmp_path / "p.csv", "".join(f"{p},{i}\n" for i, p in enumerate(PRED)))
    result = invoke("score", truth_csv, pred_csv, "--column", "1", "--json", "-m", "rand")
    assert result.exit_code == 0, result.output
    # column 1 of the prediction file is the item id: all singletons
    expected = mp.score(TRUTH, list(range(6)), ["rand"])
    assert json.loads(result.stdout)["scores"] == pytest.approx(expected, abs=1e-15)
    result = invoke("score", truth_csv, truth_csv, "--column", "1", "--json", "-m", "rand")
    assert json.loads(result.stdout)["scores"]["rand"] == 1.0


def test_cli_csv_unknown_column(invoke, tmp_path):
    csv_path = write(tmp_path / "d.csv", "a,b\n1,2\n")
    result = invoke("score", csv_path, csv_path, "--column", "c")
    assert result.exit_code == 2
    assert "expected a column named 'c'" in result.stderr
    assert "['a', 'b']" in result.stderr
    assert "Traceback" not in result.output


def test_cli_csv_short_row(invoke, tmp_path):
    csv_path = write(tmp_path / "d.csv", "0,1\n0\n")
    result = invoke("score", csv_path, csv_path, "--column", "1")
    assert result.exit_code == 2
    assert f"{csv_path}, line 2, column 1: expected at least 2 columns, got 1" in result.stderr


def test_cli_list_json_names_every_builtin(invoke):
    result = invoke("list", "--json")
    assert result.exit_code == 0, result.output
    names = [m["name"] for m in json.loads(result.stdout)["metrics"]]
    assert names[: len(BUILTINS)] == [m.name for m in BUILTINS]
