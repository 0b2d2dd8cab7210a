"""A cluster: an audit, a check, a comparison and the ELM reproduction on a Dask LocalCluster
give what a local run gives; bad or unreachable addresses are clear errors."""
from __future__ import annotations

import json
import os

import pytest

import metricprops as mp
from metricprops.errors import ClusterError, InvalidArgumentError
from metricprops.registry import resolve_metric
from metricprops.settings import Run, current_defaults, defaults

from plugins import broken

distributed = pytest.importorskip("distributed")

FAST = dict(seed=4, max_examples=5, exhaustive_n=3)
FRAGILE = '''
import os


def quits(labels_true, labels_pred):
    if len(labels_pred) >= 3 and len(set(labels_pred)) == len(labels_pred):
        os._exit(0)
    return sum(a == b for a, b in zip(labels_true, labels_pred)) / len(labels_true)
'''


@pytest.fixture(scope="module")
def scheduler():
    saved = dict(os.environ)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        # a nanny sets its workers' variables (distributed.nanny.pre-spawn-environ:
        # OMP_NUM_THREADS=1 and the like) in the process that runs it, this test process:
        # its workers have them now, the later tests of this process must not
        os.environ.clear()
        os.environ.update(saved)
        yield cluster.scheduler_address


@pytest.mark.slow
def test_a_cluster_audit_writes_the_json_of_a_local_run(scheduler, tmp_path, monkeypatch):
    # a file target the cluster's workers cannot import: it travels with the checks
    (tmp_path / "t11_fragile.py").write_text(FRAGILE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    metrics = ["purity", broken.segfault, resolve_metric("t11_fragile.py:quits", lower=0,
                                                         upper=1, perfect=1)]
    cons = ["completeness", "rag_bag"]
    there = mp.audit(metrics, cons, cluster=scheduler, **FAST).dumps()
    here = mp.audit(metrics, cons, **FAST).dumps()
    assert there == here
    reasons = {r["metric"]: (r["error"] or {}).get("reason")
               for r in json.loads(there)["results"] if r["constraint"] == "completeness"}
    assert reasons["segfault"] == "crashed" and reasons["t11_fragile:quits"] == "crashed"


@pytest.mark.slow
def test_the_cli_sends_an_audit_to_the_cluster(scheduler, invoke, tmp_path):
    args = ["audit", "purity", "elm_f", "-c", "rag_bag", "--seed", 1, "--max-examples", 5,
            "--exhaustive-n", 3, "-q"]
    assert invoke(*args, "--cluster", scheduler, "--json", tmp_path / "c.json").exit_code == 0
    assert invoke(*args, "--json", tmp_path / "l.json").exit_code == 0
    assert (tmp_path / "c.json").read_bytes() == (tmp_path / "l.json").read_bytes()


@pytest.mark.slow
def test_a_split_exhaustive_phase_on_the_cluster_is_a_local_run(scheduler, monkeypatch):
    from metricprops.search import chunks as exhaustive

    monkeypatch.setattr(exhaustive, "MIN_SPLIT", 0)  # chunks of the phase as Dask tasks
    opts = dict(seed=6, max_examples=5, exhaustive_n=5)
    there = mp.audit(["elm_f", "bcubed_f"], ["homogeneity"], cluster=scheduler, **opts)
    here = mp.audit(["elm_f", "bcubed_f"], ["homogeneity"], jobs=1, **opts)
    assert there.dumps() == here.dumps()


@pytest.mark.slow
def test_check_and_compare_on_the_cluster_are_local_runs(scheduler):
    opts = dict(seed=3, max_examples=5, exhaustive_n=4, scale_max_n=0)
    there = mp.check("bcubed_f", "zero_score", cluster=scheduler, **opts)
    assert there.to_json() == mp.check("bcubed_f", "zero_score", **opts).to_json()
    assert there.status == "failed"
    there = mp.compare("rand", "adjusted_rand", cluster=scheduler, **opts)
    assert there.dumps() == mp.compare("rand", "adjusted_rand", **opts).dumps()
    assert there.status == "disagree"
    with pytest.raises(RuntimeError, match="bug in the constraint"):  # as check raises here
        mp.check("purity", broken.BrokenConstraint(), cluster=scheduler, **opts)


@pytest.mark.slow
def test_the_elm_reproduction_shares_its_chunks_on_the_cluster(scheduler):
    import numpy as np

    from metricprops.reproduce import elm_paper

    there = elm_paper.section_3_4(n=9, cluster=scheduler)  # 256 truths: 4 chunks of 64
    assert there["result"]["truths"] == 256
    np.testing.assert_equal(there, elm_paper.section_3_4(n=9))  # exactly, arrays included


@pytest.mark.slow
def test_the_cli_sends_a_comparison_to_the_cluster(scheduler, invoke, tmp_path):
    args = ["compare", "rand", "adjusted_rand", "--seed", 2, "--max-examples", 5,
            "--exhaustive-n", 3]
    assert invoke(*args, "--cluster", scheduler, "--json", tmp_path / "c.json").exit_code == 1
    assert invoke(*args, "--json", tmp_path / "l.json").exit_code == 1
    assert (tmp_path / "c.json").read_bytes() == (tmp_path / "l.json").read_bytes()


@pytest.fixture
def unreachable():
    """A scheduler address where nothing listens, given up on after a fifth of a second."""
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "200ms"}):
        yield "tcp://127.0.0.1:9"


@pytest.mark.slow
def test_report_s_cluster_reaches_audits_checks_comparisons_and_the_elm_reproduction(
        unreachable):
    from metricprops.reproduce import elm_paper

    work = {"audit": lambda: mp.audit("purity", ["rag_bag"], max_examples=1),
            "check": lambda: mp.check("purity", "rag_bag", max_examples=1),
            "compare": lambda: mp.compare("rand", "rand", max_examples=1),
            "elm": lambda: elm_paper.section_3_4(n=4)}
    with defaults(run=Run(jobs=1, cluster=unreachable)):
        for run in work.values():
            with pytest.raises(ClusterError, match="could not reach the Dask scheduler at "
                                                   "tcp://127.0.0.1:9"):
                run()
    assert current_defaults()["run"] is None


@pytest.mark.parametrize("command", [
    ["audit", "purity"], ["compare", "rand", "purity"], ["report", "--quick"],
    ["reproduce", "elm-paper", "--quick"]])
def test_a_bad_cluster_address_is_a_usage_error_before_any_work(invoke, command, tmp_path):
    result = invoke(*command, "--cluster", "nonsense")
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert line.startswith("error: Invalid value for '--cluster': expected a Dask scheduler "
                           "address such as tcp://10.0.0.5:8786, got 'nonsense'")


@pytest.mark.parametrize("command", [
    ["audit", "purity", "-c", "rag_bag", "-q"], ["compare", "rand", "purity"],
    ["report", "--quick", "-q"], ["reproduce", "elm-paper", "--quick"], ["audit", "--plan"]])
@pytest.mark.slow
def test_an_unreachable_cluster_is_one_line_and_exit_2(invoke, unreachable, command, tmp_path,
                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    if command[-1] == "--plan":  # a plan's audits go there too
        (tmp_path / "plan.toml").write_text(
            '[audit]\nconstraints = ["rag_bag"]\n\n[[target]]\ntarget = "purity"\n',
            encoding="utf-8")
        command = [*command, "plan.toml", "-q"]
    result = invoke(*command, "--cluster", unreachable)
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines()[-1].startswith(
        "error: could not reach the Dask scheduler at tcp://127.0.0.1:9")


@pytest.mark.parametrize("address", ["", 8786, "tcp://host", "tcp://h:port"])
def test_the_api_rejects_what_is_not_a_scheduler_address(address):
    with pytest.raises(InvalidArgumentError, match="expected a Dask scheduler address"):
        mp.audit("purity", ["rag_bag"], cluster=address)
