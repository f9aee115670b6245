import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from choreo_harness import CHOREOD, Daemon  # noqa: E402


@pytest.fixture
def daemon():
    if not os.path.exists(CHOREOD):
        pytest.fail(f"choreod binary not found at {CHOREOD}; run `make build` first or set CHOREOD")
    d = Daemon().start()
    yield d
    code = d.stop()
    assert code == 0, f"choreod exited with {code}: {d.proc.stderr.read()}"


@pytest.fixture
def client(daemon):
    c = daemon.client()
    yield c
    c.close()
