"""The long-session group of `make bench` (issue 30): one session driven for up to a million requests.

One lab value is retargeted with a spring (SwiftUI's physics, the default), 1 ms of virtual time between: requests
`lab.animate` and `clock.advance` alternate, pipelined in windows of 50 on one connection. A block is 2,000
animations (4,000 requests); one is timed at the start and one after each checkpoint of the session's history. For
each: wall time and server CPU time per request, the RSS, and reads whose cost should not grow with the history
(`animations.list {running: true}`, `trace.get {kinds: [haptic]}`, `state.get`).

Then a request's cost after its history (issue 42 #8), one round trip at a time: a lab value retargeted on every
frame with each curve kind (the animator never leaves `pending`, so every combined entry is kept for the replay),
AirFit navigated once a frame (its gradient crossfades combine), each request #N against request #10 of the same
session; and `state.get` 3e8 ms into a repeating animation (a lab loop, FinPessoal's premium gradient) against a
fresh session's."""

import json
import socket
import time

WINDOW = 50
BLOCK_ANIMATIONS = 2000
SPRING = {"spring": {"response": 0.4, "dampingFraction": 0.8}}


class Pipe:
    """One connection that sends windows of requests and waits for all their replies."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buf = b""

    def window(self, data, count):
        self.sock.sendall(data)
        seen = 0
        while seen < count:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("choreod closed the connection")
            self.buf += chunk
            lines = self.buf.split(b"\n")
            self.buf = lines[-1]
            for line in lines[:-1]:
                if b'"error"' in line:
                    raise RuntimeError(f"long session: {line[:300].decode(errors='replace')}")
            seen += len(lines) - 1

    def call(self, method, params):
        text = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}) + "\n"
        self.sock.sendall(text.encode())
        while b"\n" not in self.buf:
            self.buf += self.sock.recv(1 << 20)
        line, _, self.buf = self.buf.partition(b"\n")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    def timed(self, method, params, reps):
        times = []
        for _ in range(reps):
            t0 = time.perf_counter_ns()
            self.call(method, params)
            times.append((time.perf_counter_ns() - t0) / 1e3)
        times.sort()
        return times[len(times) // 2]


def windows(session):
    """Two windows of 50 requests (25 animations each), one retargeting to 1 and one to 0."""
    out = []
    for target in (1, 0):
        lines = []
        for index in range(WINDOW // 2):
            lines.append(json.dumps({"jsonrpc": "2.0", "id": index * 2 + 1, "method": "lab.animate", "params": {
                "session": session, "name": "x", "to": target if index % 2 == 0 else 1 - target, "curve": SPRING}}))
            lines.append(json.dumps({"jsonrpc": "2.0", "id": index * 2 + 2, "method": "clock.advance",
                                     "params": {"session": session, "ms": 1}}))
        out.append(("\n".join(lines) + "\n").encode())
    return out


def drive(pipe, data, animations):
    """Sends `animations` animations (and as many advances), a window at a time."""
    for index in range(animations // (WINDOW // 2)):
        pipe.window(data[index % 2], WINDOW)


def run(bench, cpu_ns):
    quick = bench.args.quick
    checkpoints = [1_000, 10_000, 100_000] + ([] if quick else [220_000, 1_000_000])
    out = {"checkpoints": []}
    with bench.choreod_server() as server:
        pipe = Pipe(server.path)
        session = pipe.call("session.create", {})["session"]
        data = windows(session)
        fresh = {
            "running_us": pipe.timed("animations.list", {"session": session, "running": True}, 50),
            "haptic_trace_us": pipe.timed("trace.get", {"session": session, "kinds": ["haptic"]}, 50),
            "state_us": pipe.timed("state.get", {"session": session}, 20),
        }
        actions = 0

        def block():
            cpu0, t0 = cpu_ns(server.proc.pid), time.perf_counter_ns()
            drive(pipe, data, BLOCK_ANIMATIONS)
            wall, cpu = time.perf_counter_ns() - t0, cpu_ns(server.proc.pid) - cpu0
            requests = BLOCK_ANIMATIONS * 2
            return {"wall_us_per_request": wall / 1e3 / requests, "cpu_us_per_request": cpu / 1e3 / requests}

        first = block()
        actions += BLOCK_ANIMATIONS * 2
        first.update(actions=0, rss_kib=server.rss_kib(), **fresh)
        out["first"] = first
        for checkpoint in checkpoints:
            todo = (checkpoint - actions) // 2
            todo -= todo % (WINDOW // 2)
            if todo > 0:
                started = time.perf_counter()
                drive(pipe, data, todo)
                actions += todo * 2
                bench_log(f"  long session: {actions:,} requests ({time.perf_counter() - started:.1f} s)")
            rss = server.rss_kib()
            reads = {
                "running_us": pipe.timed("animations.list", {"session": session, "running": True}, 50),
                "haptic_trace_us": pipe.timed("trace.get", {"session": session, "kinds": ["haptic"]}, 50),
                "state_us": pipe.timed("state.get", {"session": session}, 20),
            }
            item = block()
            item.update(actions=actions, rss_kib=rss, **reads)
            actions += BLOCK_ANIMATIONS * 2
            out["checkpoints"].append(item)
    bench.results["long"] = out
    sec = "long session (one session, a spring retargeted every 1 ms, windows of 50)"
    base = out["first"]
    bench.row(sec, "first 2,000 animations: wall per request", base["wall_us_per_request"], "us", None, "", None)
    bench.row(sec, "first 2,000 animations: server CPU per request", base["cpu_us_per_request"], "us", None, "", None)
    bench.row(sec, "RSS at the start", base["rss_kib"], "KiB", None, "", None)
    for item in out["checkpoints"]:
        n = f"after {item['actions']:,} requests ({item['actions'] // 2:,} animations)"
        bench.row(sec, f"{n}: 2,000 animations, wall per request", item["wall_us_per_request"], "us",
                  base["wall_us_per_request"], "first 2,000", item["wall_us_per_request"] / base["wall_us_per_request"])
        bench.row(sec, f"{n}: server CPU per request", item["cpu_us_per_request"], "us",
                  base["cpu_us_per_request"], "first 2,000", item["cpu_us_per_request"] / base["cpu_us_per_request"])
        bench.row(sec, f"{n}: RSS", item["rss_kib"], "KiB", base["rss_kib"], "at the start",
                  item["rss_kib"] / base["rss_kib"])
        for key, title in (("running_us", "animations.list {running: true}"),
                           ("haptic_trace_us", "trace.get {kinds: [haptic]}"), ("state_us", "state.get")):
            bench.row(sec, f"{n}: {title}", item[key], "us", base[key], "fresh session", item[key] / base[key])
    late = [c for c in out["checkpoints"] if c["actions"] >= 220_000]
    if late:
        r = late[0]["cpu_us_per_request"] / base["cpu_us_per_request"]
        bench.target("2,000 animations after 110,000 <= 1.5 x the first 2,000 (server CPU)", r <= 1.5, round(r, 3),
                     1.5, f"{r:.2f}")
    hundred = [c for c in out["checkpoints"] if c["actions"] >= 100_000]
    if hundred:
        us = hundred[0]["running_us"]
        bench.target("animations.list {running: true} after 100,000 < 1 ms", us < 1000, round(us, 1), 1000,
                     f"{us / 1000:.2f}")
    if len(out["checkpoints"]) >= 2:
        a, b = out["checkpoints"][-2], out["checkpoints"][-1]
        per = (b["rss_kib"] - a["rss_kib"]) / ((b["actions"] - a["actions"]) / 100_000)
        out["rss_kib_per_100k_requests"] = per
        bench.row(sec, f"RSS growth per 100,000 requests ({a['actions']:,} to {b['actions']:,})", per, "KiB", None,
                  "", None, "the action log session.export replays; the rest is bounded by traceLimit")
    memory(bench)
    history(bench)


# The curve kinds retargeted on every frame: (row label, curves used in turn).
EASE = {"easeInOut": {"duration": 0.4}}
HISTORY_CURVES = [
    ("spring(0.4, 0.8)", [SPRING]),
    ("interpolatingSpring(130, 12)", [{"interpolatingSpring": {"stiffness": 130, "damping": 12}}]),
    ("easeInOut 0.4 s", [EASE]),
    ("easeInOut 0.4 s, delay 50 ms", [dict(EASE, delay=0.05)]),
    ("easeInOut 0.4 s repeatForever", [dict(EASE, repeatForever={"autoreverses": True})]),
    ("combined (easeInOut, interpolatingSpring, delayed in turn)",
     [EASE, {"interpolatingSpring": {"stiffness": 130, "damping": 12}}, dict(EASE, delay=0.05)]),
]
FAR_MS = 3e8


def frame_ms(n, fps=60):
    """Milliseconds from frame n to frame n + 1 (frame n is at round(n·1e9/fps) ns), exact to the nanosecond."""
    def ns(k):
        return (k * 1_000_000_000 + fps // 2) // fps
    return (ns(n + 1) - ns(n)) / 1e6


def timed_call(pipe, method, params):
    t0 = time.perf_counter_ns()
    pipe.call(method, params)
    return (time.perf_counter_ns() - t0) / 1e3


class Diverged(Exception):
    """A request the daemon answered with -32603 because a computation diverged (a model bug it reports, not a
    benchmark failure): the request's number and the daemon's message."""

    def __init__(self, n, message):
        super().__init__(f"request #{n}: {message}")
        self.n, self.message = n, message


def per_request(pipe, session, checkpoints, request):
    """Sends requests #1…#max(checkpoints), each followed by a one-frame advance; the median round trip of the ten
    requests ending at each checkpoint (µs). Raises Diverged, with the checkpoints reached so far in `partial`, when
    the daemon reports that a computation diverged."""
    times, out = [], {}
    for n in range(1, max(checkpoints) + 1):
        method, params = request(n)
        try:
            times.append(timed_call(pipe, method, dict(params, session=session)))
        except RuntimeError as error:
            if "diverged" not in str(error):
                raise
            diverged = Diverged(n, str(error).split("'message': ")[-1][:160])
            diverged.partial = out
            raise diverged from None
        pipe.call("clock.advance", {"session": session, "ms": frame_ms(n)})
        if n in checkpoints:
            window = sorted(times[-10:])
            out[n] = window[len(window) // 2]
    return out


def history(bench):
    """A request's cost after its history: every-frame retargets of each curve kind, AirFit's navigations, and a
    read 3e8 ms into a loop."""
    quick = bench.args.quick
    checkpoints = [10, 100, 1000] + ([] if quick else [3000])
    out = {"retarget": {}, "airfit": {}, "far": {}}
    sec = "long session: a request after its history (issue 42 #8; one round trip at a time, one frame between)"
    with bench.choreod_server() as server:
        pipe = Pipe(server.path)
        for label, curves in HISTORY_CURVES:
            session = pipe.call("session.create", {})["session"]
            started = time.perf_counter()
            try:
                costs = per_request(pipe, session, checkpoints, lambda n: ("lab.animate", {
                    "name": "x", "to": n % 3, "curve": curves[n % len(curves)]}))
            except Diverged as diverged:
                # The model's value ran past ±1e18 (the engine and scripts/swiftui_physics.py agree for an
                # interpolating spring retargeted on every frame): reported, and the group goes on.
                bench_log(f"  history: {label}: diverged at {diverged}")
                costs = dict(diverged.partial)
                out.setdefault("diverged", {})[label] = diverged.n
                bench.row(sec, f"lab.animate retargeted on every frame, {label}: diverged at request #{diverged.n:,}",
                          None, "", None, "", None, diverged.message)
            bench_log(f"  history: {label}: {time.perf_counter() - started:.1f} s")
            out["retarget"][label] = costs
            for n in checkpoints[1:]:
                if n in costs and 10 in costs:
                    bench.row(sec, f"lab.animate retargeted on every frame, {label}: request #{n:,}", costs[n], "us",
                              costs[10], "request #10", costs[n] / costs[10])
        session = pipe.call("session.create", {"app": "airfit"})["session"]
        screens = ["dashboard", "chat"]
        costs = per_request(pipe, session, checkpoints, lambda n: ("ui.navigate", {"screen": screens[n % 2]}))
        out["airfit"] = costs
        for n in checkpoints[1:]:
            bench.row(sec, f"AirFit ui.navigate once a frame: navigation #{n:,}", costs[n], "us", costs[10],
                      "navigation #10", costs[n] / costs[10])
        for label, app, setup in (
                ("lab loop (easeInOut 0.4 s repeatForever, in an AirFit session)", "airfit", True),
                ("FinPessoal (premium gradient loop)", "finpessoal", False)):
            fresh = pipe.call("session.create", {"app": app})["session"]
            if setup:
                pipe.call("lab.animate", {"session": fresh, "name": "x", "to": 1, "curve": HISTORY_CURVES[4][1][0]})
            session = pipe.call("session.fork", {"session": fresh})["session"]
            base = median_of(lambda: timed_call(pipe, "state.get", {"session": fresh}), 5)
            advance = timed_call(pipe, "clock.advance", {"session": session, "ms": FAR_MS})
            first = timed_call(pipe, "state.get", {"session": session})
            out["far"][label] = {"fresh_us": base, "advance_us": advance, "state_us": first}
            bench.row(sec, f"state.get 3e8 ms into a repeating animation, {label}", first, "us", base,
                      "fresh session's state.get", first / base, f"the advance itself: {advance:,.0f} us")
    bench.results.setdefault("long", {})["history"] = out


def median_of(measure, count):
    values = sorted(measure() for _ in range(count))
    return values[len(values) // 2]


def memory(bench, requests=200_000):
    """RSS per request kept (the action log) and per trace event kept: the same haptics, one request each (an
    `action` and a `haptic` event, and a haptics.list entry), in a fresh daemon with traceLimit 1,000 (only the action
    log grows) and with traceLimit 1,000,000 (everything is kept)."""
    growth = {}
    for limit in (1000, 1_000_000):
        with bench.choreod_server() as server:
            pipe = Pipe(server.path)
            session = pipe.call("session.create", {"traceLimit": limit})["session"]
            line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "lab.haptic",
                               "params": {"session": session, "style": "light"}}) + "\n"
            data = (line * WINDOW).encode()
            pipe.window(data, WINDOW)
            before = server.rss_kib()
            for _ in range(requests // WINDOW):
                pipe.window(data, WINDOW)
            growth[limit] = (server.rss_kib() - before) * 1024
    per_action = growth[1000] / requests
    per_event = (growth[1_000_000] - growth[1000]) / (2 * requests)
    bench.results.setdefault("long", {})["memory"] = {"bytes_per_request": per_action, "bytes_per_event": per_event,
                                                       "requests": requests, "growth_bytes": growth}
    sec = "long session: memory a session keeps (RSS growth)"
    bench.row(sec, f"per request (the action log; {requests:,} lab.haptic, traceLimit 1,000)", per_action, "B", None,
              "", None)
    bench.row(sec, "per trace event kept (with its haptics.list entry; traceLimit 1,000,000)", per_event, "B", None,
              "", None, "an event costs this until traceLimit drops it")


def bench_log(text):
    import sys
    print(text, file=sys.stderr, flush=True)
