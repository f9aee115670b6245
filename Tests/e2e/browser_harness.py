"""Headless Chromium for the tests that look at pages and pictures (the HTML report, the film's flip-book, the
screen goldens): where it is, and how it is run. Debian package `chromium-headless-shell` (binary
`chromium-headless-shell`); `chromium --headless` works too. Without one the browser tests skip locally and fail in
CI (CI=true), because `make test` is expected to install it."""
import os
import shutil
import subprocess

import pytest

BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def in_ci():
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def find_browser():
    """The headless Chromium binary, or a skip (a failure in CI) naming the package to install."""
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    message = (
        f"no headless Chromium found (looked for {', '.join(BROWSERS)}); `make test` should install the Debian "
        f"package chromium-headless-shell (apt-get install -y chromium-headless-shell)")
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


def run_browser(binary, tmp_path, *args):
    command = [binary]
    if os.path.basename(binary) != "chromium-headless-shell":
        command.append("--headless")
    command += [
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}", *args,
    ]
    return subprocess.run(command, capture_output=True, timeout=120)
