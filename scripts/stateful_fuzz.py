#!/usr/bin/env python3
"""A stateful fuzzer of choreod's whole request surface (issue 42, item 5).

It starts `choreod` on a private socket and drives it with random *sequences* of requests: sessions of every app
(`daemon.info` lists them) are created, acted on and read, forked, exported and re-imported (as they are and
mutated), and every method of `protocol/openrpc.json` is called with parameters generated from its JSON schemas —
realistic values (the schemas' and the methods' examples, each app's soak actions, device-motion streams of one
reading per frame) interleaved with every edge the schema allows (0, -0.0, the minimum and maximum, 2^53, 2^63-1,
5e-324, 1e308, the longest strings and arrays, each enum choice) and, now and then, a wrong type.

After every reply it checks that
  * the reply is well-formed JSON-RPC 2.0 (the id it answers, exactly one of result/error, an integer code and a
    string message, `data` an object), a batch's replies in order;
  * no number is NaN or Infinity, none is `null` where the method's result schema (or the app's state schema, for
    `state.get`) types it as a number, and none of the engine's own values (state, screen, ui results) is absurd
    (|x| > 1e15, or past a declared range by orders of magnitude);
  * the daemon is alive (the connection is open; a request answers within --hang-seconds);
  * a "witness" session of each app, created when the daemon starts and never touched by the random sequence,
    exports the same digest and answers `state.get` the same before and after every case.
A -32603 reply (the daemon reporting a bug of its own, e.g. a non-finite value it caught) is counted and listed in
the summary, not a failure; the first request of each kind is saved under --out as internal-HASH.json (the request
and the daemon's error, whose data holds the session's reproducer).

Requests whose replies the next request does not need are pipelined (--window lines are written before the replies
are read). A case is a run of random steps on fresh sessions; a failure makes its case fail, restarts the daemon and
saves a reproducer under --out: KIND-HASH.jsonl, the exact request lines of the case (with the witnesses' setup),
session ids renumbered as a fresh daemon hands them out, shrunk by delta debugging while the same failure persists
(--shrink-seconds), and KIND-HASH.txt (the signature, what was seen, the crash report). `--replay FILE` sends such a
file to a fresh daemon, one line at a time, and says whether it still fails and at which line; `--shrink FILE`
shrinks it further.

Requests known to take minutes on a daemon without issue 42's fixes (far virtual times over endless animations,
undamped springs sampled at 1e9 ms under `swiftui` physics, timing curves retargeted on every frame) are left out
unless --slow-cases is given.

Exit status: 0 when every case passed, 1 when one failed (or --replay's file fails), 2 on a usage error.

Examples:
  python3 scripts/stateful_fuzz.py --seed 1 --requests 20000 --jobs 1
  python3 scripts/stateful_fuzz.py --seconds 600 --jobs 2 --out .build/stateful-fuzz
  python3 scripts/stateful_fuzz.py --replay .build/stateful-fuzz/died-68b36e243f.jsonl
  python3 scripts/stateful_fuzz.py --shrink .build/stateful-fuzz/died-68b36e243f.jsonl --shrink-seconds 600

Standard library only (Python 3.11).
"""
from __future__ import annotations

import argparse
import bisect
import collections
import copy
import hashlib
import itertools
import json
import math
import multiprocessing
import os
import queue
import random
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DEFAULT_SPEC = os.path.join(ROOT, "protocol", "openrpc.json")
DEFAULT_OUT = os.path.join(".build", "stateful-fuzz")
FRAME_60 = 1000.0 / 60.0
# Methods never chosen at random: daemon.shutdown ends the run (each job calls it once, at its end, and checks the
# exit status).
NEVER_RANDOM = {"daemon.shutdown"}
# Methods that read a session without changing it (the export-stability rule below).
READ_ONLY = {"session.export", "state.get"}
# A reply naming a number beyond this in the engine's own values (state, screen, ui results) is absurd.
ABSURD = 1e15
SESSION_CREATORS = {"session.create", "session.fork", "session.import"}


# --------------------------------------------------------------------------------------------------------------
# The protocol document
# --------------------------------------------------------------------------------------------------------------


class Spec:
    """`openrpc.json`: every method's params (name, schema, required), its examples and its result schema."""

    def __init__(self, doc: dict):
        self.doc = doc
        self._resolved: dict[int, dict] = {}
        self._keep: list = []
        self.methods: dict[str, dict] = {}
        for method in doc["methods"]:
            params = []
            for param in method.get("params", []):
                param = self.deref(param)
                params.append((param["name"], param.get("schema", {}), bool(param.get("required"))))
            examples = [{p["name"]: p["value"] for p in ex.get("params", [])} for ex in method.get("examples", [])]
            result = (method.get("result") or {}).get("schema", {})
            self.methods[method["name"]] = {"params": params, "examples": examples, "result": result}

    @classmethod
    def load(cls, path: str) -> "Spec":
        with open(path, encoding="utf-8") as f:
            return cls(json.load(f))

    def lookup(self, ref: str):
        node = self.doc
        for part in ref.lstrip("#/").split("/"):
            node = node[part]
        return node

    def deref(self, node):
        """The schema `node` names, with its own keys (a description, say) over the target's."""
        if not isinstance(node, dict) or "$ref" not in node:
            return node
        key = id(node)
        resolved = self._resolved.get(key)
        if resolved is None:
            resolved = node
            while isinstance(resolved, dict) and "$ref" in resolved:
                extra = {k: v for k, v in resolved.items() if k != "$ref"}
                resolved = {**self.lookup(resolved["$ref"]), **extra}
            self._resolved[key] = resolved
            self._keep.append(node)  # ids stay valid while the node lives
        return resolved


# --------------------------------------------------------------------------------------------------------------
# Values from schemas
# --------------------------------------------------------------------------------------------------------------

_EDGE_NUMBERS = [
    0, -0.0, 1, 0.5, 1 / 3, 5e-324, 2.2250738585072014e-308, 1e-9, 1e-6, 0.001, FRAME_60, 16.667, 1000, 1e6,
    2**31 - 1, 2**31, 2**32, 2**53 - 1, 2**53, 2**53 + 1, 2**63 - 1, 9.2e12, 9223372036854.775, 1e12, 1e15, 1e16,
    1e300, 1e308, 1.7976931348623157e308,
]
_EDGE_NUMBERS += [-x for x in _EDGE_NUMBERS if x]
_EDGE_INTS = [0, 1, 2, 7, 59, 60, 61, 120, 999, 1000, 1001, 65535, 2**31 - 1, 2**31, 2**32, 2**53, 2**53 + 1,
              2**62, 2**63 - 1]
_WRONG_VALUES = [None, True, False, "1", "", [], {}, [1], {"x": 1}, "NaN", 2**64, -(2**63) - 1, 1e308, -1e308]
_STRINGS = ["", " ", "x", "s1", "é", "\u0000", "\ud83d\ude00", "\u202e", "a" * 64, "a" * 65, "a" * 1000,
            "null", "0", "-1", "..", ".", "a.b", "lab.values.x", "\\", "\"", "\n"]


class Rand(random.Random):
    """random.Random with the few helpers the generators use."""

    def chance(self, p: float) -> bool:
        return self.random() < p

    def pick(self, seq):
        return seq[int(self.random() * len(seq))]

    def short(self, lo: float, hi: float) -> float:
        """A value in [lo, hi] with at most 3 decimals, as a person would type it."""
        return round(lo + (hi - lo) * self.random(), 3)


class ValueGen:
    """Builds parameter values from JSON schemas: `valid` (typical), `edge` (every edge the schema allows) or
    `wrong` (out of range, or of another type). `pools` maps a parameter name to realistic strings (screens,
    targets, state paths, trace kinds…), filled from the daemon's own description of its apps."""

    def __init__(self, spec: Spec, rng: Rand, pools: dict[str, list], big_strings: bool = True):
        self.spec = spec
        self.rng = rng
        self.pools = pools
        self.big_strings = big_strings
        self._edges: dict = {}

    def value(self, schema: dict, name: str = "", mode: str = "valid", depth: int = 0):
        """A value for `schema` (its $ref followed), named `name` (the pools' key), in `mode`."""
        rng = self.rng
        schema = self.spec.deref(schema)
        if mode == "wrong" and (depth > 0 or rng.chance(0.5)) and rng.chance(0.5):
            return rng.pick(_WRONG_VALUES)
        if "const" in schema:
            return schema["const"]
        if "enum" in schema:
            if mode == "wrong" and rng.chance(0.5):
                return rng.pick(["", "bogus", str(schema["enum"][0]).upper()])
            return rng.pick(schema["enum"])
        if "oneOf" in schema and "type" not in schema and "properties" not in schema:
            return self.value(rng.pick(schema["oneOf"]), name, mode, depth)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = rng.pick([k for k in kind if k != "null"] or ["null"])
        if kind in ("number", "integer"):
            return self.number(schema, kind == "integer", name, mode)
        if kind == "string":
            return self.string(schema, name, mode)
        if kind == "boolean":
            return rng.chance(0.5)
        if kind == "array":
            return self.array(schema, name, mode, depth)
        if kind == "object" or "properties" in schema:
            return self.object(schema, name, mode, depth)
        if kind == "null":
            return None
        return rng.pick([0, "x", True, None, {}, []])

    def edges(self, lo, hi, integer: bool, exclusive_lo: bool) -> list:
        """The edge values a number schema allows (cached by its bounds)."""
        key = (lo, hi, integer, exclusive_lo)
        if key not in self._edges:
            cands = list(_EDGE_INTS if integer else _EDGE_NUMBERS)
            for bound in (lo, hi):
                if bound is not None:
                    cands.append(bound)
                    if not integer:
                        cands += [math.nextafter(bound, math.inf), math.nextafter(bound, -math.inf)]
                    else:
                        cands += [bound + 1, bound - 1]
            ok = []
            for x in cands:
                if lo is not None and (x < lo or (exclusive_lo and x == lo)):
                    continue
                if hi is not None and x > hi:
                    continue
                if integer and not isinstance(x, int):
                    continue
                ok.append(x)
            self._edges[key] = ok or [lo if lo is not None else 0]
        return self._edges[key]

    def number(self, schema: dict, integer: bool, name: str, mode: str):
        """A number or integer: typical, an edge within the bounds, or out of them."""
        rng = self.rng
        lo, hi = schema.get("minimum"), schema.get("maximum")
        if "exclusiveMinimum" in schema and isinstance(schema["exclusiveMinimum"], (int, float)) \
                and not isinstance(schema["exclusiveMinimum"], bool):
            lo = schema["exclusiveMinimum"]
        exclusive = "exclusiveMinimum" in schema
        if mode == "edge":
            return rng.pick(self.edges(lo, hi, integer, exclusive))
        if mode == "wrong":
            outside = [x for x in (
                (lo - 1) if lo is not None else None, math.nextafter(lo, -math.inf) if lo is not None else None,
                (hi + 1) if hi is not None else None, math.nextafter(hi, math.inf) if hi is not None else None,
                2**64, -(2**63) - 1, 1e308, -1e308, 0.5 if integer else None) if x is not None]
            return rng.pick(outside)
        examples = schema.get("examples")
        if examples and rng.chance(0.3):
            return rng.pick(examples)
        a = lo if lo is not None else -1000
        b = hi if hi is not None else 1000
        a, b = max(a, -1000), min(b, 1000)
        if a > b:
            a, b = (lo if lo is not None else b), (hi if hi is not None else a)
        if rng.chance(0.15) and lo is not None and hi is not None:
            # log-uniform across the whole range now and then
            span = hi - lo
            x = lo + span * (10 ** rng.uniform(-12, 0))
            return int(x) if integer else x
        if integer:
            return rng.randint(int(math.ceil(a)), int(math.floor(b))) if a <= b else int(a)
        x = rng.short(a, b)
        if exclusive and x <= lo:
            x = lo + (abs(lo) or 1) * 1e-3
        return x

    def string(self, schema: dict, name: str, mode: str):
        """A string: a lab name or date by its pattern, else from the pools, the examples or odd strings."""
        rng = self.rng
        pattern = schema.get("pattern", "")
        if "A-Za-z0-9_-" in pattern:
            return self.lab_name(mode)
        if "[0-9]{4}-[0-9]{2}" in pattern:
            return self.wall_clock(mode)
        pool = self.pools.get(name)
        if mode == "edge" and rng.chance(0.5):
            if self.big_strings and rng.chance(0.02):
                return rng.pick(["x" * 65536, "é" * 40000, "a." * 30000])
            return rng.pick(_STRINGS)
        if mode == "wrong":
            return rng.pick(_STRINGS)
        if pool and rng.chance(0.9):
            return rng.pick(pool)
        examples = schema.get("examples")
        if examples:
            return rng.pick(examples)
        return rng.pick(_STRINGS)

    def lab_name(self, mode: str) -> str:
        rng = self.rng
        if mode == "edge":
            return rng.pick(["a", "A" * 64, "0", "_", "-", "x-y_z", "9" * 64, "lab", "values"])
        if mode == "wrong":
            return rng.pick(["", "a" * 65, "a.b", "a b", "é", "x\u0000", "../x"])
        return rng.pick(["x", "y", "scale", "offset", "opacity", "p1", "bar"])

    def wall_clock(self, mode: str) -> str:
        rng = self.rng
        if mode == "edge":
            return rng.pick([
                "0000-01-01T00:00Z", "9999-12-31T23:59:59.999999999+14:00", "1970-01-01T00:00:00Z",
                "2026-02-29T12:00Z", "2026-02-30T25:61", "2024-02-29 23:59:60-12:00", "2038-01-19T03:14:08Z",
                "2026-01-05t09:00:00.000000000000000000001z", "2026-01-05T09:00+2359", "0001-01-01T00:00-23:59",
            ])
        if mode == "wrong":
            return rng.pick(["", "yesterday", "2026-01-05", "2026-13-01T00:00Z", "T09:00", "2026-01-05T09:00:00Q"])
        hour = rng.randint(0, 23)
        offset = rng.pick(["Z", "-03:00", "+09:00", "+05:30", ""])
        return f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{hour:02d}:{rng.randint(0, 59):02d}:00{offset}"

    def array(self, schema: dict, name: str, mode: str, depth: int):
        """An array: a few items, or (edges) none, one or the most the schema allows."""
        rng = self.rng
        items = schema.get("items", {})
        cap = schema.get("maxItems")
        if mode == "edge" and rng.chance(0.3):
            n = rng.pick([0, 1, min(cap or 1000, 1000)])
            if cap and rng.chance(0.05):
                n = cap
        else:
            n = rng.randint(0, 4)
        if n > 50:
            one = self.value(items, name, "valid", depth + 1)
            return [one] * n if rng.chance(0.5) else [self.value(items, name, mode, depth + 1) for _ in range(n)]
        return [self.value(items, name, mode if rng.chance(0.3) else "valid", depth + 1) for _ in range(n)]

    def object(self, schema: dict, name: str, mode: str, depth: int):
        """An object: its required keys (one oneOf branch's), some optional ones; when wrong, an unknown key or a
        required one left out."""
        rng = self.rng
        props = schema.get("properties", {})
        branches = [b.get("required", []) for b in schema.get("oneOf", []) if "required" in b]
        chosen = list(rng.pick(branches)) if branches else []
        exclusive = {key for branch in branches for key in branch}
        required = list(schema.get("required", [])) + chosen
        out = {}
        for key in required:
            if key in props:
                out[key] = self.value(props[key], key, self.sub_mode(mode), depth + 1)
        optional = [k for k in props if k not in out and k not in exclusive]
        for key in optional:
            if rng.chance(0.3):
                out[key] = self.value(props[key], key, self.sub_mode(mode), depth + 1)
        if mode == "wrong" and rng.chance(0.3):
            out[rng.pick(["bogus", "dampingRatio", "Session", "reduceMoton"])] = 1
        if mode == "wrong" and required and rng.chance(0.3):
            out.pop(rng.pick(required), None)
        return out

    def sub_mode(self, mode: str) -> str:
        if mode == "valid":
            return "valid"
        return mode if self.rng.chance(0.4) else "valid"


# --------------------------------------------------------------------------------------------------------------
# Checking replies
# --------------------------------------------------------------------------------------------------------------


class Failure(Exception):
    """A finding: `kind` (died, hang, malformed, nonfinite, null-number, absurd, schema, witness, exit),
    `signature` (what makes two findings the same), `detail`, and `index` (the request it came with)."""

    def __init__(self, kind: str, signature: str, detail: str = "", index: int | None = None):
        super().__init__(f"{signature}: {detail}")
        self.kind = kind
        self.signature = signature
        self.detail = detail
        self.index = index


class _NonFinite(Exception):
    pass


def _reject_constant(token):
    raise _NonFinite(token)


def parse_reply(line: bytes):
    """The JSON of a reply line; Failure when it is not JSON or holds NaN/Infinity (or a number past float)."""
    try:
        value = json.loads(line, parse_constant=_reject_constant)
    except _NonFinite as e:
        raise Failure("nonfinite", f"nonfinite token {e}", line[:300].decode("utf-8", "replace"))
    except ValueError as e:
        raise Failure("malformed", "reply is not JSON", f"{e}: {line[:300]!r}")
    if _BIG_EXPONENT.search(line):
        _check_overflow(value, "")
    return value


_BIG_EXPONENT = re.compile(rb"[0-9][eE]\+?[0-9]{3}")


def _check_overflow(value, path):
    """A literal such as 1e400 parses as inf without parse_constant."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise Failure("nonfinite", f"number past float at {_norm(path)}", path)
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_overflow(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_overflow(v, f"{path}.{i}")


_DIGITS = re.compile(r"\.\d+(?=\.|$)")


def _norm(path: str) -> str:
    """A value's path with array indices folded, for signatures: `.screens.chat.cards.3.scale` -> `...cards.#.scale`."""
    return _DIGITS.sub(".#", path)


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class ResultChecker:
    """Checks a result against a JSON schema for the types that matter here: a number where one is expected (not
    null, not a string), objects and arrays where expected. `strict` also reports other type mismatches."""

    def __init__(self, spec: Spec, strict: bool = True):
        self.spec = spec
        self.strict = strict

    def check(self, value, schema, path: str, errors: list):
        """Appends (kind, path, detail) to `errors` for every mismatch of `value` against `schema`."""
        schema = self.spec.deref(schema)
        if not schema:
            return
        for key in ("oneOf", "anyOf"):
            if key in schema:
                self.check_union(value, schema[key], path, errors)
        for sub in schema.get("allOf", ()):
            self.check(value, sub, path, errors)
        kind = schema.get("type")
        if kind is None:
            if "properties" in schema and isinstance(value, dict):
                kind = "object"
            else:
                return
        kinds = kind if isinstance(kind, list) else [kind]
        if value is None:
            if "null" not in kinds:
                tag = "null-number" if ("number" in kinds or "integer" in kinds) else "schema"
                if tag == "null-number" or self.strict:
                    errors.append((tag, path, f"null where the schema wants {'/'.join(kinds)}"))
            return
        if _is_number(value):
            if "number" in kinds or ("integer" in kinds and (isinstance(value, int) or value.is_integer())):
                return
        elif isinstance(value, str):
            if "string" in kinds:
                return
        elif isinstance(value, bool):
            if "boolean" in kinds:
                return
        elif isinstance(value, list):
            if "array" in kinds:
                items = schema.get("items")
                if items:
                    for i, item in enumerate(value):
                        self.check(item, items, f"{path}.{i}", errors)
                return
        elif isinstance(value, dict):
            if "object" in kinds:
                props = schema.get("properties", {})
                extra = schema.get("additionalProperties")
                for k, v in value.items():
                    if k in props:
                        self.check(v, props[k], f"{path}.{k}", errors)
                    elif isinstance(extra, dict):
                        self.check(v, extra, f"{path}.{k}", errors)
                return
        if self.strict or "number" in kinds or "integer" in kinds:
            errors.append(("schema", path, f"{type(value).__name__} where the schema wants {'/'.join(kinds)}"))

    def check_union(self, value, branches, path, errors):
        """oneOf/anyOf: fine when a branch (whose required keys are present) matches; else that branch's errors."""
        best = None
        for branch in branches:
            branch_d = self.spec.deref(branch)
            if isinstance(value, dict) and any(k not in value for k in branch_d.get("required", ())):
                continue
            errs: list = []
            self.check(value, branch_d, path, errs)
            if not errs:
                return
            if best is None or len(errs) < len(best):
                best = errs
        if best:
            errors.extend(best)


class StateShapes:
    """Checks `state.get` values against the apps' state shapes (`app.describe` -> state): a number field must be a
    finite number (never null), within its declared `range` give or take orders of magnitude; outside the lab, no
    number may pass 1e15."""

    def __init__(self, describe: dict[str, dict]):
        self.roots: dict[str, dict] = {}
        for app, desc in describe.items():
            self.roots[app] = desc.get("state") or {}

    def check(self, app: str, path: str, value, errors: list):
        shape = self.roots.get(app)
        if shape is None:
            return
        node = self.descend(shape, [p for p in path.split(".") if p] if path else [])
        in_lab = path.split(".")[0] == "lab"
        self.walk(value, node, "." + path if path else "", in_lab, errors)

    def descend(self, shape, parts):
        """The shape at a dotted path, or None when it cannot be followed (a target instead of an index…)."""
        for part in parts:
            if shape is None:
                return None
            shape = self.unwrap(shape)
            kind = shape.get("type")
            if kind == "object":
                shape = next((f.get("shape") for f in shape.get("fields", []) if f.get("name") == part), None)
            elif kind == "array":
                shape = shape.get("element")
            elif kind == "map":
                shape = shape.get("value")
            else:
                return None
        return shape

    @staticmethod
    def unwrap(shape):
        while shape and shape.get("type") == "nullable":
            shape = shape.get("shape") or {}
        return shape or {}

    def walk(self, value, shape, path, in_lab, errors):
        """Follows `value` and its shape together, checking every number the shape declares."""
        if shape is None:
            self.plain(value, path, in_lab, errors)
            return
        kind = shape.get("type")
        if kind == "nullable":
            if value is None:
                return
            self.walk(value, shape.get("shape"), path, in_lab, errors)
            return
        if kind in ("number", "integer"):
            if value is None:
                errors.append(("null-number", path, "null where the state shape declares a number"))
            elif not _is_number(value):
                errors.append(("schema", path, f"{type(value).__name__} where the state shape declares a number"))
            else:
                self.number(value, shape.get("range"), path, in_lab, errors)
            return
        if kind == "object" and isinstance(value, dict):
            fields = {f.get("name"): f.get("shape") for f in shape.get("fields", [])}
            for k, v in value.items():
                self.walk(v, fields.get(k), f"{path}.{k}", in_lab or (k == "lab" and path.strip(".") == ""), errors)
            return
        if kind == "array" and isinstance(value, list):
            for i, v in enumerate(value):
                self.walk(v, shape.get("element"), f"{path}.{i}", in_lab, errors)
            return
        if kind == "map" and isinstance(value, dict):
            for k, v in value.items():
                self.walk(v, shape.get("value"), f"{path}.{k}", in_lab, errors)
            return
        self.plain(value, path, in_lab, errors)

    def plain(self, value, path, in_lab, errors):
        """A value without a shape to follow: only the absurd-number rule."""
        if in_lab:
            return
        if _is_number(value):
            if abs(value) > ABSURD:
                errors.append(("absurd", path, f"{value!r}"))
        elif isinstance(value, dict):
            for k, v in value.items():
                self.plain(v, f"{path}.{k}", in_lab or (k == "lab" and path.strip(".") == ""), errors)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self.plain(v, f"{path}.{i}", in_lab, errors)

    @staticmethod
    def number(value, declared, path, in_lab, errors):
        if declared and len(declared) == 2 and all(_is_number(b) for b in declared):
            lo, hi = declared
            slack = 1e6 * max(1.0, hi - lo, abs(lo), abs(hi))
            if value < lo - slack or value > hi + slack:
                errors.append(("absurd", path, f"{value!r} far outside its declared range {declared}"))
                return
        if not in_lab and abs(value) > ABSURD:
            errors.append(("absurd", path, f"{value!r}"))


def absurd_numbers(value, path: str, errors: list):
    """Every number in `value` past ABSURD (for results of the engine's own values: ui.*, screen.render…), the
    lab's animations (`source: lab`, whose values are the caller's) left out."""
    if _is_number(value):
        if abs(value) > ABSURD:
            errors.append(("absurd", path, repr(value)))
    elif isinstance(value, dict):
        if value.get("source") == "lab" or value.get("owner") == "lab":
            return
        for k, v in value.items():
            absurd_numbers(v, f"{path}.{k}", errors)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            absurd_numbers(v, f"{path}.{i}", errors)


class Checker:
    """Everything checked about one connection's replies, shared by the fuzzer and --replay.

    Besides each reply on its own, it keeps, for every session, the last `session.export` digest and `state.get`
    result seen while nothing but those two methods named the session: an untouched session (the witness) must
    answer them identically. `apps` maps session ids to their app (learnt from the replies), for the state shapes.
    """

    ENGINE_VALUES = ("ui.", "screen.render", "clock.", "app.finishLoading", "app.setSavings", "app.contribute",
                     "app.closeBudgetPeriod")

    def __init__(self, spec: Spec, shapes: StateShapes, strict_schema: bool = True):
        self.spec = spec
        self.results = ResultChecker(spec, strict=strict_schema)
        self.shapes = shapes
        self.apps: dict[str, str] = {}
        self.seen: dict[str, dict] = {}
        self.internal_errors: collections.Counter = collections.Counter()
        # The first request of each -32603 signature and its whole error (the daemon's reproducer included).
        self.internal_examples: dict[str, dict] = {}

    def touch(self, request: dict):
        """Called for every request sent, in order (batches element by element)."""
        method = request.get("method")
        params = request.get("params")
        if not isinstance(params, dict):
            return
        session = params.get("session")
        if isinstance(session, str) and method not in READ_ONLY:
            self.seen.pop(session, None)

    def reply(self, request: dict, reply, index: int | None = None):
        """Checks one reply to `request` (already parsed); raises Failure."""
        method = request.get("method", "?")
        if not isinstance(reply, dict):
            raise Failure("malformed", f"{method}: reply is not an object", repr(reply)[:300], index)
        if reply.get("jsonrpc") != "2.0":
            raise Failure("malformed", f"{method}: jsonrpc is not 2.0", repr(reply)[:300], index)
        rid = request.get("id")
        if "id" not in reply or reply["id"] != rid or type(reply["id"]) is not type(rid):
            raise Failure("malformed", f"{method}: reply id does not match",
                          f"sent {rid!r}, got {reply.get('id')!r}", index)
        has_result, has_error = "result" in reply, "error" in reply
        if has_result == has_error:
            raise Failure("malformed", f"{method}: not exactly one of result and error", repr(reply)[:300], index)
        extra = set(reply) - {"jsonrpc", "id", "result", "error"}
        if extra:
            raise Failure("malformed", f"{method}: unexpected members {sorted(extra)}", repr(reply)[:300], index)
        if has_error:
            self.error(method, reply["error"], index, request)
            return
        self.result(method, request.get("params"), reply["result"], index)

    def error(self, method, error, index, request=None):
        """An error reply: an integer code, a string message, `data` an object; -32603 is counted."""
        if not isinstance(error, dict):
            raise Failure("malformed", f"{method}: error is not an object", repr(error)[:300], index)
        code, message = error.get("code"), error.get("message")
        if not isinstance(code, int) or isinstance(code, bool):
            raise Failure("malformed", f"{method}: error code is not an integer", repr(error)[:300], index)
        if not isinstance(message, str):
            raise Failure("malformed", f"{method}: error message is not a string", repr(error)[:300], index)
        if "data" in error and not isinstance(error["data"], dict):
            raise Failure("malformed", f"{method}: error data is not an object", repr(error)[:300], index)
        if code == -32603:
            detail = str((error.get("data") or {}).get("detail", message))[:120]
            signature = f"{method}: {re.sub(r'[0-9.e+-]{4,}', '#', detail)}"
            self.internal_errors[signature] += 1
            if signature not in self.internal_examples:
                self.internal_examples[signature] = {"signature": signature, "request": request, "error": error}

    def result(self, method, params, result, index):
        """A result: its schema's types, the state's shapes (state.get), absurd numbers, the untouched sessions."""
        errors: list = []
        schema = self.spec.methods.get(method, {}).get("result")
        if schema:
            self.results.check(result, schema, "", errors)
        params = params if isinstance(params, dict) else {}
        session = params.get("session")
        if method == "state.get" and isinstance(result, dict):
            app = self.apps.get(session)
            path = params.get("path") if isinstance(params.get("path"), str) else ""
            if app:
                self.shapes.check(app, path, result.get("value"), errors)
            if _is_number(result.get("now")) and abs(result["now"]) > ABSURD:
                errors.append(("absurd", ".now", repr(result["now"])))
        elif method.startswith(self.ENGINE_VALUES):
            absurd_numbers(result, "", errors)  # lab values (source lab) may be as large as the lab makes them
        if errors:
            kind, path, detail = errors[0]
            raise Failure(kind, f"{kind} in {method} at {_norm(path) or '.'}", detail, index)
        if method in SESSION_CREATORS and isinstance(result, dict) and isinstance(result.get("session"), str):
            app = result.get("app")
            if method == "session.fork":
                app = self.apps.get(session)
            self.apps[result["session"]] = app
        if isinstance(session, str) and method in READ_ONLY:
            self.stable(method, session, params, result, index)

    def stable(self, method, session, params, result, index):
        """An untouched session answers session.export and state.get as it did before."""
        if method == "session.export":
            key, value = "export", result.get("traceDigest") if isinstance(result, dict) else result
        else:
            key, value = f"state:{params.get('path')!r}", result
        seen = self.seen.setdefault(session, {})
        if key in seen and seen[key] != value:
            raise Failure("witness", f"untouched session changed ({key.split(':')[0]})",
                          f"{session}: {str(seen[key])[:200]} -> {str(value)[:200]}", index)
        seen[key] = value


# --------------------------------------------------------------------------------------------------------------
# The daemon and the wire
# --------------------------------------------------------------------------------------------------------------


class DaemonProcess:
    """A choreod on its own socket, stderr kept in a file (what a crash prints)."""

    def __init__(self, binary: str, args=(), env=None):
        self.binary = binary
        self.args = list(args)
        self.env = env
        self.dir = tempfile.mkdtemp(prefix="sfz-", dir="/tmp")
        self.socket_path = os.path.join(self.dir, "d.sock")
        self.stderr_path = os.path.join(self.dir, "stderr.log")
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 30.0) -> "DaemonProcess":
        """Starts the daemon and waits for its `listening on` line."""
        self.stderr = open(self.stderr_path, "wb")
        self.proc = subprocess.Popen([self.binary, "--socket", self.socket_path, *self.args],
                                     stdout=subprocess.PIPE, stderr=self.stderr, env=self.env,
                                     preexec_fn=_die_with_parent)
        deadline = time.monotonic() + timeout
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline().decode("utf-8", "replace").strip() if ready else ""
        if not line.startswith("listening on "):
            self.kill()
            raise RuntimeError(f"choreod did not start ({self.binary}): {line!r} {self.stderr_tail()}")
        while not os.path.exists(self.socket_path) and time.monotonic() < deadline:
            time.sleep(0.01)
        return self

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stderr_tail(self, limit: int = 20000) -> str:
        try:
            with open(self.stderr_path, "rb") as f:
                f.seek(0, os.SEEK_END)
                size = f.tell()
                f.seek(max(0, size - limit))
                return f.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def wait_exit(self, timeout: float) -> int | None:
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def death(self) -> Failure:
        """What killed the daemon, as a Failure whose signature names the signal and where it trapped."""
        code = self.wait_exit(5.0)
        if code is None:
            return Failure("closed", "connection closed while the daemon runs", self.stderr_tail(2000))
        how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit {code}"
        stderr = self.stderr_tail(4 << 20)
        return Failure("died", f"died ({how}): {crash_site(stderr)}", crash_report(stderr))

    def stop(self, timeout: float = 20.0) -> int | None:
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
            code = self.wait_exit(timeout)
            if code is None:
                self.kill()
            return code
        return self.proc.returncode if self.proc else None

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def cleanup(self):
        self.kill()
        try:
            self.stderr.close()
        except Exception:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


def _die_with_parent(sig=signal.SIGKILL):
    """Asks Linux for `sig` when the parent process dies (PR_SET_PDEATHSIG): a daemon (before its exec) or a job
    is not left behind when the fuzzer is killed."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, int(sig))
    except Exception:
        pass


_MESSAGES = [re.compile(p) for p in (
    r"\*\*\* Swift runtime failure: (.*?) \*\*\*", r"((?:Fatal error|Assertion failed|Precondition failed)[^\n]*)",
    r"\*\*\* (Program crashed: [^\n]*?) \*\*\*", r"\*\*\* (Signal \d+)[^\n]*")]
_CRASHED = re.compile(r"^Thread \d+.*crashed:\s*$", re.M)
_FRAME = re.compile(r" at (/\S+?/Sources/(\S+?\.swift)):(\d+)")


def crash_report(stderr: str) -> str:
    """The part of a Swift crash report that says what and where: the runtime's message and the crashed thread."""
    message = next((m.group(0) for p in _MESSAGES for m in [p.search(stderr)] if m), "")
    crashed = _CRASHED.search(stderr)
    if not crashed:
        return (message + "\n" + stderr[-3000:]).strip()
    start = crashed.start()
    end = min(i for i in (stderr.find("\n\nThread ", start), stderr.find("\nRegisters:", start), len(stderr)) if i >= 0)
    return (message + "\n\n" + stderr[start:end]).strip()[:6000]


def crash_site(stderr: str) -> str:
    """A short, stable description of a crash: the runtime's message and the first frame of the crashed thread in
    the project's own Sources (else any Sources, e.g. a dependency's)."""
    message = next((m.group(1) for p in _MESSAGES for m in [p.search(stderr)] if m), "")
    message = re.sub(r"0x[0-9a-fA-F]+", "0x…", message).strip()[:160]
    report = crash_report(stderr)
    frames = [(path, rel, line) for path, rel, line in _FRAME.findall(report)]
    own = [f for f in frames if "/.build/" not in f[0] and "/checkouts/" not in f[0]]
    frame = (own or frames or [None])[0]
    where = f"{frame[1]}:{frame[2]}" if frame else ""
    if not message and not where:
        lines = [l for l in stderr.strip().splitlines() if l.strip()]
        return lines[-1][:160] if lines else "no message"
    return " at ".join(p for p in (message, where) if p)


class Wire:
    """One connection: writes a window of request lines and reads their replies, in order, while writing (so a
    large reply never deadlocks the two sides). Notifications (`event`) are checked for JSON and skipped."""

    def __init__(self, path: str, hang_seconds: float):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self.sock.setblocking(False)
        self.hang = hang_seconds
        self.buf = b""
        self.notifications = 0
        self.last_rx = time.monotonic()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

    def exchange(self, data: bytes, replies: int) -> list[bytes]:
        """Sends `data` and returns the next `replies` reply lines. Raises EOFError when the connection closes,
        Failure(hang) when nothing arrives for hang_seconds."""
        out: list[bytes] = []
        view = memoryview(data)
        sent = 0
        last = time.monotonic()
        sock = self.sock
        while len(out) < replies or sent < len(data):
            if sent < len(data):
                try:
                    n = sock.send(view[sent:sent + 1 << 20])
                    sent += n
                    last = time.monotonic()
                except BlockingIOError:
                    pass
                except (BrokenPipeError, ConnectionResetError):
                    raise EOFError("connection closed while writing")
            got_any = self._drain(out, replies)
            if len(out) >= replies and sent >= len(data):
                break
            if got_any:
                last = self.last_rx = time.monotonic()
                continue
            wait_write = [sock] if sent < len(data) else []
            r, w, _ = select.select([sock], wait_write, [], 1.0)
            if not r and not w and time.monotonic() - last > self.hang:
                failure = Failure("hang", "no reply", f"nothing for {self.hang:.0f} s with {replies - len(out)} due")
                failure.received = len(out)
                raise failure
        return out

    def _drain(self, out: list, replies: int) -> bool:
        """Reads what has arrived: reply lines into `out`, notifications checked and counted. True if anything came."""
        got = False
        while True:
            try:
                chunk = self.sock.recv(1 << 20)
            except BlockingIOError:
                return got
            except ConnectionResetError:
                raise EOFError("connection reset")
            if not chunk:
                raise EOFError("connection closed by choreod")
            got = True
            self.buf += chunk
            if b"\n" in chunk:
                *lines, self.buf = self.buf.split(b"\n")
                for line in lines:
                    if line.startswith(b'{"jsonrpc":"2.0","method":"event"'):
                        parse_reply(line)
                        self.notifications += 1
                    else:
                        out.append(line)
            if len(chunk) < (1 << 20):
                return got


def request_line(obj) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode() + b"\n"


INVALID_JSON = object()  # what a line that is not JSON parses to


def valid_request(obj) -> bool:
    """Whether `obj` is a JSON-RPC 2.0 request the daemon must run (and answer, when it has an id)."""
    if not isinstance(obj, dict) or obj.get("jsonrpc") != "2.0" or not isinstance(obj.get("method"), str):
        return False
    if "params" in obj and not isinstance(obj["params"], (dict, list)):
        return False
    if "id" in obj:
        rid = obj["id"]
        if isinstance(rid, bool) or not (rid is None or isinstance(rid, (str, int))
                                         or (isinstance(rid, float) and math.isfinite(rid))):
            return False
    return True


def _answered(obj) -> bool:
    """A batch element is answered when it is a request with an id, or not a valid request at all."""
    return not valid_request(obj) or "id" in obj


def expected_replies(obj) -> int:
    """How many reply lines a line earns: a request with an id, a batch with something answered, anything invalid:
    1; a notification or a batch of notifications: 0."""
    if isinstance(obj, list):
        return 1 if not obj or any(_answered(o) for o in obj) else 0
    if valid_request(obj):
        return 1 if "id" in obj else 0
    return 1


def check_line(checker: Checker, obj, line: bytes | None, index: int | None):
    """Checks the reply `line` to the line whose JSON is `obj` (a request, a batch, or anything else; `line` is None
    when nothing answers it). The checker is told of each request in order, just before its reply is checked, so
    an untouched session's reads inside a batch are compared with the state they saw."""
    if line is None:
        for one in obj if isinstance(obj, list) else (obj,):
            if valid_request(one):
                checker.touch(one)
        return None
    reply = parse_reply(line)
    if isinstance(obj, list) and obj:
        due = sum(1 for o in obj if _answered(o))
        if not isinstance(reply, list) or len(reply) != due:
            raise Failure("malformed", "batch: not one reply per request with an id", repr(reply)[:300], index)
        replies = iter(reply)
        for request in obj:
            if valid_request(request):
                checker.touch(request)
            if _answered(request):
                one = next(replies)
                if valid_request(request):
                    checker.reply(request, one, index)
                else:
                    check_error_reply(one, index)
        return reply
    if valid_request(obj):
        checker.touch(obj)
        checker.reply(obj, reply, index)
    else:
        check_error_reply(reply, index)
    return reply


def check_error_reply(reply, index):
    """The reply to a line that is not a valid request: an error, well formed, with id null."""
    if not isinstance(reply, dict) or reply.get("jsonrpc") != "2.0" or "error" not in reply or "result" in reply:
        raise Failure("malformed", "reply to an invalid request is not an error", repr(reply)[:300], index)
    error = reply["error"]
    if not isinstance(error, dict) or not isinstance(error.get("code"), int) or isinstance(error.get("code"), bool) \
            or not isinstance(error.get("message"), str):
        raise Failure("malformed", "malformed error", repr(reply)[:300], index)


def line_object(line: bytes):
    """The JSON of a request line as the daemon reads it (INVALID_JSON when it is not JSON)."""
    try:
        return json.loads(line, parse_float=float)
    except ValueError:
        return INVALID_JSON


# --------------------------------------------------------------------------------------------------------------
# What is logged, and how a log becomes a reproducer
# --------------------------------------------------------------------------------------------------------------


class Entry:
    """One line sent: the request object (or batch list), and what it created (a session or subscription id)."""

    __slots__ = ("obj", "created")

    def __init__(self, obj):
        self.obj = obj
        self.created: list = []


def render(entries: list[Entry], known: set | None = None) -> list[bytes]:
    """The lines of `entries`, with session and subscription ids renumbered as a fresh daemon hands them out to
    these lines alone (a request that created one, in order: s1, s2, …; 1, 2, …). Ids created by lines left out
    (`known`: every id the original lines created) point nowhere (s999999999)."""
    all_sessions = {c for e in entries for c in e.created if isinstance(c, str)} | (known or set())
    sessions: dict[str, str] = {}
    subs: dict[int, int] = {}
    lines = []
    for entry in entries:
        if isinstance(entry.obj, RawLine):
            lines.append(entry.obj.line)
            continue
        obj = _renumber(entry.obj, sessions, subs, all_sessions)
        lines.append(request_line(obj))
        for created in entry.created:
            if isinstance(created, str):
                sessions[created] = f"s{len(sessions) + 1}"
            else:
                subs[created] = len(subs) + 1
    return lines


def _renumber(obj, sessions, subs, all_sessions):
    """A request (or batch) with its session and subscription ids mapped; `obj` itself when nothing changes."""
    if isinstance(obj, list):
        return [_renumber(o, sessions, subs, all_sessions) for o in obj]
    if not isinstance(obj, dict) or not isinstance(obj.get("params"), dict):
        return obj
    params = obj["params"]
    session = params.get("session")
    sub = params.get("subscription")
    changed = {}
    if isinstance(session, str) and session in all_sessions or session in sessions:
        changed["session"] = sessions.get(session, "s999999999")
    if isinstance(sub, int) and not isinstance(sub, bool) and sub in subs:
        changed["subscription"] = subs[sub]
    if not changed:
        return obj
    return {**obj, "params": {**params, **changed}}


# --------------------------------------------------------------------------------------------------------------
# Learning the apps
# --------------------------------------------------------------------------------------------------------------


class Apps:
    """What the daemon says about its apps: names, state shapes, screens, targets, sheets, data ids, trace kinds,
    state paths — the pools realistic values come from."""

    def __init__(self):
        self.names: list[str] = []
        self.describe: dict[str, dict] = {}
        self.pools: dict[str, list] = {}
        self.screens: dict[str, list] = {}
        self.targets: dict[str, list] = {}
        self.sheets: dict[str, list] = {}
        self.ids: dict[str, dict[str, list]] = {}
        self.kinds: list[str] = []
        self.paths: dict[str, list] = {}
        self.limits: dict = {}

    @classmethod
    def learn(cls, socket_path: str, hang: float) -> "Apps":
        """Asks a running daemon (on a connection of its own, so nothing of this is in a reproducer)."""
        apps = cls()
        wire = Wire(socket_path, hang)
        counter = iter(range(1, 10**9))

        def call(method, params=None):
            obj = {"jsonrpc": "2.0", "id": next(counter), "method": method}
            if params is not None:
                obj["params"] = params
            line = wire.exchange(request_line(obj), 1)[0]
            reply = json.loads(line)
            return reply.get("result") if isinstance(reply, dict) else None

        try:
            info = call("daemon.info") or {}
            apps.limits = info.get("limits") or {}
            apps.names = [a if isinstance(a, str) else a.get("name") for a in info.get("apps", [])] or ["finpessoal"]
            for app in apps.names:
                apps.describe[app] = call("app.describe", {"app": app}) or {}
                created = call("session.create", {"app": app}) or {}
                sid = created.get("session")
                state = call("state.get", {"session": sid}) if sid else None
                apps.absorb(app, apps.describe[app], (state or {}).get("value") or {})
                if sid:
                    call("session.close", {"session": sid})
        finally:
            wire.close()
        apps.finish()
        return apps

    def absorb(self, app: str, desc: dict, state: dict):
        """Learns an app's screens, targets, sheets, data ids, trace kinds and state paths."""
        screens = desc.get("screens")
        if isinstance(screens, list):
            self.screens[app] = [s if isinstance(s, str) else s.get("name") for s in screens if s]
        elif isinstance(screens, dict):
            self.screens[app] = list(screens)
        if not self.screens.get(app):
            self.screens[app] = list((state.get("screens") or {}).keys())
        targets = set()
        for screen in (state.get("screens") or {}).values():
            for element in (screen or {}).get("elements", []) if isinstance(screen, dict) else []:
                if isinstance(element, dict) and isinstance(element.get("target"), str):
                    targets.add(element["target"])
        _collect_strings(desc, "target", targets)
        self.targets[app] = sorted(targets)
        self.sheets[app] = sorted(_sheet_names(desc))
        data = state.get("data") or {}
        self.ids[app] = {k: [x["id"] for x in v if isinstance(x, dict) and "id" in x]
                         for k, v in data.items() if isinstance(v, list)}
        kinds = desc.get("traceEvents") or []
        for k in kinds:
            name = k if isinstance(k, str) else (k.get("kind") or k.get("name"))
            if name and name not in self.kinds:
                self.kinds.append(name)
        self.paths[app] = sorted(_paths(state, "", 4))[:3000]

    def finish(self):
        """The pools of realistic strings, from everything learnt."""
        core = ["session.created", "action", "animation.started", "animation.completed", "animation.settled",
                "haptic", "announcement", "navigation", "timer", "settings", "lab.set"]
        self.kinds = sorted(set(self.kinds) | set(core))
        every_target = sorted({t for ts in self.targets.values() for t in ts})
        every_screen = sorted({s for ss in self.screens.values() for s in ss})
        every_sheet = sorted({s for ss in self.sheets.values() for s in ss} | {"detail"})
        every_id = sorted({i for app in self.ids.values() for ids in app.values() for i in ids})
        every_path = sorted({p for ps in self.paths.values() for p in ps})
        self.pools = {
            "app": self.names + ["prefs", "FINPESSOAL", "", "airfit "],
            "screen": every_screen + ["nowhere", ""],
            "target": every_target + ["nowhere/button/x", "", "dashboard/chart"],
            "sheet": every_sheet + ["nowhere"],
            "item": every_id + ["nope"],
            "goal": [i for i in every_id if i.startswith("g")] + ["g999"],
            "budget": [i for i in every_id if i.startswith("b")] + ["b999"],
            "path": every_path + ["", "lab", "lab.values", "lab.values.x", "nowhere", "navigation.stack.99"],
            "kinds": self.kinds + ["nope", ""],
            "format": ["svg", "ahap", "png", "json", ""],
            "text": ["Budget met", "", "é" * 50, "x" * 2000],
            "budgets": [],
        }


def _collect_strings(node, key, out: set, depth=0):
    """Every string value of `key` in `node` that looks like a target (has a '/')."""
    if depth > 8:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key and isinstance(v, str) and "/" in v:
                out.add(v)
            else:
                _collect_strings(v, key, out, depth + 1)
    elif isinstance(node, list):
        for v in node:
            _collect_strings(v, key, out, depth + 1)


def _sheet_names(desc) -> set:
    names = set()
    sheets = desc.get("sheets")
    if isinstance(sheets, list):
        names |= {s if isinstance(s, str) else s.get("name") for s in sheets}
    elif isinstance(sheets, dict):
        names |= set(sheets)
    return {n for n in names if isinstance(n, str)}


def _paths(node, prefix, depth) -> set:
    """The dotted paths of `node` down to `depth` (lists: their first three items)."""
    out = {prefix} if prefix else set()
    if depth == 0:
        return out
    if isinstance(node, dict):
        for k, v in node.items():
            out |= _paths(v, f"{prefix}.{k}" if prefix else k, depth - 1)
    elif isinstance(node, list):
        for i, v in enumerate(node[:3]):
            out |= _paths(v, f"{prefix}.{i}", depth - 1)
    return out


# --------------------------------------------------------------------------------------------------------------
# One case: random steps on fresh sessions
# --------------------------------------------------------------------------------------------------------------


class Sess:
    """A session the case made (created, forked or imported), and what the case knows about it."""

    __slots__ = ("id", "app", "fps", "now", "visible", "lab", "subs", "ids", "heavy")

    def __init__(self, sid: str, app: str, fps: int = 60, ids=None):
        self.heavy = False  # a long history (after a far jump): read it with filters
        self.id = sid
        self.app = app
        self.fps = fps
        self.now = 0.0
        self.visible: list[str] = []
        self.lab: list[str] = []
        self.subs: list[int] = []
        self.ids = ids or {}

    def copy(self, sid: str) -> "Sess":
        other = Sess(sid, self.app, self.fps, self.ids)
        other.now, other.visible, other.lab, other.heavy = self.now, list(self.visible), list(self.lab), self.heavy
        return other


FAR_MS = 1e5  # a span of virtual time past which a request may have to step an endless animation frame by frame
BOGUS_SESSIONS = ["s0", "S1", "s", "", "s01", "s-1", "s18446744073709551616", "s9223372036854775807", "s1 ",
                  "s" + "9" * 300, "ś1"]
FIN_CHART = "dashboard/chart"
FIN_SHEETS = {
    "addTransaction": None, "editTransaction": "transactions", "addBudget": None, "addGoal": None, "addBill": None,
    "addAccount": None, "addCreditCard": None, "addLoan": None, "transactionDetail": "transactions",
    "budgetDetail": "budgets", "billDetail": "bills", "accountDetail": "accounts",
    "creditCardDetail": "creditCards", "loanDetail": "loans", "profile": None, "currency": None, "language": None,
    "help": None, "editProfile": None, "billsFilter": None, "importResult": None,
}
CURVES = [
    {"spring": {"response": 0.4, "dampingFraction": 0.8}}, {"spring": {"bounce": 0.2, "durationMs": 500}},
    {"interpolatingSpring": {"stiffness": 130, "damping": 12}}, {"easeInOut": {"duration": 0.35}, "delayMs": 100},
    {"linear": {"duration": 1}, "repeatForever": {"autoreverses": True}}, {"easeOut": {"durationMs": 300}},
    {"bezier": {"duration": 0.5, "x1": 0.2, "y1": 0.9, "x2": 0.3, "y2": 1.2}}, {"easeIn": {"duration": 0}},
    {"spring": {"response": 0.4, "dampingFraction": 0}}, {"spring": {"response": 0.0001, "dampingFraction": 1000}},
]


class Case:
    """A case: sessions of every app, then random steps until its budget of requests is spent; at its end the
    witness is read again and the case's sessions are closed. Replies are read in windows of up to `window`
    requests, or at once where the next step needs one (a new session's id, an export to import)."""

    STEPS = [  # (weight, step)
        (26, "app"), (14, "advance"), (18, "read"), (10, "schema"), (3, "example"), (8, "lab"), (3, "motion"),
        (0.25, "device_motion"), (0.3, "time_bomb"), (3, "settle"), (1.0, "fork"), (0.4, "export_import"),
        (0.4, "close"), (1.0, "create"), (3, "settings"), (0.6, "subscribe"), (1.5, "daemon"), (1.0, "batch"),
        (3.5, "render"), (0.3, "raw"), (0.5, "far_render"), (0.05, "limits"), (0.2, "slow"),
    ]

    def __init__(self, runner: "Runner", index: int, budget: int):
        self.runner = runner
        self.index = index
        self.rng = Rand(f"{runner.opts.seed}/{index}")
        self.budget = budget
        self.sent = 0
        self.entries: list[Entry] = []
        self.window: list = []  # (entry, index, then)
        self.lines: list[bytes] = []
        self.sessions: list[Sess] = []
        self.closed: list[str] = []
        self.gen = ValueGen(runner.spec, self.rng, runner.apps.pools, big_strings=True)
        self.slow = runner.opts.slow_cases
        weights = [0 if name == "slow" and not self.slow else w for w, name in self.STEPS]
        self.step_names = [s for _, s in self.STEPS]
        self.cum = list(itertools.accumulate(weights))
        self.methods = [m for m in runner.spec.methods if m not in NEVER_RANDOM]

    # ---- sending ----

    def send(self, method: str, params=None, then=None, barrier: bool = False, notify: bool = False):
        obj = {"jsonrpc": "2.0", "method": method}
        if not notify:
            obj["id"] = self.runner.next_id(self.rng)
        if params is not None:
            obj["params"] = params
        self.push(obj, then, barrier)
        return obj

    def push(self, obj, then=None, barrier=False):
        """Queues a line (a request object, a batch or a RawLine); sends the window when it is full or at a barrier."""
        if heavy_request(obj):
            # Alone on the wire: the daemon writes a window's replies when it has run them all, so a slow
            # request among cheap ones would look like a hang of the whole window.
            self.flush()
            barrier = True
        entry = Entry(obj)
        self.entries.append(entry)
        self.window.append((entry, len(self.entries) - 1, then))
        self.lines.append(request_line(obj) if not isinstance(obj, RawLine) else obj.line)
        self.runner.count(obj)
        self.sent += len(obj) if isinstance(obj, list) else 1
        if barrier or len(self.window) >= self.runner.opts.window:
            self.flush()

    def call(self, method: str, params=None):
        """Sends and waits: the reply (a dict)."""
        box = []
        self.send(method, params, then=box.append, barrier=True)
        return box[0] if box else {}

    def flush(self):
        """Sends the queued lines, reads and checks their replies in order, runs the callbacks."""
        if not self.window:
            return
        runner = self.runner
        window, self.window = self.window, []
        data, self.lines = b"".join(self.lines), []
        due = sum(expected_replies(e.obj.parsed if isinstance(e.obj, RawLine) else e.obj) for e, _, _ in window)
        try:
            lines = runner.wire.exchange(data, due)
        except EOFError:
            waited = time.monotonic()
            failure = runner.daemon.death()
            # The time a dying daemon takes to write its backtrace is not fuzzing: count it aside.
            took = re.search(r"Backtrace took ([0-9.]+)s", runner.daemon.stderr_tail(4096))
            runner.aside += time.monotonic() - waited + (float(took.group(1)) if took else 0.0)
            failure.index = window[-1][1]
            raise failure
        except Failure as failure:
            objs = [e.obj.parsed if isinstance(e.obj, RawLine) else e.obj for e, _, _ in window]
            late = unanswered(objs, getattr(failure, "received", 0))
            failure.signature = f"no reply to {method_name(objs[late])}"
            failure.index = window[-1][1]
            raise
        if time.monotonic() - runner.last_report > 2.0:
            runner.progress()
        it = iter(lines)
        checker = runner.checker
        for entry, index, then in window:
            obj = entry.obj.parsed if isinstance(entry.obj, RawLine) else entry.obj
            reply = check_line(checker, obj, next(it) if expected_replies(obj) else None, index)
            if reply is None:
                continue
            if not isinstance(entry.obj, RawLine):
                self.learn(obj, reply, entry)
            if then:
                then(reply)

    def learn(self, obj, reply, entry: Entry):
        """What a reply tells the case: new session and subscription ids (for the reproducer), the session's now."""
        pairs = zip(obj, reply) if isinstance(obj, list) else ((obj, reply),)
        for request, one in pairs:
            result = one.get("result") if isinstance(one, dict) else None
            if not isinstance(result, dict):
                continue
            method = request.get("method")
            if method in SESSION_CREATORS and isinstance(result.get("session"), str):
                entry.created.append(result["session"])
            elif method == "events.subscribe" and isinstance(result.get("subscription"), int):
                entry.created.append(result["subscription"])
            now = result.get("now")
            if _is_number(now):
                params = request.get("params")
                sid = params.get("session") if isinstance(params, dict) else None
                for s in self.sessions:
                    if s.id == sid:
                        s.now = now
                        break

    # ---- choosing ----

    def session(self, app: str | None = None) -> Sess | None:
        pool = [s for s in self.sessions if app is None or s.app == app]
        return self.rng.pick(pool) if pool else None

    def sid(self, s: Sess | None) -> str:
        """Mostly the session itself; now and then a closed, unknown or malformed id (never the witness's)."""
        rng = self.rng
        if s is None or rng.chance(0.02):
            if self.closed and rng.chance(0.5):
                return rng.pick(self.closed)
            return rng.pick(BOGUS_SESSIONS)
        return s.id

    def ms(self) -> float:
        """A duration for clock.advance, as the soak draws them: 0, a nanosecond, a frame, up to seconds."""
        rng = self.rng
        r = rng.randrange(10)
        if r == 0:
            return 0
        if r == 1:
            return rng.pick([0.000001, 0.001, 0.5, 5e-324, -0.0])
        if r in (2, 3):
            return rng.pick([1000 / 60, 1000 / 120, 8, 16, 16.667])
        if r in (4, 5, 6):
            return rng.short(1, 300)
        if r in (7, 8):
            return rng.short(300, 1500)
        return rng.short(1500, 6000)

    def far_ok(self, s: Sess) -> bool:
        """Whether a far jump in virtual time is quick on this session: nothing running that never settles (an
        endless loop, an undamped spring) or settles far away. Always true with --slow-cases."""
        if self.slow:
            return True
        reply = self.call("animations.list", {"session": s.id, "running": True})
        result = reply.get("result")
        if not isinstance(result, dict):
            return False
        now = result.get("now") or 0
        for record in result.get("animations", []):
            settled = record.get("settledAt")
            if record.get("infinite") or not _is_number(settled) or settled > now + FAR_MS:
                return False
        return True

    def run(self):
        """The case: sessions of every app, steps until the budget (or --seconds) is spent, the witnesses, closing."""
        runner = self.runner
        for app in runner.apps.names:
            self.create({"app": app, **self.create_params()})
        while self.sent < self.budget and not runner.out_of_time():
            if not self.sessions:
                self.create({"app": self.rng.pick(runner.apps.names)})
            r = self.rng.random() * self.cum[-1]
            step = self.step_names[bisect.bisect_left(self.cum, r)]
            getattr(self, "step_" + step)()
        self.flush()
        runner.witness_check(self)
        # Every session the case made (however: schema-made requests create some too) is closed.
        made = dict.fromkeys(c for e in self.entries for c in e.created if isinstance(c, str))
        for sid in made:
            if sid not in self.closed:
                self.send("session.close", {"session": sid})
        self.flush()

    # ---- sessions ----

    def create_params(self) -> dict:
        """session.create params as the soak draws them, now and then an edge (seed 2^63-1, traceLimit)."""
        rng = self.rng
        params = {"seed": rng.randrange(1000), "fps": rng.pick([60, 120]), "physics": rng.pick(["swiftui", "ideal"])}
        if rng.chance(0.4):
            params["settings"] = self.settings_change()
        if rng.chance(0.2):
            params["wallClock"] = self.gen.wall_clock(rng.pick(["valid", "valid", "edge"]))
        if rng.chance(0.1):
            params["seed"] = rng.pick([0, 2**53, 2**63 - 1, 4294967295])
        if rng.chance(0.1):
            params["traceLimit"] = rng.pick([1000, 1001, 5000, 2147483647])
        return params

    def create(self, params: dict):
        """Creates a session (closing one first past 12) and keeps it."""
        if len(self.sessions) >= 12:
            self.step_close()
        reply = self.call("session.create", params)
        result = reply.get("result")
        if isinstance(result, dict) and isinstance(result.get("session"), str):
            app = result.get("app") or params.get("app")
            s = Sess(result["session"], app, params.get("fps", 60) if params.get("fps") in (60, 120) else 60,
                     self.runner.apps.ids.get(app, {}))
            self.sessions.append(s)
            return s
        return None

    def adopt(self, reply, parent: Sess | None, app: str | None = None):
        result = reply.get("result")
        if isinstance(result, dict) and isinstance(result.get("session"), str):
            if parent is not None:
                s = parent.copy(result["session"])
            else:
                a = result.get("app") or app
                s = Sess(result["session"], a, 60, self.runner.apps.ids.get(a, {}))
            self.sessions.append(s)

    def step_create(self):
        """A new session: realistic params, or params from the schema (edges, wrong types)."""
        rng = self.rng
        if rng.chance(0.7):
            params = {"app": rng.pick(self.runner.apps.names), **self.create_params()}
        else:
            params = self.gen.value({"type": "object", "properties": dict(
                (n, sch) for n, sch, _ in self.runner.spec.methods["session.create"]["params"])},
                "", rng.pick(["valid", "edge", "edge", "wrong"]), depth=1)
            if not isinstance(params, dict):
                params = {}
            if rng.chance(0.5):
                params["app"] = rng.pick(self.runner.apps.names)
        self.create(params)

    def step_fork(self):
        s = self.session()
        if s is None or len(self.sessions) >= 12 or (s.heavy and self.rng.chance(0.8)):
            return
        self.adopt(self.call("session.fork", {"session": self.sid(s)}), s)

    def step_close(self):
        if len(self.sessions) <= 1:
            return
        s = self.rng.pick(self.sessions)
        self.sessions.remove(s)
        self.closed.append(s.id)
        self.send("session.close", {"session": s.id})

    def step_export_import(self):
        """session.export, then session.import of the snapshot as it is or mutated (numbers in its actions made
        huge, actions dropped or repeated, the digest kept or broken, the config edited)."""
        rng = self.rng
        s = self.session()
        if s is None or (s.heavy and rng.chance(0.9)):
            return
        reply = self.call("session.export", {"session": s.id})
        snapshot = reply.get("result")
        if not isinstance(snapshot, dict) or len(self.sessions) >= 12:
            return
        mutation = rng.pick(["none", "none", "bomb", "number", "number", "drop", "repeat", "digest", "config",
                             "count", "format", "truncate"])
        if mutation in ("bomb", "number", "repeat") and not self.far_ok(s):
            mutation = "digest"
        snapshot = mutate_snapshot(snapshot, mutation, rng, self.gen)
        max_line = int(self.runner.apps.limits.get("maxLineBytes") or 8388608)
        line = request_line({"jsonrpc": "2.0", "id": 0, "method": "session.import", "params": {"snapshot": snapshot}})
        if len(line) > max_line - 64:
            # A mutation (actions repeated) grew it past the line limit: the daemon rightly answers -32600 and closes
            # the connection, which the line-limit cases cover on purpose.
            return
        self.adopt(self.call("session.import", {"snapshot": snapshot}), s if mutation == "none" else None, s.app)

    # ---- acting ----

    def step_app(self):
        """One of the app's own soak actions on a session of the case."""
        s = self.session()
        if s is None:
            return
        if s.app == "finpessoal":
            self.fin_step(s)
        elif s.app == "airfit":
            self.air_step(s)
        else:
            self.step_schema(only="ui.")

    def tap_target(self, s: Sess) -> str:
        rng = self.rng
        if s.visible and rng.chance(0.7):
            return rng.pick(s.visible)
        targets = self.runner.apps.targets.get(s.app) or ["x"]
        return rng.pick(targets) if rng.chance(0.9) else rng.pick(["nowhere/button/x", "", FIN_CHART])

    def look(self, s: Sess):
        """Reads the screen (or the sheet over it) to learn which targets are on it now."""
        def then(reply):
            value = (reply.get("result") or {}).get("value")
            elements = value.get("elements") if isinstance(value, dict) else None
            targets = [e["target"] for e in elements or [] if isinstance(e, dict) and isinstance(e.get("target"), str)]
            if targets:
                s.visible = targets
        path = self.rng.pick(["screen", "screen", "sheet"])
        self.send("state.get", {"session": s.id, "path": path}, then=then, barrier=True)

    def fin_step(self, s: Sess):
        """A FinPessoal action, as its soak profile draws them (with an edge value now and then)."""
        rng = self.rng
        sid = self.sid(s)
        if rng.chance(0.05):
            self.look(s)
            return
        screens = self.runner.apps.screens.get("finpessoal") or ["dashboard"]
        r = rng.randrange(22)
        if r in (0, 1):
            self.send("ui.navigate", {"session": sid, "screen": "dashboard" if rng.chance(0.4) else rng.pick(screens)})
        elif r == 2:
            self.send("ui.back", {"session": sid})
        elif r == 3:
            self.send("ui.dismiss", {"session": sid})
        elif r == 4:
            name = rng.pick(list(FIN_SHEETS))
            params = {"session": sid, "sheet": name}
            data = FIN_SHEETS[name]
            if data and s.ids.get(data):
                params["item"] = rng.pick(s.ids[data])
            self.send("ui.present", params)
        elif r == 5:
            self.send("ui.scroll", {"session": sid, "y": rng.short(-100, 1500) if rng.chance(0.9) else
                                    rng.pick([1e7, -1e7, 0, -0.0, 5e-324])})
        elif r in (6, 7):
            self.send("ui.pull", {"session": sid, "distance": rng.short(0, 260) if rng.chance(0.9) else
                                  rng.pick([0, 10000, 5e-324])})
        elif r == 8:
            self.send("ui.release", {"session": sid})
        elif r == 9:
            self.send("ui.touch", {"session": sid, "target": FIN_CHART, "x": rng.pick([rng.random(), 0, 1, -0.0])})
        elif r == 10:
            self.send("ui.drag", {"session": sid, "target": FIN_CHART, "x": rng.random()})
        elif r == 11:
            self.send("ui.tap", {"session": sid, "target": FIN_CHART, "point": rng.pick([0, 1, 6, 29, 100000])})
        elif r == 12:
            self.send("app.finishLoading", {"session": sid, "ok": rng.chance(0.7)})
        elif r in (13, 14):
            goals = s.ids.get("goals") or ["g1"]
            amount = rng.short(-500, 6000) if rng.chance(0.85) else rng.pick([1e12, -1e12, 0, -0.0, 5e-324, 1e-9])
            self.send("app.contribute", {"session": sid, "goal": rng.pick(goals), "amount": amount})
        elif r in (15, 16):
            amount = rng.short(0, 16000) if rng.chance(0.85) else rng.pick([1e12, -1e12, 0, -0.0, 2**53])
            self.send("app.setSavings", {"session": sid, "amount": amount})
        elif r == 17:
            self.send("app.closeBudgetPeriod", {"session": sid, "budget": rng.pick(s.ids.get("budgets") or ["b1"])})
        elif r == 18:
            self.send("ui.deviceMotion", {"session": sid, "pitch": rng.short(-30, 30), "roll": 0})
        else:
            self.send("ui.tap", {"session": sid, "target": self.tap_target(s)})

    def air_step(self, s: Sess):
        """An AirFit action, as its soak profile draws them (with an edge value now and then)."""
        rng = self.rng
        sid = self.sid(s)
        if rng.chance(0.05):
            self.look(s)
            return
        screens = self.runner.apps.screens.get("airfit") or ["dashboard"]
        r = rng.randrange(14)
        if r in (0, 1):
            self.send("ui.navigate", {"session": sid, "screen": rng.pick(screens)})
        elif r == 2:
            self.send("ui.back", {"session": sid})
        elif r == 3:
            self.send("ui.dismiss", {"session": sid})
        elif r in (4, 5):
            params = {"session": sid, "y": rng.short(-100, 700), "velocity": rng.short(-2000, 3000)}
            if rng.chance(0.1):
                params["y"] = rng.pick([1e5, -1e5, 0, -0.0])
                params["velocity"] = rng.pick([1e6, -1e6, 0, 5e-324])
            self.send("ui.drag", params)
        elif r == 6:
            self.send("ui.release", {"session": sid})
        elif r in (7, 8):
            params = {"session": sid, "pitch": rng.short(-180, 180), "roll": rng.short(-180, 180)}
            if rng.chance(0.7):
                params["rotationRate"] = rng.short(0, 60) if rng.chance(0.9) else rng.pick([1e5, -1e5, 30])
            self.send("ui.deviceMotion", params)
        elif r == 9:
            self.send("ui.tap", {"session": sid, "target": "dashboard/card/performance"})
        elif r == 10:
            self.send("ui.present", {"session": sid, "sheet": "detail"})
        elif r == 11:
            self.send("app.finishLoading", {"session": sid})
        else:
            self.send("ui.tap", {"session": sid, "target": self.tap_target(s)})

    def step_device_motion(self):
        """A stream of device-motion readings, one per frame, roll (or pitch) ramping, then the screen read."""
        rng = self.rng
        s = self.session("airfit") or self.session()
        if s is None:
            return
        n = rng.pick([60, 60, 60, 30, 120, 180])
        frame = rng.pick([1000 / s.fps, 16.667, 1000 / 60])
        a, b = rng.pick([(0, 20), (0, 20), (-20, 20), (0, 90), (20, -20), (0, 180)])
        axis = rng.pick(["roll", "roll", "pitch"])
        rate = rng.pick([None, None, 0, 5, 29.9])
        for i in range(n):
            value = a + (b - a) * i / (n - 1)
            params = {"session": s.id, "pitch": 0, "roll": 0, axis: value}
            if rate is not None:
                params["rotationRate"] = rate
            self.send("ui.deviceMotion", params)
            self.send("clock.advance", {"session": s.id, "ms": frame})
        # The combined springs play out over the next seconds: read the parallax and draw the screen as they do.
        for _ in range(rng.randint(3, 10)):
            self.send("clock.advance", {"session": s.id, "ms": rng.pick([frame, 50, 100, 250, 400, 700, 1000])})
            self.send("state.get", {"session": s.id, "path": rng.pick(["parallax", "parallax.x", "screen"])})
            if rng.chance(0.6):
                params = {"session": s.id}
                if rng.chance(0.5):
                    params["at"] = s.now + rng.short(0, 3000)
                self.send("screen.render", params)

    def step_advance(self):
        """clock.advance by a soak-like duration; now and then an edge up to the 1e12 maximum."""
        s = self.session()
        if s is None:
            return
        ms = self.ms()
        if self.rng.chance(0.03):
            ms = self.rng.pick(self.gen.edges(0, 1e12, False, False))
            if ms > FAR_MS and not self.far_ok(s):
                ms = FAR_MS
        self.send("clock.advance", {"session": self.sid(s), "ms": ms})

    def step_time_bomb(self):
        """Repeated advances by the largest duration allowed (and near it), then the session used again."""
        rng = self.rng
        s = self.session()
        if s is None or not self.far_ok(s):
            return
        ms = rng.pick([1e12, 1e12, 9.2e11, 5e11, 1e11, 999999999999.999])
        s.heavy = True
        for _ in range(rng.pick([1, 2, 5, 9, 10, 10, 11, 12])):
            self.send("clock.advance", {"session": s.id, "ms": ms})
        follow = rng.pick(["lab", "app", "read", "render", "settle", "timer", "all"])
        if follow in ("lab", "all"):
            self.send("lab.animate", {"session": s.id, "name": "x", "to": rng.pick([1, 100]),
                                      "curve": rng.pick(CURVES[:4])})
        if follow in ("app", "all"):
            for _ in range(rng.randint(1, 5)):
                self.step_app_on(s)
        if follow in ("timer", "all"):
            self.send("lab.timer", {"session": s.id, "name": "t", "afterMs": rng.pick([0, 1, 1e12])})
        if follow in ("settle", "all"):
            self.send("clock.settle", {"session": s.id, "timeoutMs": rng.pick([0, 1000, 1e12])})
        if follow in ("read", "render", "all"):
            self.send("state.get", {"session": s.id})
            self.send("screen.render", {"session": s.id})
            self.send("clock.now", {"session": s.id})
            self.send("trace.get", {"session": s.id, "afterSeq": rng.pick([10**6, 2**53, 2**63 - 1]),
                                    "since": rng.pick([0, 1e12])})
        if len(self.sessions) > 1 and rng.chance(0.6):
            self.sessions.remove(s)
            self.closed.append(s.id)
            self.send("session.close", {"session": s.id})

    def step_app_on(self, s: Sess):
        if s.app == "finpessoal":
            self.fin_step(s)
        elif s.app == "airfit":
            self.air_step(s)

    def step_settle(self):
        """clock.settle with a timeout from 0 to (where it is quick) 1e12."""
        rng = self.rng
        s = self.session()
        if s is None:
            return
        params = {"session": self.sid(s)}
        if rng.chance(0.8):
            params["timeoutMs"] = rng.pick([0, 16, 250, 1000, 5000, 30000, 5e-324])
            if rng.chance(0.1) and self.far_ok(s):
                params["timeoutMs"] = rng.pick([1e12, 1e9, 1e6])
        self.send("clock.settle", params)

    def step_settings(self):
        s = self.session()
        if s is None:
            return
        params = {"session": self.sid(s), **self.settings_change()}
        if self.rng.chance(0.05):
            params[self.rng.pick(["reduceMoton", "mode"])] = self.rng.pick(["warp", 1, None])
        self.send("settings.set", params)

    def settings_change(self) -> dict:
        rng = self.rng
        out = {}
        for _ in range(rng.randint(1, 3)):
            key = rng.pick(["mode", "reduceMotion", "highContrast", "dynamicType", "voiceOver",
                            "respectReduceMotion", "reduceTransparency", "colorScheme"])
            schema = self.runner.spec.deref({"$ref": "#/components/schemas/SettingsChange"})["properties"][key]
            out[key] = self.gen.value(schema, key, "valid")
        return out

    def step_lab(self):
        """lab.animate (a known or schema-made curve), lab.set, lab.timer, lab.haptic or lab.announce."""
        rng = self.rng
        s = self.session()
        if s is None:
            return
        sid = self.sid(s)
        r = rng.randrange(10)
        name = rng.pick(s.lab) if s.lab and rng.chance(0.7) else self.gen.lab_name(rng.pick(["valid", "edge"]))
        if name not in s.lab and len(s.lab) < 20:
            s.lab.append(name)
        if r < 5:
            if rng.chance(0.5):
                curve = rng.pick(CURVES)
            else:
                curve = self.gen.value({"$ref": "#/components/schemas/Curve"}, "curve",
                                       rng.pick(["valid", "edge", "edge", "wrong"]))
            params = {"session": sid, "name": name, "to": self.lab_value(), "curve": curve}
            if rng.chance(0.5):
                params["from"] = self.lab_value()
            self.send("lab.animate", params)
            if rng.chance(0.3):
                self.send("state.get", {"session": sid, "path": f"lab.values.{name}"})
        elif r < 7:
            self.send("lab.set", {"session": sid, "name": name, "value": self.lab_value()})
        elif r == 7:
            params = {"session": sid, "name": name, "afterMs": rng.pick([0, 1, 150, 1000, rng.short(0, 5000)])}
            if rng.chance(0.5):
                params["haptic"] = rng.pick(["light", "medium", "heavy", "soft", "rigid", "selection", "success",
                                             "warning", "error"])
            if rng.chance(0.05):
                params["afterMs"] = rng.pick([1e12, 9.2e12, 5e-324])
            self.send("lab.timer", params)
        elif r == 8:
            self.send("lab.haptic", {"session": sid, "style": rng.pick(["light", "success", "rigid", "bogus"])})
        else:
            text = rng.pick(["Budget met", "", "é" * 20]) if rng.chance(0.97) else "x" * rng.pick([65536, 1 << 20])
            self.send("lab.announce", {"session": sid, "text": text})

    def lab_value(self):
        rng = self.rng
        if rng.chance(0.8):
            return rng.short(-1000, 1000)
        return rng.pick([0, -0.0, 1e15, -1e15, 5e-324, 2**53, 999999999999999.9])

    # ---- reading ----

    def step_read(self):
        """A read: state.get, trace.get and animations.list with random filters, haptics, clock, settings."""
        rng = self.rng
        s = self.session()
        if s is None:
            return
        sid = self.sid(s)
        r = rng.randrange(12)
        if r in (0, 1, 2):
            self.send("state.get", {"session": sid, "path": self.state_path(s)})
        elif r in (3, 4):
            params = {"session": sid}
            if rng.chance(0.5) or s.heavy:
                params["afterSeq"] = rng.pick([0, 1, 5, 100, 10**6, 2**53, 2**62, 2**63 - 1, 2**63 - 2, 2**31])
                if s.heavy and params["afterSeq"] < 10**6:
                    params["afterSeq"] = 10**6
            if rng.chance(0.3):
                params["since"] = self.since(s)
            if rng.chance(0.3):
                params["kinds"] = rng.sample(self.runner.apps.kinds, rng.randint(0, 3))
            self.send("trace.get", params)
        elif r in (5, 6):
            params = {"session": sid}
            if rng.chance(0.4):
                params["path"] = rng.pick(["", "lab.values.x", "sheet.progress", "hero", "parallax", "gradient",
                                           "nowhere", "sheet.1.progress", self.state_path(s)])
            if rng.chance(0.5):
                params["running"] = rng.chance(0.5)
            if rng.chance(0.3):
                params["since"] = self.since(s)
            if rng.chance(0.3) or s.heavy:
                params["limit"] = rng.pick([1, 2, 10, 1000000]) if not s.heavy else rng.pick([1, 10])
            self.send("animations.list", params)
        elif r == 7:
            self.send(rng.pick(["haptics.list", "announcements.list"]), {"session": sid, "since": self.since(s)}
                      if rng.chance(0.4) or s.heavy else {"session": sid})
        elif r == 8:
            self.send("haptics.export", {"session": sid, "since": self.since(s)} if s.heavy or rng.chance(0.3)
                      else {"session": sid})
        elif r == 9:
            self.send("clock.now", {"session": sid})
        elif r == 10:
            self.send("settings.get", {"session": sid})
        else:
            self.send("session.list", {})

    def since(self, s: Sess | None = None):
        """A `since` filter: any edge, or (for a long history) about now."""
        if s is not None and s.heavy:
            return self.rng.pick([s.now, 1e12, max(0.0, s.now - 1000)])
        return self.rng.pick([0, 1, 16.667, 500, 1e12, 5e-324, -0.0, 1000000])

    def state_path(self, s: Sess) -> str:
        rng = self.rng
        paths = self.runner.apps.paths.get(s.app) or [""]
        if rng.chance(0.15):
            return ""
        if s.lab and rng.chance(0.15):
            return f"lab.values.{rng.pick(s.lab)}"
        if rng.chance(0.05):
            return rng.pick(["nowhere", "navigation.stack.99999999999999999999", "navigation.stack.-1", ".", "a..b",
                             "screen.parallax.dashboard/card/balance.offset", "lab.values"])
        return rng.pick(paths)

    def step_render(self):
        """screen.render now or at a random later `at`, at a random width."""
        rng = self.rng
        s = self.session()
        if s is None:
            return
        params = {"session": self.sid(s)}
        if rng.chance(0.6):
            params["at"] = s.now + rng.pick([0, 1, 16.667, 100, 600, 1000, 5000, 5e-324])
        if rng.chance(0.3):
            params["width"] = rng.pick([16, 393, 4096, 100.5, 15.999])
        if rng.chance(0.05):
            params["format"] = rng.pick(["svg", "png", ""])
        self.send("screen.render", params)

    def step_far_render(self):
        """screen.render at the far end of the hour it may look ahead, or at an `at` of any size."""
        rng = self.rng
        s = self.session()
        if s is None or not self.far_ok(s):
            return
        at = rng.pick([s.now + 3.6e6, s.now + 3.6e6 + 1, 1e12, 0, 9223372036854.775, 2**53])
        self.send("screen.render", {"session": s.id, "at": at})

    def step_subscribe(self):
        """events.subscribe (with kinds or not) or events.unsubscribe (own, or unknown ids)."""
        rng = self.rng
        s = self.session()
        if s is None:
            return
        if s.subs and rng.chance(0.4):
            sub = s.subs.pop(rng.randrange(len(s.subs)))
            self.send("events.unsubscribe", {"subscription": sub})
            return
        if rng.chance(0.1):
            self.send("events.unsubscribe", {"subscription": rng.pick([0, 10**6, 2**63 - 1, -1])})
            return
        params = {"session": self.sid(s)}
        if rng.chance(0.6):
            params["kinds"] = rng.sample(self.runner.apps.kinds, rng.randint(0, 3))

        def then(reply):
            sub = (reply.get("result") or {}).get("subscription")
            if isinstance(sub, int):
                s.subs.append(sub)
        self.send("events.subscribe", params, then=then)

    def step_daemon(self):
        """A daemon-wide request: daemon.info, session.list, app.describe, rpc.discover."""
        rng = self.rng
        r = rng.randrange(20)
        if r < 7:
            self.send("daemon.info")
        elif r < 13:
            self.send("session.list", rng.pick([None, {}, []]))
        elif r < 19:
            self.send("app.describe", {"app": rng.pick(self.runner.apps.pools["app"])} if rng.chance(0.8) else {})
        else:
            self.send("rpc.discover")

    # ---- the sessionless surface ----

    def step_motion(self):
        """motion.audit, or motion.sample of a known or schema-made curve at bounded times."""
        rng = self.rng
        if rng.chance(0.12):
            params = {}
            if rng.chance(0.5):
                params["app"] = rng.pick(self.runner.apps.pools["app"])
            elif rng.chance(0.5) and self.sessions:
                params["session"] = self.sid(self.session())
            if rng.chance(0.4):
                params["budgets"] = self.gen.value(self.motion_audit_budgets(), "budgets",
                                                   rng.pick(["valid", "edge", "wrong"]))
            self.send("motion.audit", params)
            return
        mode = rng.pick(["valid", "valid", "edge", "edge", "wrong"])
        if rng.chance(0.4):
            curve = rng.pick(CURVES)
        else:
            curve = self.gen.value({"$ref": "#/components/schemas/Curve"}, "curve", mode)
        physics = rng.pick(["swiftui", "ideal", None])
        params = {"curve": curve, "at": self.sample_times(curve, physics, mode)}
        if physics:
            params["physics"] = physics
        if rng.chance(0.4):
            params["from"] = self.lab_value()
            params["to"] = self.lab_value()
        if rng.chance(0.3):
            params["fps"] = rng.pick([60, 120, 30])
        self.send("motion.sample", params)

    def motion_audit_budgets(self):
        for name, schema, _ in self.runner.spec.methods["motion.audit"]["params"]:
            if name == "budgets":
                return schema
        return {"type": "object"}

    def sample_times(self, curve, physics, mode):
        """Sample times: a few or many (up to the 100,000 allowed), near or far (far only where it is cheap, or
        with --slow-cases: a curve that never settles is stepped frame by frame under swiftui physics)."""
        rng = self.rng
        slow_kind = not isinstance(curve, dict) or physics != "ideal" or "repeatForever" in curve
        limit = 1e12 if (self.slow or not slow_kind) else (1e6 if rng.chance(0.05) else 2e4)
        if rng.chance(0.3):
            return rng.pick([0, 100, 400, limit, 5e-324])
        n = rng.pick([1, 3, 10, 30, 100, 1000]) if rng.chance(0.99) else rng.pick([100000, 99999])
        top = rng.pick([1000, 5000, limit])
        if n >= 30 and slow_kind and not self.slow:
            top = min(top, 5000 if n <= 100 else 1000)
        times = [round(rng.random() * top, 3) for _ in range(n)]
        if mode == "edge" and times:
            times[0] = rng.pick([0, -0.0, 5e-324, top])
        if mode == "wrong" and rng.chance(0.5):
            times.append(rng.pick([-1, None, "x", 1e308]))
        return times

    # ---- from the schemas ----

    def step_schema(self, only: str | None = None):
        """Any method, its params generated from its schemas: typical values, edges, now and then a wrong type."""
        rng = self.rng
        methods = [m for m in self.methods if only is None or m.startswith(only)]
        method = rng.pick(methods)
        mode = rng.pick(["valid", "edge", "edge", "wrong"])
        params = {}
        for name, schema, required in self.runner.spec.methods[method]["params"]:
            if not required and not rng.chance(0.5):
                continue
            if mode == "wrong" and rng.chance(0.1):
                continue
            if name == "session":
                params[name] = self.sid(self.session())
            elif name == "subscription" and rng.chance(0.5):
                subs = [sub for s in self.sessions for sub in s.subs]
                params[name] = rng.pick(subs) if subs else 1
            else:
                params[name] = self.gen.value(schema, name, mode)
        if mode == "wrong" and rng.chance(0.1):
            params["bogus"] = 1
        self.forget(method, params)
        self.send(method, self.tame(method, params))

    def forget(self, method: str, params: dict):
        """A session.close the case did not plan: the session is gone."""
        if method == "session.close" and isinstance(params, dict):
            for s in list(self.sessions):
                if s.id == params.get("session"):
                    self.sessions.remove(s)
                    self.closed.append(s.id)

    def step_example(self):
        """A method's own example from openrpc.json, on a session of the case."""
        rng = self.rng
        method = rng.pick([m for m in self.methods if self.runner.spec.methods[m]["examples"]])
        params = copy.deepcopy(rng.pick(self.runner.spec.methods[method]["examples"]))
        if "session" in params:
            params["session"] = self.sid(self.session())
        if method == "session.create" and len(self.sessions) < 12:
            self.adopt(self.call(method, params), None, params.get("app", "finpessoal"))
            return
        self.forget(method, params)
        self.send(method, self.tame(method, params))

    def tame(self, method: str, params: dict) -> dict:
        """Without --slow-cases: what would step an endless animation for minutes is brought back within reach."""
        if self.slow or not isinstance(params, dict):
            return params
        sess = next((s for s in self.sessions if s.id == params.get("session")), None)
        for key in {"clock.advance": "ms", "clock.settle": "timeoutMs"}.get(method, "x"), "at":
            value = params.get(key)
            if _is_number(value) and value > FAR_MS and method != "motion.sample":
                if method == "screen.render" and sess is not None:
                    if value <= sess.now + FAR_MS:
                        continue
                if sess is None or not self.far_ok(sess):
                    params = {**params, key: FAR_MS if method != "screen.render" else (sess.now if sess else 0)}
        if method == "motion.sample":
            params = {**params, "at": self.sample_times(params.get("curve"), params.get("physics"), "valid")} \
                if not _cheap_sample(params) else params
        if method == "session.import" and isinstance(params.get("snapshot"), dict):
            # An import replays its actions: no far jumps among them.
            snapshot = dict(params["snapshot"])
            if isinstance(snapshot.get("actions"), list):
                snapshot["actions"] = [a for a in snapshot["actions"]
                                       if not (isinstance(a, dict) and str(a.get("method", "")).startswith("clock."))]
            params = {**params, "snapshot": snapshot}
        return params

    # ---- what takes minutes before issue 42's fixes (--slow-cases) ----

    def step_slow(self):
        """Requests known to run for minutes on a daemon without the fixes: an undamped spring sampled at 1e9 ms
        under swiftui physics, a far state read over an endless loop, a timing curve retargeted on every frame."""
        rng = self.rng
        s = self.session()
        kind = rng.pick(["sample", "loop", "retarget"])
        if kind == "sample" or s is None:
            self.send("motion.sample", {"curve": {"spring": {"response": 0.4, "dampingFraction": 0}},
                                        "at": [rng.pick([1e9, 1e8, 1e12])], "physics": "swiftui"})
        elif kind == "loop":
            self.send("lab.animate", {"session": s.id, "name": "loop", "to": 1,
                                      "curve": {"linear": {"duration": 1}, "repeatForever": True}})
            self.send("clock.advance", {"session": s.id, "ms": rng.pick([3e8, 1e12])})
            self.send("state.get", {"session": s.id, "path": "lab.values.loop"})
            s.heavy = True
        else:
            frame = 1000 / s.fps
            for i in range(rng.pick([300, 1500])):
                self.send("lab.animate", {"session": s.id, "name": "retarget", "to": rng.random() * 100,
                                          "curve": rng.pick([{"easeInOut": {"duration": 0.35}},
                                                             {"linear": {"duration": 1}}])})
                self.send("clock.advance", {"session": s.id, "ms": frame})
            self.send("state.get", {"session": s.id, "path": "lab.values.retarget"})

    # ---- at the limits ----

    def step_limits(self):
        """The longest line the daemon takes (--max-line-bytes, from daemon.info), and the longest arrays, on a
        session of their own that is read back once and closed."""
        rng = self.rng
        s = self.create({"app": rng.pick(self.runner.apps.names)})
        if s is None:
            return
        self.flush()
        max_line = int(self.runner.apps.limits.get("maxLineBytes") or 8388608)
        kind = rng.pick(["announce", "kinds", "path", "subscribe", "sample"])
        if kind == "announce":
            obj = {"jsonrpc": "2.0", "id": self.runner.next_id(rng), "method": "lab.announce",
                   "params": {"session": s.id, "text": ""}}
            obj["params"]["text"] = "x" * (max_line - (len(request_line(obj)) - 1))
            self.push(obj, barrier=True)
            self.send("announcements.list", {"session": s.id}, barrier=True)
        elif kind == "kinds":
            n = rng.pick([100000, (max_line - 200) // 4])
            self.send("trace.get", {"session": s.id, "kinds": ["a"] * n}, barrier=True)
        elif kind == "path":
            self.send("state.get", {"session": s.id, "path": "a." * ((max_line - 200) // 2)}, barrier=True)
        elif kind == "subscribe":
            self.send("events.subscribe", {"session": s.id, "kinds": ["haptic"] * 100000}, barrier=True)
            self.send("lab.haptic", {"session": s.id, "style": "light"}, barrier=True)
        else:
            self.send("motion.sample", {"curve": rng.pick(CURVES[:4]), "at": [rng.random() * 2000 for _ in
                                        range(100000)], "physics": rng.pick(["ideal", "swiftui"])}, barrier=True)
        self.sessions.remove(s)
        self.closed.append(s.id)
        self.send("session.close", {"session": s.id}, barrier=True)

    # ---- lines of other shapes ----

    def step_batch(self):
        """A JSON-RPC batch line: reads, advances and actions, some as notifications."""
        rng = self.rng
        s = self.session()
        if s is None:
            return
        batch = []
        for _ in range(rng.randint(1, 6)):
            method, params = rng.pick([
                ("clock.advance", {"session": s.id, "ms": self.ms()}),
                ("state.get", {"session": s.id, "path": self.state_path(s)}),
                ("clock.now", {"session": s.id}),
                ("trace.get", {"session": s.id, "afterSeq": rng.pick([0, 10, 2**53]) if not s.heavy else 2**53}),
                ("ui.back", {"session": s.id}),
                ("lab.set", {"session": s.id, "name": "b", "value": self.lab_value()}),
                ("daemon.info", None),
                ("ui.tap", {"session": s.id, "target": self.tap_target(s)}),
            ])
            obj = {"jsonrpc": "2.0", "method": method}
            if rng.chance(0.85):
                obj["id"] = self.runner.next_id(rng)
            if params is not None:
                obj["params"] = params
            batch.append(obj)
        self.push(batch)

    def step_raw(self):
        """A line that is not a request: the daemon answers each with an error (or nothing, for notifications)."""
        rng = self.rng
        text = rng.pick([
            "[]", "{}", "null", "[1]", "[1,2]", '"x"', "0", "[{}]", '[{"jsonrpc":"2.0","method":"daemon.info"}]',
            '{"jsonrpc":"2.0","method":"daemon.info","params":7,"id":"raw"}',
            '{"jsonrpc":"1.0","method":"daemon.info","id":"raw"}',
            '{"jsonrpc":"2.0","method":7,"id":"raw"}',
            '{"jsonrpc":"2.0","method":"nope","id":"raw"}',
            '{"jsonrpc":"2.0","method":"nope"}',
            '{"jsonrpc":"2.0","method":"daemon.info","id":{"a":1}}',
            '{"jsonrpc":"2.0","method":"daemon.info","id":1e400}',
            '{"jsonrpc":"2.0","method":"daemon.info","id":true}',
            '{"jsonrpc":"2.0","id":"raw","method":"clock.now","params":{"session":"s1"}',
            '{"jsonrpc":"2.0","id":"raw","method":"session.list","params":[]}',
            '{"jsonrpc":"2.0","id":"raw","method":"session.list","params":[1]}',
        ])
        self.push(RawLine(text))


class RawLine:
    """A line sent as is (not made by json.dumps): bad JSON, JSON that is not a request, odd ids…"""

    __slots__ = ("text", "line", "parsed")

    def __init__(self, text: str | bytes):
        self.text = text
        self.line = (text.encode() if isinstance(text, str) else text) + b"\n"
        self.parsed = line_object(self.line)


def _cheap_sample(params) -> bool:
    at = params.get("at")
    times = at if isinstance(at, list) else [at]
    curve = params.get("curve")
    cheap_kind = isinstance(curve, dict) and params.get("physics") == "ideal" and "repeatForever" not in curve
    big = max((t for t in times if _is_number(t)), default=0)
    return cheap_kind or (big <= 2e4 and (len(times) < 1000 or big <= 2000))


def mutate_snapshot(snapshot: dict, mutation: str, rng: Rand, gen: ValueGen) -> dict:
    """A copy of an export, edited: `bomb` appends ten advances of 1e12 ms, `number` makes one number in the
    actions extreme, `drop`/`repeat` remove or repeat actions, `digest` breaks the digest, `config` edits the
    create params, `count` the trace length, `format` the format or version, `truncate` leaves members out."""
    snap = copy.deepcopy(snapshot)
    actions = snap.get("actions") if isinstance(snap.get("actions"), list) else []
    if mutation == "bomb":
        actions += [{"method": "clock.advance", "params": {"ms": 1e12}} for _ in range(rng.pick([1, 10, 11]))]
        if rng.chance(0.3):
            actions.append({"method": "lab.animate", "params": {"name": "x", "to": 1, "curve": CURVES[0]}})
    elif mutation == "number":
        leaves = _number_leaves(actions, [])
        if leaves:
            holder, key = rng.pick(leaves)
            holder[key] = rng.pick([1e12, 1e12, 2**63 - 1, 1e308, -1e308, 5e-324, -0.0, -1, 2**53, 9.2e12])
        else:
            actions.append({"method": "clock.advance", "params": {"ms": 1e12}})
    elif mutation == "drop" and actions:
        del actions[rng.randrange(len(actions))]
    elif mutation == "repeat" and actions:
        actions += actions[-rng.randint(1, min(5, len(actions))):] * rng.pick([1, 2, 10])
    elif mutation == "digest":
        digest = str(snap.get("traceDigest", ""))
        snap["traceDigest"] = rng.pick([digest[:-1] + ("0" if digest[-1:] != "0" else "1"), "fnv1a64:", "", 7])
    elif mutation == "config":
        config = snap.get("config") if isinstance(snap.get("config"), dict) else {}
        key = rng.pick(["seed", "fps", "traceLimit", "physics", "wallClock", "app", "bogus"])
        config[key] = rng.pick([2**63 - 1, 120, 1000, "ideal", "0000-01-01T00:00Z", "airfit", -1, None])
        snap["config"] = config
    elif mutation == "count":
        snap["traceEvents"] = rng.pick([0, 1, 2**63 - 1, -1, 1e308, (snap.get("traceEvents") or 1) + 1])
    elif mutation == "format":
        key = rng.pick(["format", "version"])
        snap[key] = rng.pick(["choreo-session", 2, 0, None, "x"])
    elif mutation == "truncate":
        for key in rng.sample(sorted(snap), rng.randint(1, 2)):
            snap.pop(key, None)
    if "actions" in snap:
        snap["actions"] = actions
    return snap


def _number_leaves(node, out):
    """(container, key) of every number in `node`."""
    if isinstance(node, dict):
        for k, v in node.items():
            if _is_number(v):
                out.append((node, k))
            else:
                _number_leaves(v, out)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            if _is_number(v):
                out.append((node, i))
            else:
                _number_leaves(v, out)
    return out


# --------------------------------------------------------------------------------------------------------------
# A job: one daemon, cases one after another
# --------------------------------------------------------------------------------------------------------------


class Runner:
    """Runs cases against one daemon at a time (a fresh one after every failure), keeps the counts, saves and
    shrinks reproducers. `report` receives progress and findings (the parent process prints them)."""

    def __init__(self, opts, job: int, report):
        self.opts = opts
        self.job = job
        self.report = report
        self.spec = Spec.load(opts.spec)
        self.apps: Apps | None = None
        self.methods: collections.Counter = collections.Counter()
        self.internal: collections.Counter = collections.Counter()
        self.requests = 0
        self.passed = 0
        self.failed = 0
        self._id = 0
        self.daemon: DaemonProcess | None = None
        self.wire: Wire | None = None
        self.checker: Checker | None = None
        self.setup: list[Entry] = []
        self.history: list[Entry] | None = []
        self.last_report = 0.0
        self.started = time.monotonic()
        self.aside = 0.0  # seconds spent shrinking and restarting, not fuzzing
        self.deadline = time.monotonic() + opts.seconds if opts.seconds else None
        self.phase = "fuzzing"

    # ---- the daemon ----

    def start(self):
        """A fresh daemon, its connection and checker, and the witnesses (one session per app, read once)."""
        self.daemon = DaemonProcess(self.opts.choreod, self.opts.daemon_args, env=daemon_env()).start()
        if self.apps is None:
            self.apps = Apps.learn(self.daemon.socket_path, self.opts.hang_seconds)
        self.wire = Wire(self.daemon.socket_path, self.opts.hang_seconds)
        self.checker = Checker(self.spec, StateShapes(self.apps.describe))
        self.history = []
        witness = Case(self, -1, 0)
        for app in self.apps.names:
            created = witness.call("session.create", {"app": app, "seed": 7})
            sid = (created.get("result") or {}).get("session")
            if sid:
                witness.send("session.export", {"session": sid})
                witness.send("state.get", {"session": sid})
        witness.flush()
        self.witnesses = [c for e in witness.entries for c in e.created]
        self.setup = witness.entries

    def stop(self):
        if self.wire:
            self.wire.close()
        if self.daemon:
            self.daemon.cleanup()
        if self.checker:
            self.internal.update(self.checker.internal_errors)
            self.checker.internal_errors.clear()
            self.save_internal_examples()
        self.wire = self.daemon = None

    def save_internal_examples(self):
        """Writes the first request of each -32603 signature not saved yet (by any job) as
        `internal-<digest>.json`: the request and the daemon's error, whose data holds its own reproducer."""
        if not self.checker or not self.checker.internal_examples:
            return
        os.makedirs(self.opts.out, exist_ok=True)
        for signature, example in self.checker.internal_examples.items():
            digest = hashlib.sha1(signature.encode()).hexdigest()[:10]
            path = os.path.join(self.opts.out, f"internal-{digest}.json")
            try:
                fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                continue
            with os.fdopen(fd, "w") as handle:
                json.dump(example, handle, indent=1)
        self.checker.internal_examples.clear()

    def witness_check(self, case: Case):
        """The witnesses again: the Checker compares them with what they answered when they were made."""
        for sid in self.witnesses:
            case.send("session.export", {"session": sid})
            case.send("state.get", {"session": sid})
        case.flush()

    def next_id(self, rng: Rand):
        self._id += 1
        if rng.random() < 0.01:
            return rng.pick([f"id-{self._id}", -self._id, 0, None, 2**53, 1.5, "", "é"])
        return self._id

    def count(self, obj):
        if isinstance(obj, RawLine):
            self.methods["(raw line)"] += 1
            self.requests += 1
            return
        for one in obj if isinstance(obj, list) else (obj,):
            self.methods[one.get("method", "?") if isinstance(one, dict) else "?"] += 1
            self.requests += 1

    # ---- the run ----

    def run(self):
        """The job's cases (the job's share of --cases/--requests, until --seconds), then daemon.shutdown."""
        opts = self.opts
        jobs = opts.jobs
        budget = opts.requests // jobs + (1 if self.job < opts.requests % jobs else 0) if opts.requests else None
        deadline = self.deadline
        start_requests = 0
        self.start()
        case_index = self.job
        try:
            while True:
                if opts.cases is not None and case_index >= opts.cases:
                    break
                if budget is not None and self.requests - start_requests >= budget:
                    break
                if deadline is not None and time.monotonic() >= deadline:
                    break
                length = int(Rand(f"{opts.seed}/{case_index}/length").choice([200, 500, 1000, 2000, 4000]))
                if budget is not None:
                    length = max(1, min(length, budget - (self.requests - start_requests)))
                case = Case(self, case_index, length)
                try:
                    case.run()
                    self.passed += 1
                    self.keep_history(case.entries)
                except Failure as failure:
                    self.failed += 1
                    self.on_failure(failure, case)
                case_index += jobs
                if time.monotonic() - self.last_report > 1.0:
                    self.progress()
            self.finish()
        finally:
            self.stop()
            self.progress()

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def keep_history(self, entries):
        if self.history is not None:
            self.history.extend(entries)
            if len(self.history) > self.opts.history_limit:
                self.history = None  # too long to replay whole; reproducers are the case's own lines

    def finish(self):
        """Ends the job: daemon.shutdown must answer and the daemon exit with status 0."""
        case = Case(self, -2, 0)
        try:
            case.call("daemon.shutdown")
            code = self.daemon.wait_exit(30)
            if code != 0:
                raise Failure("exit", f"daemon.shutdown: exit status {code}", self.daemon.stderr_tail(2000))
        except Failure as failure:
            self.failed += 1
            self.on_failure(failure, case)

    def progress(self):
        self.last_report = time.monotonic()
        self.save_internal_examples()
        internal = self.internal + (self.checker.internal_errors if self.checker else collections.Counter())
        self.report({"type": "progress", "job": self.job, "requests": self.requests, "passed": self.passed,
                     "failed": self.failed, "methods": dict(self.methods), "internal": dict(internal),
                     "fuzzing": time.monotonic() - self.started - self.aside, "phase": self.phase})

    # ---- findings ----

    def on_failure(self, failure: Failure, case: Case):
        """Saves a reproducer for `failure` (shrunk unless its signature was shrunk already), reports it and starts
        a fresh daemon (the old one, alive or not, is killed)."""
        upto = failure.index + 1 if failure.index is not None else len(case.entries)
        entries = self.setup + case.entries[:upto] if case.index >= 0 else self.setup + (self.history or []) + \
            case.entries
        history = (self.setup + self.history + case.entries[:upto]) if self.history is not None else None
        aside = time.monotonic()
        self.stop()
        self.phase = "shrinking"
        self.progress()
        path, lines, note = self.save(failure, entries, history)
        self.phase = "fuzzing"
        self.report({"type": "failure", "job": self.job, "case": case.index, "kind": failure.kind,
                     "signature": failure.signature, "detail": failure.detail[:2000], "path": path,
                     "lines": len(lines), "head": [l.decode("utf-8", "replace").rstrip("\n")[:300] for l in lines[:12]],
                     "note": note})
        if case.index != -2:
            self.start()
        self.aside += time.monotonic() - aside

    def save(self, failure: Failure, entries: list[Entry], history: list[Entry] | None):
        """Writes the reproducer (shrunk when it is the first of its signature in this run); (path, lines, note)."""
        out = self.opts.out
        os.makedirs(out, exist_ok=True)
        digest = hashlib.sha1(failure.signature.encode()).hexdigest()[:10]
        stem = os.path.join(out, f"{failure.kind}-{digest}")
        locks = os.path.join(out, f".run-{self.opts.run_id}")
        os.makedirs(locks, exist_ok=True)
        lock = os.path.join(locks, f"{failure.kind}-{digest}")
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL))
            first = True
        except FileExistsError:
            first = False
        if not first:
            # Shrunk already (by this job or another): keep this case's lines beside it, unshrunk.
            lines = render(entries)
            path = f"{stem}.job{self.job}-{len(entries)}-{int(time.time() * 1000) % 10**8}.jsonl"
            if self.opts.keep_duplicates:
                write_lines(path, lines)
                return path, lines, "a failure already saved: not shrunk"
            return stem + ".jsonl", lines, "a failure already saved: not shrunk"
        shrinker = Shrinker(self.opts, self.spec, StateShapes(self.apps.describe), failure.signature)
        note = ""
        candidate = entries
        if not shrinker.test(candidate):
            if history is not None and len(history) > len(entries) and shrinker.test(history):
                candidate = history
                note = "reproduces only with the daemon's earlier requests"
            else:
                lines = render(entries)
                write_lines(stem + ".jsonl", lines)
                write_note(stem, failure, lines, "did not reproduce on a fresh daemon (saved unshrunk)")
                return stem + ".jsonl", lines, "did not reproduce on a fresh daemon (saved unshrunk)"
        small = shrinker.shrink(candidate)
        lines = render(small, shrinker.known)
        write_lines(stem + ".jsonl", lines)
        note = (note + "; " if note else "") + f"shrunk {len(candidate)} -> {len(small)} lines in " \
            f"{shrinker.elapsed():.0f} s ({shrinker.tests} replays)"
        write_note(stem, failure, lines, note)
        return stem + ".jsonl", lines, note


def write_lines(path: str, lines: list[bytes]):
    with open(path, "wb") as f:
        f.writelines(lines)


def write_note(stem: str, failure: Failure, lines, note: str):
    with open(stem + ".txt", "w", encoding="utf-8") as f:
        f.write(f"signature: {failure.signature}\nkind: {failure.kind}\nnote: {note}\nlines: {len(lines)}\n")
        f.write(f"replay: python3 scripts/stateful_fuzz.py --replay {stem}.jsonl\n\ndetail:\n{failure.detail}\n")


def daemon_env():
    """The daemon's environment: Swift's backtracer on (its report names the runtime failure and the frame)."""
    env = dict(os.environ)
    env.setdefault("SWIFT_BACKTRACE", "enable=yes,interactive=no,color=no")
    return env


class Shrinker:
    """Delta debugging (ddmin) over a list of entries, while a replay on a fresh daemon fails with the same
    signature; bounded by --shrink-seconds."""

    def __init__(self, opts, spec: Spec, shapes: StateShapes, signature: str):
        self.opts = opts
        self.spec = spec
        self.shapes = shapes
        self.signature = signature
        self.start = time.monotonic()
        self.deadline = self.start + opts.shrink_seconds
        self.tests = 0
        self.known: set = set()

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def test(self, entries: list[Entry]) -> bool:
        self.tests += 1
        self.known |= {c for e in entries for c in e.created if isinstance(c, str)}
        failure = replay_lines(self.opts, render(entries, self.known), self.spec, self.shapes)
        return failure is not None and failure.signature == self.signature

    def shrink(self, entries: list[Entry]) -> list[Entry]:
        # Batches as single requests, so that the steps below can drop their requests one by one.
        flat = unbatch(entries)
        if len(flat) != len(entries) and time.monotonic() < self.deadline and self.test(flat):
            entries = flat
        # First guesses: only the lines of one session the last requests name (and of the sessions it was forked
        # from); the lines that made sessions and only the last requests before the failure.
        for candidate in session_slices(entries):
            if time.monotonic() >= self.deadline:
                break
            if len(candidate) < len(entries) and self.test(candidate):
                entries = candidate
                break
        window = self.opts.window
        for tail in (window, 4 * window):
            if len(entries) > tail + 1 and time.monotonic() < self.deadline:
                head = [e for e in entries[:-tail] if e.created]
                candidate = head + entries[-tail:]
                if len(candidate) < len(entries) and self.test(candidate):
                    entries = candidate
                    break
        n = 2
        while len(entries) >= 2 and time.monotonic() < self.deadline:
            chunk = math.ceil(len(entries) / n)
            reduced = False
            # complements: drop one chunk at a time, the oldest first (a failure is usually made by the last)
            for i in range(n):
                if time.monotonic() >= self.deadline:
                    break
                candidate = entries[:i * chunk] + entries[(i + 1) * chunk:]
                if candidate and self.test(candidate):
                    entries = candidate
                    n = max(n - 1, 2)
                    reduced = True
                    break
            if not reduced:
                if n >= len(entries):
                    break
                n = min(len(entries), n * 2)
        return self.halve_arrays(entries)

    def halve_arrays(self, entries: list[Entry]) -> list[Entry]:
        """Within the lines left, arrays in params (motion.sample's `at`, trace kinds…) halved while the failure
        persists."""
        for i in range(len(entries)):
            obj = entries[i].obj
            if not isinstance(obj, dict) or not isinstance(obj.get("params"), dict):
                continue
            for key in list(obj["params"]):
                value = obj["params"][key]
                while isinstance(value, list) and len(value) > 1 and time.monotonic() < self.deadline:
                    for part in (value[:len(value) // 2], value[len(value) // 2:]):
                        smaller = Entry({**obj, "params": {**obj["params"], key: part}})
                        smaller.created = entries[i].created
                        candidate = entries[:i] + [smaller] + entries[i + 1:]
                        if self.test(candidate):
                            entries, obj, value = candidate, smaller.obj, part
                            break
                    else:
                        break
        return entries


def heavy_request(obj) -> bool:
    """Whether a request may take long: a far jump in time, an import or export (a replay of a whole history), an
    audit, the OpenRPC document, a long sample."""
    if isinstance(obj, list):
        return any(heavy_request(o) for o in obj)
    if not isinstance(obj, dict):
        return False
    method = obj.get("method")
    if method in ("session.import", "session.export", "session.fork", "motion.audit", "rpc.discover"):
        return True
    params = obj.get("params")
    if not isinstance(params, dict):
        return False
    if method in ("clock.advance", "clock.settle", "screen.render"):
        value = params.get({"clock.advance": "ms", "clock.settle": "timeoutMs"}.get(method, "at"))
        return _is_number(value) and value > FAR_MS
    if method == "motion.sample":
        at = params.get("at")
        return isinstance(at, list) and len(at) > 1000 or _is_number(at) and at > 2e4 or \
            isinstance(at, list) and any(_is_number(t) and t > 2e4 for t in at)
    return False


def replay_chunks(objs: list, size: int):
    """(start, lines) pieces of at most `size` lines to send at once, a heavy request alone."""
    start = 0
    while start < len(objs):
        end = start
        while end < len(objs) and end - start < size:
            if heavy_request(objs[end]):
                if end == start:
                    end += 1
                break
            end += 1
        yield start, objs[start:end]
        start = end


def unbatch(entries: list[Entry]) -> list[Entry]:
    """`entries` with every batch line replaced by its requests, one line each."""
    out = []
    for entry in entries:
        if not isinstance(entry.obj, list) or not entry.obj or not all(isinstance(o, dict) for o in entry.obj):
            out.append(entry)
            continue
        created = list(entry.created)
        for one in entry.obj:
            single = Entry(one)
            if created and one.get("method") in SESSION_CREATORS | {"events.subscribe"}:
                single.created.append(created.pop(0))
            out.append(single)
    return out


def _named_sessions(obj) -> set:
    out = set()
    for one in obj if isinstance(obj, list) else (obj,):
        params = one.get("params") if isinstance(one, dict) else None
        if isinstance(params, dict) and isinstance(params.get("session"), str):
            out.add(params["session"])
    return out


def session_slices(entries: list[Entry], tail: int = 8):
    """Candidates keeping only the lines of one session (the ones the last `tail` lines name, latest first) and
    of the sessions it was forked from."""
    parent: dict[str, str] = {}
    for entry in entries:
        obj = entry.obj
        if isinstance(obj, dict) and obj.get("method") == "session.fork":
            for created in entry.created:
                parent[created] = (obj.get("params") or {}).get("session")
    seen = []
    for entry in reversed(entries[-tail:]):
        if not isinstance(entry.obj, RawLine):
            for sid in sorted(_named_sessions(entry.obj)):
                if sid not in seen:
                    seen.append(sid)
    for sid in seen[:3]:
        related = set()
        while sid and sid not in related:
            related.add(sid)
            sid = parent.get(sid)
        yield [e for e in entries if not isinstance(e.obj, RawLine)
               and (_named_sessions(e.obj) & related or related & set(e.created))]


# --------------------------------------------------------------------------------------------------------------
# Replaying
# --------------------------------------------------------------------------------------------------------------


def replay_lines(opts, lines: list[bytes], spec: Spec, shapes: StateShapes, verbose: bool = False,
                 sequential: bool = False, created: list | None = None):
    """Sends `lines` to a fresh daemon, in order, with every check of the fuzzer; then stops the daemon, which must
    exit with status 0. The first Failure, or None. Lines are pipelined 64 at a time unless `sequential` (one
    line, then its reply: slower, but a crash is pinned to its line). `created`, when given, receives for every
    line the session and subscription ids its reply handed out (for shrinking a file)."""
    daemon = DaemonProcess(opts.choreod, opts.daemon_args, env=daemon_env()).start()
    wire = Wire(daemon.socket_path, opts.hang_seconds)
    checker = Checker(spec, shapes)
    objs = [line_object(line) for line in lines]
    shutdown = any(isinstance(o, dict) and o.get("method") == "daemon.shutdown" for o in objs)
    try:
        for start, chunk in replay_chunks(objs, 1 if sequential else 64):
            due = sum(expected_replies(o) for o in chunk)
            try:
                replies = iter(wire.exchange(b"".join(lines[start:start + len(chunk)]), due))
            except EOFError:
                if shutdown and daemon.wait_exit(20) == 0:
                    return None
                # The daemon may have run the whole chunk (its replies unsent): the last line is the culprit's bound.
                failure = daemon.death()
                failure.index = start + len(chunk) - 1
                return failure
            except Failure as failure:
                late = unanswered(chunk, getattr(failure, "received", 0))
                failure.signature = f"no reply to {method_name(chunk[late])}"
                failure.index = start + (late if sequential else len(chunk) - 1)
                return failure
            for offset, obj in enumerate(chunk):
                index = start + offset
                try:
                    if created is not None:
                        created.append([])
                    if not expected_replies(obj):
                        check_line(checker, obj, None, index)
                    else:
                        line = next(replies)
                        reply = check_line(checker, obj, line, index)
                        if created is not None:
                            created[-1] = created_ids(obj, reply)
                        if verbose:
                            print(f"{index + 1:>6} <- {line[:160].decode('utf-8', 'replace')}")
                except Failure as failure:
                    failure.index = index
                    return failure
        if shutdown:
            code = daemon.wait_exit(30)
        else:
            try:
                probe = {"jsonrpc": "2.0", "id": "replay-probe", "method": "daemon.info"}
                check_line(checker, probe, wire.exchange(request_line(probe), 1)[0], len(objs))
            except EOFError:
                return daemon.death()
            except Failure as failure:
                return failure
            wire.close()
            code = daemon.stop(30)
        if code is not None and code < 0:
            # Killed by a signal between its last reply and the stop (it answered the probe, then trapped): the
            # same death as one seen mid-run, so a replay's signature does not depend on that race.
            return daemon.death()
        if code != 0:
            return Failure("exit", f"exit status {code} when stopped", daemon.stderr_tail(2000))
        return None
    finally:
        wire.close()
        daemon.cleanup()


def created_ids(obj, reply) -> list:
    """The session and subscription ids a reply to `obj` hands out."""
    out = []
    pairs = zip(obj, reply) if isinstance(obj, list) and isinstance(reply, list) else ((obj, reply),)
    for request, one in pairs:
        result = one.get("result") if isinstance(one, dict) else None
        if not isinstance(result, dict) or not isinstance(request, dict):
            continue
        if request.get("method") in SESSION_CREATORS and isinstance(result.get("session"), str):
            out.append(result["session"])
        elif request.get("method") == "events.subscribe" and isinstance(result.get("subscription"), int):
            out.append(result["subscription"])
    return out


def shrink_main(opts) -> int:
    """--shrink FILE: replays FILE, and while it fails the same way, shrinks it (--shrink-seconds) into
    FILE.min.jsonl."""
    spec = Spec.load(opts.spec)
    lines = read_lines(opts.shrink)
    shapes = StateShapes(describe_apps(opts))
    created: list = []
    failure = replay_lines(opts, lines, spec, shapes, created=created)
    if failure is None:
        print(f"PASS: {opts.shrink} does not fail; nothing to shrink")
        return 0
    print(f"shrinking: {failure.signature} ({len(lines)} lines, up to {opts.shrink_seconds:.0f} s)", flush=True)
    entries = []
    for i, line in enumerate(lines):
        obj = line_object(line)
        # A line our own json.dumps wrote is kept as an object (its ids can be renumbered), any other as it is.
        same = isinstance(obj, (dict, list)) and request_line(obj) == line
        entry = Entry(obj if same else RawLine(line.rstrip(b"\n")))
        entry.created = created[i] if i < len(created) else []
        entries.append(entry)
    upto = failure.index + 1 if failure.index is not None else len(entries)
    shrinker = Shrinker(opts, spec, shapes, failure.signature)
    small = shrinker.shrink(entries[:upto])
    out = re.sub(r"(\.min)?\.jsonl$", "", opts.shrink) + ".min.jsonl"
    write_lines(out, render(small, shrinker.known))
    print(f"{len(lines)} -> {len(small)} lines in {shrinker.elapsed():.0f} s ({shrinker.tests} replays): {out}\n"
          f"replay: python3 scripts/stateful_fuzz.py --replay {out}")
    return 1


def unanswered(objs, received: int) -> int:
    """The position in `objs` of the first line whose reply did not come, `received` replies having come."""
    for i, obj in enumerate(objs):
        received -= expected_replies(obj)
        if received < 0:
            return i
    return len(objs) - 1


def method_name(obj) -> str:
    if isinstance(obj, dict):
        return str(obj.get("method"))
    return "a batch" if isinstance(obj, list) else "a line"


def read_lines(path: str) -> list[bytes]:
    with open(path, "rb") as f:
        return [l if l.endswith(b"\n") else l + b"\n" for l in f.read().splitlines() if l.strip()]


def replay_main(opts) -> int:
    """--replay FILE: PASS (exit 0) or FAIL with the failure and its line (exit 1)."""
    spec = Spec.load(opts.spec)
    lines = read_lines(opts.replay)
    shapes = StateShapes(describe_apps(opts))
    started = time.monotonic()
    failure = replay_lines(opts, lines, spec, shapes, verbose=opts.verbose, sequential=True)
    took = time.monotonic() - started
    if failure is None:
        print(f"PASS: {len(lines)} lines replayed on a fresh daemon in {took:.1f} s; no failure")
        return 0
    where = f" (line {failure.index + 1})" if failure.index is not None and failure.index < len(lines) else ""
    print(f"FAIL: {failure.signature}{where}")
    if failure.detail:
        print("  " + failure.detail.strip()[:1500].replace("\n", "\n  "))
    return 1


def describe_apps(opts) -> dict:
    """app.describe of every app, from a daemon of its own (so the replayed daemon's session ids are untouched)."""
    daemon = DaemonProcess(opts.choreod, opts.daemon_args, env=daemon_env()).start()
    wire = Wire(daemon.socket_path, opts.hang_seconds)
    try:
        out = {}
        info = json.loads(wire.exchange(request_line({"jsonrpc": "2.0", "id": 1, "method": "daemon.info"}), 1)[0])
        names = [a if isinstance(a, str) else a.get("name") for a in (info.get("result") or {}).get("apps", [])]
        for i, app in enumerate(names):
            obj = {"jsonrpc": "2.0", "id": i + 2, "method": "app.describe", "params": {"app": app}}
            out[app] = json.loads(wire.exchange(request_line(obj), 1)[0]).get("result") or {}
        return out
    finally:
        wire.close()
        daemon.cleanup()


# --------------------------------------------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------------------------------------------


def worker_main(opts, job: int, messages):
    """A job's process: runs a Runner, reporting through `messages`."""
    signal.signal(signal.SIGTERM, _exit_on_signal)
    _die_with_parent(signal.SIGTERM)

    def report(message):
        messages.put(message)
    try:
        Runner(opts, job, report).run()
    except Exception as e:  # a bug of the fuzzer itself: say so, loudly
        import traceback
        report({"type": "crash", "job": job, "error": f"{e!r}", "traceback": traceback.format_exc()})
    finally:
        report({"type": "done", "job": job})


class Summary:
    """What the parent gathers from the jobs, and the lines it prints."""

    def __init__(self, opts):
        self.opts = opts
        self.jobs: dict[int, dict] = {}
        self.failures: dict[str, list] = {}
        self.crashes: list = []
        self.started = time.monotonic()

    def absorb(self, message):
        """Takes a job's message: progress, a failure (printed when first seen) or a fuzzer error."""
        kind = message["type"]
        if kind == "progress":
            self.jobs[message["job"]] = message
        elif kind == "failure":
            first = message["signature"] not in self.failures
            found = self.failures.setdefault(message["signature"], [])
            found.append(message)
            # The job that shrank it first: its report leads (another job's may have arrived before it).
            found.sort(key=lambda m: m["note"].startswith("a failure already saved"))
            if first:
                print(f"FAILURE [{message['kind']}] {message['signature']}\n  reproducer: {message['path']} "
                      f"({message['lines']} lines; {message['note']})\n  replay: python3 scripts/stateful_fuzz.py "
                      f"--replay {message['path']}" + (f" --choreod {self.opts.choreod}"), flush=True)
        elif kind == "crash":
            self.crashes.append(message)
            print(f"fuzzer error in job {message['job']}: {message['error']}\n{message['traceback']}", flush=True)

    def totals(self):
        requests = sum(j["requests"] for j in self.jobs.values())
        passed = sum(j["passed"] for j in self.jobs.values())
        failed = sum(j["failed"] for j in self.jobs.values())
        return requests, passed, failed

    def fuzz_rate(self) -> float:
        """Requests per second while fuzzing (shrinking and restarts left out), all jobs together."""
        return sum(j["requests"] / max(j["fuzzing"], 1e-9) for j in self.jobs.values())

    def progress_line(self) -> str:
        requests, passed, failed = self.totals()
        took = time.monotonic() - self.started
        shrinking = sum(1 for j in self.jobs.values() if j.get("phase") == "shrinking")
        return (f"[{took:6.1f} s] {requests:,} requests ({requests / max(took, 1e-9):,.0f}/s; "
                f"{self.fuzz_rate():,.0f}/s fuzzing), cases {passed} passed {failed} failed, "
                f"{len(self.failures)} distinct failures" + (f"; {shrinking} job(s) shrinking" if shrinking else ""))

    def final(self) -> int:
        """Prints the summary; the exit status (1 when a case failed)."""
        requests, passed, failed = self.totals()
        took = time.monotonic() - self.started
        methods: collections.Counter = collections.Counter()
        internal: collections.Counter = collections.Counter()
        for j in self.jobs.values():
            methods.update(j["methods"])
            internal.update(j["internal"])
        print(f"\n{requests:,} requests in {took:.1f} s ({requests / max(took, 1e-9):,.0f}/s; "
              f"{self.fuzz_rate():,.0f}/s while fuzzing, shrinking aside) with {self.opts.jobs} job(s), "
              f"seed {self.opts.seed}")
        print("requests per method:")
        for name, count in sorted(methods.items()):
            print(f"  {name:24} {count:>10,}")
        spec = Spec.load(self.opts.spec)
        never = sorted(set(spec.methods) - set(methods))
        if never:
            print("never sent: " + ", ".join(never))
        if internal:
            print("internal errors (-32603) answered:")
            for sig, count in internal.most_common(20):
                print(f"  {count:>8,} {sig}")
        if self.failures:
            print(f"distinct failures: {len(self.failures)}")
            for sig, found in self.failures.items():
                first = found[0]
                print(f"  [{first['kind']}] {sig}  (x{len(found)})\n    reproducer: {first['path']} "
                      f"({first['lines']} lines; {first['note']})")
                for line in first["head"][:8]:
                    print(f"      {line}")
                print(f"    replay: python3 scripts/stateful_fuzz.py --replay {first['path']}")
        if self.crashes:
            print(f"fuzzer errors: {len(self.crashes)}")
        print(f"{passed} passed, {failed} failed")
        return 1 if failed or self.crashes else 0


def parse_args(argv):
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="stateful_fuzz.py", description=__doc__.split("\n\n")[0],
        epilog="\n\n".join(__doc__.split("\n\n")[1:]), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--choreod", default=os.environ.get("CHOREOD") or os.path.join(".build", "debug", "choreod"),
                        help="the daemon binary (default: $CHOREOD, else .build/debug/choreod)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed: the same seed, the same cases (1)")
    parser.add_argument("--requests", type=int, help="stop after about this many requests in all")
    parser.add_argument("--cases", type=int, help="stop after this many cases in all")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds (default 60 when neither "
                        "--requests nor --cases is given)")
    parser.add_argument("--jobs", type=int, default=1, help="daemons driven at once, one process each (1)")
    parser.add_argument("--out", default=DEFAULT_OUT, help=f"where reproducers go ({DEFAULT_OUT})")
    parser.add_argument("--replay", metavar="FILE", help="send FILE's lines to a fresh daemon and say whether "
                        "it fails (exit status 1) or not (0)")
    parser.add_argument("--shrink", metavar="FILE", help="shrink a reproducer further (for --shrink-seconds) "
                        "into FILE.min.jsonl, while it fails as it does now")
    parser.add_argument("--slow-cases", action="store_true", help="also send what takes minutes on a daemon "
                        "without issue 42's fixes (far jumps over endless animations, undamped springs sampled "
                        "at 1e9 ms under swiftui physics)")
    parser.add_argument("--window", type=int, default=32, help="requests written before their replies are read (32)")
    parser.add_argument("--hang-seconds", type=float, default=30.0, help="a request unanswered this long is a "
                        "hang (30)")
    parser.add_argument("--shrink-seconds", type=float, default=60.0, help="time spent shrinking each new "
                        "failure (60)")
    parser.add_argument("--progress-seconds", type=float, default=5.0, help="how often progress is printed (5)")
    parser.add_argument("--history-limit", type=int, default=200000, help="requests kept since the daemon "
                        "started, for failures that need them (200000)")
    parser.add_argument("--keep-duplicates", action="store_true", help="also save the lines of every failure "
                        "already saved (unshrunk)")
    parser.add_argument("--daemon-arg", action="append", dest="daemon_args", default=None,
                        help="an extra choreod argument (repeatable; default --log-level error)")
    parser.add_argument("--spec", default=DEFAULT_SPEC, help="the OpenRPC document (protocol/openrpc.json)")
    parser.add_argument("--verbose", action="store_true", help="with --replay: print every reply")
    opts = parser.parse_args(argv)
    if opts.daemon_args is None:
        opts.daemon_args = ["--log-level", "error"]
    if opts.requests is None and opts.cases is None and opts.seconds is None and not (opts.replay or opts.shrink):
        opts.seconds = 60.0
    opts.choreod = os.path.abspath(opts.choreod)
    opts.run_id = f"{os.getpid()}-{int(time.time())}"
    opts.jobs = max(1, opts.jobs)
    return opts


def _exit_on_signal(signum, frame):
    """SIGTERM as an exit, so that every daemon started is stopped on the way out."""
    raise SystemExit(128 + signum)


def main(argv=None) -> int:
    """The command: --replay, --shrink, or a run of --jobs processes with progress and a summary."""
    signal.signal(signal.SIGTERM, _exit_on_signal)
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    if not os.path.exists(opts.choreod):
        print(f"choreod not found at {opts.choreod}: build it or pass --choreod / set CHOREOD", file=sys.stderr)
        return 2
    if opts.replay:
        return replay_main(opts)
    if opts.shrink:
        return shrink_main(opts)
    summary = Summary(opts)
    print(f"stateful fuzz: {opts.choreod}, seed {opts.seed}, {opts.jobs} job(s), "
          + ", ".join(f"{k} {v}" for k, v in (("requests", opts.requests), ("cases", opts.cases),
                                                ("seconds", opts.seconds)) if v is not None)
          + (", slow cases" if opts.slow_cases else ""), flush=True)
    context = multiprocessing.get_context("fork")
    messages = context.Queue()
    procs = [context.Process(target=worker_main, args=(opts, job, messages), daemon=True) for job in range(opts.jobs)]
    for p in procs:
        p.start()
    running = len(procs)
    last = time.monotonic()
    try:
        while running:
            try:
                message = messages.get(timeout=0.5)
            except queue.Empty:
                message = None
                if not any(p.is_alive() for p in procs):
                    break
            if message:
                if message["type"] == "done":
                    running -= 1
                else:
                    summary.absorb(message)
            if time.monotonic() - last >= opts.progress_seconds:
                last = time.monotonic()
                print(summary.progress_line(), flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    for p in procs:
        p.join(timeout=5)
    shutil.rmtree(os.path.join(opts.out, f".run-{opts.run_id}"), ignore_errors=True)
    return summary.final()


if __name__ == "__main__":
    sys.exit(main())
