"""An audit leaves no ``.hypothesis/`` folder where it runs: hypothesis' caches go to
metricprops' cache folder during our searches, and a user's own hypothesis configuration is
left as it was (issue 27, item 13)."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys

import pytest


@pytest.mark.slow
def test_an_audit_in_an_empty_folder_leaves_it_empty(tmp_path):
    cwd, cache = tmp_path / "work", tmp_path / "cache"
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("HYPOTHESIS")}
    env["XDG_CACHE_HOME"] = str(cache)
    # label_invariance draws text labels (hypothesis' Unicode table) and every search
    # collects constants from the source next to it: both were cached in ./.hypothesis/
    done = subprocess.run(
        [sys.executable, "-m", "metricprops", "audit", "rand", "-c", "label_invariance",
         "-c", "zero_score", "--max-examples", "20", "--exhaustive-n", "3", "-q"],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    assert sorted(os.listdir(cwd)) == []
    assert (cache / "metricprops" / "hypothesis" / "constants").is_dir()


@pytest.mark.slow
@pytest.mark.parametrize("users_choice", [None, "mine"])
def test_the_users_hypothesis_storage_is_left_as_it_was(tmp_path, users_choice, monkeypatch):
    from hypothesis import configuration

    import metricprops as mp
    from metricprops.search import storage

    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    chosen = None if users_choice is None else tmp_path / users_choice
    before = vars(configuration)[storage._HOME]
    seen = []
    real = storage.search_storage

    @contextlib.contextmanager
    def watching():
        with real():
            seen.append(configuration.storage_directory("x", intent_to_write=False).path.parent)
            yield

    monkeypatch.setattr(storage, "search_storage", watching)
    configuration.set_hypothesis_home_dir(chosen)
    try:
        mp.check("rand", "label_invariance", max_examples=5, exhaustive_n=2)
        after = vars(configuration)[storage._HOME]
    finally:
        configuration.set_hypothesis_home_dir(before)
    assert after == chosen  # put back (None: hypothesis' own default, resolved later)
    expected = storage.cache_folder() if chosen is None else chosen
    assert seen and all(place == expected for place in seen)
