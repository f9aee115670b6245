"""The HTML report's inputs and overlays, from real runs: the scroll position, the point a scrubbing finger is on and
a still device's tilt are drawn as lanes (the apps' finger lanes), and `--html-overlay` puts a journey's matrix
variants on one chart per lane they share."""
import os
import re
import xml.etree.ElementTree as ET

from choreo_harness import journey_run

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

INPUTS = """journey: inputs drawn
app: finpessoal
physics: ideal
steps:
  - scroll: 120
  - advance: 100
  - scroll: 40
  - advance: 100
  - scroll: 0
  - advance: 300
  - call: ui.touch
    params: {target: dashboard/chart, x: 0.2}
  - advance: 50
  - call: ui.drag
    params: {target: dashboard/chart, x: 0.9}
  - advance: 50
  - release: true
  - advance: 200
"""

TILT = """journey: tilt drawn
app: airfit
physics: ideal
steps:
  - navigate: dashboard
  - call: ui.deviceMotion
    params: {roll: 10, pitch: -5, rotationRate: 0}
  - advance: 400
"""


def lanes(text):
    """The lanes of every timeline: [(path, [(t, v), …])] from each <svg class="tl">'s data-lanes."""
    import html
    import json
    found = []
    for raw in re.findall(r'data-lanes="([^"]*)"', text):
        for lane in json.loads(html.unescape(raw)):
            d = lane["d"]
            found.append((lane["p"], list(zip(d[0::2], d[1::2]))))
    return found


def test_scroll_scrubbing_and_tilt_are_drawn_as_lanes(tmp_path):
    (tmp_path / "inputs.yaml").write_text(INPUTS)
    (tmp_path / "tilt.yaml").write_text(TILT)
    out = tmp_path / "report.html"
    result = journey_run("--html", str(out), str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    drawn = dict(lanes(out.read_text()))
    scroll = drawn.get("screen.scrollY")
    assert scroll is not None, sorted(drawn)
    # Each ui.scroll reply's scrollY, as a step at its time: 120 at 0, 40 at 100, 0 at 200.
    assert (0, 120) in scroll and (100, 40) in scroll and (200, 0) in scroll, scroll
    index = drawn.get("chart.scrubber.index")
    assert index is not None, sorted(drawn)
    # 7 points (0…6): x 0.2 snaps to round(1.2) = 1, x 0.9 to round(5.4) = 5; the release's reply is not read.
    assert [v for _, v in index][0] == 1 and index[-1][1] == 5, index
    assert "ui.deviceMotion.x" in drawn and "ui.deviceMotion.y" in drawn, sorted(drawn)


def test_html_overlay_puts_each_variants_curve_on_one_chart(tmp_path):
    out = tmp_path / "report.html"
    result = journey_run("--html", str(out), "--html-overlay", os.path.join(ROOT, "journeys/examples/hero.yaml"))
    assert result.returncode == 0, result.stdout + result.stderr
    text = out.read_text()
    section = re.search(r'<section class="overlays">(.*?)</section>', text, re.S)
    assert section, "the overlays section"
    assert "3 variants" in section.group(1)
    charts = re.findall(r'(<svg class="overlay-chart" data-path="([^"]+)".*?</svg>)', section.group(1), re.S)
    by_path = {path: svg for svg, path in charts}
    assert "hero.progress" in by_path, sorted(by_path)
    chart = ET.fromstring(by_path["hero.progress"])
    lines = [el for el in chart if el.tag.endswith("polyline")]
    assert [el.get("data-variant") for el in lines] == ["0", "1", "2"]
    assert len({el.get("stroke") for el in lines}) == 3, "a colour per variant"
    assert len({el.get("points") for el in lines}) == 3, "the modes' curves differ"
    # The y-axis labels fit their gutter: about four significant digits (1.01516451009 was clipped to "6451009").
    labels = [el.text for el in chart if el.tag.endswith("text") and el.get("text-anchor") == "end"
              and not (el.text or "").endswith("ms")]
    assert labels and all(len(label) <= 6 for label in labels), labels
    run_plain = journey_run("--html", str(tmp_path / "plain.html"), os.path.join(ROOT, "journeys/examples/hero.yaml"))
    assert run_plain.returncode == 0 and 'class="overlays"' not in (tmp_path / "plain.html").read_text()
    refused = journey_run("--html-overlay", os.path.join(ROOT, "journeys/examples/hero.yaml"))
    assert refused.returncode == 2 and "--html FILE" in refused.stderr
