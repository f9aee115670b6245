"""JSON-RPC errors arrive as exceptions: the class for the code, with .code, .message, .data and .method."""

from __future__ import annotations

import pytest

from choreo import (
    ERROR_CLASSES,
    Choreo,
    ChoreoConnectionError,
    ChoreoError,
    ChoreoException,
    InternalError,
    InvalidParams,
    InvalidRequest,
    LimitExceeded,
    MethodNotFound,
    ParseError,
    Session,
    ShuttingDown,
    UnknownApp,
    UnknownPath,
    UnknownScreen,
    UnknownSession,
    UnknownStatePath,
    UnknownTarget,
    UnsupportedAction,
    error_from_response,
)

SPRING = {"spring": {"response": 0.4, "dampingFraction": 0.8}}


def test_each_code_has_its_class() -> None:
    expected = {
        -32700: ParseError,
        -32600: InvalidRequest,
        -32601: MethodNotFound,
        -32602: InvalidParams,
        -32603: InternalError,
        -32000: UnknownSession,
        -32001: UnknownApp,
        -32002: UnknownPath,
        -32003: UnknownTarget,
        -32004: UnknownScreen,
        -32005: UnsupportedAction,
        -32010: LimitExceeded,
        -32020: ShuttingDown,
    }
    assert ERROR_CLASSES == expected
    assert UnknownStatePath is UnknownPath
    for code, cls in expected.items():
        error = error_from_response({"code": code, "message": "m", "data": {"k": 1}}, "some.method")
        assert type(error) is cls and isinstance(error, ChoreoError) and isinstance(error, ChoreoException)
        assert (error.code, error.message, error.data, error.method) == (code, "m", {"k": 1}, "some.method")
        assert str(error) == f"some.method: [{code}] m"
    other = error_from_response({"code": -32099, "message": "new"})
    assert type(other) is ChoreoError and other.code == -32099 and other.data == {}


def test_invalid_params_names_the_parameter(choreo_session: Session) -> None:
    with pytest.raises(InvalidParams) as caught:
        choreo_session.lab_animate("x", 1, {"spring": {"response": "slow", "dampingFraction": 0.8}})
    e = caught.value
    assert e.code == -32602
    assert e.data["parameter"] == "curve.spring.response"
    assert e.data["got"] == "string"
    assert "seconds" in e.data["expected"]
    assert e.method == "lab.animate"


def test_a_misspelt_parameter_is_rejected_not_ignored(choreo_session: Session) -> None:
    with pytest.raises(InvalidParams) as caught:
        choreo_session.call("clock.advance", msec=10)
    assert caught.value.data["parameter"] == "msec"
    with pytest.raises(InvalidParams) as caught:
        choreo_session.set_settings(reduce_moton=True)
    assert caught.value.data["parameter"] == "reduceMoton"
    with pytest.raises(InvalidParams) as caught:
        choreo_session.client.sample({"spring": {"response": 0.4, "dampingRatio": 0.8}}, [0])
    assert caught.value.data["parameter"] == "curve.spring.dampingRatio"


def test_missing_and_out_of_range_params(choreo_session: Session) -> None:
    with pytest.raises(InvalidParams) as caught:
        choreo_session.call("clock.advance")
    assert caught.value.data["parameter"] == "ms"
    with pytest.raises(InvalidParams) as caught:
        choreo_session.advance(-1)
    assert caught.value.data["parameter"] == "ms"
    with pytest.raises(InvalidParams) as caught:
        choreo_session.client.session(fps=59)
    assert caught.value.data["parameter"] == "fps"


def test_unknown_session_lists_the_open_ones(choreo: Choreo) -> None:
    with choreo.session() as s:
        with pytest.raises(UnknownSession) as caught:
            choreo.attach("s999999").advance(1)
        assert caught.value.data["session"] == "s999999"
        assert s.id in caught.value.data["sessions"]
    with pytest.raises(UnknownSession):
        s.state()


def test_unknown_path_gives_the_valid_prefix_and_keys(choreo_session: Session) -> None:
    with pytest.raises(UnknownPath) as caught:
        choreo_session.state("navigation.nope")
    data = caught.value.data
    assert data["path"] == "navigation.nope"
    assert data["validPrefix"] == "navigation"
    assert "screen" in data["keys"] and "stack" in data["keys"]
    with pytest.raises(UnknownStatePath) as caught:
        choreo_session.state("navigation.stack.7")
    assert caught.value.data["keys"] == ["0...0"]


def test_method_not_found_lists_every_method(choreo: Choreo) -> None:
    with pytest.raises(MethodNotFound) as caught:
        choreo.call("clock.rewind", session="s1")
    assert caught.value.data["method"] == "clock.rewind"
    assert "clock.advance" in caught.value.data["methods"]


def test_unknown_app_and_unknown_screen(choreo: Choreo) -> None:
    with pytest.raises(UnknownApp) as caught:
        choreo.session(app="nope")
    assert "finpessoal" in caught.value.data["apps"]
    with choreo.session() as s:
        with pytest.raises(UnknownScreen) as screen:
            s.navigate("nowhere")
        assert screen.value.data["screen"] == "nowhere"
        assert "transactions" in screen.value.data["screens"]


def test_limit_exceeded_for_subscriptions_per_connection(choreo: Choreo) -> None:
    limit = choreo.daemon_info()["limits"]["maxSubscriptionsPerConnection"]
    with choreo.session() as s:
        for _ in range(limit):
            s.subscribe()
        with pytest.raises(LimitExceeded) as caught:
            s.subscribe()
    assert caught.value.data["limit"] == "subscriptionsPerConnection"
    assert caught.value.data["maximum"] == limit


def test_limit_exceeded_for_sessions(spawn) -> None:  # type: ignore[no-untyped-def]
    client = spawn("--max-sessions", "2")
    client.session()
    second = client.session()
    with pytest.raises(LimitExceeded) as caught:
        client.session()
    assert caught.value.data == {"limit": "sessions", "maximum": 2, "detail": caught.value.data["detail"]}
    with pytest.raises(LimitExceeded):
        second.fork()


def test_a_line_too_long_is_an_invalid_request_and_closes_the_connection(spawn) -> None:  # type: ignore[no-untyped-def]
    client = spawn("--max-line-bytes", "1024")
    with pytest.raises(InvalidRequest) as caught:
        client.sample({"linear": {"duration": 1}}, [0] * 600)
    assert caught.value.data["reason"] == "line too long"
    assert caught.value.data["maxLineBytes"] == 1024
    with pytest.raises(ChoreoConnectionError):
        client.daemon_info()
    assert client.closed


def test_shutting_down_refuses_new_sessions(spawn, connect) -> None:  # type: ignore[no-untyped-def]
    client = spawn()
    other = connect(client.socket_path)
    assert client.daemon_shutdown() == {"shuttingDown": True}
    try:
        other.session()
    except ShuttingDown as e:
        assert e.code == -32020 and e.data == {}
    except ChoreoConnectionError:
        pass  # the daemon had already closed the connection: also a refusal
    else:
        pytest.fail("a session was created while the daemon was shutting down")
    client.close()
    assert client.daemon_exit_code == 0


def test_errors_are_catchable_as_choreo_error(choreo_session: Session) -> None:
    with pytest.raises(ChoreoError) as caught:
        choreo_session.lab_haptic("thud")
    assert caught.value.code == -32602
    assert caught.value.data["parameter"] == "style"


def test_a_huge_line_still_gets_its_error_reply(spawn) -> None:  # type: ignore[no-untyped-def]
    client = spawn("--max-line-bytes", "1024")
    with pytest.raises(InvalidRequest) as caught:  # written before the daemon closed, read after the write failed
        client.call("lab.announce", session="s1", text="x" * 4_000_000)
    assert caught.value.data["maxLineBytes"] == 1024
    assert client.closed
