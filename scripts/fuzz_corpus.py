#!/usr/bin/env python3
"""Regenerates Fuzz/corpus: the requests the journeys send, as fuzz seeds.

Starts choreod on a private socket, puts a logging proxy in front of it, runs `journey run journeys/` through the
proxy one journey at a time, and writes what each connection sent as seed files of at most 8 KiB (the fuzzers'
max_len), session ids renamed to s1 (the session the harness creates before each input). Identical seeds are kept
once. Usage: python3 scripts/fuzz_corpus.py [--bin .build/debug] [--out Fuzz/corpus]
"""
import argparse
import asyncio
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time

MAX_LEN = 8192


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--out", default="Fuzz/corpus")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="choreo-corpus-")
    real = os.path.join(tmp, "real.sock")
    proxy = os.path.join(tmp, "proxy.sock")
    daemon = subprocess.Popen([os.path.join(args.bin, "choreod"), "--socket", real])
    try:
        for _ in range(200):
            if os.path.exists(real):
                break
            time.sleep(0.05)
        connections: list[bytearray] = []
        asyncio.run(run_proxy(real, proxy, connections, args.bin))
    finally:
        daemon.terminate()
        daemon.wait()
    os.makedirs(args.out, exist_ok=True)
    for name in os.listdir(args.out):
        os.remove(os.path.join(args.out, name))
    seen = set()
    for data in connections:
        for chunk in split(normalize(bytes(data))):
            digest = hashlib.sha1(chunk).hexdigest()[:16]
            if digest in seen:
                continue
            seen.add(digest)
            with open(os.path.join(args.out, f"journey-{digest}"), "wb") as f:
                f.write(chunk)
    print(f"{len(seen)} seeds from {len(connections)} connections in {args.out}")
    return 0


def normalize(data: bytes) -> bytes:
    return re.sub(rb'"session":"s\d+"', b'"session":"s1"', data)


def split(data: bytes):
    """Whole lines, packed into chunks of at most MAX_LEN bytes (longer lines are dropped)."""
    chunk = b""
    for line in data.splitlines(keepends=True):
        if len(line) > MAX_LEN:
            continue
        if len(chunk) + len(line) > MAX_LEN:
            yield chunk
            chunk = b""
        chunk += line
    if chunk:
        yield chunk


async def run_proxy(real: str, proxy: str, connections: list, bin_dir: str) -> None:
    async def handle(reader, writer):
        sent = bytearray()
        connections.append(sent)
        up_reader, up_writer = await asyncio.open_unix_connection(real, limit=1 << 26)

        async def pump(src, dst, log):
            try:
                while data := await src.read(65536):
                    if log is not None:
                        log.extend(data)
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, asyncio.IncompleteReadError):
                pass
            finally:
                try:
                    dst.close()
                except Exception:
                    pass

        await asyncio.gather(pump(reader, up_writer, sent), pump(up_reader, writer, None))

    server = await asyncio.start_unix_server(handle, proxy, limit=1 << 26)
    async with server:
        process = await asyncio.create_subprocess_exec(
            os.path.join(bin_dir, "journey"), "run", "journeys/", "--socket", proxy, "--jobs", "1",
            stdout=asyncio.subprocess.DEVNULL)
        await process.wait()


if __name__ == "__main__":
    sys.exit(main())
