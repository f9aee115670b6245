"""A user's test of the spring behind FinPessoal's hero transition: spring(response: 0.4, dampingFraction: 0.8).

It samples the curve directly, then animates a lab value with it and reads the value at exact virtual times: no
sleeps, no frame timing, the same numbers on every machine.
"""

import math
from typing import Any, Dict

import pytest

from choreo import Choreo, Session, curves

HERO_SPRING = curves.spring(response=0.4, damping_fraction=0.8)


@pytest.fixture
def choreo_session_options() -> Dict[str, Any]:
    """Closed-form expectations: these sessions run the ``ideal`` physics (the daemon's default is ``swiftui``)."""
    return {"physics": "ideal"}


def spring(t_ms: float, response: float = 0.4, damping_fraction: float = 0.8) -> float:
    """The same spring from 0 to 1, in closed form."""
    omega = 2 * math.pi / response
    decay = damping_fraction * omega
    omega_d = omega * math.sqrt(1 - damping_fraction**2)
    t = t_ms / 1000
    return 1 - math.exp(-decay * t) * (math.cos(omega_d * t) + decay / omega_d * math.sin(omega_d * t))


def test_the_hero_spring_is_logically_complete_at_400_ms_and_settles_at_571(choreo: Choreo) -> None:
    sample = choreo.sample(HERO_SPRING, at=[0, 100, 200, 300, 400], physics="ideal")
    assert sample["logicallyCompleteMs"] == 400
    assert sample["settleMs"] == 571.013738
    assert sample["values"] == pytest.approx([spring(t) for t in (0, 100, 200, 300, 400)], rel=1e-11, abs=1e-12)
    assert max(sample["values"]) > 1, "dampingFraction 0.8 overshoots a little"


def test_a_lab_value_follows_the_spring_at_exact_times(choreo_session: Session) -> None:
    s = choreo_session
    started = s.lab_animate("hero", to=100, curve=HERO_SPRING, from_=0)
    assert (started["logicallyCompleteAt"], started["settledAt"]) == (400, 571.013738)

    s.advance(200)
    assert s.state("lab.values.hero") == pytest.approx(100 * spring(200), rel=1e-11)

    s.advance(200)
    assert s.animations("lab.values.hero")[0]["state"] == "logicallyComplete"

    settled = s.settle()
    assert settled["settled"] is True
    assert settled["now"] == 571.013738
    assert s.state("lab.values.hero") == 100
    kinds = [(e["kind"], e["t"]) for e in s.trace(kinds=["animation.completed", "animation.settled"])]
    assert kinds == [("animation.completed", 400), ("animation.settled", 571.013738)]


def test_a_second_tap_mid_flight_carries_the_velocity_over(choreo_session: Session) -> None:
    s = choreo_session
    s.lab_animate("hero", to=100, curve=HERO_SPRING, from_=0)
    s.advance(100)
    moving = s.state("lab.values.hero")
    s.lab_animate("hero", to=0, curve=HERO_SPRING)  # interrupted: starts where it is, keeps its velocity
    s.advance(16)
    assert s.state("lab.values.hero") > moving, "still moving up for a moment, as SwiftUI's springs do"
    assert [a["state"] for a in s.animations("lab.values.hero")] == ["interrupted", "running"]
