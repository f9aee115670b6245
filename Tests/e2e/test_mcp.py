"""`journey mcp` end to end, through the official Python MCP client (the `mcp` package): tools from the method
declarations, a session driven on the virtual clock, daemon errors as tool errors, resources, journey_run, and
journey_record (with `journey record`): a recorded journey passes on replay and fails when behaviour changes."""
import json
import os
import re
import subprocess

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters  # `make deps` installs the mcp package
from mcp.client.stdio import stdio_client

from choreo_harness import CHOREOD

JOURNEY = os.path.abspath(os.environ.get("JOURNEY", ".build/debug/journey"))
OPENRPC = os.path.join(os.path.dirname(__file__), "..", "..", "protocol", "openrpc.json")


def server_params(daemon, *options):
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["CHOREOD"] = CHOREOD
    if daemon is None:  # no daemon answers: journey mcp starts its own
        env["XDG_RUNTIME_DIR"] = "/nonexistent-choreo-test"
        return StdioServerParameters(command=JOURNEY, args=["mcp", *options], env=env)
    return StdioServerParameters(command=JOURNEY, args=["mcp", "--socket", daemon.socket_path, *options], env=env)


def with_mcp(daemon, body, *options):
    """Runs `body(session)` against a `journey mcp` connected to `daemon` (None: its own), and returns what it
    returns."""

    async def main():
        async with stdio_client(server_params(daemon, *options)) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await body(session)

    return anyio.run(main)


def text(result):
    return "\n".join(block.text for block in result.content if getattr(block, "type", "") == "text")


async def call_ok(session, tool, /, **arguments):
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, f"{tool} {arguments}: {text(result)}"
    if not tool.startswith("journey_"):  # their text is the console report or the YAML
        # The first text block is the JSON; a second one is a note (a reconnection, where events arrive).
        assert json.loads(result.content[0].text) == result.structured_content
    return result.structured_content


def test_one_tool_per_method_with_the_declared_schema(daemon):
    async def body(session):
        return (await session.list_tools()).tools

    tools = {tool.name: tool for tool in with_mcp(daemon, body)}
    with open(OPENRPC) as f:
        document = json.load(f)
    methods = {m["name"]: m for m in document["methods"]}
    shared = document["components"]["contentDescriptors"]
    hidden = {"daemon.shutdown"}  # not offered without --allow-shutdown
    assert set(tools) == {name.replace(".", "_") for name in methods if name not in hidden} | \
        {"journey_run", "journey_record"}
    for name in ["session_create", "ui_tap", "clock_advance", "state_get", "haptics_list", "motion_sample"]:
        assert name in tools
    for name, method in methods.items():
        if name in hidden:
            continue
        schema = tools[name.replace(".", "_")].input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        declared = []
        for param in method["params"]:
            if "$ref" in param:  # a shared content descriptor (session, since)
                param = shared[param["$ref"].rsplit("/", 1)[1]]
            declared.append((param["name"], param["required"]))
        mcp_only = {"screen.render": ["png"]}.get(name, [])  # the PNG is drawn by the MCP server (librsvg)
        assert sorted(schema["properties"]) == sorted([n for n, _ in declared] + mcp_only), name
        required = {n for n, r in declared if r}
        assert set(schema.get("required", [])) == required, name
        assert "#/components/" not in json.dumps(schema), name  # references resolved under $defs
        for ref in re.findall(r'"#/\$defs/([^"]+)"', json.dumps(schema)):
            assert ref in schema["$defs"], (name, ref)
    tap = tools["ui_tap"]
    assert tap.description.startswith(methods["ui.tap"]["summary"])
    assert "clock_advance" in tap.description  # the typical next step
    assert "Examples: choreo://openrpc." in tap.description  # examples on request
    assert "ms" in tools["clock_advance"].input_schema["properties"]["ms"]["description"] or \
        "milliseconds" in tools["clock_advance"].input_schema["properties"]["ms"]["description"]
    assert tools["state_get"].annotations.read_only_hint is True
    assert tools["ui_tap"].annotations.read_only_hint is False


def test_an_agent_creates_taps_advances_and_reads(daemon):
    async def body(session):
        created = await call_ok(session, "session_create", app="finpessoal", physics="ideal")
        s = created["session"]
        await call_ok(session, "ui_navigate", session=s, screen="transactions")
        await call_ok(session, "ui_tap", session=s, target="transactions/row/t1")
        advanced = await call_ok(session, "clock_advance", session=s, ms=200)
        progress = await call_ok(session, "state_get", session=s, path="hero.progress")
        haptics = await call_ok(session, "haptics_list", session=s)
        number = await call_ok(session, "clock_now", session=s)
        return advanced, progress, haptics, number

    advanced, progress, haptics, number = with_mcp(daemon, body)
    assert advanced["now"] == 200
    assert progress["value"] == pytest.approx(0.922314, abs=1e-6)
    assert [(h["style"], h["t"]) for h in haptics["haptics"]] == [("light", 0)]
    assert number["now"] == 200


def test_without_a_daemon_it_starts_its_own(tmp_path):
    async def body(session):
        info = await call_ok(session, "daemon_info")
        created = await call_ok(session, "session_create", app="airfit")
        return info, created

    info, created = with_mcp(None, body)
    assert created["app"] == "airfit" and created["session"] == "s1"
    assert "/nonexistent-choreo-test" not in json.dumps(info)


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def test_sigterm_stops_the_daemon_it_started():
    params = server_params(None)
    proc = subprocess.Popen(
        [params.command, *params.args], env=params.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
        proc.stdin.write((json.dumps(request) + "\n").encode())
        proc.stdin.flush()
        assert b'"serverInfo"' in proc.stdout.readline()  # the daemon is up: the server answers after it connected
        daemons = children(proc.pid)
        assert len(daemons) == 1
        proc.terminate()
        assert proc.wait(timeout=20) == 0
        assert not os.path.exists(f"/proc/{daemons[0]}") or open(f"/proc/{daemons[0]}/stat").read().split()[2] == "Z"
    finally:
        if proc.poll() is None:
            proc.kill()


def test_daemon_errors_are_tool_errors_that_say_how_to_fix_the_call(daemon):
    async def body(session):
        s = (await call_ok(session, "session_create"))["session"]
        return [
            await session.call_tool("ui_tap", {"session": s, "target": "nowhere"}),
            await session.call_tool("state_get", {"session": "s99", "path": "hero"}),
            await session.call_tool("clock_advance", {"session": s, "ms": -5}),
            await session.call_tool("state_get", {"session": s, "path": "hero.progres"}),
            await session.call_tool("no_such_tool", {}),
        ]

    target, session, params, path, unknown = with_mcp(daemon, body)
    for result in (target, session, params, path, unknown):
        assert result.is_error, text(result)
    assert "-32003" in text(target) and "How to fix" in text(target) and "targets are" in text(target)
    assert "session_create" in text(session) and "s1" in text(session)
    assert "Fix `ms`" in text(params) and "clock_advance takes: session, ms" in text(params)
    assert "keys are" in text(path) and "progress" in text(path)
    assert "tools/list" in text(unknown)


def test_resources_are_the_state_reference_and_the_app_guides(daemon):
    async def body(session):
        listed = (await session.list_resources()).resources
        reference = await session.read_resource("choreo://state-reference")
        guide = await session.read_resource("choreo://guides/airfit")
        return listed, reference, guide

    listed, reference, guide = with_mcp(daemon, body)
    uris = {str(r.uri) for r in listed}
    assert {"choreo://state-reference", "choreo://guides/finpessoal", "choreo://guides/airfit"} <= uris
    state_md = open(os.path.join(os.path.dirname(OPENRPC), "state.md")).read()
    assert reference.contents[0].text == state_md  # generated in process, as the checked-in file is
    assert guide.contents[0].text == open(os.path.join(os.path.dirname(OPENRPC), "airfit.md")).read()


PASSING = """journey: inline hero tap
app: finpessoal
physics: ideal
steps:
  - navigate: transactions
  - tap: transactions/row/t1
  - expectHaptics: [light]
  - advance: 400
  - expect: {hero.isTransitioning: false}
"""


def test_journey_run_returns_the_summary_and_each_failure_with_file_line_expected_actual(daemon, tmp_path):
    failing = PASSING.replace("hero.isTransitioning: false", "hero.isTransitioning: true")
    (tmp_path / "bad.yaml").write_text(failing)

    async def body(session):
        ok = await call_ok(session, "journey_run", yaml=PASSING)
        bad = await session.call_tool("journey_run", {"paths": [str(tmp_path / "bad.yaml")]})
        broken = await session.call_tool("journey_run", {"yaml": "journey: x\nsteps:\n  - tapp: here\n"})
        return ok, bad, broken

    ok, bad, broken = with_mcp(daemon, body)
    assert ok["summary"]["passed"] == 1 and ok["summary"]["failed"] == 0
    report = bad.structured_content
    assert report["summary"]["failed"] == 1
    failure = report["journeys"][0]["failure"]
    assert failure["location"]["file"].endswith("bad.yaml") and failure["location"]["line"] == 9
    assert failure["expected"] is True and failure["actual"] is False
    assert "bad.yaml:9" in text(bad)
    assert broken.is_error and "tapp" in text(broken) and "tap" in text(broken) and ":3" in text(broken)


def journey(*args):
    env = dict(os.environ)
    env.pop("CHOREO_SOCKET", None)
    env["CHOREOD"] = CHOREOD
    return subprocess.run([JOURNEY, *args], capture_output=True, text=True, timeout=120, env=env)


def drive_a_goal_session(client):
    """A session with a header, a failed request, an announcement, timed haptics and changed state."""
    s = client.call("session.create", app="finpessoal", physics="ideal", settings={"mode": "full", "voiceOver": True})[
        "session"
    ]
    client.call("ui.navigate", session=s, screen="goals")
    try:
        client.call("ui.tap", session=s, target="nowhere")
    except Exception:
        pass
    client.call("app.contribute", session=s, goal="g3", amount=50)
    client.call("clock.advance", session=s, ms=600)
    client.call("clock.settle", session=s)
    return s


def test_journey_record_replays_and_fails_when_behaviour_changes(daemon, client, tmp_path):
    s = drive_a_goal_session(client)
    recorded = tmp_path / "recorded.yaml"

    async def body(session):
        made = await call_ok(session, "journey_record", session=s, path=str(recorded))
        replay = await call_ok(session, "journey_run", paths=[str(recorded)])
        return made, replay

    made, replay = with_mcp(daemon, body)
    yaml = recorded.read_text()
    assert made["journey"] == yaml and made["haptics"] == 3 and made["announcements"] == 1
    assert replay["summary"] == {**replay["summary"], "passed": 1, "failed": 0}, yaml
    # Readable: the header, shorthands, advance and settle, the failed tap as an expected error, timed haptics.
    assert "app: finpessoal" in yaml and "settings: {mode: full, voiceOver: true}" in yaml
    assert "  - navigate: goals\n" in yaml
    assert "  - call: ui.tap\n    params: {target: nowhere}\n    expectError: {code: -32003}\n" in yaml
    assert "  - call: app.contribute\n    params: {amount: 50, goal: g3}\n" in yaml
    assert "expectAnnouncements: [{text: \"Goal completed! New laptop\", at: 0}]" in yaml
    assert "  - advance: 600\n" in yaml and "  - settle: true\n" in yaml
    assert "expectHaptics: [{style: light, at: 200}, {style: medium, at: 350}, {style: heavy, at: 500}]" in yaml
    assert "      celebration.completed: 1\n" in yaml

    # An edited expected value fails, naming the line.
    edited = tmp_path / "edited.yaml"
    edited.write_text(yaml.replace("{style: medium, at: 350}", "{style: medium, at: 360}"))
    out = journey("run", "--socket", daemon.socket_path, "--no-color", str(edited))
    assert out.returncode == 1, out.stdout
    assert "expected at 360 ms, played at 350 ms" in out.stdout
    # Replayed under other settings (no VoiceOver, reduced motion), the behaviour differs and the journey fails.
    other = tmp_path / "other-settings.yaml"
    other.write_text(yaml.replace("settings: {mode: full, voiceOver: true}", "settings: {mode: minimal}"))
    out = journey("run", "--socket", daemon.socket_path, "--no-color", str(other))
    assert out.returncode == 1, out.stdout
    assert "FAIL" in out.stdout or "failed" in out.stdout


def test_journey_record_cli_writes_the_same_journey(daemon, client, tmp_path):
    s = drive_a_goal_session(client)
    out = journey("record", "--socket", daemon.socket_path, "--session", s, "-o", str(tmp_path / "r.yaml"))
    assert out.returncode == 0, out.stderr
    assert "3 haptics, 1 announcements" in out.stderr
    printed = journey("record", "--socket", daemon.socket_path, "--session", s, "--name", "goal")
    assert printed.returncode == 0
    assert printed.stdout.replace("journey: goal", f"journey: Recorded from session {s}") == (
        tmp_path / "r.yaml"
    ).read_text()
    assert journey("run", "--socket", daemon.socket_path, str(tmp_path / "r.yaml")).returncode == 0
    # The recorded session is only read: it is still there, unchanged.
    assert client.call("clock.now", session=s)["now"] >= 600
    missing = journey("record", "--socket", daemon.socket_path, "--session", "s404")
    assert missing.returncode == 1 and "s404" in missing.stderr


def test_every_kind_of_request_round_trips_through_a_recording(daemon, client, tmp_path):
    """AirFit gestures, settings, the lab, a settle that timed out and one that settled, and a fork."""
    s = client.call("session.create", app="airfit", seed=4, fps=120)["session"]
    for method, params in [
        ("ui.navigate", {"screen": "dashboard"}),
        ("ui.tap", {"target": "dashboard/card/performance"}),
        ("clock.advance", {"ms": 1400}),
        ("ui.drag", {"y": 50, "velocity": 800}),
        ("ui.release", {}),
        ("settings.set", {"mode": "reduced"}),
        ("lab.animate", {"name": "x", "to": 1, "curve": {"easeInOut": {"duration": 0.4}}}),
        ("lab.haptic", {"style": "rigid"}),
        ("clock.settle", {"timeoutMs": 50}),
        ("ui.deviceMotion", {"pitch": 0.1, "roll": 0.2}),
    ]:
        client.call(method, session=s, **params)
    fork = client.call("session.fork", session=s)["session"]
    client.call("clock.settle", session=fork)
    for session in (s, fork):
        path = tmp_path / f"{session}.yaml"
        out = journey("record", "--socket", daemon.socket_path, "--session", session, "-o", str(path))
        assert out.returncode == 0, out.stderr
        yaml = path.read_text()
        for line in [
            '  - drag: {velocity: 800, "y": 50}\n',
            "  - release: true\n",
            "  - settings: {mode: reduced}\n",
            "  - call: lab.haptic\n    params: {style: rigid}\n  - expectHaptics: [{style: rigid, at: 1400}]\n",
            "  - call: clock.settle\n    params: {timeoutMs: 50}\n",  # it timed out: a call, not a settle step
            "  - deviceMotion: {pitch: 0.1, roll: 0.2}\n",
            "      settings.mode: reduced\n",
        ]:
            assert line in yaml, yaml
        assert ("  - settle: true\n" in yaml) == (session == fork)
        run = journey("run", "--socket", daemon.socket_path, "--no-color", str(path))
        assert run.returncode == 0, run.stdout + yaml


def test_the_tool_list_stays_small_with_large_shared_schemas_by_reference(daemon):
    async def body(session):
        listed = await session.list_tools()
        openrpc = await session.read_resource("choreo://openrpc")
        schema = await session.read_resource("choreo://schemas/Curve")
        templates = await session.list_resource_templates()
        return listed, openrpc, schema, templates

    listed, openrpc, schema, templates = with_mcp(daemon, body)
    whole = json.loads(schema.contents[0].text)
    assert "linear" in whole["properties"] and "#/components/" not in schema.contents[0].text
    assert {t.uri_template for t in templates.resource_templates} == {"choreo://events/{subscription}",
                                                                    "choreo://schemas/{name}"}
    tools = [tool.model_dump(mode="json", exclude_none=True, by_alias=True) for tool in listed.tools]
    size = len(json.dumps(tools, separators=(",", ":"), ensure_ascii=False).encode())  # as compact as the wire
    assert size <= 64_000, f"the tool list is {size} bytes"  # 62,013 with 49 tools (README "Agents")
    print(f"the tool list is {size} bytes")
    sample = next(tool for tool in listed.tools if tool.name == "motion_sample").input_schema
    # A shared schema a tool uses once is written where it is used; used more often, it is in the tool's $defs.
    curve = sample.get("$defs", {}).get("Curve") or sample["properties"]["curve"]
    assert "the resource choreo://schemas/Curve" in curve["description"]
    assert "SECONDS" in curve["description"] and "durationMs" in curve["description"]  # the units, still
    document = json.loads(openrpc.contents[0].text)
    assert "Curve" in document["components"]["schemas"]
    assert any(m["name"] == "ui.tap" and m["examples"] for m in document["methods"])  # the examples, on request


def test_daemon_shutdown_only_with_allow_shutdown(daemon):
    async def without(session):
        names = {tool.name for tool in (await session.list_tools()).tools}
        refused = await session.call_tool("daemon_shutdown", {})
        return names, refused

    names, refused = with_mcp(daemon, without)
    assert "daemon_shutdown" not in names
    assert refused.is_error and "--allow-shutdown" in text(refused)

    async def allowed(session):
        return {tool.name for tool in (await session.list_tools()).tools}

    assert "daemon_shutdown" in with_mcp(daemon, allowed, "--allow-shutdown")


def test_an_inline_journey_is_cited_as_yaml_not_a_temporary_file(daemon):
    failing = "journey: inline\nphysics: ideal\nsteps:\n  - navigate: goals\n  - expect: {navigation.screen: goals}\n" \
              "  - expect: {navigation.screen: budgets}\n"
    broken = "journey: x\nsteps:\n  - advance: 1\n  - tapp: here\n"

    async def body(session):
        return (await session.call_tool("journey_run", {"yaml": failing}),
                await session.call_tool("journey_run", {"yaml": broken}))

    failed, mistaken = with_mcp(daemon, body)
    failure = failed.structured_content["journeys"][0]["failure"]
    assert failure["location"] == {**failure["location"], "file": "yaml", "line": 6}
    assert "yaml:6" in text(failed) and "journey-mcp-" not in text(failed) and "/tmp" not in text(failed)
    assert mistaken.is_error and "yaml:4: unknown step 'tapp'" in text(mistaken) and "/tmp" not in text(mistaken)


def test_journey_record_keeps_what_the_agent_read_where_it_read_it(daemon, tmp_path):
    # Ideal physics: the hero spring(0.4, 0.8) from a tap at 0 ms is at 1 − e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d sin ω_d t)
    # at 100 ms: 0.525705431339 (by hand, ω₀ = 2π/0.4, ζ = 0.8, ω_d = 0.6·ω₀); at 400 ms it is done (not transitioning).
    path = tmp_path / "recorded.yaml"

    async def body(session):
        s = (await call_ok(session, "session_create", app="finpessoal", physics="ideal"))["session"]
        await call_ok(session, "ui_navigate", session=s, screen="transactions")
        await call_ok(session, "ui_tap", session=s, target="transactions/row/t1")
        await call_ok(session, "clock_advance", session=s, ms=100)
        read = await call_ok(session, "state_get", session=s, path="hero.progress")
        await call_ok(session, "clock_advance", session=s, ms=300)
        await call_ok(session, "state_get", session=s, path="hero.isTransitioning")
        recorded = await call_ok(session, "journey_record", session=s, path=str(path))
        replayed = await call_ok(session, "journey_run", paths=[str(path)])
        return read, recorded, replayed

    read, recorded, replayed = with_mcp(daemon, body)
    assert read["value"] == pytest.approx(0.525705431339, abs=1e-9)
    assert recorded["reads"] == 2
    lines = path.read_text().splitlines()
    first = lines.index("  - advance: 100")
    assert lines[first + 1].startswith("  - expect:") and lines[first + 2].startswith("      hero.progress: 0.5257054")
    second = lines.index("  - advance: 300")
    assert lines[second + 1].startswith("  - expect:") and lines[second + 2] == "      hero.isTransitioning: false"
    assert replayed["summary"]["passed"] == 1 and replayed["summary"]["failed"] == 0


def test_the_server_reconnects_when_the_daemon_restarts_and_says_so():
    from choreo_harness import Daemon

    first = Daemon().start()
    path = first.socket_path
    second = None
    try:
        async def body(session):
            nonlocal second
            before = await call_ok(session, "session_create", app="finpessoal")
            await call_ok(session, "ui_navigate", session="s1", screen="goals")
            await call_ok(session, "state_get", session="s1", path="navigation.screen")  # a read of the old s1
            first.stop()
            down = await session.call_tool("session_create", {"app": "finpessoal"})
            second = Daemon(socket_path=path).start()
            stale = await session.call_tool("state_get", {"session": "s2", "path": "navigation.screen"})
            after = await session.call_tool("session_create", {"app": "finpessoal"})
            listed = await session.call_tool("session_list", {})
            await call_ok(session, "ui_navigate", session="s1", screen="transactions")
            recorded = await call_ok(session, "journey_record", session="s1")
            return before, down, stale, after, listed, recorded

        before, down, stale, after, listed, recorded = with_mcp(first, body)
    finally:
        first.stop()
        if second:
            second.stop()
    assert before["session"] == "s1"
    assert down.is_error and "does not answer" in text(down) and "call again" in text(down) and path in text(down)
    # The first call after the restart is refused (no such session on the new daemon) and says why.
    assert stale.is_error and "restarted" in text(stale) and "sessions and event subscriptions are gone" in text(stale)
    assert not after.is_error and after.structured_content["session"] == "s1"  # a new daemon counts from s1
    assert "restarted" not in text(after) and "restarted" not in text(listed)  # said once
    assert recorded["reads"] == 0 and "goals" not in recorded["journey"]  # the old s1's read is not the new s1's


def test_a_subscriptions_events_reach_the_agent_through_a_resource(daemon):
    import mcp.types as types

    updated = []

    async def on_message(message):
        notification = getattr(message, "root", message)  # wrapped in ServerNotification in some versions
        if isinstance(notification, types.ResourceUpdatedNotification):
            updated.append(str(notification.params.uri))

    async def main():
        async with stdio_client(server_params(daemon)) as (read, write):
            async with ClientSession(read, write, message_handler=on_message) as session:
                await session.initialize()
                s = (await call_ok(session, "session_create", app="finpessoal", physics="ideal"))["session"]
                subscribed = await session.call_tool("events_subscribe", {"session": s, "kinds": ["haptic"]})
                uri = subscribed.structured_content["resource"]
                await session.subscribe_resource(uri)
                await call_ok(session, "lab_timer", session=s, name="t", afterMs=100, haptic="light")
                await call_ok(session, "clock_advance", session=s, ms=100)
                await call_ok(session, "clock_now", session=s)  # a round trip after the notification was sent
                first = json.loads((await session.read_resource(uri)).contents[0].text)
                second = json.loads((await session.read_resource(uri)).contents[0].text)
                listed = [str(r.uri) for r in (await session.list_resources()).resources]
                await call_ok(session, "events_unsubscribe", subscription=subscribed.structured_content["subscription"])
                try:
                    await session.read_resource(uri)
                    gone = False
                except Exception:
                    gone = True
                return subscribed, uri, first, second, listed, gone

    subscribed, uri, first, second, listed, gone = anyio.run(main)
    assert uri == f"choreo://events/{subscribed.structured_content['subscription']}"
    assert "read it for those since the last read" in text(subscribed)
    assert [(e["kind"], e["style"], e["t"]) for e in first["events"]] == [("haptic", "light", 100)]
    assert second["events"] == []  # each read answers what came since the last
    assert uri in listed and updated and updated[0] == uri
    assert gone


def test_an_inline_journeys_includes_resolve_from_the_servers_directory(daemon, tmp_path):
    (tmp_path / "_visit.yaml").write_text("- navigate: goals\n- expect: {navigation.screen: goals}\n")
    inline = "journey: inline with an include\nphysics: ideal\nsteps:\n  - include: _visit.yaml\n" \
             "  - expect: {navigation.screen: budgets}\n"

    async def main():
        params = server_params(daemon)
        params = StdioServerParameters(command=params.command, args=params.args, env=params.env, cwd=str(tmp_path))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await session.call_tool("journey_run", {"yaml": inline})

    result = anyio.run(main)
    failure = result.structured_content["journeys"][0]["failure"]
    assert failure["location"]["file"] == "yaml" and failure["location"]["line"] == 5, failure
    assert "/tmp" not in text(result) and sorted(os.listdir(tmp_path)) == ["_visit.yaml"]  # nothing written


def test_an_events_resource_ends_with_its_session(daemon):
    async def body(session):
        s = (await call_ok(session, "session_create", app="finpessoal"))["session"]
        uri = (await call_ok(session, "events_subscribe", session=s))["resource"]
        before = [str(r.uri) for r in (await session.list_resources()).resources]
        await call_ok(session, "session_close", session=s)
        after = [str(r.uri) for r in (await session.list_resources()).resources]
        try:
            await session.subscribe_resource("choreo://events/999")
            unknown = False
        except Exception:
            unknown = True
        return uri, before, after, unknown

    uri, before, after, unknown = with_mcp(daemon, body)
    assert uri in before and uri not in after
    assert unknown  # a resource that does not exist cannot be subscribed to


def test_journey_run_filters_variants_as_journey_run_does(daemon, tmp_path):
    (tmp_path / "modes.yaml").write_text(
        "journey: modes\nphysics: ideal\nmatrix:\n  - {name: Reduced, settings.mode: reduced}\n"
        "  - {name: Full, settings.mode: full}\nsteps:\n  - expect: {settings.mode: \"${matrix.settings.mode}\"}\n")

    async def body(session):
        return await call_ok(session, "journey_run", paths=[str(tmp_path / "modes.yaml")], filter=["reduced"])

    report = with_mcp(daemon, body)
    assert [j["variant"] for j in report["journeys"]] == ["Reduced"] and report["summary"]["passed"] == 1


def test_screen_render_returns_the_svg_as_a_resource_and_a_png_when_asked(daemon):
    import base64
    import struct

    import svg_check

    async def body(session):
        s = (await call_ok(session, "session_create", app="finpessoal"))["session"]
        await call_ok(session, "ui_navigate", session=s, screen="transactions")
        await call_ok(session, "ui_tap", session=s, target="transactions/row/t1")
        plain = await session.call_tool("screen_render", {"session": s, "at": 100})
        picture = await session.call_tool("screen_render", {"session": s, "width": 200, "png": True})
        wrong = await session.call_tool("screen_render", {"session": s, "format": "png"})
        return plain, picture, wrong

    plain, picture, wrong = with_mcp(daemon, body)
    assert not plain.is_error, text(plain)
    summary = json.loads(plain.content[0].text)
    assert summary == plain.structured_content and "svg" not in summary
    assert summary["at"] == 100 and summary["now"] == 0 and summary["screen"] == "transactions"
    resource = plain.content[1].resource
    mime = getattr(resource, "mimeType", None) or getattr(resource, "mime_type", None)
    assert mime == "image/svg+xml" and str(resource.uri).startswith("choreo://screens/")
    root = svg_check.parse(resource.text)
    assert svg_check.groups(root, "hero"), "the hero is drawn 100 ms into its transition"
    assert not [c for c in plain.content if c.type == "image"], "no PNG unless asked"
    assert not picture.is_error, text(picture)
    images = [c for c in picture.content if c.type == "image"]
    assert len(images) == 1 and (getattr(images[0], "mimeType", None) or images[0].mime_type) == "image/png"
    png = base64.b64decode(images[0].data)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (200, round(200 * 852 / 393)), "the PNG at the asked width"
    assert wrong.is_error and "svg" in text(wrong)
