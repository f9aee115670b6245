"""The stock apps as `journey` knows them without linking them: protocol/apps.json (every stock app's app.describe,
`choreod --print-apps`) and the Swift file that embeds it with protocol/openrpc.json and protocol/state.md are
current, and what journey reads from them is what the daemon serves."""

import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHOREOD = os.environ.get("CHOREOD", str(ROOT / ".build" / "debug" / "choreod"))
JOURNEY = os.environ.get("JOURNEY", str(ROOT / ".build" / "debug" / "journey"))


def test_apps_json_is_what_choreod_describes():
    printed = subprocess.run([CHOREOD, "--print-apps"], capture_output=True, text=True, check=True).stdout
    checked_in = (ROOT / "protocol" / "apps.json").read_text()
    assert printed == checked_in, "protocol/apps.json is stale: regenerate it with `make openrpc`"
    assert [app["app"] for app in json.loads(printed)] == ["finpessoal", "airfit"]


def test_the_embedded_documents_are_current():
    check = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "stock_documents.py"), "--check"], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr


def test_journey_validates_the_stock_apps_offline_as_against_the_daemon(tmp_path):
    # A misspelt state path and a bad argument of a stock app's own command (app.contribute's amount, which only
    # the embedded documents declare to journey): the same findings offline and against a daemon it starts.
    journey = tmp_path / "bad.yaml"
    journey.write_text(
        "name: offline contract\napp: finpessoal\nsteps:\n"
        "  - call: app.contribute\n    params: {goal: g1, amount: lots}\n"
        "  - expect: {hero.progres: 0}\n"
    )
    offline = subprocess.run([JOURNEY, "validate", str(journey)], capture_output=True, text=True)
    daemon = subprocess.Popen([CHOREOD, "--socket", str(tmp_path / "d.sock")], stdout=subprocess.PIPE, text=True)
    try:
        assert "listening" in daemon.stdout.readline()
        online = subprocess.run(
            [JOURNEY, "validate", "--socket", str(tmp_path / "d.sock"), str(journey)], capture_output=True, text=True
        )
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    assert offline.returncode == 2, offline.stdout + offline.stderr
    found = offline.stdout + offline.stderr
    assert "hero.progres" in found and "amount" in found, found
    assert (online.returncode, online.stdout) == (offline.returncode, offline.stdout)


def test_a_contract_saved_by_journey_0_4_0_still_knows_the_stock_commands(tmp_path):
    # journey 0.4.0 linked the stock apps: its `journey contract` left their own commands (app.contribute, ...) out
    # of `methods`, naming them only in `serves`. Such a file still validates journeys that call them.
    daemon = subprocess.Popen([CHOREOD, "--socket", str(tmp_path / "d.sock")], stdout=subprocess.PIPE, text=True)
    try:
        assert "listening" in daemon.stdout.readline()
        saved = subprocess.run(
            [JOURNEY, "contract", "--socket", str(tmp_path / "d.sock")], capture_output=True, text=True, check=True
        ).stdout
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    contract = json.loads(saved)
    assert any(m["name"] == "app.contribute" for m in contract["methods"]), "this journey does not know them"
    contract["methods"] = [m for m in contract["methods"] if not m["name"].startswith("app.")]
    assert "app.contribute" in contract["serves"]
    old = tmp_path / "contract-0.4.0.json"
    old.write_text(json.dumps(contract))
    journey = tmp_path / "contribute.yaml"
    journey.write_text(
        "journey: contribute\napp: finpessoal\nsteps:\n  - call: app.contribute\n    params: {goal: g1, amount: 5}\n"
    )
    checked = subprocess.run([JOURNEY, "validate", "--contract", str(old), str(journey)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    journey.write_text(
        "journey: contribute\napp: finpessoal\nsteps:\n  - call: app.contribute\n    params: {goal: g1, amount: x}\n"
    )
    checked = subprocess.run([JOURNEY, "validate", "--contract", str(old), str(journey)], capture_output=True, text=True)
    assert checked.returncode == 2 and "amount" in checked.stdout, checked.stdout + checked.stderr
