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
    assert r.exit_code == 2 and "memory_limit" in r.stderr
