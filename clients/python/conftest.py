"""The protocol as a checked contract: every reply this suite (tests/ and examples/) receives from choreod is validated
against protocol/openrpc.json: each result against its method's ``result.schema``, each error against the JSON-RPC
error shape, its code's ``data`` schema (``x-error-data``) and the method's declared ``errors``, and each ``event``
notification against ``EventNotification``.

It works by wrapping the client's transport: every client the suite makes (the plugin's ``choreo`` fixture through
``choreo_client_options``, and the ``connect`` / ``spawn`` fixtures below) gets an ``on_reply`` hook. A reply that
does not match raises ``ContractViolation`` inside the call that received it, so the test that received it fails;
a violation the test swallowed still fails it at teardown.

A method the daemon serves but the document does not list yet has no schema to hold its replies to: they are counted,
reported in the summary and raise a ``UndocumentedMethodWarning``; set ``CHOREO_CONTRACT_STRICT=1`` to fail on them
instead (tests/e2e/test_openrpc_document.py already fails when the daemon and the document disagree on the methods).

Needs ``jsonschema`` >= 4.18 (``pip install -e 'clients/python[test]'``). ``CHOREO_OPENRPC`` overrides the document's
path.
"""

from __future__ import annotations

import json
import os
import warnings
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Dict, Generator, Iterator, List, Optional, Tuple

import pytest
from jsonschema import Draft7Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

from choreo import Choreo

pytest_plugins = ["pytester"]

DOC_PATH = Path(os.environ.get("CHOREO_OPENRPC") or Path(__file__).resolve().parents[2] / "protocol" / "openrpc.json")
DOC_URI = "urn:choreo:openrpc"

#: Codes any request may get whatever its method: the request could not be read, or choreod has a bug.
PROTOCOL_LEVEL_CODES = {-32700, -32600, -32603}

#: JSON-RPC 2.0's error object as protocol/README.md ("Errors") narrows it: data is always an object.
ERROR_OBJECT_SCHEMA = {
    "type": "object",
    "required": ["code", "message", "data"],
    "properties": {
        "code": {"type": "integer"},
        "message": {"type": "string", "minLength": 1},
        "data": {"type": "object"},
    },
    "additionalProperties": False,
}

#: A JSON-RPC 2.0 response.
RESPONSE_SCHEMA = {
    "type": "object",
    "required": ["jsonrpc", "id"],
    "properties": {"jsonrpc": {"const": "2.0"}, "id": {"type": ["string", "number", "null"]}},
    "oneOf": [{"required": ["result"]}, {"required": ["error"]}],
    "not": {"required": ["result", "error"]},
    "additionalProperties": False,
    "patternProperties": {"^(result|error)$": {}},
}


STRICT = os.environ.get("CHOREO_CONTRACT_STRICT", "") not in ("", "0")


class ContractViolation(AssertionError):
    """A reply from choreod that does not match protocol/openrpc.json."""


class UndocumentedMethodWarning(UserWarning):
    """choreod answered a method that protocol/openrpc.json does not list: nothing to validate the reply against."""


def _pointer(*parts: Any) -> str:
    return "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _describe(error: Any) -> str:
    where = "/".join(str(p) for p in error.absolute_path) or "(top)"
    return f"at {where}: {error.message}"


class Contract:
    """Validators built once from the OpenRPC document; ``$ref``s into ``#/components/...`` resolve through a
    ``referencing`` registry holding the document."""

    def __init__(self, doc: Dict[str, Any]) -> None:
        self.doc = doc
        registry: Registry = Registry().with_resource(DOC_URI, Resource.from_contents(doc, default_specification=DRAFT7))

        def validator(pointer: str) -> Draft7Validator:
            return Draft7Validator({"$ref": f"{DOC_URI}#/{pointer}"}, registry=registry)

        self.results: Dict[str, Draft7Validator] = {}
        self.declared_errors: Dict[str, set] = {}
        for i, method in enumerate(doc["methods"]):
            result = method["result"]
            if "$ref" in result:  # a content descriptor kept in components
                pointer = result["$ref"].lstrip("#/") + "/schema"
            else:
                pointer = _pointer("methods", i, "result", "schema")
            self.results[method["name"]] = validator(pointer)
            self.declared_errors[method["name"]] = {
                self._deref(e)["code"] for e in method.get("errors", [])
            }
        self.error_data: Dict[int, Tuple[str, Draft7Validator]] = {}
        for name, shape in doc["x-error-data"].items():
            self.error_data[shape["code"]] = (name, validator(_pointer("x-error-data", name, "schema")))
        self.notification = validator("components/schemas/EventNotification")
        self.error_object = Draft7Validator(ERROR_OBJECT_SCHEMA)
        self.response = Draft7Validator(RESPONSE_SCHEMA)

    def _deref(self, node: Dict[str, Any]) -> Dict[str, Any]:
        while "$ref" in node:
            target: Any = self.doc
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            node = target
        return node

    def undocumented(self, method: str, reply: Dict[str, Any]) -> bool:
        """Whether choreod served ``method`` (anything but -32601) although the document does not list it."""
        if method in self.results:
            return False
        error = reply.get("error")
        return not (isinstance(error, dict) and error.get("code") in ({-32601} | PROTOCOL_LEVEL_CODES))

    def check_reply(self, method: str, reply: Dict[str, Any]) -> List[str]:
        """Every way ``reply`` (to a call of ``method``) breaks the document; empty when it holds.

        For a method the document does not list, only what does not depend on the method is checked (the envelope,
        and an error's shape and data by its code); ``undocumented`` tells that case apart.
        """
        problems = [f"response {_describe(e)}" for e in self.response.iter_errors(reply)]
        if problems:
            return problems
        if "result" in reply:
            validator = self.results.get(method)
            if validator is None:
                return []
            return [f"result {_describe(e)}" for e in validator.iter_errors(reply["result"])]
        error = reply["error"]
        problems = [f"error {_describe(e)}" for e in self.error_object.iter_errors(error)]
        if problems:
            return problems
        code = error["code"]
        if code not in self.error_data:
            return [f"error code {code} is not one of the document's errors ({sorted(self.error_data)})"]
        name, validator = self.error_data[code]
        problems = [f"error {code} ({name}) data {_describe(e)}" for e in validator.iter_errors(error["data"])]
        declared = self.declared_errors.get(method)
        if declared is not None and code not in declared and code not in PROTOCOL_LEVEL_CODES:
            problems.append(f"{method} answered error {code} ({name}), which its `errors` in the document do not list")
        return problems

    def check_notification(self, message: Dict[str, Any]) -> List[str]:
        problems = []
        if message.get("jsonrpc") != "2.0" or "id" in message:
            problems.append(f"not a JSON-RPC 2.0 notification: {message!r}")
        if message.get("method") != "event":
            return problems + [f"unknown notification method {message.get('method')!r}"]
        return problems + [f"event notification {_describe(e)}" for e in self.notification.iter_errors(message.get("params"))]


class Stats:
    """What the suite validated, for the summary at the end of the run."""

    def __init__(self) -> None:
        self.results: Counter = Counter()
        self.errors: Counter = Counter()
        self.notifications = 0
        self.undocumented: Counter = Counter()


STATS = Stats()


class ContractHooks:
    """The on_reply / on_notification hooks one test's clients share; keeps every exchange in ``log``."""

    def __init__(self, contract: Contract) -> None:
        self.contract = contract
        self.log: List[Tuple[str, Dict[str, Any], Dict[str, Any]]] = []
        self.notifications: List[Dict[str, Any]] = []
        self.violations: List[str] = []

    def on_reply(self, method: str, params: Dict[str, Any], reply: Dict[str, Any]) -> None:
        self.log.append((method, params, reply))
        problems = self.contract.check_reply(method, reply)
        if self.contract.undocumented(method, reply):
            STATS.undocumented[method] += 1
            message = (
                f"choreod serves {method}, which protocol/openrpc.json does not list: its reply is not validated "
                f"against a result schema"
            )
            if STRICT:
                problems.append(message)
            else:
                warnings.warn(UndocumentedMethodWarning(message), stacklevel=2)
        if "error" in reply:
            STATS.errors[reply["error"].get("code")] += 1
        else:
            STATS.results[method] += 1
        if problems:
            text = (
                f"choreod's reply to {method} {json.dumps(params, sort_keys=True)} breaks protocol/openrpc.json:\n  "
                + "\n  ".join(problems)
                + f"\nreply: {json.dumps(reply, sort_keys=True)[:2000]}"
            )
            self.violations.append(text)
            raise ContractViolation(text)

    def on_notification(self, message: Dict[str, Any]) -> None:
        self.notifications.append(message)
        STATS.notifications += 1
        problems = self.contract.check_notification(message)
        if problems:
            text = "choreod's notification breaks protocol/openrpc.json:\n  " + "\n  ".join(problems)
            self.violations.append(text)
            raise ContractViolation(text)

    def options(self) -> Dict[str, Any]:
        return {"on_reply": self.on_reply, "on_notification": self.on_notification}

    def sent(self) -> List[Tuple[str, Dict[str, Any]]]:
        """(method, params) of every request so far."""
        return [(method, params) for method, params, _ in self.log]


def pytest_configure(config: pytest.Config) -> None:
    # Tests that spawn daemons without a binary argument read $CHOREOD; pytester changes the working directory.
    binary = os.environ.get("CHOREOD", "")
    if binary and os.sep in binary:
        os.environ["CHOREOD"] = os.path.abspath(binary)


@pytest.fixture(scope="session")
def contract() -> Contract:
    with open(DOC_PATH, encoding="utf-8") as f:
        return Contract(json.load(f))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"choreo_report_{report.when}", report)


@pytest.fixture
def contract_hooks(request: pytest.FixtureRequest, contract: Contract) -> Iterator[ContractHooks]:
    """The validating hooks of this test's clients. A violation fails the call that received it; one the test
    swallowed (a broad ``except``) fails the test at teardown."""
    hooks = ContractHooks(contract)
    yield hooks
    call = getattr(request.node, "choreo_report_call", None)
    if hooks.violations and (call is None or call.passed):
        pytest.fail("replies that break protocol/openrpc.json:\n" + "\n".join(hooks.violations), pytrace=False)


@pytest.fixture
def choreo_client_options(contract_hooks: ContractHooks) -> Dict[str, Any]:
    """Every ``choreo`` fixture client validates what it receives."""
    return contract_hooks.options()


@pytest.fixture
def connect(choreo_daemon_socket: str, contract_hooks: ContractHooks) -> Iterator[Callable[..., Choreo]]:
    """``connect()``: another validated connection to the run's daemon (``connect(path)`` for another daemon)."""
    clients: List[Choreo] = []

    def make(path: Optional[str] = None, **options: Any) -> Choreo:
        client = Choreo.connect(path or choreo_daemon_socket, **{**contract_hooks.options(), **options})
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


@pytest.fixture
def spawn(request: pytest.FixtureRequest, contract_hooks: ContractHooks) -> Iterator[Callable[..., Choreo]]:
    """``spawn(*args)``: a validated client with its own private daemon (started with ``args``), stopped after."""
    clients: List[Choreo] = []
    binary = request.config.getoption("choreod")

    def make(*args: str, **options: Any) -> Choreo:
        client = Choreo.spawn(binary, args=args, **{**contract_hooks.options(), **options})
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not STATS.results and not STATS.errors and not STATS.notifications:
        return
    validated = sum(n for m, n in STATS.results.items() if m not in STATS.undocumented)
    terminalreporter.write_line(
        f"choreo contract: {validated} results of {len(set(STATS.results) - set(STATS.undocumented))} methods, "
        f"{sum(STATS.errors.values())} errors of {len(STATS.errors)} codes and {STATS.notifications} event "
        f"notifications validated against {DOC_PATH.name}"
    )
    if STATS.undocumented:
        listed = ", ".join(f"{m} ({n})" for m, n in sorted(STATS.undocumented.items()))
        terminalreporter.write_line(
            f"choreo contract: replies of methods protocol/openrpc.json does not list, not validated: {listed}"
        )
