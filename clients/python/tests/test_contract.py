"""The contract check itself: it accepts what the document allows and catches what it does not, in the call."""

from __future__ import annotations

import json
import socket
import threading
from typing import Any, Dict, Iterator, List

import pytest

from choreo import Choreo, InvalidParams

import conftest
from conftest import Contract, ContractHooks, ContractViolation


def test_a_valid_result_and_error_pass(contract: Contract) -> None:
    assert contract.check_reply("clock.advance", {"jsonrpc": "2.0", "id": 1, "result": {"now": 200, "fired": 1}}) == []
    error = {"code": -32000, "message": "Unknown session.", "data": {"session": "s9", "sessions": []}}
    assert contract.check_reply("clock.advance", {"jsonrpc": "2.0", "id": 1, "error": error}) == []


def test_a_wrong_result_is_caught_with_where(contract: Contract) -> None:
    problems = contract.check_reply("clock.advance", {"jsonrpc": "2.0", "id": 1, "result": {"now": -1}})
    assert any("fired" in p for p in problems)
    assert any("at now" in p for p in problems)
    problems = contract.check_reply(
        "haptics.list", {"jsonrpc": "2.0", "id": 1, "result": {"now": 0, "haptics": [{"t": 0, "style": "boom"}]}}
    )
    assert problems and all("haptics/0" in p for p in problems)


def test_a_wrong_error_is_caught(contract: Contract) -> None:
    def check(method: str, error: Any) -> List[str]:
        return contract.check_reply(method, {"jsonrpc": "2.0", "id": 1, "error": error})

    assert check("clock.advance", {"code": -32602, "message": "bad", "data": {"expected": "x"}})  # no parameter
    assert check("clock.advance", {"code": -32602, "message": "bad"})  # data is always an object
    assert check("clock.advance", {"code": -32602, "message": "", "data": {"parameter": "a", "expected": "b"}})
    assert check("clock.advance", {"code": -32077, "message": "new", "data": {}})  # not a documented code
    undeclared = check("clock.advance", {"code": -32004, "message": "no", "data": {"screen": "x", "screens": []}})
    assert any("do not list" in p for p in undeclared)


def test_a_broken_envelope_is_caught(contract: Contract) -> None:
    assert contract.check_reply("daemon.info", {"jsonrpc": "2.0", "id": 1})
    assert contract.check_reply("daemon.info", {"jsonrpc": "1.0", "id": 1, "result": {}})
    assert contract.check_reply("daemon.info", {"jsonrpc": "2.0", "id": 1, "result": {}, "error": {}})


def test_notifications_are_checked(contract: Contract) -> None:
    good = {"jsonrpc": "2.0", "method": "event", "params": {"subscription": 1, "session": "s1",
                                                             "event": {"seq": 1, "t": 0, "kind": "haptic"}}}
    assert contract.check_notification(good) == []
    bad = json.loads(json.dumps(good))
    del bad["params"]["event"]["seq"]
    assert contract.check_notification(bad)


@pytest.fixture
def fake_daemon(tmp_path: Any) -> Iterator[Dict[str, Any]]:
    """A socket that answers every request with the reply in ``state["reply"]`` (its id set to the request's)."""
    path = str(tmp_path / "fake.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    state: Dict[str, Any] = {"path": path, "reply": {}}

    def serve() -> None:
        try:
            conn, _ = server.accept()
        except OSError:
            return
        with conn, conn.makefile("rwb") as stream:
            for line in stream:
                request = json.loads(line)
                stream.write(json.dumps({**state["reply"], "id": request["id"]}).encode() + b"\n")
                stream.flush()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield state
    server.close()


def test_the_hook_fails_the_call_that_received_a_bad_reply(contract: Contract, fake_daemon: Dict[str, Any]) -> None:
    hooks = ContractHooks(contract)
    client = Choreo.connect(fake_daemon["path"], **hooks.options())
    try:
        fake_daemon["reply"] = {"jsonrpc": "2.0", "result": {"now": 5, "fired": 0}}
        assert client.call("clock.advance", session="s1", ms=5) == {"now": 5, "fired": 0}
        fake_daemon["reply"] = {"jsonrpc": "2.0", "result": {"now": "5", "fired": 0}}
        with pytest.raises(ContractViolation, match="clock.advance"):
            client.call("clock.advance", session="s1", ms=5)
        fake_daemon["reply"] = {"jsonrpc": "2.0", "error": {"code": -32602, "message": "bad", "data": {}}}
        with pytest.raises(ContractViolation, match="parameter"):  # the InvalidParams is not what the test sees
            client.call("clock.advance", session="s1")
        assert len(hooks.violations) == 2
        fake_daemon["reply"] = {"jsonrpc": "2.0", "error": {
            "code": -32602, "message": "bad", "data": {"parameter": "ms", "expected": "a time"}}}
        with pytest.raises(InvalidParams):
            client.call("clock.advance", session="s1")
        assert len(hooks.violations) == 2
        # Counted as validated, these fake replies would inflate the run's summary: take them back out.
        conftest.STATS.results["clock.advance"] -= 2
        conftest.STATS.errors[-32602] -= 2
    finally:
        client.close()


def test_every_method_of_the_document_has_a_result_validator(contract: Contract) -> None:
    assert set(contract.results) == {m["name"] for m in contract.doc["methods"]}
    assert set(contract.error_data) == {e["code"] for e in contract.doc["components"]["errors"].values()}
