"""Bad input over the real socket: a JSON conformance corpus (must-accept, must-reject, implementation-defined), wrong
params for every method of protocol/openrpc.json, and the application errors for unknown and closed sessions.

After every bad line the daemon must answer the next request correctly on the same connection.
"""
import copy
import json
import os
import socket
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from choreo_harness import Client, Daemon

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parent / "corpus"
DOC = json.loads((ROOT / "protocol" / "openrpc.json").read_text(encoding="utf-8"))
TEN_MB = 10 * 1024 * 1024
# The corpus daemon takes lines up to 16 MiB so the 10 MB items reach the parser (the default limit is 8 MiB).
MAX_LINE = 16 * 1024 * 1024


def generated_items():
    yield "y_structure_2000_nested_arrays", b"[" * 2000 + b"]" * 2000
    yield "y_string_10MB", b'"' + b"a" * TEN_MB + b'"'
    yield "y_request_10MB_param", (
        b'{"jsonrpc":"2.0","id":"big","method":"daemon.info","params":{"x":"' + b"\xc3\xa9" * (TEN_MB // 2) + b'"}}'
    )
    yield "n_structure_100000_opening_arrays", b"[" * 100_000
    yield "n_structure_100000_open_objects", b'{"a":' * 100_000
    yield "n_string_10MB_unterminated", b'"' + b"a" * TEN_MB
    yield "i_structure_100000_nested_arrays", b"[" * 100_000 + b"]" * 100_000


def corpus_items():
    items = []
    for path in sorted(CORPUS.glob("*.json")):
        data = path.read_bytes()
        assert b"\n" not in data, f"{path.name}: corpus items must be one line"
        items.append((path.stem, data))
    assert len(items) >= 100, "the corpus files are missing"
    items.extend(generated_items())
    return items


ITEMS = corpus_items()

# What choreod answers to the implementation-defined items (see corpus/README.md): -32700 unless listed here.
I_ACCEPTED = {"i_number_tiny_exponent", "i_number_very_long_fraction", "i_structure_500_nested_arrays"}
# Valid JSON holding an integer outside Int64: read again with integers as reals and answered per request, not as a
# parse error (issue 16 #19): a batch of bare numbers is one -32600 per element, an oversized id is -32600 with id null.
I_ANSWERED = {
    "i_number_huge_id": [-32600],
    "i_number_int64_max_plus_one": [-32600],
    "i_number_too_big_int": [-32600],
    "i_number_too_big_negative_int": [-32600],
}


@pytest.fixture(scope="module")
def corpus_daemon():
    d = Daemon(args=["--max-line-bytes", str(MAX_LINE), "--log-level", "error"]).start()
    yield d
    assert d.stop() == 0


class Conn:
    """A raw connection that reads every line up to the answer of a probe request."""

    def __init__(self, path):
        self.client = Client(path, timeout=60)
        self.probes = 0

    def exchange(self, line: bytes):
        """Sends `line` and a probe; returns the lines answered before the probe's answer."""
        self.probes += 1
        probe_id = f"probe-{self.probes}"
        probe = json.dumps({"jsonrpc": "2.0", "id": probe_id, "method": "daemon.info"}).encode()
        self.client.send_raw(line + b"\n" + probe + b"\n")
        before = []
        while True:
            raw = self.client.read_line()
            reply = json.loads(raw)
            if isinstance(reply, dict) and reply.get("id") == probe_id:
                assert reply["result"]["name"] == "choreod", reply
                return before
            before.append(reply)
            assert len(before) <= 1, f"more than one answer to one line: {before}"


def codes(replies):
    out = []
    for reply in replies:
        for r in reply if isinstance(reply, list) else [reply]:
            out.append(r.get("error", {}).get("code"))
    return out


def test_every_corpus_item_gets_the_right_kind_of_answer_and_the_daemon_carries_on(corpus_daemon):
    conn = Conn(corpus_daemon.socket_path)
    seen = {"y": 0, "n": 0, "i": 0}
    failures = []
    for name, data in ITEMS:
        kind = name[0]
        seen[kind] += 1
        try:
            before = conn.exchange(data)
        except (EOFError, ConnectionError, socket.timeout) as e:
            failures.append(f"{name}: connection lost ({e!r})")
            conn = Conn(corpus_daemon.socket_path)
            continue
        got = codes(before)
        if kind == "n":
            if got != [-32700] or before[0].get("id", "missing") is not None:
                failures.append(f"{name}: expected one -32700 with id null, got {before}")
        elif kind == "y":
            if -32700 in got:
                failures.append(f"{name}: valid JSON answered -32700: {before}")
        else:
            expected = [] if name in I_ACCEPTED else I_ANSWERED.get(name, [-32700])
            if name in I_ACCEPTED:
                if -32700 in got:
                    failures.append(f"{name}: expected to be accepted, got {before}")
            elif got != expected:
                failures.append(f"{name}: expected {expected}, got {got}")
    conn.client.close()
    assert not failures, "\n".join(failures)
    assert seen["y"] >= 30 and seen["n"] >= 30 and seen["i"] >= 15, seen


def test_each_bad_line_alone_on_a_fresh_connection_leaves_the_daemon_serving(corpus_daemon):
    """The same items again, each on a new connection that is closed right after its answer."""
    for name, data in ITEMS:
        if len(data) > 1_000_000:
            continue
        conn = Conn(corpus_daemon.socket_path)
        conn.exchange(data)
        conn.client.close()


def test_answers_to_valid_items_are_exactly_right(corpus_daemon):
    conn = Conn(corpus_daemon.socket_path)
    (reply,) = conn.exchange((CORPUS / "y_request_id_string_with_escaped_nul.json").read_bytes())
    assert reply["id"] == "a\u0000b" and reply["result"]["name"] == "choreod"
    (reply,) = conn.exchange((CORPUS / "y_batch_mixed_valid_invalid.json").read_bytes())
    assert [r.get("id") for r in reply] == [6, None, 7]
    assert "result" in reply[0] and reply[1]["error"]["code"] == -32600 and reply[2]["error"]["code"] == -32600
    assert conn.exchange((CORPUS / "y_batch_only_notifications.json").read_bytes()) == []
    assert conn.exchange((CORPUS / "y_notification_unknown_method.json").read_bytes()) == []
    (reply,) = conn.exchange(dict(generated_items())["y_request_10MB_param"])
    assert reply["id"] == "big" and reply["error"]["code"] == -32602 and reply["error"]["data"]["parameter"] == "x"
    conn.client.close()


def test_an_integer_too_large_for_64_bits_is_answered_with_the_request_id(corpus_daemon):
    """Issue 16 #19: a client waiting for its id gets it, with -32602 naming the parameter; nothing runs."""
    conn = Conn(corpus_daemon.socket_path)
    line = b'{"jsonrpc":"2.0","id":42,"method":"session.create","params":{"seed":9223372036854775808}}'
    (reply,) = conn.exchange(line)
    assert reply["id"] == 42 and reply["error"]["code"] == -32602
    assert reply["error"]["data"]["parameter"] == "seed"
    (listing,) = conn.exchange(b'{"jsonrpc":"2.0","id":43,"method":"session.list"}')
    assert listing["result"]["sessions"] == []
    conn.client.close()


def test_a_line_over_the_default_limit_gets_minus_32600_and_the_connection_closes():
    with Daemon(args=["--log-level", "error"]) as d:
        c = Client(d.socket_path, timeout=60)
        c.send_raw(b'"' + b"a" * (8 * 1024 * 1024 + 10) + b'"\n')
        reply = c.read_json()
        assert reply["error"]["code"] == -32600 and reply["id"] is None
        assert reply["error"]["data"] == {"reason": "line too long", "maxLineBytes": 8 * 1024 * 1024}
        with pytest.raises((EOFError, ConnectionResetError)):
            c.read_line()
        assert d.client().call("daemon.info")["name"] == "choreod"


# --------------------------------------------------------------------------------------------------------------------
# Wrong params for every documented method
# --------------------------------------------------------------------------------------------------------------------


def node_ref_parts(ref):
    return [p.replace("~1", "/").replace("~0", "~") for p in ref[2:].split("/")]


def resolve(node):
    seen = 0
    while isinstance(node, dict) and set(node) == {"$ref"}:
        target = DOC
        for part in node_ref_parts(node["$ref"]):
            target = target[part]
        node = target
        seen += 1
        assert seen < 20
    return node


def validator(schema):
    return Draft7Validator({"components": DOC["components"], "allOf": [schema]})


METHODS = {m["name"]: m for m in DOC["methods"]}
# Methods that act on the daemon itself: never called with valid params here.
NOT_CALLED_VALID = {"daemon.shutdown"}
WRONG_TYPE_CANDIDATES = ["zz-not-valid", 12345, -7.5, True, {"zzUnknown": 1}, ["zz", 1], [{"zz": 1}]]


def json_type(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return {str: "string", list: "array", dict: "object", type(None): "null"}[type(value)]


def type_projection(schema):
    """The schema reduced to the JSON types it allows (ranges, patterns and members dropped)."""
    schema = resolve(schema)
    if isinstance(schema, bool):
        return schema
    out = {}
    if "$ref" in schema:
        out["allOf"] = [type_projection({"$ref": schema["$ref"]})]
    if "type" in schema:
        out["type"] = schema["type"]
    for key in ("enum",):
        if key in schema:
            out["type"] = sorted({json_type(v) for v in schema[key]} | ({"number"} if any(
                json_type(v) == "integer" for v in schema[key]) else set()))
    if "const" in schema:
        out["type"] = json_type(schema["const"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            out["anyOf"] = [type_projection(s) for s in schema[key]]
    if "allOf" in schema:
        out["allOf"] = out.get("allOf", []) + [type_projection(s) for s in schema["allOf"]]
    return out


def params_of(method):
    return [resolve(p) for p in method["params"]]


def example_params(method, session):
    """The first example's params, with `session` pointing at a live session."""
    pairing = resolve(method["examples"][0])
    params = {}
    for example in pairing["params"]:
        example = resolve(example)
        params[example["name"]] = copy.deepcopy(example["value"])
    if "session" in params:
        params["session"] = session
    return params


def out_of_range_values(schema):
    """Values of the right JSON type that the schema refuses (ranges, enums, patterns, lengths)."""
    schema = resolve(schema)
    values = []
    if "enum" in schema:
        values.append("zz-not-in-enum" if all(isinstance(v, str) for v in schema["enum"]) else 987654321)
    if "minimum" in schema:
        values.append(schema["minimum"] - 1)
    if "exclusiveMinimum" in schema:
        values.append(schema["exclusiveMinimum"])
    if "maximum" in schema:
        above = schema["maximum"] * 10 + 1 if schema["maximum"] > 0 else schema["maximum"] + 1
        values.append(above if abs(above) < 2**63 else float(above))
    if "pattern" in schema or "minLength" in schema:
        values.append("")
        values.append("bad name!")
    if "maxLength" in schema:
        values.append("x" * (schema["maxLength"] + 1))
    v = validator(schema)
    return [x for x in values if list(v.iter_errors(x))]


def call(client, method, params):
    return client.request(method, params, raw=True)


def expect_invalid_params(reply, parameter, what):
    assert "error" in reply, f"{what}: expected -32602, got a result {reply.get('result')!r:.300}"
    error = reply["error"]
    assert error["code"] == -32602, f"{what}: expected -32602, got {error}"
    named = error["data"].get("parameter", "")
    assert named == parameter or named.startswith(parameter + "."), (
        f"{what}: data.parameter is {named!r}, expected {parameter!r}: {error}"
    )
    assert error["data"].get("expected"), f"{what}: data.expected missing: {error}"


@pytest.fixture
def fresh(daemon):
    client = daemon.client()
    yield client
    client.close()


@pytest.mark.parametrize("name", sorted(METHODS))
def test_unknown_params_are_refused_with_their_name(fresh, name):
    session = fresh.call("session.create")["session"]
    params = {} if name in NOT_CALLED_VALID else example_params(METHODS[name], session)
    params["zzUnknownParam"] = 1
    expect_invalid_params(call(fresh, name, params), "zzUnknownParam", f"{name} with an unknown param")


@pytest.mark.parametrize("name", sorted(METHODS))
def test_params_that_are_not_an_object_are_refused(fresh, name):
    expect_invalid_params(call(fresh, name, [1, 2]), "params", f"{name} with params by position")


@pytest.mark.parametrize(
    "name", sorted(n for n, m in METHODS.items() if any(p.get("required") for p in params_of(m)))
)
def test_each_missing_required_param_is_named(fresh, name):
    method = METHODS[name]
    for param in params_of(method):
        if not param.get("required"):
            continue
        session = fresh.call("session.create")["session"]
        params = example_params(method, session)
        params.pop(param["name"], None)
        expect_invalid_params(call(fresh, name, params), param["name"], f"{name} without '{param['name']}'")
        params[param["name"]] = None  # null counts as absent
        expect_invalid_params(call(fresh, name, params), param["name"], f"{name} with '{param['name']}': null")


@pytest.mark.parametrize("name", sorted(n for n, m in METHODS.items() if m["params"]))
def test_each_param_of_the_wrong_type_is_named(fresh, name):
    method = METHODS[name]
    for param in params_of(method):
        v = validator(type_projection(param["schema"]))
        wrong = next((x for x in WRONG_TYPE_CANDIDATES if list(v.iter_errors(x))), None)
        assert wrong is not None, f"{name}.{param['name']}: no wrong-typed value found"
        # One of each JSON type the schema refuses.
        tried = set()
        for value in WRONG_TYPE_CANDIDATES:
            kind = type(value).__name__
            if kind in tried or not list(v.iter_errors(value)):
                continue
            tried.add(kind)
            session = fresh.call("session.create")["session"]
            params = example_params(method, session)
            params[param["name"]] = value
            reply = call(fresh, name, params)
            expect_invalid_params(reply, param["name"], f"{name} with '{param['name']}': {json.dumps(value)}")


@pytest.mark.parametrize("name", sorted(n for n, m in METHODS.items() if m["params"]))
def test_each_param_out_of_range_is_named(fresh, name):
    method = METHODS[name]
    for param in params_of(method):
        if param["name"] == "session":
            continue  # any string is a session id; unknown ones get -32000 (tested below)
        for value in out_of_range_values(param["schema"]):
            session = fresh.call("session.create")["session"]
            params = example_params(method, session)
            params[param["name"]] = value
            expect_invalid_params(
                call(fresh, name, params), param["name"], f"{name} with '{param['name']}': {json.dumps(value)[:80]}"
            )


SESSION_METHODS = sorted(n for n, m in METHODS.items() if any(p["name"] == "session" for p in params_of(m)))


@pytest.mark.parametrize("name", SESSION_METHODS)
def test_unknown_and_closed_sessions_get_minus_32000(fresh, name):
    method = METHODS[name]
    params = example_params(method, "s999999")
    params["session"] = "s999999"  # also where the example leaves the optional session out
    reply = call(fresh, name, params)
    assert reply.get("error", {}).get("code") == -32000, f"{name} on an unknown session: {reply}"
    assert reply["error"]["data"]["session"] == "s999999"

    closed = fresh.call("session.create")["session"]
    assert fresh.call("session.close", session=closed) == {"closed": True}
    params = example_params(method, closed)
    params["session"] = closed
    reply = call(fresh, name, params)
    assert reply.get("error", {}).get("code") == -32000, f"{name} on a closed session: {reply}"
    assert closed not in reply["error"]["data"]["sessions"]


def test_unknown_screens_paths_targets_and_apps_get_their_application_errors(fresh):
    s = fresh.call("session.create")["session"]
    reply = call(fresh, "ui.navigate", {"session": s, "screen": "zzNoSuchScreen"})
    assert reply["error"]["code"] == -32004 and "dashboard" in reply["error"]["data"]["screens"]
    reply = call(fresh, "state.get", {"session": s, "path": "lab.zzNope"})
    assert reply["error"]["code"] == -32002 and reply["error"]["data"]["validPrefix"] == "lab"
    reply = call(fresh, "session.create", {"app": "zzNoSuchApp"})
    assert reply["error"]["code"] == -32001
    reply = call(fresh, "zz.no.such.method", {})
    assert reply["error"]["code"] == -32601
    for name, method in METHODS.items():
        if any(p["name"] == "target" for p in params_of(method)):
            params = example_params(method, s)
            params["target"] = "zzNoSuchTarget"
            reply = call(fresh, name, params)
            assert reply.get("error", {}).get("code") in (-32003, -32005), f"{name}: {reply}"
