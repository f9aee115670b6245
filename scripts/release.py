#!/usr/bin/env python3
"""Packs a release of Choreo and checks it the way a user installs it (`make release`, issue 46 #7).

Given release builds of `choreod` and `journey` (Swift's runtime linked in: `--static-swift-stdlib`), writes
dist/choreo-VERSION-linux-ARCH.tar.gz holding

    choreo-VERSION/
      bin/choreod, bin/journey
      INSTALL.md                  the steps below, for this version
      README.md, CHANGELOG.md
      protocol/                   the protocol's documents (README, openrpc.json, state.md, behavior.md, …)
      journeys/examples/          the README's example journeys
      clients/python/             the Python client's source, for pip

then checks it: unpacks it into a fresh folder, follows INSTALL.md there (the binaries print the version; a fresh
virtual environment installs the client from the tarball; the daemon starts on a private socket; `journey run`
passes the examples against it; the client's `daemon.info` names the same version and protocol version), and says
what it did. Exit status 0 when the tarball is written and checked, 1 otherwise.

Standard library only.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DOCS = ["README.md", "CHANGELOG.md"]
PROTOCOL = ["README.md", "openrpc.json", "journey.schema.json", "state.md", "behavior.md", "finpessoal.md", "airfit.md",
            "finpessoal-data.md", "adding-an-app.md"]

INSTALL = """# Installing Choreo {version} (protocol {protocol})

This folder is a release of Choreo for Linux ({arch}). `bin/choreod` and `bin/journey` carry Swift's runtime; they
need only jansson's library (and `journey`, curl's), besides the C and C++ runtimes every Linux has:

```sh
sudo apt-get install libjansson4 libcurl4 # Debian and Ubuntu; these shared libraries elsewhere
export PATH="$PWD/bin:$PATH"
choreod --version                         # {version} (protocol {protocol})
choreod &                                 # prints "listening on PATH"
journey run journeys/examples/            # the README's example journeys
python3 -m pip install ./clients/python   # the Python client (import choreo), in a virtual environment
```

`README.md` is the guide, `CHANGELOG.md` says what changed in each version, `protocol/` holds the protocol's
reference (`openrpc.json` is the machine-readable one). To build from source instead, clone the repository at the
tag `v{version}` and run `make install`.
"""


def run(argv, **kwargs):
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kwargs)


def version_of(choreod: str) -> tuple[str, str]:
    text = run([choreod, "--version"]).stdout.strip()
    match = re.fullmatch(r"(\d+\.\d+\.\d+) \(protocol (\d+\.\d+)\)", text)
    if not match:
        sys.exit(f"release: `{choreod} --version` printed {text!r}, not 'X.Y.Z (protocol A.B)'")
    return match.group(1), match.group(2)


def stage(bin_dir: str, folder: str, version: str, protocol: str) -> None:
    arch = platform.machine()
    os.makedirs(os.path.join(folder, "bin"))
    for tool in ("choreod", "journey"):
        shutil.copy2(os.path.join(bin_dir, tool), os.path.join(folder, "bin", tool))
    for doc in DOCS:
        shutil.copy2(os.path.join(ROOT, doc), os.path.join(folder, doc))
    os.makedirs(os.path.join(folder, "protocol"))
    for doc in PROTOCOL:
        shutil.copy2(os.path.join(ROOT, "protocol", doc), os.path.join(folder, "protocol", doc))
    shutil.copytree(os.path.join(ROOT, "journeys", "examples"), os.path.join(folder, "journeys", "examples"))
    shutil.copytree(os.path.join(ROOT, "clients", "python"), os.path.join(folder, "clients", "python"),
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".pytest_cache"))
    with open(os.path.join(folder, "INSTALL.md"), "w") as out:
        out.write(INSTALL.format(version=version, protocol=protocol, arch=arch))


def check(tarball: str, version: str, protocol: str) -> None:
    """Follows INSTALL.md in a fresh folder."""
    with tempfile.TemporaryDirectory(prefix="choreo-release-") as scratch:
        with tarfile.open(tarball) as archive:
            archive.extractall(scratch, filter="data")
        folder = os.path.join(scratch, f"choreo-{version}")
        bin_dir = os.path.join(folder, "bin")
        for tool in ("choreod", "journey"):
            printed = run([os.path.join(bin_dir, tool), "--version"]).stdout.strip()
            if printed != f"{version} (protocol {protocol})":
                sys.exit(f"release: bin/{tool} --version printed {printed!r}")
            libraries = run(["ldd", os.path.join(bin_dir, tool)]).stdout
            if "libswift" in libraries:
                sys.exit(f"release: bin/{tool} needs Swift's runtime installed:\n{libraries}")
        venv = os.path.join(scratch, "venv")
        run([sys.executable, "-m", "venv", venv])
        python = os.path.join(venv, "bin", "python")
        run([python, "-m", "pip", "install", "-q", os.path.join(folder, "clients", "python")], cwd=scratch)
        socket_path = os.path.join(scratch, "run", "choreod.sock")
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), CHOREO_SOCKET=socket_path,
                   XDG_CACHE_HOME=os.path.join(scratch, "cache"))
        daemon = subprocess.Popen(["choreod"], env=env, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True)
        try:
            line = daemon.stdout.readline().strip()
            if not line.startswith("listening on "):
                sys.exit(f"release: choreod did not start: {line!r} {daemon.stderr.read()}")
            journeys = subprocess.run(["journey", "run", "journeys/examples/"], env=env, cwd=folder,
                                      capture_output=True, text=True)
            if journeys.returncode != 0:
                sys.exit(f"release: journey run journeys/examples/ failed:\n{journeys.stdout}{journeys.stderr}")
            probe = ("import choreo, json; info = choreo.Choreo().daemon_info(); "
                     "print(json.dumps([info['version'], info['protocolVersion']]))")
            answered = run([python, "-c", probe], env=env, cwd=scratch).stdout.strip()
            if answered != f'["{version}", "{protocol}"]':
                sys.exit(f"release: the installed client's daemon.info answered {answered}")
            summary = journeys.stdout.strip().splitlines()[-1]
        finally:
            daemon.terminate()
            daemon.wait(timeout=30)
        print(f"release: checked in a fresh folder: both tools print {version} (protocol {protocol}) and need no "
              f"Swift runtime; the client installs from the tarball; journeys/examples: {summary}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folder with release builds of choreod and journey")
    parser.add_argument("--out", default=os.path.join(ROOT, "dist"), help="where the tarball goes (dist/)")
    args = parser.parse_args()
    started = time.monotonic()
    version, protocol = version_of(os.path.join(args.bin, "choreod"))
    name = f"choreo-{version}-linux-{platform.machine()}"
    os.makedirs(args.out, exist_ok=True)
    tarball = os.path.join(args.out, name + ".tar.gz")
    with tempfile.TemporaryDirectory(prefix="choreo-stage-") as scratch:
        folder = os.path.join(scratch, f"choreo-{version}")
        stage(args.bin, folder, version, protocol)
        with tarfile.open(tarball, "w:gz") as archive:
            archive.add(folder, arcname=f"choreo-{version}")
    print(f"release: wrote {os.path.relpath(tarball)} ({os.path.getsize(tarball) / 1e6:.1f} MB)")
    check(tarball, version, protocol)
    print(f"release: {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
