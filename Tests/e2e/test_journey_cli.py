"""The `journey` tool end to end: it starts its own daemon, reports in every format, shards, validates."""
import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from choreo_harness import CHOREOD, Daemon

JOURNEY = os.path.abspath(os.environ.get("JOURNEY", ".build/debug/journey"))
FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "journeys")
ACCEPTANCE = os.path.abspath("journeys")


def journey(*args, env=None, cwd=None):
    e = dict(os.environ)
    e.pop("CHOREO_SOCKET", None)
    e["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"  # never pick up a developer's running daemon
    e["CHOREOD"] = CHOREOD
    e.update(env or {})
    return subprocess.run([JOURNEY, *args], capture_output=True, text=True, timeout=120, env=e, cwd=cwd)


def test_the_acceptance_suite_passes_with_its_own_daemon():
    out = journey("run", ACCEPTANCE)
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(r"^\d+ passed, 0 failed$", out.stdout, re.M)


def test_a_failing_journey_prints_file_line_include_chain_values_and_trace():
    out = journey("run", os.path.join(FIXTURES, "failing", "wrong-value.yaml"), "--no-color")
    assert out.returncode == 1
    text = out.stdout
    assert "_steps.yaml:3" in text, text
    assert "included from" in text and "wrong-value.yaml:6" in text
    assert "at virtual 100 ms" in text
    assert '"screen": "goals"' in text and '"screen": "dashboard"' in text
    assert "- " in text and "+ " in text  # a diff for the structure
    assert "haptic" in text and "style=light" in text  # the trace around it
    assert re.search(r"^0 passed, 1 failed$", text, re.M)


def test_a_numeric_failure_under_the_default_physics_names_it_and_what_ideal_gives():
    out = journey("run", os.path.join(FIXTURES, "physics", "default-physics.yaml"), "--no-color")
    assert out.returncode == 1
    assert "under physics swiftui, the default: physics: ideal gives 0.525705431339 here" in out.stdout, out.stdout


def test_every_report_names_the_session_app_physics_and_fps(tmp_path):
    junit, js, html = tmp_path / "r.xml", tmp_path / "r.json", tmp_path / "r.html"
    out = journey("run", os.path.join(FIXTURES, "physics", "default-physics.yaml"), "--no-color",
                  "--junit", str(junit), "--json", str(js), "--html", str(html))
    assert out.returncode == 1
    assert "session: app finpessoal, physics swiftui (the default), 60 fps" in out.stdout, out.stdout
    session = json.loads(js.read_text())["journeys"][0]["session"]
    assert session == {"app": "finpessoal", "physics": "swiftui", "physicsDefaulted": True, "fps": 60,
                       "mode": "full", "settings": {}}
    props = {p.get("name"): p.get("value") for p in ET.parse(junit).getroot().iter("property")}
    assert props["physics"] == "swiftui" and props["app"] == "finpessoal" and props["fps"] == "60", props
    assert "physics swiftui (the default)" in html.read_text()


def test_ahap_files_get_short_safe_names_whatever_the_variant(tmp_path):
    out = journey("run", os.path.join(FIXTURES, "ahap"), "--ahap", str(tmp_path / "ahap"), "--no-color")
    assert out.returncode == 0, out.stdout + out.stderr
    names = os.listdir(tmp_path / "ahap")
    # The variant's label is short (issue 28 #3: an array shows as its count), and its file name safe.
    assert names == ["long-variant.data.transactions=_1_item_.ahap"], names


def test_a_settle_timeout_fails_and_names_what_is_still_running():
    out = journey("run", os.path.join(FIXTURES, "failing", "timeout.yaml"), "--no-color")
    assert out.returncode == 1
    assert "timed out at 500 ms" in out.stdout
    assert "lab.values.slow" in out.stdout and "settles at 10000 ms" in out.stdout


def test_haptic_mismatch_shows_what_played():
    out = journey("run", os.path.join(FIXTURES, "failing", "haptics.yaml"), "--no-color")
    assert out.returncode == 1
    assert "expected 2 haptics, got 1: light@0" in out.stdout


def test_reports_in_junit_tap_json_and_html(tmp_path):
    # The examples and the failing fixtures: every report format over passing and failing journeys. (The whole
    # acceptance suite with --html took 90 s of the end-to-end stage; its journeys run in
    # test_the_acceptance_suite_passes_with_its_own_daemon and `make test-journeys`, the page in test_html_report.py.)
    junit, js, html = tmp_path / "r.xml", tmp_path / "r.json", tmp_path / "r.html"
    out = journey(
        "run", os.path.join(ACCEPTANCE, "examples"), os.path.join(FIXTURES, "failing"), "--junit", str(junit),
        "--json", str(js), "--html", str(html)
    )
    assert out.returncode == 1
    root = ET.parse(junit).getroot()
    suites = [root] if root.tag == "testsuite" else list(root)
    tests = sum(int(s.get("tests")) for s in suites)
    failures = sum(int(s.get("failures")) for s in suites)
    assert failures == 3 and tests >= 11
    report = json.loads(js.read_text())
    assert report["summary"]["failed"] == 3
    assert report["summary"]["passed"] == report["summary"]["total"] - 3
    page = html.read_text()
    assert page.count("<svg") >= tests
    tap = journey("run", os.path.join(FIXTURES, "failing", "haptics.yaml"), "--tap")
    assert tap.returncode == 1
    assert tap.stdout.startswith("TAP version 14\n1..1\nnot ok 1 - Haptics must match exactly")


def test_sharding_splits_deterministically_with_nothing_lost_or_run_twice(tmp_path):
    seen = []
    for k in range(1, 4):
        out = journey("run", os.path.join(FIXTURES, "shard"), "--shard", f"{k}/3", "--tap")
        assert out.returncode == 0, out.stderr
        names = re.findall(r"^ok \d+ - (Shard member \d)$", out.stdout, re.M)
        again = journey("run", os.path.join(FIXTURES, "shard"), "--shard", f"{k}/3", "--tap")
        assert re.findall(r"^ok \d+ - (Shard member \d)$", again.stdout, re.M) == names, "deterministic"
        seen += names
    assert sorted(seen) == [f"Shard member {i}" for i in range(1, 8)]
    status = tmp_path / "status"
    out = journey(
        "run", os.path.join(FIXTURES, "shard"), "--tap",
        env={"TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": str(status)},
    )
    assert status.exists()
    bazel = re.findall(r"^ok \d+ - (Shard member \d)$", out.stdout, re.M)
    first = journey("run", os.path.join(FIXTURES, "shard"), "--shard", "1/3", "--tap")
    assert bazel == re.findall(r"^ok \d+ - (Shard member \d)$", first.stdout, re.M)


def test_validate_reports_file_line_errors_and_exit_2():
    out = journey("validate", os.path.join(FIXTURES, "invalid"))
    assert out.returncode == 2
    assert re.search(r"unknown-step\.yaml:4: unknown step 'tapp'", out.stdout), out.stdout
    assert re.search(r"bad-matcher\.yaml:4: `matches:` is not a valid regular expression", out.stdout), out.stdout
    assert re.search(r"missing-include\.yaml:3: the include file .*_nowhere\.yaml does not exist", out.stdout), out.stdout
    assert journey("validate", ACCEPTANCE).returncode == 0
    run = journey("run", os.path.join(FIXTURES, "invalid"))
    assert run.returncode == 2, "unreadable journeys are a usage error"
    assert journey("run", "/no/such/path").returncode == 2


def test_repeat_checks_determinism():
    out = journey("run", os.path.join(ACCEPTANCE, "foundation", "determinism.yaml"), "--repeat", "2")
    assert out.returncode == 0, out.stdout


def test_call_is_the_simplest_shell_client():
    with Daemon() as d:
        out = journey("call", "session.create", '{"seed": 3}', "--socket", d.socket_path)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["session"] == "s1"
        bad = journey("call", "clock.now", '{"session": "s9"}', "--socket", d.socket_path)
        assert bad.returncode == 1
        assert "error -32000" in bad.stderr
        env = {"CHOREO_SOCKET": d.socket_path}
        assert json.loads(journey("call", "daemon.info", env=env).stdout)["sessions"] == 1
        assert journey("call", "daemon.info", "not json", "--socket", d.socket_path).returncode == 2
    missing = journey("call", "daemon.info", "--socket", "/tmp/definitely-not-here.sock")
    assert missing.returncode == 2
    assert "choreod" in missing.stderr


def test_help_explains_every_command():
    for args in (["--help"], ["run", "--help"], ["validate", "--help"], ["call", "--help"]):
        out = journey(*args)
        assert out.returncode == 0
    assert "--shard" in journey("run", "--help").stdout
    assert "--filter" in journey("run", "--help").stdout


CONTRACT = os.path.join(FIXTURES, "contract")


def test_validate_checks_the_contract_without_a_daemon_and_names_every_mistake():
    # No daemon anywhere: XDG_RUNTIME_DIR points nowhere and validate never starts one.
    out = journey("validate", CONTRACT, env={"CHOREOD": "/nonexistent/choreod"})
    assert out.returncode == 2, out.stdout + out.stderr
    text = out.stdout
    expected = [
        r"misspelt-matcher\.yaml:5: 'aprox' is not a matcher; did you mean `approx`\?",
        r"unknown-method\.yaml:3: unknown method 'ui\.tapp'; did you mean `ui\.tap`\?",
        r"unknown-parameter\.yaml:5: ui\.tap takes no parameter `taget` \(it takes target, point\); did you mean `target`\?$",
        r"wrong-type\.yaml:5: clock\.advance `ms` takes a number, not string$",
        r"haptic-style\.yaml:5: unknown haptic style 'lite'; did you mean `light`\?$",
        r"state-path\.yaml:6: `settings\.efectiveMode` is not a state path of airfit: `settings` has no `efectiveMode`; "
        r"did you mean `effectiveMode`\?$",
        r"_wait\.yaml:2 \(included from [^ ]*include-variable\.yaml:3\): `\$\{ms\}`: the include at "
        r"[^ ]*include-variable\.yaml:3 gives no variable `ms`; add it to its `with:`",
        r"flow-reference\.yaml:4: not valid YAML: .*; a `\$\{\.\.\.\}` inside a flow mapping `\{\.\.\.\}` must be quoted, "
        r"e\.g\. \"\$\{name\}\"$",
        r"unknown-mark\.yaml:4: no mark 'taped' is set before this step .*did you mean `tapped`\?",
        r"event-kind\.yaml:3: unknown trace event kind 'navigaton'; did you mean `navigation`\?$",
        r"event-kind\.yaml:3: a `haptic` event has no field `styel`; did you mean `style`\?",
        r"several\.yaml:4: lab\.haptic `style` is one of light, .*, not 'lite'; did you mean `light`\?$",
        r"several\.yaml:5: `hero\.isTransitionin` is not a state path of finpessoal: `hero` has no `isTransitionin`; "
        r"did you mean `isTransitioning`\?$",
    ]
    for pattern in expected:
        assert re.search(r"^FAIL .*" + pattern, text, re.M), f"{pattern}\n{text}"
    assert "expected a duration" not in text  # the include's missing variable is named, not its consequence
    assert len(re.findall(r"^FAIL ", text, re.M)) == len(expected), text
    assert re.search(r"^0 valid, 11 invalid$", text, re.M), text


def test_run_makes_the_same_checks_first_and_runs_nothing():
    out = journey("run", CONTRACT, "--no-color")
    assert out.returncode == 2, out.stdout + out.stderr
    assert "did you mean `approx`?" in out.stderr
    assert "11 journey file(s) with mistakes; nothing was run" in out.stderr
    assert "passed" not in out.stdout


def test_expect_events_failure_names_what_the_trace_recorded():
    out = journey("run", os.path.join(FIXTURES, "events-failing"), "--no-color")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "events.yaml:6" in out.stdout
    assert 'events[0] (haptic@0): style expected "medium", got "light"' in out.stdout, out.stdout


def test_filter_picks_journeys_by_name_or_path_substring_or_glob():
    def names(*args):
        out = journey("run", *args, "--tap")
        assert out.returncode == 0, out.stdout + out.stderr
        return re.findall(r"^ok \d+ - (.*?)(?: \[.*\])?$", out.stdout, re.M)

    shard = os.path.join(FIXTURES, "shard")
    assert names(shard, "--filter", "member 3") == ["Shard member 3"]  # a substring of the name
    assert names(shard, "--filter", "j5.yaml") == ["Shard member 5"]  # a substring of the path
    assert names(shard, "--filter", "shard/j[12].yaml") == ["Shard member 1", "Shard member 2"]  # a glob
    assert names(shard, "--filter", "Shard member [67]", "--filter", "j1") == [
        "Shard member 1", "Shard member 6", "Shard member 7"]
    # Sharding splits what the filter picked.
    picked = names(shard, "--filter", "*", "--shard", "1/2") + names(shard, "--filter", "*", "--shard", "2/2")
    assert sorted(picked) == [f"Shard member {i}" for i in range(1, 8)]
    assert names(ACCEPTANCE, "--filter", "foundation/marks-*") == [
        "Marks count from an exact point and expectEvents lists what the trace recorded"]
    none = journey("run", shard, "--filter", "nothing-matches-this")
    assert none.returncode == 2
    assert "matches no journey" in none.stderr


def test_ahap_writes_one_core_haptics_pattern_per_journey_and_variant(tmp_path):
    hero = os.path.join(ACCEPTANCE, "examples", "hero.yaml")  # 3 variants, one light haptic at the tap each
    out = journey("run", hero, "--ahap", str(tmp_path / "ahap"))
    assert out.returncode == 0, out.stdout + out.stderr
    files = sorted(os.listdir(tmp_path / "ahap"))
    assert files == [
        "hero.settings.mode=full_transitioning=true_progress=0.922314_endMs=400.ahap",
        "hero.settings.mode=minimal_transitioning=false_progress=1_endMs=100.ahap",
        "hero.settings.mode=reduced_transitioning=true_progress=0.8_endMs=250.ahap",
    ], files
    for name in files:
        document = json.load(open(tmp_path / "ahap" / name))
        assert document["Version"] == 1
        # The tap's light haptic (behavior.md N11: intensity 0.45, sharpness 0.6) at the tap, 0 s.
        assert document["Pattern"] == [{"Event": {
            "Time": 0, "EventType": "HapticTransient",
            "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.45},
                                {"ParameterID": "HapticSharpness", "ParameterValue": 0.6}]}}], document
        assert "light (hero.beginTransition) at 0 ms" in document["Metadata"]["Description"]


def test_watch_reruns_a_journey_when_its_include_changes_and_only_it(tmp_path):
    """journey watch: a first run of everything, then only the journey whose include changed, on the same daemon."""
    (tmp_path / "_shared").mkdir()
    include = tmp_path / "_shared" / "check.yaml"
    include.write_text("- expect: {lab.values.x: 1}\n")
    (tmp_path / "uses-include.yaml").write_text(
        "journey: uses the include\nsteps:\n  - call: lab.set\n    params: {name: x, value: 1}\n"
        "  - include: _shared/check.yaml\n")
    (tmp_path / "alone.yaml").write_text("journey: stands alone\nsteps:\n  - advance: 10\n")
    e = dict(os.environ, CHOREOD=CHOREOD, XDG_RUNTIME_DIR="/nonexistent-choreo-test")
    e.pop("CHOREO_SOCKET", None)
    watch = subprocess.Popen([JOURNEY, "watch", str(tmp_path), "--runs", "2", "--interval", "50", "--no-color"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=e)
    first = []
    for line in watch.stdout:
        first.append(line)
        if line.startswith("watching"):
            break
    assert "2 passed, 0 failed\n" in first, first
    import time
    time.sleep(0.1)  # a later modification time than the first look
    include.write_text("- expect: {lab.values.x: 2}\n")
    out, err = watch.communicate(timeout=60)
    assert watch.returncode == 0, err
    second = out.split("\n")
    assert "0 passed, 1 failed" in out, out           # only the journey that includes the changed file ran
    assert any(l.startswith("✗ uses the include") for l in second), out
    assert not any("stands alone" in l for l in second), out


def test_a_sweep_reports_its_failing_offsets_as_ranges_and_draws_them_as_a_strip(tmp_path):
    html = tmp_path / "report.html"
    out = journey("run", os.path.join(FIXTURES, "sweep", "sweep-fails-at-some-offsets.yaml"), "--no-color",
                  "--html", str(html))
    assert out.returncode == 1, out.stdout + out.stderr
    assert "failed at 2 of 7 offsets: 500–600 ms: line 11: hero.isTransitioning: expected true, got false" \
        in out.stdout, out.stdout
    strip = re.search(r'<div class="sweep-strip">(.*?)</div>', html.read_text()).group(1)
    cells = re.findall(r'<span class="(held|failed)" title="([^"]*)"', strip)
    assert [c for c, _ in cells] == ["held"] * 5 + ["failed"] * 2, cells
    assert cells[5][1].startswith("500 ms: line 11: hero.isTransitioning"), cells[5]
