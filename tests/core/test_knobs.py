"""One list of knobs: ``Budget`` (the search) and ``Run`` (where it runs), the ``audit``
command's options and a plan's keys name the same knobs, and every flag is honoured, with
or without ``--plan``."""
from __future__ import annotations

import json

import pytest

from metricprops.cli._options import BUDGET_OPTIONS
from metricprops.cli.audit import command as audit_command
from metricprops.errors import InvalidArgumentError, UnknownArgumentError
from metricprops.plans.plan import AUDIT_KEYS, AUDIT_OTHER_KEYS, TARGET_KEYS, TARGET_KNOBS
from metricprops.settings import Budget, Run, current_defaults, defaults

#: The audit command's parameters that are not knobs of Budget: what it audits, the seed,
#: where the work runs (Run), the metadata of a bare function (its declared conventions
#: too), its outputs and the baseline it is compared with.
NOT_BUDGET = {"targets", "plan_path", "constraints", "seed", "timings", "kind", "lower",
              "upper", "perfect", "symmetric", "conventions", "json_path", "md_path",
              "baseline_path", "quiet", "html_dir"}
#: The audit command's options that make its Run.
RUN_PARAMS = {"jobs": "jobs", "cluster": "cluster", "memory_limit": "memory_limit",
              "journal_path": "journal", "resume_path": "resume"}


def test_budget_the_audit_options_and_the_plan_keys_are_one_set_of_knobs():
    params = {p.name for p in audit_command.params}
    assert params - NOT_BUDGET - set(RUN_PARAMS) == set(Budget.knobs())
    assert set(BUDGET_OPTIONS) == set(Budget.knobs())
    assert set(RUN_PARAMS.values()) == set(Run.knobs()) - {"isolate"}  # isolate: Python only
    assert AUDIT_KEYS - set(AUDIT_OTHER_KEYS) == set(Budget.knobs())
    assert set(TARGET_KNOBS) == set(Budget.knobs()) - {"time_budget"}
    assert set(TARGET_KNOBS) <= TARGET_KEYS


def test_budget_and_run_are_validated_when_made_and_immutable():
    with pytest.raises(InvalidArgumentError, match="max_examples: expected an integer >= 0"):
        Budget(max_examples=-1)
    with pytest.raises(InvalidArgumentError, match="min_items: expected at most max_items"):
        Budget(max_items=4, min_items=5)
    with pytest.raises(UnknownArgumentError, match="unknown knob"):
        Budget().replace(max_exemples=3)
    with pytest.raises(InvalidArgumentError, match="memory_limit"):
        Run(memory_limit="lots")
    with pytest.raises(InvalidArgumentError, match="resume: expected a journal"):
        Run(resume=True)
    budget = Budget()
    with pytest.raises(AttributeError):
        budget.max_examples = 3  # type: ignore[misc]
    assert budget.replace(max_examples=3).max_examples == 3 and budget.max_examples == 200
    assert Run(memory_limit="1GiB").memory_limit == 2**30


def test_a_misspelt_keyword_is_a_type_error_naming_the_knobs():
    import metricprops as mp

    with pytest.raises(TypeError, match="max_exemples .*expected the Budget knobs"):
        mp.check("rand", "symmetry", max_exemples=3)


def test_defaults_set_what_calls_inside_them_use_and_arguments_win():
    import metricprops as mp

    with defaults(budget=Budget(max_examples=0, exhaustive_n=2, scale_max_n=0), seed=7):
        r = mp.check("rand", "symmetry")
        assert (r.seed, r.exhaustive_n) == (7, 2)
        assert mp.check("rand", "symmetry", seed=3, exhaustive_n=3).exhaustive_n == 3
    assert current_defaults()["budget"] is None


@pytest.fixture
def plan(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('[audit]\nseed = 1\nmax_examples = 5\nexhaustive_n = 2\nmax_items = 6\n'
                    'constraints = ["symmetry"]\n\n[[target]]\ntarget = "rand"\n',
                    encoding="utf-8")
    return path


def test_the_issue_s_recipe_records_scale_max_n_and_writes_the_journal(invoke, plan, tmp_path):
    out, journal = tmp_path / "o.json", tmp_path / "j.jsonl"
    r = invoke("audit", "--plan", plan, "--scale-max-n", "0", "--journal", journal,
               "--json", out, "-q")
    assert r.exit_code == 0, r.output
    settings = json.loads(out.read_text(encoding="utf-8"))["settings"]
    assert settings["scale_max_n"] == 0 and settings["plan"] == "p.toml"
    assert journal.exists() and '"metric": "rand"' in journal.read_text(encoding="utf-8")


# every knob flag, with a value other than its default, and what the JSON's settings record
KNOB_FLAGS = [("--max-examples", "3", "max_examples", 3),
              ("--exhaustive-n", "3", "exhaustive_n", 3),
              ("--max-items", "7", "max_items", 7), ("--timeout", "20", "timeout", 20.0),
              ("--tolerance", "1e-6", "tolerance", 1e-6), ("--min-items", "2", "min_items", 2),
              ("--scale-max-n", "0", "scale_max_n", 0),
              ("--time-budget", "100", "time_budget", 100.0)]


@pytest.mark.slow
@pytest.mark.parametrize("flag, value, knob, expected", KNOB_FLAGS)
@pytest.mark.parametrize("with_plan", [True, False], ids=["plan", "targets"])
def test_every_knob_flag_is_honoured(invoke, plan, tmp_path, flag, value, knob, expected,
                                     with_plan):
    out = tmp_path / "o.json"
    what = ["--plan", plan] if with_plan else ["rand", "-c", "symmetry", "--max-examples", "5",
                                               "--exhaustive-n", "2", "--max-items", "6"]
    r = invoke("audit", *what, flag, value, "--scale-max-n", "0", "--json", out, "-q")
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["settings"][knob] == expected
    if knob != "time_budget":  # the whole run's, not a check's
        assert data["results"][0].get(knob, expected) == expected


@pytest.mark.parametrize("flags, attribute, expected", [
    (["--jobs", "2"], "jobs", 2), (["--memory-limit", "512M"], "memory_limit", 512 * 2**20),
])
def test_every_run_flag_is_honoured_with_a_plan(invoke, plan, tmp_path, monkeypatch, flags,
                                                attribute, expected):
    from metricprops.plans import plan as plan_module

    seen = []
    real = plan_module.run_audit

    def spy(tasks, result, run, **kwargs):
        seen.append(run)
        return real(tasks, result, run, **kwargs)

    monkeypatch.setattr(plan_module, "run_audit", spy)
    r = invoke("audit", "--plan", plan, *flags, "--scale-max-n", "0", "-q")
    assert r.exit_code == 0, r.output
    assert getattr(seen[0], attribute) == expected


def test_a_plan_resumes_from_its_journal(invoke, plan, tmp_path):
    out, journal = tmp_path / "o.json", tmp_path / "j.jsonl"
    assert invoke("audit", "--plan", plan, "--scale-max-n", "0", "--journal", journal,
                  "--json", out, "-q").exit_code == 0
    again = tmp_path / "again.json"
    r = invoke("audit", "--plan", plan, "--scale-max-n", "0", "--resume", journal,
               "--json", again, "-q")
    assert r.exit_code == 0, r.output
    assert again.read_bytes() == out.read_bytes()
