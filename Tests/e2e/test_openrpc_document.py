"""protocol/openrpc.json: a valid OpenRPC 1.3 document whose schemas, examples and references hold, and which the
real daemon serves verbatim from rpc.discover with exactly the methods it registers. The document is generated from
the method declarations (`make openrpc`); what is kept beside it is checked against it: the README's method and limits
tables, the fuzz dictionary, and choreod's limit options.

Standard library + jsonschema only; the daemon is reached over a raw Unix socket.

Meta-schema: no Python package ships the OpenRPC meta-schema, so the document is checked against the members that
OpenRPC 1.3 requires and allows (a compact structural check). Set OPENRPC_META_SCHEMA to the path of a copy of the
official meta-schema (open-rpc/meta-schema `schema.json`) to validate against it as well.
"""

import contextlib
import importlib.util
import json
import os
import re
import select
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import jsonschema
import pytest
from jsonschema import Draft7Validator

ROOT = Path(__file__).resolve().parents[2]
DOC_PATH = ROOT / "protocol" / "openrpc.json"


def load_doc():
    with open(DOC_PATH, encoding="utf-8") as f:
        return json.load(f)


DOC = load_doc()


# --------------------------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------------------------


def resolve_pointer(doc, ref):
    """Resolves a local reference `#/a/b` in the document; raises KeyError when it does not resolve."""
    assert ref.startswith("#/"), f"only local references are used, got {ref!r}"
    node = doc
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list):
            node = node[int(part)]
        else:
            node = node[part]
    return node


def deref(doc, node):
    """Follows a Reference Object (`{"$ref": ...}`) to what it points at, repeatedly."""
    seen = set()
    while isinstance(node, dict) and set(node) == {"$ref"}:
        ref = node["$ref"]
        assert ref not in seen, f"reference cycle at {ref}"
        seen.add(ref)
        node = resolve_pointer(doc, ref)
    return node


def all_refs(node, path="#"):
    """Every `$ref` string in the document, with where it was found."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield path, value
            else:
                yield from all_refs(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from all_refs(value, f"{path}/{i}")


def validator_for(schema):
    """A draft-07 validator for a schema from the document whose `#/components/...` references resolve against it."""
    root = {"components": DOC.get("components", {}), "allOf": [schema]}
    return Draft7Validator(root)


def every_schema(doc):
    """(where, schema) for every JSON Schema in the document: content descriptors' and components' schemas."""
    components = doc.get("components", {})
    for name, schema in components.get("schemas", {}).items():
        yield f"components.schemas.{name}", schema
    for name, cd in components.get("contentDescriptors", {}).items():
        yield f"components.contentDescriptors.{name}", cd["schema"]
    for method in doc["methods"]:
        for i, param in enumerate(method["params"]):
            param = deref(doc, param)
            yield f"{method['name']}.params[{i}]", param["schema"]
        yield f"{method['name']}.result", deref(doc, method["result"])["schema"]
    for n in doc.get("x-notifications", []):
        for i, param in enumerate(n.get("params", [])):
            yield f"x-notifications.{n['name']}.params[{i}]", deref(doc, param)["schema"]


def check_allowed(obj, allowed, where, extensions=True):
    for key in obj:
        if extensions and key.startswith("x-"):
            continue
        assert key in allowed, f"{where}: '{key}' is not an OpenRPC 1.3 member (allowed: {sorted(allowed)})"


# --------------------------------------------------------------------------------------------------------------------
# (a) The document on its own
# --------------------------------------------------------------------------------------------------------------------


def test_document_parses_and_has_the_required_openrpc_members():
    assert isinstance(DOC, dict)
    assert re.fullmatch(r"1\.3\.\d+", DOC["openrpc"]), DOC["openrpc"]
    assert DOC["info"]["title"] == "choreod"
    assert DOC["info"]["version"] == "1.3"
    assert isinstance(DOC["info"].get("description", ""), str)
    assert isinstance(DOC["methods"], list) and DOC["methods"]


def test_document_has_the_openrpc_1_3_structure():
    """A compact structural check of what OpenRPC 1.3 requires and allows (no package ships the meta-schema)."""
    doc = DOC
    check_allowed(doc, {"openrpc", "info", "servers", "methods", "components", "externalDocs"}, "document")
    check_allowed(doc["info"], {"title", "description", "termsOfService", "version", "contact", "license"}, "info")
    for key in ("title", "version"):
        assert isinstance(doc["info"][key], str)

    components = doc.get("components", {})
    check_allowed(
        components,
        {"schemas", "links", "errors", "examples", "examplePairings", "contentDescriptors", "tags"},
        "components",
        extensions=False,
    )
    for name, error in components.get("errors", {}).items():
        check_allowed(error, {"code", "message", "data"}, f"components.errors.{name}", extensions=False)
        assert isinstance(error["code"], int) and not isinstance(error["code"], bool), name
        assert isinstance(error["message"], str) and error["message"], name

    def check_content_descriptor(cd, where):
        cd = deref(doc, cd)
        check_allowed(cd, {"name", "summary", "description", "required", "schema", "deprecated"}, where)
        assert isinstance(cd["name"], str) and cd["name"], where
        assert isinstance(cd["schema"], (dict, bool)), where
        assert isinstance(cd.get("required", False), bool), where
        return cd

    for name, cd in components.get("contentDescriptors", {}).items():
        check_content_descriptor(cd, f"components.contentDescriptors.{name}")

    names = [m["name"] for m in doc["methods"]]
    assert len(names) == len(set(names)), "method names must be unique"
    for method in doc["methods"]:
        where = method["name"]
        check_allowed(
            method,
            {"name", "tags", "summary", "description", "externalDocs", "params", "result", "deprecated", "servers",
             "errors", "links", "paramStructure", "examples"},
            where,
        )
        assert isinstance(method["name"], str) and method["name"]
        assert method.get("paramStructure", "by-position") in ("by-name", "by-position", "either")
        assert method["paramStructure"] == "by-name", f"{where}: every choreod method takes params by name"
        assert method["summary"] and method["description"] is not None, where
        param_names = [check_content_descriptor(p, f"{where}.params")["name"] for p in method["params"]]
        assert len(param_names) == len(set(param_names)), f"{where}: duplicate param names"
        check_content_descriptor(method["result"], f"{where}.result")
        for error in method.get("errors", []):
            error = deref(doc, error)
            assert isinstance(error["code"], int) and isinstance(error["message"], str), where
        assert method.get("examples"), f"{where}: at least one example"
        for pairing in method["examples"]:
            pairing = deref(doc, pairing)
            check_allowed(pairing, {"name", "summary", "description", "params", "result"}, f"{where}.examples")
            assert isinstance(pairing["name"], str) and pairing["name"]
            for example in pairing["params"]:
                example = deref(doc, example)
                assert {"name", "value"} <= set(example), f"{where}: an example param needs name and value"
            result = deref(doc, pairing["result"])
            assert {"name", "value"} <= set(result), f"{where}: an example result needs name and value"


def test_document_validates_against_the_official_meta_schema_when_given():
    path = os.environ.get("OPENRPC_META_SCHEMA")
    if not path:
        pytest.skip("set OPENRPC_META_SCHEMA to a copy of open-rpc/meta-schema's schema.json to run this check")
    with open(path, encoding="utf-8") as f:
        meta = json.load(f)
    # The published meta-schema pins `openrpc` with an enum; accept this document's version.
    meta.get("properties", {}).get("openrpc", {}).pop("enum", None)
    # Resolve the draft-07 meta-schema from jsonschema's bundled copy (http URI) rather than the network.
    meta = json.loads(json.dumps(meta).replace("https://json-schema.org/draft-07/schema#",
                                               "http://json-schema.org/draft-07/schema#"))
    errors = sorted(Draft7Validator(meta).iter_errors(DOC), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:20])


def test_every_reference_resolves():
    refs = list(all_refs(DOC))
    assert refs
    for where, ref in refs:
        try:
            resolve_pointer(DOC, ref)
        except (KeyError, IndexError, ValueError) as e:
            pytest.fail(f"{where}: $ref {ref!r} does not resolve ({e!r})")


def test_every_schema_is_a_valid_draft_07_schema():
    count = 0
    for where, schema in every_schema(DOC):
        try:
            Draft7Validator.check_schema(schema)
        except jsonschema.SchemaError as e:
            pytest.fail(f"{where}: not a valid draft-07 schema: {e.message}")
        count += 1
    assert count > len(DOC["methods"])


def test_every_example_validates_against_its_param_and_result_schemas():
    for method in DOC["methods"]:
        params = {p["name"]: p for p in (deref(DOC, p) for p in method["params"])}
        result = deref(DOC, method["result"])
        for pairing in method["examples"]:
            pairing = deref(DOC, pairing)
            where = f"{method['name']} example '{pairing['name']}'"
            given = {}
            for example in pairing["params"]:
                example = deref(DOC, example)
                assert example["name"] in params, f"{where}: unknown param '{example['name']}'"
                given[example["name"]] = example["value"]
                errors = list(validator_for(params[example["name"]]["schema"]).iter_errors(example["value"]))
                assert not errors, f"{where}: param '{example['name']}': {errors[0].message}"
            for name, param in params.items():
                if param.get("required"):
                    assert name in given, f"{where}: required param '{name}' missing"
            value = deref(DOC, pairing["result"])["value"]
            errors = list(validator_for(result["schema"]).iter_errors(value))
            assert not errors, f"{where}: result: {errors[0].message} at {list(errors[0].absolute_path)}"


def test_error_components_cover_the_codes_and_their_data_examples_fit_their_shapes():
    errors = DOC["components"]["errors"]
    codes = {e["code"] for e in errors.values()}
    assert codes == {
        -32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32003, -32004, -32005, -32010, -32020,
    }
    shapes = DOC["x-error-data"]
    assert set(shapes) == set(errors)
    for name, error in errors.items():
        assert shapes[name]["code"] == error["code"], name
        schema = deref(DOC, shapes[name]["schema"])
        data = dict(error["data"])
        # Example data may abridge lists with "…"; the shape must hold all the same.
        errors_found = list(validator_for(schema).iter_errors(data))
        assert not errors_found, f"{name}: data example does not fit its shape: {errors_found[0].message}"


def test_every_method_lists_its_errors_and_session_methods_list_unknown_session():
    for method in DOC["methods"]:
        codes = {deref(DOC, e)["code"] for e in method["errors"]}
        assert -32602 in codes, method["name"]
        takes_session = any(deref(DOC, p)["name"] == "session" for p in method["params"])
        if takes_session:
            assert -32000 in codes, f"{method['name']} takes a session and must list -32000"


def test_the_document_says_it_is_generated_and_how():
    note = DOC["info"].get("x-generated-by", "")
    assert "make openrpc" in note and "--print-openrpc" in note, note


def expand_method_list(cell):
    """`session.create/close/list` → session.create, session.close, session.list; other names as they are."""
    names = []
    for token in re.findall(r"`([a-z]+\.[A-Za-z/]+)`", cell):
        family, members = token.split(".", 1)
        names += [f"{family}.{member}" for member in members.split("/")]
    return names


def markdown_table(text, header):
    """The rows (lists of cells) of the Markdown table whose header row starts with `header`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def test_the_readme_method_table_lists_every_method_once():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = [name for row in markdown_table(readme, "| method | what it does |") for name in expand_method_list(row[0])]
    documented = sorted(m["name"] for m in DOC["methods"])
    assert len(listed) == len(set(listed)), f"README lists a method twice: {sorted(listed)}"
    assert sorted(listed) == documented, (
        f"README.md's method table: missing {sorted(set(documented) - set(listed))}, "
        f"not in protocol/openrpc.json {sorted(set(listed) - set(documented))}"
    )


def declared_limits():
    """{name: (option, default, schema)} of daemon.info's limits, as the document describes them."""
    info = next(m for m in DOC["methods"] if m["name"] == "daemon.info")
    properties = info["result"]["schema"]["properties"]["limits"]["properties"]
    limits = {}
    for name, schema in properties.items():
        options = re.findall(r"--[a-z]+(?:-[a-z]+)*", schema["description"])
        assert len(options) == 1, f"{name}: the description names its option once: {schema['description']!r}"
        limits[name] = (options[0], schema["default"], schema)
    return limits


UNITS = {"": 1, "MiB": 1 << 20, "KiB": 1 << 10, "s": 1, "ms": 1, "virtual ms": 1, "hour": 3600, "hours": 3600,
         "minute": 60, "minutes": 60}


def readme_quantity(cell):
    """`8 MiB` → 8388608, `10 000` → 10000, `1 hour (wall time)` → 3600, `30 000 virtual ms` → 30000."""
    cell = re.sub(r"\(.*?\)", "", cell).strip()
    m = re.fullmatch(r"([0-9][0-9 ,]*(?:\.[0-9]+)?)\s*(.*)", cell)
    assert m, f"not a quantity: {cell!r}"
    number = float(m.group(1).replace(" ", "").replace(",", ""))
    assert m.group(2) in UNITS, f"unknown unit {m.group(2)!r} in {cell!r}"
    return number * UNITS[m.group(2)]


def check_limit_rows(where, rows, option_column, require_all):
    """Each row that names a limit's option gives its default; every option named is a limit's."""
    limits = declared_limits()
    options = {option: (name, default) for name, (option, default, _) in limits.items()}
    for row in rows:
        for option in re.findall(r"`(--[a-z-]+)`", row[option_column]):
            assert option in options, f"{where}'s limits table names {option}, which is no limit's option"
            name, default = options[option]
            assert readme_quantity(row[1]) == default, f"{where} says {name} defaults to {row[1]!r}; it is {default}"
    if require_all:
        for option, (name, _) in options.items():
            matching = [row for row in rows if f"`{option}`" in row[option_column]]
            assert len(matching) == 1, f"{where}'s limits table needs one row changed with `{option}` ({name})"


def test_the_readme_limits_table_has_every_limit_with_its_default_and_option():
    assert len(declared_limits()) == 14, sorted(declared_limits())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = markdown_table(readme, "| limit | default | change with | when reached |")
    check_limit_rows("README.md", rows, 2, require_all=True)
    protocol = (ROOT / "protocol" / "README.md").read_text(encoding="utf-8")
    rows = markdown_table(protocol, "| limit | default | how to change it | when reached |")
    check_limit_rows("protocol/README.md", rows, 2, require_all=False)


def test_the_fuzz_dictionary_is_generated_from_the_document():
    spec = importlib.util.spec_from_file_location("fuzz_dict", ROOT / "scripts" / "fuzz_dict.py")
    fuzz_dict = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz_dict)
    wanted = fuzz_dict.render(DOC)
    assert (ROOT / "Fuzz" / "choreo.dict").read_text(encoding="utf-8") == wanted, (
        "Fuzz/choreo.dict is out of date: run `make openrpc` (or python3 scripts/fuzz_dict.py)"
    )
    for method in DOC["methods"]:
        assert f'"\\"{method["name"]}\\""' in wanted


# --------------------------------------------------------------------------------------------------------------------
# (b) The real daemon serves it
# --------------------------------------------------------------------------------------------------------------------


def choreod_path():
    path = os.environ.get("CHOREOD", ".build/debug/choreod")
    if not os.path.isabs(path) and not os.path.exists(path):
        path = str(ROOT / path)
    return os.path.abspath(path)


class RawClient:
    """One JSON-RPC connection over a raw Unix socket: one JSON text per line."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(20)
        self.sock.connect(path)
        self.buffer = b""
        self.next_id = 1

    def request(self, method, params=None):
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.next_id += 1
        self.sock.sendall(json.dumps(message).encode() + b"\n")
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise EOFError("choreod closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        reply = json.loads(line)
        assert reply.get("jsonrpc") == "2.0" and reply.get("id") == message["id"], reply
        return reply

    def close(self):
        self.sock.close()


@contextlib.contextmanager
def choreod(*args):
    """A choreod on a private socket, started with `args`; yields (process, socket path)."""
    binary = choreod_path()
    if not os.path.exists(binary):
        pytest.skip(f"choreod not found at {binary}: build it (make build) or set CHOREOD to its path")
    directory = tempfile.mkdtemp(prefix="choreo-doc-")
    socket_path = os.path.join(directory, "d.sock")
    proc = subprocess.Popen(
        [binary, "--socket", socket_path, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 20)
        line = proc.stdout.readline().decode() if ready else ""
        if not line.startswith("listening on "):
            proc.kill()
            pytest.fail(f"choreod did not start: {line!r} {proc.stderr.read().decode()}")
        yield proc, socket_path
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture
def running_daemon():
    with choreod() as started:
        yield started


def test_choreod_takes_every_limit_of_the_document_as_an_option_and_reports_it():
    wanted = {}
    args = []
    for name, (option, default, schema) in declared_limits().items():
        value = default + 1 if schema["type"] == "integer" else default + 0.5
        wanted[name] = value
        args += [option, str(value)]
    with choreod(*args) as (_, socket_path):
        client = RawClient(socket_path)
        try:
            limits = client.request("daemon.info")["result"]["limits"]
        finally:
            client.close()
    assert limits == wanted


def test_choreod_refuses_a_limit_below_its_minimum_naming_the_option():
    binary = choreod_path()
    if not os.path.exists(binary):
        pytest.skip(f"choreod not found at {binary}")
    help_text = subprocess.run([binary, "--help"], capture_output=True, timeout=20).stdout.decode()
    for name, (option, default, schema) in declared_limits().items():
        assert option in help_text, f"choreod --help does not list {option} ({name})"
        below = schema["minimum"] - 1
        result = subprocess.run(
            [binary, "--socket", "/nonexistent/d.sock", f"{option}={below}"], capture_output=True, timeout=20
        )
        assert result.returncode != 0, f"choreod accepted {option}={below}"
        assert option in result.stderr.decode(), result.stderr.decode()


def test_daemon_serves_the_document_and_registers_exactly_its_methods(running_daemon):
    proc, socket_path = running_daemon
    client = RawClient(socket_path)
    try:
        reply = client.request("rpc.discover")
        assert "result" in reply, reply
        assert reply["result"] == DOC, (
            "rpc.discover does not return protocol/openrpc.json as checked in: regenerate it with `make openrpc` "
            "(the document is generated from the method declarations; never edit it by hand)"
        )

        reply = client.request("rpc.no-such-method", {})
        assert reply["error"]["code"] == -32601, reply
        registered = set(reply["error"]["data"]["methods"])
        documented = {m["name"] for m in DOC["methods"]}
        assert documented == registered, (
            f"registered but undocumented: {sorted(registered - documented)}; "
            f"documented but not registered: {sorted(documented - registered)}"
        )

        info = client.request("daemon.info")["result"]
        assert info["protocolVersion"] == DOC["info"]["version"]
    finally:
        client.close()

    proc.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 20
    while proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() == 0, f"choreod exited with {proc.returncode}: {proc.stderr.read().decode()}"
    assert not os.path.exists(socket_path), "choreod removes its socket on a graceful stop"


def test_both_tools_print_the_version_and_the_protocol_version_the_changelog_and_document_name():
    """Releases (issue 46 #7): `choreod --version` and `journey --version` name the version and the protocol version;
    the protocol version is this document's info.version and daemon.info's protocolVersion; CHANGELOG.md's newest
    entry is that version."""
    from choreo_harness import CHOREOD, Daemon

    journey = os.path.abspath(os.environ.get("JOURNEY", ".build/debug/journey"))
    printed = {subprocess.run([tool, "--version"], capture_output=True, text=True, check=True).stdout.strip()
               for tool in (CHOREOD, journey)}
    assert len(printed) == 1, printed
    match = re.fullmatch(r"(\d+\.\d+\.\d+) \(protocol (\d+\.\d+)\)", printed.pop())
    assert match, printed
    version, protocol = match.groups()
    assert protocol == DOC["info"]["version"]
    newest = re.search(r"^## (\d+\.\d+\.\d+) .*\(protocol (\d+\.\d+)\)$", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert newest and newest.groups() == (version, protocol), "CHANGELOG.md's newest entry names another version"
    with Daemon() as daemon:
        info = daemon.client().call("daemon.info")
    assert (info["version"], info["protocolVersion"]) == (version, protocol)
