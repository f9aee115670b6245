"""The stateful fuzzer (scripts/stateful_fuzz.py, issue 42 item 5): a short seeded run against the real choreod
finds nothing, and the detection machinery works — against a fake daemon that crashes, answers NaN, changes an
untouched session or answers the wrong id, so these tests cannot pass vacuously — and `--replay` of a known crash
of the unfixed daemon says what the daemon does.
"""
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from choreo_harness import CHOREOD, Daemon

ROOT = Path(__file__).resolve().parents[2]
FUZZ = ROOT / "scripts" / "stateful_fuzz.py"
INT64_MAX = 2**63 - 1


def fuzz(*args, choreod=CHOREOD, timeout=120, env=None):
    """Runs the fuzzer; the completed process (stdout and stderr as text)."""
    return subprocess.run([sys.executable, str(FUZZ), "--choreod", str(choreod), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, env=env or dict(os.environ))


def require_choreod():
    if not os.path.exists(CHOREOD):
        pytest.fail(f"choreod binary not found at {CHOREOD}; run `make build` first or set CHOREOD")


# ---- against the real daemon ----


def test_a_short_seeded_run_finds_nothing(tmp_path):
    """10,000 requests over every method, both apps and the lab: every reply well formed and finite, the daemon
    alive, the witness sessions unchanged. Long runs are `python3 scripts/stateful_fuzz.py --requests N` by hand
    (the README's record: 10.5 million requests in one run)."""
    require_choreod()
    out = tmp_path / "out"
    run = fuzz("--seed", "42", "--requests", "10000", "--seconds", "50", "--jobs", "1", "--out", str(out),
               "--shrink-seconds", "30", timeout=300)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert run.stdout.splitlines()[-1].endswith(" 0 failed"), run.stdout[-3000:]
    sent = re.search(r"^([0-9,]+) requests in", run.stdout, re.M)
    assert sent and int(sent.group(1).replace(",", "")) >= 3000, run.stdout[-3000:]


def test_replay_of_a_trace_get_past_int64_says_what_the_daemon_does(tmp_path):
    """`trace.get {afterSeq: 2^63-1}` killed the daemon before issue 42: the replay's verdict must match whether the
    daemon survives that request (asked directly here), whichever build this is."""
    require_choreod()
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "session.create", "params": {"app": "finpessoal"}},
        {"jsonrpc": "2.0", "id": 2, "method": "trace.get", "params": {"session": "s1", "afterSeq": INT64_MAX}},
        {"jsonrpc": "2.0", "id": 3, "method": "daemon.info"},
    ]
    repro = tmp_path / "afterseq.jsonl"
    repro.write_text("".join(json.dumps(line) + "\n" for line in lines))

    with Daemon(args=["--log-level", "error"]) as daemon:
        client = daemon.client()
        session = client.call("session.create", app="finpessoal")["session"]
        try:
            client.request("trace.get", {"session": session, "afterSeq": INT64_MAX}, raw=True)
            client.call("daemon.info")
            survived = True
        except (EOFError, ConnectionError, OSError):
            survived = False
        client.close()
        if not survived:
            daemon.proc.wait(timeout=20)

    run = fuzz("--replay", str(repro))
    if survived:
        assert run.returncode == 0 and run.stdout.startswith("PASS"), run.stdout + run.stderr
    else:
        assert run.returncode == 1 and run.stdout.startswith("FAIL: died"), run.stdout + run.stderr


def test_replay_of_ordinary_requests_passes(tmp_path):
    """No false alarm: ordinary requests, the witness read twice, replayed on a fresh daemon."""
    require_choreod()
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "session.create", "params": {"app": "airfit"}},
        {"jsonrpc": "2.0", "id": 2, "method": "session.export", "params": {"session": "s1"}},
        {"jsonrpc": "2.0", "id": 3, "method": "session.create", "params": {"app": "finpessoal"}},
        {"jsonrpc": "2.0", "id": 4, "method": "ui.navigate", "params": {"session": "s2", "screen": "budgets"}},
        {"jsonrpc": "2.0", "id": 5, "method": "clock.advance", "params": {"session": "s2", "ms": 1000}},
        {"jsonrpc": "2.0", "id": 6, "method": "state.get", "params": {"session": "s2"}},
        {"jsonrpc": "2.0", "id": 7, "method": "session.export", "params": {"session": "s1"}},
    ]
    path = tmp_path / "ordinary.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run = fuzz("--replay", str(path))
    assert run.returncode == 0 and run.stdout.startswith("PASS"), run.stdout + run.stderr


# ---- the detection machinery, against a fake daemon ----

FAKE = textwrap.dedent(r'''
    #!/usr/bin/env python3
    """A fake choreod: answers every method plausibly, except for the fault FAKE_MODE names."""
    import json, math, os, signal, socket, sys, threading

    MODE = os.environ.get("FAKE_MODE", "ok")
    path = sys.argv[sys.argv.index("--socket") + 1]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(16)
    lock = threading.Lock()
    state = {"sessions": 0, "requests": 0}
    SHAPE = {"type": "object", "fields": [{"name": "x", "shape": {"type": "number"}},
                                           {"name": "lab", "shape": {"type": "any"}}]}

    def result(method, params):
        with lock:
            state["requests"] += 1
            count = state["requests"]
            if method in ("session.create", "session.fork", "session.import"):
                state["sessions"] += 1
                return {"session": f"s{state['sessions']}", "app": "fakeapp", "now": 0}
        if method == "daemon.info":
            return {"apps": ["fakeapp"], "name": "fake", "protocolVersion": "1.3", "sessions": 0, "uptimeMs": 1,
                    "version": "0", "limits": {}, "physics": {}}
        if method == "app.describe":
            return {"app": "fakeapp", "state": SHAPE, "screens": ["home"], "traceEvents": []}
        if method == "lab.set":
            state["leaked"] = True  # MODE witness: from now on every session exports another digest
        if method == "session.export":
            digest = "fnv1a64:%016x" % (1 if MODE == "witness" and state.get("leaked") else 0)
            return {"format": "choreo-session", "version": 1, "config": {}, "actions": [], "traceEvents": 1,
                    "traceDigest": digest}
        if method == "state.get":
            return {"value": 1 if params.get("path") == "x" else {"x": 1}, "now": 0}
        if method in ("animations.list",):
            return {"animations": [], "now": 0}
        return {}

    def answer(request):
        method = request.get("method")
        params = request.get("params") if isinstance(request.get("params"), dict) else {}
        if MODE == "crash" and method == "trace.get" and params.get("afterSeq") == 2**63 - 1:
            sys.stderr.write("Fatal error: Arithmetic overflow (fake)\n")
            sys.stderr.flush()
            os.kill(os.getpid(), signal.SIGILL)
        rid = request.get("id")
        if MODE == "badid" and method == "clock.now":
            rid = (rid + 1) if isinstance(rid, int) else 0
        reply = {"jsonrpc": "2.0", "id": rid, "result": result(method, params)}
        if MODE == "nan" and method == "state.get" and params.get("path") == "x":
            value = reply["result"]["value"]
            reply["result"]["value"] = {"x": "NAN"} if isinstance(value, dict) else "NAN"
        return json.dumps(reply)

    INVALID = {"error": {"code": -32600, "data": {}, "message": "Invalid Request"}, "id": None, "jsonrpc": "2.0"}

    def valid(r):
        if not isinstance(r, dict) or r.get("jsonrpc") != "2.0" or not isinstance(r.get("method"), str):
            return False
        if "params" in r and not isinstance(r["params"], (dict, list)):
            return False
        rid = r.get("id")
        return not isinstance(rid, bool) and (rid is None or isinstance(rid, (str, int))
                                              or isinstance(rid, float) and math.isfinite(rid))

    def handle(request):
        """The reply object to one request (None for a notification)."""
        if not valid(request):
            return INVALID
        if request["method"] == "daemon.shutdown":
            state["stop"] = True
        return json.loads(answer(request)) if "id" in request else None

    def serve(conn):
        buf = b""
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                return
            buf += chunk
            *lines, buf = buf.split(b"\n")
            out = []
            for line in lines:
                try:
                    request = json.loads(line)
                except ValueError:
                    out.append({"error": {"code": -32700, "data": {}, "message": "Parse error"}, "id": None,
                                "jsonrpc": "2.0"})
                    continue
                if isinstance(request, list) and request:
                    replies = [r for r in map(handle, request) if r is not None]
                    if replies:
                        out.append(replies)
                elif isinstance(request, list):
                    out.append(INVALID)
                else:
                    reply = handle(request)
                    if reply is not None:
                        out.append(reply)
            if out:
                text = "\n".join(json.dumps(o, sort_keys=True) for o in out) + "\n"
                if MODE == "nan":
                    text = text.replace('"x": "NAN"', '"x": NaN').replace('"value": "NAN"', '"value": NaN')
                conn.sendall(text.encode())
            if state.get("stop"):
                os._exit(0)

    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    print(f"listening on {path}", flush=True)
    # Python runs a signal's handler in the main thread only, and the kernel may deliver SIGTERM to a serving
    # thread: then nothing interrupts a blocking accept() and the fake would outlive the fuzzer's stop. accept()
    # wakes up five times a second instead.
    server.settimeout(0.2)
    while True:
        try:
            conn, _ = server.accept()
        except socket.timeout:
            continue
        conn.settimeout(None)
        threading.Thread(target=serve, args=(conn,), daemon=True).start()
''').lstrip()


@pytest.fixture
def fake(tmp_path):
    path = tmp_path / "fake-choreod"
    path.write_text(FAKE)
    path.chmod(0o755)
    return path


def fake_env(mode):
    env = dict(os.environ)
    env["FAKE_MODE"] = mode
    return env


def fuzz_fake(fake, mode, out, *args, requests=1500):
    return fuzz("--seed", "3", "--requests", str(requests), "--jobs", "1", "--out", str(out), "--shrink-seconds",
                "60", "--hang-seconds", "10", *args, choreod=fake, env=fake_env(mode), timeout=300)


def test_the_fake_daemon_alone_is_clean(fake, tmp_path):
    """The fake answers everything well: the fuzzer finds nothing, so what the tests below find is the fault."""
    run = fuzz_fake(fake, "ok", tmp_path / "out")
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert run.stdout.splitlines()[-1].endswith(" 0 failed"), run.stdout[-2000:]


def test_a_daemon_that_dies_is_found_shrunk_and_replayed(fake, tmp_path):
    out = tmp_path / "out"
    # Shrinking takes a second or two; the budget is for a loaded machine.
    run = fuzz_fake(fake, "crash", out, "--shrink-seconds", "90", requests=3000)
    assert run.returncode == 1, run.stdout[-4000:] + run.stderr[-2000:]
    assert "[died] died (signal SIGILL): Fatal error: Arithmetic overflow (fake)" in run.stdout, run.stdout[-4000:]
    repros = sorted(out.glob("died-*.jsonl"))
    assert len(repros) == 1, list(out.iterdir())
    lines = [json.loads(line) for line in repros[0].read_text().splitlines()]
    # Shrunk to the request that kills it (the fake needs no session).
    assert lines == [{"jsonrpc": "2.0", "id": lines[0]["id"], "method": "trace.get",
                      "params": {**lines[0]["params"], "afterSeq": INT64_MAX}}], lines
    replay = fuzz("--replay", str(repros[0]), choreod=fake, env=fake_env("crash"))
    assert replay.returncode == 1 and "FAIL: died (signal SIGILL)" in replay.stdout, replay.stdout + replay.stderr
    healthy = fuzz("--replay", str(repros[0]), choreod=fake, env=fake_env("ok"))
    assert healthy.returncode == 0 and "PASS" in healthy.stdout, healthy.stdout + healthy.stderr


def methods_of(path):
    return [json.loads(line)["method"] for line in path.read_text().splitlines()]


def test_a_nan_in_a_reply_is_found(fake, tmp_path):
    out = tmp_path / "out"
    run = fuzz_fake(fake, "nan", out)
    assert run.returncode == 1, run.stdout[-4000:]
    assert "[nonfinite] nonfinite token NaN" in run.stdout, run.stdout[-4000:]
    repro, = out.glob("nonfinite-*.jsonl")
    # The fake answers any session: the state.get alone is left.
    assert methods_of(repro) == ["state.get"], repro.read_text()


def test_an_untouched_session_that_changes_is_found(fake, tmp_path):
    """The witness is exported before and after every case; here another session's lab.set changes it."""
    out = tmp_path / "out"
    run = fuzz_fake(fake, "witness", out)
    assert run.returncode == 1, run.stdout[-4000:]
    assert "[witness] untouched session changed (export)" in run.stdout, run.stdout[-4000:]
    repro, = out.glob("witness-*.jsonl")
    assert methods_of(repro) == ["session.create", "session.export", "lab.set", "session.export"], \
        repro.read_text()
    replay = fuzz("--replay", str(repro), choreod=fake, env=fake_env("witness"))
    assert replay.returncode == 1 and "FAIL: untouched session changed" in replay.stdout, replay.stdout


def test_a_reply_to_the_wrong_id_is_found(fake, tmp_path):
    run = fuzz_fake(fake, "badid", tmp_path / "out")
    assert run.returncode == 1, run.stdout[-4000:]
    assert "[malformed] clock.now: reply id does not match" in run.stdout, run.stdout[-4000:]


def test_the_same_seed_sends_the_same_requests(fake, tmp_path):
    def counts(run):
        text = run.stdout
        return text[text.index("requests per method:"):text.index("passed")]
    first = fuzz_fake(fake, "ok", tmp_path / "a", "--seed", "9")
    second = fuzz_fake(fake, "ok", tmp_path / "b", "--seed", "9")
    assert counts(first) == counts(second)
