"""Faults and lifetimes: signals under load, a crash and restart, sessions outliving connections, idle expiry,
session.export / session.import across a restart, and every per-session and per-connection limit.
"""
import json
import os
import re
import signal
import socket
import threading
import time

import pytest

from choreo_harness import CHOREOD, Client, Daemon, RPCError, wait_until


def raw(client, method, params=None, rid="r"):
    """The reply line exactly as the daemon wrote it."""
    message = {"jsonrpc": "2.0", "id": rid, "method": method, "params": params or {}}
    client.send_raw(json.dumps(message).encode() + b"\n")
    return client.read_line()


# --------------------------------------------------------------------------------------------------------------------
# Signals
# --------------------------------------------------------------------------------------------------------------------


def test_sigterm_during_load_answers_every_request_read_in_order_then_removes_the_socket():
    d = Daemon(args=["--log-level", "error"]).start()
    connections, per_connection = 40, 3000
    outcomes = [None] * connections

    ready = threading.Barrier(connections + 1)

    def worker(index):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(60)
        s.connect(d.socket_path)
        s.sendall(b'{"jsonrpc":"2.0","id":-1,"method":"session.create"}\n')
        buffer = b""
        while b"\n" not in buffer:
            chunk = s.recv(65536)
            if not chunk:
                ready.abort()
                raise EOFError("choreod closed the connection before answering session.create")
            buffer += chunk
        line, buffer = buffer.split(b"\n", 1)
        session = json.loads(line)["result"]["session"]
        ready.wait()
        lines = b"".join(
            b'{"jsonrpc":"2.0","id":%d,"method":"lab.set","params":{"session":"%s","name":"v","value":%d}}\n'
            % (i, session.encode(), i)
            for i in range(per_connection)
        )

        def send():
            try:
                s.sendall(lines)
            except OSError:
                pass  # the daemon closed the connection: the rest was never read

        sender = threading.Thread(target=send, daemon=True)
        sender.start()
        reset = False
        try:
            while True:
                chunk = s.recv(1 << 16)
                if not chunk:
                    break
                buffer += chunk
        except ConnectionResetError:
            reset = True
        sender.join(timeout=30)
        s.close()
        outcomes[index] = (buffer, reset)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    for t in threads:
        t.start()
    ready.wait()  # every connection has its session and is about to send its requests
    time.sleep(0.3)
    d.proc.send_signal(signal.SIGTERM)
    for t in threads:
        t.join(timeout=120)
    assert d.proc.wait(timeout=60) == 0
    assert not os.path.exists(d.socket_path), "the socket file is removed"

    answered = 0
    for index, (data, reset) in enumerate(outcomes):
        assert data == b"" or data.endswith(b"\n"), f"connection {index}: a reply was cut short"
        replies = [json.loads(line) for line in data.splitlines()]
        assert [r["id"] for r in replies] == list(range(len(replies))), f"connection {index}: a gap or reordering"
        for r in replies:
            assert r["result"] == {"value": r["id"]}, r
        answered += len(replies)
    print(f"\nSIGTERM under load: {answered} of {connections * per_connection} pipelined requests were read and answered")
    assert answered > 0


def test_sigkill_then_a_restart_recovers_the_stale_socket():
    d = Daemon(args=["--log-level", "error"]).start()
    d.client().call("session.create")
    d.proc.send_signal(signal.SIGKILL)
    d.proc.wait(timeout=10)
    assert os.path.exists(d.socket_path), "SIGKILL leaves the socket file behind"
    started = time.monotonic()
    again = Daemon(socket_path=d.socket_path, args=["--log-level", "error"]).start()
    took = time.monotonic() - started
    try:
        c = again.client()
        assert c.call("session.list") == {"sessions": []}, "a crash loses the sessions (export them to keep them)"
        c.close()
    finally:
        assert again.stop() == 0
    print(f"\nSIGKILL: the restart was listening on the stale path {took * 1000:.0f} ms after exec (process start "
          f"included)")


# --------------------------------------------------------------------------------------------------------------------
# Session lifetimes
# --------------------------------------------------------------------------------------------------------------------


def test_sessions_survive_their_creators_disconnect(daemon):
    first = daemon.client()
    session = first.call("session.create")["session"]
    first.call("lab.set", session=session, name="kept", value=42)
    first.close()
    second = daemon.client()
    assert second.call("state.get", session=session, path="lab.values.kept")["value"] == 42
    second.close()


def test_idle_sessions_expire_and_used_or_watched_ones_do_not():
    with Daemon(args=["--session-idle-seconds", "1", "--log-level", "info"]) as d:
        c = d.client()
        idle = c.call("session.create")["session"]
        used = c.call("session.create")["session"]
        watched = c.call("session.create")["session"]
        c.call("events.subscribe", session=watched)
        deadline = time.monotonic() + 2.5
        while time.monotonic() < deadline:
            c.call("clock.now", session=used)
            time.sleep(0.2)
        ids = [s["session"] for s in c.call("session.list")["sessions"]]
        assert ids == [used, watched]
        with pytest.raises(RPCError) as e:
            c.call("clock.now", session=idle)
        assert e.value.code == -32000 and e.value.data["expired"] is True and e.value.data["idleSeconds"] == 1
        assert "expired" in str(e.value)
        c.close()
        # The subscription ended with its connection: now the watched session can expire too.
        assert wait_until(lambda: watched not in [s["session"] for s in d.client().call("session.list")["sessions"]],
                          timeout=5)
        d.stop()
        assert "closed idle sessions" in d.proc.stderr.read()


# --------------------------------------------------------------------------------------------------------------------
# session.export / session.import
# --------------------------------------------------------------------------------------------------------------------

OBSERVATIONS = [
    ("state.get", {}), ("trace.get", {}), ("animations.list", {}), ("haptics.list", {}),
    ("announcements.list", {}), ("settings.get", {}), ("clock.now", {}),
]


def observe(client, session):
    out = {}
    for method, params in OBSERVATIONS:
        out[method] = raw(client, method, {"session": session, **params})
    return out


def build_rich_session(c):
    s = c.call("session.create", seed=7, fps=120, wallClock="2026-03-01T12:30:00-03:00",
               settings={"voiceOver": True, "dynamicType": "xLarge"})["session"]
    c.call("lab.animate", session=s, name="x", to=100, curve={"spring": {"response": 0.4, "dampingFraction": 0.8}})
    c.call("lab.animate", session=s, name="pulse", to=1,
           curve={"easeInOut": {"duration": 0.5}, "repeatForever": {"autoreverses": True}})
    c.call("lab.timer", session=s, name="ding", afterMs=150, haptic="success")
    c.call("lab.announce", session=s, text="Olá — \u00e9\u0000\U0001D11E")
    c.call("clock.advance", session=s, ms=100.5)
    c.call("settings.set", session=s, mode="reduced", reduceMotion=True)
    c.call("ui.navigate", session=s, screen="budgets")
    with pytest.raises(RPCError):
        c.call("ui.navigate", session=s, screen="nowhere")  # failed requests are part of the history too
    fork = c.call("session.fork", session=s)["session"]
    c.call("lab.set", session=fork, name="y", value=0.1 + 0.2)
    c.call("lab.haptic", session=fork, style="rigid")
    c.call("clock.settle", session=fork, timeoutMs=2000)
    c.call("clock.advance", session=s, ms=10)  # the original moves on; the fork does not see it
    return s, fork


def test_export_then_import_gives_byte_identical_state_and_trace(daemon):
    c = daemon.client()
    original, fork = build_rich_session(c)
    for session in (original, fork):
        snapshot = c.call("session.export", session=session)
        assert snapshot["format"] == "choreo-session" and snapshot["version"] == 1
        assert all(set(a) == {"method", "params"} for a in snapshot["actions"])
        imported = c.call("session.import", snapshot=snapshot)
        assert imported["session"] not in (original, fork)
        assert observe(c, session) == observe(c, imported["session"])
        # Both go on identically.
        for s in (session, imported["session"]):
            c.call("lab.animate", session=s, name="z", to=5, curve={"linear": {"durationMs": 300}})
            c.call("clock.advance", session=s, ms=1000)
        assert observe(c, session) == observe(c, imported["session"])
        # Exporting the import gives the same snapshot.
        assert c.call("session.export", session=imported["session"]) == c.call("session.export", session=session)
    c.close()


def test_export_survives_a_daemon_restart():
    first = Daemon(args=["--log-level", "error"]).start()
    c = first.client()
    _, fork = build_rich_session(c)
    snapshot_text = raw(c, "session.export", {"session": fork})
    before = observe(c, fork)
    c.close()
    assert first.stop() == 0

    second = Daemon(socket_path=first.socket_path, args=["--log-level", "error"]).start()
    try:
        c = second.client()
        snapshot = json.loads(snapshot_text)["result"]
        imported = c.call("session.import", snapshot=json.loads(json.dumps(snapshot)))["session"]
        assert imported == "s1", "ids restart with the daemon"
        assert observe(c, imported) == before
        c.close()
    finally:
        assert second.stop() == 0


def test_a_tampered_snapshot_is_refused_with_what_differs(daemon):
    c = daemon.client()
    s, _ = build_rich_session(c)
    snapshot = c.call("session.export", session=s)

    def refused(mutate, keep_actions_digest=False):
        """The error of importing a mutated copy; without its actionsDigest (as a choreod before it wrote them)
        unless told, so that what the replay checks is reached."""
        bad = json.loads(json.dumps(snapshot))
        if not keep_actions_digest:
            del bad["actionsDigest"]
        mutate(bad)
        reply = c.request("session.import", {"snapshot": bad}, raw=True)
        assert reply.get("error", {}).get("code") == -32602, reply
        return reply["error"]["data"]

    # An edit of the config or the actions is found by their digest before anything is replayed.
    data = refused(lambda b: b["actions"][2]["params"].update(afterMs=151), keep_actions_digest=True)
    assert data["parameter"] == "snapshot.actionsDigest" and data["expectedDigest"] != data["gotDigest"]
    assert refused(lambda b: b["config"].update(seed=99), keep_actions_digest=True)["parameter"] == (
        "snapshot.actionsDigest"
    )
    data = refused(lambda b: b["actions"][2]["params"].update(afterMs=151))
    assert data["parameter"] == "snapshot.traceDigest" and data["expectedDigest"] != data["gotDigest"]
    data = refused(lambda b: b.update(traceDigest="fnv1a64:0000000000000000"))
    assert data["parameter"] == "snapshot.traceDigest"
    data = refused(lambda b: b["actions"].insert(0, {"method": "state.get", "params": {}}))
    assert data["parameter"] == "snapshot.actions.0"
    assert refused(lambda b: b["actions"].append({"method": "session.close", "params": {}}))["parameter"] == (
        f"snapshot.actions.{len(snapshot['actions'])}.method"
    )
    assert refused(lambda b: b["actions"][0]["params"].update(session="s1"))["parameter"] == (
        "snapshot.actions.0.params.session"
    )
    assert refused(lambda b: b.update(version=2))["parameter"] == "snapshot.version"
    assert refused(lambda b: b.update(format="other"))["parameter"] == "snapshot.format"
    assert refused(lambda b: b["config"].update(fps=30))["parameter"] == "snapshot.config.fps"
    assert refused(lambda b: b.update(extra=1))["parameter"] == "snapshot.extra"
    assert refused(lambda b: b.pop("actions"))["parameter"] == "snapshot.actions"
    # Nothing was created by the refused imports.
    assert len(c.call("session.list")["sessions"]) == 2
    c.close()


# --------------------------------------------------------------------------------------------------------------------
# Limits
# --------------------------------------------------------------------------------------------------------------------


def expect_limit(client, method, params, limit, maximum):
    reply = client.request(method, params, raw=True)
    error = reply.get("error", {})
    assert error.get("code") == -32010, reply
    assert error["data"]["limit"] == limit and error["data"]["maximum"] == maximum, error
    assert error["data"]["detail"], error
    return error


def test_timers_and_animations_per_session_are_limited_and_a_refused_request_changes_nothing():
    with Daemon(args=["--max-timers-per-session", "20", "--max-animations-per-session", "30",
                      "--log-level", "error"]) as d:
        c = d.client()
        s = c.call("session.create")["session"]
        # The app may schedule timers and start animations of its own: add lab ones until the limit answers.
        added = 0
        while True:
            reply = c.request("lab.timer", {"session": s, "name": f"t{added}", "afterMs": 100000 + added}, raw=True)
            if "error" in reply:
                break
            added += 1
            assert added <= 20, "the timers limit never answered"
        assert reply["error"]["code"] == -32010 and reply["error"]["data"]["limit"] == "timersPerSession"
        assert reply["error"]["data"]["maximum"] == 20 and "undone" in reply["error"]["data"]["detail"]
        trace = c.call("trace.get", session=s)
        expect_limit(c, "lab.timer", {"session": s, "name": "again", "afterMs": 1}, "timersPerSession", 20)
        assert c.call("trace.get", session=s) == trace, "the refused request left no trace"
        assert c.call("clock.advance", session=s, ms=100000)["fired"] >= 1
        c.call("lab.timer", session=s, name="again", afterMs=1)  # room again

        # The limit counts animations running at once: retargeting one value a hundred times never reaches it.
        curve = {"linear": {"duration": 0.1}}
        for i in range(100):
            c.call("lab.animate", session=s, name="a", to=i, curve=curve)
        running = len(c.call("animations.list", session=s, running=True)["animations"])
        n = 0
        while running < 30:  # the app's own loops run too: add lab values until 30 run at once
            c.call("lab.animate", session=s, name=f"b{n}", to=1, curve=curve)
            n += 1
            running = len(c.call("animations.list", session=s, running=True)["animations"])
        state = c.call("state.get", session=s)
        expect_limit(c, "lab.animate", {"session": s, "name": "new", "to": 9, "curve": curve}, "animationsPerSession", 30)
        assert c.call("state.get", session=s) == state
        c.call("lab.animate", session=s, name="a", to=-1, curve=curve)  # a retarget replaces one: room enough
        c.call("lab.set", session=s, name="a", value=1)  # what starts no animation still works
        c.call("clock.advance", session=s, ms=200)  # the lab's springs settle: room again
        c.call("lab.animate", session=s, name="new", to=9, curve=curve)


def test_an_advance_past_the_events_limit_stops_where_it_says():
    with Daemon(args=["--max-events-per-advance", "10", "--log-level", "error"]) as d:
        c = d.client()
        s = c.call("session.create")["session"]
        for i in range(25):
            c.call("lab.timer", session=s, name=f"t{i}", afterMs=i + 1)
        error = expect_limit(c, "clock.advance", {"session": s, "ms": 1000}, "eventsPerAdvance", 10)
        assert re.search(r"stopped at 10(\.0)? ms", error["data"]["detail"]), error
        assert c.call("clock.now", session=s)["now"] == 10
        assert c.call("clock.advance", session=s, ms=10)["fired"] == 10
        assert c.call("clock.settle", session=s)["settled"] is True


def test_sessions_per_daemon_and_subscriptions_per_connection_are_limited():
    with Daemon(args=["--max-sessions", "3", "--log-level", "error"]) as d:
        c = d.client()
        ids = [c.call("session.create")["session"] for _ in range(3)]
        expect_limit(c, "session.create", {}, "sessions", 3)
        expect_limit(c, "session.fork", {"session": ids[0]}, "sessions", 3)
        snapshot = c.call("session.export", session=ids[0])
        expect_limit(c, "session.import", {"snapshot": snapshot}, "sessions", 3)
        c.call("session.close", session=ids[2])
        assert c.call("session.import", snapshot=snapshot)["session"] == "s4"
        for _ in range(64):
            c.call("events.subscribe", session=ids[0])
        expect_limit(c, "events.subscribe", {"session": ids[0]}, "subscriptionsPerConnection", 64)
        other = d.client()
        other.call("events.subscribe", session=ids[0])  # the limit is per connection
