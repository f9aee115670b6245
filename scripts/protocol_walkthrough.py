#!/usr/bin/env python3
"""Prints the raw-lines walk-through of protocol/README.md by running it against a real choreod.

Usage: python3 scripts/protocol_walkthrough.py [path/to/choreod]   (default: .build/debug/choreod)
The end-to-end suite runs it and checks that the README shows exactly these lines.
"""
import json
import os
import socket
import subprocess
import sys
import tempfile

REQUESTS = [
    ("session.create", {"physics": "ideal"}),
    ("motion.sample", {"curve": {"easeInOut": {"duration": 0.4}}, "at": [0, 200, 400], "physics": "ideal"}),
    ("lab.animate", {"session": "s1", "name": "x", "from": 0, "to": 100,
                     "curve": {"spring": {"response": 0.4, "dampingFraction": 0.8}}}),
    ("lab.timer", {"session": "s1", "name": "ding", "afterMs": 150, "haptic": "success"}),
    ("clock.advance", {"session": "s1", "ms": 200}),
    ("state.get", {"session": "s1", "path": "lab.values.x"}),
    ("haptics.list", {"session": "s1"}),
    ("trace.get", {"session": "s1", "kinds": ["action", "timer", "haptic"]}),
    ("session.close", {"session": "s1"}),
]


def walkthrough(choreod):
    folder = tempfile.mkdtemp(prefix="choreo-walk-")
    path = os.path.join(folder, "d.sock")
    proc = subprocess.Popen([choreod, "--socket", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout.readline().startswith("listening on ")
        sock = socket.socket(socket.AF_UNIX)
        sock.connect(path)
        reader = sock.makefile("rb")
        lines = []
        for number, (method, params) in enumerate(REQUESTS, start=1):
            request = json.dumps({"jsonrpc": "2.0", "id": number, "method": method, "params": params},
                                 separators=(",", ":"))
            sock.sendall(request.encode() + b"\n")
            lines.append("-> " + request)
            lines.append("<- " + reader.readline().decode().rstrip("\n"))
        sock.close()
        return lines
    finally:
        proc.terminate()
        proc.wait(timeout=20)


if __name__ == "__main__":
    print("\n".join(walkthrough(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/choreod")))
