"""The pytest plugin (entry point ``pytest11``, name ``choreo``).

Fixtures:

- ``choreo``: a ``Choreo`` client connected to a daemon the plugin starts once per test run (``Choreo.spawn``'s way:
  the binary from ``--choreod``, ``$CHOREOD`` or ``choreod`` on PATH, on a temporary socket), or to the daemon at
  ``--choreo-socket PATH``. Each test gets its own connection, closed after it.
- ``choreo_session``: a fresh default session on that client, closed after the test.
- ``choreo_daemon_socket``: the socket path of the daemon in use (session scope).
- ``choreo_client_options``: keyword arguments for every ``choreo`` client (default ``{}``); override it in a
  conftest.py to pass ``on_reply`` / ``on_notification`` hooks or a ``timeout``.
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterator, Optional

import pytest

from .client import Choreo, Session
from .daemon import Daemon
from .errors import ChoreoException, UnknownSession

__all__ = [
    "pytest_addoption",
    "choreo_daemon_socket",
    "choreo_client_options",
    "choreo",
    "choreo_session",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("choreo", "Choreo (choreod) fixtures")
    group.addoption(
        "--choreo-socket",
        action="store",
        dest="choreo_socket",
        metavar="PATH",
        default=None,
        help="use the choreod already listening at PATH instead of starting one for the test run",
    )
    group.addoption(
        "--choreod",
        action="store",
        dest="choreod",
        metavar="PATH",
        default=None,
        help="the choreod binary to start for the test run (default: $CHOREOD, then choreod on PATH)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "choreo: the test drives choreod (through the choreo fixtures)")
    # Resolve a relative binary now: tests may change the working directory before the daemon starts.
    binary = config.getoption("choreod", None) or os.environ.get("CHOREOD") or None
    if binary and os.sep in binary:
        config.option.choreod = os.path.abspath(os.path.expanduser(binary))


@pytest.fixture(scope="session")
def choreo_daemon_socket(request: pytest.FixtureRequest) -> Iterator[str]:
    """The socket of the daemon the ``choreo`` fixture connects to; the plugin starts it once per run if needed."""
    socket_path: Optional[str] = request.config.getoption("choreo_socket")
    if socket_path:
        if not os.path.exists(socket_path):
            pytest.fail(f"--choreo-socket {socket_path}: no such socket; is choreod running?", pytrace=False)
        yield socket_path
        return
    binary: Optional[str] = request.config.getoption("choreod")
    failure = ""
    try:
        daemon = Daemon.start(binary)
    except ChoreoException as e:
        failure = f"choreo plugin: {e}"
    if failure:
        pytest.fail(failure, pytrace=False)
    try:
        yield daemon.socket_path
    finally:
        log = daemon.log()
        code = daemon.stop()
        if code != 0:
            pytest.fail(f"choreod exited with status {code} on SIGTERM; its log:\n{log[-4000:]}", pytrace=False)


@pytest.fixture
def choreo_client_options() -> Dict[str, Any]:
    """Keyword arguments for ``Choreo.connect`` in the ``choreo`` fixture; override to add hooks."""
    return {}


@pytest.fixture
def choreo(choreo_daemon_socket: str, choreo_client_options: Dict[str, Any]) -> Iterator[Choreo]:
    """A client connected to the test run's daemon (a new connection per test)."""
    client = Choreo.connect(choreo_daemon_socket, **choreo_client_options)
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def choreo_session_options() -> Dict[str, Any]:
    """Keyword arguments ``choreo_session`` passes to ``Choreo.session``: none by default. Override it in a module
    or conftest, e.g. ``{"physics": "ideal"}`` for closed-form expectations (the daemon's default is ``swiftui``)."""
    return {}


@pytest.fixture
def choreo_session(choreo: Choreo, choreo_session_options: Dict[str, Any]) -> Iterator[Session]:
    """A fresh session with the default app and settings (or ``choreo_session_options``), closed after the test."""
    session = choreo.session(**choreo_session_options)
    yield session
    if not session.closed and not choreo.closed:
        try:
            session.close()
        except UnknownSession:
            pass  # the test ended it some other way
