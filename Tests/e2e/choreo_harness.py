"""Starts the real choreod on a temporary socket and talks to it over a raw Unix socket.

Used by the end-to-end tests; standard library only.
"""
import json
import os
import signal
import socket
import subprocess
import tempfile
import time

CHOREOD = os.path.abspath(os.environ.get("CHOREOD", ".build/debug/choreod"))
# A sanitized choreod (make test-sanitized) checks for leaks when it exits, symbolizing what it finds against its
# suppressions: that can take longer than a plain daemon's whole run.
STOP_SECONDS = 180.0 if os.environ.get("CHOREO_SANITIZED") else 20.0


class Daemon:
    """A choreod process on its own socket."""

    def __init__(self, socket_path=None, args=(), env=None, binary=None):
        self.binary = binary or CHOREOD
        self.tmp = tempfile.mkdtemp(prefix="choreo-e2e-")
        self.socket_path = socket_path or os.path.join(self.tmp, "run", "choreod.sock")
        self.args = list(args)
        self.env = env
        self.proc = None
        self.stdout_line = None

    def start(self, expect_ok=True, timeout=20.0):
        cmd = [self.binary, "--socket", self.socket_path, *self.args] if self.socket_path else [self.binary, *self.args]
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env
        )
        if not expect_ok:
            return self
        self.stdout_line = self.proc.stdout.readline().strip()
        if not self.stdout_line.startswith("listening on "):
            self.proc.kill()
            raise AssertionError(f"choreod did not start: {self.stdout_line!r} {self.proc.stderr.read()}")
        return self

    def stop(self, sig=signal.SIGTERM, timeout=STOP_SECONDS):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=timeout)
        return self.proc.returncode

    def client(self):
        return Client(self.socket_path)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        if self.proc.poll() is None:
            self.proc.kill()


class RPCError(Exception):
    def __init__(self, error):
        super().__init__(error.get("message"))
        self.code = error.get("code")
        self.data = error.get("data")


class Client:
    """A line-oriented JSON-RPC client over a Unix socket."""

    def __init__(self, path, timeout=20.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buffer = b""
        self.next_id = 1
        self.notifications = []

    def close(self):
        self.sock.close()

    def send_raw(self, data: bytes):
        self.sock.sendall(data)

    def read_line(self) -> bytes:
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("connection closed by choreod")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def read_json(self):
        return json.loads(self.read_line())

    def request(self, method, params=None, raw=False):
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            msg["params"] = params
        self.send_raw(json.dumps(msg).encode() + b"\n")
        while True:
            reply = self.read_json()
            if reply.get("method") == "event":
                self.notifications.append(reply)
                continue
            break
        assert reply["id"] == msg["id"], reply
        if raw:
            return reply
        if "error" in reply:
            raise RPCError(reply["error"])
        return reply["result"]

    def call(self, method, **params):
        return self.request(method, params)


def wait_until(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def journey_run(*args):
    """`journey run --jobs 1 ARGS` from the repository root, starting its own choreod ($CHOREOD, else the debug
    build) rather than any daemon the environment names; the completed process."""
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    journey = os.path.abspath(os.environ.get("JOURNEY", os.path.join(root, ".build", "debug", "journey")))
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    env.setdefault("CHOREOD", os.path.join(root, ".build", "debug", "choreod"))
    return subprocess.run([journey, "run", "--jobs", "1", *args], cwd=root, env=env, capture_output=True, text=True,
                          timeout=300)
