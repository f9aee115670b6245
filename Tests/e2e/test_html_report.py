"""The HTML report in a real browser: it renders, it is one self-contained page, it shows a timeline per journey.

Where the page comes from, in order:
  1. $JOURNEY_HTML_SAMPLE, an HTML file written by a Swift-built sample renderer;
  2. `journey run --html OUT journeys/foundation`, with the binary at $JOURNEY (default .build/debug/journey);
  3. neither: the tests skip.

A second page comes from a journey this file writes (a haptic, a spring, an endless loop, a plain value, one check
that holds and one that does not), for the timeline's marks, its folded loops, zoom and the time cursor.

The browser is headless Chromium (browser_harness.py).
"""
import html
import json
import os
import re
import shutil
import struct
import subprocess
from collections import Counter
from html.parser import HTMLParser

import pytest

from browser_harness import find_browser, in_ci, run_browser  # noqa: F401

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WINDOW = (1280, 2000)
VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SUMMARY = re.compile(r"(\d+) passed, (\d+) failed")


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
    return find_browser()


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
        self.main_svgs = 0
        self.loop_svgs = 0
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        attributes = dict(attrs)
        self._look_at(tag, attributes)
        if tag == "svg":
            in_loops = any(t == "details" and "loops" in c for t, _, c in self.stack)
            self.loop_svgs += in_loops
            self.main_svgs += not in_loops
        if tag not in VOID_ELEMENTS:
            self.stack.append((tag, self.getpos()[0], (attributes.get("class") or "").split()))
        self._in_title = tag == "title" and not any(t == "svg" for t, _, _ in self.stack)

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
        opened, opened_line, _ = self.stack.pop()
        if opened != tag:
            self.errors.append(f"line {line}: </{tag}> closes <{opened}> from line {opened_line}")

    def handle_data(self, data):
        if self._in_title:
            self.title += data

    def close(self):
        super().close()
        self.errors += [f"line {line}: <{tag}> is never closed" for tag, line, _ in self.stack]

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
        if tag == "script" and "src" in attributes:
            self.external.append(f"<script src={attributes['src']}>")


def test_the_page_is_balanced_self_contained_and_summarised(page):
    text, checker = page
    assert text.lstrip().lower().startswith("<!doctype html>")
    assert checker.errors == [], "\n".join(checker.errors[:20])
    assert checker.external == [], f"external resources: {checker.external}"
    assert "@import" not in text and not re.search(r"url\(\s*['\"]?(https?:)?//", text)
    assert checker.journeys > 0, "no journey sections"
    assert checker.main_svgs == checker.journeys, "one main <svg> timeline per journey"
    if not os.environ.get("JOURNEY_HTML_SAMPLE"):
        assert checker.loop_svgs > 0, "journeys/foundation has endless loops (lab-animation), in an <svg> of their own"
    assert not re.search(r"\bfetch\(|XMLHttpRequest|import\(|WebSocket|new Worker", text), "the script loads nothing"
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
    assert len(re.findall(r"<svg\b", dom)) == checker.tags["svg"]
    assert len(re.findall(r"</svg>", dom)) == checker.tags["svg"]
    assert 'id="summary"' in dom
    passed, failed = checker.summary["data-passed"], checker.summary["data-failed"]
    assert f"{passed} passed</span>" in dom and f"{failed} failed</span>" in dom
    assert SUMMARY.search(dom)


# A journey whose timeline has each kind of mark: a haptic with its source, a spring checked while it moves (a check
# that holds at 200 ms and one that does not at 600 ms), an endless loop, and a plain value checked at 200 ms.
CHECKED_JOURNEY = """\
journey: Checked values on their curves
physics: ideal
steps:
  - call: lab.haptic
    params: {style: light}
  - call: lab.animate
    params: {name: x, to: 1, curve: {spring: {response: 0.4, dampingFraction: 0.8}}}
  - call: lab.animate
    params: {name: phase, to: 1, curve: {linear: {duration: 3}, repeatForever: true}}
  - call: lab.set
    params: {name: y, value: 7}
  - advance: 200
  - expect:
      lab.values.x: {approx: 0.922314, tol: 0.000001}
      lab.values.y: 7
  - advance: 400
  - expect:
      lab.values.x: {approx: 0.5, tol: 0.01}
"""


def run_html(out, *args):
    """`journey run --html OUT ARGS…` on a daemon of its own (never a developer's running one)."""
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    env.setdefault("CHOREOD", os.path.join(ROOT, ".build", "debug", "choreod"))
    return subprocess.run([journey_binary(), "run", "--html", str(out), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """The report of CHECKED_JOURNEY: (path, text)."""
    binary = journey_binary()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"the journey CLI is not built ({binary} not found; `make build`, or set JOURNEY)")
    folder = tmp_path_factory.mktemp("checked")
    (folder / "checked.yaml").write_text(CHECKED_JOURNEY)
    out = str(folder / "report.html")
    run = run_html(out, str(folder))
    assert run.returncode == 1, f"the journey's last check fails on purpose:\n{run.stdout}\n{run.stderr}"
    with open(out, encoding="utf-8") as f:
        return out, f.read()


def elements(text, pattern):
    """The opening tags matching pattern (a regex for the tag's start), each with its first <title>."""
    return re.findall(pattern + r"[^>]*>\s*<title>([^<]*)</title>", text)


def lanes_of(svg_tag):
    return [lane["p"] for lane in json.loads(html.unescape(re.search(r'data-lanes="([^"]*)"', svg_tag).group(1)))]


def test_haptic_markers_show_style_and_source(checked):
    _, text = checked
    marks = re.findall(r'<g class="mark haptic" data-style="([^"]*)" data-source="([^"]*)"><title>([^<]*)</title>',
                       text)
    assert marks == [("light", "lab", "light · lab at 0 ms")], marks
    assert ">light · lab</text>" in text, "the label under the marker names the source too"


def test_endless_loops_are_folded_into_a_closed_section(checked):
    _, text = checked
    svgs = re.findall(r"<svg\b[^>]*>", text)
    assert len(svgs) == 2, "the main timeline and the loops' timeline"
    loops = re.search(r'<details class="loops"( open)?><summary>(\d+) endless loops?', text)
    assert loops, "a section for the endless loops"
    assert loops.group(1) is None, "closed by default"
    assert text.index(svgs[0]) < loops.start() < text.index(svgs[1]), "finite lanes first, the loops inside"
    assert lanes_of(svgs[0]) == ["lab.values.x"]
    # The app's own gradient loops are there too.
    assert "lab.values.phase" in lanes_of(svgs[1]) and int(loops.group(2)) == len(lanes_of(svgs[1]))


def test_checked_values_are_marked_at_their_step_time(checked):
    _, text = checked
    passed = elements(text, r'<g class="expect pass" data-path="lab\.values\.x" data-series="lab\.values\.x"')
    failed = elements(text, r'<g class="expect fail" data-path="lab\.values\.x" data-series="lab\.values\.x"')
    assert len(passed) == 1 and len(failed) == 1, (passed, failed)
    assert re.fullmatch(r"lab\.values\.x ≈ 0\.922314 ± 1e-0?6 \(actual 0\.92231\d*\) at 200 ms", passed[0]), passed
    assert re.fullmatch(r"lab\.values\.x ≈ 0\.5 ± 0\.01 \(actual [\d.e-]+\) at 600 ms", failed[0]), failed
    # The plain value has no marker; its step's tooltip lists the check.
    assert 'data-path="lab.values.y"' not in text
    assert "✓ lab.values.y = 7 (actual 7)" in text
    # The markers sit where their step is: the passing one left of the failing one, on the same lane.
    xs = [float(x) for x in re.findall(r'<g class="pin" data-x="([\d.]+)"><g class="expect', text)]
    assert len(xs) == 2 and xs[0] < xs[1]


PROBE = """
<script>
(function () {
  var figure = document.querySelector('figure.timeline');
  figure.querySelector('button[data-zoom="2"]').click();
  var svg = figure.querySelector('svg.tl'), d = svg.dataset;
  var point = svg.createSVGPoint();
  point.x = +d.left + 200 / +d.end * (+d.right - +d.left) * 2;
  point.y = 40;
  var screen = point.matrixTransform(svg.getScreenCTM());
  svg.dispatchEvent(new MouseEvent('mousemove', {clientX: screen.x, clientY: screen.y, bubbles: true}));
  document.body.setAttribute('data-svg-width', svg.style.width);
  var box = figure.querySelector('.tl-scroll');
  box.scrollLeft = 200;
  box.dispatchEvent(new Event('scroll'));
  document.body.setAttribute('data-scrolled', box.scrollLeft);
  document.body.setAttribute('data-units-per-px', svg.viewBox.baseVal.width / svg.getBoundingClientRect().width);
})();
</script>
"""


@pytest.fixture(scope="module")
def probed(checked, tmp_path_factory):
    """The checked report with a script that zooms to 2× and moves the mouse to 200 ms, as a file."""
    path, text = checked
    probed = tmp_path_factory.mktemp("probed") / "probed.html"
    probed.write_text(text.replace("</body>", PROBE + "</body>"))
    return str(probed)


def test_zoom_and_the_time_cursor_work_in_chromium(probed, browser, tmp_path):
    run = run_browser(browser, tmp_path, "--dump-dom", f"file://{probed}")
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
    dom = run.stdout.decode("utf-8")
    width = re.search(r'data-svg-width="([\d.]+)%"', dom)
    assert width and 170 < float(width.group(1)) < 190, "2× widens the plot (not the gutter): about 179%"
    assert re.search(r'<button type="button" data-zoom="2" class="on">', dom)
    assert re.search(r'<g class="zx" transform="matrix\(2 0 0 1 -214 0\)">', dom)
    readout = re.search(r'<div class="readout"( hidden="")?[^>]*>([^<]*)</div>', dom)
    assert readout and readout.group(1) is None, "the readout shows"
    rows = readout.group(2).split("\n")
    t = re.fullmatch(r"t = ([\d.]+) ms", rows[0])
    assert t and abs(float(t.group(1)) - 200) < 1, rows
    value = re.fullmatch(r"lab\.values\.x  ([\d.]+)", rows[1])
    assert value and abs(float(value.group(1)) - 0.922314) < 0.01, rows
    assert re.search(r'<line class="cursor" x1="[\d.]+" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" visibility="visible"',
                     dom)
    assert len(re.findall(r'class="cursor-dot"', dom)) == 1, "a dot on the one visible lane (the loops are folded)"
    # Scrolled 200 px to the right, the gutter moves with it (by 200 px in the SVG's units) so it stays in view.
    assert re.search(r'data-scrolled="200"', dom)
    units = float(re.search(r'data-units-per-px="([\d.]+)"', dom).group(1))
    shift = re.search(r'<g class="gutter" transform="translate\(([\d.]+) 0\)">', dom)
    assert shift and abs(float(shift.group(1)) - 200 * units) < 0.5, (shift, units)


def test_chromium_renders_the_checked_report(probed, browser, tmp_path):
    png = tmp_path / "checked.png"
    run = run_browser(browser, tmp_path, f"--screenshot={png}", "--window-size=1280,1000", f"file://{probed}")
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000, f"a {len(data)}-byte screenshot is blank"
    keep = os.environ.get("JOURNEY_HTML_SCREENSHOT")
    if keep:
        shutil.copyfile(png, keep)


def test_the_sheet_flick_and_checks_of_a_dismissed_sheet_are_drawn(tmp_path):
    """The AirFit flick (no animation record) is a lane of its own, drawn from its closed form, with the check made
    during it on that lane; the drag before it is on the sheet's lane; a check of `sheet.progress` lands on the sheet's animated property (`sheet.1.progress`)
    although the sheet is gone when the journey ends."""
    binary = journey_binary()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"the journey CLI is not built ({binary} not found; `make build`, or set JOURNEY)")
    out = str(tmp_path / "report.html")
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    env.setdefault("CHOREOD", os.path.join(ROOT, ".build", "debug", "choreod"))
    run = subprocess.run(
        [binary, "run", "--html", out, "journeys/examples/airfit-sheet-slow-flick-is-raised-to-leave-the-screen.yaml",
         "journeys/examples/finpessoal-hero-tap-plays-light-and-presents-the-detail-sheet.yaml"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"{run.stdout}\n{run.stderr}"
    with open(out, encoding="utf-8") as f:
        text = f.read()
    lanes = [lane for svg in re.findall(r"<svg\b[^>]*>", text)
             for lane in json.loads(html.unescape(re.search(r'data-lanes="([^"]*)"', svg).group(1)))]
    flick = [lane for lane in lanes if lane["p"] == "sheet.offset (flick)"]
    assert len(flick) == 1, [lane["p"] for lane in lanes]
    points = list(zip(flick[0]["d"][::2], flick[0]["d"][1::2]))
    # From 50 pt at 1400 ms, raised to 1141.14152228 pt/s, gone at 600 pt 1673.27653272 ms later.
    assert points[0] == (1400, 50)
    assert abs(points[-1][0] - 3073.277) < 0.01 and abs(points[-1][1] - 600) < 1e-3
    # The drag that started it is drawn on the sheet's lane: at rest at 0, then at the finger's 50 pt at 1400 ms.
    sheet = [lane for lane in lanes if lane["p"] == "sheet.offset"]
    assert len(sheet) == 1 and list(zip(sheet[0]["d"][::2], sheet[0]["d"][1::2]))[-2:] == [(1400, 0), (1400, 50)]
    on_flick = elements(text, r'<g class="expect pass" data-path="sheet\.offset" data-series="sheet\.offset \(flick\)"')
    assert on_flick == ["sheet.offset ≈ 153.416921328 ± 1e-8 (actual 153.416921328) at 1500 ms"], on_flick
    on_sheet = elements(text, r'<g class="expect pass" data-path="sheet\.progress" data-series="sheet\.1\.progress"')
    assert len(on_sheet) == 1 and on_sheet[0].endswith("at 200 ms"), on_sheet


USER_TERMS_JOURNEY = """journey: a lane in the user's terms
physics: ideal
steps:
  - mark: start
  - call: lab.animate
    params: {name: x, to: 1, curve: {linear: {duration: 0.2}}}
  - advance: 200
  - call: lab.animate
    params: {name: x, to: 0, curve: {linear: {duration: 0.2}}}
  - advance: 100
  - expect: {lab.values.x: {approx: 0.5, tol: 0.000001}}
  - advance: 100
"""


def test_lanes_show_where_a_value_went_and_a_mark_step_is_a_mark(tmp_path):
    """Issue 29 #3: x goes 0 → 1 (linear, 200 ms) then back to 0: the lane says "0 → 1 → 0", not "0 → 0"; the
    asserted lane comes first; a `mark` step's kind is `mark`, not the mark's name."""
    binary = journey_binary()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"the journey CLI is not built ({binary} not found)")
    (tmp_path / "terms.yaml").write_text(USER_TERMS_JOURNEY)
    out, js = str(tmp_path / "report.html"), str(tmp_path / "report.json")
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    env.setdefault("CHOREOD", os.path.join(ROOT, ".build", "debug", "choreod"))
    run = subprocess.run([binary, "run", "--html", out, "--json", js, str(tmp_path / "terms.yaml")], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    text = open(out, encoding="utf-8").read()
    first_svg = re.search(r"<svg\b[^>]*>", text).group(0)
    assert lanes_of(first_svg)[0] == "lab.values.x"
    assert ">0 → 1 → 0<" in text
    steps = json.load(open(js))["journeys"][0]["steps"]
    assert steps[0]["kind"] == "mark" and steps[0]["label"] == "mark start"
