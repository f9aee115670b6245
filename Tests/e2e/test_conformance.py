"""`journey conformance` end to end (issue 31): the real binary over the Swift fixtures written for the tests
(Tests/e2e/fixtures/conformance: both apps' anchors, one pattern each), drifted copies made by editing one value,
every output format, and the seeds' own Swift blocks against protocol/behavior.md.

Expected values come from the seeds and the decisions (the hero spring is response 0.4, damping fraction 0.8; a
copy edited to bounce 0.1 is damping fraction 0.9), and a line number from finding the edited text in the copy,
never from the tool's output."""
import json
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from choreo_harness import Daemon

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
JOURNEY = os.path.abspath(os.environ.get("JOURNEY", os.path.join(ROOT, ".build", "debug", "journey")))
FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "conformance")
BEHAVIOR = os.path.join(ROOT, "protocol", "behavior.md")


def conformance(*args, cwd=None):
    return subprocess.run([JOURNEY, "conformance", *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def line_of(path, text):
    """The line of `text` in a file (1-based)."""
    content = open(path).read()
    return content[: content.index(text)].count("\n") + 1


def row(place, code, model, text):
    """Whether the console has the drifted row `place[ (used at …)]: code …, model …`."""
    used = r"(?: \(used at [^)]*\))?"
    via = r"(?:; via .*)?"
    return re.search(re.escape(place) + used + re.escape(f": code {code}, model {model}") + via + "$", text, re.M)


def seeds_dir():
    """The seeds: $CHOREO_SEEDS, or a `shared/seeds` beside a folder above the checkout (../shared/seeds)."""
    if os.environ.get("CHOREO_SEEDS"):
        return os.environ["CHOREO_SEEDS"]
    here = ROOT
    while True:
        candidate = os.path.join(os.path.dirname(here), "shared", "seeds")
        if os.path.isdir(candidate):
            return candidate
        if os.path.dirname(here) == here:
            return None
        here = os.path.dirname(here)


@pytest.fixture
def copy(tmp_path):
    """A copy of the fixtures to edit: `edit(file, old, new)` replaces one occurrence and returns its line."""
    target = tmp_path / "app"
    shutil.copytree(FIXTURES, target)

    def edit(relative, old, new):
        path = target / relative
        text = path.read_text()
        assert text.count(old) == 1, f"{old!r} must occur once in {relative}"
        line = text[: text.index(old)].count("\n") + 1
        path.write_text(text.replace(old, new))
        return f"{relative}:{line}"

    edit.root = target
    return edit


def test_every_anchor_of_both_apps_is_found_and_conforms_over_the_fixtures():
    out = conformance("--swift", FIXTURES, "--reporter", "json")
    assert out.returncode == 0, out.stdout + out.stderr
    report = json.loads(out.stdout)
    apps = {a["app"] for a in report["anchors"]}
    assert apps == {"finpessoal", "airfit"}
    bad = [(a["app"], a["name"], a["status"]) for a in report["anchors"] if a["status"] != "conforms"]
    assert bad == []
    assert report["unknown"] == []
    # Every row was compared and found: the mode-dependent anchors in all three modes, AirFit's springs at both rates.
    hero = next(a for a in report["anchors"] if a["name"] == "heroTransition")
    assert [r["variant"] for r in hero["rows"]] == ["full", "reduced", "minimal"]
    assert all(r["location"] for a in report["anchors"] for r in a["rows"])
    card = next(a for a in report["anchors"] if a["name"] == "glassCard")
    assert [(r["variant"], r["code"]) for r in card["rows"]] == [
        ("120fps", ".interpolatingSpring(stiffness: 130, damping: 12)"),
        ("60fps", ".interpolatingSpring(stiffness: 130, damping: 10.5)"),
    ]


def test_the_anchors_checked_are_the_ones_app_describe_serves():
    out = conformance("--swift", FIXTURES, "--reporter", "json")
    checked = {(a["app"], a["kind"], a["name"]) for a in json.loads(out.stdout)["anchors"]}
    served = set()
    with Daemon() as daemon:
        client = daemon.client()
        for app in ("finpessoal", "airfit"):
            described = client.call("app.describe", app=app)
            for anchor in described["anchors"]:
                served.add((app, anchor["kind"], anchor["name"]))
            hero = [a for a in described["anchors"] if a["name"] == "heroTransition"]
            if app == "finpessoal":
                assert hero[0]["type"] == "HeroTransitionLink"
                assert hero[0]["token"] == "AnimationEngine.adaptiveHeroTransition"
                assert hero[0]["curves"][0] == {
                    "variant": "full",
                    "curve": {"spring": {"response": 0.4, "dampingFraction": 0.8}},
                    "swift": ".spring(response: 0.4, dampingFraction: 0.8)",
                }
    assert checked == served
    assert len(served) == 56


DRIFTS = [
    # (file, old, new, anchor line in the console, the row's variant, the code's value, the model's value)
    ("FinPessoal/AnimationEngine.swift", "bounce: 0.2", "bounce: 0.1", "heroTransition", "full",
     ".spring(response: 0.4, dampingFraction: 0.9)", ".spring(response: 0.4, dampingFraction: 0.8)"),
    ("FinPessoal/FrostedGlass.swift", ".linear(duration: 0.1)", ".linear(duration: 0.12)", "navBlur", "reduced",
     ".linear(duration: 0.12)", ".linear(duration: 0.1)"),
    ("FinPessoal/FrostedGlass.swift", ".speed(2)", ".speed(4)", "screenTransition", "reduced",
     ".easeInOut(duration: 0.1)", ".easeInOut(duration: 0.2)"),
    ("FinPessoal/Dashboard.swift", "case .reduced: return .spring(response: 0.4, dampingFraction: 1.0)",
     "case .reduced: return .spring(response: 0.5, dampingFraction: 1.0)", "counter", "reduced",
     ".spring(response: 0.5, dampingFraction: 1)", ".spring(response: 0.4, dampingFraction: 1)"),
    ("FinPessoal/SpendingTrendsChart.swift", ".easeInOut(duration: 0.3)", ".easeInOut(duration: 0.35)",
     "chart.axisDraw", None, ".easeInOut(duration: 0.35)", ".easeInOut(duration: 0.3)"),
    ("FinPessoal/SpendingTrendsChart.swift", "0.42, 0, 0.58, 1, duration: 0.6", "0.42, 0, 0.58, 1, duration: 0.5",
     "chart.lineDraw", None, ".timingCurve(0.42, 0, 0.58, 1, duration: 0.5)", ".easeInOut(duration: 0.6)"),
    ("FinPessoal/Dashboard.swift", "Animation.easeInOut(duration: 1.5).repeatForever(autoreverses: false)",
     "Animation.easeInOut(duration: 1.5)", "skeleton.shimmer", None, ".easeInOut(duration: 1.5)",
     ".easeInOut(duration: 1.5).repeatForever(autoreverses: false)"),
    ("AirFit/Components.swift", ".easeOut(duration: 0.3)", ".easeOut(duration: 0.25)", "flareButton", None,
     ".easeOut(duration: 0.25)", ".easeOut(duration: 0.3)"),
    ("AirFit/Screens.swift", "withAnimation(.easeInOut(duration: 0.6))", "withAnimation(.easeIn(duration: 0.6))",
     "gradientCrossfade", None, ".easeIn(duration: 0.6)", ".easeInOut(duration: 0.6)"),
]


@pytest.mark.parametrize("case", DRIFTS, ids=[f"{d[3]}-{d[4] or 'single'}" for d in DRIFTS])
def test_a_drifted_copy_fails_with_file_line_the_codes_value_and_the_models(copy, case):
    relative, old, new, anchor, variant, code, model = case
    where = copy(relative, old, new)
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 1, out.stdout + out.stderr
    assert re.search(rf"✗ drifted\s+{re.escape(anchor)} \(", out.stdout), out.stdout
    prefix = f"[{variant}] " if variant else ""
    assert row(f"{prefix}{os.path.join(str(copy.root), where)}", code, model, out.stdout), out.stdout
    assert re.search(r"^56 anchors: 55 conform, 1 drifted, 0 not found; 0 unknown", out.stdout, re.M), out.stdout


def test_a_frame_rate_branch_drifts_in_its_variant_only(copy):
    # GlassCard: `let damping = fps >= 120 ? 12.0 : 10.5`, then the spring on the next line: 60 fps drifts, 120 fps
    # conforms, and the row points at the spring's constructor.
    copy("AirFit/Components.swift", "12.0 : 10.5", "12.0 : 11")
    line = line_of(copy.root / "AirFit" / "Components.swift", ".interpolatingSpring(stiffness: 130, damping: damping)")
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 1
    assert row(f"[60fps] {copy.root}/AirFit/Components.swift:{line}", ".interpolatingSpring(stiffness: 130, damping: 11)",
               ".interpolatingSpring(stiffness: 130, damping: 10.5)", out.stdout), out.stdout
    assert "[120fps]" not in out.stdout


def test_a_constant_the_curve_uses_drifts_where_the_curve_is_built(copy):
    # MotionToken.duration 0.60 → 0.70: each glyph's 0.6 − 0.012 s becomes 0.688 s. The curve is built in
    # CascadeText (its line is reported), the constant changed elsewhere.
    copy("AirFit/MotionToken.swift", "duration: Double = 0.60", "duration: Double = 0.70")
    line = line_of(copy.root / "AirFit" / "Screens.swift", ".easeOut(duration: MotionToken.duration")
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 1
    assert row(f"AirFit/Screens.swift:{line}", ".easeOut(duration: 0.688).delay(<computed at run time>)",
               ".easeOut(duration: 0.588)", out.stdout), out.stdout


def test_an_enum_raw_value_and_a_shared_helper_drift_every_anchor_that_uses_them(copy):
    copy("FinPessoal/AnimationEngine.swift", "case glow = 0.8", "case glow = 0.9")
    copy("AirFit/MotionToken.swift", "fps >= 120 ? 12 : 10.5", "fps >= 120 ? 14 : 10.5")
    out = conformance("--swift", str(copy.root), "--reporter", "json")
    assert out.returncode == 1
    drifted = {a["name"]: a for a in json.loads(out.stdout)["anchors"] if a["status"] == "drifted"}
    assert set(drifted) == {"celebrationGlow", "metricRing", "parallaxContainer", "dragDismissSheet"}
    assert drifted["celebrationGlow"]["rows"][0]["code"] == ".easeInOut(duration: 0.9)"
    ring = {r["variant"]: r for r in drifted["metricRing"]["rows"]}
    assert ring["120fps"]["status"] == "drifted" and ring["60fps"]["status"] == "conforms"
    assert ring["120fps"]["code"] == ".interpolatingSpring(stiffness: 130, damping: 14)"
    assert ring["120fps"]["location"]["file"].endswith("AirFit/MotionToken.swift")
    assert ring["120fps"]["usedAt"]["file"].endswith("AirFit/Components.swift")


HAPTIC_DRIFTS = [
    ("FinPessoal/HeroTransition.swift", "HapticEngine.shared.light()", "HapticEngine.shared.medium()",
     "hero.beginTransition", "medium", "light"),
    ("FinPessoal/Dashboard.swift", "notificationOccurred(.error)", "notificationOccurred(.warning)",
     "refresh.failed", "warning", "error"),
    ("FinPessoal/SpendingTrendsChart.swift", ".impact(weight: .light)", ".impact(weight: .heavy)", "chart.snap",
     "heavy", "light"),
    ("AirFit/Components.swift", "UIImpactFeedbackGenerator(style: .soft)", "UIImpactFeedbackGenerator(style: .light)",
     "tap", "light", "soft"),
]


@pytest.mark.parametrize("case", HAPTIC_DRIFTS, ids=[d[3] for d in HAPTIC_DRIFTS])
def test_a_haptic_that_plays_another_style_drifts(copy, case):
    relative, old, new, anchor, code, model = case
    where = copy(relative, old, new)
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 1, out.stdout
    assert re.search(rf"✗ drifted\s+haptic {re.escape(anchor)} \(", out.stdout), out.stdout
    # One row: the style the model plays, against the one the code plays instead.
    assert row(f"[{model}] {os.path.join(str(copy.root), where)}", code, model, out.stdout), out.stdout
    assert "✗ not found" not in out.stdout


def test_a_changed_transition_drifts(copy):
    where = copy("AirFit/Screens.swift", ".offset(y: 12)", ".offset(y: 16)")
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 1
    assert row(os.path.join(str(copy.root), where), ".opacity.combined(with: .offset(y: 16))",
               ".opacity.combined(with: .offset(y: 12))", out.stdout), out.stdout


def test_an_anchor_the_code_lacks_is_not_found_which_allow_missing_accepts(copy):
    os.remove(copy.root / "AirFit" / "Screens.swift")
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 1
    missing = re.findall(r"✗ not found\s+(.+?) \(", out.stdout)
    assert sorted(missing) == sorted(
        ["gradientCrossfade", "cascadeText", "screenTransition", "transition screenTransition.transition",
         "haptic navigation"])
    allowed = conformance("--swift", str(copy.root), "--allow-missing")
    assert allowed.returncode == 0, allowed.stdout
    assert "5 not found (5 allowed)" in allowed.stdout
    # Drift still fails with --allow-missing.
    copy("AirFit/Components.swift", ".easeOut(duration: 0.3)", ".easeOut(duration: 0.31)")
    assert conformance("--swift", str(copy.root), "--allow-missing").returncode == 1


def test_a_fixed_curve_where_the_model_varies_by_mode_is_compared_with_full_mode(copy):
    # The nav bar's blur written as one curve: full mode compared (and conforming), reduced and minimal not found.
    copy("FinPessoal/FrostedGlass.swift",
         "if animationMode == .minimal { return nil }\n        return animationMode == .full ? .linear(duration: 0.15) : "
         ".linear(duration: 0.1)", "return .linear(duration: 0.15)")
    out = conformance("--swift", str(copy.root), "--reporter", "json")
    blur = next(a for a in json.loads(out.stdout)["anchors"] if a["name"] == "navBlur")
    assert [(r["variant"], r["status"]) for r in blur["rows"]] == [
        ("full", "conforms"), ("reduced", "not found"), ("minimal", "not found")]
    assert out.returncode == 1
    assert conformance("--swift", str(copy.root), "--allow-missing").returncode == 0


def test_an_animation_the_model_does_not_know_is_reported(copy):
    where = copy("AirFit/Components.swift", "withAnimation(.easeOut(duration: 0.3)) { flare = 1 }",
                 "withAnimation(.easeOut(duration: 0.3)) { flare = 1 }\n            withAnimation(.bouncy) { flare = 2 }")
    file, line = where.rsplit(":", 1)
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 0, out.stdout
    assert f"? {os.path.join(str(copy.root), file)}:{int(line) + 1} FlareButton: " \
        ".spring(response: 0.5, dampingFraction: 0.7)" in out.stdout, out.stdout
    assert "1 unknown" in out.stdout


def test_json_junit_and_github_outputs(copy, tmp_path):
    where = copy("FinPessoal/AnimationEngine.swift", "bounce: 0.2", "bounce: 0.1")
    file, line = where.rsplit(":", 1)
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    out = conformance("--swift", str(copy.root), "--json", str(report), "--junit", str(junit), "--reporter", "github")
    assert out.returncode == 1
    data = json.loads(report.read_text())
    summary = data["summary"]
    assert {k: summary[k] for k in ("anchors", "conforms", "drifted", "notFound", "unknown", "parsed")} == {
        "anchors": 56, "conforms": 55, "drifted": 1, "notFound": 0, "unknown": 0, "parsed": 11}
    assert summary["sitesInAnchoredTypes"] >= 56  # every anchor's site, in the anchored types themselves
    suites = ET.parse(junit).getroot()
    assert [s.get("name") for s in suites] == ["finpessoal", "airfit"]
    failures = [c for c in suites.iter("testcase") if c.find("failure") is not None]
    assert [c.get("name") for c in failures] == ["animation heroTransition"]
    assert sum(1 for _ in suites.iter("testcase")) == 56
    annotation = f"::error file={os.path.join(str(copy.root), file)},line={line},title=Choreo conformance::"
    assert annotation in out.stdout, out.stdout


def test_bad_usage_exits_2_with_a_message_that_names_the_fix(tmp_path):
    out = conformance()
    assert out.returncode == 2 and "--swift" in out.stderr
    out = conformance("--swift", str(tmp_path / "nowhere"))
    assert out.returncode == 2 and "no such file or directory" in out.stderr
    out = conformance("--swift", FIXTURES, "--app", "nosuch")
    assert out.returncode == 2 and "finpessoal, airfit" in out.stderr


def test_the_seeds_departures_are_the_ones_behavior_md_cites():
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the seeds (../shared/seeds) are not beside this checkout; set CHOREO_SEEDS")
    files = sorted(os.path.join(seeds, f) for f in os.listdir(seeds) if re.match(r"\d{3}_.*\.txt$", f))
    assert len(files) == 5
    out = conformance("--markdown", *files, "--reporter", "json")
    assert out.returncode == 1  # the departures below
    report = json.loads(out.stdout)
    found = set()
    for anchor in report["anchors"]:
        for row in anchor["rows"]:
            if row["status"] == "drifted":
                seed = os.path.basename(row["location"]["file"])[:3]
                found.add((anchor["name"], row["variant"], f"{seed}:{row['location']['line']}", row["model"]))
    text = open(BEHAVIOR).read()
    section = text[text.index("## Conformance with the seeds' code"):]
    cited = set()
    for name, variant, where, model, decision in re.findall(
            r"^\| `([^`]+)` \| (\w+) \| (\d{3}:\d+) [^|]* \| `([^`]+)` \| (\w+) \|$", section, re.M):
        cited.add((name, variant, where, model))
        assert re.search(rf"^\| {decision} \|", text, re.M), f"decision row {decision} is not in behavior.md"
    assert found == cited
    assert report["unknown"] == []
    assert report["summary"]["conforms"] == 9 and report["summary"]["drifted"] == 2


def test_a_teams_anchors_come_from_its_daemons_app_describe(tmp_path):
    # What a team with its own daemon does: save `app.describe` and check against it (here the stock daemon's AirFit).
    described = tmp_path / "airfit.json"
    with Daemon() as daemon:
        call = subprocess.run(
            [JOURNEY, "call", "--socket", daemon.socket_path, "app.describe", '{"app": "airfit"}'],
            capture_output=True, text=True, timeout=60)
        assert call.returncode == 0, call.stderr
        described.write_text(call.stdout)
    out = conformance("--describe", str(described), "--swift", os.path.join(FIXTURES, "AirFit"))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "15 anchors: 15 conform, 0 drifted, 0 not found" in out.stdout
    # A model value changed in the file is the model drifting from the code: the check says so.
    text = described.read_text().replace('"damping": 10.5', '"damping": 11', 1)
    assert text != described.read_text()
    described.write_text(text)
    out = conformance("--describe", str(described), "--swift", os.path.join(FIXTURES, "AirFit"))
    assert out.returncode == 1
    assert "model .interpolatingSpring(stiffness: 130, damping: 11)" in out.stdout
    bad = tmp_path / "bad.json"
    bad.write_text('{"app": "x", "anchors": [{"name": "a", "type": "T", "kind": "wobble"}]}')
    out = conformance("--describe", str(bad), "--swift", FIXTURES)
    assert out.returncode == 2 and "unknown kind wobble" in out.stderr
    # Issue 45 #10: a variant without a `curve` key is a mistake (not "instant"), an unknown style is named (not
    # dropped); `"curve": null` stays a variant that does not animate.
    for anchor, message in [
        ('{"name": "a", "type": "T", "kind": "animation", "curves": [{"variant": "full"}]}', "no `curve` key"),
        ('{"name": "a", "type": "T", "kind": "haptic", "styles": ["Medium"]}', '"Medium" in `styles` is not a haptic'),
        ('{"name": "a", "type": "T", "kind": "haptic", "styles": ["light"], "pattern": ["lite"]}', "`pattern`"),
    ]:
        bad.write_text('{"app": "x", "anchors": [' + anchor + ']}')
        out = conformance("--describe", str(bad), "--swift", FIXTURES)
        assert out.returncode == 2 and message in out.stderr, (anchor, out.stdout, out.stderr)
    bad.write_text('{"app": "x", "anchors": [{"name": "a", "type": "T", "kind": "animation", '
                   '"curves": [{"variant": "minimal", "curve": null}]}]}')
    assert conformance("--describe", str(bad), "--swift", FIXTURES).returncode != 2


def test_a_file_with_merge_conflict_markers_is_refused_at_its_line(tmp_path):
    # Issue 45 #10: such a file was parsed into nothing and its anchors "not found"; it is refused, naming the line.
    source = tmp_path / "Broken.swift"
    source.write_text("struct Card {\n<<<<<<< HEAD\n    let a = 1\n=======\n    let a = 2\n>>>>>>> other\n}\n")
    out = conformance("--swift", str(tmp_path))
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Broken.swift:2 has a merge-conflict marker" in out.stderr, out.stderr


def test_paths_under_the_current_directory_are_reported_relative_to_it(copy):
    where = copy("FinPessoal/AnimationEngine.swift", "bounce: 0.2", "bounce: 0.1")
    out = conformance("--swift", str(copy.root), "--reporter", "github", cwd=str(copy.root))
    file, line = where.rsplit(":", 1)
    assert f"::error file={file},line={line},title=Choreo conformance::" in out.stdout, out.stdout


def test_a_curve_of_another_kind_in_a_single_anchor_type_drifts(copy):
    # The push written as `.easeIn` instead of the 0.35 s ease-in-out preset: drifted, never "not found".
    where = copy("FinPessoal/FrostedGlass.swift", "case .full: return .easeInOut\n", "case .full: return .easeIn\n")
    out = conformance("--swift", str(copy.root), "--allow-missing")
    assert out.returncode == 1
    assert row(f"[full] {copy.root}/{where}", ".easeIn(duration: 0.35)", ".easeInOut(duration: 0.35)", out.stdout), \
        out.stdout


def test_a_wrapper_is_judged_by_what_its_body_plays(copy):
    # HapticEngine.light() made to play .rigid: every anchor that plays light through it drifts, at the wrapper's line.
    where = copy("FinPessoal/HapticEngine.swift", "UIImpactFeedbackGenerator(style: .light)",
                 "UIImpactFeedbackGenerator(style: .rigid)")
    out = conformance("--swift", str(copy.root), "--reporter", "json")
    drifted = sorted(a["name"] for a in json.loads(out.stdout)["anchors"] if a["status"] == "drifted")
    assert drifted == ["celebration.achievement", "celebration.success", "hero.beginTransition", "refresh.halfway"]
    rows = [r for a in json.loads(out.stdout)["anchors"] if a["name"] == "hero.beginTransition" for r in a["rows"]]
    assert rows[0]["code"] == "rigid" and rows[0]["model"] == "light"
    # Placed at the call, with the wrapper's method among what the value came through (a notice there on GitHub).
    assert rows[0]["location"]["file"].endswith("FinPessoal/HeroTransition.swift")
    assert f"HapticEngine.light at {copy.root}/{where}" in rows[0]["via"]


def test_a_haptic_pattern_is_read_branch_by_branch(copy):
    # The achievement crescendo starting on heavy instead of light: its light is missing, although the success
    # branch still plays light. The type is in the code, so --allow-missing does not excuse it.
    copy("FinPessoal/CelebrationView.swift",
         "case .achievement:\n            HapticEngine.shared.light()",
         "case .achievement:\n            HapticEngine.shared.heavy()")
    out = conformance("--swift", str(copy.root), "--allow-missing", "--reporter", "json")
    assert out.returncode == 1
    verdicts = {a["name"]: a for a in json.loads(out.stdout)["anchors"]}
    assert verdicts["celebration.success"]["status"] == "conforms"
    achievement = verdicts["celebration.achievement"]
    assert achievement["status"] == "drifted"
    assert [(r["variant"], r["status"], r["allowedMissing"]) for r in achievement["rows"]] == [
        ("light", "not found", False), ("medium", "conforms", False), ("heavy", "conforms", False),
        ("pattern", "drifted", False)]
    assert achievement["rows"][3]["code"] == "heavy, medium, heavy"


def test_a_helper_nothing_uses_does_not_count(copy):
    # The counter's mode-dependent helper left behind, the view animating with one fixed spring: full mode is
    # compared (and conforms), reduced and minimal are not found.
    copy("FinPessoal/Dashboard.swift", ".animation(counting, value: value)",
         ".animation(.spring(response: 0.8, dampingFraction: 1.0), value: value)")
    out = conformance("--swift", str(copy.root), "--reporter", "json")
    counter = next(a for a in json.loads(out.stdout)["anchors"] if a["name"] == "counter")
    assert [(r["variant"], r["status"]) for r in counter["rows"]] == [
        ("full", "conforms"), ("reduced", "not found"), ("minimal", "not found")]


def test_a_value_known_only_at_run_time_is_unresolved_and_fails(copy):
    copy("FinPessoal/FrostedGlass.swift", "case .full: return .easeInOut\n",
         "case .full: return .easeInOut(duration: Config.shared.pushDuration)\n")
    copy("FinPessoal/Dashboard.swift", "Animation.easeInOut(duration: 1.5).repeatForever(autoreverses: false)",
         "Animation.easeInOut(duration: 1.5).repeatCount(3, autoreverses: false)")
    out = conformance("--swift", str(copy.root), "--allow-missing")
    assert out.returncode == 1
    assert re.search(r"✗ unresolved screenTransition \(AppNavigation\)", out.stdout), out.stdout
    assert "not resolved: return .easeInOut(duration: Config.shared.pushDuration)" in out.stdout
    assert "[reduced]" not in out.stdout.split("screenTransition (AppNavigation)")[1].split("\n  ")[0]
    assert ".repeatCount(…), which Choreo does not model" in out.stdout


@pytest.mark.parametrize("spelling", [
    "AnyTransition.opacity.combined(with: .offset(y: 12.0))",
    ".offset(x: 0, y: 12).combined(with: .opacity)",
    ".opacity.combined(with: .offset(y: 12))",
])
def test_a_transition_conforms_however_it_is_spelt(copy, spelling):
    copy("AirFit/Screens.swift", ".opacity.combined(with: .offset(y: 12))", spelling)
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 0, out.stdout


def test_fail_on_unknown(copy):
    copy("AirFit/Components.swift", "withAnimation(.easeOut(duration: 0.3)) { flare = 1 }",
         "withAnimation(.easeOut(duration: 0.3)) { flare = 1 }\n            withAnimation(.bouncy) { flare = 2 }")
    assert conformance("--swift", str(copy.root)).returncode == 0
    assert conformance("--swift", str(copy.root), "--fail-on-unknown").returncode == 1


def test_inputs_that_would_let_ci_pass_by_mistake_are_refused(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    out = conformance("--swift", str(empty), "--allow-missing")
    assert out.returncode == 2 and "no Swift file" in out.stderr
    notes = tmp_path / "notes.txt"
    notes.write_text("struct A {}")
    out = conformance("--swift", str(notes))
    assert out.returncode == 2 and "not a .swift file" in out.stderr and "--markdown" in out.stderr
    described = tmp_path / "describe.json"
    described.write_text("{}")
    out = conformance("--describe", str(described), "--swift", FIXTURES)
    assert out.returncode == 2 and "declares no anchors" in out.stderr
    out = conformance("--swift", FIXTURES, "--json", str(tmp_path / "missing" / "report.json"))
    assert out.returncode == 2 and str(tmp_path / "missing" / "report.json") in out.stderr
    # A directory given twice is read once; the app's name in any case.
    out = conformance("--swift", FIXTURES, os.path.join(FIXTURES, "AirFit"), "--app", "AirFit")
    assert out.returncode == 0 and "15 anchors: 15 conform" in out.stdout and "11 Swift files" in out.stdout


def test_a_helper_called_with_the_mode_or_a_frame_rate_is_read_with_its_arguments(copy):
    # The hero's helper taking the mode as a parameter still selects by mode (conforms); a ring animated with the
    # helper called for 60 fps uses damping 10.5 on a 120 Hz display too (drifts at 120 fps).
    copy("FinPessoal/AnimationEngine.swift", "static func adaptiveHeroTransition() -> Animation? {\n"
         "        switch AnimationSettings.shared.effectiveMode {",
         "static func adaptiveHeroTransition(_ mode: AnimationMode) -> Animation? {\n        switch mode {")
    copy("FinPessoal/HeroTransition.swift", "AnimationEngine.adaptiveHeroTransition()",
         "AnimationEngine.adaptiveHeroTransition(AnimationSettings.shared.effectiveMode)")
    where = copy("AirFit/Components.swift", ".animation(AirFitSpring.standard(fps: frameRate), value: value)",
                 ".animation(AirFitSpring.standard(fps: 60), value: value)")
    out = conformance("--swift", str(copy.root), "--reporter", "json")
    verdicts = {a["name"]: a for a in json.loads(out.stdout)["anchors"] if a["kind"] == "animation"}
    assert verdicts["heroTransition"]["status"] == "conforms"
    ring = verdicts["metricRing"]["rows"]
    assert (ring[0]["variant"], ring[0]["status"], ring[0]["code"]) == (
        "120fps", "drifted", ".interpolatingSpring(stiffness: 130, damping: 10.5)")
    assert f'{ring[0]["usedAt"]["file"]}:{ring[0]["usedAt"]["line"]}' == f"{copy.root}/{where}"


def test_a_wrapper_taking_the_style_as_an_argument(copy):
    copy("FinPessoal/HapticEngine.swift", "func heavy() { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }",
         "func heavy() { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }\n"
         "    func impact(_ style: UIImpactFeedbackGenerator.FeedbackStyle) {\n"
         "        UIImpactFeedbackGenerator(style: style).impactOccurred()\n    }")
    copy("FinPessoal/HeroTransition.swift", "HapticEngine.shared.light()", "HapticEngine.shared.impact(.light)")
    assert conformance("--swift", str(copy.root)).returncode == 0
    copy("FinPessoal/HeroTransition.swift", "HapticEngine.shared.impact(.light)", "HapticEngine.shared.impact(.rigid)")
    out = conformance("--swift", str(copy.root))
    assert re.search(r"✗ drifted\s+haptic hero.beginTransition", out.stdout), out.stdout


def test_a_run_where_nothing_conforms_never_passes():
    out = conformance("--swift", os.path.join(FIXTURES, "AirFit"), "--app", "finpessoal", "--allow-missing")
    assert out.returncode == 1
    assert "41 not found (41 allowed)" in out.stdout and "no anchor conforms" in out.stdout


def test_a_variant_a_fixed_curve_leaves_out_points_at_that_curve(copy):
    where = copy("FinPessoal/SpendingTrendsChart.swift", ".animation(callout, value: highlighted)",
                 ".animation(.easeOut(duration: 0.15), value: highlighted)")
    out = conformance("--swift", str(copy.root), "--allow-missing")
    assert out.returncode == 0
    assert f"[reduced] not found: the site at {copy.root}/{where} runs one curve whatever the mode or frame rate" \
        in out.stdout, out.stdout


@pytest.mark.parametrize("edit, played", [
    # A tap left out, and the taps reordered: the styles are all there, the pattern is not.
    (("HapticEngine.shared.light()\n            HapticEngine.shared.light()\n            HapticEngine.shared.medium()",
      "HapticEngine.shared.light()\n            HapticEngine.shared.medium()"), "light, medium"),
    (("HapticEngine.shared.light()\n            HapticEngine.shared.light()\n            HapticEngine.shared.medium()",
      "HapticEngine.shared.medium()\n            HapticEngine.shared.light()\n            HapticEngine.shared.light()"),
     "medium, light, light"),
], ids=["a-tap-left-out", "reordered"])
def test_a_haptic_pattern_is_checked_in_order_and_number(copy, edit, played):
    where = copy("FinPessoal/CelebrationView.swift", *edit)
    out = conformance("--swift", str(copy.root))
    assert out.returncode == 1
    assert re.search(r"✗ drifted\s+haptic celebration.success", out.stdout), out.stdout
    assert f"[pattern] {copy.root}/{where}: code {played}, model light, light, medium" in out.stdout, out.stdout


def test_vendored_and_build_folders_are_left_out_and_exclude_leaves_out_more(tmp_path):
    # Issue 45 #7 (part): a same-named type in `.build/checkouts` or `Pods` (another package's code) was merged with the
    # app's, so an anchor "conformed" on a file that is not the app's. Those folders are skipped; --exclude names more.
    app = tmp_path / "App"
    (app / "Sources").mkdir(parents=True)
    for vendored in (".build/checkouts/Other/Sources", "Pods/Other", "Vendor/Other"):
        (app / vendored).mkdir(parents=True)
        (app / vendored / "AnimationEngine.swift").write_text(
            "import SwiftUI\nenum AnimationEngine {\n    static let heroTransition = Animation.spring(response: 0.4, "
            "dampingFraction: 0.8)\n}\n")
    (app / "Sources" / "Readme.swift").write_text("// nothing here\n")
    out = conformance("--swift", str(app), "--app", "finpessoal", "--reporter", "json")
    # Read: Sources/Readme.swift and Vendor/ (the team's own choice of folder); not .build/ or Pods/.
    assert json.loads(out.stdout)["summary"]["parsed"] == 2, out.stdout[:500]
    out = conformance("--swift", str(app), "--app", "finpessoal", "--exclude", "Vendor", "--reporter", "json")
    assert json.loads(out.stdout)["summary"]["parsed"] == 1, out.stdout[:500]


def test_a_baseline_accepts_decided_departures_and_reports_stale_ones(copy, tmp_path):
    # Issue 45 #4, #11: a decided difference can be accepted (--accept, like a linter's baseline) so CI is green on it
    # and red on anything new; an entry the code no longer matches is reported as stale.
    copy("FinPessoal/AnimationEngine.swift", "bounce: 0.2", "bounce: 0.1")
    root = str(copy.root)
    baseline = tmp_path / "accepted.json"
    out = conformance("--swift", root, "--write-accepted", str(baseline))
    assert out.returncode == 1, out.stdout + out.stderr
    entries = json.loads(baseline.read_text())["accepted"]
    assert entries and all(e["reference"].startswith("TODO") for e in entries), entries
    out = conformance("--swift", root, "--accept", str(baseline), "--reporter", "json")
    assert out.returncode == 0, out.stdout[:2000] + out.stderr
    report = json.loads(out.stdout)
    assert report["summary"]["accepted"] == len({e["anchor"] for e in entries}) and report["stale"] == []
    accepted = [row for a in report["anchors"] for row in a["rows"] if row.get("accepted")]
    assert len(accepted) == len(entries)
    out = conformance("--swift", root, "--accept", str(baseline))
    assert "≈ accepted" in out.stdout and "accepted: TODO" in out.stdout, out.stdout
    # The same anchor edited again: a new departure fails, and the old entry is stale.
    copy("FinPessoal/AnimationEngine.swift", "bounce: 0.1", "bounce: 0.05")
    out = conformance("--swift", root, "--accept", str(baseline))
    assert out.returncode == 1 and "✗ drifted" in out.stdout, out.stdout
    assert "stale --accept entry" in out.stdout, out.stdout
    # A malformed baseline is refused naming what is wrong.
    baseline.write_text('{"accepted": [{"app": "finpessoal"}]}')
    out = conformance("--swift", root, "--accept", str(baseline))
    assert out.returncode == 2 and "accepted.0.anchor" in out.stderr, out.stderr


def test_the_seeds_decided_departures_are_accepted_by_the_checked_in_baseline():
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the seeds (../shared/seeds) are not beside this checkout; set CHOREO_SEEDS")
    files = sorted(os.path.join(seeds, f) for f in os.listdir(seeds) if re.match(r"\d{3}_.*\.txt$", f))
    out = conformance("--markdown", *files, "--accept", os.path.join(ROOT, "protocol", "conformance-accepted.json"),
                      "--reporter", "json")
    report = json.loads(out.stdout)
    assert report["stale"] == [] and report["summary"]["drifted"] == 2 and report["summary"]["accepted"] == 2
    references = {row["accepted"].split(" ")[1] for a in report["anchors"] for row in a["rows"] if row.get("accepted")}
    assert references == {"H7", "CE9", "CE10"}
