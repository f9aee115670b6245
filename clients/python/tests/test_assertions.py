"""The assertion helpers and strict settle (issue 28 #8): readable failures naming path, time and physics."""

from __future__ import annotations

import math
from typing import Any, Dict

import pytest

from choreo import NotSettled, assert_haptics, assert_state, curves


@pytest.fixture
def choreo_session_options() -> Dict[str, Any]:
    return {"physics": "ideal"}


def hero_progress(t_ms: float) -> float:
    """The hero spring (response 0.4, damping fraction 0.8) from 0 to 1, in closed form."""
    omega0, zeta = 2 * math.pi / 0.4, 0.8
    omega_d = omega0 * math.sqrt(1 - zeta * zeta)
    t = t_ms / 1000
    return 1 - math.exp(-zeta * omega0 * t) * (math.cos(omega_d * t) + zeta * omega0 / omega_d * math.sin(omega_d * t))


def test_assert_state_passes_and_returns_the_value(choreo_session):
    s = choreo_session
    s.navigate("transactions")
    s.tap("transactions/row/t1")
    s.advance(100)
    assert assert_state(s, "hero.progress", approx=hero_progress(100), tol=1e-9) == pytest.approx(hero_progress(100))
    assert assert_state(s, "navigation.screen", "transactions") == "transactions"


def test_assert_state_names_the_path_the_time_and_the_physics(choreo_session):
    s = choreo_session
    s.navigate("transactions")
    s.tap("transactions/row/t1")
    s.advance(100)
    with pytest.raises(AssertionError) as failure:
        assert_state(s, "hero.progress", approx=0.5, tol=1e-6)
    text = str(failure.value)
    assert text.startswith("hero.progress at 100 ms under physics ideal: expected ≈ 0.5 ± 1e-06, got 0.5257"), text
    with pytest.raises(TypeError):
        assert_state(s, "hero.progress")


def test_assert_haptics_lists_what_played_with_times_and_sources(choreo_session):
    s = choreo_session
    s.navigate("transactions")
    s.tap("transactions/row/t1")
    assert [h["style"] for h in assert_haptics(s, ["light"])] == ["light"]
    with pytest.raises(AssertionError) as failure:
        assert_haptics(s, ["light", "medium"])
    assert "expected ['light', 'medium'], played light@0 (hero.beginTransition)" in str(failure.value)


def test_strict_settle_raises_naming_what_still_runs(choreo_session):
    s = choreo_session
    s.lab_animate("slow", to=1, curve=curves.linear(10))  # 10 s: longer than the timeouts below
    assert s.settle(timeout_ms=500)["settled"] is False  # not strict: the answer says so
    with pytest.raises(NotSettled) as failure:
        s.settle(timeout_ms=500, strict=True)
    assert failure.value.running and "still running" in str(failure.value) and "lab.values.slow" in str(failure.value)
    assert s.settle(strict=True)["settled"] is True  # the default timeout (30 s) outlasts it
