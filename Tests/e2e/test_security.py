"""Who may connect: private directory and socket permissions, peer credentials (SO_PEERCRED), and no file access on
behalf of clients."""
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from choreo_harness import CHOREOD, Client, Daemon

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534

needs_root = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None,
    reason="needs root and setpriv(1) to connect as a second uid (nobody); run the suite as root (CI does) to check "
    "SO_PEERCRED",
)

PROBE = textwrap.dedent(
    """
    import socket, sys
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(10)
    try:
        s.connect(sys.argv[1])
    except OSError as e:
        print("connect-failed", e.errno)
        sys.exit(0)
    try:
        s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"daemon.info"}\\n')
        data = s.recv(65536)
        print("closed" if data == b"" else "answered " + data.decode(errors="replace")[:200])
    except (ConnectionResetError, BrokenPipeError):
        print("closed")
    except OSError as e:
        print("error", e.errno)
    """
)


# An interpreter the unprivileged user can run: the system's (a `python3` found on root's PATH may live under /root,
# e.g. a pyenv shim, which nobody cannot enter), else this one.
NOBODY_PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def as_nobody(socket_path):
    out = subprocess.run(
        ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", NOBODY_PYTHON, "-c", PROBE,
         socket_path],
        capture_output=True, text=True, timeout=30,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def private_tmp():
    return tempfile.mkdtemp(prefix="choreo-sec-")


@needs_root
def test_a_peer_of_another_uid_is_closed_at_once_even_if_the_socket_is_opened_up():
    d = Daemon(args=["--log-level", "info"]).start()
    try:
        # With the permissions choreod sets, nobody cannot even reach the socket.
        assert as_nobody(d.socket_path).startswith("connect-failed")
        # Open the directory and the socket up (a misconfiguration): the peer-credential check still refuses.
        os.chmod(d.tmp, 0o755)
        os.chmod(os.path.dirname(d.socket_path), 0o755)
        os.chmod(d.socket_path, 0o666)
        assert as_nobody(d.socket_path) == "closed"
        # The owner (root here) is still served.
        c = d.client()
        assert c.call("daemon.info")["name"] == "choreod"
        c.close()
    finally:
        assert d.stop() == 0
    log = d.proc.stderr.read()
    assert re.search(rf"refusing connection: peer uid {NOBODY} \(pid \d+\) is neither choreod's uid 0 nor root", log), log


@needs_root
def test_root_may_connect_to_a_daemon_of_another_user():
    tmp = private_tmp()
    run = os.path.join(tmp, "run")
    os.makedirs(run)
    os.chown(run, NOBODY, NOBODY)
    os.chmod(tmp, 0o755)
    sock = os.path.join(run, "d.sock")
    proc = subprocess.Popen(
        ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", CHOREOD, "--socket", sock],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout.readline().strip() == f"listening on {sock}"
        assert os.stat(sock).st_uid == NOBODY and stat.S_IMODE(os.stat(sock).st_mode) == 0o600
        c = Client(sock)
        assert c.call("daemon.info")["name"] == "choreod"  # root is always allowed
        c.close()
    finally:
        proc.terminate()
        assert proc.wait(timeout=20) == 0


def start_fails(socket_path=None, env=None, args=()):
    cmd = [CHOREOD, *(["--socket", socket_path] if socket_path else []), *args]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=30, env=env)
    assert out.returncode == 1, f"choreod started: {out.stdout} {out.stderr}"
    assert out.stdout == ""
    return out.stderr


def start_without_socket_option(env):
    """Starts choreod with no --socket, so it resolves the path from `env`; returns it with socket_path set."""
    d = Daemon(env=env, args=["--log-level", "error"])
    d.socket_path = None
    d.start()
    d.socket_path = d.stdout_line.removeprefix("listening on ")
    return d


def starts(socket_path):
    d = Daemon(socket_path=socket_path, args=["--log-level", "error"]).start()
    c = d.client()
    assert c.call("daemon.info")["name"] == "choreod"
    c.close()
    assert d.stop() == 0


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o775, 0o722])
def test_a_directory_others_can_write_to_without_the_sticky_bit_is_refused(mode):
    tmp = private_tmp()
    shared = os.path.join(tmp, "shared")
    os.mkdir(shared)
    os.chmod(shared, mode)
    err = start_fails(os.path.join(shared, "d.sock"))
    assert "refusing to use the socket directory" in err and "group or others can write to it" in err
    assert not os.path.exists(os.path.join(shared, "d.sock"))


def test_a_sticky_shared_directory_is_accepted_only_for_a_path_the_user_chose():
    tmp = private_tmp()
    shared = os.path.join(tmp, "shared")
    os.mkdir(shared)
    os.chmod(shared, 0o1777)
    # --socket and CHOREO_SOCKET are choices: accepted, like /tmp.
    starts(os.path.join(shared, "a.sock"))
    env = dict(os.environ, CHOREO_SOCKET=os.path.join(shared, "b.sock"))
    d = start_without_socket_option(env)
    assert d.stdout_line == f"listening on {os.path.join(shared, 'b.sock')}"
    assert d.stop() == 0
    # The default location must be private: $XDG_RUNTIME_DIR/choreo opened up to everyone is refused.
    runtime = os.path.join(tmp, "runtime")
    os.makedirs(os.path.join(runtime, "choreo"))
    os.chmod(os.path.join(runtime, "choreo"), 0o1777)
    env = {k: v for k, v in os.environ.items() if k != "CHOREO_SOCKET"}
    env["XDG_RUNTIME_DIR"] = runtime
    err = start_fails(env=env)
    assert "only for a path given with --socket or CHOREO_SOCKET" in err


@needs_root
def test_a_directory_owned_by_another_user_is_refused():
    tmp = private_tmp()
    theirs = os.path.join(tmp, "theirs")
    os.mkdir(theirs, 0o700)
    os.chown(theirs, NOBODY, NOBODY)
    err = start_fails(os.path.join(theirs, "d.sock"))
    assert f"owned by uid {NOBODY}" in err
    # chmod cannot change an owner: the advice is another directory, never chmod.
    assert "chmod" not in err and "--socket" in err


def test_the_default_directories_are_created_private():
    tmp = private_tmp()
    runtime = os.path.join(tmp, "runtime")
    os.mkdir(runtime, 0o700)
    env = {k: v for k, v in os.environ.items() if k != "CHOREO_SOCKET"}
    env["XDG_RUNTIME_DIR"] = runtime
    d = start_without_socket_option(env)
    path = os.path.join(runtime, "choreo", "choreod.sock")
    try:
        assert d.stdout_line == f"listening on {path}"
        assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    finally:
        assert d.stop() == 0


def test_the_socket_is_never_seen_wider_than_0600():
    """Polls the path while the daemon starts: the first time the socket exists it is already 0600."""
    for _ in range(5):
        tmp = private_tmp()
        path = os.path.join(tmp, "run", "d.sock")
        proc = subprocess.Popen([CHOREOD, "--socket", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        seen = None
        deadline = time.monotonic() + 20
        while seen is None and time.monotonic() < deadline:
            try:
                seen = os.lstat(path).st_mode
            except FileNotFoundError:
                pass
        try:
            assert seen is not None and stat.S_ISSOCK(seen) and stat.S_IMODE(seen) == 0o600, oct(seen or 0)
        finally:
            proc.terminate()
            assert proc.wait(timeout=20) == 0


FILE_APIS = re.compile(
    r"(?<![\w.])(fopen|freopen|open|openat|creat|unlink|unlinkat|rename|renameat|mkdir|rmdir|opendir|readlink|"
    r"symlink|link|truncate|chmod|chown|dlopen|system|popen|posix_spawn|posix_spawnp|execv|execve|execvp)\s*\("
    r"|\b(FileManager|FileHandle|fileURLWithPath|contentsOfFile|Process\(\))\b|write\(toFile"
)


def test_no_request_handling_code_touches_files():
    """Clients never name files: the modules that handle requests make no file-system calls at all (the socket
    itself is handled in ChoreoServer/SocketLocation.swift, and the OpenRPC document is embedded at build time)."""
    offenders = []
    for module in (
        "ChoreoJSON", "ChoreoMotion", "ChoreoEngine", "Apps", "ChoreoApps", "ChoreoProtocol", "ChoreoServer"
    ):
        for source in sorted((ROOT / "Sources" / module).rglob("*.swift")):
            if source.name == "SocketLocation.swift":
                continue
            for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
                code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line).split("//", 1)[0]  # words in strings are not calls
                if FILE_APIS.search(code):
                    offenders.append(f"{source.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "file-system calls in request-handling code:\n" + "\n".join(offenders)


def test_the_python_client_resolves_the_socket_path_as_choreod_does():
    """One socket-path rule (ChoreoPaths.SocketPathRules): the Python client's copy must agree with choreod's, for
    each step of the rule. The client is loaded from its source tree (the e2e suite runs before it is installed)."""
    import sys

    sys.path.insert(0, str(ROOT / "clients/python/src"))
    try:
        from choreo import daemon as paths
    finally:
        sys.path.pop(0)
    tmp = private_tmp()
    runtime = os.path.join(tmp, "runtime")
    os.mkdir(runtime, 0o700)
    base = {k: v for k, v in os.environ.items() if k not in ("CHOREO_SOCKET", "XDG_RUNTIME_DIR")}
    cases = [
        dict(base, CHOREO_SOCKET=os.path.join(tmp, "explicit.sock"), XDG_RUNTIME_DIR=runtime),
        dict(base, CHOREO_SOCKET="", XDG_RUNTIME_DIR=runtime),
    ]
    for env in cases:
        d = start_without_socket_option(env)
        try:
            assert d.socket_path == paths.default_socket_path(None, env)
        finally:
            assert d.stop() == 0
