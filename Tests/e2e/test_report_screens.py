"""The HTML report's screens (`journey run --html FILE --html-screens N`) in headless Chromium: the screen pane
follows the time cursor (a link ending in `&t=MS` puts it there), the steps show the screen after each step, the film
strip shows every drawn frame; and screenshots of five journeys (hero, sheet over sheet, pull-to-refresh,
celebration, AirFit onboarding) at two cursor times each are compared with PNG goldens with a tolerance.

The goldens are in Tests/e2e/goldens/; `UPDATE_GOLDENS=1` rewrites them (look at them before committing)."""
import base64
import os
import re
import subprocess

import pytest
from PIL import Image, ImageChops  # `make deps` installs Pillow

import svg_check
from browser_harness import find_browser, run_browser

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "screens")
GOLDENS = os.path.join(os.path.dirname(__file__), "goldens")
JOURNEY = os.path.abspath(os.environ.get("JOURNEY", os.path.join(ROOT, ".build", "debug", "journey")))
WINDOW = (1180, 1100)
# Each journey (by file) at two cursor times, in ms.
SHOTS = {
    "1-hero.yaml": (100, 300),
    "2-sheet-over-sheet.yaml": (700, 900),
    "3-pull.yaml": (40, 400),
    "4-celebration.yaml": (150, 900),
    "5-airfit-onboarding.yaml": (300, 900),
}
# A golden holds when at most this share of pixels moved by more than THRESHOLD in a channel (font hinting,
# anti-aliasing).
TOLERANCE, THRESHOLD = 0.004, 48


@pytest.fixture(scope="module")
def browser():
    return find_browser()


def journey_run(*args):
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    env.setdefault("CHOREOD", os.path.join(ROOT, ".build", "debug", "choreod"))
    return subprocess.run([JOURNEY, "run", "--jobs", "1", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


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
                diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > THRESHOLD else 0)
                share = sum(1 for v in diff.getdata() if v) / (a.size[0] * a.size[1])
                if share > TOLERANCE:
                    keep = os.path.join(str(tmp_path), "failed-" + name)
                    a.save(keep)
                    problems.append(f"{name}: {share:.2%} of pixels differ (kept {keep})")
    assert not problems, "\n".join(problems)
