"""`journey run` sends runs of steps that need no earlier reply as one JSON-RPC batch (issue 48): the reports stay
those of a run one step at a time, a failure inside a batch included."""
import json
import os
import subprocess
import sys
import time

from choreo_harness import CHOREOD, Daemon

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Benchmarks"))
from line_recorder import RecordingProxy  # noqa: E402  (the benchmarks' recorder, shared)

JOURNEY = os.path.abspath(os.environ.get("JOURNEY", ".build/debug/journey"))
FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "journeys")


def run(path, *args, socket=None):
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    env["CHOREOD"] = CHOREOD
    extra = ["--socket", socket] if socket else []
    return subprocess.run([JOURNEY, "run", path, "--no-color", *extra, *args], capture_output=True, text=True,
                          timeout=120, env=env)


def test_a_failure_inside_a_batch_is_reported_as_the_session_was_at_that_step(tmp_path):
    report = tmp_path / "r.json"
    out = run(os.path.join(FIXTURES, "batches", "fails-mid-batch.yaml"), "--json", str(report))
    assert out.returncode == 1, out.stdout + out.stderr
    # Linear 0 → 10 over 1 s: 1 at 100 ms (the journey expects 5).
    assert "lab.values.x: expected 5, got 1" in out.stdout, out.stdout
    assert "at virtual 100 ms" in out.stdout
    result = json.loads(report.read_text())["journeys"][0]
    assert [s["kind"] for s in result["steps"]] == ["call", "advance", "expect"]
    assert result["steps"][-1]["passed"] is False
    assert result["virtualMs"] == 100
    trace = json.dumps(result["failure"]["recentTrace"])
    assert "rigid" not in trace and "Too late" not in trace, trace


def test_the_failed_batch_leaves_no_session_open(tmp_path):
    with Daemon() as d:
        client = d.client()
        out = run(os.path.join(FIXTURES, "batches", "fails-mid-batch.yaml"), socket=d.socket_path)
        assert out.returncode == 1, out.stdout + out.stderr
        # Both sessions (the batched run and the one-step-at-a-time run) are closed; nothing waits for their ends,
        # so a later request on another connection may come first: ask until they are gone.
        deadline = time.monotonic() + 10
        while client.call("session.list")["sessions"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.call("session.list")["sessions"] == []


def test_a_journey_that_makes_a_session_runs_one_step_at_a_time(tmp_path):
    with Daemon() as d:
        out = run(os.path.join(FIXTURES, "batches", "makes-a-session.yaml"), socket=d.socket_path)
    assert out.returncode == 1, out.stdout + out.stderr
    failure = [line for line in out.stdout.splitlines() if "$l.sessions: expected" in line]
    assert failure, out.stdout
    # The journey's own session and the one it made: no session of an abandoned first run.
    assert failure[0].count('"session":') == 2, failure[0]


def test_a_batch_past_the_reply_limit_runs_again_one_request_at_a_time(tmp_path):
    # 150 announcements of 300 characters: the mark's four replies together pass the smallest reply limit (64 KiB),
    # which a batch's replies count together and single replies do not.
    steps = [f"  - call: lab.announce\n    params: {{text: {'A' * 300}{i}}}\n" for i in range(150)]
    path = tmp_path / "big-mark.yaml"
    path.write_text("journey: A mark past the reply limit\nphysics: ideal\nsteps:\n" + "".join(steps)
                    + "  - mark: m\n  - advance: 10\n  - expectAnnouncements: {announcements: [], since: m}\n")
    with Daemon(args=["--max-reply-bytes", "65536"]) as d:
        out = run(str(path), socket=d.socket_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed, 0 failed" in out.stdout


def methods(line):
    """The methods a recorded line calls, in order (one for a request, several for a batch)."""
    return [r.get("method") for r in (line if isinstance(line, list) else [line])]


def write_journeys(directory, names, extra_step=""):
    for name in names:
        (directory / f"{name}.yaml").write_text(
            f"journey: {name}\nphysics: ideal\nsteps:\n  - call: lab.animate\n"
            "    params: {name: x, to: 10, curve: {linear: {duration: 1}}}\n"
            f"  - advance: 500\n  - expect:\n      lab.values.x: 5\n{extra_step}")


def test_the_next_journeys_session_is_asked_for_before_this_journeys_steps(tmp_path):
    """Issue 48: each worker asks for the session of the journey it runs next while the one before starts, so a
    journey's start waits for no `session.create` round trip of its own."""
    suite = tmp_path / "suite"
    suite.mkdir()
    write_journeys(suite, ["a", "b", "c"])
    with Daemon() as d:
        recorder = RecordingProxy(d.socket_path, str(tmp_path / "rec.sock"))
        out = run(str(suite), "--jobs", "1", socket=str(tmp_path / "rec.sock"))
        recorder.stop()
        assert out.returncode == 0, out.stdout + out.stderr
        calls = [methods(line) for line in recorder.messages()]
        batches = [i for i, m in enumerate(calls) if "clock.advance" in m]
        creates = [i for i, m in enumerate(calls) if m == ["session.create"]]
        closes = [i for i, m in enumerate(calls) if m == ["session.close"]]
        assert len(batches) == 3 and len(creates) == 3 and len(closes) == 3, calls
        # b's session was asked for before a's steps ran, c's before b's journey ended.
        assert creates[1] < batches[0] and creates[2] < closes[1], calls
        # Nothing is left open: every session made, ahead or not, was used and closed.
        deadline = time.monotonic() + 10
        client = d.client()
        while client.call("session.list")["sessions"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.call("session.list")["sessions"] == []


def test_a_session_asked_for_ahead_and_not_used_is_closed(tmp_path):
    """With --fail-fast, the journey after a failing one never runs: the session asked for it is closed."""
    suite = tmp_path / "suite"
    suite.mkdir()
    write_journeys(suite, ["a", "b", "c"])
    (suite / "a.yaml").write_text((suite / "a.yaml").read_text().replace("x: 5", "x: 6"))
    with Daemon() as d:
        out = run(str(suite), "--jobs", "1", "--fail-fast", socket=d.socket_path)
        assert out.returncode == 1, out.stdout + out.stderr
        client = d.client()
        deadline = time.monotonic() + 10
        while client.call("session.list")["sessions"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.call("session.list")["sessions"] == []


def test_a_journey_that_reaches_past_its_session_has_none_made_ahead(tmp_path):
    """A journey that reads the daemon (`session.list`) would see a session made ahead for the next one: none is
    made while it runs, and its own is not made ahead either."""
    suite = tmp_path / "suite"
    suite.mkdir()
    write_journeys(suite, ["a", "c"])
    (suite / "b.yaml").write_text(
        "journey: b\nphysics: ideal\nsteps:\n  - call: session.list\n    as: l\n"
        "  - expect:\n      $l.sessions: {len: 1}\n")
    with Daemon() as d:
        out = run(str(suite), "--jobs", "1", socket=d.socket_path)
    assert out.returncode == 0, out.stdout + out.stderr
