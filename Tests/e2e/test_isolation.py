"""Issue 42, the server's part: nothing one client sends holds up another or takes the daemon down. Requests run on a
worker pool, off the event loops and outside the daemon's lock (case 11); sessionless work is bounded (case 6); a
SIGTERM does not wait for a long request beyond --slow-client-seconds, and start-up does not wait for ever on a
wedged listener (cases 6 and 7); a batch's replies are bounded (case 9); connections are limited and running out of
file descriptors is survived (case 10).

Isolation is checked by logic, never by latency: the other connections are answered while the long request is
still unanswered."""
import json
import os
import resource
import select
import signal
import socket
import subprocess
import tempfile
import time

from choreo_harness import CHOREOD, Client, Daemon, wait_until

# An undamped spring never settles: under the swiftui physics, motion.sample steps it frame by frame up to `at`.
UNDAMPED = {"spring": {"response": 0.4, "dampingFraction": 0}}
# Sampled this far out (6e7 frames at 60 fps) it runs for seconds even in a release build, given the frames to do it.
FAR_MS = 1e9
LONG_SAMPLE = {"curve": UNDAMPED, "at": [FAR_MS], "physics": "swiftui"}


def send(client, method, params, id=1):
    client.send_raw(json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).encode() + b"\n")


def nothing_to_read(client):
    """Whether no reply waits on the client's socket now."""
    return not client.buffer and not select.select([client.sock], [], [], 0)[0]


def test_a_long_request_holds_up_no_other_connection():
    # Enough frames for the long sample to run for seconds; SIGTERM then gives up on it after 1 s.
    with Daemon(args=["--max-sample-frames", "1000000000", "--slow-client-seconds", "1"]) as daemon:
        setup = daemon.client()
        busy_session = setup.call("session.create")["session"]
        other_session = setup.call("session.create")["session"]
        long = daemon.client()
        send(long, "motion.sample", LONG_SAMPLE)
        # Event loops take connections in turn: among these, some share the long request's loop.
        others = [daemon.client() for _ in range(4)]
        for c in others:
            info = c.call("daemon.info")
            assert info["sessions"] >= 2
            assert [s["session"] for s in c.call("session.list")["sessions"]][:2] == [busy_session, other_session]
            created = c.call("session.create")["session"]
            c.call("clock.advance", session=other_session, ms=16)
            c.call("state.get", session=created, path="lab")
            c.call("events.subscribe", session=busy_session)
        assert nothing_to_read(long), "the long request is still running while all of that was answered"
        long.close()


def test_motion_sample_of_a_curve_that_never_settles_is_refused_past_its_frame_limit(daemon):
    c = daemon.client()
    reply = c.request("motion.sample", LONG_SAMPLE, raw=True)
    error = reply["error"]
    assert error["code"] == -32010
    assert error["data"]["limit"] == "sampleFrames"
    assert error["data"]["maximum"] == c.call("daemon.info")["limits"]["maxSampleFrames"]
    assert "physics ideal" in error["data"]["detail"] and "--max-sample-frames" in error["data"]["detail"]
    # Under the ideal physics the same curve is evaluated in closed form, at any time.
    ideal = c.call("motion.sample", curve=UNDAMPED, at=[FAR_MS], physics="ideal")
    assert len(ideal["values"]) == 1
    # A curve that settles is sampled at any time: it is removed long before the limit.
    settled = c.call("motion.sample", curve={"spring": {"response": 0.4, "dampingFraction": 0.8}}, at=[FAR_MS],
                     physics="swiftui")
    assert settled["values"] == [1]


def test_sigterm_during_a_long_request_exits_within_the_slow_client_time():
    d = Daemon(args=["--max-sample-frames", "1000000000", "--slow-client-seconds", "1"]).start()
    long = d.client()
    send(long, "motion.sample", LONG_SAMPLE)
    quick = d.client()
    quick.call("daemon.info")  # the long request is under way
    time.sleep(0.2)
    started = time.monotonic()
    d.proc.send_signal(signal.SIGTERM)
    # Within --slow-client-seconds (1 s here) and a check's slack, not when the request would have ended.
    d.proc.wait(timeout=8)
    assert d.proc.returncode == 0
    print(f"\nSIGTERM during a long request: exited after {time.monotonic() - started:.2f} s")
    assert not os.path.exists(d.socket_path)
    assert long.sock.recv(10) == b"", "the unanswered connection is closed"
    assert quick.sock.recv(10) == b""
    stderr = d.proc.stderr.read()
    assert "still running" in stderr, stderr


def test_start_up_next_to_a_wedged_listener_fails_with_exit_1():
    folder = tempfile.mkdtemp(prefix="choreo-e2e-")
    os.chmod(folder, 0o700)
    path = os.path.join(folder, "choreod.sock")
    wedged = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    wedged.bind(path)
    wedged.listen(0)  # and never accepts
    queued = []
    while True:  # fill its backlog
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.setblocking(False)
        try:
            s.connect(path)
        except BlockingIOError:
            s.close()
            break
        queued.append(s)
    proc = subprocess.run([CHOREOD, "--socket", path], capture_output=True, text=True, timeout=15)
    assert proc.returncode == 1
    assert "took no connection within" in proc.stderr and "wedged" in proc.stderr, proc.stderr
    assert os.path.exists(path), "a socket someone listens on is never removed"
    for s in queued:
        s.close()
    wedged.close()


def test_a_batch_whose_replies_pass_the_limit_is_refused_and_nothing_is_built(daemon):
    c = daemon.client()
    before = rss_kib(daemon.proc.pid)
    batch = [{"jsonrpc": "2.0", "id": i, "method": "rpc.discover"} for i in range(3000)]
    c.send_raw(json.dumps(batch).encode() + b"\n")
    reply = c.read_json()
    assert isinstance(reply, dict), "one error, not an array of 3000 documents"
    assert reply["id"] is None
    assert reply["error"]["code"] == -32010
    data = reply["error"]["data"]
    limit = c.call("daemon.info")["limits"]["maxReplyBytes"]
    assert data["limit"] == "replyBytes" and data["maximum"] == limit
    assert data["requests"] == 3000 and 0 < data["ran"] < 3000
    assert "--max-reply-bytes" in data["detail"]
    # About the limit's worth was built, not the 170 MB the batch asks for.
    assert rss_kib(daemon.proc.pid) - before < 4 * limit // 1024
    # A batch under the limit is answered as before.
    small = [{"jsonrpc": "2.0", "id": i, "method": "daemon.info"} for i in range(3)]
    c.send_raw(json.dumps(small).encode() + b"\n")
    assert [r["id"] for r in c.read_json()] == [0, 1, 2]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def test_connections_past_the_limit_are_refused_with_an_error_and_a_warning():
    with Daemon(args=["--max-connections", "3"]) as daemon:
        held = [daemon.client() for _ in range(3)]
        for c in held:
            c.call("daemon.info")
        refused = daemon.client()
        reply = refused.read_json()
        assert reply["id"] is None and reply["error"]["code"] == -32010
        assert reply["error"]["data"]["limit"] == "connections" and reply["error"]["data"]["maximum"] == 3
        assert refused.sock.recv(10) == b"", "then the connection is closed"
        held.pop().close()
        assert wait_until(lambda: reconnects(daemon)), "a connection is admitted once one has closed"
    assert "refusing new connections" in daemon.proc.stderr.read()


def reconnects(daemon):
    c = daemon.client()
    try:
        return "result" in c.request("daemon.info", raw=True)
    except (AssertionError, EOFError, OSError):  # refused: an error with id null, then the close
        return False
    finally:
        c.close()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_running_out_of_file_descriptors_is_logged_once_and_survived():
    limit = 64

    def few_descriptors():
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    d = Daemon(args=["--log-level", "notice"])
    d.proc = subprocess.Popen([d.binary, "--socket", d.socket_path, *d.args], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, preexec_fn=few_descriptors)
    try:
        assert d.proc.stdout.readline().startswith("listening on ")
        clients = []
        for _ in range(limit):  # more connections than the daemon has descriptors left
            c = Client(d.socket_path, timeout=2)
            clients.append(c)
        # The last ones wait in the backlog: accepting fails, and pauses rather than spins.
        waiting = clients[-1]
        send(waiting, "daemon.info", {}, id=7)
        time.sleep(0.3)
        # A spinning event loop takes whatever CPU it can get, even on a busy machine; a paused one almost none.
        before = cpu_seconds(d.proc.pid)
        time.sleep(2.0)
        spent = cpu_seconds(d.proc.pid) - before
        assert spent < 0.25, f"choreod used {spent:.2f} s of CPU in 2 s while out of descriptors: it spins"
        assert nothing_to_read(waiting)
        for c in clients[:16]:
            c.close()
        # Once descriptors free up, the waiting client is accepted and answered.
        waiting.sock.settimeout(10)
        assert waiting.read_json()["id"] == 7
        for c in clients[16:]:
            c.close()
    finally:
        d.proc.send_signal(signal.SIGTERM)
        d.proc.wait(timeout=20)
    stderr = d.proc.stderr.read()
    assert d.proc.returncode == 0, stderr
    assert stderr.count("out of file descriptors") == 1, stderr
    assert "accepting connections again" in stderr
