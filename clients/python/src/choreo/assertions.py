"""Assertions with readable failures for tests over a session: what was read, where, at which virtual time and
under which physics, instead of a truncated dict.

    from choreo import assert_state, assert_haptics
    assert_state(s, "hero.progress", approx=0.525705431339, tol=1e-9)
    assert_haptics(s, ["light"])
"""

from __future__ import annotations

import math
from typing import Any, List, Optional, Sequence

__all__ = ["assert_state", "assert_haptics"]

_MISSING = object()


def _where(session: Any) -> str:
    """`at 100 ms under physics swiftui` for a session (the physics from `session.list`)."""
    try:
        now = "%.12g" % session.now()
    except Exception:  # noqa: BLE001 (a closed session still gets its message)
        now = "?"
    physics = "?"
    try:
        for entry in session.client.sessions():
            if entry.get("session") == session.id:
                physics = entry.get("physics", "?")
    except Exception:  # noqa: BLE001
        pass
    return f"at {now} ms under physics {physics}"


def assert_state(session: Any, path: str, expected: Any = _MISSING, *, approx: Optional[float] = None,
                 tol: float = 1e-9) -> Any:
    """Reads `path` (`state.get`) and asserts it equals `expected`, or is within `tol` of `approx`; returns the value.

    On failure the AssertionError names the path, the expectation, the value read, the virtual time and the physics,
    e.g. ``hero.progress at 100 ms under physics swiftui: expected ≈ 0.5257 ± 1e-09, got 0.3064``.
    """
    if (expected is _MISSING) == (approx is None):
        raise TypeError("assert_state takes an expected value or approx=, not both or neither")
    actual = session.state(path)
    if approx is not None:
        ok = isinstance(actual, (int, float)) and not isinstance(actual, bool) and math.isfinite(actual) \
            and abs(actual - approx) <= tol
        wanted = f"≈ {approx!r} ± {tol!r}"
    else:
        ok = actual == expected
        wanted = repr(expected)
    if not ok:
        raise AssertionError(f"{path} {_where(session)}: expected {wanted}, got {actual!r}")
    return actual


def assert_haptics(session: Any, styles: Sequence[str], since: Optional[float] = None) -> List[Any]:
    """Asserts the haptics played (since `since` ms, default all) have exactly these styles, in order; returns them.

    On failure the AssertionError lists every haptic played with its time and source.
    """
    played = session.haptics(since=since)
    got = [h.get("style") for h in played]
    if got != list(styles):
        listing = ", ".join(f"{h.get('style')}@{h.get('t')} ({h.get('source')})" for h in played) or "none"
        raise AssertionError(f"haptics {_where(session)}: expected {list(styles)}, played {listing}")
    return played
