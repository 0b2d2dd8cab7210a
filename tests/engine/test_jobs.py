"""Every core: --jobs N gives the same JSON for every N."""
from __future__ import annotations

import pytest

import metricprops as mp
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
