"""The scale phase's child runs native thread pools on one thread (issue 24): OpenMP is not
fork-safe, and a parallel region in the forked child hung until the phase ended quietly,
hiding torchmetrics' ARI overflow at 92,683 items."""
from __future__ import annotations

import textwrap

import pytest

import metricprops as mp
from metricprops.results.model import Status

PLUGIN = textwrap.dedent("""
    from threadpoolctl import threadpool_info


    def threads_at_scale(labels_true, labels_pred):
        # 0.5 on small inputs; at scale, the widest native pool's threads less 0.5: above
        # the upper bound 1 when a pool would run more than one thread
        if len(labels_true) <= 200:
            return 0.5
        return max(p["num_threads"] for p in threadpool_info()) - 0.5


    def torch_ari(labels_true, labels_pred):
        import torch
        from torchmetrics.functional.clustering import adjusted_rand_score

        pred, truth = torch.as_tensor(labels_pred), torch.as_tensor(labels_true)
        return adjusted_rand_score(pred, truth).item()
""")
META = dict(kind="similarity", lower=-0.5, upper=1.0, perfect=1.0, symmetric=True)


@pytest.fixture
def plugin(plugin_file):
    resolve = plugin_file("scale_threads", PLUGIN)
    return lambda name: resolve(name, **META)


@pytest.mark.slow
def test_the_scale_child_runs_native_pools_on_one_thread(plugin):
    from threadpoolctl import threadpool_info

    if max((p["num_threads"] for p in threadpool_info()), default=1) < 2:
        pytest.skip("no native thread pool runs more than one thread here")
    r = mp.check(plugin("threads_at_scale"), "bounds", seed=1, max_examples=5, scale_max_n=300)
    assert r.status is Status.PASSED, r.describe()
    assert not [f for f in r.findings if f.input == "scale"]


@pytest.mark.slow
def test_torchmetrics_ari_overflow_is_found_where_it_begins(plugin):
    pytest.importorskip("torchmetrics")
    # the int64 product tp * tn passes 2^63 near n = 92,682 (sqrt(2) * 2^16.5)
    r = mp.check(plugin("torch_ari"), "bounds", seed=1, max_examples=5)
    assert r.status is Status.FAILED, r.describe()
    scale = [f for f in r.findings if f.input == "scale"]
    assert scale and scale[0].kind == "violation"
    assert 92_682 / 2 <= scale[0].items <= 92_683, scale[0].items
