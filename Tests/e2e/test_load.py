"""Load and slow clients: many pipelining connections, a client that never reads its replies, a subscriber that
falls behind, and clients that vanish mid-line or mid-batch.

Figures (throughput, completion times, RSS) are printed; run with `-s` to see them. Only generous bounds are asserted:
timing targets belong to the benchmarks.
"""
import asyncio
import json
import os
import socket
import threading
import time

import pytest

from choreo_harness import Client, Daemon, wait_until

CONNECTIONS = int(os.environ.get("CHOREO_LOAD_CONNECTIONS", "500"))
REQUESTS = int(os.environ.get("CHOREO_LOAD_REQUESTS", "200"))
# Under AddressSanitizer or ThreadSanitizer (`make test-sanitized`) memory figures mean nothing (ASan keeps freed
# memory in quarantine) and everything is slower: RSS bounds are not asserted and time limits are longer.
SANITIZED = bool(os.environ.get("CHOREO_SANITIZED"))
SLOWER = 5 if SANITIZED else 1


def assert_rss_growth(grown_kib, bound_mib, what):
    if not SANITIZED:
        assert grown_kib < bound_mib * 1024, f"RSS grew by {grown_kib / 1024:.0f} MiB {what}"


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def open_fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


class RSSSampler(threading.Thread):
    def __init__(self, pid, interval=0.05):
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.peak = rss_kib(pid)
        self.running = True

    def run(self):
        while self.running:
            try:
                self.peak = max(self.peak, rss_kib(self.pid))
            except (OSError, AssertionError):
                return
            time.sleep(self.interval)

    def stop(self):
        self.running = False
        self.join()
        return self.peak


def request_plan(session, n):
    """n requests on one session: (line, check(result)) with ids 0..n-1. Values are checked exactly."""
    plan = []
    for i in range(n):
        k = i % 4
        if k == 0:
            params = {"session": session, "name": "v", "value": i}
            plan.append(("lab.set", params, lambda r, i=i: r == {"value": i}))
        elif k == 1:
            params = {"session": session, "path": "lab.values.v"}
            plan.append(("state.get", params, lambda r, i=i: r["value"] == i - 1 and r["now"] == (i // 4) * 10))
        elif k == 2:
            params = {"session": session, "ms": 10}
            plan.append(("clock.advance", params, lambda r, i=i: r["now"] == (i // 4 + 1) * 10))
        else:
            params = {"session": session}
            plan.append(("clock.now", params, lambda r, i=i: r["now"] == (i // 4 + 1) * 10))
    lines = b"".join(
        json.dumps({"jsonrpc": "2.0", "id": i, "method": m, "params": p}).encode() + b"\n"
        for i, (m, p, _) in enumerate(plan)
    )
    return lines, [check for _, _, check in plan]


async def one_connection(path, index, n, results):
    reader, writer = await asyncio.open_unix_connection(path, limit=1 << 20)
    started = time.monotonic()
    writer.write(b'{"jsonrpc":"2.0","id":"create","method":"session.create","params":{"seed":%d}}\n' % index)
    await writer.drain()
    created = json.loads(await reader.readline())
    session = created["result"]["session"]
    lines, checks = request_plan(session, n)
    sent = time.monotonic()
    writer.write(lines)
    await writer.drain()
    ids = []
    bad = []
    for _ in range(n):
        line = await reader.readline()
        assert line.endswith(b"\n"), f"connection {index}: closed after {len(ids)} replies"
        reply = json.loads(line)
        rid = reply["id"]
        ids.append(rid)
        if "result" not in reply or not checks[rid](reply["result"]):
            bad.append(reply)
    done = time.monotonic()
    writer.write(b'{"jsonrpc":"2.0","id":"close","method":"session.close","params":{"session":"%s"}}\n' % session.encode())
    await writer.drain()
    closed = json.loads(await reader.readline())
    writer.close()
    await writer.wait_closed()
    results[index] = {
        "session": session, "ids": ids, "bad": bad, "closed": closed.get("result"),
        "connect_to_done": done - started, "first_send_to_done": done - sent,
    }


async def run_load(path, connections, n):
    results = {}
    await asyncio.gather(*(one_connection(path, i, n, results) for i in range(connections)))
    return results


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def test_many_connections_pipelining_on_their_own_sessions_get_every_answer_once_in_order():
    with Daemon(args=["--log-level", "warning"]) as d:
        pid = d.proc.pid
        baseline = rss_kib(pid)
        sampler = RSSSampler(pid)
        sampler.start()
        started = time.monotonic()
        results = asyncio.run(run_load(d.socket_path, CONNECTIONS, REQUESTS))
        elapsed = time.monotonic() - started
        peak = sampler.stop()
        after = rss_kib(pid)

        assert len(results) == CONNECTIONS
        sessions = set()
        for index, r in results.items():
            assert r["ids"] == list(range(REQUESTS)), f"connection {index}: replies out of order or missing"
            assert not r["bad"], f"connection {index}: wrong answers {r['bad'][:3]}"
            assert r["closed"] == {"closed": True}
            sessions.add(r["session"])
        assert len(sessions) == CONNECTIONS, "every connection got its own session"

        total = CONNECTIONS * (REQUESTS + 2)
        times = [r["first_send_to_done"] for r in results.values()]
        print(
            f"\nload: {CONNECTIONS} connections x {REQUESTS} pipelined requests = {total} requests in {elapsed:.2f} s "
            f"({total / elapsed:.0f} req/s); per-connection time from sending its {REQUESTS} requests to the last "
            f"answer p50 {percentile(times, 50) * 1000:.0f} ms, p99 {percentile(times, 99) * 1000:.0f} ms, "
            f"max {max(times) * 1000:.0f} ms; RSS baseline {baseline / 1024:.1f} MiB, peak {peak / 1024:.1f} MiB, "
            f"after {after / 1024:.1f} MiB"
        )
        # Bounded memory: a generous ceiling (a leak of the replies or sessions would show as hundreds of MiB).
        assert_rss_growth(peak - baseline, 512, "under load")
        c = d.client()
        assert c.call("session.list") == {"sessions": []}
        c.close()
        assert wait_until(lambda: open_fds(pid) <= 64, timeout=10 * SLOWER), f"{open_fds(pid)} fds still open"


def test_a_client_that_never_reads_is_paused_then_closed_and_others_are_unaffected():
    # rpc.discover answers with the whole OpenRPC document (>100 KB): a few dozen replies pass the 4 MiB bound.
    with Daemon(args=["--slow-client-seconds", "2", "--log-level", "notice"]) as d:
        pid = d.proc.pid
        baseline = rss_kib(pid)
        slow = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        slow.connect(d.socket_path)
        slow.settimeout(30)
        sent = {"requests": 0, "error": None}
        line = b'{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}\n'
        count = 20_000

        def flood():
            try:
                for _ in range(count // 100):
                    slow.sendall(line * 100)
                    sent["requests"] += 100
            except OSError as e:  # the daemon closes the connection: EPIPE / ECONNRESET
                sent["error"] = e

        writer = threading.Thread(target=flood, daemon=True)
        writer.start()
        sampler = RSSSampler(pid)
        sampler.start()

        # Meanwhile another client works normally, with prompt answers.
        other = d.client()
        session = other.call("session.create")["session"]
        worst = 0.0
        deadline = time.monotonic() + 3.5
        rounds = 0
        while time.monotonic() < deadline:
            t0 = time.monotonic()
            assert other.call("lab.set", session=session, name="x", value=rounds) == {"value": rounds}
            worst = max(worst, time.monotonic() - t0)
            rounds += 1
        writer.join(timeout=30)
        peak = sampler.stop()

        # The slow client was closed: what it can still read ends with EOF (or a reset), far short of its requests.
        replies = 0
        buffered = b""
        try:
            while True:
                chunk = slow.recv(1 << 20)
                if not chunk:
                    break
                buffered += chunk
        except (ConnectionResetError, socket.timeout):
            pass
        replies = buffered.count(b"\n")
        slow.close()
        d.stop()
        log = d.proc.stderr.read()
        print(
            f"\nslow client: sent {sent['requests']} requests before the daemon stopped reading ({sent['error']!r}); "
            f"{replies} answers reached it before it was closed; the other client made {rounds} round trips, slowest "
            f"{worst * 1000:.1f} ms; RSS baseline {baseline / 1024:.1f} MiB, peak {peak / 1024:.1f} MiB"
        )
        assert sent["requests"] < count, "the daemon kept reading from a client that never reads"
        assert replies < 400, f"{replies} answers queued for a client that never reads"
        assert "closing a connection that stopped reading its replies" in log
        assert worst < 2.0 * SLOWER, f"the other client waited {worst:.2f} s"
        assert_rss_growth(peak - baseline, 256, "with a client that never reads")


def test_a_subscriber_that_falls_behind_loses_its_subscription_with_a_final_event():
    with Daemon(args=["--slow-client-seconds", "60", "--log-level", "notice"]) as d:
        driver = d.client()
        session = driver.call("session.create")["session"]
        watcher = d.client()
        watcher.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        subscription = watcher.call("events.subscribe", session=session)["subscription"]
        text = "x" * 60_000
        worst = 0.0
        for i in range(150):  # about 2 x 60 KB of events per call, past the 4 MiB bound
            t0 = time.monotonic()
            driver.call("lab.announce", session=session, text=text)
            worst = max(worst, time.monotonic() - t0)
        # The watcher reads now: events, then one final notice, then nothing more for that subscription.
        events, dropped = 0, None
        watcher.sock.settimeout(5)
        while True:
            message = watcher.read_json()
            assert message["method"] == "event" and message["params"]["subscription"] == subscription
            if "dropped" in message["params"]:
                dropped = message["params"]["dropped"]
                break
            events += 1
        assert dropped["reason"] == "slowConsumer" and dropped["maxQueuedOutputBytes"] == 4 * 1024 * 1024
        assert 0 < events < 300
        # The watcher's connection still works, without the subscription.
        driver.call("lab.announce", session=session, text="after")
        assert watcher.call("daemon.info")["name"] == "choreod"
        assert watcher.notifications == []
        reply = watcher.request("events.unsubscribe", {"subscription": subscription}, raw=True)
        assert reply["error"]["code"] == -32602
        print(f"\nsubscriber: {events} events delivered before the drop; driver's slowest call {worst * 1000:.1f} ms")
        assert worst < 2.0 * SLOWER


def test_clients_that_disconnect_mid_line_or_mid_batch_leak_nothing():
    with Daemon(args=["--log-level", "error"]) as d:
        pid = d.proc.pid
        c = d.client()
        session = c.call("session.create")["session"]
        baseline_fds = open_fds(pid)
        batch = json.dumps(
            [{"jsonrpc": "2.0", "id": i, "method": "trace.get", "params": {"session": session}} for i in range(500)]
        ).encode()
        for round_ in range(3):
            for i in range(100):
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(d.socket_path)
                kind = i % 4
                if kind == 0:
                    s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"lab.set","params":{"session":"' + session.encode())
                elif kind == 1:
                    s.sendall(batch[: len(batch) // 2])
                elif kind == 2:
                    s.sendall(batch + b"\n")  # a whole batch, then gone before the answer
                else:
                    # Each answer is the whole OpenRPC document, which sanitized builds serialize many times slower.
                    s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}\n' * (10 if SANITIZED else 50))
                s.close()
            if round_ == 0:
                rss_after_first = rss_kib(pid)
        assert c.call("clock.now", session=session)["now"] == 0
        # Lines already read are still answered (into the void) before each connection closes: give it time.
        assert wait_until(lambda: open_fds(pid) <= baseline_fds, timeout=60 * SLOWER), (
            f"{open_fds(pid)} fds open, {baseline_fds} before"
        )
        rss_end = rss_kib(pid)
        print(f"\ndisconnects: RSS after the first 100 {rss_after_first / 1024:.1f} MiB, after 300 {rss_end / 1024:.1f} MiB")
        assert_rss_growth(rss_end - rss_after_first, 64, "over 200 more abrupt disconnects")
        assert c.call("session.list")["sessions"] == [
            {"session": session, "app": "finpessoal", "now": 0, "physics": "swiftui"}  # the default
        ]
        c.close()
