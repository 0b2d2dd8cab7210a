"""Forked processes leave the objects they inherited to their parent's garbage collector
(``gc.freeze``): a worker forked from a large process (a test run, a notebook) would
otherwise traverse every inherited object at its first full collection, copying every page
that holds one, inside whichever metric call triggered it -- seconds of a call's time in a
process of millions of objects, past a large input's wall-time limit on a loaded machine."""
from __future__ import annotations

import gc

import metricprops as mp


def test_workers_and_their_scale_children_freeze_what_they_inherit(tmp_path):
    log = tmp_path / "frozen.txt"

    @mp.metric(name="logs_frozen", bounds=(0, 1), perfect=1, symmetric=True)
    def logs_frozen(labels_true, labels_pred):
        with open(log, "a", encoding="utf-8") as f:  # in the worker, or its scale child
            f.write(f"{len(labels_true)} {gc.get_freeze_count()}\n")
        return 1.0 if list(labels_true) == list(labels_pred) else 0.5

    assert gc.get_freeze_count() == 0  # this process froze nothing: what is seen is theirs
    r = mp.check(logs_frozen, "max_agreement", seed=0, max_examples=3, exhaustive_n=2,
                 scale_max_n=4097, jobs=1, isolate=True)
    assert r.status == "passed", r.describe()
    rows = [tuple(map(int, line.split())) for line in log.read_text().splitlines()]
    small = [frozen for n, frozen in rows if n <= 30]  # scored in the worker
    large = [frozen for n, frozen in rows if n > 1000]  # in the scale phase's forked child
    assert small and large
    assert min(small) > 0  # the worker froze what it inherited from this process
    # the child froze what it inherited from the worker: more than the worker had frozen
    # (the worker's own objects since: the check, its search, hypothesis')
    assert min(large) > max(small)
