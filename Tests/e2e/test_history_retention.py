"""A session's history under `session.create {traceLimit}` against the real daemon (issue 30 #2): what trace.get,
haptics.list, announcements.list and animations.list keep, what they say was dropped, and an export that still
replays everything. Expected counts follow from the documented rule (keep at least the latest traceLimit, drop a
quarter of it at a time), worked out below by hand."""

import json

import pytest

from choreo_harness import RPCError


def pipelined(client, requests):
    """Sends [(method, params)] in one write and reads every reply in order; returns the results."""
    first = client.next_id
    lines = []
    for offset, (method, params) in enumerate(requests):
        lines.append(json.dumps({"jsonrpc": "2.0", "id": first + offset, "method": method, "params": params}))
    client.next_id += len(requests)
    client.send_raw(("\n".join(lines) + "\n").encode())
    results = []
    for offset in range(len(requests)):
        reply = client.read_json()
        assert reply["id"] == first + offset and "error" not in reply, reply
        results.append(reply["result"])
    return results


def retarget(client, session, count):
    """`count` animations of lab value x (a 10 ms linear curve, to 1 and 0 in turn), 20 ms apart."""
    requests = []
    for i in range(count):
        curve = {"linear": {"duration": 0.01}}
        requests.append(("lab.animate", {"session": session, "name": "x", "to": i % 2, "curve": curve}))
        requests.append(("clock.advance", {"session": session, "ms": 20}))
    pipelined(client, requests)


def test_trace_haptics_and_announcements_keep_the_latest_and_say_what_was_dropped(client):
    s = client.call("session.create", traceLimit=1000)["session"]
    # The app records a few events as it starts (session.created, its first animations): n0, all kept.
    start = client.call("trace.get", session=s)
    n0 = len(start["events"])
    assert "droppedBefore" not in start and n0 < 50
    assert client.call("haptics.list", session=s)["haptics"] == []
    # 1,600 haptics at 0 ms (no timer fires), request i (1 … 1,600) recording an action (seq n0 + 2i − 1) and a
    # haptic (seq n0 + 2i).
    for _ in range(4):
        pipelined(client, [("lab.haptic", {"session": s, "style": "light"})] * 400)
    total = n0 + 3200
    # Past 1,000 + 250 the oldest go a quarter (250) at a time: (total − 1,000) // 250 quarters.
    dropped = (total - 1000) // 250 * 250
    assert 1000 <= total - dropped < 1250
    trace = client.call("trace.get", session=s)
    assert trace["droppedBefore"] == dropped + 1
    assert [e["seq"] for e in trace["events"]] == list(range(dropped + 1, total + 1))
    haptic_seqs = [n0 + 2 * i for i in range(1, 1601)]
    haptic_events = client.call("trace.get", session=s, kinds=["haptic"])["events"]
    assert [e["seq"] for e in haptic_events] == [q for q in haptic_seqs if q > dropped]
    late = client.call("trace.get", session=s, kinds=["haptic", "action"], afterSeq=total - 101)["events"]
    assert [e["seq"] for e in late] == list(range(total - 100, total + 1))
    assert [e["kind"] for e in late[-2:]] == ["action", "haptic"]
    # haptics.list: 1,600 played, (1,600 − 1,000) // 250 = 2 quarters dropped: 500; 1,100 kept.
    haptics = client.call("haptics.list", session=s)
    assert haptics["dropped"] == 500 and len(haptics["haptics"]) == 1100
    # Announcements: none dropped, no `dropped` member.
    client.call("lab.announce", session=s, text="still here")
    assert "dropped" not in client.call("announcements.list", session=s)
    # A session with the default limit drops nothing of this.
    d = client.call("session.create")["session"]
    pipelined(client, [("lab.haptic", {"session": d, "style": "light"})] * 1600)
    assert "droppedBefore" not in client.call("trace.get", session=d)
    assert "dropped" not in client.call("haptics.list", session=d)


def test_an_export_replays_everything_and_keeps_the_same_history(client):
    s = client.call("session.create", traceLimit=1000, physics="ideal")["session"]
    retarget(client, s, 700)
    snapshot = client.call("session.export", session=s)
    assert len(snapshot["actions"]) == 1400, "every request, though the trace kept only the latest"
    copy = client.call("session.import", snapshot=snapshot)["session"]
    for method in ("trace.get", "haptics.list", "animations.list", "state.get"):
        assert client.call(method, session=copy) == client.call(method, session=s), method


def test_finished_animation_records_are_dropped_and_counted(client):
    s = client.call("session.create", traceLimit=1000, physics="ideal")["session"]
    retarget(client, s, 1300)
    listed = client.call("animations.list", session=s)
    ids = [a["id"] for a in listed["animations"]]
    last = max(ids)
    # Every animation started is either listed or counted as dropped; at least the latest 1,000 stay.
    assert listed["dropped"] + len(ids) == last
    assert 1000 <= len(ids) < 1250
    assert ids == sorted(ids) and ids[-1000:] == list(range(last - 999, last + 1))
    # What is still moving (the app's own loops, started first) is never dropped.
    running = client.call("animations.list", session=s, running=True)["animations"]
    assert running and set(a["id"] for a in running) <= set(ids)


@pytest.mark.parametrize("limit", [999, 0, -1, 1.5, "many"])
def test_a_trace_limit_below_the_minimum_is_refused(client, limit):
    with pytest.raises(RPCError) as error:
        client.call("session.create", traceLimit=limit)
    assert error.value.code == -32602
    assert "traceLimit" in json.dumps(error.value.data) or "traceLimit" in str(error.value)


def test_the_documented_default_is_the_declared_one():
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2]
    document = json.loads((root / "protocol" / "openrpc.json").read_text(encoding="utf-8"))
    create = next(m for m in document["methods"] if m["name"] == "session.create")
    declared = next(p for p in create["params"] if p["name"] == "traceLimit")["schema"]
    readme = (root / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if "`session.create {traceLimit}`" in line)
    documented = int(re.search(r"\| ([0-9 ]+) of each \|", row).group(1).replace(" ", ""))
    assert documented == declared.get("default") == 100000
    assert declared.get("minimum") == 1000
    protocol = (root / "protocol" / "README.md").read_text(encoding="utf-8")
    assert "`traceLimit` (default 100,000, at least 1,000)" in protocol
