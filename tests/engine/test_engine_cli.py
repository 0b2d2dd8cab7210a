"""The engine's command-line options: --memory-limit (and the verdicts of broken targets)."""
from __future__ import annotations

import json
import os

PLUGIN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "plugins", "broken.py")
FAST = ("--seed", 3, "--max-examples", 0, "--exhaustive-n", 3, "-q")


def test_a_segfaulting_target_is_an_error_verdict_and_the_run_goes_on(invoke, tmp_path):
    out = tmp_path / "a.json"
    r = invoke("audit", "purity", f"{PLUGIN}:segfault", "--constraint", "completeness",
               "--memory-limit", "1GiB", "--json", out, *FAST)
    assert r.exit_code == 1, r.output
    data = json.loads(out.read_text(encoding="utf-8"))
    seg = next(x for x in data["results"] if x["metric"] == "segfault")
    assert seg["status"] == "error" and seg["error"]["reason"] == "crashed"
    assert seg["error"]["exit"] == {"signal": "SIGSEGV"}
    assert "Segmentation fault" in seg["error"]["output"]  # the traceback the crash left
    assert next(x for x in data["results"] if x["metric"] == "purity")["status"] == "weak"


def test_a_bad_memory_limit_is_a_usage_error(invoke):
    r = invoke("audit", "purity", "--memory-limit", "lots", *FAST)
    assert r.exit_code == 2 and "--memory-limit: expected a size" in r.stderr


def test_a_plan_audit_uses_the_jobs_it_is_given(invoke, tmp_path, monkeypatch):
    from metricprops.plans import plan as plan_module

    seen = []
    real = plan_module.run_audit

    def spy(tasks, result, run, **kwargs):
        seen.append(run.jobs)
        return real(tasks, result, run, **kwargs)

    monkeypatch.setattr(plan_module, "run_audit", spy)
    (tmp_path / "p.toml").write_text('[audit]\nseed = 2\nconstraints = ["rag_bag"]\n'
                                     'max_examples = 5\nexhaustive_n = 3\n\n'
                                     '[[target]]\ntarget = "purity"\n', encoding="utf-8")
    for jobs in (1, 2):
        r = invoke("audit", "--plan", tmp_path / "p.toml", "--jobs", jobs, "-q",
                   "--json", tmp_path / f"{jobs}.json")
        assert r.exit_code in (0, 1), r.output
    assert seen == [1, 2]
    assert (tmp_path / "1.json").read_bytes() == (tmp_path / "2.json").read_bytes()
