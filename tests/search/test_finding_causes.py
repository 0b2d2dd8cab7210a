"""One finding per distinct cause (issue 24, item 3): a violation whose evaluation names its
cause (``Evaluation.extra["cause"]``) is a finding of its own, shrunk on its own, and every
cause shows in the JSON, the terminal and the Markdown, in a deterministic order."""
from __future__ import annotations

import pytest

import metricprops as mp
from metricprops.constraint import Constraint, Evaluation, Instance, Outcome
from metricprops.partition import Partition
from metricprops.results.model import AuditResult
from metricprops.strategies import partitions


class TwoCauses(Constraint):
    """Violated on a prediction with a block of 3 or more items (cause ``"big block"``) and
    on one with 3 or more singletons (cause ``"singletons"``): two bugs, the second met only
    once the first is known."""

    name = "two_causes"
    reducible = True

    def strategy(self, max_items):
        return partitions(1, max_items).map(lambda p: Instance(p, {"pred": p}))

    def enumerate(self, max_n):
        for n in range(1, max_n + 1):
            yield Instance(Partition.one_block(n), {"pred": Partition.one_block(n)})

    def evaluate(self, instance, score, metric, tolerance=0):
        pred = instance["pred"]
        q = score(instance.truth, pred)
        labels = pred.tolist()
        counts = {b: labels.count(b) for b in set(labels)}
        if max(counts.values()) >= 3:
            return Evaluation(Outcome.VIOLATED, {"pred": q}, -1.0, detail="a big block",
                              extra={"cause": "big block"})
        if sum(1 for c in counts.values() if c == 1) >= 3:
            return Evaluation(Outcome.VIOLATED, {"pred": q}, -1.0, detail="three singletons",
                              extra={"cause": "singletons"})
        return Evaluation(Outcome.SATISFIED, {"pred": q}, 1.0)


def _check(seed=1):
    return mp.check("rand", TwoCauses(), seed=seed, max_examples=200, exhaustive_n=4,
                    scale_max_n=0, isolate=False)


@pytest.mark.slow  # 0.7-1.5 s alone: out of the fast lane (tests/README.md)
def test_each_cause_is_a_finding_of_its_own_shrunk_on_its_own():
    r = _check()
    assert r.status == "failed"
    found = {(f.input, f.cause): f.example["notation"]["pred"] for f in r.findings}
    # each shrunk to its own smallest form, per input class
    assert found[("degenerate", "big block")] == "{0 1 2}"
    assert found[("ordinary", "big block")] == "{0 1 2 | 3}"
    assert found[("degenerate", "singletons")] == "{0 | 1 | 2}"
    assert found[("ordinary", "singletons")] in ("{0 1 | 2 | 3 | 4}", "{0 | 1 2 | 3 | 4}",
                                                 "{0 | 1 | 2 3 | 4}", "{0 | 1 | 2 | 3 4}")


@pytest.mark.slow
def test_causes_are_in_the_json_the_terminal_and_the_markdown_in_one_order():
    r = _check()
    data = r.to_json()
    assert [f.get("cause") for f in data["findings"]] == [f.cause for f in r.findings]
    assert all("cause" in f for f in data["findings"])
    text = r.describe()
    for f in r.findings:
        assert f"cause: {f.cause}" in text
    markdown = AuditResult(seed=1, results=[r]).markdown()
    assert "cause: singletons" in markdown and "cause: big block" in markdown
    assert r.to_json()["findings"] == _check().to_json()["findings"]  # deterministic
