"""Exceptions: one class per JSON-RPC error code choreod answers with, plus transport and start-up failures."""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Type

__all__ = [
    "ChoreoException",
    "ChoreoError",
    "ParseError",
    "InvalidRequest",
    "MethodNotFound",
    "InvalidParams",
    "InternalError",
    "UnknownSession",
    "UnknownApp",
    "UnknownPath",
    "UnknownStatePath",
    "UnknownTarget",
    "UnknownScreen",
    "UnsupportedAction",
    "LimitExceeded",
    "ShuttingDown",
    "ChoreoConnectionError",
    "ProtocolViolation",
    "DaemonStartError",
    "NotSettled",
    "ERROR_CLASSES",
    "error_from_response",
]


class ChoreoException(Exception):
    """The base of everything this package raises."""


class ChoreoError(ChoreoException):
    """A JSON-RPC error answered by choreod.

    ``code`` is the JSON-RPC error code, ``message`` the daemon's sentence, ``data`` the error's ``data`` object (always
    a dict; see protocol/README.md, "Errors", for its members per code) and ``method`` the method that was called.
    Each code has its own subclass, so ``except UnknownSession`` catches exactly -32000.
    """

    #: The code this class stands for (``None`` on the base class).
    CODE: Optional[int] = None

    def __init__(
        self,
        code: int,
        message: str,
        data: Optional[Mapping[str, Any]] = None,
        method: Optional[str] = None,
    ) -> None:
        super().__init__(code, message, data)
        self.code: int = code
        self.message: str = message
        self.data: Dict[str, Any] = dict(data) if data else {}
        self.method: Optional[str] = method

    def __str__(self) -> str:
        where = f"{self.method}: " if self.method else ""
        return f"{where}[{self.code}] {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, data={self.data!r})"


class ParseError(ChoreoError):
    """-32700: the line was not valid JSON. ``data``: ``{detail}``."""

    CODE = -32700


class InvalidRequest(ChoreoError):
    """-32600: not a valid request, or the line was too long (the daemon then closes the connection).

    ``data``: ``{reason}``, plus ``maxLineBytes`` for a line that was too long.
    """

    CODE = -32600


class MethodNotFound(ChoreoError):
    """-32601: the daemon does not serve this method. ``data``: ``{method, methods}`` (every method served)."""

    CODE = -32601


class InvalidParams(ChoreoError):
    """-32602: a parameter is missing, of the wrong type, out of range or unknown.

    ``data``: ``{parameter, expected, got?}``; ``parameter`` is the full dotted name, e.g. ``curve.spring.response``.
    """

    CODE = -32602


class InternalError(ChoreoError):
    """-32603: a bug in choreod. ``data``: ``{detail}``."""

    CODE = -32603


class UnknownSession(ChoreoError):
    """-32000: the session was never created or is closed. ``data``: ``{session, sessions}`` (the open ids)."""

    CODE = -32000


class UnknownApp(ChoreoError):
    """-32001: no such app. ``data``: ``{app, apps}``."""

    CODE = -32001


class UnknownPath(ChoreoError):
    """-32002: no such state path. ``data``: ``{path, validPrefix, keys}``."""

    CODE = -32002


#: The name the OpenRPC document gives -32002.
UnknownStatePath = UnknownPath


class UnknownTarget(ChoreoError):
    """-32003: no such target on the current screen. ``data``: ``{target, screen, targets}``."""

    CODE = -32003


class UnknownScreen(ChoreoError):
    """-32004: no such screen. ``data``: ``{screen, screens}``."""

    CODE = -32004


class UnsupportedAction(ChoreoError):
    """-32005: the session's app does not support the action. ``data``: ``{action, app}``."""

    CODE = -32005


class LimitExceeded(ChoreoError):
    """-32010: a limit was reached. ``data``: ``{limit, maximum, detail}``.

    ``limit`` is ``sessions``, ``timersPerSession``, ``animationsPerSession``, ``eventsPerAdvance`` or
    ``subscriptionsPerConnection``.
    """

    CODE = -32010


class ShuttingDown(ChoreoError):
    """-32020: the daemon is shutting down and takes no new sessions. ``data``: ``{}``."""

    CODE = -32020


ERROR_CLASSES: Dict[int, Type[ChoreoError]] = {
    cls.CODE: cls
    for cls in (
        ParseError,
        InvalidRequest,
        MethodNotFound,
        InvalidParams,
        InternalError,
        UnknownSession,
        UnknownApp,
        UnknownPath,
        UnknownTarget,
        UnknownScreen,
        UnsupportedAction,
        LimitExceeded,
        ShuttingDown,
    )
}


def error_from_response(error: Mapping[str, Any], method: Optional[str] = None) -> ChoreoError:
    """The exception for a JSON-RPC ``error`` object: the subclass for its code, or ChoreoError for other codes."""
    raw_code = error.get("code")
    code = raw_code if isinstance(raw_code, int) and not isinstance(raw_code, bool) else 0
    message = error.get("message")
    data = error.get("data")
    cls = ERROR_CLASSES.get(code, ChoreoError)
    return cls(
        code,
        message if isinstance(message, str) else "",
        data if isinstance(data, Mapping) else None,
        method,
    )


class ChoreoConnectionError(ChoreoException, ConnectionError):
    """The socket could not be reached, or the daemon closed the connection or stopped answering."""


class ProtocolViolation(ChoreoException):
    """The daemon wrote something that is not a JSON-RPC 2.0 reply to the request that was sent."""


class DaemonStartError(ChoreoException):
    """A private choreod (``Choreo.spawn``) could not be started."""


class NotSettled(ChoreoException):
    """``Session.settle(strict=True)`` gave up before everything came to rest.

    ``result`` is ``clock.settle``'s answer (``{now, settled, running, fired}``); ``running`` what still moves, as the
    daemon names it (an animation, a timer, an endless loop).
    """

    def __init__(self, result: Mapping[str, Any]) -> None:
        self.result = dict(result)
        self.running = list(self.result.get("running") or [])
        names = ", ".join(_running_name(item) for item in self.running) or "nothing named"
        super().__init__(
            f"not settled at {self.result.get('now')} ms: still running: {names} "
            "(an endless loop never settles: advance a fixed time instead, or raise timeout_ms)")


def _running_name(item: Any) -> str:
    """`lab.values.slow (settles at 10000 ms)` for a RunningAnimation, `refresh.loaded (fires at 1200 ms)` for a
    RunningTimer, else the item as given."""
    if not isinstance(item, Mapping):
        return str(item)
    if "path" in item:
        settles = item.get("settlesAt")
        return f"{item['path']} (settles at {settles} ms)" if settles is not None else f"{item['path']} (endless)"
    if "name" in item:
        return f"{item['name']} (fires at {item.get('firesAt')} ms)"
    return str(dict(item))
