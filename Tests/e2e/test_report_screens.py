"""The HTML report's screens (`journey run --html FILE --html-screens N`) in headless Chromium: the screen pane
follows the time cursor (a link ending in `&t=MS` puts it there), the steps show the screen after each step, the film
strip shows every drawn frame; and screenshots of five journeys (hero, sheet over sheet, pull-to-refresh,
celebration, AirFit onboarding) at two cursor times each are compared with PNG goldens with a tolerance.

The goldens are in Tests/e2e/goldens/; `UPDATE_GOLDENS=1` rewrites them (look at them before committing)."""
import base64
import os
import re

import pytest
from PIL import Image, ImageChops  # `make deps` installs Pillow

import svg_check
from browser_harness import find_browser, run_browser
from choreo_harness import journey_run

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "screens")
GOLDENS = os.path.join(os.path.dirname(__file__), "goldens")
WINDOW = (1180, 1100)
# Each journey (by file) at two cursor times, in ms.
SHOTS = {
    "1-hero.yaml": (100, 300),
    "2-sheet-over-sheet.yaml": (700, 900),
    "3-pull.yaml": (40, 400),
    "4-celebration.yaml": (150, 900),
    "5-airfit-onboarding.yaml": (300, 900),
}
# A golden holds when, both pictures shrunk by SHRINK (each pixel the mean of a SHRINK × SHRINK box, so anti-aliasing
# and a glyph's pixel of shift average out), at most TOLERANCE of the pixels differ by more than THRESHOLD in a
# channel. Measured on these goldens: every edge moved by a pixel gives at most 0.07%; the screen pane left blank gives
# 0.6% to 6%. The exact geometry is checked by test_screen_render.py; the goldens check what a person sees.
SHRINK, TOLERANCE, THRESHOLD = 8, 0.002, 32


@pytest.fixture(scope="module")
def browser():
    return find_browser()


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The report of every fixture journey with its screens: (path, text, {file: journey number})."""
    folder = tmp_path_factory.mktemp("screens")
    out = folder / "report.html"
    run = journey_run("--html", str(out), "--html-screens", "3", FIXTURES)
    assert run.returncode == 0, run.stdout + run.stderr
    text = out.read_text(encoding="utf-8")
    numbers = {}
    for number, file in re.findall(r'<details class="journey [a-z]+" id="journey-(\d+)".*?<span class="meta">([^ <]+)',
                                   text, re.S):
        numbers[os.path.basename(file)] = int(number)
    assert set(numbers) == set(SHOTS), numbers
    return out, text, numbers


@pytest.fixture(scope="module")
def single_reports(tmp_path_factory):
    """One report per fixture journey (its section at the top of the page, as a screenshot takes it)."""
    folder = tmp_path_factory.mktemp("single")
    reports = {}
    for file in SHOTS:
        out = folder / (os.path.splitext(file)[0] + ".html")
        run = journey_run("--html", str(out), "--html-screens", "3", os.path.join(FIXTURES, file))
        assert run.returncode == 0, run.stdout + run.stderr
        reports[file] = out
    return reports


def test_each_journey_has_a_screen_pane_steps_and_a_film_strip_of_strict_svgs(report):
    _, text, numbers = report
    panes = re.findall(r'<figure class="screen-pane" data-times="([^"]+)" data-pictures="([^"]+)">', text)
    assert len(panes) == len(SHOTS)
    uris = re.findall(r'<script type="application/json" class="screen-svgs">(\[.*?\])</script>', text)
    assert len(uris) == len(SHOTS)
    for listing in uris:
        for uri in re.findall(r'"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', listing):
            svg_check.parse(base64.b64decode(uri).decode())
    assert text.count('class="thumb"') >= 5 * 4, "a screen per step"
    assert "Film strip:" in text


def dom(browser, tmp_path, url):
    run = run_browser(browser, tmp_path, "--dump-dom", url)
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-2000:]
    return run.stdout.decode()


def test_the_pane_follows_a_cursor_time_in_the_link_and_the_steps_show_their_screens(report, browser, tmp_path):
    out, _, numbers = report
    n = numbers["1-hero.yaml"]
    page = dom(browser, tmp_path, f"file://{out}#journey-{n}&t=120")
    section = page.split(f'id="journey-{n}"', 1)[1].split('<details class="journey', 1)[0]
    # The hero journey draws every 3 frames (50 ms at 60 fps) and at its steps: at 120 ms the pane shows 100 ms.
    assert re.search(r'<span class="screen-time">100</span>', section), section[:3000]
    assert re.search(r'<line class="cursor"[^>]*visibility="visible"', section), "the cursor line is shown"
    thumbs = re.findall(r'<img class="thumb" data-picture="\d+" alt="[^"]*" src="data:image/svg\+xml;base64,', section)
    assert len(thumbs) == 4, "each step's screen is filled in"
    strip = re.findall(r'<figure><img data-picture="\d+" alt="[^"]*" src="data:image/svg\+xml', section)
    assert len(strip) >= 10, "the film strip's frames are filled in"


def differing_share(a, b):
    """The share of pixels that differ by more than THRESHOLD in a channel, both pictures shrunk by SHRINK."""
    size = (a.size[0] // SHRINK, a.size[1] // SHRINK)
    small_a, small_b = a.resize(size, Image.BOX), b.resize(size, Image.BOX)
    channels = ImageChops.difference(small_a, small_b).split()
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    return sum(worst.histogram()[THRESHOLD + 1:]) / (size[0] * size[1])


def test_the_golden_comparison_tells_a_blank_screen_from_anti_aliasing():
    for name in ("report-1-hero-100ms.png", "report-4-celebration-900ms.png"):
        golden = Image.open(os.path.join(GOLDENS, name)).convert("RGB")
        assert differing_share(golden, golden) == 0
        shifted = ImageChops.offset(golden, 1, 1)  # every edge a pixel over: more than hinting moves them
        assert differing_share(golden, shifted) <= TOLERANCE
        blank = golden.copy()
        blank.paste((245, 246, 248), (935, 280, 1140, 700))  # the screen pane, drawn as the page's background
        assert differing_share(golden, blank) > TOLERANCE


def test_screenshots_match_their_goldens(single_reports, browser, tmp_path):
    update = os.environ.get("UPDATE_GOLDENS") == "1"
    os.makedirs(GOLDENS, exist_ok=True)
    problems = []
    for file, times in SHOTS.items():
        for t in times:
            name = f"report-{os.path.splitext(file)[0]}-{t}ms.png"
            shot = tmp_path / name
            run = run_browser(browser, tmp_path, f"--screenshot={shot}", f"--window-size={WINDOW[0]},{WINDOW[1]}",
                              f"file://{single_reports[file]}#journey-1&t={t}")
            assert run.returncode == 0 and shot.is_file(), run.stderr.decode(errors="replace")[-2000:]
            golden = os.path.join(GOLDENS, name)
            if update:
                shot.replace(golden)
                continue
            assert os.path.isfile(golden), f"no golden {golden}: run with UPDATE_GOLDENS=1 and look at it"
            with Image.open(shot) as a, Image.open(golden) as b:
                a, b = a.convert("RGB"), b.convert("RGB")
                if a.size != b.size:
                    problems.append(f"{name}: {a.size} against the golden's {b.size}")
                    continue
                share = differing_share(a, b)
                if share > TOLERANCE:
                    keep = os.path.join(str(tmp_path), "failed-" + name)
                    a.save(keep)
                    problems.append(f"{name}: {share:.2%} of pixels differ (kept {keep})")
    assert not problems, "\n".join(problems)
