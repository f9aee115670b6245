"""A client with nothing but a socket drives sessions: curves, the clock, state, haptics, the trace, events."""
import json

import pytest

from choreo_harness import Daemon, RPCError


def test_daemon_info_names_the_daemon_and_its_apps(client):
    info = client.call("daemon.info")
    assert info["name"] == "choreod"
    assert info["protocolVersion"] == "1.3"
    assert "finpessoal" in info["apps"]
    assert info["sessions"] == 0
    assert info["uptimeMs"] >= 0


def test_a_session_animates_advances_and_reports(client):
    s = client.call("session.create")["session"]
    assert client.call("clock.now", session=s)["now"] == 0
    started = client.request(
        "lab.animate",
        {"session": s, "name": "x", "from": 0, "to": 1, "curve": {"spring": {"response": 0.4, "dampingFraction": 0.8}}},
    )
    # Under swiftui (the default) the spring's 400 ms come two frames after the update that takes the change
    # (AnimatorState's phases): logically complete at 433.333333 ms, removed at 700 ms (scripts/swiftui_physics.py).
    assert started["logicallyCompleteAt"] == pytest.approx(433.333333, abs=1e-6)
    client.call("lab.timer", session=s, name="tap", afterMs=200, haptic="light")
    advanced = client.call("clock.advance", session=s, ms=200)
    assert advanced["now"] == 200
    assert advanced["fired"] == 1
    value = client.call("state.get", session=s, path="lab.values.x")["value"]
    # Frame 12 shows the curve's own value at elapsed 10/60 s: motion.sample at 166.666667 ms is the curve itself.
    sample = client.call("motion.sample", curve={"spring": {"response": 0.4, "dampingFraction": 0.8}}, at=[200])
    assert value == pytest.approx(0.8426254744858606, abs=1e-12)
    assert sample["values"][0] == pytest.approx(0.9242550900447841, abs=1e-12)
    assert client.call("haptics.list", session=s)["haptics"] == [{"t": 200, "style": "light", "source": "lab.timer.tap"}]
    settle = client.call("clock.settle", session=s)
    assert settle["settled"] is True
    assert settle["now"] == pytest.approx(sample["settleMs"] + 2000 / 60, abs=1e-6) == pytest.approx(700, abs=1e-6)
    assert client.call("state.get", session=s, path="lab.values.x")["value"] == 1
    kinds = [e["kind"] for e in client.call("trace.get", session=s)["events"]]
    assert kinds[0] == "session.created"
    for kind in ("action", "animation.started", "timer", "haptic", "animation.completed", "animation.settled"):
        assert kind in kinds
    seqs = [e["seq"] for e in client.call("trace.get", session=s)["events"]]
    assert seqs == list(range(1, len(seqs) + 1))


def test_settle_times_out_honestly_and_names_what_is_running(client):
    s = client.call("session.create", physics="ideal")["session"]  # a timing curve settles at its duration
    client.call("lab.animate", session=s, name="slow", to=100, curve={"linear": {"duration": 10}})
    client.call("lab.animate", session=s, name="loop", to=1, curve={"linear": {"duration": 3}, "repeatForever": True})
    out = client.call("clock.settle", session=s, timeoutMs=1000)
    assert out["settled"] is False
    assert out["now"] == 1000
    running = {r["path"]: r for r in out["running"]}
    assert running["lab.values.slow"]["value"] == pytest.approx(10)
    assert running["lab.values.slow"]["settlesAt"] == 10000
    assert running["lab.values.loop"]["infinite"] is True
    out = client.call("clock.settle", session=s, timeoutMs=60000)
    assert out["settled"] is True, "endless loops never block a settle"
    assert out["now"] == 10000
    assert [r["path"] for r in out["running"] if r["path"].startswith("lab.")] == ["lab.values.loop"]
    assert all(r["infinite"] for r in out["running"]), "only endless loops remain"
    assert "lab.values.slow" not in [r["path"] for r in out["running"]]


def test_unknown_session_and_path_errors_explain_themselves(client):
    with pytest.raises(RPCError) as e:
        client.call("clock.now", session="s999")
    assert e.value.code == -32000
    s = client.call("session.create")["session"]
    with pytest.raises(RPCError) as e:
        client.call("state.get", session=s, path="navigation.nope")
    assert e.value.code == -32002
    assert e.value.data["validPrefix"] == "navigation"
    assert "screen" in e.value.data["keys"]
    with pytest.raises(RPCError) as e:
        client.call("clock.advance", session=s, ms="soon")
    assert e.value.code == -32602
    assert e.value.data["parameter"] == "ms"


def test_settings_effective_mode_follows_reduce_motion(client):
    s = client.call("session.create", settings={"mode": "full"})["session"]
    assert client.call("settings.get", session=s)["effectiveMode"] == "full"
    assert client.call("settings.set", session=s, reduceMotion=True)["effectiveMode"] == "minimal"
    assert client.call("settings.set", session=s, respectReduceMotion=False)["effectiveMode"] == "full"
    assert client.call("settings.set", session=s, mode="reduced")["effectiveMode"] == "reduced"


def test_fork_branches_a_session_with_its_pending_timers(client):
    s = client.call("session.create")["session"]
    client.call("lab.timer", session=s, name="later", afterMs=500, haptic="success")
    client.call("clock.advance", session=s, ms=100)
    f = client.call("session.fork", session=s)["session"]
    assert f != s
    assert client.call("clock.now", session=f)["now"] == 100
    client.call("clock.advance", session=f, ms=500)
    assert [h["style"] for h in client.call("haptics.list", session=f)["haptics"]] == ["success"]
    assert client.call("haptics.list", session=s)["haptics"] == [], "the original is untouched"
    assert {x["session"] for x in client.call("session.list")["sessions"]} == {s, f}
    client.call("session.close", session=f)
    with pytest.raises(RPCError):
        client.call("clock.now", session=f)


def test_subscribers_receive_events_as_virtual_time_passes(daemon):
    watcher = daemon.client()
    driver = daemon.client()
    s = driver.call("session.create")["session"]
    sub = watcher.call("events.subscribe", session=s, kinds=["haptic"])["subscription"]
    driver.call("lab.timer", session=s, name="a", afterMs=50, haptic="rigid")
    driver.call("clock.advance", session=s, ms=100)
    note = watcher.read_json()
    assert note["method"] == "event"
    assert "id" not in note
    assert note["params"]["subscription"] == sub
    assert note["params"]["event"]["kind"] == "haptic"
    assert note["params"]["event"]["t"] == 50
    assert note["params"]["event"]["style"] == "rigid"
    assert watcher.call("events.unsubscribe", subscription=sub) == {"unsubscribed": True}


def script(c, s):
    c.call("settings.set", session=s, mode="reduced")
    c.call("lab.animate", session=s, name="a", to=10, curve={"spring": {"response": 0.6, "dampingFraction": 0.7}})
    c.call("lab.timer", session=s, name="t", afterMs=123.456, haptic="medium")
    c.call("clock.advance", session=s, ms=100)
    c.call("lab.animate", session=s, name="a", to=-5, curve={"easeInOut": {"duration": 0.3}})
    c.call("ui.navigate", session=s, screen="goals")
    c.call("lab.announce", session=s, text="Goal completed! Emergency fund")
    c.call("clock.settle", session=s)
    return json.dumps(c.call("trace.get", session=s)["events"], sort_keys=True)


def test_the_same_inputs_give_a_byte_identical_trace():
    traces = []
    for _ in range(2):
        with Daemon() as d:
            c = d.client()
            c.call("session.create")  # a different session id must not change the trace
            s = c.call("session.create", seed=7)["session"]
            traces.append(script(c, s))
            s2 = c.call("session.create", seed=7)["session"]
            traces.append(script(c, s2))
    assert len(set(traces)) == 1
    assert '"s2"' not in traces[0] and '"s3"' not in traces[0]


def test_the_protocol_readme_walkthrough_shows_real_daemon_lines():
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
    from choreo_harness import CHOREOD
    from protocol_walkthrough import walkthrough

    readme = open(os.path.join(os.path.dirname(__file__), "..", "..", "protocol", "README.md")).read()
    for line in walkthrough(CHOREOD):
        assert line in readme, f"protocol/README.md is out of date; regenerate with scripts/protocol_walkthrough.py: {line}"


def test_pipelined_replies_keep_request_order_while_the_connection_subscribes(client):
    """Lines that cause events on the connection's own subscriptions and lines that cause none, pipelined: every
    reply comes in request order (the stateful fuzzer found later replies overtaking earlier ones)."""
    import json
    import random

    rng = random.Random(2)
    sessions = [client.call("session.create", app=app)["session"] for app in ("airfit", "finpessoal") * 2]
    for s in sessions:
        client.call("events.subscribe", session=s)
    next_id = 10_000
    for _ in range(60):
        lines, ids = [], []
        for _ in range(rng.randint(1, 32)):
            next_id += 1
            s = rng.choice(sessions)
            method, params = rng.choice(
                [
                    ("clock.advance", {"session": s, "ms": rng.random() * 300}),
                    ("ui.navigate", {"session": s, "screen": "dashboard"}),
                    ("state.get", {"session": s, "path": "settings"}),
                    ("clock.now", {"session": s}),
                    ("session.list", {}),
                ]
            )
            lines.append(json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}).encode())
            ids.append(next_id)
        client.send_raw(b"\n".join(lines) + b"\n")
        got = []
        while len(got) < len(ids):
            message = client.read_json()
            if message.get("method") != "event":
                got.append(message.get("id"))
        assert got == ids


def test_a_client_that_half_closes_after_its_lines_gets_every_answer(daemon):
    """`socat -t` sends its lines and shuts its side down: every line is answered, the slow ones on the worker pool
    too, before choreod closes the connection."""
    import json
    import socket as sockets

    c = daemon.client()
    s = c.call("session.create", app="finpessoal")["session"]
    c.close()
    raw = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    raw.settimeout(20)
    raw.connect(daemon.socket_path)
    lines = [
        {"jsonrpc": "2.0", "id": i, "method": "clock.advance", "params": {"session": s, "ms": 1e11}} for i in range(3)
    ]
    raw.sendall(b"".join(json.dumps(line).encode() + b"\n" for line in lines))
    raw.shutdown(sockets.SHUT_WR)
    received = b""
    while chunk := raw.recv(65536):
        received += chunk
    raw.close()
    replies = [json.loads(line) for line in received.splitlines()]
    assert [reply["id"] for reply in replies] == [0, 1, 2]
    assert all("result" in reply for reply in replies), replies
