"""The audit Markdown's "Evidence per family" table: per metric family, how many cells were
proved, checked exhaustively, sampled or measured, failed or erred, not applicable -- counted
from the results' own statuses and evidence kinds, never from numbers written here."""
from __future__ import annotations

from collections import Counter
from typing import Dict, List

import pytest

import metricprops as mp
from metricprops.metrics import BUILTINS, pair_f_beta
from metricprops.metrics.family import FAMILIES, family_of

FAMILY = {"rand": "pair counting", "jaccard": "pair counting", "nmi": "information-theoretic"}


@pytest.fixture(scope="module")
def audit():
    return mp.audit(list(FAMILY), constraints=["homogeneity", "completeness", "symmetry"],
                    seed=0, max_examples=5)


def _table(markdown: str, heading: str) -> List[Dict[str, str]]:
    """The rows of the first table after ``heading``, as dicts keyed by the header."""
    lines = markdown[markdown.index(heading):].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    head = [c.strip() for c in lines[start].strip("|").split("|")]
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(dict(zip(head, (c.strip() for c in line.strip("|").split("|")))))
    return rows


def _column(r) -> str:
    """What the table counts a result as: its status when failed, errored or not applicable,
    else how it was established."""
    if r.status in ("failed", "error"):
        return "failed or error"
    if r.status == "not_applicable":
        return "not applicable"
    kind = (r.evidence or {}).get("kind")
    return {"sampled": "sampled or measured", "measured": "sampled or measured"}.get(kind, kind)


@pytest.mark.slow
def test_the_table_counts_each_familys_cells_by_their_evidence(audit):
    markdown = audit.markdown()
    assert "## Evidence per family" in markdown
    rows = {row["family"]: row for row in _table(markdown, "## Evidence per family")}
    assert set(rows) == {"pair counting", "information-theoretic", "all"}
    columns = ["proved", "exhaustive", "sampled or measured", "failed or error",
               "not applicable"]
    assert list(rows["all"])[2:] == columns + ["total"]  # no "other": nothing falls outside
    assert any(r.evidence["kind"] == "proved" for r in audit.results)  # the column is used
    for family in ("pair counting", "information-theoretic"):
        results = [r for r in audit.results if FAMILY[r.metric] == family]
        want = Counter(_column(r) for r in results)
        assert {c: int(rows[family][c]) for c in columns} == {c: want[c] for c in columns}
        assert int(rows[family]["total"]) == len(results) == sum(want.values())
        assert int(rows[family]["metrics"]) == len({r.metric for r in results})
    want = Counter(_column(r) for r in audit.results)
    assert {c: int(rows["all"][c]) for c in columns} == {c: want[c] for c in columns}
    assert int(rows["all"]["total"]) == len(audit.results)
    # the families are named with their metrics
    assert "- pair counting: rand, jaccard" in markdown
    assert "- information-theoretic: nmi" in markdown


@pytest.mark.slow  # the module's audit (2.8 s), which the other slow test shares
def test_every_proved_cell_keeps_its_statement(audit):
    markdown = audit.markdown()
    proofs = markdown[markdown.index("## Proofs"):]
    proved = [r for r in audit.results if r.evidence["kind"] == "proved"]
    assert markdown.index("## Evidence per family") < markdown.index("## Proofs")
    for r in proved:
        assert f"- **{r.metric} × {r.constraint}**: {r.evidence['statement']}" in proofs
    assert proofs.count("\n- **") == len(proved)


def test_other_appears_for_a_witness_and_one_family_has_no_total_row():
    audit = mp.audit(["purity"], constraints=["symmetry", "homogeneity"], seed=0,
                     max_examples=5)
    rows = _table(audit.markdown(), "## Evidence per family")
    assert [row["family"] for row in rows] == ["set matching"]
    symmetry = audit.get("purity", "symmetry")
    assert symmetry.evidence["kind"] == "witness" and symmetry.cell == "≠"
    assert int(rows[0]["other"]) == 1 and int(rows[0]["total"]) == 2


def test_every_builtin_has_a_family_from_its_module():
    assert {family_of(m) for m in BUILTINS} == set(FAMILIES) - {"other"}
    assert family_of("pair_f[beta=2]") == family_of(pair_f_beta(2.0)) == "pair counting"
    assert family_of("ami") == family_of("smi") == "information-theoretic"
    assert family_of("bcubed_f") == "per-element" and family_of("purity") == "set matching"
    assert family_of("blanc_f") == "coreference"  # pair counting, but a coreference metric
    box = mp.metric(lambda t, p: 0.0, name="rand")  # a black box is not the built-in Rand
    assert family_of(box) == "other"
    assert family_of(mp.metric(lambda t, p: 0.0, name="mine", pair_counting=True)) \
        == "pair counting"
