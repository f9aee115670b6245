"""event notifications: subscribe, iterate, filter, unsubscribe."""

from __future__ import annotations

import time
from typing import Any, Callable

from choreo import Choreo, Event, Session


def test_events_iterate_in_trace_order_and_arrive_before_the_reply(choreo_session: Session) -> None:
    s = choreo_session
    subscription = s.subscribe()
    s.lab_timer("ding", 150, haptic="success")
    s.advance(200)
    events = list(s.events(timeout=0))
    assert all(isinstance(e, Event) for e in events)
    assert [e.kind for e in events] == ["action", "action", "timer", "haptic"]
    assert all(e.session == s.id and e.subscription == subscription for e in events)
    haptic = events[-1]
    assert (haptic.t, haptic["style"], haptic.get("source")) == (150, "success", "lab.timer.ding")
    assert [e.seq for e in events] == sorted(e.seq for e in events)
    assert [e.seq for e in events] == [e["seq"] for e in s.trace(after_seq=events[0].seq - 1)]
    assert list(s.events(timeout=0)) == []


def test_kinds_filter_and_unsubscribe(choreo_session: Session) -> None:
    s = choreo_session
    subscription = s.subscribe(kinds=["navigation"])
    s.navigate("budgets")
    s.lab_haptic("light")
    events = list(s.events(timeout=0))
    assert [(e.kind, e["to"]) for e in events] == [("navigation", "budgets")]
    assert s.unsubscribe(subscription) is True
    s.navigate("goals")
    assert list(s.events(timeout=0)) == []


def test_events_of_other_sessions_stay_queued(choreo: Choreo) -> None:
    with choreo.session() as a, choreo.session() as b:
        a.subscribe()
        b.subscribe()
        a.lab_haptic("light")
        b.lab_haptic("heavy")
        assert [e["style"] for e in b.events(timeout=0) if e.kind == "haptic"] == ["heavy"]
        assert [e["style"] for e in a.events(timeout=0) if e.kind == "haptic"] == ["light"]
        assert choreo.next_event(timeout=0) is None


def test_events_wait_for_what_another_connection_causes(choreo: Choreo, connect: Callable[..., Choreo]) -> None:
    with choreo.session() as s:
        s.subscribe(kinds=["haptic"])
        other = connect()
        other.attach(s.id).lab_haptic("rigid")
        started = time.monotonic()
        event = choreo.next_event(timeout=5)
        assert event is not None and event["style"] == "rigid"
        assert time.monotonic() - started < 5
        started = time.monotonic()
        assert list(choreo.events(timeout=0.2)) == []
        assert time.monotonic() - started >= 0.19


def test_calls_can_be_made_while_iterating(choreo_session: Session) -> None:
    s = choreo_session
    s.subscribe(kinds=["haptic"])
    s.lab_timer("a", 10, haptic="light")
    s.lab_timer("b", 20, haptic="medium")
    seen = []
    s.advance(10)
    for event in s.events(timeout=0):
        seen.append((event.t, event["style"]))
        if len(seen) == 1:
            s.advance(10)  # causes the next event while iterating
    assert seen == [(10, "light"), (20, "medium")]


def test_notifications_reach_the_hook(choreo_session: Session, contract_hooks: Any) -> None:
    choreo_session.subscribe()
    choreo_session.lab_set("v", 1)
    assert [m["params"]["event"]["kind"] for m in contract_hooks.notifications] == ["action", "lab.set"]
    assert all(m["method"] == "event" and "id" not in m for m in contract_hooks.notifications)


def test_session_close_ends_its_subscriptions(choreo: Choreo) -> None:
    s = choreo.session()
    s.subscribe()
    s.close()
    assert [e.kind for e in choreo.events(timeout=0)] == []
