"""A randomized differential test of the render loop: the daemon (the Swift engine) against scripts/swiftui_physics.py
(the Python reference), both written from SwiftUI's sources, sharing no code.

Each scenario is a random sequence of lab.animate requests on one value — every curve kind (spring() with and without
a blend, interpolatingSpring, timing curves, delayed, repeatForever with and without autoreverse, repeatCount), and
requests that change nothing — on frames, between frames and on consecutive frames, in a session whose clock starts
anywhere up to ten hours in, at 60 or 120 fps. Every frame from the first request to a second after the last, and a
few instants between frames, are read from the daemon (state.get) and compared with the reference's frames.

`make test` runs a short seeded run (CHOREO_DIFF_SCENARIOS, default 40); a long run's figures are in
scripts/SWIFTUI_PHYSICS_NOTES.md ("The differential test").
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))

import swiftui_physics as sp  # noqa: E402

SCENARIOS = int(os.environ.get("CHOREO_DIFF_SCENARIOS", "40"))
SEED = int(os.environ.get("CHOREO_DIFF_SEED", "43"))
TIMING = ["linear", "easeIn", "easeOut", "easeInOut"]


def random_curve(rng):
    """A curve as lab.animate takes it and the reference's animation for it."""
    kind = rng.choice(["spring", "spring", "blend", "interpolating", "timing", "timing", "delayed", "forever",
                       "count"])
    if kind in ("spring", "blend"):
        response = rng.choice([0.15, 0.25, 0.4, 0.55])
        damping = rng.choice([0.5, 0.7, 0.8, 1.0])
        blend = 0.25 if kind == "blend" else 0.0
        body = {"response": response, "dampingFraction": damping}
        if blend:
            body["blendDuration"] = blend
        return {"spring": body}, sp.FluidSpring(response, damping, blend)
    if kind == "interpolating":
        stiffness, damping = rng.choice([(130, 12), (130, 10.5), (300, 20), (80, 8)])
        return ({"interpolatingSpring": {"stiffness": stiffness, "damping": damping}},
                sp.InterpolatingSpring(stiffness, damping))
    name = rng.choice(TIMING)
    duration = rng.choice([0.1, 0.25, 0.35, 0.5, 0.6])
    curve = {name: {"duration": duration}}
    base = sp.Bezier.named(name, duration)
    if kind == "delayed":
        delay = rng.choice([0.012, 0.05, 0.1, 0.25])
        curve["delay"] = delay
        return curve, sp.Delay(base, delay)
    if kind == "forever":
        autoreverses = rng.random() < 0.5
        curve["repeatForever"] = {"autoreverses": autoreverses}
        return curve, sp.Repeat(base, None, autoreverses)
    if kind == "count":
        count = rng.choice([2, 3])
        autoreverses = rng.random() < 0.5
        curve["repeatCount"] = {"count": count, "autoreverses": autoreverses}
        return curve, sp.Repeat(base, count, autoreverses)
    return curve, base


def random_scenario(rng):
    """(fps, start ns, [(ns after the start, target, curve json, animation)], last frame offset, between-frame reads)."""
    fps = rng.choice([60, 120])
    start_frame = rng.choice([0, rng.randrange(0, 60 * fps), rng.randrange(0, 10 * 3600 * fps)])
    start_ns = sp.frame_ns(start_frame, fps)
    changes = []
    target = 0.0
    frame = 0
    for _ in range(rng.randint(1, 6)):
        gap = rng.choice([0, 1, 1, 2, 3, rng.randrange(4, 40)])  # 0: the same frame again
        frame += gap
        at = sp.frame_ns(start_frame + frame, fps) - start_ns
        if rng.random() < 0.35 and frame > 0:
            # Between frames: taken at the next one.
            at -= rng.randrange(1, sp.frame_ns(start_frame + frame, fps) - sp.frame_ns(start_frame + frame - 1, fps))
        if changes and at < changes[-1][0]:
            at = changes[-1][0]
        if rng.random() < 0.15 and changes:
            new_target = target  # a request that changes nothing
        else:
            new_target = rng.choice([v for v in (0.0, 1.0, 2.0, -1.0) if v != target] + [rng.uniform(-2, 3)])
        curve, animation = random_curve(rng)
        changes.append((at, new_target, curve, animation))
        target = new_target
    last = frame + fps  # a second after the last request
    return fps, start_frame, start_ns, changes, last


def reference_frames(fps, start_frame, start_ns, changes, last):
    prop = sp.SwiftUIProperty(0.0, fps)
    for at, target, _, animation in changes:
        prop.change((start_ns + at) / 1e6, target, animation)
    return {n: prop.shown(start_frame + n)[0] for n in range(0, last + 1)}


def batch(client, requests):
    """Sends requests as one JSON-RPC batch; returns the results in order."""
    messages = []
    for method, params in requests:
        messages.append({"jsonrpc": "2.0", "id": client.next_id, "method": method, "params": params})
        client.next_id += 1
    client.send_raw(json.dumps(messages).encode() + b"\n")
    while True:
        reply = client.read_json()
        if isinstance(reply, list):
            break
    by_id = {r["id"]: r for r in reply}
    out = []
    for message in messages:
        r = by_id[message["id"]]
        assert "error" not in r, (message, r["error"])
        out.append(r["result"])
    return out


def daemon_frames(client, fps, start_frame, start_ns, changes, last):
    session = client.call("session.create", physics="swiftui", fps=fps, app="airfit")["session"]
    now = 0
    requests = [("lab.set", {"session": session, "name": "x", "value": 0})]  # at rest at 0, as the reference starts

    def advance_to(ns):
        nonlocal now
        if ns > now:
            requests.append(("clock.advance", {"session": session, "ms": (ns - now) / 1e6}))
            now = ns

    advance_to(start_ns)
    events = [(start_ns + at, 0, i) for i, (at, _, _, _) in enumerate(changes)]
    events += [(sp.frame_ns(start_frame + n, fps), 1, n) for n in range(0, last + 1)]
    events.sort()
    reads = []
    for ns, kind, index in events:
        advance_to(ns)
        if kind == 0:
            _, target, curve, _ = changes[index]
            requests.append(("lab.animate", {"session": session, "name": "x", "to": target, "curve": curve}))
        else:
            requests.append(("state.get", {"session": session, "path": "lab.values.x"}))
            reads.append((len(requests) - 1, index))
    results = batch(client, requests)
    client.call("session.close", session=session)
    return {n: results[i]["value"] for i, n in reads}


def test_the_engine_and_the_reference_agree_on_every_frame(client):
    rng = random.Random(SEED)
    departures = []
    frames = 0
    for number in range(SCENARIOS):
        fps, start_frame, start_ns, changes, last = random_scenario(rng)
        expected = reference_frames(fps, start_frame, start_ns, changes, last)
        got = daemon_frames(client, fps, start_frame, start_ns, changes, last)
        frames += len(expected)
        for n, value in expected.items():
            shown = got[n]
            if not (abs(shown - value) <= 1e-9 * max(1.0, abs(value))):
                departures.append((number, fps, start_frame, n, value, shown,
                                   [(at, t, c) for at, t, c, _ in changes]))
                break
    assert not departures, f"{len(departures)} of {SCENARIOS} scenarios ({frames} frames) differ; first: {departures[:3]}"
