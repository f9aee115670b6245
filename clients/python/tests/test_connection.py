"""Connecting, spawning a private daemon, closing, sessions as context managers, threads, notifications."""

from __future__ import annotations

import os
import socket
import stat
import threading
from typing import Any, Callable, List

import pytest

from choreo import (
    Choreo,
    ChoreoConnectionError,
    Daemon,
    DaemonStartError,
    Session,
    UnknownSession,
    default_socket_path,
    find_choreod,
)


def test_socket_path_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"CHOREO_SOCKET": "/a/env.sock", "XDG_RUNTIME_DIR": "/run/user/5"}
    assert default_socket_path("/explicit.sock", env) == "/explicit.sock"
    assert default_socket_path(None, env) == "/a/env.sock"
    assert default_socket_path(None, {**env, "CHOREO_SOCKET": ""}) == "/run/user/5/choreo/choreod.sock"
    assert default_socket_path(None, {"XDG_RUNTIME_DIR": ""}) == f"/tmp/choreo-{os.getuid()}/choreod.sock"
    assert default_socket_path(None, {}) == f"/tmp/choreo-{os.getuid()}/choreod.sock"
    monkeypatch.setenv("CHOREO_SOCKET", "/from/the/environment.sock")
    assert default_socket_path() == "/from/the/environment.sock"


def test_connect_uses_choreo_socket(
    monkeypatch: pytest.MonkeyPatch, choreo_daemon_socket: str, contract_hooks: Any
) -> None:
    monkeypatch.setenv("CHOREO_SOCKET", choreo_daemon_socket)
    with Choreo.connect(**contract_hooks.options()) as client:
        assert client.socket_path == choreo_daemon_socket
        assert client.daemon_info()["name"] == "choreod"
    assert client.closed


def test_connect_to_nothing_says_how_to_fix_it(tmp_path: Any) -> None:
    with pytest.raises(ChoreoConnectionError) as caught:
        Choreo.connect(str(tmp_path / "none.sock"))
    assert "Choreo.spawn()" in str(caught.value)
    assert isinstance(caught.value, ConnectionError)


def test_spawn_and_close_leave_no_socket_file(spawn: Callable[..., Choreo]) -> None:
    client = spawn()
    path = client.socket_path
    daemon = client.daemon
    assert daemon is not None and daemon.running
    assert stat.S_ISSOCK(os.stat(path).st_mode)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    with client.session() as s:
        s.advance(5)
    client.close()
    assert client.daemon_exit_code == 0
    assert not daemon.running
    assert not os.path.exists(path)
    assert not os.path.exists(os.path.dirname(path))
    client.close()  # idempotent


def test_spawn_as_a_context_manager(contract_hooks: Any, request: pytest.FixtureRequest) -> None:
    binary = request.config.getoption("choreod")
    with Choreo.spawn(binary, **contract_hooks.options()) as client:
        path = client.socket_path
        assert client.sessions() == []
    assert client.daemon_exit_code == 0
    assert not os.path.exists(path)


def test_spawn_takes_choreod_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, contract_hooks: Any, request: pytest.FixtureRequest
) -> None:
    binary = find_choreod(request.config.getoption("choreod"))
    monkeypatch.setenv("CHOREOD", binary)
    with Choreo.spawn(**contract_hooks.options()) as client:
        assert client.daemon is not None
        assert client.daemon.process.args[0] == binary  # type: ignore[index]


def test_spawn_with_a_missing_binary_fails_clearly(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(DaemonStartError, match="not an executable file"):
        Choreo.spawn(str(tmp_path / "no-choreod"))
    monkeypatch.delenv("CHOREOD", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(DaemonStartError, match="CHOREOD"):
        Choreo.spawn()


def test_spawn_reports_a_daemon_that_does_not_start(tmp_path: Any) -> None:
    fake = tmp_path / "fake-choreod"
    fake.write_text("#!/bin/sh\necho 'cannot bind' >&2\nexit 1\n")
    fake.chmod(0o755)
    with pytest.raises(DaemonStartError, match="cannot bind") as caught:
        Choreo.spawn(str(fake))
    assert "exit status 1" in str(caught.value)


def test_daemon_shutdown_stops_a_private_daemon(spawn: Callable[..., Choreo]) -> None:
    client = spawn()
    daemon = client.daemon
    assert daemon is not None
    assert client.daemon_shutdown() == {"shuttingDown": True}
    daemon.process.wait(timeout=20)
    assert daemon.process.returncode == 0
    assert not os.path.exists(client.socket_path)
    client.close()


def test_a_daemon_object_on_its_own() -> None:
    with Daemon.start() as daemon:
        assert daemon.running and os.path.exists(daemon.socket_path)
        assert "choreo.Daemon" in repr(daemon)
    assert daemon.exit_code == 0 and not os.path.exists(daemon.socket_path)


def test_session_context_manager_closes_the_session(choreo: Choreo) -> None:
    with choreo.session() as s:
        assert isinstance(s, Session)
        assert s.id in [entry["session"] for entry in choreo.sessions()]
    assert s.closed
    assert s.id not in [entry["session"] for entry in choreo.sessions()]
    with pytest.raises(UnknownSession):
        s.advance(1)


def test_session_context_manager_closes_on_an_exception_and_keeps_it(choreo: Choreo) -> None:
    with pytest.raises(KeyError):
        with choreo.session() as s:
            raise KeyError("boom")
    assert s.closed
    assert s.id not in [entry["session"] for entry in choreo.sessions()]


def test_session_closed_inside_the_block_is_fine(choreo: Choreo, connect: Callable[..., Choreo]) -> None:
    with choreo.session() as s:
        s.close()
    with choreo.session() as t:
        connect().close_session(t.id)  # closed behind its back
    assert t.closed


def test_sessions_outlive_connections(connect: Callable[..., Choreo]) -> None:
    first = connect()
    s = first.session()
    s.advance(42)
    first.close()
    second = connect()
    again = second.attach(s.id)
    assert again.now() == 42
    assert again.close() is True


def test_calls_after_close_raise(connect: Callable[..., Choreo]) -> None:
    client = connect()
    client.close()
    with pytest.raises(ChoreoConnectionError):
        client.daemon_info()


def test_a_client_is_safe_to_share_between_threads(choreo: Choreo) -> None:
    errors: List[BaseException] = []
    with choreo.session() as s:

        def work(name: str) -> None:
            try:
                for i in range(25):
                    assert s.lab_set(name, i) == i
                    assert s.state(f"lab.values.{name}") == i
                    s.advance(1)
            except BaseException as e:  # noqa: BLE001 - reported below
                errors.append(e)

        threads = [threading.Thread(target=work, args=(f"v{n}",)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        assert s.now() == 200


def test_notify_sends_without_waiting_for_a_reply(choreo_session: Session) -> None:
    choreo_session.client.notify("lab.set", session=choreo_session.id, name="n", value=7)
    assert choreo_session.state("lab.values.n") == 7  # requests on a connection run in order


def test_a_reply_that_never_comes_times_out(tmp_path: Any) -> None:
    path = str(tmp_path / "silent.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    try:
        client = Choreo.connect(path, timeout=0.2)
        with pytest.raises(ChoreoConnectionError, match="no reply"):
            client.daemon_info()
        assert client.closed
    finally:
        server.close()


def test_a_connection_the_daemon_closes_raises(tmp_path: Any) -> None:
    path = str(tmp_path / "closing.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    try:
        client = Choreo.connect(path)
        conn, _ = server.accept()
        conn.close()
        with pytest.raises(ChoreoConnectionError, match="closed the connection"):
            client.daemon_info()
    finally:
        server.close()
