#!/usr/bin/env python3
"""Expected values of the app journeys under the `swiftui` physics (journeys/physics/), from swiftui_physics.py.

Each scenario replays what an app does on a property (start value, then (time, target, animation) changes in
seconds, as the app's code and protocol/behavior.md describe it) through `sample_property`, SwiftUI's runtime
model, and prints the values the journey asserts, with the `ideal` closed form beside them where the journey
says how far apart the two are. Nothing here reads the daemon.

    python3 scripts/swiftui_app_scenarios.py            # every scenario
    python3 scripts/swiftui_app_scenarios.py parallax   # the scenarios whose name contains "parallax"
    python3 scripts/swiftui_app_scenarios.py --claims   # the seed claims under each physics (markdown table)
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import swiftui_physics as sp  # noqa: E402


def airfit_standard_spring(fps, initial_velocity=0.0):
    """AirFitApp.standardSpring: interpolatingSpring(130, 12) at 120 fps, (130, 10.5) at 60 fps (seed 004)."""
    return sp.InterpolatingSpring(130.0, 12.0 if fps >= 120 else 10.5, initial_velocity=initial_velocity)


def ease(name, duration):
    return sp.Bezier.named(name, duration)


def sample(start, changes, fps, times, until=None):
    """sample_property with reads at `times` (s); `until` defaults to 4 s past the last read."""
    until = until if until is not None else max(times) + 4.0
    return sp.sample_property(start, changes, fps, until, times=times)


def timing_at(name, duration, from_, to, elapsed):
    """A timing curve started `elapsed` seconds ago (elapsed < 0: not started, the start value)."""
    f = sp.Bezier.named(name, duration).fraction(max(elapsed, 0.0))
    return to if f is None else from_ + (to - from_) * f


def ideal_timing_at(name, duration, from_, to, elapsed):
    if elapsed >= duration:
        return to
    return from_ + (to - from_) * sp.ideal_bezier_progress(sp.TIMING_FUNCTIONS[name], max(elapsed, 0.0) / duration)


def ideal_interpolating(stiffness, damping, from_, to, t, initial_velocity=0.0):
    return from_ + (to - from_) * sp.ideal_progress(stiffness, damping, 1.0, t, initial_velocity)


# ---------------------------------------------------------------------------------------------------------------
# AirFit


def parallax_retarget(fps):
    """ParallaxContainer: roll 20° at 0 (x 0 → 4 pt), roll 10° at 150 ms (→ 2 pt), both on the standard spring.

    interpolatingSpring never merges, so the second change is combined: it runs from what the first gives.
    The plain sum is what additive offsets would show: 4·p(t) + (2 − 4)·p(t − 0.15).
    """
    spring = airfit_standard_spring(fps)
    r = sample(0.0, [(0.0, 4.0, airfit_standard_spring(fps)), (0.15, 2.0, airfit_standard_spring(fps))], fps,
               [0.1, 0.15, 0.25, 0.35])
    p = spring.model.sample
    return {
        "x@100": r["values"][0.1], "x@250": r["values"][0.25], "x@350": r["values"][0.35],
        "plainSum@350": 4.0 * p(0.35) + (2.0 - 4.0) * p(0.2),
        "removedAt": r["removedAt"], "logicallyCompleteAt": r["logicallyCompleteAt"],
    }


def cascade_glyph(index, count, elapsed, ideal=False):
    """CascadeText glyph i of n, `elapsed` s after the cascade started: weight, offsetY, opacity (seed 004)."""
    delay = math.sin(index / count * math.pi) * 0.012
    at = ideal_timing_at if ideal else timing_at
    eased = at("easeOut", 0.588, 0.0, 1.0, elapsed - delay)
    return {
        "weight": 300.0 + 100.0 * eased, "offsetY": 6.0 * (1.0 - eased),
        "opacity": at("linear", 0.588, 0.0, 1.0, elapsed - delay),
    }


def airfit_get_started(fps=60):
    """onboarding/button/getStarted at 0: the flare (easeOut 0.3 s: radius 0 → 1, opacity 0.6 → 0), then the push
    to the dashboard: transition and gradient crossfade easeInOut 0.6 s, the title cascade, the glass cards
    0.96 → 1 and the ring 0 → 1850/2300 on the standard spring. Reads at 100 and 250 ms."""
    out = {}
    ring = 1850.0 / 2300.0
    for ms in (100, 250):
        t = ms / 1000.0
        out[f"flare.radius@{ms}"] = timing_at("easeOut", 0.3, 0.0, 1.0, t)
        out[f"flare.opacity@{ms}"] = timing_at("easeOut", 0.3, 0.6, 0.0, t)
        out[f"transition.progress@{ms}"] = timing_at("easeInOut", 0.6, 0.0, 1.0, t)
        out[f"transition.offsetY@{ms}"] = 12.0 * (1.0 - out[f"transition.progress@{ms}"])
        out[f"gradient.crossfade@{ms}"] = timing_at("easeInOut", 0.6, 0.0, 1.0, t)
        cards = sample(0.96, [(0.0, 1.0, airfit_standard_spring(fps))], fps, [t])
        out[f"card.scale@{ms}"] = cards["values"][t]
        out[f"ring.progress@{ms}"] = sample(0.0, [(0.0, ring, airfit_standard_spring(fps))], fps, [t])["values"][t]
        for i in (1, 7):
            for key, value in cascade_glyph(i, 15, t).items():
                out[f"glyph{i}.{key}@{ms}"] = value
            out[f"glyph{i}.weight@{ms} ideal"] = cascade_glyph(i, 15, t, ideal=True)["weight"]
    out["flare.removedAt"] = sample(0.0, [(0.0, 1.0, ease("easeOut", 0.3))], fps, [0.0])["removedAt"]
    out["transition.removedAt"] = sample(0.0, [(0.0, 1.0, ease("easeInOut", 0.6))], fps, [0.0])["removedAt"]
    out["cards.removedAt"] = sample(0.96, [(0.0, 1.0, airfit_standard_spring(fps))], fps, [0.0])["removedAt"]
    out["ring.removedAt"] = sample(0.0, [(0.0, ring, airfit_standard_spring(fps))], fps, [0.0])["removedAt"]
    return out


def airfit_sheet(fps=60):
    """DragDismissSheet: presented at 0 (600 → 0 pt on the standard spring); reads at 100 and 200 ms; then, at
    1400 ms, dragged to 100 pt at 200 pt/s down and released: springs back 100 → 0 with initialVelocity −2 (the
    finger's velocity in units of the change), read 100, 200 and 400 ms after the release."""
    r = sample(600.0, [(0.0, 0.0, airfit_standard_spring(fps))], fps, [0.1, 0.2])
    back = sample(100.0, [(1.4, 0.0, airfit_standard_spring(fps, -2.0))], fps, [1.5, 1.6, 1.8])
    damping = 12.0 if fps >= 120 else 10.5
    return {
        "present@100": r["values"][0.1], "present@200": r["values"][0.2], "present.removedAt": r["removedAt"],
        "back@+100": back["values"][1.5], "back@+200": back["values"][1.6], "back@+400": back["values"][1.8],
        "back.removedAt": back["removedAt"],
        "back.removalBound": sp.interpolating_spring_removal_bound(130.0, damping, initial_velocity=-2.0),
        "back.ideal@+100": ideal_interpolating(130.0, damping, 100.0, 0.0, 0.1, -2.0),
        "back.idealSettle": 1.4 + sp.ideal_settle_time(130.0, damping, 1.0, -2.0),
    }


# ---------------------------------------------------------------------------------------------------------------
# FinPessoal


def fin_sheet_full(fps=60):
    """Full mode: a sheet presented at 0 on spring(0.5, 1.0) (0 → 1), dismissed at 200 ms on the same spring:
    spring() merges (offset, velocity and force kept). Reads at 125, 200, 300, 450 ms; gone at logical completion
    (200 + 500 ms)."""
    spring = lambda: sp.FluidSpring(0.5, 1.0)  # noqa: E731
    r = sample(0.0, [(0.0, 1.0, spring()), (0.2, 0.0, spring())], fps, [0.125, 0.2, 0.3, 0.45])
    return {
        "p@125": r["values"][0.125], "p@200": r["values"][0.2], "p@300": r["values"][0.3],
        "p@450": r["values"][0.45], "logicallyCompleteAt": r["logicallyCompleteAt"], "removedAt": r["removedAt"],
    }


def fin_sheet_reduced(fps=60):
    """Reduced mode: easeOut(0.25) 0 → 1 at 0, dismissed at 125 ms with easeOut(0.25) → 0: combined (the dismissal
    runs from what the presentation gives), not the additive sum. Reads at 125, 200, 300 ms."""
    r = sample(0.0, [(0.0, 1.0, ease("easeOut", 0.25)), (0.125, 0.0, ease("easeOut", 0.25))], fps,
               [0.125, 0.2, 0.3])
    additive = ideal_timing_at("easeOut", 0.25, 0.0, 1.0, 0.2) - ideal_timing_at("easeOut", 0.25, 0.0, 1.0, 0.075)
    return {
        "p@125": r["values"][0.125], "p@200": r["values"][0.2], "p@300": r["values"][0.3],
        "additive@200": additive, "removedAt": r["removedAt"],
    }


def fin_nav_blur(fps=60):
    """Full mode nav-bar blur, linear 150 ms: scroll to 5 pt at 0 (→ 0.5), to 20 pt at 5 ms (→ 1): combined.
    Reads at 75, 150, 155 ms; the ideal (additive) value at 75 ms: 0.25 + 0.5·70/150."""
    r = sample(0.0, [(0.0, 0.5, ease("linear", 0.15)), (0.005, 1.0, ease("linear", 0.15))], fps,
               [0.075, 0.15, 0.155])
    return {
        "b@75": r["values"][0.075], "b@150": r["values"][0.15], "b@155": r["values"][0.155],
        "additive@75": 0.25 + 0.5 * 70.0 / 150.0, "removedAt": r["removedAt"],
    }


def fin_celebration_full(fps=60):
    """The refined 2 s celebration in full mode from a trigger at 0: opacity 0 → 1 easeOut(0.2) at 0, scale 1 →
    1.05 spring(0.6, 0.7) at 200 ms and → 1 on the same spring at 800 ms (merged), glow 0 → 1 easeInOut(0.8) at
    800 ms (shown × 0.3), opacity → 0 easeOut(0.4) at 1600 ms."""
    pulse = lambda: sp.FluidSpring(0.6, 0.7)  # noqa: E731
    scale = sample(1.0, [(0.2, 1.05, pulse()), (0.8, 1.0, pulse())], fps, [0.35, 0.5, 1.0, 1.2])
    opacity = sample(0.0, [(0.0, 1.0, ease("easeOut", 0.2)), (1.6, 0.0, ease("easeOut", 0.4))], fps,
                     [0.1, 1.7])
    glow = sample(0.0, [(0.8, 1.0, ease("easeInOut", 0.8))], fps, [1.0])
    k, c, m = sp.response_coefficients(0.6, 0.7)
    return {
        "opacity@100": opacity["values"][0.1], "opacity@1700": opacity["values"][1.7],
        "scale@350": scale["values"][0.35], "scale@350 ideal": 1.0 + 0.05 * sp.ideal_progress(k, c, m, 0.15),
        "scale@500": scale["values"][0.5], "scale@1000": scale["values"][1.0], "scale@1200": scale["values"][1.2],
        "scale.removedAt": scale["removedAt"], "glowOpacity@1000": 0.3 * glow["values"][1.0],
    }


def fin_dashboard_reveal(fps=60):
    """Initial load ending at 1000 ms (full mode): skeletons fade easeOut(0.2); card k fades in easeOut(0.25) and
    slides 20 → 0 pt on spring(0.5, 0.8) from 1200 + 100·k ms; the counters count from 0 on spring(0.8, 1.0) from
    1200 ms; the chart (card 1) reveals from R = 1300 ms: container 0.95 → 1 spring(0.4, 0.8) at R, x-axis trim
    easeInOut(0.3) at R, x-axis labels spring(0.3, 0.7) at R + 300, the line easeInOut(0.6) from R + 300, point 0
    spring(0.3, 0.6) from R + 400. Reads at 1400, 1450, 1700 and 1900 ms."""
    out = {}
    counters = {"balance": 8050.75, "monthlyIncome": 5200.0, "monthlyExpenses": 175.6}
    for name, target in counters.items():
        r = sample(0.0, [(1.2, target, sp.FluidSpring(0.8, 1.0))], fps, [1.4, 1.7])
        out[f"counter.{name}@1400"] = r["values"][1.4]
        out[f"counter.{name}@1700"] = r["values"][1.7]
        out[f"counter.{name}.removedAt"] = r["removedAt"]
    k, c, m = sp.response_coefficients(0.8, 1.0)
    out["counter.balance@1400 ideal"] = 8050.75 * sp.ideal_progress(k, c, m, 0.2)
    slide = sample(20.0, [(1.3, 0.0, sp.FluidSpring(0.5, 0.8))], fps, [1.4, 1.7])
    out["card1.offsetY@1400"] = slide["values"][1.4]
    out["card1.offsetY@1700"] = slide["values"][1.7]
    out["card1.opacity@1400"] = timing_at("easeOut", 0.25, 0.0, 1.0, 0.1)
    out["skeletons.opacity@1100"] = timing_at("easeOut", 0.2, 1.0, 0.0, 0.1)
    container = sample(0.95, [(1.3, 1.0, sp.FluidSpring(0.4, 0.8))], fps, [1.4, 1.45])
    out["chart.container@1400"] = container["values"][1.4]
    out["chart.container@1450"] = container["values"][1.45]
    k, c, m = sp.response_coefficients(0.4, 0.8)
    out["chart.container@1450 ideal"] = 0.95 + 0.05 * sp.ideal_progress(k, c, m, 0.15)
    out["chart.container.removedAt"] = container["removedAt"]
    out["chart.axisX@1400"] = timing_at("easeInOut", 0.3, 0.0, 1.0, 0.1)
    labels = sample(0.0, [(1.6, 1.0, sp.FluidSpring(0.3, 0.7))], fps, [1.7])
    out["chart.labelsX@1700"] = labels["values"][1.7]
    out["chart.labelsX.scale@1700"] = 0.8 + 0.2 * labels["values"][1.7]
    out["chart.line@1700"] = timing_at("easeInOut", 0.6, 0.0, 1.0, 0.1)
    point = sample(0.0, [(1.7, 1.0, sp.FluidSpring(0.3, 0.6))], fps, [1.9])
    out["chart.point0@1900"] = point["values"][1.9]
    return out


# ---------------------------------------------------------------------------------------------------------------
# Loops (repeatForever): each pass ends, and the next begins, on the first frame after the duration


def loop_value(from_, to, name, duration, begin, t, fps, autoreverses=False):
    """A `name` timing curve repeated forever from `begin` (s), as SwiftUI's RepeatAnimation runs it: the value at t."""
    r = sp.sample_property(from_, [(begin, to, sp.Repeat(sp.Bezier.named(name, duration), None, autoreverses))], fps,
                           t, times=[t])
    return r["values"][t]


def ideal_loop_value(from_, to, name, duration, begin, t, autoreverses=False):
    cycles, rest = divmod(t - begin, duration)
    fraction = sp.ideal_bezier_progress(sp.TIMING_FUNCTIONS[name], rest / duration)
    if autoreverses and int(cycles) % 2 == 1:
        fraction = sp.ideal_bezier_progress(sp.TIMING_FUNCTIONS[name], 1 - rest / duration)
    return from_ + (to - from_) * fraction


def fin_loops(fps):
    """FinPessoal in full mode, loading from 0 (loadOnStart, 2000 ms): skeleton shimmer x −1 → 1 on easeInOut(1.5)
    repeated, row k (item k + 2) 50·k ms late; the dashboard's premium gradient phase 0 → 1 on linear(3) repeated
    from 0. Reads at 375, 1600, 3100 ms."""
    out = {}
    for item, delay in ((0, 0.0), (3, 0.05), (6, 0.2)):
        for ms in (375, 1600):
            out[f"shimmer{item}@{ms}"] = loop_value(-1.0, 1.0, "easeInOut", 1.5, delay, ms / 1000, fps)
    out["shimmer0@1600 ideal"] = ideal_loop_value(-1.0, 1.0, "easeInOut", 1.5, 0.0, 1.6)
    for ms in (1500, 3000, 3010, 3100):
        out[f"premium@{ms}"] = loop_value(0.0, 1.0, "linear", 3.0, 0.0, ms / 1000, fps)
    out["premium@3100 ideal"] = ideal_loop_value(0.0, 1.0, "linear", 3.0, 0.0, 3.1)
    return out


def fin_pulse_loops(fps):
    """Reduced mode: the skeleton pulse 1 → 0.6 on easeInOut(0.75) repeated with autoreverse, row k 50·k ms late."""
    out = {}
    for item, delay in ((0, 0.0), (3, 0.05)):
        for ms in (375, 1000, 1600):
            out[f"pulse{item}@{ms}"] = loop_value(1.0, 0.6, "easeInOut", 0.75, delay, ms / 1000, fps, True)
    out["pulse0@1000 ideal"] = ideal_loop_value(1.0, 0.6, "easeInOut", 0.75, 0.0, 1.0, True)
    return out


def airfit_ripples(fps):
    """MicRippleView: recording from 0; ripple i's phase 0 → 1 on easeOut(1.5) repeated, from 0.5·i s. Reads at
    1000, 1600 and 2100 ms (scale 1 + phase, opacity 0.5·(1 − phase))."""
    out = {}
    for i in range(3):
        for ms in (1000, 1600, 2100):
            out[f"ripple{i}@{ms}"] = loop_value(0.0, 1.0, "easeOut", 1.5, 0.5 * i, ms / 1000, fps)
    out["ripple0@1600 ideal"] = ideal_loop_value(0.0, 1.0, "easeOut", 1.5, 0.0, 1.6)
    return out


def fin_pull_to_refresh(fps=60):
    """Full mode: the finger pulls the indicator to 90 pt at 0 and lets go at 100 ms: it springs back to its 60 pt
    rest on spring(0.4, 1.2), the spinner loops 0 → 360° on easeInOut(1) from the release, the load ends 1200 ms
    later and the check mark pops 0 → 1 on spring(0.3, 0.6). Reads at 200, 350, 1250 and 1400 ms."""
    back = sample(90.0, [(0.1, 60.0, sp.FluidSpring(0.4, 1.2))], fps, [0.2])
    k, c, m = sp.response_coefficients(0.4, 1.2)
    check = sample(0.0, [(1.3, 1.0, sp.FluidSpring(0.3, 0.6))], fps, [1.4])
    return {
        "pullDistance@200": back["values"][0.2],
        "pullDistance@200 ideal": 60.0 + 30.0 * (1 - sp.ideal_progress(k, c, m, 0.1)),
        "rotation@350": loop_value(0.0, 360.0, "easeInOut", 1.0, 0.1, 0.35, fps),
        "rotation@1250": loop_value(0.0, 360.0, "easeInOut", 1.0, 0.1, 1.25, fps),
        "rotation@1250 ideal": ideal_loop_value(0.0, 360.0, "easeInOut", 1.0, 0.1, 1.25),
        "checkmark@1400": check["values"][1.4],
    }


def splitmix64(seed):
    """The session's SeededRandom (SplitMix64): yields 64-bit values."""
    state = seed
    mask = (1 << 64) - 1
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def fin_chart_burst(seed=7):
    """A tap on chart point 2 at 0 in full mode (session seed 7, the session's first random draws): particle 0 flies
    16 + 16·u₂ pt out (u = next() >> 11 / 2⁵³; u₁ gives its angle) on easeOut over the burst's 600 ms, fading with
    the linear progress. Reads at 150 and 300 ms."""
    rng = splitmix64(seed)
    unit = lambda: (next(rng) >> 11) / 9007199254740992  # noqa: E731
    angle = unit() * 360
    distance = 16 + unit() * 16
    out = {"angle": angle, "distance": distance}
    for ms in (150, 300):
        t = ms / 1000
        out[f"distance@{ms}"] = distance * timing_at("easeOut", 0.6, 0.0, 1.0, t)
        out[f"distance@{ms} ideal"] = distance * ideal_timing_at("easeOut", 0.6, 0.0, 1.0, t)
        out[f"opacity@{ms}"] = 1 - timing_at("linear", 0.6, 0.0, 1.0, t)
    return out


# ---------------------------------------------------------------------------------------------------------------
# The seed claims under each physics (protocol/behavior.md "Physics", README)

# (claim, the seed's words, curve label, kind, parameters, delay s); kind as in swiftui_physics.make_animation,
# or "timing" with (name, duration).
SEED_CLAIMS = [
    ("FinPessoal hero transition", 'seed 000 "400ms spring animation (response: 0.4, damping: 0.8)"',
     "spring(0.4, 0.8)", "spring", (0.4, 0.8, 0.0), 0.0),
    ("FinPessoal celebration pulse", 'seed 000 "Pulse (600ms)"', "spring(0.6, 0.7)", "spring", (0.6, 0.7, 0.0), 0.0),
    ("FinPessoal sheet presentation (full)", 'seed 002 "smooth animations" (decision)', "spring(0.5, 1.0)",
     "spring", (0.5, 1.0, 0.0), 0.0),
    ("FinPessoal dashboard card slide", 'seed 003 "Cards slide in from below with spring physics"',
     "spring(0.5, 0.8)", "spring", (0.5, 0.8, 0.0), 0.0),
    ("FinPessoal counters (full)", 'seed 003 "Numbers count up using PhysicsNumberCounter"', "spring(0.8, 1.0)",
     "spring", (0.8, 1.0, 0.0), 0.0),
    ("FinPessoal nav-bar blur (full)", 'seed 002 "Full Mode: 150ms linear animation"', "linear 0.15 s",
     "timing", ("linear", 0.15), 0.0),
    ("AirFit glass card / ring / sheet / parallax, 120 fps", 'seed 004 "All springs complete within 400ms"',
     "interpolatingSpring(130, 12)", "interpolating", (130.0, 12.0, 1.0), 0.0),
    ("AirFit glass card / ring / sheet / parallax, 60 fps", 'seed 004 "Adjust spring settling for 60Hz devices"',
     "interpolatingSpring(130, 10.5)", "interpolating", (130.0, 10.5, 1.0), 0.0),
    ("AirFit cascade title (last glyph, as modelled)", 'seed 004 "Total animation duration: 0.6s"',
     "easeOut 0.588 s after 12 ms", "timing", ("easeOut", 0.588), 0.012),
    ("AirFit crossfades and screen transition", 'seed 004 "Gradient cross-fades: 0.6s easeInOut"',
     "easeInOut 0.6 s", "timing", ("easeInOut", 0.6), 0.0),
]


def seed_claim_row(kind, params, delay=0.0):
    """One claim's figures, 0 -> 1 started `delay` s after a call on a frame (times from the call, ms).

    ideal: logical, at rest (0.1% rule), overshoot; swiftui at 60 fps: logical frame, removal frame for 0 -> 1 and
    0 -> 100, removal at 120 fps, overshoot (fluid springs on the integrator grid), value at 100 ms.
    """
    row = {}
    if kind == "timing":
        name, duration = params
        row["idealLogical"] = row["idealRest"] = delay + duration
        row["idealOvershoot"] = row["swiftuiOvershoot"] = (0.0, 0.0)
        make = lambda: sp.Bezier.named(name, duration)  # noqa: E731
        row["ideal@100"] = ideal_timing_at(name, duration, 0.0, 1.0, 0.1 - delay)
    else:
        k, c, m = sp.ideal_coefficients(kind, params)
        row["idealLogical"] = delay + (params[0] if kind == "spring" else sp.TWO_PI / math.sqrt(k / m))
        row["idealRest"] = max(delay + sp.ideal_settle_time(k, c, m), row["idealLogical"])
        row["idealOvershoot"] = sp.ideal_overshoot(k, c, m)
        make = lambda: sp.make_animation(kind, params)  # noqa: E731
        row["ideal@100"] = sp.ideal_progress(k, c, m, 0.1 - delay)
        if kind == "spring":
            row["swiftuiOvershoot"] = sp.fluid_spring_overshoot(params[0], params[1])
        else:
            row["swiftuiOvershoot"] = row["idealOvershoot"]  # the same closed form below critical damping
    for fps in (60, 120):
        for change in (1.0, 100.0):
            r = sp.sample_property(0.0, [(delay, change, make())], fps, delay + 30.0, times=[0.1])
            row[(fps, change)] = r["removedAt"]
            if (fps, change) == (60, 1.0):
                row["swiftuiLogicalFrame"] = r["logicallyCompleteAt"]
                row["swiftui@100"] = r["values"][0.1]
    return row


def seed_claims_table():
    """The markdown table of the seed claims under each physics (times in ms)."""
    lines = [
        "| claim | seed | curve | ideal: logical / at rest | swiftui @60: logical frame / removed 0→1 (0→100) "
        "| swiftui @120: removed 0→1 | overshoot ideal / swiftui | value at 100 ms ideal / swiftui |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for claim, seed, label, kind, params, delay in SEED_CLAIMS:
        r = seed_claim_row(kind, params, delay)
        lines.append(
            f"| {claim} | {seed} | `{label}` | {r['idealLogical'] * 1000:.1f} / {r['idealRest'] * 1000:.1f} "
            f"| {r['swiftuiLogicalFrame'] * 1000:.1f} / {r[(60, 1.0)] * 1000:.1f} ({r[(60, 100.0)] * 1000:.1f}) "
            f"| {r[(120, 1.0)] * 1000:.1f} "
            f"| {r['idealOvershoot'][0] * 100:.2f}% / {r['swiftuiOvershoot'][0] * 100:.2f}% "
            f"| {r['ideal@100']:.6f} / {r['swiftui@100']:.6f} |")
    return "\n".join(lines)


SCENARIOS = {
    "parallax_retarget_60": lambda: parallax_retarget(60),
    "parallax_retarget_120": lambda: parallax_retarget(120),
    "airfit_get_started_60": lambda: airfit_get_started(60),
    "airfit_sheet_60": lambda: airfit_sheet(60),
    "airfit_sheet_120": lambda: airfit_sheet(120),
    "fin_sheet_full_60": lambda: fin_sheet_full(60),
    "fin_sheet_reduced_60": lambda: fin_sheet_reduced(60),
    "fin_nav_blur_60": lambda: fin_nav_blur(60),
    "fin_celebration_full_60": lambda: fin_celebration_full(60),
    "fin_dashboard_reveal_60": lambda: fin_dashboard_reveal(60),
    "fin_loops_60": lambda: fin_loops(60),
    "fin_loops_120": lambda: fin_loops(120),
    "fin_pulse_loops_60": lambda: fin_pulse_loops(60),
    "airfit_ripples_60": lambda: airfit_ripples(60),
    "airfit_ripples_120": lambda: airfit_ripples(120),
    "fin_chart_burst": fin_chart_burst,
    "fin_pull_to_refresh_60": lambda: fin_pull_to_refresh(60),
}


def main(argv):
    if argv[1:] == ["--claims"]:
        print(seed_claims_table())
        return
    picked = [name for name in SCENARIOS if not argv[1:] or any(word in name for word in argv[1:])]
    for name in picked:
        print(f"## {name}")
        for key, value in SCENARIOS[name]().items():
            print(f"  {key}: {value!r}")


if __name__ == "__main__":
    main(sys.argv)
