"""The synchronous client: one Unix-socket connection to choreod, JSON-RPC 2.0, one JSON text per line."""

from __future__ import annotations

import itertools
import json
import socket
import threading
import time
from collections import deque
from typing import (
    Any,
    Callable,
    Deque,
    Dict,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Type,
    TypeVar,
    Union,
)

from .daemon import Daemon, default_socket_path, wait_readable
from .errors import (
    ChoreoConnectionError, ChoreoException, NotSettled, ProtocolViolation, UnknownSession, error_from_response,
)

__all__ = [
    "Choreo",
    "Session",
    "Event",
    "ReplyHook",
    "NotificationHook",
    "JSONObject",
    "PROTOCOL_METHODS",
    "DEFAULT_TIMEOUT",
    "is_refusal",
]

JSONObject = Dict[str, Any]


def is_refusal(result: Any) -> bool:
    """Whether an action's result says the app declined it now: ``{refused: true, reason, message, retryAfterMs?}``,
    one shape for every action of every app (protocol/README.md "Refusals"). ``reason`` is a stable code,
    ``retryAfterMs`` (when present) the whole virtual ms to advance before the same request is accepted."""
    return isinstance(result, dict) and result.get("refused") is True

#: Called with (method, params sent, the whole reply message) for every reply, result or error, before the call
#: returns or raises. An exception it raises propagates out of the call (the reply has been read by then).
ReplyHook = Callable[[str, JSONObject, JSONObject], None]

#: Called with the whole notification message (``{"jsonrpc", "method": "event", "params"}``) as it arrives.
NotificationHook = Callable[[JSONObject], None]

#: Seconds to wait for a reply before giving up on the connection.
DEFAULT_TIMEOUT = 60.0

#: Every protocol method and the Python method that calls it (``Choreo.x`` on the client, ``Session.x`` on a session).
#: tests/test_methods.py checks it against protocol/openrpc.json: the same methods, and Python parameters that are the
#: method's params.
PROTOCOL_METHODS: Dict[str, str] = {
    "daemon.info": "Choreo.daemon_info",
    "daemon.shutdown": "Choreo.daemon_shutdown",
    "rpc.discover": "Choreo.discover",
    "session.create": "Choreo.session",
    "session.close": "Session.close",
    "session.list": "Choreo.sessions",
    "session.fork": "Session.fork",
    "settings.get": "Session.settings",
    "settings.set": "Session.set_settings",
    "clock.now": "Session.clock",
    "clock.advance": "Session.advance",
    "clock.settle": "Session.settle",
    "state.get": "Session.state",
    "animations.list": "Session.animations",
    "screen.render": "Session.screen",
    "haptics.list": "Session.haptics",
    "haptics.export": "Session.haptics_ahap",
    "announcements.list": "Session.announcements",
    "trace.get": "Session.trace",
    "events.subscribe": "Session.subscribe",
    "events.unsubscribe": "Choreo.unsubscribe",
    "motion.sample": "Choreo.sample",
    "lab.animate": "Session.lab_animate",
    "lab.set": "Session.lab_set",
    "lab.timer": "Session.lab_timer",
    "lab.haptic": "Session.lab_haptic",
    "lab.announce": "Session.lab_announce",
    "ui.navigate": "Session.navigate",
    "ui.tap": "Session.tap",
    "ui.back": "Session.back",
    "ui.dismiss": "Session.dismiss",
    "ui.present": "Session.present",
    "ui.scroll": "Session.scroll",
    "ui.pull": "Session.pull",
    "ui.release": "Session.release",
    "ui.touch": "Session.touch",
    "ui.drag": "Session.drag",
    "ui.deviceMotion": "Session.device_motion",
    "motion.audit": "Choreo.audit",
    "app.describe": "Choreo.describe_app",
    "session.export": "Session.export",
    "session.import": "Choreo.import_session",
    "app.contribute": "Session.contribute",
    "app.closeBudgetPeriod": "Session.close_budget_period",
    "app.setSavings": "Session.set_savings",
    "app.addTransaction": "Session.add_transaction",
    "app.editTransaction": "Session.edit_transaction",
    "app.deleteTransaction": "Session.delete_transaction",
    "app.finishLoading": "Session.finish_loading",
}


def _wire_name(name: str) -> str:
    """``from_`` → ``from``: a trailing underscore lets Python keywords be passed as keyword arguments."""
    return name[:-1] if name.endswith("_") and not name.endswith("__") else name


def _camel(name: str) -> str:
    """``reduce_motion`` → ``reduceMotion``; ``reduceMotion`` stays as it is."""
    head, *rest = _wire_name(name).split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _merge_params(positional: Optional[Mapping[str, Any]], keywords: Mapping[str, Any]) -> JSONObject:
    """The params object: the mapping as given (``None`` values kept), then keyword arguments (``None`` dropped)."""
    params: JSONObject = dict(positional) if positional else {}
    for key, value in keywords.items():
        if value is not None:
            params[_wire_name(key)] = value
    return params


class Event:
    """One ``event`` notification: a trace event of a subscribed session.

    ``event`` is the trace event as ``trace.get`` reports it (``{seq, t, kind, ...}``); ``event["to"]`` and
    ``ev["to"]`` are the same.
    """

    __slots__ = ("subscription", "session", "event")

    def __init__(self, subscription: int, session: str, event: JSONObject) -> None:
        self.subscription = subscription
        self.session = session
        self.event = event

    @property
    def kind(self) -> str:
        return str(self.event.get("kind", ""))

    @property
    def t(self) -> float:
        return float(self.event.get("t", 0))

    @property
    def seq(self) -> int:
        return int(self.event.get("seq", 0))

    def __getitem__(self, key: str) -> Any:
        return self.event[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.event.get(key, default)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.subscription, self.session, self.event) == (other.subscription, other.session, other.event)

    def __repr__(self) -> str:
        return f"Event(subscription={self.subscription}, session={self.session!r}, event={self.event!r})"


C = TypeVar("C", bound="Choreo")


class Choreo:
    """A connection to choreod.

    ``Choreo.connect(path)`` connects to a running daemon (path: the argument, ``$CHOREO_SOCKET``,
    ``$XDG_RUNTIME_DIR/choreo/choreod.sock``, ``/tmp/choreo-$UID/choreod.sock``); ``Choreo.spawn()`` starts a private
    daemon on a temporary socket and stops it on ``close()``. Use either as a context manager.

    Calls are synchronous: each sends one request and waits for its reply. A lock makes the client safe to share
    between threads (calls then take turns). Errors are raised as ``ChoreoError`` subclasses. ``event``
    notifications that arrive meanwhile are kept for ``events()``.
    """

    def __init__(
        self,
        path: Optional[str] = None,
        *,
        timeout: Optional[float] = DEFAULT_TIMEOUT,
        on_reply: Optional[ReplyHook] = None,
        on_notification: Optional[NotificationHook] = None,
        daemon: Optional[Daemon] = None,
    ) -> None:
        self.socket_path: str = default_socket_path(path)
        self.timeout = timeout
        self.on_reply = on_reply
        self.on_notification = on_notification
        #: The private daemon this client started (``spawn``), stopped by ``close()``; else None.
        self.daemon: Optional[Daemon] = daemon
        #: The private daemon's exit status once ``close()`` stopped it.
        self.daemon_exit_code: Optional[int] = None
        self._lock = threading.RLock()
        self._ids = itertools.count(1)
        self._buffer = bytearray()
        self._events: Deque[Event] = deque()
        self._closed = False
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._sock.settimeout(timeout)
            self._sock.connect(self.socket_path)
            self._sock.settimeout(None)
        except OSError as e:
            self._sock.close()
            self._closed = True
            raise ChoreoConnectionError(
                f"cannot connect to choreod at {self.socket_path}: {e.strerror or e}. Start one (`choreod`, or "
                "`make run` in the Choreo repository), pass its socket path, or use Choreo.spawn()."
            ) from e

    # ---------------------------------------------------------------------------------------------------------------
    # Opening and closing
    # ---------------------------------------------------------------------------------------------------------------

    @classmethod
    def connect(
        cls: Type[C],
        path: Optional[str] = None,
        *,
        timeout: Optional[float] = DEFAULT_TIMEOUT,
        on_reply: Optional[ReplyHook] = None,
        on_notification: Optional[NotificationHook] = None,
    ) -> C:
        """Connects to a running daemon at ``path`` (default: as the daemon resolves it)."""
        return cls(path, timeout=timeout, on_reply=on_reply, on_notification=on_notification)

    @classmethod
    def spawn(
        cls: Type[C],
        binary: Optional[str] = None,
        *,
        args: Sequence[str] = (),
        startup_timeout: float = 20.0,
        timeout: Optional[float] = DEFAULT_TIMEOUT,
        on_reply: Optional[ReplyHook] = None,
        on_notification: Optional[NotificationHook] = None,
    ) -> C:
        """Starts a private choreod on a socket in a new temporary directory and connects to it.

        ``binary``: the argument, else ``$CHOREOD``, else ``choreod`` on ``PATH``. ``args`` go to the daemon (e.g.
        ``["--max-sessions", "5"]``). ``close()`` stops it with SIGTERM and removes the directory.
        """
        daemon = Daemon.start(binary, args=args, startup_timeout=startup_timeout)
        try:
            return cls(
                daemon.socket_path, timeout=timeout, on_reply=on_reply, on_notification=on_notification, daemon=daemon
            )
        except BaseException:
            daemon.stop()
            raise

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Closes the connection; a daemon started by ``spawn`` is stopped (SIGTERM) and its directory removed."""
        with self._lock:
            if not self._closed:
                self._closed = True
                try:
                    self._sock.close()
                except OSError:
                    pass
        if self.daemon is not None and self.daemon_exit_code is None:
            self.daemon_exit_code = self.daemon.stop()

    def __enter__(self: C) -> C:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "open"
        owner = " (private daemon)" if self.daemon is not None else ""
        return f"<choreo.Choreo {self.socket_path!r} {state}{owner}>"

    # ---------------------------------------------------------------------------------------------------------------
    # The transport
    # ---------------------------------------------------------------------------------------------------------------

    def _fail(self, message: str, cause: Optional[BaseException] = None) -> ChoreoConnectionError:
        """Marks the connection unusable (a reply may be half read) and returns the error to raise."""
        self._closed = True
        try:
            self._sock.close()
        except OSError:
            pass
        error = ChoreoConnectionError(message)
        if cause is not None:
            error.__cause__ = cause
        return error

    def _read_message(self, deadline: Optional[float]) -> Optional[JSONObject]:
        """The next message the daemon wrote, or None when ``deadline`` (time.monotonic()) passed first."""
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                if line.endswith(b"\r"):
                    line = line[:-1]
                try:
                    message = json.loads(line.decode("utf-8"))
                except (UnicodeDecodeError, ValueError) as e:
                    raise self._fail(f"choreod wrote a line that is not JSON: {line[:200]!r}", e) from e
                if not isinstance(message, dict):
                    raise ProtocolViolation(f"choreod wrote a JSON text that is not an object: {message!r}")
                return message
            if self._closed:
                raise ChoreoConnectionError(f"the connection to {self.socket_path} is closed")
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                if not wait_readable(self._sock.fileno(), remaining):
                    return None
                chunk = self._sock.recv(1 << 16)
            except (OSError, ValueError) as e:
                raise self._fail(f"lost the connection to choreod at {self.socket_path}: {e}", e) from e
            if not chunk:
                raise self._fail(f"choreod closed the connection ({self.socket_path})")
            self._buffer += chunk

    def _send(self, line: str, salvage: bool = False) -> Optional[JSONObject]:
        """Writes one line. If the daemon closed the connection meanwhile, raises ChoreoConnectionError; with
        ``salvage``, returns instead the error reply it wrote before closing (a line too long), if there is one."""
        try:
            self._sock.sendall(line.encode("utf-8"))
            return None
        except OSError as e:
            cause: OSError = e
        reply: Optional[JSONObject] = None
        if salvage and isinstance(cause, (BrokenPipeError, ConnectionResetError)):
            try:
                while reply is None or "id" not in reply:
                    if reply is not None:
                        self._notification(reply)
                    reply = self._read_message(time.monotonic() + 1.0)
                    if reply is None:
                        break
            except ChoreoException:
                reply = None
        if reply is not None and "error" in reply:
            self._fail("")
            return reply
        if isinstance(cause, (BrokenPipeError, ConnectionResetError)):
            raise self._fail(f"choreod closed the connection ({self.socket_path})", cause) from cause
        raise self._fail(f"lost the connection to choreod at {self.socket_path}: {cause}", cause) from cause

    def _notification(self, message: JSONObject) -> None:
        if self.on_notification is not None:
            self.on_notification(message)
        params = message.get("params")
        if message.get("method") == "event" and isinstance(params, dict):
            event = params.get("event")
            self._events.append(
                Event(
                    int(params.get("subscription", 0)),
                    str(params.get("session", "")),
                    event if isinstance(event, dict) else {},
                )
            )

    def request(self, method: str, params: Optional[Mapping[str, Any]] = None) -> Any:
        """Sends one request and returns its ``result``; raises the ChoreoError subclass for an ``error`` reply.

        ``params`` go on the wire exactly as given (``None`` values included, meaning absent to the daemon).
        """
        sent: JSONObject = dict(params) if params is not None else {}
        with self._lock:
            if self._closed:
                raise ChoreoConnectionError(f"the connection to {self.socket_path} is closed")
            request_id = next(self._ids)
            message: JSONObject = {"jsonrpc": "2.0", "id": request_id, "method": method}
            if params is not None:
                message["params"] = sent
            line = json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n"
            reply = self._send(line, salvage=True)
            deadline = None if self.timeout is None else time.monotonic() + self.timeout
            while reply is None:
                reply = self._read_message(deadline)
                if reply is None:
                    raise self._fail(f"{method}: no reply from choreod within {self.timeout} s")
                if "id" not in reply:
                    self._notification(reply)
                    reply = None
        if self.on_reply is not None:
            self.on_reply(method, sent, reply)
        if reply.get("jsonrpc") != "2.0":
            raise ProtocolViolation(f"{method}: the reply is not JSON-RPC 2.0: {reply!r}")
        error = reply.get("error")
        if error is not None:
            # A reply with "id": null answers a request the daemon could not read (a line too long): ours.
            if reply["id"] not in (request_id, None):
                raise ProtocolViolation(f"{method}: reply for id {reply['id']!r}, expected {request_id}")
            if not isinstance(error, dict):
                raise ProtocolViolation(f"{method}: the error is not an object: {error!r}")
            raise error_from_response(error, method)
        if reply["id"] != request_id:
            raise ProtocolViolation(f"{method}: reply for id {reply['id']!r}, expected {request_id}")
        if "result" not in reply:
            raise ProtocolViolation(f"{method}: the reply has neither result nor error: {reply!r}")
        return reply["result"]

    def call(self, method: str, _params: Optional[Mapping[str, Any]] = None, /, **params: Any) -> Any:
        """Calls any method by its protocol name; returns the result.

        ``client.call("motion.sample", curve=..., at=[0, 200], from_=0)``: keyword arguments are the protocol's
        parameter names (a trailing ``_`` is dropped, for ``from_``; ``None`` values are left out). A mapping passed
        first is sent as given.
        """
        return self.request(method, _merge_params(_params, params))

    def notify(self, method: str, _params: Optional[Mapping[str, Any]] = None, /, **params: Any) -> None:
        """Sends a JSON-RPC notification (no ``id``): the daemon runs it and never replies."""
        message: JSONObject = {"jsonrpc": "2.0", "method": method, "params": _merge_params(_params, params)}
        line = json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n"
        with self._lock:
            if self._closed:
                raise ChoreoConnectionError(f"the connection to {self.socket_path} is closed")
            self._send(line)

    # ---------------------------------------------------------------------------------------------------------------
    # Events
    # ---------------------------------------------------------------------------------------------------------------

    def _pop_event(self, session: Optional[str], subscription: Optional[int]) -> Optional[Event]:
        for i, event in enumerate(self._events):
            if (session is None or event.session == session) and (
                subscription is None or event.subscription == subscription
            ):
                del self._events[i]
                return event
        return None

    def next_event(
        self, timeout: Optional[float] = None, *, session: Optional[str] = None, subscription: Optional[int] = None
    ) -> Optional[Event]:
        """The next ``event`` notification (of ``session`` / ``subscription`` when given), waiting up to ``timeout``
        seconds (``None``: as long as it takes; ``0``: only what has already arrived); None if none came."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while True:
                event = self._pop_event(session, subscription)
                if event is not None:
                    return event
                message = self._read_message(deadline)
                if message is None:
                    return None
                if "id" in message:
                    raise ProtocolViolation(f"choreod sent a reply while no request was pending: {message!r}")
                self._notification(message)

    def events(
        self, timeout: Optional[float] = None, *, session: Optional[str] = None, subscription: Optional[int] = None
    ) -> Iterator[Event]:
        """Iterates over ``event`` notifications from ``events.subscribe`` subscriptions on this connection.

        Each step waits up to ``timeout`` seconds for the next event and the iteration ends when none arrives in
        time; ``timeout=None`` waits forever, ``timeout=0`` yields only the events that have already arrived. The
        events a call causes arrive before its reply, so after a call ``events(timeout=0)`` yields all of them.
        Other calls may be made while iterating. Events of other sessions or subscriptions stay queued.
        """
        while True:
            event = self.next_event(timeout, session=session, subscription=subscription)
            if event is None:
                return
            yield event

    # ---------------------------------------------------------------------------------------------------------------
    # Methods without a session
    # ---------------------------------------------------------------------------------------------------------------

    def daemon_info(self) -> JSONObject:
        """``daemon.info``: ``{name, version, protocolVersion, apps, sessions, uptimeMs, limits}``."""
        result: JSONObject = self.request("daemon.info", {})
        return result

    def daemon_shutdown(self) -> JSONObject:
        """``daemon.shutdown``: ``{shuttingDown: true}``; the daemon then stops gracefully."""
        result: JSONObject = self.request("daemon.shutdown", {})
        return result

    def discover(self) -> JSONObject:
        """``rpc.discover``: the OpenRPC document (protocol/openrpc.json)."""
        result: JSONObject = self.request("rpc.discover", {})
        return result

    def import_session(self, snapshot: Mapping[str, Any]) -> "Session":
        """``session.import``: recreates a session from a ``session.export`` snapshot; returns its handle."""
        result: JSONObject = self.request("session.import", {"snapshot": dict(snapshot)})
        return self.attach(result["session"])

    def describe_app(self, app: Optional[str] = None) -> JSONObject:
        """``app.describe``: an app's contract as data (``state``, ``traceEvents``, ``hapticSources``,
        ``refusalReasons``, ``animations``); the daemon's first app when ``app`` is None."""
        result: JSONObject = self.request("app.describe", {} if app is None else {"app": app})
        return result

    def audit(self, app: Optional[str] = None, budgets: Optional[Mapping[str, float]] = None) -> JSONObject:
        """``motion.audit``: every animation the apps define, checked against the designs' budgets.

        ``budgets`` adds limits to every animation: ``maxSettleMs``, ``maxLogicalMs`` (ms), ``maxOvershoot``
        (a fraction of the change). Returns ``{animations, total, failed, failures}``.
        """
        params: Dict[str, Any] = {}
        if app is not None:
            params["app"] = app
        if budgets is not None:
            params["budgets"] = dict(budgets)
        result: JSONObject = self.request("motion.audit", params)
        return result

    def sample(
        self,
        curve: Mapping[str, Any],
        at: Union[float, Sequence[float]],
        from_: float = 0,
        to: float = 1,
        physics: Optional[str] = None,
        fps: Optional[int] = None,
    ) -> JSONObject:
        """``motion.sample``: the curve animating ``from_`` → ``to`` at each time of ``at`` (virtual ms).

        ``physics`` is ``"swiftui"`` or ``"ideal"`` (default: the daemon's); ``fps`` (60 or 120) is the render loop
        under ``swiftui``. Returns ``{values, velocities, logicallyCompleteMs, settleMs, curve, physics}``
        (velocities per second).
        """
        times: Union[float, List[float]] = at if isinstance(at, (int, float)) else list(at)
        params: Dict[str, Any] = {"curve": dict(curve), "at": times, "from": from_, "to": to}
        if physics is not None:
            params["physics"] = physics
        if fps is not None:
            params["fps"] = fps
        result: JSONObject = self.request("motion.sample", params)
        return result

    def session(
        self,
        app: Optional[str] = None,
        settings: Optional[Mapping[str, Any]] = None,
        seed: Optional[int] = None,
        fps: Optional[int] = None,
        data: Optional[Mapping[str, Any]] = None,
        wall_clock: Optional[str] = None,
        physics: Optional[str] = None,
    ) -> "Session":
        """``session.create``: a new session (use it as a context manager to close it at the end).

        ``settings`` take the protocol's keys (``{"mode": "reduced", "reduceMotion": True}``); ``wall_clock`` is ISO
        8601 (``2026-01-05T09:00:00Z``); ``physics`` is ``"swiftui"`` (SwiftUI's runtime, frames at ``fps``) or
        ``"ideal"`` (closed forms), default: the daemon's (``daemon.info``'s ``physics.default``).
        """
        params = _merge_params(
            None,
            {
                "app": app,
                "settings": dict(settings) if settings is not None else None,
                "seed": seed,
                "fps": fps,
                "physics": physics,
                "data": dict(data) if data is not None else None,
                "wallClock": wall_clock,
            },
        )
        result = self.request("session.create", params)
        return Session(self, str(result["session"]), str(result.get("app", app or "")))

    def attach(self, session_id: str, app: Optional[str] = None) -> "Session":
        """A Session object for a session that already exists (sessions outlive connections); no call is made."""
        return Session(self, session_id, app)

    def sessions(self) -> List[JSONObject]:
        """``session.list``: ``[{session, app, now}]``."""
        result: List[JSONObject] = self.request("session.list", {})["sessions"]
        return result

    def close_session(self, session_id: str) -> bool:
        """``session.close`` by id."""
        return bool(self.request("session.close", {"session": session_id})["closed"])

    def unsubscribe(self, subscription: int) -> bool:
        """``events.unsubscribe``: ends a subscription this connection holds."""
        return bool(self.request("events.unsubscribe", {"subscription": subscription})["unsubscribed"])


class Session:
    """One simulated app in the daemon: its clock, settings, state, lab and recorders.

    Made by ``client.session(...)`` or ``session.fork()``. As a context manager it closes the session at exit.
    Every call adds ``"session": id``; ``session.call(method, **params)`` calls any method, including those not
    wrapped here.
    """

    def __init__(self, client: Choreo, session_id: str, app: Optional[str] = None) -> None:
        self.client = client
        self.id = session_id
        self.app = app
        self.closed = False

    def __repr__(self) -> str:
        return f"<choreo.Session {self.id} app={self.app!r}{' closed' if self.closed else ''}>"

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, exc_type: Optional[type], exc: Optional[BaseException], tb: object) -> None:
        if self.closed:
            return
        try:
            self.close()
        except UnknownSession:
            self.closed = True  # closed some other way already
        except Exception:
            if exc is None:
                raise
            # Do not hide the exception that ended the block.

    def call(self, method: str, _params: Optional[Mapping[str, Any]] = None, /, **params: Any) -> Any:
        """Calls any method with this session: ``s.call("ui.tap", target="transactions/row/t1")``."""
        merged = _merge_params(_params, params)
        merged.setdefault("session", self.id)
        return self.client.request(method, merged)

    # -- the session ------------------------------------------------------------------------------------------------

    def close(self) -> bool:
        """``session.close``."""
        closed = bool(self.call("session.close")["closed"])
        self.closed = True
        return closed

    def fork(self) -> "Session":
        """``session.fork``: a complete copy (timers, animations, trace, random state), evolving independently."""
        result = self.call("session.fork")
        return Session(self.client, str(result["session"]), self.app)

    # -- the clock --------------------------------------------------------------------------------------------------

    def clock(self) -> JSONObject:
        """``clock.now``: ``{now, wallClock}``."""
        result: JSONObject = self.call("clock.now")
        return result

    def now(self) -> float:
        """The session's virtual time in ms (``clock.now`` → ``now``)."""
        return float(self.clock()["now"])

    def wall_clock(self) -> str:
        """The session's wall clock at ``now``, ISO 8601 (``clock.now`` → ``wallClock``)."""
        return str(self.clock()["wallClock"])

    def advance(self, ms: float) -> JSONObject:
        """``clock.advance``: moves virtual time forward ``ms`` milliseconds, firing every deadline on the way at
        its own time. Returns ``{now, fired}``."""
        result: JSONObject = self.call("clock.advance", ms=ms)
        return result

    def settle(self, timeout_ms: Optional[float] = None, *, strict: bool = False) -> JSONObject:
        """``clock.settle``: advances until nothing finite is pending or ``timeout_ms`` (default 30000) passed.

        Returns ``{now, settled, running, fired}``; ``settled`` is False on a timeout, never pretended. With
        ``strict=True`` a timeout raises ``choreo.NotSettled`` naming what still runs.
        """
        result: JSONObject = self.call("clock.settle", timeoutMs=timeout_ms)
        if strict and not result.get("settled"):
            raise NotSettled(result)
        return result

    # -- settings ---------------------------------------------------------------------------------------------------

    def settings(self) -> JSONObject:
        """``settings.get``: every setting, ``effectiveMode`` included."""
        result: JSONObject = self.call("settings.get")
        return result

    def set_settings(self, _changes: Optional[Mapping[str, Any]] = None, /, **changes: Any) -> JSONObject:
        """``settings.set``: ``s.set_settings(mode="reduced", reduce_motion=True)`` (snake_case or the protocol's
        camelCase); returns every setting after the change."""
        params: JSONObject = dict(_changes) if _changes else {}
        params.update({_camel(k): v for k, v in changes.items() if v is not None})
        result: JSONObject = self.call("settings.set", params)
        return result

    # -- observing --------------------------------------------------------------------------------------------------

    def state(self, path: Optional[str] = None) -> Any:
        """``state.get``: the value at a dotted path (``"navigation.screen"``, ``"lab.values.x"``), or the whole
        tree; animated values are evaluated at the current virtual time."""
        return self.call("state.get", path=path)["value"]

    def screen(self, at: Optional[float] = None, width: Optional[float] = None) -> str:
        """``screen.render``: the app's screen as an SVG document (a wireframe drawn from the state), now or at a
        later virtual time ``at`` (drawn on a copy: the session does not move), ``width`` pixels wide."""
        result: str = self.call("screen.render", at=at, width=width)["svg"]
        return result

    def animations(
        self,
        path: Optional[str] = None,
        running: Optional[bool] = None,
        since: Optional[float] = None,
        limit: Optional[int] = None,
    ) -> List[JSONObject]:
        """``animations.list``: every animation since the start (of ``path`` when given), oldest first; ``running``
        only those still moving now, ``since`` (virtual ms) those requested at or after it, ``limit`` the first N."""
        result: List[JSONObject] = self.call(
            "animations.list", path=path, running=running, since=since, limit=limit
        )["animations"]
        return result

    def haptics(self, since: Optional[float] = None) -> List[JSONObject]:
        """``haptics.list``: ``[{t, style, source}]``, oldest first; ``since`` (virtual ms) is inclusive."""
        result: List[JSONObject] = self.call("haptics.list", since=since)["haptics"]
        return result

    def haptics_ahap(self, since: Optional[float] = None, format: str = "ahap") -> JSONObject:
        """``haptics.export``: the haptics played at or after ``since`` (virtual ms) as an Apple Core Haptics
        pattern (the AHAP document: save it as JSON to a ``.ahap`` file)."""
        result: JSONObject = self.call("haptics.export", since=since, format=format)["ahap"]
        return result

    def announcements(self, since: Optional[float] = None) -> List[JSONObject]:
        """``announcements.list``: ``[{t, text}]``, oldest first; ``since`` (virtual ms) is inclusive."""
        result: List[JSONObject] = self.call("announcements.list", since=since)["announcements"]
        return result

    def trace(
        self,
        since: Optional[float] = None,
        after_seq: Optional[int] = None,
        kinds: Optional[Sequence[str]] = None,
    ) -> List[JSONObject]:
        """``trace.get``: the ordered event log ``[{seq, t, kind, ...}]``, filtered by time, sequence and kinds."""
        result: List[JSONObject] = self.call(
            "trace.get", since=since, afterSeq=after_seq, kinds=list(kinds) if kinds is not None else None
        )["events"]
        return result

    def subscribe(self, kinds: Optional[Sequence[str]] = None) -> int:
        """``events.subscribe``: pushes this session's new trace events to this connection; read them with
        ``events()``. Returns the subscription id."""
        return int(self.call("events.subscribe", kinds=list(kinds) if kinds is not None else None)["subscription"])

    def unsubscribe(self, subscription: int) -> bool:
        """``events.unsubscribe``."""
        return self.client.unsubscribe(subscription)

    def events(self, timeout: Optional[float] = None, subscription: Optional[int] = None) -> Iterator[Event]:
        """This session's ``event`` notifications (see ``Choreo.events``)."""
        return self.client.events(timeout, session=self.id, subscription=subscription)

    # -- the lab ----------------------------------------------------------------------------------------------------

    def lab_animate(
        self, name: str, to: float, curve: Mapping[str, Any], from_: Optional[float] = None
    ) -> JSONObject:
        """``lab.animate``: animates lab value ``name`` (state path ``lab.values.NAME``) to ``to``.

        Returns ``{animation, from, logicallyCompleteAt?, settledAt?}``.
        """
        result: JSONObject = self.call("lab.animate", name=name, to=to, curve=dict(curve), from_=from_)
        return result

    def lab_set(self, name: str, value: float) -> float:
        """``lab.set``: sets the value at once, interrupting any animation of it."""
        return float(self.call("lab.set", name=name, value=value)["value"])

    def lab_timer(self, name: str, after_ms: float, haptic: Optional[str] = None) -> JSONObject:
        """``lab.timer``: a timer that fires after ``after_ms`` (playing ``haptic`` if given). ``{timer, firesAt}``."""
        result: JSONObject = self.call("lab.timer", name=name, afterMs=after_ms, haptic=haptic)
        return result

    def lab_haptic(self, style: str) -> None:
        """``lab.haptic``: plays a haptic now (source ``lab``)."""
        self.call("lab.haptic", style=style)

    def lab_announce(self, text: str) -> None:
        """``lab.announce``: posts a VoiceOver announcement now."""
        self.call("lab.announce", text=text)

    # -- the app's UI -----------------------------------------------------------------------------------------------

    def navigate(self, screen: str) -> JSONObject:
        """``ui.navigate``: goes to a top-level screen (``"transactions"``, ``"goals"``, …)."""
        result: JSONObject = self.call("ui.navigate", screen=screen)
        return result

    def tap(self, target: Optional[str] = None, *, point: Optional[int] = None, **extra: Any) -> Any:
        """``ui.tap``: taps a target ``SCREEN/KIND/ID`` (``"transactions/row/t1"``), or a chart ``point``."""
        return self.call("ui.tap", target=target, point=point, **extra)

    def back(self) -> Any:
        """``ui.back``: pops the navigation stack."""
        return self.call("ui.back")

    def dismiss(self) -> Any:
        """``ui.dismiss``: dismisses the sheet."""
        return self.call("ui.dismiss")

    def present(self, sheet: str, item: Optional[str] = None) -> Any:
        """``ui.present``: presents a sheet (with ``item`` for the item-driven variant)."""
        return self.call("ui.present", sheet=sheet, item=item)

    def scroll(self, y: float, screen: Optional[str] = None) -> Any:
        """``ui.scroll``: scrolls the content to ``y`` points from the top (of ``screen``, default the current)."""
        return self.call("ui.scroll", y=y, screen=screen)

    def pull(self, distance: float) -> Any:
        """``ui.pull``: moves the finger to ``distance`` points of pull-to-refresh."""
        return self.call("ui.pull", distance=distance)

    def release(self) -> Any:
        """``ui.release``: lets go (of a pull, a touch or a drag)."""
        return self.call("ui.release")

    def touch(self, target: str, x: float) -> Any:
        """``ui.touch``: touches and holds ``target`` at ``x`` (0…1 across, e.g. ``"dashboard/chart"``)."""
        return self.call("ui.touch", target=target, x=x)

    def drag(
        self,
        target: Optional[str] = None,
        x: Optional[float] = None,
        y: Optional[float] = None,
        velocity: Optional[float] = None,
        **extra: Any,
    ) -> Any:
        """``ui.drag``: pans the finger to ``x`` (0…1 across a chart) or drags by ``y`` points (a sheet)."""
        return self.call("ui.drag", target=target, x=x, y=y, velocity=velocity, **extra)

    def export(self) -> JSONObject:
        """``session.export``: the session as a snapshot that ``Choreo.import_session`` restores."""
        result: JSONObject = self.call("session.export")
        return result

    def device_motion(self, pitch: float, roll: float, rotation_rate: Optional[float] = None) -> Any:
        """``ui.deviceMotion``: tilts the device (degrees; rotation rate in degrees per second), AirFit only."""
        return self.call("ui.deviceMotion", pitch=pitch, roll=roll, rotationRate=rotation_rate)

    def contribute(self, goal: str, amount: float) -> Any:
        """``app.contribute``: adds ``amount`` to goal ``goal``."""
        return self.call("app.contribute", goal=goal, amount=amount)

    def close_budget_period(self, budget: str) -> Any:
        """``app.closeBudgetPeriod``: ends budget ``budget``'s period."""
        return self.call("app.closeBudgetPeriod", budget=budget)

    def set_savings(self, amount: float) -> Any:
        """``app.setSavings``: sets the total savings."""
        return self.call("app.setSavings", amount=amount)

    def add_transaction(self, transaction: Dict[str, Any]) -> Any:
        """``app.addTransaction``: adds a transaction (``{id, description?, amount?, date?, category?}``), first in the
        list; the balance card's numbers it moves count to their new values."""
        return self.call("app.addTransaction", transaction=transaction)

    def edit_transaction(self, transaction: str, changes: Dict[str, Any]) -> Any:
        """``app.editTransaction``: replaces the fields in ``changes`` of transaction ``transaction``."""
        return self.call("app.editTransaction", transaction=transaction, changes=changes)

    def delete_transaction(self, transaction: str) -> Any:
        """``app.deleteTransaction``: deletes transaction ``transaction`` (its detail sheet leaves with it)."""
        return self.call("app.deleteTransaction", transaction=transaction)

    def finish_loading(self, ok: bool = True) -> Any:
        """``app.finishLoading``: ends the dashboard's data load, successfully or not."""
        return self.call("app.finishLoading", ok=ok)
