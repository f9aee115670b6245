"""Issue 42, the server's part: nothing one client sends holds up another or takes the daemon down.
Sessionless work is bounded (case 6); start-up does not wait for ever on a wedged listener (case 7)."""
import os
import socket
import subprocess
import tempfile

from choreo_harness import CHOREOD, Daemon

# An undamped spring never settles: under the swiftui physics, motion.sample steps it frame by frame up to `at`.
UNDAMPED = {"spring": {"response": 0.4, "dampingFraction": 0}}
# Sampled this far out (6e7 frames at 60 fps) it runs for seconds even in a release build, given the frames to do it.
FAR_MS = 1e9
LONG_SAMPLE = {"curve": UNDAMPED, "at": [FAR_MS], "physics": "swiftui"}


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