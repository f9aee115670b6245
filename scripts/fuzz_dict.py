#!/usr/bin/env python3
"""Writes Fuzz/choreo.dict, the libFuzzer dictionary of `make fuzz`, from protocol/openrpc.json.

The tokens: every method name; every name the params may hold, nested ones included (curve kinds and their
parameters, settings keys, snapshot members), found by following the params' schemas; the string values those
schemas allow (enums and constants); the JSON-RPC envelope's names; and JSON edge cases.

    python3 scripts/fuzz_dict.py            # rewrite Fuzz/choreo.dict
    python3 scripts/fuzz_dict.py --check    # exit 1 when it differs (Tests/e2e/test_openrpc_document.py checks too)

`make openrpc` runs it after regenerating the document.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC_PATH = ROOT / "protocol" / "openrpc.json"
DICT_PATH = ROOT / "Fuzz" / "choreo.dict"

#: The JSON-RPC envelope's member names and values.
ENVELOPE = ['"jsonrpc":', '"id":', '"method":', '"params":', '"2.0"']
#: Session ids and JSON edge cases: a NUL escape, a lone surrogate, negative zero, the largest real and integer.
EDGES = ['"s1"', '"s2"', '"\\u0000"', '"\\ud800"', "-0", "1e308", "9223372036854775807", "[", "]", "{", "}",
         "true", "false", "null"]


def resolve(doc, ref):
    node = doc
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def schema_tokens(doc, schema, seen):
    """Member names and string values a value of `schema` may hold, following references once each."""
    names, values = set(), set()
    if not isinstance(schema, dict):
        return names, values
    ref = schema.get("$ref")
    if ref is not None and ref not in seen:
        seen.add(ref)
        n, v = schema_tokens(doc, resolve(doc, ref), seen)
        names |= n
        values |= v
    for name, member in schema.get("properties", {}).items():
        names.add(name)
        n, v = schema_tokens(doc, member, seen)
        names |= n
        values |= v
    for key in ("items", "additionalProperties", "not"):
        n, v = schema_tokens(doc, schema.get(key), seen)
        names |= n
        values |= v
    for key in ("oneOf", "anyOf", "allOf"):
        for alternative in schema.get(key, []):
            n, v = schema_tokens(doc, alternative, seen)
            names |= n
            values |= v
    for value in schema.get("enum", []) + ([schema["const"]] if "const" in schema else []):
        if isinstance(value, str):
            values.add(value)
    return names, values


def tokens(doc):
    """Every token of the dictionary, sorted."""
    out = set(ENVELOPE) | set(EDGES)
    for method in doc["methods"]:
        out.add(json.dumps(method["name"]))
        for param in method["params"]:
            if "$ref" in param:
                param = resolve(doc, param["$ref"])
            out.add(json.dumps(param["name"]) + ":")
            names, values = schema_tokens(doc, param["schema"], set())
            out |= {json.dumps(name) + ":" for name in names}
            out |= {json.dumps(value) for value in values}
    return sorted(out)


def escape(token):
    return token.replace("\\", "\\\\").replace('"', '\\"')


def render(doc):
    lines = ["# libFuzzer dictionary: choreod's method and parameter names and JSON edge tokens.",
             "# Generated from protocol/openrpc.json by scripts/fuzz_dict.py (make openrpc); do not edit."]
    lines += [f't{i}="{escape(token)}"' for i, token in enumerate(tokens(doc))]
    lines += ['nl="\\x0A"', 'crlf="\\x0D\\x0A"']
    return "\n".join(lines) + "\n"


def main():
    text = render(json.loads(DOC_PATH.read_text(encoding="utf-8")))
    if "--check" in sys.argv[1:]:
        if DICT_PATH.read_text(encoding="utf-8") != text:
            print("Fuzz/choreo.dict is out of date: run `make openrpc` (or python3 scripts/fuzz_dict.py)")
            return 1
        return 0
    DICT_PATH.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
