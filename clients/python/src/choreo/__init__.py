"""Choreo's Python client: drive choreod (headless app UI state machines under a virtual clock) from test scripts.

    from choreo import Choreo

    with Choreo.spawn() as client, client.session() as s:     # a private daemon, stopped at the end
        s.lab_animate("x", to=100, curve={"spring": {"response": 0.4, "dampingFraction": 0.8}}, from_=0)
        s.advance(200)
        assert s.state("lab.values.x") == 92.2313786754

Standard library only. The pytest plugin (``choreo.pytest_plugin``, loaded through the ``pytest11`` entry point) gives
tests the ``choreo`` and ``choreo_session`` fixtures.
"""

from __future__ import annotations

from . import curves, errors
from .client import (
    DEFAULT_TIMEOUT,
    PROTOCOL_METHODS,
    Choreo,
    Event,
    JSONObject,
    NotificationHook,
    ReplyHook,
    Session,
    is_refusal,
)
from .daemon import Daemon, default_socket_path, find_choreod
from .assertions import assert_haptics, assert_state
from .errors import *  # noqa: F401,F403 (the names are errors.__all__, re-exported below)

__version__ = "0.1.0"

#: The protocol version this client speaks (``daemon.info`` → ``protocolVersion``).
PROTOCOL_VERSION = "1.3"

__all__ = [
    "assert_state",
    "assert_haptics",
    "Choreo",
    "Session",
    "Event",
    "Daemon",
    "ReplyHook",
    "NotificationHook",
    "JSONObject",
    "PROTOCOL_METHODS",
    "PROTOCOL_VERSION",
    "DEFAULT_TIMEOUT",
    "default_socket_path",
    "find_choreod",
    "curves",
    "is_refusal",
    "__version__",
    *errors.__all__,
]
