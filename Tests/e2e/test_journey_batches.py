"""`journey run` sends runs of steps that need no earlier reply as one JSON-RPC batch (issue 48): the reports stay
those of a run one step at a time, a failure inside a batch included."""
import json
import os
import subprocess
import time

from choreo_harness import CHOREOD, Daemon

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
