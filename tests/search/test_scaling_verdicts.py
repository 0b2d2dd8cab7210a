"""What a scaling verdict says (issue 27, item 10): the sizes it reached, no counterexample
instance for a timing verdict, no "exponent None", and never a pass for a metric that
returns no number."""
from __future__ import annotations

import importlib
import json

import metricprops as mp
from metricprops.results.model import Status

from plugins.planted import charged_pair_loop_rand

scaling = importlib.import_module("metricprops.constraints.scaling")  # not the object

FAST = dict(seed=1, max_examples=0, exhaustive_n=2, scale_max_n=0)


@mp.metric(name="returns_none", bounds=(0, 1))
def returns_none(labels_true, labels_pred):
    return None


def test_a_metric_that_returns_no_number_is_an_error_not_a_pass():
    r = mp.check(returns_none, "scaling", isolate=False, **FAST)
    assert r.status is Status.ERROR, r.message
    assert r.error["reason"] == "not_a_number"


#: Rand charged as a loop over every pair of items (plugins.planted, with the injected_costs
#: fixture: its cost does not depend on the machine's load)
pairs_loop = mp.metric(charged_pair_loop_rand, name="pairs_loop", bounds=(0, 1))


def test_a_timing_failure_reports_the_sizes_reached_and_no_instance(short_scaling_calls,
                                                                     injected_costs):
    r = mp.check(pairs_loop, "scaling", isolate=False, **FAST)
    assert r.status is Status.FAILED
    ce = r.counterexample
    assert "truth" not in ce and "notation" not in ce  # no arbitrary 8-item instance
    (f,) = r.findings
    assert (f.found_by, f.shrunk, f.input) == ("measurement", False, "measured")
    reached = ce["measured"]["growth"][-1]["n"]
    assert reached < scaling.SIZES[-1]  # a quadratic loop stops long before 131072
    text = r.describe(timings=True)
    assert f"timed at 64 to {reached:,} items" in text
    assert "None" not in text and "exhaustive" not in text.split("\n", 1)[1]
    assert f"up to {scaling.SIZES[-1]}" not in r.message
    # the sizes reached differ between runs: the JSON carries them only with timings
    assert "measured" not in r.to_json()["counterexample"]
    assert "growth" in json.dumps(r.to_json(timings=True)["counterexample"])


def test_a_measurement_without_a_fit_says_so_instead_of_none():
    table = [{"n": 64, "cpu_seconds": 1e-5, "peak_bytes": None}]
    summary = scaling._summary(None, None, table)
    assert "None" not in summary
    assert "time not fitted" in summary and "memory not fitted" in summary
    assert summary.startswith("timed at 64 items")
