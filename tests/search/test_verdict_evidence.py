"""Evidence on every verdict (issue 26, item 1): how each result was established, in the
JSON, the table's cells and the texts; ties listed per input class."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

import metricprops as mp
from metricprops.results.model import Status
from metricprops.search import proofs

FAST = dict(seed=3, max_examples=20, exhaustive_n=4, scale_max_n=0)


def test_a_pass_says_it_checked_every_instance_up_to_n_and_how_many_random_ones():
    r = mp.check("rand", "symmetry", **FAST)
    assert r.status is Status.PASSED
    e = r.to_json()["evidence"]
    assert e["kind"] == "exhaustive" and e["n"] == 4 and e["instances"] == r.examples - 20
    assert (e["count"], e["max_items"], e["seed"]) == (20, 30, 3)
    assert r.cell == "✓₄"


def test_n_is_the_size_the_enumeration_covers_completely():
    # label_invariance tries every renaming only up to 2 items; determinism enumerates no
    # size completely: sampled
    li = mp.check("rand", "label_invariance", **FAST)
    assert li.evidence["kind"] == "exhaustive" and li.evidence["n"] == 2 and li.cell == "✓₂"
    de = mp.check("rand", "determinism", **FAST)
    assert de.evidence["kind"] == "sampled" and "n" not in de.evidence and de.cell == "✓~"


def test_a_failure_is_established_by_its_counterexample_and_gave_up_by_nothing():
    r = mp.check("bcubed_f", "zero_score", **FAST)
    assert r.evidence == {"kind": "counterexample", "found_by": "exhaustive"}
    assert r.cell == "✗"
    na = mp.check(mp.metric(lambda t, p: 0.5, name="bare"), "zero_score", **FAST)
    assert na.status is Status.NOT_APPLICABLE and na.to_json()["evidence"] is None


@dataclass
class _Proof:
    statement: str
    method: str = "a test prover"
    status: str = "proved"


def test_a_proof_upgrades_a_pass_and_nothing_else_does(monkeypatch):
    monkeypatch.setattr(proofs, "_PROVERS", [])
    monkeypatch.setattr(proofs, "_CACHE", {})
    proofs.register_prover(lambda m, c: _Proof("sym holds") if c == "symmetry" else None)
    proofs.register_prover(lambda m, c: _Proof("not a proof", status="not proved"))
    r = mp.check("rand", "symmetry", isolate=False, **FAST)
    assert r.evidence["kind"] == "proved" and r.evidence["statement"] == "sym holds"
    assert r.evidence["by"] == "a test prover" and r.evidence["n"] == 4  # checked besides
    assert r.cell == "✓∀"
    # a failed attempt proves nothing
    other = mp.check("rand", "bounds", isolate=False, **FAST)
    assert other.evidence["kind"] == "exhaustive"
    # a tie is never upgraded, whatever a prover says
    proofs.register_prover(lambda m, c: _Proof("ties?"))
    weak = mp.check("jaccard", "homogeneity", isolate=False, **FAST)
    assert weak.status is Status.WEAK and weak.evidence["kind"] == "exhaustive"


def test_a_black_box_is_never_sent_to_the_symbolic_prover():
    assert proofs._symbolic(mp.metric(lambda t, p: 1.0, name="box"), "homogeneity") is None


def test_the_pair_counting_proofs_mark_a_builtin_proved():
    pytest.importorskip("metricprops.symbolic.evidence")
    r = mp.check("rand", "homogeneity", **FAST)
    assert r.evidence["kind"] == "proved", r.evidence
    assert "at every n" in r.evidence["statement"] and r.cell == "✓∀"
    audit = mp.audit(["rand"], ["homogeneity"], **FAST)
    assert "## Proofs" in audit.markdown() and "∀ proved for every number of items" in \
        audit.table(width=200)


def test_ties_are_listed_per_input_class():
    nmi = mp.check("nmi", "completeness", **FAST)
    assert nmi.status is Status.WEAK
    assert {f.input for f in nmi.findings} == {"degenerate"}
    assert "ties only on degenerate inputs" in nmi.message
    jaccard = mp.check("jaccard", "homogeneity", **FAST)
    assert {f.input for f in jaccard.findings} == {"degenerate", "ordinary"}
    assert "ties on ordinary inputs and on degenerate ones" in jaccard.message
    assert [f["kind"] for f in jaccard.to_json()["findings"]] == ["tie", "tie"]
