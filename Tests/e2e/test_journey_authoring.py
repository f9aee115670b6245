"""Issue 28 #3–#6 end to end: the real `journey` (and the daemon it starts) on the fixtures in
fixtures/journeys/authoring. Expected values come from the fixtures' comments (worked out by hand), never from a run."""
import json
import os
import re
import subprocess

import jsonschema
import pytest
import yaml

from choreo_harness import CHOREOD

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
JOURNEY = os.path.abspath(os.environ.get("JOURNEY", os.path.join(ROOT, ".build/debug/journey")))
A = os.path.join(os.path.dirname(__file__), "fixtures", "journeys", "authoring")


def journey(*args, env=None, cwd=None):
    e = dict(os.environ)
    e.pop("CHOREO_SOCKET", None)
    for key in [k for k in e if k.startswith("CHOREO_VAR_")]:
        del e[key]
    e["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    e["CHOREOD"] = CHOREOD
    e.update(env or {})
    return subprocess.run([JOURNEY, *args], capture_output=True, text=True, timeout=120, env=e, cwd=cwd)


def fixture(*parts):
    return os.path.join(A, *parts)


# --- #4: the validator -------------------------------------------------------------------------------------------

def test_validate_reports_every_mistake_of_a_file_at_once_at_its_line():
    out = journey("validate", fixture("invalid", "everything.yaml"))
    assert out.returncode == 2
    lines = [l for l in out.stdout.splitlines() if l.startswith("FAIL")]
    where = [int(re.match(r"FAIL [^:]+:(\d+):", l).group(1)) for l in lines]
    assert where == [2, 3, 4, 5, 7, 9, 10], out.stdout  # the misspelt app is read as finpessoal: line 9 too
    text = out.stdout
    assert "unknown app 'FinPessoal'; did you mean `finpessoal`?" in text
    assert "`physics` is one of swiftui, ideal, not 'SwiftUI'; did you mean `swiftui`?" in text
    assert "`fps` is one of 60, 120, not 90" in text
    assert "`settings.reduceMoton`" in text and "did you mean `reduceMotion`?" in text
    assert "unknown variable `${nothing}`" in text and "--var nothing=VALUE" in text
    assert "did you mean `advance`?" in text


def test_validate_checks_screens_data_parts_and_result_keys_of_a_known_app():
    out = journey("validate", fixture("invalid", "known-app.yaml"))
    assert out.returncode == 2
    text = out.stdout
    assert re.search(r":2: `data.transactons`: finpessoal's dataset has no part 'transactons'; did you mean `transactions`\?", text), text
    assert re.search(r":4: unknown screen 'dashbord' of finpessoal; did you mean `dashboard`\?", text), text
    assert re.search(r":7: `\$tap.startd`: a ui.tap result has no `startd`; did you mean `started`\?", text), text


def test_a_tab_is_named_at_its_line_with_use_spaces():
    out = journey("validate", fixture("invalid", "tabs.yaml"))
    assert out.returncode == 2
    assert re.search(r"tabs.yaml:3: a tab in the indentation; YAML indents with spaces: use spaces", out.stdout), out.stdout


def test_a_duplicate_key_is_named_at_its_line_without_the_file_echoed():
    out = journey("validate", fixture("invalid", "duplicate.yaml"))
    assert out.returncode == 2
    assert "duplicate.yaml:4: the key 'journey' appears twice in this mapping (first at line 1)" in out.stdout, out.stdout
    assert "Context" not in out.stdout and "steps:" not in out.stdout


def test_the_published_schema_is_what_journey_schema_prints_and_every_acceptance_journey_fits_it():
    out = journey("schema")
    assert out.returncode == 0
    schema = json.loads(out.stdout)
    with open(os.path.join(ROOT, "protocol", "journey.schema.json")) as f:
        assert json.load(f) == schema
    validator = jsonschema.Draft7Validator(schema)
    checked = 0
    for folder, _, names in os.walk(os.path.join(ROOT, "journeys")):
        for name in names:
            skipped = [part for part in os.path.relpath(folder, ROOT).split(os.sep) if part.startswith("_") or part == "golden"]
            if name.endswith(".yaml") and not name.startswith("_") and not skipped:
                with open(os.path.join(folder, name)) as f:
                    doc = yaml.safe_load(f)
                errors = list(validator.iter_errors(doc))
                assert not errors, f"{name}: {errors[0].message}"
                checked += 1
    assert checked > 200
    bad = {"journey": "x", "steps": [{"advance": 1, "as": "t"}], "physics": "SwiftUI"}
    assert len(list(validator.iter_errors(bad))) == 2  # `as` does not go with advance; physics is not an enum value


# --- #3: named variants and the filter ---------------------------------------------------------------------------

def test_named_variants_are_named_everywhere_and_picked_by_filter_ignoring_case(tmp_path):
    junit, js = tmp_path / "r.xml", tmp_path / "r.json"
    out = journey("run", fixture("variants", "named.yaml"), "--no-color", "--filter", "reduced MOTION",
                  "--junit", str(junit), "--json", str(js), "--tap")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "ok 1 - Named variants [Reduced Motion]" in out.stdout and "1..1" in out.stdout
    assert 'name="Named variants [Reduced Motion]"' in junit.read_text()
    assert json.loads(js.read_text())["journeys"][0]["variant"] == "Reduced Motion"


def test_an_unnamed_variant_gets_a_short_label_and_file_line_picks_it():
    # The second entry of the matrix list starts at line 8 and spans its three transactions (to line 12).
    out = journey("run", fixture("variants", "named.yaml") + ":10", "--no-color")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Named variants [settings.mode=full,data.transactions=[3 items]]" in out.stdout
    assert "Reduced Motion" not in out.stdout
    assert re.search(r"^1 passed, 0 failed$", out.stdout, re.M)


# --- #6: the runner ----------------------------------------------------------------------------------------------

def test_skip_tags_and_only(tmp_path):
    out = journey("run", fixture("runner"), "--no-color", "--tags", "smoke")
    assert out.returncode == 1  # a-fails is tagged smoke
    assert "Runner fixture that passes" in out.stdout and "tagged slow" not in out.stdout
    out = journey("run", fixture("runner"), "--no-color", "--tags", "fast,slow", "--json", str(tmp_path / "r.json"))
    assert out.returncode == 0, out.stdout
    out = journey("run", fixture("runner"), "--no-color", "--filter", "not built", "--json", str(tmp_path / "s.json"))
    assert out.returncode == 0
    assert "- Runner fixture not built yet  skipped: the budget screen is not built yet" in out.stdout
    summary = json.loads((tmp_path / "s.json").read_text())["summary"]
    assert summary == {**summary, "passed": 0, "failed": 0, "errors": 0, "skipped": 1, "total": 1}
    only = tmp_path / "only"
    only.mkdir()
    (only / "a.yaml").write_text("journey: focused\nonly: true\nsteps:\n  - advance: 1\n")
    (only / "b.yaml").write_text("journey: other\nsteps:\n  - advance: 1\n")
    out = journey("run", str(only), "--no-color")
    assert out.returncode == 0 and "focused" in out.stdout and "other" not in out.stdout.replace("other(s)", "")
    out = journey("run", str(only), "--forbid-only")
    assert out.returncode == 2 and "only: true" in out.stderr


def test_fail_fast_and_last_failed(tmp_path):
    """The record of failures lives in the user's cache ($XDG_CACHE_HOME/choreo-journey, or --cache-dir), never in
    the folder the run starts from (issue 46 #7: it used to write .journey-cache/ into a team's repository)."""
    cache = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    out = journey("run", fixture("runner"), "--no-color", "--jobs", "1", "--fail-fast", cwd=tmp_path, env=cache)
    assert out.returncode == 1
    assert re.search(r"^0 passed, 1 failed$", out.stdout, re.M) and "3 not run (--fail-fast)" in out.stdout
    assert (tmp_path / "cache" / "choreo-journey" / "last-failed.json").is_file()
    assert not (tmp_path / ".journey-cache").exists(), "the run wrote into the folder it started from"
    out = journey("run", fixture("runner"), "--no-color", "--last-failed", env=cache)  # from any folder
    assert out.returncode == 1
    assert "Runner fixture that fails" in out.stdout and "Runner fixture that passes" not in out.stdout
    # --cache-dir chooses another folder: nothing is recorded there yet, so everything runs.
    out = journey("run", fixture("runner"), "--no-color", "--last-failed", "--cache-dir", str(tmp_path / "other"),
                  env=cache)
    assert "no failures recorded" in out.stderr and "Runner fixture that passes" in out.stdout


def test_variables_from_the_command_line_and_the_environment():
    out = journey("run", fixture("steps", "vars.yaml"), "--no-color", "--var", "WAIT=250")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "(virtual 250 ms)" in out.stdout
    out = journey("run", fixture("steps", "vars.yaml"), "--no-color", env={"CHOREO_VAR_WAIT": "120"})
    assert out.returncode == 0 and "(virtual 120 ms)" in out.stdout
    out = journey("run", fixture("steps", "vars.yaml"), "--no-color", "--var", "WAIT=90",
                  env={"CHOREO_VAR_WAIT": "120"})
    assert out.returncode == 0 and "(virtual 90 ms)" in out.stdout  # --var wins
    out = journey("run", fixture("steps", "vars.yaml"))
    assert out.returncode == 2 and "--var WAIT=VALUE" in out.stderr


def test_until_holds_at_the_first_frame_and_gives_up_with_what_it_saw():
    out = journey("run", fixture("steps", "until.yaml"), "--no-color")
    assert out.returncode == 0, out.stdout
    assert "(virtual 183.333333 ms)" in out.stdout
    out = journey("run", fixture("steps", "until-gives-up.yaml"), "--no-color")
    assert out.returncode == 1
    assert "until: gave up at 100 ms, 100 ms after 0 ms" in out.stdout
    assert re.search(r"seen last: lab.values.x = 0\.12916193", out.stdout), out.stdout
    out = journey("validate", fixture("steps", "until.yaml").replace("until.yaml", "until-gives-up.yaml"))
    assert out.returncode == 0


def test_every_and_at_a_mark_plus_ms():
    out = journey("run", fixture("steps", "every-and-marks.yaml"), "--no-color")
    assert out.returncode == 0, out.stdout
    out = journey("run", fixture("steps", "every-fails.yaml"), "--no-color")
    assert out.returncode == 1
    assert 'expected every element matching /^x/, got ["goals"]; navigation.stack[0] (of 1, from 0) does not: "goals"' in out.stdout


def test_ci_annotations_for_github_and_gitlab(tmp_path):
    report = tmp_path / "gl.json"
    out = journey("run", fixture("runner", "a-fails.yaml"), "--no-color", "--reporter", "github",
                  "--gitlab", str(report))
    assert out.returncode == 1
    assert re.search(r"^::error file=[^,]*a-fails\.yaml,line=9,title=Runner fixture that fails::"
                     r"haptics\[0\]: expected \"medium\", got \"light\"", out.stdout, re.M), out.stdout
    issues = json.loads(report.read_text())
    assert len(issues) == 1 and issues[0]["location"]["lines"]["begin"] == 9
    assert issues[0]["severity"] == "major" and len(issues[0]["fingerprint"]) == 16


def test_usage_errors_exit_2_as_documented():
    out = journey("run", fixture("runner"), "--jobs", "0")
    assert out.returncode == 2 and "--jobs must be at least 1" in out.stderr
    out = journey("run", "--no-such-option", fixture("runner"))
    assert out.returncode == 2


def test_the_json_summary_counts_each_journey_once(tmp_path):
    bad = tmp_path / "error.yaml"  # seed −1 passes the shape checks, but session.create refuses it: an error
    bad.write_text("journey: cannot start\nseed: -1\nsteps:\n  - advance: 1\n")
    js = tmp_path / "r.json"
    out = journey("run", str(bad), fixture("runner", "a-fails.yaml"), fixture("runner", "b-passes.yaml"),
                  "--json", str(js))
    assert out.returncode == 1
    summary = json.loads(js.read_text())["summary"]
    assert (summary["passed"], summary["failed"], summary["errors"], summary["skipped"], summary["total"]) == \
        (1, 1, 1, 0, 3)


# --- #5: failure messages ----------------------------------------------------------------------------------------

def test_a_whole_mapping_diffs_by_key_and_names_its_extra_keys():
    out = journey("run", fixture("messages", "mapping.yaml"), "--no-color")
    assert out.returncode == 1
    text = out.stdout
    assert "extra keys: item, transition; compare dotted paths to ignore them (`navigation.screen: …`)" in text
    diff = text.split("diff (- expected, + actual):")[1].split("trace around")[0]
    assert '- stack.0: "goals"' in diff and '+ stack.0: "dashboard"' in diff
    assert "screen" not in [l.split(":")[0].strip("-+ ") for l in diff.splitlines() if l.strip().startswith(("-", "+"))]


def test_a_haptic_mismatch_shows_the_source_and_the_excerpt_shows_the_haptics_first():
    out = journey("run", fixture("messages", "haptic-source.yaml"), "--no-color")
    assert out.returncode == 1
    text = out.stdout
    assert "haptics[0] (light, lab.timer.t): expected at 5 ms, played at 10 ms" in text
    assert '+ 0.source: "lab.timer.t"' in text
    excerpt = text.split("trace around the failing step")[1]
    assert "t=10 haptic style=light source=lab.timer.t" in excerpt  # 14 lab events later, still shown


def test_an_expect_events_count_mismatch_lists_the_events_with_their_fields():
    out = journey("run", fixture("messages", "events-count.yaml"), "--no-color")
    assert out.returncode == 1
    assert re.search(r"expected 2 events \[haptic, haptic\], got \d+:\n\s+t=0 session.created", out.stdout)
    assert "      t=10 haptic style=light source=lab.timer.t" in out.stdout


def test_a_failing_sweep_reports_its_worst_offset_and_value():
    out = journey("run", fixture("messages", "sweep-worst.yaml"), "--no-color")
    assert out.returncode == 1
    assert "failed at 4 of 5 offsets" in out.stdout
    assert "worst at 0 ms: lab.values.x = 0, 0.49 away from ≈ 0.5 ± 0.01" in out.stdout


def test_validate_names_a_misspelt_short_matcher_and_a_curves_members(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("journey: x\nphysics: ideal\nsteps:\n  - call: lab.animate\n"
                   "    params: {name: x, to: 1, curve: {easeInOut: {duraton: 0.4}}}\n"
                   "  - expect: {lab.timers: {len: 0}, hero.progress: {gtee: 0.5}}\n")
    out = journey("validate", str(bad))
    assert out.returncode == 2
    assert re.search(r":5: lab.animate `curve`: .*'curve.easeInOut.duraton'.*remove 'duraton'", out.stdout), out.stdout
    assert ":6: 'gtee' is not a matcher; did you mean `gte`?" in out.stdout


def test_a_missing_path_is_named_without_a_line_and_says_where_paths_start(tmp_path):
    out = journey("run", "nothere.yaml", cwd=str(tmp_path))
    assert out.returncode == 2
    assert f"journey: nothere.yaml: no such file or folder (paths are relative to {tmp_path})" in out.stderr, out.stderr


def test_a_sweep_is_drawn_with_the_curve_it_swept(tmp_path):
    # linear(0.4 s) from 0 to 1 under ideal physics: x = t/400, so 0, 0.25, 0.5, 0.75, 1 at 0…400 ms every 100 ms.
    html = tmp_path / "r.html"
    out = journey("run", fixture("messages", "sweep-worst.yaml"), "--html", str(html))
    assert out.returncode == 1
    curve = re.search(r'<svg class="sweep-curve"[^>]*data-path="([^"]*)" data-values="([^"]*)"', html.read_text())
    assert curve and curve.group(1) == "lab.values.x" and curve.group(2) == "0,0.25,0.5,0.75,1", curve
    assert html.read_text().count('fill="#d64545"/>') >= 4  # the four failing offsets' dots
