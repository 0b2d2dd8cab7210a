"""A metric that exhausts its memory is an ``error`` with reason ``memory``, whatever part of
the search ran out of memory after it: never a crash of the checker or of hypothesis."""
from __future__ import annotations

import textwrap

import pytest
from hypothesis import strategies as st

import metricprops as mp
from metricprops.constraint import Constraint, Evaluation, Instance, Outcome
from metricprops.partition import Partition
from metricprops.results.model import Status

HOG = textwrap.dedent("""
    def hog(labels_true, labels_pred):
        blocks = []
        while True:
            blocks.append(bytearray(512 * 1024 * 1024))
""")


@pytest.mark.slow
def test_a_metric_that_allocates_in_512_mb_blocks_is_a_memory_error(tmp_path):
    # the blocks it held when it raised stayed alive with its traceback, and hypothesis,
    # short of memory, failed with FlakyStrategyDefinition ("constraint raised ...")
    path = tmp_path / "hogs.py"
    path.write_text(HOG)
    r = mp.check(f"{path}:hog", "symmetry", seed=1, memory_limit="1GiB")
    assert r.status is Status.ERROR, r.message
    assert r.error["reason"] == "memory", r.message
    assert "FlakyStrategyDefinition" not in r.message and "constraint" not in r.message


class _StarvedSearch(Constraint):
    """A constraint whose instances cannot be built once the metric has been called: the
    search, not the metric, meets the MemoryError."""

    name = "starved_search"

    def strategy(self, max_items):
        return st.integers(1, 4).map(self._build)

    @staticmethod
    def _build(n):
        if _StarvedSearch.called:
            raise MemoryError()
        return Instance(Partition.one_block(n), {"pred": Partition.singletons(n)})

    def enumerate(self, max_n):
        return iter(())

    def evaluate(self, instance, score, metric, tolerance=0):
        _StarvedSearch.called = True
        return Evaluation(Outcome.SATISFIED, {"pred": score(instance.truth, instance["pred"])},
                          1.0)


def test_a_search_that_runs_out_of_memory_after_calling_the_metric_is_a_memory_error():
    _StarvedSearch.called = False
    r = mp.check("rand", _StarvedSearch(), seed=3, max_examples=20, isolate=False)
    assert r.status is Status.ERROR, r.message
    assert r.error["reason"] == "memory"
    assert "after calling the metric" in r.message
    assert r.findings[0].kind == "error" and r.findings[0].reason == "memory"
