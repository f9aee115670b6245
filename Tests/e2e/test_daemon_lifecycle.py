"""The daemon process: socket path rules, permissions, stale and live sockets, signals, line limits."""
import os
import signal
import socket
import stat
import subprocess
import time

from choreo_harness import CHOREOD, Client, Daemon, wait_until


def test_prints_only_the_listening_line_and_creates_private_socket(daemon):
    assert daemon.stdout_line == f"listening on {daemon.socket_path}"
    st = os.stat(daemon.socket_path)
    assert stat.S_ISSOCK(st.st_mode)
    assert stat.S_IMODE(st.st_mode) == 0o600
    dir_mode = stat.S_IMODE(os.stat(os.path.dirname(daemon.socket_path)).st_mode)
    assert dir_mode == 0o700


def test_sigterm_with_an_idle_client_exits_zero_and_removes_the_socket():
    d = Daemon().start()
    idle = d.client()
    idle.call("daemon.info")
    started = time.monotonic()
    assert d.stop() == 0
    assert time.monotonic() - started < 5
    assert not os.path.exists(d.socket_path)
    # The idle client sees the connection closed.
    assert idle.sock.recv(10) == b""
    assert d.proc.stdout.read() == "", "nothing but the listening line goes to stdout"


def test_sigint_also_stops_gracefully():
    d = Daemon().start()
    assert d.stop(signal.SIGINT) == 0
    assert not os.path.exists(d.socket_path)


def test_requests_already_sent_are_answered_before_shutdown():
    d = Daemon().start()
    c = d.client()
    lines = b"".join(
        b'{"jsonrpc":"2.0","id":%d,"method":"daemon.info"}\n' % i for i in range(200)
    )
    c.send_raw(lines)
    first = c.read_json()  # the daemon has read at least the start of the batch
    assert first["id"] == 0
    d.proc.send_signal(signal.SIGTERM)
    ids = [first["id"]]
    try:
        while True:
            ids.append(c.read_json()["id"])
    except EOFError:
        pass
    d.proc.wait(timeout=10)
    assert d.proc.returncode == 0
    assert ids == list(range(len(ids))), "answers arrive in order, none lost"
    assert len(ids) == 200


def test_daemon_shutdown_method_stops_it():
    d = Daemon().start()
    c = d.client()
    assert c.call("daemon.shutdown") == {"shuttingDown": True}
    d.proc.wait(timeout=10)
    assert d.proc.returncode == 0
    assert not os.path.exists(d.socket_path)


def test_a_stale_socket_file_is_replaced():
    d = Daemon()
    os.makedirs(os.path.dirname(d.socket_path), mode=0o700)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(d.socket_path)
    s.close()  # nobody accepts any more, the file stays
    assert stat.S_ISSOCK(os.stat(d.socket_path).st_mode)
    d.start()
    assert d.client().call("daemon.info")["name"] == "choreod"
    assert d.stop() == 0


def test_a_live_socket_makes_a_second_daemon_fail_with_exit_1():
    first = Daemon().start()
    second = Daemon(socket_path=first.socket_path).start(expect_ok=False)
    out, err = second.proc.communicate(timeout=20)
    assert second.proc.returncode == 1
    assert "already listening" in err
    assert out == ""
    assert first.client().call("daemon.info")["name"] == "choreod", "the first daemon is untouched"
    assert first.stop() == 0


def test_a_path_that_is_not_a_socket_is_never_deleted():
    d = Daemon()
    os.makedirs(os.path.dirname(d.socket_path), mode=0o700)
    with open(d.socket_path, "w") as f:
        f.write("precious")
    d.start(expect_ok=False)
    _, err = d.proc.communicate(timeout=20)
    assert d.proc.returncode == 1
    assert "not a socket" in err
    assert open(d.socket_path).read() == "precious"


def test_socket_path_precedence_uses_environment(tmp_path):
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = str(tmp_path / "xdg")
    os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
    d = Daemon(socket_path="", env=env)
    d.socket_path = None
    d.start()
    expected = str(tmp_path / "xdg" / "choreo" / "choreod.sock")
    assert d.stdout_line == f"listening on {expected}"
    d.socket_path = expected
    assert d.stop() == 0

    env["CHOREO_SOCKET"] = str(tmp_path / "env" / "c.sock")
    d = Daemon(socket_path=None, env=env)
    d.socket_path = None
    d.start()
    assert d.stdout_line == f"listening on {env['CHOREO_SOCKET']}"
    assert d.stop() == 0


def test_a_line_over_the_limit_gets_an_error_and_the_connection_closes():
    d = Daemon(args=["--max-line-bytes", "1024"]).start()
    c = d.client()
    c.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"daemon.info","params":{"x":"' + b"a" * 2000 + b'"}}\n')
    reply = c.read_json()
    assert reply["id"] is None
    assert reply["error"]["code"] == -32600
    assert reply["error"]["data"]["maxLineBytes"] == 1024
    try:
        c.read_line()
        raise AssertionError("connection should be closed")
    except (EOFError, ConnectionResetError):
        pass
    assert d.client().call("daemon.info")["name"] == "choreod", "the daemon goes on"
    assert d.stop() == 0


def test_help_describes_the_options():
    out = subprocess.run([CHOREOD, "--help"], capture_output=True, text=True, timeout=20)
    assert out.returncode == 0
    for option in ("--socket", "--log-level", "--max-line-bytes", "--max-sessions", "CHOREO_SOCKET"):
        assert option in out.stdout


def test_bad_option_values_are_usage_errors():
    out = subprocess.run([CHOREOD, "--log-level", "loud"], capture_output=True, text=True, timeout=20)
    assert out.returncode != 0
    assert "--log-level" in out.stderr
