"""Every core: --jobs N gives the same JSON for every N."""
from __future__ import annotations

import pytest

import metricprops as mp
from metricprops.engine.schedule import Work
from metricprops.settings import Run, current_defaults, defaults

from plugins import broken, faulty

SMALL = dict(seed=9, max_examples=5, exhaustive_n=3)
METRICS = ["purity", "elm_f", broken.sound, faulty.raises, broken.segfault, "bcubed_precision"]
CONSTRAINTS = ["completeness", "rag_bag", "homogeneity"]


@pytest.mark.slow
def test_one_and_two_workers_give_byte_identical_json():
    one = mp.audit(METRICS, CONSTRAINTS, jobs=1, **SMALL).dumps()
    two = mp.audit(METRICS, CONSTRAINTS, jobs=2, **SMALL).dumps()
    assert one == two
    assert '"reason": "crashed"' in two  # the segfault did not disturb the other worker
    # a proof holds in a worker too: bcubed_precision's formula reaches the worker as the
    # object the per-element proofs know (it once travelled by value and was not proved)
    assert '"statement": "bcubed_precision: Q(T, H2) > Q(T, H1) for every perfect split' in two


@pytest.mark.slow
def test_results_come_in_pair_order_and_progress_ends_at_the_total():
    seen = []
    result = mp.audit(METRICS[:3], CONSTRAINTS, jobs=2, progress=lambda *a: seen.append(a),
                      **SMALL)
    assert [(r.metric, r.constraint) for r in result.results] == [
        (m, c) for m in ("purity", "elm_f", "sound") for c in CONSTRAINTS]
    total = 3 * len(CONSTRAINTS)
    assert seen[0][:2] == (0, total) and seen[-1] == (total, total, "", "")


def test_defaults_set_the_run_of_audits_inside_it():
    assert current_defaults()["run"] is None
    with defaults(run=Run(jobs=2)):
        assert current_defaults()["run"].jobs == 2
        seen = []
        mp.audit("purity", ["rag_bag"], max_examples=1, exhaustive_n=2, scale_max_n=0,
                 on_result=lambda r: seen.append(r))
        assert len(seen) == 1
    assert current_defaults()["run"] is None


def test_cli_jobs_one_and_two_write_the_same_json(invoke, tmp_path):
    args = ["audit", "purity", "elm_f", "-c", "rag_bag", "-c", "completeness", "--seed", 2,
            "--max-examples", 5, "--exhaustive-n", 3, "-q"]
    for jobs in (1, 2):
        r = invoke(*args, "--jobs", jobs, "--json", tmp_path / f"{jobs}.json")
        assert r.exit_code in (0, 1), r.output
    assert (tmp_path / "1.json").read_bytes() == (tmp_path / "2.json").read_bytes()


def test_the_checks_of_a_metric_with_a_scale_phase_wait_for_the_first_one_out():
    """The checks of a metric that have a scale phase score the same large shapes, handed
    from one check to the next: the first out leads, the others wait while other work is
    ready, and go anyway when nothing else is."""
    from types import SimpleNamespace

    from metricprops.engine.schedule import Schedule

    done = SimpleNamespace(status="passed")
    schedule = Schedule([None] * 5, [None, "a", "a", None, "a"])
    sent = [schedule.next() for _ in range(3)]
    assert [w.index for w in sent] == [0, 1, 3]  # 2 and 4 wait for 1, the leader of "a"
    assert schedule.next().index == 2  # nothing else is ready: it goes anyway
    assert schedule.settle(sent[1], "ok", done, False) is done  # the leader is done
    assert schedule.next().index == 4 and schedule.next() is None

    schedule = Schedule([None] * 4, ["a", "b", "a", "b"])  # two groups, two leaders
    assert [schedule.next().index for _ in range(2)] == [0, 1]
    schedule.settle(Work("check", 1), "ok", done, False)
    assert schedule.next().index == 3  # b's leader is done; a's is not

