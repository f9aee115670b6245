"""`screen.render` against the real daemon: every screen and sheet of both apps in every mode draws a strict SVG
(svg_check), and journeys over the hero, a sheet, a pull, a celebration and AirFit's cards and sheet draw, frame by
frame, the geometry the state values say. The expected geometry is restated here from behavior.md SR2/SR3 (the
layout decisions) and the state values `state.get` reads at the same instant, not from the renderer's code."""

import pytest

import svg_check

FRAME = 1000 / 60
MODES = ("full", "reduced", "minimal")

# behavior.md SR2: FinPessoal's layout.
NAV_BOTTOM = 59 + 44
CONTENT_TOP = NAV_BOTTOM + 16
ROW, CARD, SPACING, MARGIN, WIDTH, HEIGHT = 56, 96, 20, 16, 393, 852
SHEET_TOP = 59 + 10
HERO_TOP, HERO_HEIGHT = 56, 140


def render(client, session, **params):
    result = client.call("screen.render", session=session, **params)
    return result, svg_check.parse(result["svg"])


def state(client, session, path):
    return client.call("state.get", session=session, path=path)["value"]


def sheet_names(client):
    fields = client.call("app.describe", app="finpessoal")["state"]["fields"]
    sheet = next(f for f in fields if f["name"] == "sheet")["shape"]["shape"]["fields"]
    return next(f for f in sheet if f["name"] == "name")["shape"]["choices"]


def item_for(client, session, sheet):
    lists = {"transaction": "transactions", "budget": "budgets", "bill": "bills", "account": "accounts",
             "creditCard": "creditCards", "loan": "loans"}
    for prefix, key in lists.items():
        if sheet in (prefix + "Detail", "edit" + prefix[0].upper() + prefix[1:]):
            return state(client, session, f"data.{key}")[0]["id"]
    return None


def close(a, b, tolerance=0.006):
    return abs(a - b) <= tolerance


# --- the tour ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", MODES)
def test_every_finpessoal_screen_and_sheet_draws_a_strict_svg_in_every_mode(client, mode):
    described = client.call("app.describe", app="finpessoal")
    drawn = 0
    for screen in described["screens"] + ["goalDetail"]:
        s = client.call("session.create", app="finpessoal", settings={"mode": mode})["session"]
        if screen == "goalDetail":
            client.call("ui.navigate", session=s, screen="goals")
            client.call("ui.tap", session=s, target="goals/card/g1")
        else:
            client.call("ui.navigate", session=s, screen=screen)
        for at in (None, 150, 2000):
            params = {} if at is None else {"at": at}
            result, root = render(client, s, **params)
            assert result["app"] == "finpessoal" and result["width"] == WIDTH and result["height"] == HEIGHT
            shown = svg_check.texts(root)
            for element in state(client, s, f"screens.{screen}.elements"):
                if element["label"] and not element.get("accessibilityHidden"):
                    assert element["label"] in shown, f"{screen} in {mode}: {element['label']!r} is not drawn"
            drawn += 1
        assert state(client, s, "navigation.screen") == screen, "render with `at` moved the session"
        client.call("session.close", session=s)
    for sheet in sheet_names(client):
        s = client.call("session.create", app="finpessoal", settings={"mode": mode})["session"]
        item = item_for(client, s, sheet)
        client.call("ui.present", session=s, sheet=sheet, **({"item": item} if item else {}))
        for at in (None, 120, 1000):
            result, root = render(client, s, **({} if at is None else {"at": at}))
            if at is None:
                assert svg_check.groups(root, "sheets.0"), f"{sheet} in {mode}: no sheet group"
            drawn += 1
        client.call("session.close", session=s)
    assert drawn == 3 * (len(described["screens"]) + 1) + 3 * len(sheet_names(client))


@pytest.mark.parametrize("mode", MODES)
def test_every_airfit_screen_and_its_sheet_draw_a_strict_svg_in_every_mode(client, mode):
    screens = client.call("app.describe", app="airfit")["screens"]
    assert "onboarding" in screens and "dashboard" in screens
    for screen in screens:
        s = client.call("session.create", app="airfit", settings={"mode": mode})["session"]
        if screen != "onboarding":
            client.call("ui.navigate", session=s, screen=screen)
        for at in (None, 100, 3000):
            result, root = render(client, s, **({} if at is None else {"at": at}))
            shown = svg_check.texts(root)
            for element in state(client, s, "screen.elements"):
                assert element["label"] in shown, f"{screen} in {mode}: {element['label']!r} is not drawn"
            title = "".join(g["glyph"] for g in state(client, s, "screen.title.glyphs") if g["glyph"] != "\n")
            assert title == "".join(shown).replace("\n", "")[: len(title)] or title in "".join(shown), title
        client.call("session.close", session=s)
    s = client.call("session.create", app="airfit", settings={"mode": mode})["session"]
    client.call("ui.navigate", session=s, screen="dashboard")
    client.call("ui.tap", session=s, target="dashboard/card/performance")
    _, root = render(client, s)
    assert svg_check.groups(root, "sheet"), "the AirFit sheet is not drawn"


def test_dark_appearance_and_a_width_scale_the_same_drawing(client):
    s = client.call("session.create", app="finpessoal", settings={"colorScheme": "dark"})["session"]
    result, root = render(client, s, width=786)
    assert root.get("width") == "786" and root.get("height") == "1704" and root.get("viewBox") == "0 0 393 852"
    background = next(iter(root.iter(svg_check.SVG + "rect")))
    assert background.get("fill") == "#000000", "the dark background"
    with pytest.raises(Exception) as error:
        client.call("screen.render", session=s, format="png")
    assert "svg" in str(error.value)


def test_at_draws_a_later_time_on_a_copy_and_the_past_is_refused_with_a_way_out(client):
    a = client.call("session.create", app="finpessoal")["session"]
    b = client.call("session.create", app="finpessoal")["session"]
    for s in (a, b):
        client.call("clock.advance", session=s, ms=1234.5)
        client.call("ui.navigate", session=s, screen="transactions")
        client.call("ui.tap", session=s, target="transactions/row/t2")
    ahead, _ = render(client, a, at=1234.5 + 120)
    assert ahead["now"] == 1234.5 and ahead["at"] == 1234.5 + 120
    assert client.call("clock.now", session=a)["now"] == 1234.5, "the session moved"
    client.call("clock.advance", session=b, ms=120)
    assert render(client, b)[0]["svg"] == ahead["svg"], "drawing ahead differs from advancing and drawing"
    with pytest.raises(Exception) as error:
        client.call("screen.render", session=a, at=100)
    assert "session.export" in str(error.value) and "1234.5" in str(error.value)


# --- geometry frame by frame -------------------------------------------------------------------------------------

def rect_of(group):
    rect = next(group.iter(svg_check.SVG + "rect"))
    return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))


def test_the_hero_and_its_sheet_move_frame_by_frame_as_their_values_do(client):
    s = client.call("session.create", app="finpessoal")["session"]
    client.call("clock.advance", session=s, ms=777.25)
    client.call("ui.navigate", session=s, screen="transactions")
    rows = [e for e in state(client, s, "screen.elements") if e["kind"] == "row"]
    index = next(i for i, e in enumerate(rows) if e["id"] == "t3")
    source = (MARGIN, CONTENT_TOP + index * (ROW + SPACING), WIDTH - 2 * MARGIN, ROW)
    destination = (MARGIN, SHEET_TOP + HERO_TOP, WIDTH - 2 * MARGIN, HERO_HEIGHT)
    client.call("ui.tap", session=s, target="transactions/row/t3")
    previous, seen = None, 0
    for _ in range(45):
        client.call("clock.advance", session=s, ms=FRAME)
        hero = state(client, s, "hero")
        sheet = state(client, s, "sheet")
        _, root = render(client, s)
        sheet_group = svg_check.groups(root, "sheets.0")[0]
        _, _, dy = svg_check.transform(sheet_group)
        assert close(dy, (1 - sheet["progress"]) * (HEIGHT - SHEET_TOP), 0.006), (dy, sheet["progress"])
        if hero["isTransitioning"]:
            p = hero["progress"]
            expected = tuple(a + (b - a) * p for a, b in zip(source, destination))
            group = svg_check.groups(root, "hero")[0]
            drawn = rect_of(group)
            assert all(close(x, y) for x, y in zip(drawn, expected)), (p, drawn, expected)
            assert svg_check.state_of(group)["progress"] == p
            if previous is not None and max(abs(a - b) for a, b in zip(expected, previous)) > 0.011:
                assert drawn != previous_rect, "the value moved, the picture did not"
            previous, previous_rect, seen = expected, drawn, seen + 1
        else:
            assert not svg_check.groups(root, "hero"), "a hero drawn after its transition"
    assert seen >= 20, f"only {seen} frames of the hero"


def test_the_pull_moves_the_content_and_the_indicator_as_the_values_do(client):
    s = client.call("session.create", app="finpessoal")["session"]
    client.call("clock.advance", session=s, ms=50)
    for finger in (10, 40, 80, 140, 220):
        client.call("ui.pull", session=s, distance=finger)
        refresh = state(client, s, "refresh")
        _, root = render(client, s)
        balance = svg_check.groups(root, "dashboard/card/balance")[0]
        assert close(rect_of(balance)[1], CONTENT_TOP + refresh["pullDistance"]), refresh["pullDistance"]
        group = svg_check.groups(root, "refresh")[0]
        scale, dx, dy = svg_check.transform(group)
        assert close(scale, refresh["scale"], 0.00006)
        centre_y = NAV_BOTTOM + refresh["pullDistance"] / 2
        assert close(dy, centre_y * (1 - refresh["scale"]), 0.006)
        assert close(float(group.get("opacity", "1")), refresh["opacity"] if refresh["visible"] else 0, 0.00006)
    client.call("ui.release", session=s)
    icons = set()
    for _ in range(40):
        client.call("clock.advance", session=s, ms=FRAME)
        refresh = state(client, s, "refresh")
        _, root = render(client, s)
        group = svg_check.groups(root, "refresh")[0]
        assert close(svg_check.state_of(group)["pullDistance"], refresh["pullDistance"], 1e-9)
        icons.add(refresh["icon"])
        if refresh["icon"] == "spinner" and refresh["visible"]:
            assert list(group.iter(svg_check.SVG + "path")), "the spinner's arc"
    assert "spinner" in icons


def test_the_celebration_fades_pulses_and_glows_as_its_values_do(client):
    s = client.call("session.create", app="finpessoal")["session"]
    client.call("clock.advance", session=s, ms=333)
    client.call("app.setSavings", session=s, amount=5000)
    glowed = 0
    for _ in range(int(2100 / FRAME)):
        client.call("clock.advance", session=s, ms=FRAME)
        current = state(client, s, "celebration.current")
        _, root = render(client, s)
        found = svg_check.groups(root, "celebration")
        if current is None:
            assert not found
            continue
        group = found[0]
        assert close(float(group.get("opacity", "1")), min(max(current["opacity"], 0), 1), 0.00006)
        scale, dx, _ = svg_check.transform(group)
        assert close(scale, current["scale"], 0.00006)
        assert close(dx, WIDTH / 2 * (1 - current["scale"]), 0.006)
        circles = list(group.iter(svg_check.SVG + "circle"))
        assert any(close(float(c.get("r")), current["checkmarkSize"] / 2) for c in circles), "the 60 pt check mark"
        assert "Savings milestone reached! $5,000" in svg_check.texts(root)
        if current["glowOpacity"] > 0:
            glow = [g for g in group.iter(svg_check.SVG + "g") if g.get("filter")]
            assert glow and close(float(glow[0].get("opacity", "1")), current["glowOpacity"], 0.00006)
            glowed += 1
    assert glowed > 10


def test_airfit_cards_title_and_sheet_follow_their_values(client):
    s = client.call("session.create", app="airfit")["session"]
    client.call("clock.advance", session=s, ms=90)
    client.call("ui.navigate", session=s, screen="dashboard")
    for _ in range(30):
        client.call("clock.advance", session=s, ms=FRAME)
        cards = state(client, s, "screen.cards")
        glyphs = [g for g in state(client, s, "screen.title.glyphs") if g["glyph"] != "\n"]
        _, root = render(client, s)
        for card in cards:
            group = svg_check.groups(root, card["target"])[0]
            scale, _, _ = svg_check.transform(group)
            assert close(scale, card["scale"], 0.00006), (card, scale)
        # The dashboard's own title (the onboarding screen it leaves is drawn under it while the transition runs).
        shown = svg_check.groups(root, "screen.dashboard")[0]
        spans = list(shown.iter(svg_check.SVG + "tspan"))
        assert [t.text for t in spans] == [g["glyph"] for g in glyphs]
        lines, line = [], 0
        for g in state(client, s, "screen.title.glyphs"):
            if g["glyph"] == "\n":
                line += 1
            else:
                lines.append(line)
        for span, glyph, line in zip(spans, glyphs, lines):
            assert close(float(span.get("fill-opacity", "1")), min(max(glyph["opacity"], 0), 1), 0.00006)
            assert float(span.get("data-weight")) == glyph["weight"]
            assert span.get("font-weight") == str(min(max(round(glyph["weight"] / 100), 1), 9) * 100)
            # SR3: lines 42 pt apart from a 140 pt baseline, each glyph `offsetY` below its line, rounded alone.
            assert close(float(span.get("y")), 140 + 42 * line + glyph["offsetY"])
    client.call("ui.tap", session=s, target="dashboard/card/performance")
    for _ in range(20):
        client.call("clock.advance", session=s, ms=FRAME)
        offset = state(client, s, "sheet.offset")
        _, root = render(client, s)
        _, _, dy = svg_check.transform(svg_check.groups(root, "sheet")[0])
        assert close(dy, offset), (dy, offset)


def test_the_same_state_draws_the_same_bytes(client):
    pictures = []
    for _ in range(2):
        s = client.call("session.create", app="finpessoal", seed=7)["session"]
        client.call("ui.navigate", session=s, screen="budgets")
        client.call("ui.tap", session=s, target="budgets/card/b1")
        client.call("clock.advance", session=s, ms=137)
        pictures.append(render(client, s)[0]["svg"])
    assert pictures[0] == pictures[1]


def test_the_hero_lands_in_its_own_sheet_when_another_stacks_over_it_mid_flight(client):
    s = client.call("session.create", app="finpessoal")["session"]
    client.call("ui.navigate", session=s, screen="transactions")
    client.call("ui.tap", session=s, target="transactions/row/t1")
    source = (MARGIN, CONTENT_TOP, WIDTH - 2 * MARGIN, ROW)
    destination = (MARGIN, SHEET_TOP + HERO_TOP, WIDTH - 2 * MARGIN, HERO_HEIGHT)
    client.call("clock.advance", session=s, ms=120)
    client.call("ui.tap", session=s, target="transactionDetail/button/edit")
    seen = 0
    for _ in range(30):
        client.call("clock.advance", session=s, ms=FRAME)
        hero = state(client, s, "hero")
        if not hero["isTransitioning"]:
            break
        _, root = render(client, s)
        expected = tuple(a + (b - a) * hero["progress"] for a, b in zip(source, destination))
        assert all(close(x, y) for x, y in zip(rect_of(svg_check.groups(root, "hero")[0]), expected))
        assert len(svg_check.groups(root, "sheets.1")) == 1
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("mode,scaled", [("reduced", True), ("minimal", False)])
def test_without_matched_geometry_the_destination_card_itself_scales_and_fades_in_its_sheet(client, mode, scaled):
    s = client.call("session.create", app="finpessoal", settings={"mode": mode})["session"]
    client.call("ui.navigate", session=s, screen="transactions")
    client.call("ui.tap", session=s, target="transactions/row/t1")
    client.call("clock.advance", session=s, ms=30)
    p = state(client, s, "hero.progress")
    assert state(client, s, "hero.isTransitioning"), "still running at 30 ms"
    _, root = render(client, s)
    sheet = svg_check.groups(root, "sheets.0")[0]
    inside = [g for g in sheet.iter(svg_check.SVG + "g") if g.get("data-name") == "hero"]
    assert len(svg_check.groups(root, "hero")) == 1 and len(inside) == 1, "one hero: the destination, in its sheet"
    scale, _, _ = svg_check.transform(inside[0])
    assert close(scale, 0.9 + 0.1 * p if scaled else 1, 0.00006)
    faded = [g for g in inside[0].iter(svg_check.SVG + "g") if g.get("opacity")]
    assert faded and close(float(faded[0].get("opacity")), p, 0.00006)


def test_a_push_hides_the_destination_card_while_the_shared_card_flies(client):
    s = client.call("session.create", app="finpessoal")["session"]
    client.call("ui.navigate", session=s, screen="goals")
    client.call("ui.tap", session=s, target="goals/card/g2")
    for _ in range(10):
        client.call("clock.advance", session=s, ms=FRAME)
        _, root = render(client, s)
        assert len(svg_check.groups(root, "hero")) == 1
        assert not svg_check.groups(root, "goalDetail/card/progress"), "the destination shows twice"
    client.call("clock.advance", session=s, ms=1000)
    _, root = render(client, s)
    assert not svg_check.groups(root, "hero") and svg_check.groups(root, "goalDetail/card/progress")


def test_a_render_far_ahead_is_refused_before_it_holds_the_daemon(client):
    s = client.call("session.create", app="finpessoal")["session"]
    with pytest.raises(Exception) as error:
        client.call("screen.render", session=s, at=1e12)
    assert "-32010" in str(error.value) or "limit" in str(error.value).lower()
    assert "clock.advance" in str(error.value)
    assert client.call("screen.render", session=s, at=3_600_000)["at"] == 3_600_000


def test_airfit_a_transition_draws_the_screen_it_leaves_and_its_flare(client):
    """Issue 46 #6, SR3: SwiftUI keeps the view being removed on screen for its removal transition, the insertion's
    `.opacity.combined(with: .offset(y: 12))` run backwards: while the 0.6 s transition runs, the screen left is
    drawn under the new one at opacity 1 − p, 12·p pt lower (p the transition's progress), with the flare its
    Get Started button plays; the new one at opacity p, 12·(1 − p) pt lower. At rest only the new one is drawn."""
    s = client.call("session.create", app="airfit", physics="ideal")["session"]
    client.call("clock.advance", session=s, ms=700)
    client.call("ui.tap", session=s, target="onboarding/button/getStarted")
    for _ in range(20):
        client.call("clock.advance", session=s, ms=FRAME)
        p = state(client, s, "navigation.transition.progress")
        flare = state(client, s, "flare")
        _, root = render(client, s)
        leaving = svg_check.groups(root, "leaving.onboarding")
        shown = svg_check.groups(root, "screen.dashboard")
        assert len(leaving) == 1 and len(shown) == 1
        assert close(svg_check.state_of(leaving[0])["opacity"], 1 - p, 1e-9)
        assert close(float(leaving[0].get("opacity")), 1 - p, 0.00006)
        _, _, dy = svg_check.transform(leaving[0])
        assert close(dy, 12 * p, 0.006)
        assert close(svg_check.state_of(shown[0])["transitionOpacity"], p, 1e-9)
        # The flare is over the button it was played on, inside the screen being left, at its own values.
        flares = svg_check.groups(leaving[0], "flare")
        assert len(flares) == 1 and flare["target"] == "onboarding/button/getStarted"
        assert close(svg_check.state_of(flares[0])["radius"], flare["radius"], 1e-9)
        assert "Get Started" in svg_check.texts(leaving[0])
    client.call("clock.advance", session=s, ms=1000)
    _, root = render(client, s)
    assert svg_check.groups(root, "leaving.onboarding") == [] and len(svg_check.groups(root, "screen.dashboard")) == 1
