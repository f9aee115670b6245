#!/usr/bin/env python3
"""Instructions per request on the request path (decode -> dispatch -> encode), counted by valgrind's callgrind.

Timings on a shared machine are noisy; instruction counts are not. choreod cannot run under valgrind, so
Benchmarks/InProcess's `choreo-callgrind` drives the same path in process: it sets up the busy session of bench.py's
state group, then handles one request line COUNT times. Each request is run at two counts and the difference in
instructions is divided by the difference in counts, which takes out start-up and set-up.

Usage: python3 Benchmarks/callgrind.py --bin PATH/choreo-callgrind [--out results/callgrind.json] [--label TEXT]
`make callgrind` builds the harness (release) and runs this.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

REQUESTS = ["clock.now", "daemon.info", "state.get", "motion.sample"]
LOW, HIGH = 5, 45


def instructions(binary, request, count):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        # Swift seeds its hashing at random per process, which moves dictionary work by a few thousand
        # instructions from run to run; a fixed seed makes the counts repeatable.
        env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, request,
                            str(count)], capture_output=True, text=True, env=env)
        if p.returncode != 0:
            raise SystemExit(f"choreo-callgrind {request} {count} failed:\n{p.stdout}{p.stderr}")
        m = re.search(r"Collected\s*:\s*(\d+)", p.stderr)
        if not m:
            raise SystemExit(f"no instruction count in valgrind's output:\n{p.stderr[-2000:]}")
        return int(m.group(1)), json.loads(p.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True, help="the choreo-callgrind binary (release)")
    parser.add_argument("--out", help="append the figures to this JSON file (a list of runs)")
    parser.add_argument("--label", default="", help="what this run measures (e.g. a commit)")
    args = parser.parse_args()
    rows = {}
    for request in REQUESTS:
        low, _ = instructions(args.bin, request, LOW)
        high, info = instructions(args.bin, request, HIGH)
        per = (high - low) / (HIGH - LOW)
        rows[request] = {"instructions": round(per), "replyBytes": info["replyBytes"],
                         "perReplyByte": round(per / max(info["replyBytes"], 1), 1)}
        print(f"{request:14} {per:>12,.0f} instructions per request  ({info['replyBytes']:,} B reply, "
              f"{per / max(info['replyBytes'], 1):,.1f} per byte)", flush=True)
    if args.out:
        runs = json.load(open(args.out)) if os.path.exists(args.out) else []
        runs.append({"label": args.label, "requests": rows})
        with open(args.out, "w") as f:
            json.dump(runs, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
