"""A cluster: an audit on a Dask LocalCluster gives the JSON of a local run."""
from __future__ import annotations

import json

import pytest

import metricprops as mp
from metricprops.registry import resolve_metric
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
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
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
    from metricprops import exhaustive

    monkeypatch.setattr(exhaustive, "MIN_SPLIT", 0)  # chunks of the phase as Dask tasks
    opts = dict(seed=6, max_examples=5, exhaustive_n=5)
    there = mp.audit(["elm_f", "bcubed_f"], ["homogeneity"], cluster=scheduler, **opts)
    here = mp.audit(["elm_f", "bcubed_f"], ["homogeneity"], jobs=1, **opts)
    assert there.dumps() == here.dumps()
