"""The third app, Prefs (Sources/Examples/PrefsApp), hosted by prefs-choreod, a daemon built only through the public
API (`Choreod.main(apps: [PrefsApp.self])`), driven by the stock `journey` binary (issue 26)."""
import json
import os
import re
import subprocess

import pytest

from choreo_harness import Daemon, RPCError

PREFS_CHOREOD = os.path.abspath(os.environ.get("PREFS_CHOREOD", ".build/debug/prefs-choreod"))
JOURNEY = os.path.abspath(os.environ.get("JOURNEY", ".build/debug/journey"))
JOURNEYS = os.path.abspath("Tests/PrefsJourneys")
# The refusal reasons every app shares (Refusal.Reason.engineReasons); Prefs declares none of its own.
ENGINE_REASONS = ["sheetPresented", "sheetDismissing", "alreadyDismissing", "noSheet", "oneSheetPerPresenter",
                  "atRoot", "noFinger", "notShownYet", "fingerBusy"]


@pytest.fixture
def prefs():
    if not os.path.exists(PREFS_CHOREOD):
        pytest.fail(f"prefs-choreod not found at {PREFS_CHOREOD}; run `make build` first or set PREFS_CHOREOD")
    d = Daemon(binary=PREFS_CHOREOD).start()
    yield d
    assert d.stop() == 0, d.proc.stderr.read()


def journey(*args):
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    return subprocess.run([JOURNEY, *args], capture_output=True, text=True, timeout=120, env=env)


def test_the_daemon_hosts_only_prefs_and_says_so(prefs):
    c = prefs.client()
    assert c.call("daemon.info")["apps"] == ["prefs"]
    assert c.call("session.create") == {"session": "s1", "app": "prefs", "now": 0}
    with pytest.raises(RPCError) as error:
        c.call("session.create", app="finpessoal")
    assert error.value.code == -32001 and error.value.data == {"app": "finpessoal", "apps": ["prefs"]}
    # FinPessoal's commands are not Prefs': -32005 naming the app.
    with pytest.raises(RPCError) as error:
        c.call("ui.pull", session="s1", distance=10)
    assert error.value.code == -32005 and error.value.data == {"action": "ui.pull", "app": "prefs"}
    # FinPessoal's own methods (app.*) come with FinPessoal: this daemon does not serve them.
    with pytest.raises(RPCError) as error:
        c.call("app.finishLoading", session="s1")
    assert error.value.code == -32601 and "app.finishLoading" not in error.value.data["methods"]
    assert "app.describe" in error.value.data["methods"]


def test_app_describe_serves_the_contract_and_the_document_lists_only_its_reasons(prefs):
    c = prefs.client()
    described = c.call("app.describe")
    assert described["app"] == "prefs" and described["default"] is True
    assert [f["name"] for f in described["state"]["fields"]] == [
        "navigation", "screen", "toggles", "sheet", "settings", "lab"]
    kinds = [e["kind"] for e in described["traceEvents"]]
    assert {"toggle.changed", "navigation", "sheet.present", "sheet.dismissed", "haptic", "action"} <= set(kinds)
    assert [s["source"] for s in described["hapticSources"]][-1] == "toggle"
    assert [r["reason"] for r in described["refusalReasons"]] == ENGINE_REASONS
    assert described["animations"] == ["toggle"]
    assert c.call("app.describe", app="prefs") == described
    with pytest.raises(RPCError) as error:
        c.call("app.describe", app="airfit")
    assert error.value.code == -32001
    refusal = c.call("rpc.discover")["components"]["schemas"]["Refusal"]["properties"]["reason"]
    assert refusal["enum"] == ENGINE_REASONS


def test_the_stock_journey_runs_and_validates_prefs_journeys_from_the_daemon(prefs, tmp_path):
    out = journey("run", "--socket", prefs.socket_path, JOURNEYS)
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(r"^7 passed, 0 failed$", out.stdout, re.M), out.stdout
    out = journey("validate", "--socket", prefs.socket_path, JOURNEYS)
    assert out.returncode == 0 and out.stdout.endswith("7 valid, 0 invalid\n"), out.stdout + out.stderr
    # Without the daemon, the built-in contract does not know the app, and says so.
    out = journey("validate", JOURNEYS)
    assert out.returncode == 2 and "unknown app 'prefs'" in out.stdout, out.stdout
    assert "--socket PATH, or --contract FILE" in out.stdout, out.stdout
    # A saved contract validates offline, and catches a misspelt state path with a suggestion.
    saved = tmp_path / "prefs-contract.json"
    out = journey("contract", "--socket", prefs.socket_path, "--save", str(saved))
    assert out.returncode == 0 and "saved the contract of prefs" in out.stdout, out.stdout + out.stderr
    assert json.loads(saved.read_text())["format"] == "choreo-contract"
    out = journey("validate", "--contract", str(saved), JOURNEYS)
    assert out.returncode == 0, out.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("journey: typo\napp: prefs\nsteps:\n  - expect: {toggles.darkMode.knop: 0}\n"
                   "  - expect: {toggles.darkmode.knob: 0}\n")
    out = journey("validate", "--contract", str(saved), str(bad))
    assert out.returncode == 2 and "did you mean `knob`" in out.stdout, out.stdout
    assert "did you mean `darkMode`" in out.stdout, out.stdout
    # Prefs' own method, which this journey binary was not built with, comes with its parameters from the daemon
    # (rpc.discover, saved in the contract): a parameter it does not take is caught before anything runs.
    assert [m["name"] for m in json.loads(saved.read_text())["methods"]] == ["app.resetToggles"]
    bad.write_text("journey: typo\napp: prefs\nsteps:\n  - call: app.resetToggles\n    params: {toggle: darkMode}\n")
    for args in (["--contract", str(saved)], ["--socket", prefs.socket_path]):
        out = journey("validate", *args, str(bad))
        assert out.returncode == 2 and "toggle" in out.stdout, out.stdout
    # FinPessoal's commands, which this journey binary knows, are not this daemon's: caught before anything runs.
    bad.write_text("journey: other app\napp: prefs\nsteps:\n  - call: app.finishLoading\n")
    for args in (["--contract", str(saved)], ["--socket", prefs.socket_path]):
        out = journey("validate", *args, str(bad))
        assert out.returncode == 2 and "app.finishLoading" in out.stdout, out.stdout


def test_the_html_report_of_a_prefs_run_draws_the_knob(prefs, tmp_path):
    report = tmp_path / "report.html"
    out = journey("run", "--socket", prefs.socket_path, "--html", str(report), JOURNEYS)
    assert out.returncode == 0, out.stdout + out.stderr
    html = report.read_text()
    assert "toggles.darkMode.knob" in html and "Prefs: a toggle" in html


def test_prefs_depends_only_on_library_products():
    """What the guide tells a team to depend on is exported: Prefs' targets use only Choreo's library products."""
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], capture_output=True, text=True,
                                     check=True, timeout=120).stdout)
    exported = {target for product in dump["products"] if "library" in product["type"]
                for target in product["targets"]}
    targets = {t["name"]: t for t in dump["targets"]}
    for name in ["PrefsApp", "PrefsDaemon", "PrefsAppTests"]:
        used = {d["byName"][0] for d in targets[name]["dependencies"] if "byName" in d}
        assert used - exported <= {"PrefsApp"}, f"{name} uses {sorted(used - exported - {'PrefsApp'})}, not products"


def test_a_snapshot_names_its_app_whatever_the_first_app_of_the_daemon(prefs, daemon):
    """A session created without `app` exports a config without it; the snapshot's `app` says which it was."""
    c = prefs.client()
    s = c.call("session.create", seed=5)["session"]
    c.call("ui.tap", session=s, target="settings/toggle/darkMode")
    snapshot = c.call("session.export", session=s)
    assert "app" not in snapshot["config"] and snapshot["app"] == "prefs"
    with pytest.raises(RPCError) as error:
        daemon.client().call("session.import", snapshot=snapshot)
    assert error.value.code == -32001 and error.value.data["app"] == "prefs", error.value.data
    assert c.call("session.import", snapshot=snapshot)["app"] == "prefs"


def test_journey_mcp_serves_the_daemons_apps(prefs):
    """Through the official MCP client: Prefs' own command is a tool (session filled from its shared descriptor),
    FinPessoal's commands are not offered, the guide and state reference are Prefs', and journey_run checks against
    Prefs."""
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
    params = StdioServerParameters(command=JOURNEY, args=["mcp", "--socket", prefs.socket_path], env=env)

    async def main():
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                tools = {t.name: t for t in (await session.list_tools()).tools}
                created = (await session.call_tool("session_create", {})).structured_content
                toggled = await session.call_tool("ui_tap", {"session": created["session"],
                                                             "target": "settings/toggle/darkMode"})
                reset = await session.call_tool("app_resetToggles", {"session": created["session"]})
                resources = [str(r.uri) for r in (await session.list_resources()).resources]
                guide = await session.read_resource("choreo://guides/prefs")
                reference = await session.read_resource("choreo://state-reference")
                run = await session.call_tool("journey_run", {"paths": [JOURNEYS]})
                hidden = await session.call_tool("app_finishLoading", {"session": created["session"]})
                return init, tools, created, toggled, reset, resources, guide, reference, run, hidden

    init, tools, created, toggled, reset, resources, guide, reference, run, hidden = anyio.run(main)
    # The shared tools describe this daemon's apps, not the stock ones.
    for name in ["ui_navigate", "ui_tap", "ui_present", "ui_release"]:
        text = tools[name].description
        assert "finpessoal" not in text.lower() and "airfit" not in text.lower(), (name, text)
    assert "choreo://guides/prefs" in tools["ui_tap"].description
    assert hidden.is_error and "does not host" in hidden.content[0].text and "prefs" in hidden.content[0].text
    assert "this daemon hosts prefs" in init.instructions
    assert "app_resetToggles" in tools and "app_finishLoading" not in tools and "app_contribute" not in tools
    schema = tools["app_resetToggles"].input_schema
    assert schema["required"] == ["session"] and set(schema["properties"]) == {"session"}, schema
    assert created["app"] == "prefs" and not toggled.is_error
    assert not reset.is_error and reset.structured_content == {"changed": ["darkMode"]}
    assert "choreo://guides/prefs" in resources and "choreo://guides/finpessoal" not in resources
    assert "Adding your own app" in guide.contents[0].text
    assert '"toggle.changed"' in reference.contents[0].text and "finpessoal" not in reference.contents[0].text
    assert not run.is_error and run.structured_content["summary"]["passed"] == 7, run.structured_content
