"""The shipped overlapping plans load as cover metrics; their adapters call the libraries."""
import pytest

from metricprops.covers import Cover
from metricprops.plans.plan import load_plan

COVER = Cover.from_clusters([[0, 1], [1, 2]], n=3)


@pytest.mark.parametrize("name", ["cdlib_overlapping", "clusim_overlapping",
                                  "networkit_overlapping"])
def test_overlapping_plans_hold_cover_targets(name):
    assert {t.metadata.get("input") for t in load_plan(name).targets} == {"cover"}


@pytest.mark.parametrize("attr, expected", [("omega", 1.0),
                                            ("overlapping_normalized_mutual_information_LFK",
                                             1.0)])
def test_cdlib_adapter_scores_identical_covers(attr, expected):
    pytest.importorskip("cdlib")
    from metricprops.plans import cover_adapters

    assert getattr(cover_adapters.cdlib, attr)(COVER, COVER) == pytest.approx(expected)


def test_networkit_adapter_distance_is_zero_on_identical_covers():
    pytest.importorskip("networkit")
    from metricprops.plans import cover_adapters

    assert cover_adapters.networkit.onmi_max(COVER, COVER) == pytest.approx(0.0)
    assert cover_adapters.networkit.cover_f1(COVER, COVER) == pytest.approx(1.0)


def test_adapters_read_label_lists_as_the_renaming_checks_give_them():
    pytest.importorskip("networkit")
    from metricprops.plans import cover_adapters

    assert cover_adapters.networkit.onmi_max([-1, -1, 5], [-1, -1, 5]) == pytest.approx(0.0)
