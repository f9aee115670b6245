"""`journey conformance --init` end to end (issue 45 #5): a team's first run on the small example app written for the
README's walkthrough (Tests/e2e/fixtures/conformance-example/Tally).

The expected anchors are read off the example's code by hand: `.counterBump` is `spring(response: 0.3,
dampingFraction: 0.6)` in `extension Animation`; `.sheetRise` is `.spring(duration: 0.45, bounce: 0.1)`, i.e. response
0.45, damping fraction 0.9; the history list animates with `easeInOut(0.3)` unless Reduce Motion (minimal: none);
`Haptics.reset()` plays a rigid tap, then a warning 80 ms later."""
import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
JOURNEY = os.path.abspath(os.environ.get("JOURNEY", os.path.join(ROOT, ".build", "debug", "journey")))
EXAMPLE = os.path.join(os.path.dirname(__file__), "fixtures", "conformance-example", "Tally")


def conformance(*args, cwd=None):
    return subprocess.run([JOURNEY, "conformance", *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def summary(anchor):
    """An anchor as (type, member, what it holds) for comparison."""
    if anchor["kind"] == "haptic":
        held = tuple(anchor["styles"])
    elif anchor["kind"] == "transition":
        held = anchor["transition"]
    else:
        held = tuple((c["variant"], json.dumps(c["curve"], sort_keys=True)) for c in anchor["curves"])
    return anchor["type"], anchor["member"], anchor["kind"], held


def spring(response, damping):
    return json.dumps({"spring": {"response": response, "dampingFraction": damping}}, sort_keys=True)


EXPECTED = {
    ("CounterView", "body", "animation", (("full", spring(0.3, 0.6)),)),
    ("CounterView", "increment", "haptic", ("light",)),
    ("CounterView", "reset", "animation", (("full", json.dumps({"easeOut": {"duration": 0.25}})),)),
    ("CounterView", "reset", "haptic", ("rigid", "warning")),
    ("Haptics", "increment", "haptic", ("light",)),
    ("Haptics", "reset", "haptic", ("rigid", "warning")),
    ("Haptics", "select", "haptic", ("selection",)),
    ("HistoryList", "body", "animation", (
        ("full", json.dumps({"easeInOut": {"duration": 0.3}})),
        ("reduced", json.dumps({"easeInOut": {"duration": 0.3}})),
        ("minimal", "null"))),
    ("HistoryList", "body", "transition", ".move(edge: .top).combined(with: .opacity)"),
    ("SettingsSheet", "body", "animation", (("full", spring(0.45, 0.9)),)),
    ("SettingsSheet", "body", "haptic", ("selection",)),
}


@pytest.fixture
def example(tmp_path):
    target = tmp_path / "Tally"
    shutil.copytree(EXAMPLE, target)
    return target


def test_init_drafts_every_motion_site_as_the_code_states_it(example, tmp_path):
    out = conformance("--init", "--swift", str(example))
    assert out.returncode == 0, out.stderr
    draft = json.loads(out.stdout)
    assert draft["app"] == "tally"
    assert {summary(a) for a in draft["anchors"]} == EXPECTED
    assert len(draft["anchors"]) == len(EXPECTED)
    tokens = {a["name"]: a["token"] for a in draft["anchors"] if a["token"]}
    assert tokens == {"counterView.body": "Animation.counterBump", "settingsSheet.body": "Animation.sheetRise"}
    assert "drafted 11 anchors in 4 types from 6 Swift files" in out.stderr


def test_the_draft_unedited_conforms_and_an_edit_to_the_code_then_drifts(example, tmp_path):
    draft = tmp_path / "anchors.json"
    out = conformance("--init", "--swift", str(example))
    draft.write_text(out.stdout)
    check = conformance("--describe", str(draft), "--swift", str(example), "--fail-on-unknown")
    assert check.returncode == 0, check.stdout
    assert "11 anchors: 11 conform, 0 drifted, 0 not found; 0 unknown" in check.stdout
    motion = example / "Sources" / "Tally" / "Motion.swift"
    motion.write_text(motion.read_text().replace("dampingFraction: 0.6", "dampingFraction: 0.7"))
    haptics = example / "Sources" / "Tally" / "Haptics.swift"
    haptics.write_text(haptics.read_text().replace("notificationOccurred(.warning)", "notificationOccurred(.error)"))
    check = conformance("--describe", str(draft), "--swift", str(example))
    assert check.returncode == 1
    assert "✗ drifted    counterView.body (CounterView.body)" in check.stdout, check.stdout
    assert "code .spring(response: 0.3, dampingFraction: 0.7), model .spring(response: 0.3, dampingFraction: 0.6)" \
        in check.stdout
    assert "✗ drifted    haptic haptics.reset.haptic (Haptics.reset)" in check.stdout, check.stdout


def test_types_limits_the_draft(example):
    out = conformance("--init", "--swift", str(example), "--types", "Haptics, HistoryList", "--app", "tally")
    assert out.returncode == 0, out.stderr
    types = {a["type"] for a in json.loads(out.stdout)["anchors"]}
    assert types == {"Haptics", "HistoryList"}
    none = conformance("--init", "--swift", str(example), "--types", "NoSuchView")
    assert none.returncode == 2
    assert "no motion or haptic site found in NoSuchView; nothing to draft" in none.stderr


@pytest.mark.parametrize("args, message", [
    (["--types", "A"], "--types chooses what --init drafts: add --init"),
    (["--init", "--describe", "x.json"], "--describe belongs to a check"),
    (["--init", "--junit", "x.xml"], "--junit belongs to a check"),
])
def test_init_misuse_names_the_fix(example, args, message):
    out = conformance("--swift", str(example), *args)
    assert out.returncode == 2
    assert message in out.stderr, out.stderr
