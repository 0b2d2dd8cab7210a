"""The CoNLL-2011/2012 reader: mentions, documents, and typed errors for malformed files."""
from __future__ import annotations

import pytest

from metricprops.coref import (
    CoNLLFormatError,
    DocumentMismatchError,
    UnmatchedDocumentsWarning,
    parse_conll,
    read_conll,
    score_conll,
)
from metricprops.errors import InvalidPartitionError, MetricPropsError


def doc(name: str, *columns: str) -> str:
    rows = [f"w\t0\t{i}\tword{i}\t{c}" for i, c in enumerate(columns)]
    return "\n".join([f"#begin document ({name}); part 000", *rows, "#end document"]) + "\n"


def test_single_multi_token_and_nested_mentions():
    text = doc("d", "(1", "-", "(2)|1)", "(3|(1", "3)", "1)")
    d = parse_conll(text)["(d); part 000"]
    # entities in order of first appearance: 1 (line 1), 2, 3
    assert d.entities == [[(0, 2), (3, 5)], [(2, 2)], [(3, 4)]]
    assert d.tokens == 6


def test_same_entity_nested_closes_the_innermost_first():
    d = parse_conll(doc("d", "(7", "(7", "7)", "7)"))["(d); part 000"]
    assert d.entities == [[(1, 2), (0, 3)]]
    d = parse_conll(doc("d", "(7(7", "7)", "7)"))["(d); part 000"]  # two starts on one token
    assert d.entities == [[(0, 1), (0, 2)]]


def test_blank_lines_do_not_count_as_tokens_and_documents_are_separate():
    text = ("#begin document (a);\nx\t(0\n\nx\t0)\n#end document\n"
            "#begin document (b);\nx\t(0)\n#end document\n")
    docs = parse_conll(text)
    assert list(docs) == ["(a);", "(b);"]
    assert docs["(a);"].entities == [[(0, 1)]]
    assert docs["(b);"].entities == [[(0, 0)]]


def test_space_separated_columns_and_trailing_tab():
    d = parse_conll("#begin document (d);\nw  0  (4)\t\nw   -\n#end document\n")["(d);"]
    assert d.entities == [[(0, 0)]]


def test_double_antecedent_is_discarded_like_the_scorer():
    d = parse_conll(doc("d", "(1+2)|(5)"))["(d); part 000"]
    assert d.entities == [[(0, 0)]]


def test_labels_are_strings_as_in_the_scorer():
    d = parse_conll(doc("d", "(01)", "(1)"))["(d); part 000"]
    assert d.entities == [[(0, 0)], [(1, 1)]]


def test_documents_are_paired_by_name_and_a_missing_response_document_is_empty(tmp_path):
    key = tmp_path / "key"
    key.write_text(doc("a", "(1)", "(1)") + doc("b", "(2)", "(2)"))
    resp = tmp_path / "resp"
    resp.write_text(doc("b", "(9)", "(9)") + doc("z", "(1)"))  # no "a"; "z" is not in the key
    with pytest.warns(UnmatchedDocumentsWarning) as caught:
        s = score_conll(key, resp, ["muc_recall", "muc_precision", "b3_recall"], partial=True)
    assert s["muc_recall"] == pytest.approx(1 / 2)   # doc a: 1 link missed, doc b: 1 found
    assert s["muc_precision"] == pytest.approx(1.0)
    assert s["b3_recall"] == pytest.approx(2 / 4)
    said = str(caught[0].message)
    assert "'(a); part 000'" in said and "'(z); part 000'" in said


def test_documents_that_do_not_match_are_refused_and_named(tmp_path):
    key = tmp_path / "key"
    key.write_text(doc("a", "(1)", "(1)") + doc("b", "(2)", "(2)"))
    renamed = tmp_path / "renamed"   # the same mentions under another name: scored 0.0 before
    renamed.write_text(doc("a2", "(1)", "(1)") + doc("b", "(2)", "(2)"))
    with pytest.raises(DocumentMismatchError) as info:
        score_conll(key, renamed)
    assert info.value.missing == ["(a); part 000"] and info.value.extra == ["(a2); part 000"]
    assert isinstance(info.value, ValueError)
    assert f"1 key document of {key} missing from the response ('(a); part 000')" in \
        str(info.value)
    extra = tmp_path / "extra"       # every key document, and one more: ignored before
    extra.write_text(doc("a", "(1)", "(1)") + doc("b", "(2)", "(2)") + doc("c", "(3)"))
    with pytest.raises(DocumentMismatchError) as info:
        score_conll(key, extra)
    assert info.value.missing == [] and info.value.extra == ["(c); part 000"]
    assert "missing" not in str(info.value).split("(document names")[0]


def test_the_command_refuses_unmatched_documents_unless_partial(invoke, tmp_path):
    key = tmp_path / "key.conll"
    key.write_text(doc("a", "(1)", "(1)"))
    resp = tmp_path / "resp.conll"
    resp.write_text(doc("b", "(1)", "(1)"))
    result = invoke("score", str(key), str(resp), "--format", "conll", "-m", "conll_f")
    assert result.exit_code == 2 and result.stdout == ""   # was 0.0 with exit 0
    assert "'(a); part 000'" in result.stderr and "'(b); part 000'" in result.stderr
    assert "--partial" in result.stderr
    result = invoke("score", str(key), str(resp), "--format", "conll", "-m", "conll_f",
                    "--partial", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("warning: scored partially: 1 key document of ")
    result = invoke("score", str(key), str(key), "--partial", "-m", "rand")
    assert result.exit_code == 2 and "--partial applies to --format conll" in result.stderr


MALFORMED = [
    ("end without start", doc("d", "(1", "2)"), 3, "start"),
    ("unclosed mention", doc("d", "(1", "-"), 4, "still open"),
    ("number without parenthesis", doc("d", "1|(2", "2)"), 2, "cannot read '1|'"),
    ("garbage in the column", doc("d", "(1)x"), 2, "coreference column"),
    ("no end of document", "#begin document (d);\nw\t(1)\n", 2, "end of the file"),
    ("begin inside a document", "#begin document (d);\n#begin document (e);\n", 2,
     "another '#begin document'"),
    ("token before any document", "w\t(1)\n#begin document (d);\n#end document\n", 1,
     "before '#begin document'"),
    ("end without begin", "#end document\n", 1, "before '#end document'"),
    ("duplicate document name", doc("d", "-") + doc("d", "-"), 4, "unique"),
]


@pytest.mark.parametrize("case,text,line,reason", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_file_names_file_line_and_reason(tmp_path, case, text, line, reason):
    path = tmp_path / "bad.conll"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CoNLLFormatError) as info:
        read_conll(path)
    err = info.value
    assert err.path == str(path) and err.line == line
    assert reason in err.reason
    assert str(err).startswith(f"{path}, line {line}: expected")
    assert isinstance(err, (MetricPropsError, ValueError, InvalidPartitionError))


def test_file_without_documents_missing_file_and_bad_bytes(tmp_path):
    empty = tmp_path / "empty"
    empty.write_text("# just a comment\n\n")
    with pytest.raises(CoNLLFormatError, match="at least one '#begin document'"):
        read_conll(empty)
    with pytest.raises(CoNLLFormatError, match="no such file"):
        read_conll(tmp_path / "nope")
    binary = tmp_path / "bin"
    binary.write_bytes(b"#begin document (d);\n\xff\xfe\n#end document\n")
    with pytest.raises(CoNLLFormatError, match="UTF-8") as info:
        read_conll(binary)
    assert info.value.line is None


def test_malformed_response_fails_scoring_too(tmp_path):
    key = tmp_path / "key"
    key.write_text(doc("d", "(1)", "(1)"))
    resp = tmp_path / "resp"
    resp.write_text(doc("d", "(1)", "1)"))
    with pytest.raises(CoNLLFormatError) as info:
        score_conll(key, resp)
    assert info.value.path == str(resp) and info.value.line == 3
