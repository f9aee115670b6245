#!/usr/bin/env python3
"""Runs every code block of the user docs, so an example in a README cannot rot.

Each fenced block must say what it is with its language tag, and the line before it (an HTML comment, invisible
on GitHub) may say how it is checked:

| block | checked by |
| --- | --- |
| ```yaml, ```swift | `<!-- file: PATH -->` before it: the block is the whole of that file, byte for byte. Journey files
|                   | under journeys/ are run by `make test` with the others; Swift files are compiled and run by `swift test`. |
| ```sh | run with bash -eo pipefail against a choreod that already has two sessions, on the default socket of a
|       | temporary `$XDG_RUNTIME_DIR` (`$CHOREO_SOCKET` unset, `.build/debug` on `PATH`), in a scratch directory
|       | holding `journeys/` (a copy of journeys/examples), `clients/` and `.build/`. Comment lines `# {...}` are the
|       | JSON lines the commands must print, in order, compared as transcripts' replies are (`"s…"` elides). |
| ```python | run against such a choreod (`CHOREOD`, `$XDG_RUNTIME_DIR`, the client on `PYTHONPATH`). With
|           | `<!-- run with: client, s -->` it gets `client` (connected) and `s` (a new session) already made;
|           | with `<!-- run: pytest -->` it is a test module run by pytest with the choreo plugin. |
| ```json | every JSON text must parse; the requests among them (objects with `method` and `id`) are sent in order on
|         | one connection to a fresh choreod and none may answer an error. A block that shows replies says which
|         | requests they answer with `<!-- reply to: REQUEST ... -->` (below); a JSON-RPC reply or notification
|         | (an object with `jsonrpc` that is not a request) shown without it fails. |
| ```text | not run, except a transcript: lines `-> {request}` are sent, and the `<- {reply}` lines after each must be
|         | what the daemon answers to it (the last ones it wrote: its reply, after any notifications it caused). A
|         | reply may go on over the next lines. One holding `…` is compared as far as it shows: `…` as an object's
|         | member or an array's element stands for the ones left out, as a value for any value, inside a string for
|         | characters, before or after the whole value for the rest of the reply (looked for anywhere in it); whatever
|         | it shows must be what the daemon answered (keys, JSON types and values), and an object or array without
|         | `…` must have all of the daemon's members or elements. |

`<!-- reply to: REQUEST ... -->` (one line or several) before a ```json block: each REQUEST is a JSON object with
`method` and `params` (`jsonrpc` and `id` are filled in when absent), sent in order on one connection to a fresh
choreod, so sessions are `s1`, `s2`, … in creation order. The block's JSON texts are the answers to the last
requests, one each, in order, and each is compared with what the daemon answered by keys and JSON types (values
may differ: a prose example need not be exact): every object must have the same keys, recursively, and every value
the same type (string, number, boolean, null, object, array; each shown array element against the daemon's at the
same index). A JSON-RPC envelope (`jsonrpc`) is compared with the whole reply line, a notification (`method`, no
`id`) with one the daemon pushed meanwhile, an object with `code` and `message` only with the reply's `error`,
anything else with its `result`. A renamed or missing field therefore fails.

`<!-- not run: REASON -->` before a block skips it; the reason is printed. Exit 0 when every block passes, 1 when
one fails, 2 on bad usage.

Usage: python3 scripts/check_docs.py [--list] [FILE.md ...]   (default: the user docs listed in DOCS)
Binaries: $CHOREOD and $JOURNEY, else .build/debug/ of this checkout.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = ["README.md", "protocol/README.md", "protocol/finpessoal.md", "protocol/airfit.md",
        "protocol/adding-an-app.md", "protocol/finpessoal-data.md", "clients/python/README.md"]
CHOREOD = os.path.abspath(os.environ.get("CHOREOD", os.path.join(ROOT, ".build/debug/choreod")))
JOURNEY = os.path.abspath(os.environ.get("JOURNEY", os.path.join(ROOT, ".build/debug/journey")))
FENCE = re.compile(r"^```(\S*)\s*$")
DIRECTIVE = re.compile(r"^<!--\s*(file|not run|run with|run|reply to):\s*(.*?)\s*-->$", re.S)
ELLIPSIS = "…"


class Block:
    """One fenced block: where it is, its language, its directive and its text."""

    def __init__(self, path, line, lang, directive, text):
        self.path, self.line, self.lang, self.directive, self.text = path, line, lang, directive, text

    def where(self):
        return f"{os.path.relpath(self.path, ROOT)}:{self.line}"


def blocks(path):
    """The fenced blocks of a Markdown file, in order."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, lang = i, m.group(1)
        j = i + 1
        while j < len(lines) and lines[j] != "```":
            j += 1
        if j == len(lines):
            raise SystemExit(f"{path}:{start + 1}: a code block is never closed")
        k = start - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        comment = lines[k].strip() if k >= 0 else ""
        if comment.endswith("-->") and "<!--" not in comment:  # a directive over several lines
            first = k
            while first > 0 and "<!--" not in lines[first]:
                first -= 1
            comment = " ".join(line.strip() for line in lines[first:k + 1])
        d = DIRECTIVE.match(comment)
        directive = (d.group(1), d.group(2)) if d else None
        found.append(Block(path, start + 1, lang, directive, "\n".join(lines[start + 1:j]) + "\n"))
        i = j + 1
    return found


class Daemon:
    """A choreod on the default socket of a temporary $XDG_RUNTIME_DIR (so examples that compute the path by the
    daemon's rules are checked with that variable set, and without $CHOREO_SOCKET). Shell and Python blocks get one
    that already has two sessions (`sessions=2`), so an example that assumes it creates `s1` fails; transcripts,
    which show a fresh daemon's exact answers, get a fresh one."""

    def __init__(self, sessions=0):
        self.sessions = sessions

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="choreo-docs-")
        self.socket = os.path.join(self.dir, "choreo", "choreod.sock")
        self.proc = subprocess.Popen([CHOREOD, "--socket", self.socket, "--log-level", "error"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().strip()
        if line != f"listening on {self.socket}":
            self.proc.kill()
            raise RuntimeError(f"choreod did not start: {line!r} {self.proc.stderr.read()}")
        for _ in range(self.sessions):
            exchange(self.socket, [json.dumps({"jsonrpc": "2.0", "id": 1, "method": "session.create"})])
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait(timeout=20)
        shutil.rmtree(self.dir, ignore_errors=True)

    def env(self):
        env = dict(os.environ)
        env.pop("CHOREO_SOCKET", None)
        env.update(XDG_RUNTIME_DIR=self.dir, CHOREOD=CHOREOD, JOURNEY=JOURNEY,
                   PATH=os.path.dirname(CHOREOD) + os.pathsep + os.path.dirname(JOURNEY) + os.pathsep + env["PATH"],
                   PYTHONPATH=os.path.join(ROOT, "clients/python/src") + os.pathsep + env.get("PYTHONPATH", ""),
                   PIP_ROOT_USER_ACTION="ignore")
        return env


def is_notification(value):
    return isinstance(value, dict) and "method" in value and "id" not in value


def converse(socket_path, requests):
    """Sends each request line on one connection; for each, the lines the daemon wrote until its reply: the
    notifications it pushed meanwhile, then the reply (none for a request without an id)."""
    import socket as sockets
    s = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    s.settimeout(20)
    s.connect(socket_path)
    answers, buffer = [], b""
    try:
        for request in requests:
            s.sendall(request.encode() + b"\n")
            lines = []
            try:
                expects_reply = not is_notification(json.loads(request))
            except json.JSONDecodeError:
                expects_reply = True  # the daemon answers -32700
            while expects_reply:
                while b"\n" not in buffer:
                    chunk = s.recv(65536)
                    if not chunk:
                        raise RuntimeError("the daemon closed the connection")
                    buffer += chunk
                line, buffer = buffer.split(b"\n", 1)
                lines.append(line.decode())
                expects_reply = is_notification(json.loads(lines[-1]))
            answers.append(lines)
    finally:
        s.close()
    return answers


def exchange(socket_path, requests):
    """Sends each request line on one connection and returns the reply lines, in order."""
    return [lines[-1] if lines else None for lines in converse(socket_path, requests)]


def run(cmd, env, cwd, timeout=300):
    """Runs a command in its own process group, which is killed afterwards (a block may start a daemon with `&`,
    which keeps no pipe open: output goes to files); returns (ok, stdout, stderr)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=out, stderr=err, text=True, start_new_session=True)
        try:
            p.wait(timeout=timeout)
        finally:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            if p.poll() is None:
                p.kill()
                p.wait()
        out.seek(0)
        err.seek(0)
        return p.returncode == 0, out.read(), err.read()


def check_file(block):
    kind, arg = block.directive or (None, None)
    if kind != "file":
        return f"a ```{block.lang} block must show a file of the repository: put <!-- file: PATH --> on the line " \
               f"before it (and the file under journeys/examples/ or a test target), or <!-- not run: REASON -->"
    path = os.path.join(ROOT, arg)
    if not os.path.isfile(path):
        return f"{arg} does not exist"
    if open(path, encoding="utf-8").read() != block.text:
        return f"the block differs from {arg}: copy the file into the block (or the block into the file)"
    return None


def scratch():
    """A scratch directory with journeys/ (a copy of journeys/examples), clients/ and .build/ of the checkout."""
    d = tempfile.mkdtemp(prefix="choreo-docs-cwd-")
    shutil.copytree(os.path.join(ROOT, "journeys/examples"), os.path.join(d, "journeys"))
    os.symlink(os.path.join(ROOT, "clients"), os.path.join(d, "clients"))
    os.symlink(os.path.join(ROOT, ".build"), os.path.join(d, ".build"))
    return d


def check_sh(block):
    expected = [line.strip()[2:] for line in block.text.split("\n") if line.strip().startswith("# {")]
    cwd = scratch()
    try:
        with Daemon(sessions=2) as daemon:
            ok, out, err = run(["bash", "-eo", "pipefail", "-c", block.text], daemon.env(), cwd)
    finally:
        shutil.rmtree(cwd, ignore_errors=True)
    if not ok:
        return f"the commands failed:\n{out[-2000:]}{err[-2000:]}"
    if expected:
        printed = [line for line in out.split("\n") if line.startswith("{")]
        if len(printed) != len(expected):
            return f"the commands printed {printed}, the block says {expected}"
        for shown, line in zip(expected, printed):
            problem = compare_shown(shown, line)
            if problem:
                return f"the commands printed {line}, the block says {shown}: {problem}"
    return None


def check_python(block):
    kind, arg = block.directive or (None, None)
    with Daemon(sessions=2) as daemon, tempfile.TemporaryDirectory(prefix="choreo-docs-py-") as d:
        env = daemon.env()
        if kind == "run" and arg == "pytest":
            path = os.path.join(d, "test_doc_block.py")
            open(path, "w").write(block.text)
            cmd = [sys.executable, "-m", "pytest", "-q", "-p", "choreo.pytest_plugin", "--choreo-socket",
                   daemon.socket, path]
            env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # the plugin once, from this checkout, installed or not
        else:
            setup = ""
            if kind == "run with":
                names = {n.strip() for n in arg.split(",")}
                unknown = names - {"client", "s"}
                if unknown:
                    return f"run with: knows client and s, not {sorted(unknown)}"
                setup = "from choreo import Choreo\nclient = Choreo.connect()\n"
                if "s" in names:
                    setup += "s = client.session()\n"
            path = os.path.join(d, "doc_block.py")
            open(path, "w").write(setup + block.text)
            cmd = [sys.executable, path]
        ok, out, err = run(cmd, env, d)
    return None if ok else f"the example failed:\n{out[-2000:]}{err[-3000:]}"


def json_texts(text):
    decoder, values, i = json.JSONDecoder(), [], 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return values
        value, i = decoder.raw_decode(text, i)
        values.append(value)


class Shown(dict):
    """An object as a doc shows it; `elided` when a `…` stands for members left out."""
    elided = False


class ShownList(list):
    """An array as a doc shows it; `elided` when a `…` stands for elements left out."""
    elided = False


ANYTHING = object()  # a `…` where a value goes


class ElidedJSON:
    """Reads a reply as a doc shows it: JSON, with `…` for members, elements, characters or the rest of the reply
    left out. `parse()` answers (value, fragment): a fragment is a value shown with `…` before or after it, to be
    looked for anywhere in the reply."""

    NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")

    def __init__(self, text):
        self.text, self.i = text, 0

    def fail(self, what):
        raise ValueError(f"{what} at character {self.i} of the shown reply: {self.text[self.i:self.i + 40]!r}")

    def skip(self):
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def take(self, token):
        self.skip()
        if self.text.startswith(token, self.i):
            self.i += len(token)
            return True
        return False

    def parse(self):
        before = self.take(ELLIPSIS)
        value = self.value()
        after = self.take(ELLIPSIS)
        self.skip()
        if self.i != len(self.text):
            self.fail("unexpected text")
        return value, before or after

    def value(self):
        self.skip()
        if self.take("{"):
            return self.members()
        if self.take("["):
            return self.elements()
        if self.take(ELLIPSIS):
            return ANYTHING
        if self.text.startswith('"', self.i):
            value, self.i = json.decoder.scanstring(self.text, self.i + 1)
            return value
        for literal, value in (("true", True), ("false", False), ("null", None)):
            if self.take(literal):
                return value
        m = self.NUMBER.match(self.text, self.i)
        if not m:
            self.fail("expected a value")
        self.i = m.end()
        return json.loads(m.group())

    def members(self):
        shown = Shown()
        while not self.take("}"):
            if self.take(ELLIPSIS):
                shown.elided = True
            else:
                self.skip()
                if not self.text.startswith('"', self.i):
                    self.fail("expected a key")
                key, self.i = json.decoder.scanstring(self.text, self.i + 1)
                if not self.take(":"):
                    self.fail("expected ':'")
                shown[key] = self.value()
            if not self.take(","):
                self.skip()
                if not self.text.startswith("}", self.i):
                    self.fail("expected ',' or '}'")
        return shown

    def elements(self):
        shown = ShownList()
        while not self.take("]"):
            if self.take(ELLIPSIS):
                shown.elided = True
            else:
                shown.append(self.value())
            if not self.take(","):
                self.skip()
                if not self.text.startswith("]", self.i):
                    self.fail("expected ',' or ']'")
        return shown


def json_type(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def brief(value, limit=80):
    text = json.dumps(value, ensure_ascii=False, default=lambda _: ELLIPSIS) if value is not ANYTHING else ELLIPSIS
    return text if len(text) <= limit else text[:limit - 1] + ELLIPSIS


def clip(text, limit=400):
    return text if len(text) <= limit else text[:limit - 1] + ELLIPSIS


def mismatch(shown, actual, exact, path=""):
    """None when `actual` (what the daemon answered) is what the doc shows, else where and how they differ. Always
    compared: the keys of every object (all of the daemon's unless the doc marks some left out with `…`) and the
    JSON type of every value; with `exact`, the values too (a `…` in a string stands for any characters)."""
    where = path or "the reply"
    if shown is ANYTHING:
        return None
    kind, got = json_type(shown), json_type(actual)
    if kind != got:
        return f"{where}: the doc shows {kind} {brief(shown)}, the daemon answered {got} {brief(actual)}"
    if kind == "object":
        missing = [k for k in shown if k not in actual]
        if missing:
            return f"{where}: the daemon's object has no {', '.join(missing)} (its keys: {', '.join(sorted(actual))})"
        extra = sorted(set(actual) - set(shown))
        if extra and not getattr(shown, "elided", False):
            return f"{where}: the doc's object lacks {', '.join(extra)}, which the daemon answered" + \
                (" (mark members left out with …)" if exact else "")
        for key in shown:
            problem = mismatch(shown[key], actual[key], exact, f"{path}.{key}" if path else key)
            if problem:
                return problem
        return None
    if kind == "array":
        if getattr(shown, "elided", False):
            j = 0
            for n, item in enumerate(shown):
                nearest, shared = None, -1
                while j < len(actual):
                    problem = mismatch(item, actual[j], exact, f"{path}.{j}" if path else str(j))
                    j += 1
                    if problem is None:
                        break
                    score = len(set(item) & set(actual[j - 1])) if isinstance(actual[j - 1], dict) and \
                        isinstance(item, dict) else 0
                    if score > shared:
                        nearest, shared = problem, score
                else:
                    return f"{where}: no element of the daemon's array matches the doc's element {n} " \
                           f"{brief(item)} in order" + (f"; nearest: {nearest}" if nearest else "")
            return None
        if len(actual) < len(shown) or (exact and len(actual) != len(shown)):
            return f"{where}: the doc shows {len(shown)} elements, the daemon answered {len(actual)}" + \
                (" (mark elements left out with …)" if exact and len(actual) > len(shown) else "")
        for n, item in enumerate(shown):
            problem = mismatch(item, actual[n], exact, f"{path}.{n}" if path else str(n))
            if problem:
                return problem
        return None
    if not exact:
        return None
    if kind == "string" and ELLIPSIS in shown:
        pattern = ".*".join(re.escape(part) for part in shown.split(ELLIPSIS))
        same = re.fullmatch(pattern, actual, re.S) is not None
    else:
        same = shown == actual
    return None if same else f"{where}: the doc shows {brief(shown)}, the daemon answered {brief(actual)}"


def nodes(value, path=""):
    """Every object and array in a reply, with its path, the reply first."""
    if isinstance(value, (dict, list)):
        yield path, value
        for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
            yield from nodes(item, f"{path}.{key}" if path else str(key))


def fragment_mismatch(shown, actual):
    """None when some object or array in `actual` is what the fragment shows, else the nearest candidate's
    difference (the one sharing most keys)."""
    best, best_score = None, -1
    for path, node in nodes(actual):
        problem = mismatch(shown, node, True, path)
        if problem is None:
            return None
        if json_type(node) == json_type(shown):
            score = len(set(shown) & set(node)) if isinstance(node, dict) else 0
            if score > best_score:
                best, best_score = problem, score
    return "no part of the reply is what the doc shows" + (f"; nearest: {best}" if best else "")


def compare_shown(text, actual_line):
    """A reply line as a transcript shows it against the one the daemon wrote: exact, except where `…` elides."""
    actual = json.loads(actual_line)
    if ELLIPSIS not in text:
        return mismatch(json.loads(text), actual, True)
    shown, fragment = ElidedJSON(text).parse()
    return fragment_mismatch(shown, actual) if fragment else mismatch(shown, actual, True)


def is_request(value):
    return isinstance(value, dict) and "method" in value and "id" in value


def check_json(block):
    try:
        values = json_texts(block.text)
    except json.JSONDecodeError as e:
        return f"not JSON: {e}"
    kind, arg = block.directive or (None, None)
    if kind == "reply to":
        return check_replies(values, arg)
    shown = [v for v in values if isinstance(v, dict) and "jsonrpc" in v and not is_request(v)]
    if shown:
        return f"{brief(shown[0])} is a reply or a notification: say which requests it answers with " \
               f"<!-- reply to: {{\"method\": ..., \"params\": ...}} ... --> before the block"
    requests = [json.dumps(v) for v in values if is_request(v)]
    if not requests:
        return None
    with Daemon() as daemon:
        replies = exchange(daemon.socket, requests)
    for request, reply in zip(requests, replies):
        if "error" in json.loads(reply):
            return f"{request}\n  answered an error: {reply}"
    return None


def check_replies(values, arg):
    """A block of replies (`<!-- reply to: REQUEST ... -->`) against the daemon's answers, by keys and types."""
    try:
        requests = json_texts(arg)
    except json.JSONDecodeError as e:
        return f"reply to: the requests are not JSON: {e}"
    if not requests or not all(isinstance(r, dict) and "method" in r for r in requests):
        return "reply to: give the requests as JSON objects with method and params"
    for n, request in enumerate(requests, 1):
        request.setdefault("jsonrpc", "2.0")
        request.setdefault("id", n)
    notifications = [v for v in values if is_notification(v)]
    answers = [v for v in values if not is_notification(v)]
    if len(answers) > len(requests):
        return f"the block shows {len(answers)} replies to {len(requests)} requests"
    with Daemon() as daemon:
        lines = converse(daemon.socket, [json.dumps(r) for r in requests])
    pushed = [json.loads(line) for answer in lines for line in answer if is_notification(json.loads(line))]
    for shown in notifications:
        same = [n for n in pushed if n.get("method") == shown["method"]]
        if not same:
            return f"{brief(shown)}: the daemon pushed no {shown['method']} notification"
        problems = [mismatch(shown, n, False) for n in same]
        if all(problems):
            return f"{brief(shown)}: no {shown['method']} notification has its shape: {problems[0]}"
    for shown, request, answer in zip(answers, requests[len(requests) - len(answers):],
                                      lines[len(lines) - len(answers):]):
        if not answer:
            return f"{json.dumps(request)} got no reply (give it an id)"
        reply = json.loads(answer[-1])
        if isinstance(shown, dict) and "jsonrpc" in shown:
            actual, what = reply, "reply"
        elif isinstance(shown, dict) and {"code", "message"} <= set(shown) <= {"code", "message", "data"}:
            actual, what = reply.get("error"), "error"
            if actual is None:
                return f"{json.dumps(request)}\n  the block shows an error, the daemon answered {answer[-1]}"
        else:
            actual, what = reply.get("result"), "result"
            if "error" in reply:
                return f"{json.dumps(request)}\n  the block shows a result, the daemon answered {answer[-1]}"
        problem = mismatch(shown, actual, False, "" if what == "reply" else what)
        if problem:
            return f"{json.dumps(request)}\n  {problem}\n  the daemon said <- {clip(answer[-1])}"
    return None


def check_text(block):
    lines = block.text.rstrip("\n").split("\n")
    if not any(line.startswith("-> ") for line in lines):
        return None
    pairs, current = [], None  # [request, [shown replies]]
    for line in lines:
        if line.startswith("-> "):
            current = [line[3:], []]
            pairs.append(current)
        elif line.startswith("<- ") and current is not None:
            current[1].append(line[3:])
        elif line.strip() and current is not None:  # a long line goes on, indented
            if current[1]:
                current[1][-1] += " " + line.strip()
            else:
                current[0] += " " + line.strip()
    with Daemon() as daemon:
        answers = converse(daemon.socket, [request for request, _ in pairs])
    for (request, shown), answer in zip(pairs, answers):
        if len(shown) > len(answer):
            return f"-> {request}\n  the block shows {len(shown)} lines, the daemon wrote {len(answer)}: {answer}"
        for text, actual in zip(shown, answer[len(answer) - len(shown):]):
            try:
                problem = compare_shown(text, actual)
            except (ValueError, json.JSONDecodeError) as e:
                return f"-> {request}\n  the reply as shown cannot be read: {e}"
            if problem:
                return f"-> {request}\n  {problem}\n  the block says <- {clip(text)}\n" \
                       f"  the daemon said <- {clip(actual)}"
    return None


CHECKS = {"yaml": check_file, "swift": check_file, "sh": check_sh, "python": check_python, "json": check_json,
          "text": check_text}


def main(argv):
    listing = "--list" in argv
    files = [a for a in argv if a != "--list"] or [os.path.join(ROOT, d) for d in DOCS if
                                                   os.path.exists(os.path.join(ROOT, d))]
    for tool in (CHOREOD, JOURNEY):
        if not os.access(tool, os.X_OK):
            print(f"{tool} is missing: run `make build` first, or set CHOREOD and JOURNEY", file=sys.stderr)
            return 2
    failures = passed = skipped = 0
    for path in files:
        for block in blocks(path):
            started = time.monotonic()
            if block.directive and block.directive[0] == "not run":
                skipped += 1
                print(f"skip {block.where()} ```{block.lang}: {block.directive[1]}")
                continue
            if block.lang not in CHECKS:
                problem = f"say what the block is: ```{'|```'.join(CHECKS)} (```text for output and diagrams)"
            elif listing:
                print(f"     {block.where()} ```{block.lang}")
                continue
            else:
                try:
                    problem = CHECKS[block.lang](block)
                except Exception as e:  # a block that cannot even be tried is a failure, with its reason
                    problem = f"{type(e).__name__}: {e}"
            ms = (time.monotonic() - started) * 1000
            if problem:
                failures += 1
                print(f"FAIL {block.where()} ```{block.lang}: {problem}")
            else:
                passed += 1
                print(f"ok   {block.where()} ```{block.lang} ({ms:.0f} ms)")
    print(f"{passed} passed, {failures} failed, {skipped} not run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
