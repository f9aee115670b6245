#!/usr/bin/env python3
"""Runs every code block of the user docs, so an example in a README cannot rot.

Each fenced block must say what it is with its language tag, and the line before it (an HTML comment, invisible
on GitHub) may say how it is checked:

| block | checked by |
| --- | --- |
| ```yaml, ```swift | `<!-- file: PATH -->` before it: the block is the whole of that file, byte for byte. Journey files
|                   | under journeys/ are run by `make test` with the others; Swift files are compiled and run by `swift test`. |
| ```sh | run with bash -eo pipefail against a fresh choreod (`$CHOREO_SOCKET` set, `.build/debug` on `PATH`), in a
|       | scratch directory holding `journeys/` (a copy of journeys/examples), `clients/` and `.build/`. Comment lines
|       | `# {...}` are the JSON lines the commands must print, in order. |
| ```python | run against a fresh choreod (`CHOREOD`, `CHOREO_SOCKET`, the client on `PYTHONPATH`). With
|           | `<!-- run with: client, s -->` it gets `client` (connected) and `s` (a new session) already made;
|           | with `<!-- run: pytest -->` it is a test module run by pytest with the choreo plugin. |
| ```json | every JSON text must parse; the requests among them (objects with `method` and `id`) are sent in order on
|         | one connection to a fresh choreod and none may answer an error. |
| ```text | not run, except a transcript: lines `-> {request}` are sent, and the `<- {reply}` after each must be what
|         | the daemon answers (a reply line holding `…` is elided and only parsed as far as it goes). |

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
DIRECTIVE = re.compile(r"^<!--\s*(file|not run|run with|run):\s*(.*?)\s*-->\s*$")


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
        d = DIRECTIVE.match(lines[k]) if k >= 0 else None
        directive = (d.group(1), d.group(2)) if d else None
        found.append(Block(path, start + 1, lang, directive, "\n".join(lines[start + 1:j]) + "\n"))
        i = j + 1
    return found


class Daemon:
    """A fresh choreod on a temporary socket."""

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="choreo-docs-")
        self.socket = os.path.join(self.dir, "d.sock")
        self.proc = subprocess.Popen([CHOREOD, "--socket", self.socket, "--log-level", "error"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().strip()
        if line != f"listening on {self.socket}":
            self.proc.kill()
            raise RuntimeError(f"choreod did not start: {line!r} {self.proc.stderr.read()}")
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait(timeout=20)
        shutil.rmtree(self.dir, ignore_errors=True)

    def env(self):
        env = dict(os.environ)
        env.update(CHOREO_SOCKET=self.socket, CHOREOD=CHOREOD, JOURNEY=JOURNEY,
                   PATH=os.path.dirname(CHOREOD) + os.pathsep + os.path.dirname(JOURNEY) + os.pathsep + env["PATH"],
                   PYTHONPATH=os.path.join(ROOT, "clients/python/src") + os.pathsep + env.get("PYTHONPATH", ""),
                   PIP_ROOT_USER_ACTION="ignore")
        return env


def exchange(socket_path, requests):
    """Sends each request line on one connection and returns the reply lines, in order."""
    import socket as sockets
    s = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    s.settimeout(20)
    s.connect(socket_path)
    replies, buffer = [], b""
    try:
        for request in requests:
            s.sendall(request.encode() + b"\n")
            while b"\n" not in buffer:
                chunk = s.recv(65536)
                if not chunk:
                    raise RuntimeError("the daemon closed the connection")
                buffer += chunk
            line, buffer = buffer.split(b"\n", 1)
            replies.append(line.decode())
    finally:
        s.close()
    return replies


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
    expected = [json.loads(line.strip()[2:]) for line in block.text.split("\n") if line.strip().startswith("# {")]
    cwd = scratch()
    try:
        with Daemon() as daemon:
            ok, out, err = run(["bash", "-eo", "pipefail", "-c", block.text], daemon.env(), cwd)
    finally:
        shutil.rmtree(cwd, ignore_errors=True)
    if not ok:
        return f"the commands failed:\n{out[-2000:]}{err[-2000:]}"
    if expected:
        printed = [json.loads(line) for line in out.split("\n") if line.startswith("{")]
        if printed != expected:
            return f"the commands printed {printed}, the block says {expected}"
    return None


def check_python(block):
    kind, arg = block.directive or (None, None)
    with Daemon() as daemon, tempfile.TemporaryDirectory(prefix="choreo-docs-py-") as d:
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


def check_json(block):
    try:
        values = json_texts(block.text)
    except json.JSONDecodeError as e:
        return f"not JSON: {e}"
    requests = [json.dumps(v) for v in values if isinstance(v, dict) and "method" in v and "id" in v]
    if not requests:
        return None
    with Daemon() as daemon:
        replies = exchange(daemon.socket, requests)
    for request, reply in zip(requests, replies):
        if "error" in json.loads(reply):
            return f"{request}\n  answered an error: {reply}"
    return None


def check_text(block):
    lines = block.text.rstrip("\n").split("\n")
    if not any(line.startswith("-> ") for line in lines):
        return None
    pairs, current = [], None
    for line in lines:
        if line.startswith("-> "):
            current = [line[3:], None]
            pairs.append(current)
        elif line.startswith("<- ") and current is not None:
            current[1] = line[3:]
    with Daemon() as daemon:
        replies = exchange(daemon.socket, [request for request, _ in pairs])
    for (request, expected), actual in zip(pairs, replies):
        if expected is None or "…" in expected:
            continue
        if json.loads(expected) != json.loads(actual):
            return f"-> {request}\n  the block says <- {expected}\n  the daemon said <- {actual}"
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
