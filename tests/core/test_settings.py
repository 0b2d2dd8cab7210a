"""One home for defaults and argument checks: every entry point rejects the same bad values
with the same error, before any metric is called."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import metricprops as mp
from metricprops import settings
from metricprops.cli import main
from metricprops.errors import InvalidArgumentError
from metricprops.testing import assert_agrees, assert_satisfies

#: (keyword, bad value, the CLI option, and the start of the Python error message)
BAD = [
    ("tolerance", -1.0, "--tolerance", "tolerance: expected a finite number >= 0"),
    ("tolerance", float("nan"), None, "tolerance: expected a finite number >= 0"),
    ("max_examples", -5, "--max-examples", "max_examples: expected an integer >= 0"),
    ("exhaustive_n", 0, "--exhaustive-n", "exhaustive_n: expected an integer in 1..8"),
    ("exhaustive_n", 9, "--exhaustive-n", "exhaustive_n: expected an integer in 1..8"),
    ("exhaustive_n", -1, "--exhaustive-n", "exhaustive_n: expected an integer in 1..8"),
    ("max_items", 1, "--max-items", "max_items: expected an integer >= 2"),
    ("timeout", 0, "--timeout", "timeout: expected a number of seconds > 0"),
    ("timeout", -2.5, "--timeout", "timeout: expected a number of seconds > 0"),
    ("seed", -1, "--seed", "seed: expected an integer in 0..4294967295"),
]


class Counting:
    """A sound metric that counts its calls: a rejected argument must leave it at 0."""

    def __init__(self) -> None:
        self.calls = 0
        self.__name__ = "counting"

    def __call__(self, labels_true, labels_pred) -> float:
        self.calls += 1
        return mp.get_metric("elm_f")(labels_true, labels_pred)


@pytest.mark.parametrize("key,value,option,message", BAD)
@pytest.mark.parametrize("entry", ["check", "audit", "compare"])
def test_python_api_rejects_bad_values_before_any_call(entry, key, value, option, message):
    metric = Counting()
    with pytest.raises(InvalidArgumentError, match=message.replace(".", r"\.")) as info:
        if entry == "check":
            mp.check(metric, "zero_score", **{key: value})
        elif entry == "audit":
            mp.audit([metric], ["zero_score"], **{key: value})
        else:
            mp.compare(metric, "elm_f", **{key: value})
    assert isinstance(info.value, ValueError)  # the builtin a user would catch
    assert "\n" not in str(info.value)
    assert metric.calls == 0


@pytest.mark.parametrize("helper,kwargs", [
    (assert_agrees, {"tolerance": -1.0}), (assert_agrees, {"max_examples": -5}),
    (assert_agrees, {"seed": -1}), (assert_satisfies, {"max_examples": -5}),
    (assert_satisfies, {"seed": -1}), (assert_satisfies, {"exhaustive_n": 0}),
])
def test_assert_helpers_reject_the_same_values(helper, kwargs):
    metric = Counting()
    args = (metric, "elm_f") if helper is assert_agrees else (metric, "zero_score")
    with pytest.raises(InvalidArgumentError):
        helper(*args, **kwargs)
    assert metric.calls == 0


def test_strategies_reject_bad_sizes_eagerly():
    from metricprops.strategies import pairs, partition_pairs, partitions

    for call in (lambda: partitions(max_items=-1), lambda: partitions(min_items=3, max_items=2),
                 lambda: partition_pairs(max_blocks=0), lambda: pairs(0),
                 lambda: partitions(max_items=True)):
        with pytest.raises(InvalidArgumentError):
            call()


@pytest.mark.parametrize("key,value,option,message", [b for b in BAD if b[2]])
@pytest.mark.parametrize("command", ["audit", "compare"])
def test_cli_rejects_bad_values_with_one_line_and_exit_2(tmp_path, command, key, value,
                                                         option, message):
    log = tmp_path / "calls.txt"
    target = tmp_path / "counting.py"
    target.write_text(
        "def counting(t, p):\n"
        f"    open({str(log)!r}, 'a').write('x')\n"
        "    return float(list(t) == list(p))\n", encoding="utf-8")
    other = [] if command == "audit" else ["elm_f"]
    result = CliRunner().invoke(main, [command, f"{target}:counting", *other, option, str(value)])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert option in lines[0]
    assert not log.exists()  # nothing ran


def test_cli_ranges_come_from_the_same_constants():
    from metricprops.cli.audit import command as audit_command
    from metricprops.cli.compare import command as compare_command

    for command in (audit_command, compare_command):
        opts = {p.name: p for p in command.params}
        assert opts["exhaustive_n"].type.max == settings.MAX_EXHAUSTIVE_N
        assert opts["exhaustive_n"].type.min == 1
        assert opts["max_items"].type.min == settings.MIN_MAX_ITEMS
        assert opts["max_examples"].type.min == 0
        assert opts["seed"].type.max == settings.MAX_SEED


def test_an_internal_bug_is_not_dressed_as_a_usage_error(monkeypatch):
    import metricprops.scoring

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug of ours")

    monkeypatch.setattr(metricprops.scoring, "score", broken)
    runner = CliRunner()
    with runner.isolated_filesystem():
        open("t.txt", "w").write("a\nb\n")
        result = runner.invoke(main, ["score", "t.txt", "t.txt"])
    assert isinstance(result.exception, ZeroDivisionError)
    assert result.exit_code != 2
