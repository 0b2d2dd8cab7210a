"""`metricprops reproduce elm-overlapping`: the ELM paper's section 4 example."""
import json


def test_the_papers_elm_does_not_see_the_extra_cluster_and_elm_for_covers_does(invoke,
                                                                               tmp_path):
    out = tmp_path / "overlapping.json"
    result = invoke("reproduce", "elm-overlapping", "--json", out)
    assert result.exit_code == 0, result.output
    assert "prediction {0 | 0 1}" in result.stdout
    rows = {row["metric"]: row for row in json.loads(out.read_text())["rows"]}
    literal = rows["elm_precision (e left out, the paper's ELM on covers)"]
    assert (literal["score"], literal["penalised"]) == (1.0, False)
    assert (rows["elm_cover_precision"]["score"], rows["elm_cover_precision"]["penalised"]) \
        == (0.75, True)
    assert rows["extended_bcubed_precision"]["score"] == 0.875
    assert rows["omega"]["penalised"] is False  # pairs of distinct items only
