"""The two BCubed F built-ins: names kept, citations say which is Bagga & Baldwin's B³ F."""
from __future__ import annotations

import pytest
from hypothesis import given

import metricprops as mp

from label_strategies import label_pairs


@given(label_pairs())
def test_bcubed_f_amigo_is_the_coreference_scorers_b3_f(pair):
    truth, pred = pair
    s = mp.score(truth, pred, metrics=["bcubed_f_amigo", "b3_f"])
    assert s["bcubed_f_amigo"] == pytest.approx(s["b3_f"], abs=1e-12)


def test_bcubed_f_is_the_mean_of_per_item_f1_and_differs():
    # truth {0 1 | 2}, prediction {0 | 1 2}: per-item F1 = 2/3, 2/4, 2/3 → mean 11/18;
    # mean P = (1 + 1/2 + 1/2)/3 = 2/3 = mean R, so B³ F = 2/3
    s = mp.score([0, 0, 1], [0, 1, 1], metrics=["bcubed_f", "bcubed_f_amigo", "b3_f"])
    assert s["bcubed_f"] == pytest.approx(11 / 18)
    assert s["bcubed_f_amigo"] == pytest.approx(2 / 3) == pytest.approx(s["b3_f"])


def test_citations_name_the_right_sources():
    f, b3 = mp.get_metric("bcubed_f"), mp.get_metric("bcubed_f_amigo")
    assert f.citation.startswith("BCubed revisited: elements like me")
    assert "not Bagga & Baldwin's B³ F, which is bcubed_f_amigo" in f.citation
    assert b3.citation.startswith("Bagga, A. & Baldwin, B. (1998)") and "Amigó" in b3.citation
