"""A plan's cover target is audited on covers: the cover constraints find cover-only
counterexamples, shrunk to the smallest cover pair (no third-party library needed)."""
from metricprops.plans.plan import parse_plan, run_plan

SOURCE = '''
def cover_jaccard(truth, pred):
    """Jaccard of the co-membership pairs of two covers: blind to multiplicity."""
    def pairs(cover):
        return {(a, b) for c in cover.blocks for a in c for b in c if a < b}
    t, p = pairs(truth), pairs(pred)
    return 1.0 if not t | p else len(t & p) / len(t | p)
'''


def test_cover_target_fails_max_agreement_on_the_smallest_cover_pair(tmp_path):
    module = f"cover_jaccard_{tmp_path.name}"  # one module name per test: imports are cached
    (tmp_path / f"{module}.py").write_text(SOURCE)
    plan = parse_plan({"audit": {"max_examples": 1, "exhaustive_n": 2, "max_items": 3,
                                 "seed": 1},
                       "target": [{"target": f"{module}.py:cover_jaccard", "input": "cover",
                                   "lower": 0, "upper": 1, "perfect": 1,
                                   "constraints": ["max_agreement"]}]}, base=str(tmp_path))
    result = run_plan(plan).to_json()
    (found,) = result["results"]
    assert found["status"] == "failed"
    # a repeated membership of item 1 is invisible to pairs: {0 1} and {0 1 | 1} tie at 1
    assert found["counterexample"]["notation"] == {"truth": "{0 1}", "pred": "{0 1 | 1}"}
