"""A plan target may declare ``input = "cover"``: it becomes a cover metric."""
import pytest

from metricprops.plans.plan import PlanError, parse_plan

SOURCE = '''
def cover_jaccard(truth, pred):
    """Jaccard of the co-membership pairs of two covers (plain Python)."""
    def pairs(cover):
        return {(a, b) for c in cover for a in c for b in c if a < b}
    t, p = pairs(truth), pairs(pred)
    return 1.0 if not t | p else len(t & p) / len(t | p)
'''


def _plan(tmp_path, **keys):
    module = f"cover_metrics_{tmp_path.name}"  # one module name per test: imports are cached
    (tmp_path / f"{module}.py").write_text(SOURCE)
    table = {"target": f"{module}.py:cover_jaccard", "lower": 0, "upper": 1, **keys}
    return parse_plan({"target": [table]}, base=str(tmp_path))


def test_cover_input_makes_a_cover_metric(tmp_path):
    metric = _plan(tmp_path, input="cover").targets[0].metric(str(tmp_path))
    assert metric.input == "cover"


def test_unknown_input_is_a_plan_error(tmp_path):
    with pytest.raises(PlanError, match="input must be one of partition, cover"):
        _plan(tmp_path, input="graph")
