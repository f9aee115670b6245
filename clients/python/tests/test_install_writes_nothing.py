"""Installing the client writes nothing into the checkout (issue 46 #4): `pip install ./clients/python` and the
editable install build with flit_core, which leaves no `build/` and no `*.egg-info` beside the sources (setuptools
left both). Installed into a fresh virtual environment from a copy of the package, so the checkout is never touched."""
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1]


def snapshot(root):
    return {str(p.relative_to(root)) for p in root.rglob("*") if "__pycache__" not in p.parts}


@pytest.mark.parametrize("editable", [False, True])
def test_pip_install_writes_nothing_beside_the_sources(tmp_path, editable):
    package = tmp_path / "python"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.egg-info",
                                                                      "build"))
    before = snapshot(package)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    target = ["-e", str(package)] if editable else [str(package)]
    run = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *target],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path,
                         env={**os.environ, "PIP_ROOT_USER_ACTION": "ignore"})
    assert run.returncode == 0, run.stdout + run.stderr
    assert snapshot(package) - before == set(), "the install wrote into the package's folder"
    check = subprocess.run([str(python), "-c", "import choreo, importlib.metadata as m; "
                            "print(m.version('choreo'), sorted(e.name for e in m.entry_points(group='pytest11')))"],
                           capture_output=True, text=True, timeout=60)
    assert check.returncode == 0 and "['choreo']" in check.stdout, check.stdout + check.stderr
