"""The pytest plugin, loaded through its pytest11 entry point, in a separate pytest run (pytester)."""

from __future__ import annotations

import os
from importlib.metadata import entry_points
from typing import Any

import pytest

def pytest11() -> Any:
    found = entry_points()
    if hasattr(found, "select"):  # Python 3.10+
        return found.select(group="pytest11")
    return found.get("pytest11", [])  # Python 3.9


USER_TEST = """
import os
from choreo import Choreo, Session

def test_fixtures(choreo, choreo_session):
    assert isinstance(choreo, Choreo) and isinstance(choreo_session, Session)
    choreo_session.lab_timer("t", 100, haptic="light")
    choreo_session.advance(100)
    assert [h["style"] for h in choreo_session.haptics()] == ["light"]
    open(os.environ["CHOREO_PLUGIN_PROBE"], "a").write(choreo.socket_path + " " + choreo_session.id + "\\n")

def test_a_fresh_session_per_test(choreo, choreo_session):
    assert choreo_session.haptics() == []
    open(os.environ["CHOREO_PLUGIN_PROBE"], "a").write(choreo.socket_path + " " + choreo_session.id + "\\n")
"""


@pytest.fixture
def binary(request: pytest.FixtureRequest) -> str:
    from choreo import find_choreod

    return find_choreod(request.config.getoption("choreod"))


def probe(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> str:
    path = str(pytester.path / "probe.txt")
    monkeypatch.setenv("CHOREO_PLUGIN_PROBE", path)
    return path


def only_choreo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inner runs load only this plugin (-p choreo): autoloading every installed plugin costs seconds a run."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


def test_the_entry_point_is_installed() -> None:
    names = {ep.name: ep.value for ep in pytest11()}
    assert names.get("choreo") == "choreo.pytest_plugin"


def test_plugin_starts_one_daemon_for_the_run_and_stops_it(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, binary: str
) -> None:
    path = probe(pytester, monkeypatch)
    pytester.makepyfile(test_user=USER_TEST)
    result = pytester.runpytest_subprocess("--choreod", binary, "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    lines = open(path).read().split()
    sockets, sessions = set(lines[0::2]), lines[1::2]
    assert len(sockets) == 1, "one daemon for the whole run"
    assert sessions == ["s1", "s2"], "a fresh session per test"
    assert not os.path.exists(sockets.pop()), "the daemon was stopped and its socket removed"


def test_plugin_loads_with_dash_p_when_autoloading_is_off(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, binary: str
) -> None:
    probe(pytester, monkeypatch)
    pytester.makepyfile(test_user=USER_TEST)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.setenv("CHOREOD", binary)
    result = pytester.runpytest_subprocess("-p", "choreo")
    result.assert_outcomes(passed=2)
    without = pytester.runpytest_subprocess()
    without.assert_outcomes(errors=2)
    without.stdout.fnmatch_lines(["*fixture 'choreo' not found*"])


def test_plugin_uses_a_running_daemon_with_choreo_socket(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, choreo_daemon_socket: str
) -> None:
    path = probe(pytester, monkeypatch)
    pytester.makepyfile(test_user=USER_TEST)
    monkeypatch.setenv("CHOREOD", "/nonexistent/choreod")  # proves nothing is started
    only_choreo(monkeypatch)
    result = pytester.runpytest_subprocess("-p", "choreo", "--choreo-socket", choreo_daemon_socket)
    result.assert_outcomes(passed=2)
    assert set(open(path).read().split()[0::2]) == {choreo_daemon_socket}
    assert os.path.exists(choreo_daemon_socket), "a daemon the run did not start is left running"


def test_plugin_fails_clearly_without_a_daemon(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    probe(pytester, monkeypatch)
    pytester.makepyfile(test_user=USER_TEST)
    monkeypatch.delenv("CHOREOD", raising=False)
    monkeypatch.setenv("PATH", str(pytester.path))
    only_choreo(monkeypatch)
    result = pytester.runpytest_subprocess("-p", "choreo")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(["*choreod not found*"])
    missing = pytester.runpytest_subprocess("-p", "choreo", "--choreo-socket", str(pytester.path / "nothing.sock"))
    missing.assert_outcomes(errors=2)
    missing.stdout.fnmatch_lines(["*no such socket*"])


def test_plugin_options_are_in_the_help(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    only_choreo(monkeypatch)
    result = pytester.runpytest_subprocess("-p", "choreo", "--help")
    result.stdout.fnmatch_lines(["*--choreo-socket=PATH*", "*--choreod=PATH*"])


def test_client_options_fixture_passes_hooks(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, binary: str
) -> None:
    pytester.makeconftest(
        """
import pytest
SEEN = []

@pytest.fixture
def choreo_client_options():
    return {"on_reply": lambda method, params, reply: SEEN.append(method)}

@pytest.fixture
def seen():
    return SEEN
"""
    )
    pytester.makepyfile(
        """
def test_hooked(choreo, seen):
    choreo.daemon_info()
    assert seen == ["daemon.info"]
"""
    )
    only_choreo(monkeypatch)
    result = pytester.runpytest_subprocess("-p", "choreo", "--choreod", binary)
    result.assert_outcomes(passed=1)
