"""The words of a result (issue 27, item 11): counts agree with their nouns, a seed "differs",
and an assertion names what an error really was (a crash is not "a non-finite value")."""
from __future__ import annotations

import pytest

import metricprops as mp
from metricprops.constraint import Constraint
from metricprops.engine.journal import Journal
from metricprops.errors import JournalError
from metricprops.results.model import CheckResult, Counterexample, Status
from metricprops.testing import _describe


def test_counts_of_one_take_the_singular():
    r = mp.check("rand", "symmetry", seed=1, exhaustive_n=1, max_examples=1,
                 scale_max_n=0, isolate=False)
    assert "the only instance with at most 1 item and 1 random instance with at most" \
        in r.message, r.message
    assert "1 items" not in r.message and "1 instances" not in r.message
    assert Constraint().violation_message(1, "exhaustive search") == \
        "smallest violation (1 item) found by exhaustive search."


def test_a_journal_of_another_seed_says_its_seed_differs(tmp_path):
    journal = tmp_path / "j"
    Journal.open(journal, seed=42, settings={}, pairs=[]).close()
    with pytest.raises(JournalError) as info:
        Journal.open(journal, seed=7, settings={}, pairs=[], resume=True)
    assert "its seed 42 differs from this run's 7" in str(info.value)


@pytest.mark.parametrize("reason, words", [
    ("crashed", "the metric crashed the process it ran in"),
    ("timeout", "the metric ran past its time limit"),
    ("memory", "the metric ran out of memory"),
    ("nan", "the metric returned NaN"),
    ("raised", "the metric raised an exception"),
])
def test_an_assertion_names_the_kind_of_error(reason, words):
    result = CheckResult(metric="m", constraint="symmetry", status=Status.ERROR,
                         error=Counterexample({"reason": reason, "message": "m: ..."}),
                         message="m: ...")
    head = _describe(result, "").splitlines()[0]
    assert head == f"! symmetry: error -- {words}"
    assert "non-finite" not in head or reason in ("nan", "inf")
