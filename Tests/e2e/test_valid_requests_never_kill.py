"""Valid requests that used to kill the whole daemon (issue 42), each against the real choreod: after every one the
daemon is alive, the reply is well formed, and a second session on another connection is untouched.

Each case failed before the change: the daemon died (a trap) or answered a number as `null`.
"""
import copy

import pytest

MAX_INT64 = 9223372036854775807
CLOCK_RANGE_MS = 4_000_000_000_000


@pytest.fixture
def witness(daemon):
    """A second session on its own connection, whose export must not change while the case runs."""
    c = daemon.client()
    session = c.call("session.create", app="finpessoal", seed=3)["session"]
    c.call("ui.navigate", session=session, screen="budgets")
    before = c.call("session.export", session=session)
    yield c, session, before
    assert daemon.proc.poll() is None, "choreod died"
    assert c.call("session.export", session=session) == before, "the witness session changed"
    c.close()


def error_of(reply):
    assert ("result" in reply) != ("error" in reply), reply
    return reply.get("error")


@pytest.mark.parametrize("app", ["finpessoal", "airfit"])
def test_the_clock_stops_at_its_documented_range_with_a_limit_error_and_nothing_moves(client, witness, app):
    s = client.call("session.create", app=app)["session"]
    for _ in range(4):
        client.call("clock.advance", session=s, ms=1e12)
    assert client.call("clock.now", session=s)["now"] == CLOCK_RANGE_MS
    for _ in range(6):
        error = error_of(client.request("clock.advance", {"session": s, "ms": 1e12}, raw=True))
        assert error["code"] == -32010 and error["data"]["limit"] == "virtualClock", error
        assert error["data"]["maximum"] == CLOCK_RANGE_MS
        assert "126.8 years" in error["data"]["detail"] and "nothing moved" in error["data"]["detail"]
    error = error_of(client.request("clock.settle", {"session": s, "timeoutMs": 1}, raw=True))
    assert error["data"]["limit"] == "virtualClock", error
    assert client.call("clock.now", session=s)["now"] == CLOCK_RANGE_MS
    # The session still works at the end of its range: what AirFit's next lab.animate trapped on.
    reply = client.request(
        "lab.animate",
        {"session": s, "name": "x", "to": 1, "curve": {"spring": {"response": 0.4, "dampingFraction": 0.8}}},
        raw=True,
    )
    assert error_of(reply) is None, reply
    # Its completion falls past the range: null, as the result's schema says (the stateful fuzzer found it typed as
    # a plain number).
    assert reply["result"]["logicallyCompleteAt"] is None and reply["result"]["settledAt"] is None, reply
    assert client.call("state.get", session=s, path="lab.values.x")["value"] == 0
    client.call("screen.render", session=s)


def test_an_edited_export_is_refused_before_anything_of_it_runs(client, witness):
    # AirFit: its 1e12 ms advances are quick (FinPessoal's fire 9,500 budget periods each).
    s = client.call("session.create", app="airfit")["session"]
    client.call("clock.advance", session=s, ms=100)
    snapshot = client.call("session.export", session=s)
    edited = copy.deepcopy(snapshot)
    edited["actions"] = [{"method": "clock.advance", "params": {"ms": 1e12}}] * 10
    error = error_of(client.request("session.import", {"snapshot": edited}, raw=True))
    assert error["code"] == -32602 and error["data"]["parameter"] == "snapshot.actionsDigest", error
    # Without the digest (a snapshot of an older choreod) the replay itself refuses, and leaves nothing behind.
    del edited["actionsDigest"]
    sessions = client.call("session.list")["sessions"]
    error = error_of(client.request("session.import", {"snapshot": edited}, raw=True))
    assert error["code"] == -32602 and error["data"]["parameter"] == "snapshot.traceDigest", error
    assert client.call("session.list")["sessions"] == sessions
    # The unedited snapshot imports.
    assert client.call("session.import", snapshot=snapshot)["actions"] == 1


@pytest.mark.parametrize("after", [MAX_INT64, MAX_INT64 - 1, 2**53, 2**31])
def test_trace_get_after_the_largest_sequence_number_is_empty(client, witness, after):
    s = client.call("session.create")["session"]
    assert client.call("trace.get", session=s, afterSeq=after)["events"] == []


def test_a_motion_stream_on_every_frame_never_kills_the_daemon_nor_reports_null(client, witness):
    """Seed 004's parallax under CoreMotion's 60 Hz: one reading per frame, roll ramping 0 → 20°, then held."""
    s = client.call("session.create", app="airfit")["session"]
    for i in range(120):
        frame_ms = round(i * 1000 / 60, 6)
        now = client.call("clock.now", session=s)["now"]
        if frame_ms > now:
            client.call("clock.advance", session=s, ms=frame_ms - now)
        client.call("ui.deviceMotion", session=s, pitch=0, roll=min(20, 20 * i / 59))
        for method, params in (("state.get", {"path": "parallax"}), ("screen.render", {})):
            reply = client.request(method, {"session": s, **params}, raw=True)
            error = error_of(reply)
            if error is None:
                if method == "state.get":
                    value = reply["result"]["value"]
                    assert isinstance(value["x"], (int, float)) and isinstance(value["y"], (int, float)), value
            else:
                # A diverged value is the model's bug, answered as such, never a trap.
                assert error["code"] == -32603 and error["data"]["modelBug"] is True, error


def test_numbers_out_of_range_are_told_the_range_and_an_undamped_spring_never_settles(client, witness):
    error = error_of(
        client.request(
            "motion.sample",
            {"curve": {"spring": {"response": 0.4, "dampingFraction": 0.5}}, "at": [0], "from": 1e300},
            raw=True,
        )
    )
    assert error["data"]["expected"] == "a number from -1e15 to 1e15", error
    sample = client.call(
        "motion.sample", curve={"spring": {"response": 0.4, "dampingFraction": 0}}, at=[0, 100], physics="ideal"
    )
    assert sample["settleMs"] is None, sample


def test_history_is_bounded_in_bytes_not_only_in_entries(client, witness):
    """Forty taps on a 1 MB target each: far below 100,000 entries, far above the 32 MiB each log may keep."""
    s = client.call("session.create")["session"]
    target = "x" * 1_000_000
    for _ in range(40):
        reply = client.request("ui.tap", {"session": s, "target": target}, raw=True)
        assert error_of(reply)["code"] == -32003
    trace = client.call("trace.get", session=s, kinds=["action"])
    assert trace["droppedBefore"] > 0, {k: v for k, v in trace.items() if k != "events"}
    kept = sum(len(e["params"]["target"]) for e in trace["events"])
    assert 0 < kept <= 32 * 1024 * 1024
    # Every request is still logged for the export, and the latest one is in the trace.
    assert trace["events"][-1]["params"]["target"] == target


def test_every_export_imports_into_the_daemon_that_made_it():
    from choreo_harness import Daemon

    with Daemon(args=["--max-line-bytes", "65536"]) as daemon:
        c = daemon.client()
        s = c.call("session.create")["session"]
        for _ in range(200):
            c.call("clock.advance", session=s, ms=1)
        snapshot = c.call("session.export", session=s)
        assert c.call("session.import", snapshot=snapshot)["actions"] == 200
        for _ in range(2000):
            c.call("clock.advance", session=s, ms=1)
        error = error_of(c.request("session.export", {"session": s}, raw=True))
        assert error["code"] == -32010 and error["data"]["limit"] == "snapshotBytes", error
        assert "--max-line-bytes" in error["data"]["detail"]
        c.close()


def test_a_loop_too_short_to_count_its_passes_never_kills_the_daemon(client, witness):
    """Found by the stateful fuzzer: a repeating curve of 2.2e-308 s traps counting its passes in an Int64."""
    s = client.call("session.create", app="finpessoal", physics="ideal", fps=120)["session"]
    reply = client.request(
        "lab.animate",
        {
            "session": s,
            "name": "x",
            "to": 1,
            "curve": {
                "linear": {"duration": 2.2250738585072014e-308},
                "delayMs": 0.5,
                "repeatForever": {"autoreverses": True},
            },
        },
        raw=True,
    )
    assert error_of(reply) is None, reply
    reply = client.request("clock.settle", {"session": s, "timeoutMs": 5000}, raw=True)
    assert ("result" in reply) != ("error" in reply), reply
    reply = client.request("state.get", {"session": s, "path": "lab"}, raw=True)
    assert ("result" in reply) != ("error" in reply), reply


def test_retargeting_a_degenerate_loop_answers_and_never_hangs(client, witness):
    """Found by the stateful fuzzer: a bezier loop of 1e-9 ms with denormal control points, retargeted with a
    spring, made the spring's settle-time search bisect NaNs for ever."""
    s = client.call("session.create", app="finpessoal", physics="ideal")["session"]
    client.call("session.fork", session=s)
    bezier = {"x1": 5e-324, "y1": -1 / 3, "x2": 1e-6, "y2": 0.5, "durationMs": 1e-9}
    reply = client.request(
        "lab.animate",
        {"session": s, "name": "x", "to": 1, "curve": {"bezier": bezier, "repeatForever": {}}},
        raw=True,
    )
    assert error_of(reply) is None, reply
    reply = client.request(
        "lab.animate",
        {"session": s, "name": "x", "to": 2, "curve": {"spring": {"bounce": 0.2, "durationMs": 500}}},
        raw=True,
    )
    assert ("result" in reply) != ("error" in reply), reply
    reply = client.request("state.get", {"session": s, "path": "lab"}, raw=True)
    assert ("result" in reply) != ("error" in reply), reply


def test_a_vertical_tangent_samples_with_a_null_velocity_not_an_internal_error(client, witness):
    """bezier(0, 1, 1, 0) rises vertically at its start and at its end: the velocity there is infinite (SwiftUI's
    UnitCurve.velocity(at:) gives ±∞), which JSON cannot carry. It used to fail the whole motion.sample with -32603;
    now such a velocity is null and the rest is sampled. By hand: at x = 0.5 the parameter u = 0.5, y = 0.5 and
    dy/du = 3(v²·1 + 2vu(0 − 1) + u²(1 − 0)) = 0, so the velocity is 0; at 300 ms the curve has ended (settled at
    its duration), so the value is held at rest."""
    curve = {"bezier": {"x1": 0, "y1": 1, "x2": 1, "y2": 0, "durationMs": 300}}
    result = client.call("motion.sample", curve=curve, at=[0, 150, 300], physics="ideal")
    assert result["values"] == [0, 0.5, 1], result
    assert result["velocities"] == [None, 0, 0], result


@pytest.mark.parametrize("physics", ["ideal", "swiftui"])
def test_a_velocity_too_steep_to_report_is_null_not_an_internal_error(client, witness, physics):
    """behavior.md RL23, found by the record fuzz run: a linear curve 1 µs long over a change of 2·10¹⁵ moves at
    2·10²¹ units/s, past the ±1e18 a reply reports; it answered -32603. By hand: halfway through (0.5 µs) the value
    is 0 and the velocity 2e15 / 1e-6 s = 2e21 → null; before it starts and once it has ended, 0. The same curve in
    a session: `animations.list` reports the running value and a null velocity."""
    curve = {"linear": {"durationMs": 0.001}}
    result = client.request(
        "motion.sample", {"curve": curve, "at": [0.0005, 5], "from": -1e15, "to": 1e15, "physics": physics}, raw=True)
    assert "result" in result, result
    assert result["result"]["velocities"][1] == 0, result
    if physics == "ideal":
        assert result["result"]["values"][0] == 0 and result["result"]["velocities"][0] is None, result
    s = client.call("session.create", physics="ideal")["session"]
    client.call("lab.animate", session=s, name="x", **{"from": -1e15}, to=1e15,
                curve={"linear": {"durationMs": 0.002}})
    client.call("clock.advance", session=s, ms=0.001)
    listed = client.request("animations.list", {"session": s, "path": "lab.values.x"}, raw=True)
    assert "result" in listed, listed
    entry = [a for a in listed["result"]["animations"] if "value" in a][0]
    assert entry["velocity"] is None and abs(entry["value"]) < 1, entry
