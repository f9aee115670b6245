"""Curve builders: the JSON objects choreod takes, spelt the way SwiftUI spells them.

Times are in seconds, as in SwiftUI (``spring(response=0.4, damping_fraction=0.8)``); every builder also takes the
millisecond alias (``response_ms=400``). Plain dicts work just as well: ``{"spring": {"response": 0.4,
"dampingFraction": 0.8}}``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

__all__ = [
    "Curve",
    "spring",
    "interpolating_spring",
    "linear",
    "ease_in",
    "ease_out",
    "ease_in_out",
    "bezier",
]

Curve = Dict[str, Any]


def _finish(
    kind: str,
    body: Dict[str, Any],
    delay: Optional[float],
    delay_ms: Optional[float],
    repeat_forever: Union[bool, Dict[str, bool], None],
) -> Curve:
    curve: Curve = {kind: {k: v for k, v in body.items() if v is not None}}
    if delay is not None:
        curve["delay"] = delay
    if delay_ms is not None:
        curve["delayMs"] = delay_ms
    if repeat_forever is not None and repeat_forever is not False:
        curve["repeatForever"] = repeat_forever
    return curve


def spring(
    response: Optional[float] = None,
    damping_fraction: Optional[float] = None,
    *,
    response_ms: Optional[float] = None,
    duration: Optional[float] = None,
    duration_ms: Optional[float] = None,
    bounce: Optional[float] = None,
    initial_velocity: Optional[float] = None,
    delay: Optional[float] = None,
    delay_ms: Optional[float] = None,
    repeat_forever: Union[bool, Dict[str, bool], None] = None,
) -> Curve:
    """``.spring(response:dampingFraction:)`` or ``.spring(duration:bounce:)``."""
    body = {
        "response": response,
        "responseMs": response_ms,
        "dampingFraction": damping_fraction,
        "duration": duration,
        "durationMs": duration_ms,
        "bounce": bounce,
        "initialVelocity": initial_velocity,
    }
    return _finish("spring", body, delay, delay_ms, repeat_forever)


def interpolating_spring(
    stiffness: float,
    damping: float,
    *,
    mass: Optional[float] = None,
    initial_velocity: Optional[float] = None,
    delay: Optional[float] = None,
    delay_ms: Optional[float] = None,
    repeat_forever: Union[bool, Dict[str, bool], None] = None,
) -> Curve:
    """``.interpolatingSpring(mass:stiffness:damping:initialVelocity:)``."""
    body = {"stiffness": stiffness, "damping": damping, "mass": mass, "initialVelocity": initial_velocity}
    return _finish("interpolatingSpring", body, delay, delay_ms, repeat_forever)


def _timing(
    kind: str,
    duration: Optional[float],
    duration_ms: Optional[float],
    delay: Optional[float],
    delay_ms: Optional[float],
    repeat_forever: Union[bool, Dict[str, bool], None],
) -> Curve:
    return _finish(kind, {"duration": duration, "durationMs": duration_ms}, delay, delay_ms, repeat_forever)


def _timing_curve(kind: str, doc: str):
    """A timing-curve constructor (``linear``, ``ease_in``, …): the duration in seconds or in ``duration_ms``."""

    def curve(
        duration: Optional[float] = None,
        *,
        duration_ms: Optional[float] = None,
        delay: Optional[float] = None,
        delay_ms: Optional[float] = None,
        repeat_forever: Union[bool, Dict[str, bool], None] = None,
    ) -> Curve:
        return _timing(kind, duration, duration_ms, delay, delay_ms, repeat_forever)

    curve.__doc__ = doc
    return curve


linear = _timing_curve("linear", "``.linear(duration:)``.")
ease_in = _timing_curve("easeIn", "``.easeIn(duration:)``: Core Animation's (0.42, 0, 1, 1).")
ease_out = _timing_curve("easeOut", "``.easeOut(duration:)``: Core Animation's (0, 0, 0.58, 1).")
ease_in_out = _timing_curve("easeInOut", "``.easeInOut(duration:)``: Core Animation's (0.42, 0, 0.58, 1).")


def bezier(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    duration: Optional[float] = None,
    *,
    duration_ms: Optional[float] = None,
    delay: Optional[float] = None,
    delay_ms: Optional[float] = None,
    repeat_forever: Union[bool, Dict[str, bool], None] = None,
) -> Curve:
    """``.timingCurve(x1, y1, x2, y2, duration:)``."""
    body = {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "duration": duration, "durationMs": duration_ms}
    return _finish("bezier", body, delay, delay_ms, repeat_forever)
