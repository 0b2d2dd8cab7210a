"""``metricprops score`` on label files as users have them: a byte-order mark, CSV headers
(detected, forced, refused), empty cells, CRLF, files read in many chunks; every error names
the file, the line and the column."""
from __future__ import annotations

import json

import numpy as np
import pytest

import metricprops as mp
from metricprops.cli import labels_io
from metricprops.cli.labels_io import detect_header, read_label_codes

TRUTH = ["a", "a", "b", "b", "c", "c"]
PRED = ["x", "x", "x", "y", "y", "z"]


def write(path, text, encoding="utf-8"):
    path.write_bytes(text if isinstance(text, bytes) else text.encode(encoding))
    return str(path)


def scores(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["scores"]


def error_line(result):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_a_byte_order_mark_is_not_part_of_the_first_label(invoke, tmp_path):
    plain = write(tmp_path / "plain.txt", "\n".join(TRUTH) + "\n")
    bom = write(tmp_path / "bom.txt", "\ufeff" + "\n".join(TRUTH) + "\n")
    got = scores(invoke("score", bom, plain, "-m", "rand", "-m", "elm_f", "--json"))
    assert got == {"rand": 1.0, "elm_f": 1.0}  # identical labellings (was 0.833 and 0.5)


def test_csv_with_a_bom_and_crlf_reads_the_header_name(invoke, tmp_path):
    rows = ["id,label"] + [f"{i},{t}" for i, t in enumerate(TRUTH)]
    data = write(tmp_path / "t.csv", "\ufeff" + "\r\n".join(rows) + "\r\n")
    pred = write(tmp_path / "p.csv", "\r\n".join(["label"] + PRED) + "\r\n")
    got = scores(invoke("score", data, pred, "--column", "label", "-m", "rand", "--json"))
    assert got == pytest.approx(mp.score(TRUTH, PRED, ["rand"]), abs=1e-15)


@pytest.fixture
def csv_pair(tmp_path):
    t = write(tmp_path / "t.csv", "id,label\n" + "".join(f"{i},{x}\n" for i, x in
                                                       enumerate(TRUTH)))
    p = write(tmp_path / "p.csv", "id,label\n" + "".join(f"{i},{x}\n" for i, x in
                                                       enumerate(PRED)))
    return t, p


def test_column_by_index_detects_the_header_and_says_so(invoke, csv_pair):
    t, p = csv_pair
    result = invoke("score", t, p, "--column", "1", "-m", "rand", "--json")
    assert scores(result) == pytest.approx(mp.score(TRUTH, PRED, ["rand"]), abs=1e-15)
    notes = result.stderr.strip().splitlines()
    assert notes == [f"{path}: first row 'id,label' taken as a header (detected; pass "
                     "--no-header if it is data)" for path in (t, p)]


def test_explicit_header_options_decide_and_are_silent(invoke, csv_pair):
    t, p = csv_pair
    result = invoke("score", t, p, "--column", "1", "--header", "-m", "rand", "--json")
    assert scores(result) == pytest.approx(mp.score(TRUTH, PRED, ["rand"]), abs=1e-15)
    assert result.stderr == ""
    # --no-header: the header row is an item, labelled "label" on both sides
    result = invoke("score", t, p, "--column", "1", "--no-header", "-m", "rand", "--json")
    expected = mp.score(["label"] + TRUTH, ["label"] + PRED, ["rand"])
    assert scores(result) == pytest.approx(expected, abs=1e-15)
    assert result.stderr == ""


def test_no_header_detected_is_said_for_csv(invoke, tmp_path):
    t = write(tmp_path / "t.csv", "".join(f"{i},{x}\n" for i, x in enumerate(TRUTH)))
    result = invoke("score", t, t, "--column", "1", "-m", "rand", "--json")
    assert scores(result) == {"rand": 1.0}
    assert f"{t}: no header detected, first row '0,a' is data (pass --header" in result.stderr


def test_header_of_a_one_label_per_line_file(invoke, tmp_path):
    t = write(tmp_path / "t.txt", "cluster\n" + "".join(f"{x}\n" for x in [0, 0, 1, 1]))
    p = write(tmp_path / "p.txt", "".join(f"{x}\n" for x in [5, 5, 5, 6]))
    result = invoke("score", t, p, "-m", "rand", "--json")
    assert scores(result) == pytest.approx(mp.score([0, 0, 1, 1], [5, 5, 5, 6], ["rand"]))
    assert f"{t}: first row 'cluster' taken as a header" in result.stderr
    assert p not in result.stderr  # nothing to say about a file without one
    error = error_line(invoke("score", t, p, "--no-header"))
    assert "got 5 in" in error and "and 4 in" in error


@pytest.mark.parametrize("rows, header", [
    ([["label"], ["0"], ["1"], ["1"]], True),           # text over numbers
    ([["id", "label"], ["1", "a"], ["2", "b"]], True),  # name lengths differ from the cells
    ([["0", "a"], ["1", "a"], ["2", "b"]], False),      # the same kinds below
    ([["a"], ["a"], ["bb"], ["c"]], False),             # the first value recurs: a label
    ([["horse"], ["cat"], ["dog"], ["cow"]], True),     # a length the column never has
    ([["label"]], False),                               # one row: data
])
def test_detect_header(rows, header):
    assert detect_header(rows) is header


def test_text_lengths_do_not_make_a_header_in_a_plain_file(tmp_path):
    path = write(tmp_path / "t.txt", "horse\ncat\ndog\ncow\n")
    col = read_label_codes(path)
    assert col.header is None and col.tolist() == ["horse", "cat", "dog", "cow"]


def test_empty_cell_is_an_error_naming_file_line_and_column(invoke, tmp_path):
    t = write(tmp_path / "t.csv", "id,label\n0,a\n1,\n2,b\n")
    error = error_line(invoke("score", t, t, "--column", "label"))
    assert error == f"error: {t}, line 3, column 1 ('label'): expected a label, got an empty cell"


def test_empty_cell_in_the_last_row_is_an_error_too(invoke, tmp_path):
    t = write(tmp_path / "t.csv", "0,a\n1,b\n2, \n")
    error = error_line(invoke("score", t, t, "--column", "1", "--no-header"))
    assert f"{t}, line 3, column 1: expected a label, got an empty cell" in error


def test_blank_row_in_a_csv_is_an_error_and_trailing_ones_are_not(invoke, tmp_path):
    bad = write(tmp_path / "bad.csv", "0,a\n\n1,b\n")
    error = error_line(invoke("score", bad, bad, "--column", "1", "--no-header"))
    assert f"{bad}, line 2, column 1: expected a label, got a blank line" in error
    good = write(tmp_path / "good.csv", "0,a\n1,b\n\n\n")
    assert scores(invoke("score", good, good, "--column", "1", "--no-header", "-m", "rand",
                         "--json")) == {"rand": 1.0}


def test_undecodable_bytes_name_the_line(invoke, tmp_path):
    t = write(tmp_path / "t.txt", b"a\nb\n\xff\xfe\n")
    assert error_line(invoke("score", t, t)) == \
        f"error: {t}, line 3: expected UTF-8 text, got undecodable bytes"


def test_named_column_with_no_header_is_refused(invoke, csv_pair):
    t, p = csv_pair
    error = error_line(invoke("score", t, p, "--column", "label", "--no-header"))
    assert "--column 'label' names a header column" in error and t in error


def test_header_options_do_not_apply_to_conll(invoke, csv_pair):
    error = error_line(invoke("score", *csv_pair, "--format", "conll", "--no-header"))
    assert "--header/--no-header applies to label files" in error


def test_files_read_in_many_chunks_give_the_same_codes(invoke, tmp_path, monkeypatch):
    rng = np.random.default_rng(1)
    labels = [f"c{v}" for v in rng.integers(0, 40, size=3000)]
    labels[1234] = " spaced label\t"
    path = write(tmp_path / "t.txt", "\r\n".join(labels) + "\r\n\r\n")
    whole = read_label_codes(path)
    monkeypatch.setattr(labels_io, "CHUNK", 7)  # chunk boundaries inside labels and CRLFs
    chunked = read_label_codes(path)
    assert chunked.tolist() == whole.tolist() == [x.strip() for x in labels]
    assert np.array_equal(chunked.codes, whole.codes)
    p = write(tmp_path / "p.txt", "\n".join(labels[::-1]) + "\n")
    expected = mp.score(labels, labels[::-1], ["rand", "elm_f"])
    got = scores(invoke("score", path, p, "-m", "rand", "-m", "elm_f", "--json"))
    assert got == pytest.approx(expected, abs=1e-15)


def test_codes_are_integers_in_order_of_first_appearance(tmp_path):
    col = read_label_codes(write(tmp_path / "t.txt", "b\na\nb\nc\n"))
    assert col.codes.dtype.kind == "i" and col.codes.tolist() == [0, 1, 0, 2]
    assert col.labels == ["b", "a", "c"]


def test_csv_errors_past_the_first_block_name_the_right_line(invoke, tmp_path):
    rows = [f"{i},c{i % 7}" for i in range(9000)]
    rows[8500] = "8500"  # a short row, in the third block of rows read
    path = write(tmp_path / "t.csv", "id,label\n" + "\n".join(rows) + "\n")
    error = error_line(invoke("score", path, path, "--column", "label"))
    assert error == (f"error: {path}, line 8502, column 1 ('label'): expected at least 2 "
                     "columns, got 1")
    rows[8500] = "8500,"
    path = write(tmp_path / "t.csv", "id,label\n" + "\n".join(rows) + "\n\n\n")
    error = error_line(invoke("score", path, path, "--column", "label"))
    assert error == (f"error: {path}, line 8502, column 1 ('label'): expected a label, got an "
                     "empty cell")
    rows[8500] = "8500,c3"
    path = write(tmp_path / "t.csv", "id,label\n" + "\n".join(rows) + "\n\n\n")
    assert scores(invoke("score", path, path, "--column", "label", "-m", "rand",
                         "--json")) == {"rand": 1.0}


# -- a header over text labels: decided by the row counts, or refused -------------------------

GOLD = ["cat", "cat", "dog", "dog", "cow"]
SYSTEM = ["cat", "dog", "dog", "dog", "cow"]


def test_headers_over_text_labels_in_both_files_are_refused_with_a_hint(invoke, tmp_path):
    t = write(tmp_path / "ts.txt", "\n".join(["gold"] + GOLD) + "\n")
    p = write(tmp_path / "ps.txt", "\n".join(["system"] + SYSTEM) + "\n")
    error = error_line(invoke("score", t, p, "-m", "adjusted_rand"))  # was scored, exit 0
    assert f"'gold' ({t}) and 'system' ({p})" in error
    assert "pass --header or --no-header" in error
    got = scores(invoke("score", t, p, "--header", "-m", "adjusted_rand", "--json"))
    assert got == pytest.approx(mp.score(GOLD, SYSTEM, ["adjusted_rand"]), abs=1e-15)
    got = scores(invoke("score", t, p, "--no-header", "-m", "adjusted_rand", "--json"))
    expected = mp.score(["gold"] + GOLD, ["system"] + SYSTEM, ["adjusted_rand"])
    assert got == pytest.approx(expected, abs=1e-15) and got != pytest.approx(
        mp.score(GOLD, SYSTEM, ["adjusted_rand"]))


@pytest.mark.parametrize("truth_head, pred_head", [
    (["gold"], []),          # a header over text in one file only
    ([], ["system"]),
    (["label"], ["system"]),  # one detected (text over numbers), one over text
])
def test_one_undecided_header_is_decided_by_the_row_counts_and_said(invoke, tmp_path,
                                                                     truth_head, pred_head):
    truth = ["0", "0", "1", "1", "2"] if truth_head == ["label"] else GOLD
    t = write(tmp_path / "t.txt", "\n".join(truth_head + truth) + "\n")
    p = write(tmp_path / "p.txt", "\n".join(pred_head + SYSTEM) + "\n")
    result = invoke("score", t, p, "-m", "rand", "--json")
    assert scores(result) == pytest.approx(mp.score(truth, SYSTEM, ["rand"]), abs=1e-15)
    for path, head in ((t, truth_head), (p, pred_head)):
        said = f"{path}: first row {head[0]!r} taken as a header" if head else f"{path}:"
        assert (said in result.stderr) == bool(head), result.stderr


def test_a_file_against_itself_is_not_refused_for_its_first_row(invoke, tmp_path):
    t = write(tmp_path / "t.txt", "a\nb\n")   # either reading: the same labels on both sides
    assert scores(invoke("score", t, t, "-m", "rand", "--json")) == {"rand": 1.0}


def test_a_first_label_that_occurs_again_or_a_number_is_data(invoke, tmp_path):
    t = write(tmp_path / "t.txt", "\n".join(["dog"] + GOLD) + "\n")   # 'dog' recurs
    p = write(tmp_path / "p.txt", "\n".join(["7"] + ["1", "1", "2", "2", "3"]) + "\n")
    result = invoke("score", t, p, "-m", "rand", "--json")
    assert scores(result) == pytest.approx(
        mp.score(["dog"] + GOLD, [7, 1, 1, 2, 2, 3], ["rand"]), abs=1e-15)
    assert result.stderr == ""


def test_a_length_mismatch_names_the_header_decisions(invoke, tmp_path):
    t = write(tmp_path / "t.txt", "cluster\n0\n0\n1\n")
    p = write(tmp_path / "p.txt", "5\n5\n5\n6\n7\n")
    error = error_line(invoke("score", t, p))
    assert "got 3 in" in error and "and 5 in" in error
    assert f"{t}'s first row 'cluster' was taken as a header" in error


def test_header_votes_text_over_text_says_nothing_in_a_plain_file():
    rows = [["gold"], ["cat"], ["dog"]]
    assert labels_io.header_votes(rows, by_length=False) == 0
    assert labels_io.header_votes([["label"], ["0"], ["1"]], by_length=False) > 0
    assert labels_io.header_votes([["0"], ["1"], ["1"]], by_length=False) < 0


# -- a file without labels ----------------------------------------------------------------------

def test_a_file_holding_only_a_header_is_refused(invoke, tmp_path):
    h = write(tmp_path / "h.txt", "label\n")
    other = write(tmp_path / "o.txt", "system\n")
    assert "pass --header or --no-header" in error_line(invoke("score", h, other))
    error = error_line(invoke("score", h, other, "--header"))
    assert error == (f"error: {h}: expected at least one label below the header row 'label', "
                     "got none")
    csv_file = write(tmp_path / "h.csv", "id,label\n")
    error = error_line(invoke("score", csv_file, csv_file, "--column", "label"))
    assert error == (f"error: {csv_file}: expected at least one label below the header row "
                     "'id,label', got none")
    # asked for: the row is an item, a one-item partition on each side
    assert scores(invoke("score", h, other, "--no-header", "-m", "rand", "--json")) == \
        {"rand": 1.0}


def test_an_empty_label_file_names_the_file(invoke, tmp_path):
    empty = write(tmp_path / "e.txt", "\n\n")
    error = error_line(invoke("score", empty, empty))
    assert error == f"error: {empty}: expected at least one label, got an empty file"


# -- CSV, TSV and CoNLL files read whole: refused, naming the option they need ----------------

IDS = "id,label\n" + "".join(f"{i},{x}\n" for i, x in enumerate(TRUTH))
IDS_PRED = "id,label\n" + "".join(f"{i},{x}\n" for i, x in enumerate(PRED))


@pytest.mark.parametrize("name, header", [("t.csv", []), ("t.txt", []), ("t.txt", ["--no-header"]),
                                          ("t.csv", ["--header"])])
def test_a_csv_file_read_whole_is_refused_naming_column(invoke, tmp_path, name, header):
    t = write(tmp_path / name, IDS)
    p = write(tmp_path / ("p" + name[1:]), IDS_PRED)
    error = error_line(invoke("score", t, p, "-m", "adjusted_rand", *header))
    # was ARI 1.0 with exit 0 (every line distinct: all singletons on both sides), or the
    # header question whose answers lead there
    assert f"error: {t} looks like a" in error
    assert "name the column of labels with --column" in error
    got = scores(invoke("score", t, p, "-m", "adjusted_rand", "--column", "label", "--json"))
    assert got == pytest.approx(mp.score(TRUTH, PRED, ["adjusted_rand"]), abs=1e-15)


def test_a_tsv_file_is_refused_whole_and_read_by_column(invoke, tmp_path):
    t = write(tmp_path / "t.tsv", IDS.replace(",", "\t"))
    p = write(tmp_path / "p.txt", IDS_PRED.replace(",", "\t"))  # a tab in every line
    assert "--column" in error_line(invoke("score", p, p))
    got = scores(invoke("score", t, p, "-m", "rand", "--column", "label", "--json"))
    assert got == pytest.approx(mp.score(TRUTH, PRED, ["rand"]), abs=1e-15)


@pytest.mark.parametrize("name, text", [
    ("k.txt", "#begin document (d);\nw\t(1)\nv\t(1)\n\nu\t-\n#end document\n"),
    ("k.v4_gold_conll", "w (1)\nv (1)\n"),
])
def test_a_conll_file_read_as_labels_is_refused_naming_format(invoke, tmp_path, name, text):
    k = write(tmp_path / name, text)
    error = error_line(invoke("score", k, k))
    assert error.startswith(f"error: {k} looks like a CoNLL coreference file")
    assert "--format conll" in error


@pytest.mark.parametrize("header", [[], ["--no-header"], ["--header"]])
def test_all_singletons_from_lines_of_several_fields_are_refused(invoke, tmp_path, header):
    t = write(tmp_path / "t.txt", "".join(f"{i} {x}\n" for i, x in enumerate(TRUTH)))
    p = write(tmp_path / "p.txt", "".join(f"{i} {x}\n" for i, x in enumerate(PRED)))
    error = error_line(invoke("score", t, p, "-m", "adjusted_rand", *header))
    assert "both sides are all singletons" in error and "perfect agreement" in error
    # labels with spaces that repeat, or all singletons on one side only, are read as before
    truth, pred = ["New York", "New York", "Los Angeles"], ["a b", "c d", "c d"]
    t = write(tmp_path / "t2.txt", "\n".join(truth) + "\n")
    p = write(tmp_path / "p2.txt", "\n".join(pred) + "\n")
    got = scores(invoke("score", t, p, "-m", "rand", "--json"))
    assert got == pytest.approx(mp.score(truth, pred, ["rand"]), abs=1e-15)
    s = write(tmp_path / "s.txt", "a b\nc d\n")
    assert scores(invoke("score", s, write(tmp_path / "o.txt", "x\nx\n"), "-m", "rand",
                         "--json", "--no-header")) == {"rand": 0.0}

