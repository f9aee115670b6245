#!/usr/bin/env python3
"""A suite of 10,000 journeys, one process and sharded (issue 48 #5): what a team's CI would see past one machine.

The suite is generated from the acceptance suite (journeys/: every kind of step, both apps, matrices, includes and
golden traces): copy K of every file goes under copy-K/ with " (copy K)" added to its name, until at least
--journeys journeys (matrix variants counted) would run. Then, against one release choreod:

- one process: `journey run SUITE --jobs 2`;
- N shards: `journey run SUITE --shard K/N --jobs 2`, one after the other, as N machines of a CI matrix would each
  run one (each shard's own wall time is what its machine would take).

Prints the figures and writes them into the JSON file given with --out (Benchmarks/results/big-suite.json by
default). Run by `make bench-big-suite` after `make bench` built the binaries:

    python3 Benchmarks/big_suite.py --bin .build-bench/release [--journeys 10000] [--shards 2]
"""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def log(text):
    print(text, file=sys.stderr, flush=True)


def generate(source, target, wanted, per_copy):
    """Copies the suite under target until `wanted` journeys would run; returns (copies, journeys)."""
    copies = max(1, -(-wanted // per_copy))
    for k in range(1, copies + 1):
        dest = os.path.join(target, f"copy-{k:02d}")
        shutil.copytree(source, dest)
        for folder, _, files in os.walk(dest):
            for name in files:
                if not name.endswith((".yaml", ".yml")):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                renamed = re.sub(r"^(journey:\s*)(.+?)\s*$", lambda m: m.group(1) + copy_name(m.group(2), k), text,
                                 count=1, flags=re.M)
                if renamed != text:
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(renamed)
    return copies, copies * per_copy


def copy_name(name, k):
    """A journey's name (as its file writes it, plain or quoted) with " (copy K)" added inside any quotes."""
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "\"'":
        return f"{name[:-1]} (copy {k}){name[-1]}"
    return f"{name} (copy {k})"


def run_suite(journey, socket, suite, report, *extra):
    """Runs the suite (or a shard of it); wall time in ms and the report's summary."""
    started = time.perf_counter()
    p = subprocess.run([journey, "run", suite, "--socket", socket, "--jobs", "2", "--no-color", "--json", report,
                        *extra], capture_output=True, text=True, timeout=3600)
    wall = (time.perf_counter() - started) * 1000
    if p.returncode != 0:
        raise RuntimeError(f"journey run {' '.join(extra)} failed ({p.returncode}): {p.stderr[-2000:]}")
    with open(report, encoding="utf-8") as f:
        return wall, json.load(f)["summary"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build-bench", "release"),
                    help="folder with the release choreod and journey")
    ap.add_argument("--suite", default=os.path.join(ROOT, "journeys"), help="the suite the copies are made of")
    ap.add_argument("--journeys", type=int, default=10_000, help="at least this many journeys (default 10,000)")
    ap.add_argument("--shards", type=int, default=2, help="how many shards to split it into (default 2)")
    ap.add_argument("--out", default=os.path.join(HERE, "results", "big-suite.json"))
    args = ap.parse_args()
    choreod, journey = os.path.join(args.bin, "choreod"), os.path.join(args.bin, "journey")
    for binary in (choreod, journey):
        if not os.access(binary, os.X_OK):
            sys.exit(f"big_suite.py: {binary} is missing; build it first (make bench builds both)")
    tmp = tempfile.mkdtemp(prefix="choreo-big-suite-")
    daemon = None
    try:
        socket = os.path.join(tmp, "choreod.sock")
        daemon = subprocess.Popen([choreod, "--socket", socket, "--log-level", "error"], stdout=subprocess.PIPE,
                                  text=True)
        daemon.stdout.readline()  # "listening on PATH"
        report = os.path.join(tmp, "report.json")
        # How many journeys one copy holds (matrix variants counted): the suite itself, run once.
        _, one = run_suite(journey, socket, args.suite, report)
        suite = os.path.join(tmp, "suite")
        os.makedirs(suite)
        log(f"generating {args.journeys:,} journeys from {one['total']} …")
        copies, total = generate(args.suite, suite, args.journeys, one["total"])
        log(f"running {total:,} journeys in one process …")
        wall, summary = run_suite(journey, socket, suite, report)
        if summary["failed"]:
            raise RuntimeError(f"{summary['failed']} of the generated journeys failed")
        result = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                  "cores": os.cpu_count(), "copies": copies, "journeys": summary["total"],
                  "one_process": {"wall_ms": wall, "run_ms": summary["wallMs"],
                                  "per_journey_ms": wall / summary["total"]},
                  "shards": []}
        for k in range(1, args.shards + 1):
            log(f"running shard {k}/{args.shards} …")
            wall, summary = run_suite(journey, socket, suite, report, "--shard", f"{k}/{args.shards}")
            result["shards"].append({"shard": f"{k}/{args.shards}", "journeys": summary["total"], "wall_ms": wall,
                                     "per_journey_ms": wall / summary["total"]})
    finally:
        if daemon:
            daemon.terminate()
            daemon.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    o = result["one_process"]
    print(f"{result['journeys']:,} journeys ({copies} copies of the acceptance suite), {result['cores']} cores")
    print(f"  one process, --jobs 2: {o['wall_ms'] / 1000:.1f} s ({o['per_journey_ms']:.2f} ms a journey)")
    for s in result["shards"]:
        print(f"  shard {s['shard']}, --jobs 2: {s['wall_ms'] / 1000:.1f} s for {s['journeys']:,} journeys "
              f"({s['per_journey_ms']:.2f} ms a journey)")


if __name__ == "__main__":
    main()
