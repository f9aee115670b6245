"""`journey film` (SVG frames, the flip-book, the film strip), the README's film strip being current, and
`journey run --screens DIR`, against the real daemon and, for the flip-book, headless Chromium."""

import os
import re
import subprocess

import pytest

import svg_check
from browser_harness import find_browser, run_browser

JOURNEY = os.path.abspath(os.environ.get("JOURNEY", ".build/debug/journey"))
ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
HERO = os.path.join(ROOT, "journeys/examples/finpessoal-hero-tap-plays-light-and-presents-the-detail-sheet.yaml")
STRIP = os.path.join(ROOT, "journeys/examples/hero-film.svg")


@pytest.fixture(scope="module")
def browser():
    return find_browser()


def journey(daemon, *args):
    return subprocess.run([JOURNEY, *args, "--socket", daemon.socket_path], capture_output=True, text=True,
                          timeout=120)


def makefile_film_arguments():
    """The arguments `make film-strip` gives (so the test and the make target cannot drift apart)."""
    with open(os.path.join(ROOT, "Makefile")) as f:
        line = next(line for line in f if "journey film $(FILM_JOURNEY)" in line)
    return line.split("$(FILM_JOURNEY)", 1)[1].replace("--strip $(FILM_STRIP)", "").split()


def test_the_readme_film_strip_is_what_make_film_strip_draws_now(daemon, tmp_path):
    out = tmp_path / "strip.svg"
    run = journey(daemon, "film", HERO, *makefile_film_arguments(), "--strip", str(out))
    assert run.returncode == 0, run.stderr
    with open(STRIP) as f:
        checked_in = f.read()
    assert out.read_text() == checked_in, "journeys/examples/hero-film.svg is stale: run `make film-strip`"
    root = svg_check.parse(checked_in)
    frames = [el for el in root if el.tag == svg_check.SVG + "svg"]
    labels = [t for t in svg_check.texts(root) if t.endswith(" ms") and re.match(r"^[\d.]+ ms$", t)]
    assert len(frames) == 8 and labels[:3] == ["0 ms", "66.67 ms", "133.33 ms"], labels
    heroes = [svg_check.groups(frame, "hero") for frame in frames]
    moving = [h[0] for h in heroes[1:4]]
    assert len(moving) == 3, "the hero is drawn while it runs"
    rects = [tuple(next(g.iter(svg_check.SVG + "rect")).get(k) for k in ("y", "height")) for g in moving]
    assert len(set(rects)) == 3, f"the hero's card moves from frame to frame: {rects}"
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids)), "each frame's ids are its own"


def test_film_writes_every_nth_frame_and_a_flip_book_that_flips_in_chromium(daemon, tmp_path, browser):
    out = tmp_path / "film"
    run = journey(daemon, "film", HERO, "--from", "100", "--to", "300", "--every", "3", "--out", str(out))
    assert run.returncode == 0, run.stderr
    # 60 fps, every 3 frames = 50 ms: 100, 150, 200, 250, 300.
    files = sorted(p.name for p in out.iterdir() if p.suffix == ".svg")
    assert files == [f"frame-000{i}.svg" for i in range(1, 6)], files
    assert "wrote 5 frames (100–300 ms, every 3 frame(s) at 60 fps)" in run.stderr
    for name in files:
        svg_check.parse((out / name).read_text())
    dom = run_browser(browser, tmp_path, "--dump-dom", f"file://{out / 'index.html'}")
    assert dom.returncode == 0, dom.stderr
    page = dom.stdout.decode() if isinstance(dom.stdout, bytes) else dom.stdout
    assert "frame 1 of 5 · 100 ms" in page, page[-2000:]
    assert 'src="frame-0001.svg"' in page


def test_a_film_frame_is_the_screen_a_live_session_draws_at_that_time(daemon, client, tmp_path):
    out = tmp_path / "film"
    run = journey(daemon, "film", HERO, "--from", "0", "--to", "150", "--every", "9", "--out", str(out))
    assert run.returncode == 0, run.stderr
    s = client.call("session.create", app="finpessoal", physics="ideal", settings={"mode": "full"})["session"]
    client.call("ui.navigate", session=s, screen="transactions")
    client.call("ui.tap", session=s, target="transactions/row/t1")
    client.call("clock.advance", session=s, ms=150)
    live = client.call("screen.render", session=s)["svg"]
    assert (out / "frame-0002.svg").read_text() == live


def test_film_refuses_what_it_cannot_do_with_the_fix(daemon, tmp_path):
    run = journey(daemon, "film", HERO, "--every", "0", "--out", str(tmp_path))
    assert run.returncode == 2 and "--every" in run.stderr
    run = journey(daemon, "film", HERO)
    assert run.returncode == 2 and "--out DIR" in run.stderr and "--strip" in run.stderr


def test_run_screens_writes_the_screen_where_a_journey_failed_and_names_it(daemon, tmp_path):
    path = tmp_path / "too-far.yaml"
    path.write_text(
        "journey: a hero expected too far\napp: finpessoal\nsteps:\n  - navigate: transactions\n"
        "  - tap: transactions/row/t2\n  - advance: 100\n  - expect:\n      hero.progress: 0.9\n")
    shots = tmp_path / "screens"
    run = journey(daemon, "run", str(path), "--screens", str(shots), "--json", str(tmp_path / "r.json"))
    assert run.returncode == 1
    written = shots / "too-far-line-7.svg"
    assert f"screen at the failure: {written}" in run.stdout
    root = svg_check.parse(written.read_text())
    assert svg_check.groups(root, "hero") and svg_check.groups(root, "sheets.0")
    assert str(written) in (tmp_path / "r.json").read_text(), "the JSON report names the screen too"
    passing = tmp_path / "fine.yaml"
    passing.write_text("journey: fine\napp: finpessoal\nsteps:\n  - advance: 10\n")
    run = journey(daemon, "run", str(passing), "--screens", str(tmp_path / "none"))
    assert run.returncode == 0 and not (tmp_path / "none").exists(), "no failure, no screen"
