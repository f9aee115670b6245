"""The HTML report in a real browser: it renders, it is one self-contained page, it shows a timeline per journey.

Where the page comes from, in order:
  1. $JOURNEY_HTML_SAMPLE, an HTML file written by a Swift-built sample renderer;
  2. `journey run --html OUT journeys/foundation`, with the binary at $JOURNEY (default .build/debug/journey);
  3. neither: the tests skip.

The browser is headless Chromium (Debian package `chromium-headless-shell`, binary `chromium-headless-shell`;
`chromium --headless` works too). Without one the browser tests skip locally and fail in CI (CI=true), because
`make test` is expected to install it.
"""
import os
import re
import shutil
import struct
import subprocess
from collections import Counter
from html.parser import HTMLParser

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
WINDOW = (1280, 2000)
VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SUMMARY = re.compile(r"(\d+) passed, (\d+) failed")


def in_ci():
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def journey_binary():
    configured = os.environ.get("JOURNEY")
    return os.path.abspath(configured) if configured else os.path.join(ROOT, ".build", "debug", "journey")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The path of the HTML report under test."""
    sample = os.environ.get("JOURNEY_HTML_SAMPLE")
    if sample:
        if not os.path.isfile(sample):
            pytest.fail(f"JOURNEY_HTML_SAMPLE={sample} is not a file")
        return os.path.abspath(sample)
    binary = journey_binary()
    if not os.access(binary, os.X_OK):
        pytest.skip(
            f"no HTML report to check: set JOURNEY_HTML_SAMPLE to a rendered report, or build the journey CLI "
            f"({binary} not found; `make build`, or set JOURNEY)")
    out = str(tmp_path_factory.mktemp("html-report") / "report.html")
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"  # never pick up a developer's running daemon
    env.setdefault("CHOREOD", os.path.join(ROOT, ".build", "debug", "choreod"))
    run = subprocess.run(
        [binary, "run", "--html", out, "journeys/foundation"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    # 0: every journey passed, 1: some failed; the report is written either way.
    assert run.returncode in (0, 1), f"journey run exited {run.returncode}:\n{run.stdout}\n{run.stderr}"
    assert os.path.isfile(out), f"journey run wrote no report:\n{run.stdout}\n{run.stderr}"
    return out


@pytest.fixture(scope="module")
def page(report):
    with open(report, encoding="utf-8") as f:
        text = f.read()
    checker = TagBalance()
    checker.feed(text)
    checker.close()
    return text, checker


@pytest.fixture(scope="module")
def browser():
    """The headless Chromium binary."""
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


class TagBalance(HTMLParser):
    """Checks that every element is closed, in order, and collects what the tests look at."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.errors = []
        self.tags = Counter()
        self.title = ""
        self.summary = None
        self.journeys = 0
        self.external = []
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        attributes = dict(attrs)
        self._look_at(tag, attributes)
        if tag not in VOID_ELEMENTS:
            self.stack.append((tag, self.getpos()[0]))
        self._in_title = tag == "title" and not any(t == "svg" for t, _ in self.stack)

    def handle_startendtag(self, tag, attrs):
        self.tags[tag] += 1
        self._look_at(tag, dict(attrs))

    def handle_endtag(self, tag):
        self._in_title = False
        if tag in VOID_ELEMENTS:
            return
        line = self.getpos()[0]
        if not self.stack:
            self.errors.append(f"line {line}: </{tag}> closes nothing")
            return
        opened, opened_line = self.stack.pop()
        if opened != tag:
            self.errors.append(f"line {line}: </{tag}> closes <{opened}> from line {opened_line}")

    def handle_data(self, data):
        if self._in_title:
            self.title += data

    def close(self):
        super().close()
        self.errors += [f"line {line}: <{tag}> is never closed" for tag, line in self.stack]

    def _look_at(self, tag, attributes):
        if tag == "details" and "journey" in (attributes.get("class") or "").split():
            self.journeys += 1
        if attributes.get("id") == "summary":
            self.summary = attributes
        for name in ("src", "href"):
            value = attributes.get(name) or ""
            if re.match(r"^(https?:)?//", value):
                self.external.append(f"<{tag} {name}={value}>")
        if tag == "link":
            self.external.append(f"<link {attributes}>")


def test_the_page_is_balanced_self_contained_and_summarised(page):
    text, checker = page
    assert text.lstrip().lower().startswith("<!doctype html>")
    assert checker.errors == [], "\n".join(checker.errors[:20])
    assert checker.external == [], f"external resources: {checker.external}"
    assert "@import" not in text and not re.search(r"url\(\s*['\"]?(https?:)?//", text)
    assert checker.journeys > 0, "no journey sections"
    assert checker.tags["svg"] == checker.journeys, "one <svg> timeline per journey"
    match = SUMMARY.search(checker.title)
    assert match, f"the title carries the counts: {checker.title!r}"
    assert checker.summary is not None, "the header has the summary (id=summary)"
    passed, failed = int(match.group(1)), int(match.group(2))
    assert (int(checker.summary["data-passed"]), int(checker.summary["data-failed"])) == (passed, failed)
    assert passed + failed == checker.journeys == int(checker.summary["data-total"])


def test_chromium_renders_a_screenshot(report, browser, tmp_path):
    png = tmp_path / "report.png"
    run = run_browser(browser, tmp_path, f"--screenshot={png}", f"--window-size={WINDOW[0]},{WINDOW[1]}",
                      f"file://{report}")
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
    assert png.is_file(), "no screenshot written"
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == WINDOW
    assert len(data) > 10_000, f"a {len(data)}-byte screenshot is blank"


def test_chromium_sees_the_timelines_and_the_summary(report, page, browser, tmp_path):
    _, checker = page
    run = run_browser(browser, tmp_path, "--dump-dom", f"file://{report}")
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
    dom = run.stdout.decode("utf-8")
    assert len(re.findall(r"<svg\b", dom)) == checker.journeys
    assert len(re.findall(r"</svg>", dom)) == checker.journeys
    assert 'id="summary"' in dom
    passed, failed = checker.summary["data-passed"], checker.summary["data-failed"]
    assert f"{passed} passed</span>" in dom and f"{failed} failed</span>" in dom
    assert SUMMARY.search(dom)
