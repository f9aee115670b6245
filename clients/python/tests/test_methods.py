"""Every protocol method through its Python method, against the real daemon; conftest.py validates each reply."""

from __future__ import annotations

import inspect
import json
import math
from pathlib import Path
from typing import Any, Dict

import pytest

from choreo import (
    PROTOCOL_METHODS,
    PROTOCOL_VERSION,
    Choreo,
    ChoreoError,
    MethodNotFound,
    Session,
    curves,
    is_refusal,
)
from choreo.client import _camel

DOC = json.loads((Path(__file__).resolve().parents[3] / "protocol" / "openrpc.json").read_text(encoding="utf-8"))
SPRING = {"spring": {"response": 0.4, "dampingFraction": 0.8}}


@pytest.fixture
def choreo_session_options() -> Dict[str, Any]:
    """Closed-form expectations: these sessions run the ``ideal`` physics (the daemon's default is ``swiftui``)."""
    return {"physics": "ideal"}


def spring_value(t_ms: float, response: float = 0.4, damping_fraction: float = 0.8) -> float:
    """An underdamped spring from 0 to 1 at rest, in closed form (SwiftUI's response/dampingFraction)."""
    omega0 = 2 * math.pi / response
    zeta = damping_fraction
    omega_d = omega0 * math.sqrt(1 - zeta * zeta)
    t = t_ms / 1000
    return 1 - math.exp(-zeta * omega0 * t) * (math.cos(omega_d * t) + zeta * omega0 / omega_d * math.sin(omega_d * t))


# The app's actions: each Python method sends its protocol method with these params. They answer a result, or an
# application error (unknown target, unsupported action, …), or -32601 while the daemon does not have them yet.
UI_CALLS = [
    (lambda s: s.tap("transactions/row/t1"), "ui.tap", {"target": "transactions/row/t1"}),
    (lambda s: s.tap("dashboard/chart", point=2), "ui.tap", {"target": "dashboard/chart", "point": 2}),
    (lambda s: s.back(), "ui.back", {}),
    (lambda s: s.present("addGoal"), "ui.present", {"sheet": "addGoal"}),
    (lambda s: s.dismiss(), "ui.dismiss", {}),
    (lambda s: s.scroll(40), "ui.scroll", {"y": 40}),
    (lambda s: s.scroll(12, screen="transactions"), "ui.scroll", {"y": 12, "screen": "transactions"}),
    (lambda s: s.pull(45), "ui.pull", {"distance": 45}),
    (lambda s: s.release(), "ui.release", {}),
    (lambda s: s.touch("dashboard/chart", 0.5), "ui.touch", {"target": "dashboard/chart", "x": 0.5}),
    (lambda s: s.drag(x=0.7), "ui.drag", {"x": 0.7}),
    (lambda s: s.release(), "ui.release", {}),
    (lambda s: s.contribute("g1", 100), "app.contribute", {"goal": "g1", "amount": 100}),
    (lambda s: s.close_budget_period("b1"), "app.closeBudgetPeriod", {"budget": "b1"}),
    (lambda s: s.set_savings(5200), "app.setSavings", {"amount": 5200}),
    (lambda s: s.add_transaction({"id": "t9", "amount": -4.5}), "app.addTransaction",
     {"transaction": {"id": "t9", "amount": -4.5}}),
    (lambda s: s.edit_transaction("t9", {"amount": -5}), "app.editTransaction",
     {"transaction": "t9", "changes": {"amount": -5}}),
    (lambda s: s.delete_transaction("t9"), "app.deleteTransaction", {"transaction": "t9"}),
    (lambda s: s.finish_loading(), "app.finishLoading", {"ok": True}),
    (lambda s: s.finish_loading(ok=False), "app.finishLoading", {"ok": False}),
    (lambda s: s.device_motion(10, -10), "ui.deviceMotion", {"pitch": 10, "roll": -10}),
]


def documented_params(method: Dict[str, Any]) -> set:
    """The param names of a method in the document (shared content descriptors resolved)."""
    names = set()
    for param in method["params"]:
        if "$ref" in param:
            param = DOC["components"]["contentDescriptors"][param["$ref"].rsplit("/", 1)[-1]]
        names.add(param["name"])
    return names


def test_the_method_table_is_exactly_the_documented_methods() -> None:
    """PROTOCOL_METHODS is kept by hand; it must list every method of protocol/openrpc.json and nothing else."""
    documented = {m["name"] for m in DOC["methods"]}
    assert not documented - set(PROTOCOL_METHODS), f"no Python method for {sorted(documented - set(PROTOCOL_METHODS))}"
    assert not set(PROTOCOL_METHODS) - documented, (
        f"PROTOCOL_METHODS lists methods protocol/openrpc.json does not: {sorted(set(PROTOCOL_METHODS) - documented)}"
    )


def test_every_python_method_exists_and_takes_only_documented_params() -> None:
    """Each Python method's parameters, in the protocol's spelling (``from_`` → ``from``, ``after_ms`` →
    ``afterMs``), are params of its protocol method: a renamed or removed param fails here."""
    methods = {m["name"]: m for m in DOC["methods"]}
    for wire, python in PROTOCOL_METHODS.items():
        owner, name = python.split(".")
        cls = {"Choreo": Choreo, "Session": Session}[owner]
        function = getattr(cls, name, None)
        assert callable(function), f"{wire}: {python} does not exist"
        params = documented_params(methods[wire])
        for parameter in list(inspect.signature(function).parameters.values())[1:]:
            if parameter.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
                continue
            if parameter.kind is inspect.Parameter.POSITIONAL_ONLY:
                continue  # a mapping of params (settings.set's changes)
            if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
                continue  # the client's own option, never sent (settle's strict)
            wire_name = _camel(parameter.name)
            if python == "Choreo.session" and wire_name == "settings":
                assert "settings" in params
                continue
            assert wire_name in params, f"{python}({parameter.name}) sends '{wire_name}', which {wire} does not take"


def test_every_documented_method_is_callable(choreo: Choreo, contract_hooks: Any) -> None:
    info = choreo.daemon_info()
    assert info["name"] == "choreod" and info["protocolVersion"] == PROTOCOL_VERSION
    document = choreo.discover()
    assert document["openrpc"].startswith("1.3") and document["info"]["title"] == "choreod"
    assert choreo.sample(SPRING, [0, 200])["values"][0] == 0
    with choreo.session() as original:
        original.advance(25)
        restored = choreo.import_session(original.export())
        assert restored.clock()["now"] == 25
        restored.close()
    audit = choreo.audit(app="airfit", budgets={"maxSettleMs": 2000})
    assert "glassCard.120fps" in audit["failures"]
    described = choreo.describe_app()
    assert described["app"] == "finpessoal" and described["default"] is True
    assert choreo.describe_app("airfit")["refusalReasons"][-1]["reason"] == "deviceMoving"
    with choreo.session() as s:
        assert any(entry["session"] == s.id for entry in choreo.sessions())
        assert s.settings()["effectiveMode"] == "full"
        assert s.set_settings(mode="reduced")["mode"] == "reduced"
        assert s.clock() == {"now": 0, "wallClock": "2026-01-05T09:00:00.000Z"}
        assert s.lab_animate("x", 1, SPRING, from_=0)["animation"] >= 1
        assert s.lab_set("y", 2) == 2
        assert s.lab_timer("t", 50, haptic="light")["firesAt"] == 50
        s.lab_haptic("success")
        s.lab_announce("hello")
        subscription = s.subscribe()
        assert s.advance(100)["now"] == 100
        assert s.settle()["settled"] is True
        assert isinstance(s.state(), dict)
        assert "lab.values.x" in [a["path"] for a in s.animations()]
        assert s.animations("lab.values.x")[0]["to"] == 1
        assert "lab.values.x" not in [a["path"] for a in s.animations(running=True, since=0, limit=5)], "it settled"
        now = s.clock()["now"]
        assert s.screen(at=now + 50, width=200).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
        assert s.clock()["now"] == now, "drawing ahead does not move the session"
        assert [h["style"] for h in s.haptics()] == ["success", "light"]
        # success (at 0 ms) is two taps 0.1 s apart, the timer's light (at 50 ms) one (behavior.md N11), in time order
        assert [e["Event"]["Time"] for e in s.haptics_ahap()["Pattern"]] == [0, 0.05, 0.1]
        assert s.announcements() == [{"t": 0, "text": "hello"}]
        assert s.trace()[0]["kind"] == "session.created"
        assert choreo.unsubscribe(subscription) is True
        assert s.navigate("goals")["screen"] == "goals"
        fork = s.fork()
        assert fork.id != s.id
        assert fork.close() is True
    with choreo.session() as s:
        for action, _, _ in UI_CALLS:
            try:
                action(s)
            except ChoreoError:
                pass
    # daemon.shutdown is called in test_connection.py on a private daemon; the rest were called here.
    called = {method for method, _ in contract_hooks.sent()} | {"daemon.shutdown"}
    documented = {m["name"] for m in DOC["methods"]}
    assert documented <= called, f"not called: {sorted(documented - called)}"


@pytest.mark.parametrize("action,method,params", UI_CALLS, ids=[f"{c[1]}-{i}" for i, c in enumerate(UI_CALLS)])
def test_ui_and_app_methods_send_their_protocol_method(
    choreo_session: Session, contract_hooks: Any, action: Any, method: str, params: Dict[str, Any]
) -> None:
    try:
        action(choreo_session)
    except MethodNotFound as e:
        assert e.data["method"] == method
    except ChoreoError as e:
        assert e.code in (-32602, -32003, -32004, -32005), e  # the daemon has it; the state refused this call
    sent_method, sent_params = contract_hooks.sent()[-1]
    assert sent_method == method
    assert sent_params == {"session": choreo_session.id, **params}


def test_generic_call_passes_names_through_and_maps_trailing_underscores(choreo: Choreo, contract_hooks: Any) -> None:
    result = choreo.call("motion.sample", curve={"linear": {"duration": 1}}, at=[500], from_=10, to=20)
    assert result["values"] == [15]
    assert contract_hooks.sent()[-1] == (
        "motion.sample",
        {"curve": {"linear": {"duration": 1}}, "at": [500], "from": 10, "to": 20},
    )
    assert choreo.call("motion.sample", {"curve": {"linear": {"duration": 1}}, "at": 250})["values"] == [0.25]
    with choreo.session() as s:
        assert s.call("lab.set", name="v", value=3) == {"value": 3}
        assert s.call("state.get", {"path": "lab.values.v"})["value"] == 3
        assert contract_hooks.sent()[-1] == ("state.get", {"path": "lab.values.v", "session": s.id})


def test_session_create_takes_every_option(choreo: Choreo) -> None:
    with choreo.session(
        app="finpessoal",
        settings={"mode": "reduced", "voiceOver": True},
        seed=7,
        fps=120,
        data={},
        wall_clock="2026-03-01T10:00:00+02:00",
    ) as s:
        assert s.app == "finpessoal"
        assert s.settings()["mode"] == "reduced"
        assert s.settings()["voiceOver"] is True
        created = s.trace(kinds=["session.created"])[0]
        assert created["seed"] == 7 and created["fps"] == 120
        assert s.wall_clock() == "2026-03-01T10:00:00.000+02:00"


def test_sample_matches_the_closed_form_spring(choreo: Choreo) -> None:
    times = [0, 50, 100, 200, 300, 400, 500]
    result = choreo.sample(curves.spring(response=0.4, damping_fraction=0.8), times, physics="ideal")
    for t, value in zip(times, result["values"]):
        assert value == pytest.approx(spring_value(t), rel=1e-9, abs=1e-12), t
    assert result["logicallyCompleteMs"] == 400
    assert result["settleMs"] == 571.013738
    assert choreo.sample(curves.ease_in_out(0.4), [0, 200, 400], from_=0, to=1, physics="ideal")["values"] == [0, 0.5, 1]
    single = choreo.sample(curves.linear(duration_ms=100), 50, from_=0, to=10)
    assert single["values"] == [5]


def test_curve_builders_spell_what_the_daemon_takes(choreo: Choreo) -> None:
    built = [
        curves.spring(0.4, 0.8),
        curves.spring(duration_ms=500, bounce=0.2),
        curves.interpolating_spring(130, 12, mass=1),
        curves.linear(1, repeat_forever={"autoreverses": True}),
        curves.ease_in(0.3, delay_ms=100),
        curves.ease_out(duration_ms=300),
        curves.ease_in_out(0.35, delay=0.1),
        curves.bezier(0.25, 0.1, 0.25, 1, 0.5),
    ]
    assert built[0] == SPRING
    assert built[3] == {"linear": {"duration": 1}, "repeatForever": {"autoreverses": True}}
    for curve in built:
        choreo.sample(curve, [0, 100])


def test_clock_advance_fires_deadlines_at_their_own_times(choreo_session: Session) -> None:
    s = choreo_session
    s.lab_animate("x", 100, SPRING, from_=0)
    s.lab_timer("ding", 150, haptic="success")
    assert s.advance(200) == {"now": 200, "fired": 1}
    assert s.state("lab.values.x") == pytest.approx(100 * spring_value(200), rel=1e-11)
    assert s.haptics() == [{"t": 150, "style": "success", "source": "lab.timer.ding"}]
    assert s.now() == 200
    assert s.haptics(since=151) == []


def test_settle_times_out_honestly_and_then_settles(choreo_session: Session) -> None:
    s = choreo_session
    s.lab_animate("x", 100, SPRING, from_=0)
    timeout = s.settle(timeout_ms=100)
    assert timeout["settled"] is False and timeout["now"] == 100
    assert "lab.values.x" in [r["path"] for r in timeout["running"]]
    done = s.settle()
    assert done["settled"] is True and done["now"] == 571.013738
    assert s.animations("lab.values.x")[0]["state"] == "settled"


def test_state_reads_paths_and_the_whole_tree(choreo_session: Session) -> None:
    s = choreo_session
    tree = s.state()
    assert tree["navigation"]["screen"] == "dashboard"
    assert s.state("navigation.screen") == "dashboard"
    assert s.state("navigation.stack.0") == "dashboard"
    s.navigate("budgets")
    assert s.state("navigation.screen") == "budgets"


def test_settings_in_snake_case_or_camel_case(choreo_session: Session) -> None:
    s = choreo_session
    after = s.set_settings(reduce_motion=True)
    assert after["reduceMotion"] is True and after["effectiveMode"] == "minimal"
    after = s.set_settings({"respectReduceMotion": False}, dynamic_type="xxLarge")
    assert after["effectiveMode"] == "full" and after["dynamicType"] == "xxLarge"
    assert s.settings() == after
    assert s.trace(kinds=["settings"])[-1]["dynamicType"] == "xxLarge"


def test_trace_filters(choreo_session: Session) -> None:
    s = choreo_session
    s.lab_set("a", 1)
    s.advance(10)
    s.lab_set("a", 2)
    events = s.trace()
    last_seq = events[-1]["seq"]
    assert [e["kind"] for e in s.trace(kinds=["lab.set"])] == ["lab.set", "lab.set"]
    assert [e["value"] for e in s.trace(since=10, kinds=["lab.set"])] == [2]
    assert s.trace(after_seq=last_seq) == []


def test_fork_copies_pending_timers_and_evolves_independently(choreo_session: Session) -> None:
    s = choreo_session
    s.lab_timer("later", 100, haptic="heavy")
    s.advance(50)
    with s.fork() as fork:
        assert fork.now() == 50
        fork.advance(50)
        assert [h["style"] for h in fork.haptics()] == ["heavy"]
        assert s.haptics() == []
        assert fork.app == s.app
    assert fork.closed


def test_lab_values_interrupt_and_report(choreo_session: Session) -> None:
    s = choreo_session
    first = s.lab_animate("x", 1, curves.linear(0.2))
    assert first["from"] == 0 and first["logicallyCompleteAt"] == 200
    s.advance(100)
    assert s.lab_set("x", 5) == 5
    assert s.state("lab.values.x") == 5
    assert s.animations("lab.values.x")[0]["state"] == "interrupted"
    loop = s.lab_animate("pulse", 1, curves.linear(1, repeat_forever=True), from_=0)
    assert "settledAt" not in loop or loop["settledAt"] is None
    settle = s.settle()
    assert settle["settled"] is True
    assert [r["path"] for r in settle["running"] if r["path"].startswith("lab.")] == ["lab.values.pulse"]


def test_a_refusal_has_one_shape_and_its_retry_after_is_exact(choreo: Choreo) -> None:
    """Issue 16 #20: while AirFit's sheet is being dismissed, ui.navigate is refused with retryAfterMs (not sent to
    ui.dismiss, which is refused too); advancing one ms less leaves it refused, advancing exactly that much lets it
    through. By hand: dismissed from rest at 1400 ms, the sheet is gone τ·ln 31 = 1715.276036 ms later → 1716."""
    with choreo.session(app="airfit", physics="ideal") as s:
        s.navigate("dashboard")
        s.tap("dashboard/card/performance")
        s.advance(1400)
        presented = s.navigate("chat")
        assert is_refusal(presented) and presented["reason"] == "sheetPresented" and "retryAfterMs" not in presented
        assert not is_refusal(s.dismiss())
        during = s.navigate("chat")
        assert is_refusal(during)
        assert during["reason"] == "sheetDismissing" and during["retryAfterMs"] == 1716
        assert "ui.dismiss" not in during["message"]
        again = s.dismiss()
        assert is_refusal(again) and again["reason"] == "alreadyDismissing" and "retryAfterMs" not in again
        s.advance(during["retryAfterMs"] - 1)
        assert s.navigate("chat")["retryAfterMs"] == 1
        s.advance(1)
        assert s.navigate("chat")["screen"] == "chat"
