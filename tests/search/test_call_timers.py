"""The time limit's handlers are installed once per check (``calls.call_timers``), not
around every call: a call inside the context only arms and disarms its timers."""
from __future__ import annotations

import signal
import time

import pytest

from metricprops import calls
from metricprops.calls import call_timers, timed_call


def _spin():
    while True:
        pass


def test_inside_the_context_a_call_installs_no_handler_and_a_hang_is_still_cut_off(
        monkeypatch):
    before = signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGPROF)
    installed = []
    real = signal.signal
    with call_timers():
        ours = signal.getsignal(signal.SIGALRM)
        assert ours is signal.getsignal(signal.SIGPROF) and ours not in before
        monkeypatch.setattr(signal, "signal", lambda *a: installed.append(a) or real(*a))
        assert [timed_call(lambda: 1 + 1, 5.0) for _ in range(50)] == [(True, 2)] * 50
        assert timed_call(_spin, 0.05) == (False, None)  # cut off at its limit
        assert timed_call(lambda: "after", 5.0) == (True, "after")
        assert installed == []  # no handler installed or restored per call
        monkeypatch.undo()
        # a timer that fires between calls does nothing
        signal.setitimer(signal.ITIMER_REAL, 0.001)
        time.sleep(0.02)
    assert (signal.getsignal(signal.SIGALRM), signal.getsignal(signal.SIGPROF)) == before
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_nested_contexts_and_calls_outside_keep_the_per_call_handlers():
    with call_timers():
        state = calls._installed
        with call_timers():  # nested: the outer one's handlers stay
            assert calls._installed is state
        assert calls._installed is state
    assert calls._installed is None
    assert timed_call(_spin, 0.05) == (False, None)  # outside: the per-call path


def test_an_exception_inside_a_call_leaves_the_timers_disarmed():
    with call_timers():
        with pytest.raises(ZeroDivisionError):
            timed_call(lambda: 1 / 0, 5.0)
        assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
        assert not calls._installed["armed"]
