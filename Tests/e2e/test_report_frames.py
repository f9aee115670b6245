"""The HTML report draws what the session showed (issue 46 #1): each lane is the session's own frames under
`physics: swiftui` (AnimatorState's two frames included), its closed form under `ideal`, and the cursor in headless
Chromium reads, at the asserted instant, the value the journey asserted there, at 60 and 120 fps.

The expected values are the journey's own, from sources that do not share the engine's arithmetic: behavior.md RL3
(spring(0.4, 0.8) shows 0.306409 at 100 ms at 60 fps), the Python reference `scripts/swiftui_physics.py`
(`sample_property(0, [(0, 1, FluidSpring(0.4, 0.8))], 120, reads=(100,))`: 0.439172) and, under `ideal`, the damped
oscillator by hand: 1 − e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d · sin ω_d t) with ω₀ = 2π/0.4, ζ = 0.8, t = 0.1 s: 0.525705.
Between frames the cursor reads the frame on screen (105 ms shows the 100 ms frame at both rates) and says so.
"""
import os
import re

import pytest

from browser_harness import find_browser, run_browser
from test_html_report import journey_binary, run_html

CASES = [  # (name, physics, fps, value at 100 ms, where the cursor reads it)
    ("swiftui-60", "swiftui", 60, 0.306409, 105),
    ("swiftui-120", "swiftui", 120, 0.439172, 105),
    ("ideal-60", "ideal", 60, 0.525705, 100),
    ("ideal-120", "ideal", 120, 0.525705, 100),
]

JOURNEY = """\
journey: "frames {name}"
physics: {physics}
fps: {fps}
steps:
  - call: lab.animate
    params: {{name: x, to: 1, curve: {{spring: {{response: 0.4, dampingFraction: 0.8}}}}}}
  - advance: 100
  - expect:
      lab.values.x: {{approx: {value}, tol: 0.000001}}
  - advance: 500
"""

# For each figure: the cursor at its case's instant; the readout's rows kept as an attribute of the figure.
PROBE = """
<script>
(function () {
  var at = %s;
  // Passed journeys are folded: open them (the loops' sections too) as a reader would.
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  document.querySelectorAll('figure.timeline').forEach(function (figure, index) {
    window.choreoCursor(figure, at[index]);  // the page's own cursor API: the instant exactly, as a mouse would
    figure.setAttribute('data-read', figure.querySelector('.readout').textContent.replace(/\\n/g, ' | '));
  });
})();
</script>
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    binary = journey_binary()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"the journey CLI is not built ({binary} not found)")
    folder = tmp_path_factory.mktemp("frames")
    for index, (name, physics, fps, value, _) in enumerate(CASES):
        (folder / f"{index}-{name}.yaml").write_text(
            JOURNEY.format(name=name, physics=physics, fps=fps, value=value))
    out = folder / "report.html"
    run = run_html(out, "--jobs", "1", str(folder))
    assert run.returncode == 0, f"the journeys assert the values the report must draw:\n{run.stdout}\n{run.stderr}"
    return out


def test_the_cursor_reads_the_asserted_value_on_the_drawn_lane(report, tmp_path):
    browser = find_browser()
    text = report.read_text(encoding="utf-8")
    probed = tmp_path / "probed.html"
    probed.write_text(text.replace("</body>", PROBE % [case[4] for case in CASES] + "</body>"))
    run = run_browser(browser, tmp_path, "--dump-dom", f"file://{probed}")
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
    reads = re.findall(r'<figure class="timeline"[^>]*data-read="([^"]*)"', run.stdout.decode("utf-8"))
    assert len(reads) == len(CASES), reads
    for (name, physics, fps, value, at), read in zip(CASES, reads):
        rows = read.split(" | ")
        drawn = re.search(r"lab\.values\.x  ([-\d.e]+)", read)
        assert drawn, (name, rows)
        if physics == "swiftui":
            # The frame on screen, exactly (six significant digits on the page), and the readout says which.
            assert abs(float(drawn.group(1)) - value) <= 1e-6, (name, rows)
            assert re.match(rf"t = [\d.]+ ms \(shows frame {round(100 * fps / 1000)}, 100 ms\)", rows[0]), rows
        else:
            # A closed form, sampled at the asserted instant too: exact there.
            assert abs(float(drawn.group(1)) - value) <= 1e-6, (name, rows)
            assert re.fullmatch(r"t = [\d.]+ ms", rows[0]), rows


def test_frames_are_drawn_as_steps_and_closed_forms_as_lines(report):
    text = report.read_text(encoding="utf-8")
    lanes = re.findall(r'data-lanes="([^"]*)"', text)
    main = [lane for lane in lanes if "lab.values.x" in lane]  # each journey's main timeline (loops apart)
    framed = [lane for lane in main if "&quot;f&quot;:true" in lane]
    closed = [lane for lane in main if "&quot;f&quot;:false" in lane]
    assert len(framed) == 2 and len(closed) == 2, (len(framed), len(closed))
    # The frame rate is on the timelines of the swiftui journeys only (their main and loops' timelines).
    assert text.count('data-fps="60"') == 2 and text.count('data-fps="120"') == 2
