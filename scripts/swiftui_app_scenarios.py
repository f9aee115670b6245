#!/usr/bin/env python3
"""Expected values of the app journeys under the `swiftui` physics (journeys/physics/ and the journeys elsewhere that
run under the default physics), from swiftui_physics.py.

Each scenario replays what an app does on a property (start value, then (time_ms, target, animation) changes, as
the app's code under Sources/Apps and protocol/behavior.md describe it: taps, timers, delays, when one step follows
another's logical-completion frame) through `sample_property`, SwiftUI's runtime model (frames, AnimatorState's
phases, reads that show the last frame), and prints the values the journey asserts, with the `ideal` closed form
beside them where the journey says how far apart the two are. Nothing here reads the daemon.

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


def run(start, changes, fps, reads=(), until_ms=None):
    """sp.sample_property with changes [(ms, target, animation or None)] and reads in ms (the reference's units).

    Returns {"values": {ms: what the screen shows then}, "removedAt", "logicallyCompleteAt" (the event frames' times
    in ms, None if not reached), "removedFrame", "logicalFrame"}; `until_ms` is needed only for an animation that is
    never removed (repeatForever).

    How an app's calls map onto changes (the engine's `World.animate`/`set`, protocol/behavior.md "Physics"):
    `animate(key, to:, curve:)` is a change to `to` with the curve's animation at the call's time, taken at the first
    frame at or after it; `animate(key, from:, to:, ...)` first sets `from` at once, and a set stops any motion of
    the key, so it starts a fresh animator from `from` (model it with `start` = from and no earlier change);
    `curve.delayed(by: d)` is `sp.Delay(animation, d)` inside the animator that the call starts (the phases come
    first, then the delay; protocol/behavior.md: a start delay applies once, so a delayed loop is Delay(Repeat)).
    A read at the instant of an action sees the world before that action: compute it with the changes requested
    before it only (a change at a frame's exact time is taken at that frame's update, before the update runs).
    """
    last = None if until_ms is None else sp.last_frame_at_or_before(sp.ms_to_ns(until_ms), fps)
    r = sp.sample_property(start, changes, fps, last, reads=list(reads))
    return {
        "values": {t: r["reads"][float(t)] for t in reads},
        "removedAt": frame_ms(r["removedAt"], fps), "logicallyCompleteAt": frame_ms(r["logicallyCompleteAt"], fps),
        "removedFrame": r["removedAt"], "logicalFrame": r["logicallyCompleteAt"],
    }


def frame_ms(n, fps):
    """A frame index as its virtual time in ms, the way the daemon reports times (None stays None)."""
    return None if n is None else sp.frame_ns(n, fps) / 1e6


def sample(start, changes, fps, times, until=None):
    """`run` with changes and reads in seconds; the event frames as their times in seconds (the claims table)."""
    r = run(start, [(t * 1000.0, target, animation) for t, target, animation in changes], fps,
            [t * 1000.0 for t in times], None if until is None else until * 1000.0)
    return {
        "values": {t: r["values"][t * 1000.0] for t in times},
        "removedAt": None if r["removedAt"] is None else r["removedAt"] / 1000.0,
        "logicallyCompleteAt": None if r["logicallyCompleteAt"] is None else r["logicallyCompleteAt"] / 1000.0,
    }


def own_frames(animation, change, fps):
    """`motion.sample`'s `logicallyCompleteMs` and `settleMs` under swiftui (ms): the animation's own frames k/fps
    from rest, no render loop around it. A session evaluates the same elapsed times two frames after the update that
    takes the change (k/fps at frame n0 + 2 + k on a steady clock), so own frame k = session frame k + 2."""
    r = run(0.0, [(0.0, change, animation)], fps)
    return (sp.frame_ns(r["logicalFrame"] - 2, fps) / 1e6, sp.frame_ns(r["removedFrame"] - 2, fps) / 1e6)


def timing_at(name, duration, from_, to, elapsed):
    """A timing curve's own function of time under swiftui: SwiftUI's 2⁻²⁰-rounded progress `elapsed` s after it
    started (elapsed < 0: not started, the start value; the target from the duration on). No render loop: what an app
    computes from an elapsed time it is given (SpendingChart.burstTravel, CascadeText.progress; Tests/FinPessoalTests,
    Tests/AirFitTests). A session shows it two frames late and only on frames: use `run`."""
    f = sp.Bezier.named(name, duration).fraction(max(elapsed, 0.0))
    return to if f is None else from_ + (to - from_) * f


def ideal_timing_at(name, duration, from_, to, elapsed):
    if elapsed >= duration:
        return to
    return from_ + (to - from_) * sp.ideal_bezier_progress(sp.TIMING_FUNCTIONS[name], max(elapsed, 0.0) / duration)


def ideal_interpolating(stiffness, damping, from_, to, t, initial_velocity=0.0):
    return from_ + (to - from_) * sp.ideal_progress(stiffness, damping, 1.0, t, initial_velocity)


# ---------------------------------------------------------------------------------------------------------------
# The lab and the hero spring (journeys/physics/hero-spring-at-100ms.yaml, lab-*.yaml)


def hero_spring():
    """FinPessoal's hero transition in full mode (ModeTiming.hero, seed 000): spring(0.4, 0.8)."""
    return sp.FluidSpring(0.4, 0.8)


def fin_hero_push(fps=60):
    """A hero link tapped at 0 in full mode: hero.progress 0 -> 1 on spring(0.4, 0.8) (beginHeroTransition). The
    transition ends (`hero.endTransition`, the heroEnd timer) at the spring's logical-completion frame."""
    r = run(0.0, [(0.0, 1.0, hero_spring())], fps, [100.0])
    ideal_k, ideal_c, ideal_m = sp.response_coefficients(0.4, 0.8)
    return {"hero@100": r["values"][100.0], "hero@100 ideal": sp.ideal_progress(ideal_k, ideal_c, ideal_m, 0.1),
            "logicallyCompleteAt": r["logicallyCompleteAt"], "removedAt": r["removedAt"]}


def lab_spring(fps=60):
    """lab.animate x 0 -> 1 on spring(0.4, 0.8) at 0 (the record's logicallyCompleteAt and settledAt), reads at 100,
    200 and 333.3 ms; then motion.sample of the same spring 0 -> 100 at 120 fps (its own function: value at 50 ms,
    own logical and removal frames)."""
    r = run(0.0, [(0.0, 1.0, hero_spring())], fps, [100.0, 200.0, 333.3])
    logical120, settle120 = own_frames(hero_spring(), 100.0, 120)
    ideal_k, ideal_c, ideal_m = sp.response_coefficients(0.4, 0.8)
    return {
        "logicallyCompleteAt": r["logicallyCompleteAt"], "settledAt": r["removedAt"],
        "x@100": r["values"][100.0], "x@200": r["values"][200.0], "x@333.3": r["values"][333.3],
        "idealSettle": sp.ideal_settle_time(ideal_k, ideal_c, ideal_m) * 1000,
        "sample120.values@50": sp.animation_function(hero_spring(), 100.0, 0.05)[0],
        "sample120.logicallyCompleteMs": logical120, "sample120.settleMs": settle120,
    }


def lab_retargets(fps):
    """lab.animate at 0: ease 0 -> 100 on easeInOut(0.35) and card 0 -> 100 on interpolatingSpring(130, 12); at
    100 ms ease -> 200 (same curve), at 150 ms card -> 50 (same spring): neither merges, both combine. The card's
    record (returned at 150 ms) has its removal frame as settledAt; reads: ease at 200 ms, card at 350 ms."""
    ease_curve = lambda: ease("easeInOut", 0.35)  # noqa: E731
    card_spring = lambda: sp.InterpolatingSpring(130.0, 12.0)  # noqa: E731
    e = run(0.0, [(0.0, 100.0, ease_curve()), (100.0, 200.0, ease_curve())], fps, [200.0])
    c = run(0.0, [(0.0, 100.0, card_spring()), (150.0, 50.0, card_spring())], fps, [350.0])
    p = card_spring().model.sample
    return {
        "ease@200": e["values"][200.0], "ease.removedAt": e["removedAt"],
        "ease.plainSum@200": 100.0 * ideal_timing_at("easeInOut", 0.35, 0.0, 1.0, 0.2)
        + 100.0 * ideal_timing_at("easeInOut", 0.35, 0.0, 1.0, 0.1),
        "card@350": c["values"][350.0], "card.settledAt": c["removedAt"],
        "card.plainSum@350": 100.0 * p(0.35) - 50.0 * p(0.2),
    }


# ---------------------------------------------------------------------------------------------------------------
# AirFit


def parallax_retarget(fps):
    """ParallaxContainer: roll 20° at 0 (x 0 → 4 pt), roll 10° at 150 ms (→ 2 pt), both on the standard spring.

    interpolatingSpring never merges, so the second change is combined: it runs from what the first gives.
    The plain sum is what additive offsets would show: 4·p(t) + (2 − 4)·p(t − 0.15). The second record's
    settledAt (animations.list) is the combined animation's removal frame.
    """
    spring = airfit_standard_spring(fps)
    # Device-motion readings come in updates of their own before the frame that shows them (behavior.md C16).
    r = run(0.0, [(0.0, 4.0, airfit_standard_spring(fps), True), (150.0, 2.0, airfit_standard_spring(fps), True)],
            fps, [100.0, 150.0, 250.0, 350.0])
    p = spring.model.sample
    return {
        "x@100": r["values"][100.0], "x@250": r["values"][250.0], "x@350": r["values"][350.0],
        "plainSum@350": 4.0 * p(0.35) + (2.0 - 4.0) * p(0.2),
        "removedAt": r["removedAt"], "logicallyCompleteAt": r["logicallyCompleteAt"],
    }


CASCADE_DURATION = 0.60  # CascadeText.duration
CASCADE_STAGGER = 0.012  # CascadeText.stagger
CASCADE_GLYPH = CASCADE_DURATION - CASCADE_STAGGER  # CascadeText.glyphDuration, 0.588 s


def cascade_delay(index, count):
    """CascadeText.delay: sin(i/n·π)·0.012 s."""
    return 0.0 if count == 0 else math.sin(index / count * math.pi) * CASCADE_STAGGER


def cascade_glyph(index, count, elapsed, ideal=False):
    """CascadeText glyph i of n (seed 004) `elapsed` s after the cascade started, its curves' own functions of time
    (CascadeText.progress of elapsed − delay; no render loop): weight, offsetY, opacity. Tests/AirFitTests."""
    d = cascade_delay(index, count)
    at = ideal_timing_at if ideal else timing_at
    eased = at("easeOut", CASCADE_GLYPH, 0.0, 1.0, elapsed - d)
    fraction = at("linear", CASCADE_GLYPH, 0.0, 1.0, elapsed - d)
    return {"weight": 300.0 + 100.0 * eased, "offsetY": 6.0 * (1.0 - eased), "opacity": fraction}


def cascade_glyph_shown(index, count, start_ms, t_ms, fps):
    """CascadeText glyph i of n read at t_ms in a session, the cascade started at start_ms: weight, offsetY, opacity.

    Under swiftui each glyph is what SwiftUI runs for `.easeOut(0.588).delay(d)` and `.linear(0.588).delay(d)` on a
    0 → 1 value changed at the cascade's start: the delay inside the animator, after AnimatorState's phases (the
    screen shows the last frame, two frames behind the curve's own clock).
    """
    d = cascade_delay(index, count)
    eased = run(0.0, [(start_ms, 1.0, sp.Delay(ease("easeOut", CASCADE_GLYPH), d))], fps, [t_ms])["values"][t_ms]
    fraction = run(0.0, [(start_ms, 1.0, sp.Delay(ease("linear", CASCADE_GLYPH), d))], fps, [t_ms])["values"][t_ms]
    return {"weight": 300.0 + 100.0 * eased, "offsetY": 6.0 * (1.0 - eased), "opacity": fraction}


def airfit_screen_appears(t_ms, fps, ring=None):
    """What AirFit starts when it navigates at t_ms (AirFitApp.navigate + advanceGradient + appear): the transition
    0 → 1 and the gradient crossfade 0 → 1 on easeInOut(0.6), the cascade clock 0 → 1 on linear(0.6), every glass
    card 0.96 → 1 and (dashboard, workoutDetail) the ring 0 → calories/goal on the standard spring; a ring with
    nothing to fill (0 → 0) starts nothing (SwiftUI starts no animation for an unchanged value). {name: (start,
    changes)} for `run`."""
    parts = {
        "transition": (0.0, [(t_ms, 1.0, ease("easeInOut", 0.6))]),
        "crossfade": (0.0, [(t_ms, 1.0, ease("easeInOut", 0.6))]),
        "cascade": (0.0, [(t_ms, 1.0, ease("linear", CASCADE_DURATION))]),
        "cards": (0.96, [(t_ms, 1.0, airfit_standard_spring(fps))]),
    }
    if ring:
        parts["ring"] = (0.0, [(t_ms, ring, airfit_standard_spring(fps))])
    return parts


def settle_time(parts, fps):
    """clock.settle after these animations start: the last removal frame among them (ms)."""
    return max(run(start, changes, fps)["removedAt"] for start, changes in parts.values())


def airfit_get_started(fps=60):
    """onboarding/button/getStarted at 0: the flare (easeOut 0.3 s: radius 0 → 1, opacity 0.6 → 0), then the push
    to the dashboard: transition and gradient crossfade easeInOut 0.6 s, the title cascade, the glass cards
    0.96 → 1 and the ring 0 → 1850/2300 on the standard spring. Reads at 100 and 250 ms; clock.settle ends at the
    last removal frame."""
    out = {}
    ring = 1850.0 / 2300.0
    parts = airfit_screen_appears(0.0, fps, ring)
    parts["flare.radius"] = (0.0, [(0.0, 1.0, ease("easeOut", 0.3))])
    parts["flare.opacity"] = (0.6, [(0.0, 0.0, ease("easeOut", 0.3))])
    reads = (100.0, 250.0)
    for name, (start, changes) in parts.items():
        r = run(start, changes, fps, reads)
        for ms in reads:
            out[f"{name}@{ms:g}"] = r["values"][ms]
        out[f"{name}.removedAt"] = r["removedAt"]
    for ms in reads:
        out[f"transition.offsetY@{ms:g}"] = 12.0 * (1.0 - out[f"transition@{ms:g}"])
        for i in (1, 7):
            for key, value in cascade_glyph_shown(i, 15, 0.0, ms, fps).items():
                out[f"glyph{i}.{key}@{ms:g}"] = value
            out[f"glyph{i}.weight@{ms:g} ideal"] = cascade_glyph(i, 15, ms / 1000, ideal=True)["weight"]
    out["settle"] = settle_time(parts, fps)
    out["cards.idealSettle"] = sp.ideal_settle_time(130.0, 12.0 if fps >= 120 else 10.5, 1.0) * 1000
    return out


def airfit_ring_goal_zero(fps=60):
    """data calorieGoal 0: ui.navigate dashboard at 0 starts no ring animation (0 → 0); clock.settle ends when the
    glass cards' spring is removed (the session's onboarding cascade, started at 0, ends earlier)."""
    parts = airfit_screen_appears(0.0, fps, ring=None)
    parts["onboarding cascade"] = (0.0, [(0.0, 1.0, ease("linear", CASCADE_DURATION))])
    return {"settle": settle_time(parts, fps), "cards.removedAt": run(*parts["cards"], fps)["removedAt"]}


def airfit_sheet(fps=60, drag_at=1450.0):
    """DragDismissSheet: presented at 0 (600 → 0 pt on the standard spring); reads at 100 and 200 ms; removed on a
    frame (at rest from then on). At `drag_at` (after that frame at 60 and 120 fps) dragged to 100 pt at 200 pt/s
    down (a set: the sheet follows the finger) and released at once: it springs back 100 → 0 with initialVelocity
    −2 (the finger's velocity in units of the change), read 100, 200 and 400 ms after the release."""
    up = run(600.0, [(0.0, 0.0, airfit_standard_spring(fps))], fps, [100.0, 200.0, drag_at])
    back_reads = [drag_at + 100.0, drag_at + 200.0, drag_at + 400.0]
    back = run(100.0, [(drag_at, 0.0, airfit_standard_spring(fps, -2.0))], fps, back_reads)
    damping = 12.0 if fps >= 120 else 10.5
    return {
        "present@100": up["values"][100.0], "present@200": up["values"][200.0], "present.removedAt": up["removedAt"],
        f"present@{drag_at:g}": up["values"][drag_at],
        "back@+100": back["values"][back_reads[0]], "back@+200": back["values"][back_reads[1]],
        "back@+400": back["values"][back_reads[2]], "back.removedAt": back["removedAt"],
        "back.removalBound": sp.interpolating_spring_removal_bound(130.0, damping, initial_velocity=-2.0) * 1000,
        "back.ideal@+100": ideal_interpolating(130.0, damping, 100.0, 0.0, 0.1, -2.0),
        "back.idealSettle": drag_at + sp.ideal_settle_time(130.0, damping, 1.0, -2.0) * 1000,
    }


def airfit_sheet_rest(fps=60):
    """journeys/airfit/_shared/present-sheet-up.yaml then an advance to the presentation's removal frame: the
    sheet presented at 0 (600 → 0 on the standard spring) is at rest from that frame (`sheet.offset` 0)."""
    return {"present.removedAt": run(600.0, [(0.0, 0.0, airfit_standard_spring(fps))], fps)["removedAt"]}


TAU = -0.001 / math.log(0.998)  # AirFitApp.decelerationTau


def airfit_sheet_past_height(fps=60):
    """sheet-released-or-dismissed-past-its-height: the sheet presented at 0, at rest on its removal frame R (the
    include); each later cycle presents at the last action's time and advances 1400 ms. A drag at or past 600 pt is
    dismissed at once (dismissedAt = now); from 599 pt at rest the deceleration runs v = 21/τ for
    −τ·ln(1 − 1/(v·τ)) (AirFitApp.flickDismiss)."""
    rest = airfit_sheet_rest(fps)["present.removedAt"]
    times = [rest + 1400.0 * k for k in range(6)]
    v = (600.0 + 20.0 - 599.0) / TAU
    duration = -TAU * math.log(1 - (600.0 - 599.0) / (v * TAU)) * 1000
    return {"now": times[:5], "inside.now": times[5], "inside.velocity": v,
            "inside.dismissedAt": times[5] + duration}


def airfit_ripples(fps, tap_ms=0.0, reads=(1000.0, 1600.0, 2100.0)):
    """MicRippleView: recording from tap_ms; ripple i's phase 0 → 1 on easeOut(1.5) repeated forever, started at the
    tap with `.delay(0.5·i)` (the delay applies once: Delay(Repeat)). Reads at the given times (scale 1 + phase,
    opacity 0.5·(1 − phase))."""
    out = {}
    for i in range(3):
        animation = sp.Delay(sp.Repeat(ease("easeOut", 1.5), None, False), 0.5 * i)
        r = run(0.0, [(tap_ms, 1.0, animation)], fps, reads, until_ms=max(reads))
        for ms in reads:
            out[f"ripple{i}@{ms:g}"] = r["values"][ms]
    if tap_ms == 0.0 and 1600.0 in reads:
        out["ripple0@1600 ideal"] = ideal_loop_value(0.0, 1.0, "easeOut", 1.5, 0.0, 1.6)
    return out


def airfit_screens_mic(fps=60):
    """screens-navigating-to-the-shown-screen-...: ui.navigate dashboard at 0, at rest when the cards' spring is
    removed (R, the first read); the food screen and the mic at R, ripple 0 read 750 ms later (its phase and
    opacity 0.5·(1 − phase)); ui.navigate dashboard then (the ripples stop), clock.settle (the dashboard's springs
    removed at S), the food screen and the mic at S, Reduce Motion on 750 ms later and off 400 ms after that (the
    ripples start over at S + 1150), read 750 ms after the restart."""
    rest = airfit_ring_goal_zero(fps)["cards.removedAt"]
    first = airfit_ripples(fps, tap_ms=rest, reads=(rest + 750.0,))[f"ripple0@{rest + 750.0:g}"]
    settled = settle_time(airfit_screen_appears(rest + 750.0, fps, ring=1850.0 / 2300.0), fps)
    restart = settled + 750.0 + 400.0
    second = airfit_ripples(fps, tap_ms=restart, reads=(restart + 750.0,))[f"ripple0@{restart + 750.0:g}"]
    return {"rest": rest, "ripple0@R+750": first, "opacity@R+750": 0.5 * (1 - first), "settle": settled,
            "restart": restart, "ripple0@restart+750": second, "opacity@restart+750": 0.5 * (1 - second),
            "ideal ripple0@+750": ideal_timing_at("easeOut", 1.5, 0.0, 1.0, 0.75)}


def interpolating_overshoot(stiffness, damping, mass=1.0, initial_velocity=0.0):
    """The continuous peak of SwiftUI's interpolatingSpring closed form, 0 → 1: the first time its exact rate turns
    from positive to non-positive (scanned every 0.1 ms, then bisected to 1e-12 s). Returns (fraction past the
    target, time in ms); (0, 0) when it never turns (critically or over-damped)."""
    model = sp.SpringModel(stiffness, damping, mass, initial_velocity)
    step = 1e-4
    t = step
    while model.rate(t) > 0:
        t += step
        if t > 30.0:
            return 0.0, 0.0
    lo, hi = t - step, t
    while hi - lo > 1e-12:
        mid = (lo + hi) / 2
        if model.rate(mid) > 0:
            lo = mid
        else:
            hi = mid
    peak = model.sample(hi) - 1.0
    return (peak, hi * 1000) if peak > 0 else (0.0, 0.0)


def audit_swiftui(kind, params, delay=0.0):
    """motion.audit's `swiftui` object for a curve, 0 → 1 from rest with `.delay(delay)` inside the animator: the
    animation's own figures, as motion.sample reports them (the audit reports the curve; a session shows the same
    evaluations two frames after the update that takes the change, so a session's frames, the seed claims table's,
    are two frames later): logicallyCompleteMs unrounded (the delay plus the response, 2π/√stiffness or the
    duration), logicallyCompleteFrameMs and settleMs (its own logical-completion and removal frames k/60 s),
    settleMs120 (removal at 120 fps); overshoot: interpolating springs at their continuous peak
    (`interpolating_overshoot`), fluid springs on the 1/300 s integrator grid (after the delay)."""
    make = (lambda: ease(*params)) if kind == "timing" else (lambda: sp.make_animation(kind, params))  # noqa: E731
    animation = lambda: make() if delay == 0.0 else sp.Delay(make(), delay)  # noqa: E731
    logical60, settle60 = own_frames(animation(), 1.0, 60)
    settle120 = own_frames(animation(), 1.0, 120)[1]
    if kind == "interpolating":
        k, c, m = params
        overshoot = interpolating_overshoot(k, c, m)
        logical = delay + sp.interpolating_spring_logical_time(k)
    elif kind == "spring":
        fraction, at = sp.fluid_spring_overshoot(params[0], params[1])
        overshoot = (fraction, (delay + at) * 1000 if fraction > 0 else 0.0)
        logical = delay + params[0]
    else:
        overshoot = (0.0, 0.0)
        logical = delay + params[1]
    return {"logicallyCompleteMs": logical * 1000, "logicallyCompleteFrameMs": logical60,
            "settleMs": settle60, "settleMs120": settle120,
            "overshoot.fraction": overshoot[0], "overshoot.atMs": overshoot[1]}


def airfit_audit():
    """motion.audit {app: airfit}'s swiftui figures for the glass card at both tunings (AirFitApp.standardSpring:
    interpolatingSpring(130, 12) for 120 fps, (130, 10.5) for 60 fps)."""
    out = {}
    for name, damping in (("glassCard.120fps", 12.0), ("glassCard.60fps", 10.5)):
        for key, value in audit_swiftui("interpolating", (130.0, damping, 1.0)).items():
            out[f"{name}.{key}"] = value
    return out


# ---------------------------------------------------------------------------------------------------------------
# FinPessoal


def sheet_spring():
    """ModeTiming.sheet in full mode: spring(0.5, 1.0)."""
    return sp.FluidSpring(0.5, 1.0)


def fin_sheet_full(fps=60):
    """Full mode: a sheet presented at 0 on spring(0.5, 1.0) (0 → 1), dismissed at 200 ms (a frame at 60 fps) on
    the same spring: spring() merges (offset, the last evaluated frame's velocity and force kept) and the retarget's
    frame holds. Reads at 125 ms (before the dismissal), at 200 ms right after it, 300 and 450 ms; the sheet is gone
    at the merged spring's logical-completion frame (the sheetDismissed timer, FinPessoalApp.dismiss)."""
    before = run(0.0, [(0.0, 1.0, sheet_spring())], fps, [125.0])
    r = run(0.0, [(0.0, 1.0, sheet_spring()), (200.0, 0.0, sheet_spring())], fps, [200.0, 300.0, 450.0])
    k, c, m = sp.response_coefficients(0.5, 1.0)
    return {
        "p@125": before["values"][125.0], "p@125 ideal": sp.ideal_progress(k, c, m, 0.125),
        "p@200": r["values"][200.0], "p@300": r["values"][300.0], "p@450": r["values"][450.0],
        "goneAt": r["logicallyCompleteAt"], "removedAt": r["removedAt"],
    }


def fin_sheet_reduced(fps=60):
    """Reduced mode: easeOut(0.25) 0 → 1 at 0, dismissed at 125 ms (between frames at 60 fps) with easeOut(0.25)
    → 0: combined (the dismissal runs from what the presentation gives), not the additive sum. Reads at 125, 200,
    300 ms; the sheet is gone at the dismissal's logical-completion frame (a timing curve reports none before it is
    removed)."""
    r = run(0.0, [(0.0, 1.0, ease("easeOut", 0.25)), (125.0, 0.0, ease("easeOut", 0.25))], fps,
            [125.0, 200.0, 300.0])
    additive = ideal_timing_at("easeOut", 0.25, 0.0, 1.0, 0.2) - ideal_timing_at("easeOut", 0.25, 0.0, 1.0, 0.075)
    return {
        "p@125": r["values"][125.0], "p@200": r["values"][200.0], "p@300": r["values"][300.0],
        "additive@200": additive, "goneAt": r["logicallyCompleteAt"], "removedAt": r["removedAt"],
    }


def fin_nav_blur(fps=60):
    """Full mode nav-bar blur, linear 150 ms: scroll to 5 pt at 0 (→ 0.5), to 20 pt at 5 ms (→ 1, taken at the next
    frame while the first change is still pending): combined. Reads at 75, 150, 155, 200 and 216.667 ms and the
    combined animation's removal frame; the ideal (additive) value at 75 ms: 0.25 + 0.5·70/150."""
    reads = [75.0, 150.0, 155.0, 200.0, 216.666667]
    r = run(0.0, [(0.0, 0.5, ease("linear", 0.15)), (5.0, 1.0, ease("linear", 0.15))], fps, reads)
    return {
        **{f"b@{ms:g}": r["values"][ms] for ms in reads},
        "additive@75": 0.25 + 0.5 * 70.0 / 150.0, "removedAt": r["removedAt"],
    }


def fin_celebration_full(fps=60):
    """The refined 2 s celebration in full mode from a trigger at 0 (Celebration.plan; the steps are timers at fixed
    offsets from the start, CelebrationQueue.startNext): opacity 0 → 1 easeOut(0.2) at 0, scale 1 → 1.05
    spring(0.6, 0.7) at 200 ms and → 1 on the same spring at 800 ms (merged: the interval becomes 0), glow 0 → 1
    easeInOut(0.8) at 800 ms (shown × 0.3), opacity → 0 easeOut(0.4) at 1600 ms. Reads at 100, 350, 500, 799.9,
    800 (after the 800 ms step), 816.7, 1000 and 1700 ms."""
    pulse = lambda: sp.FluidSpring(0.6, 0.7)  # noqa: E731
    reads = [350.0, 500.0, 799.9, 800.0, 816.7, 1000.0, 1200.0]
    scale = run(1.0, [(200.0, 1.05, pulse()), (800.0, 1.0, pulse())], fps, reads)
    opacity = run(0.0, [(0.0, 1.0, ease("easeOut", 0.2)), (1600.0, 0.0, ease("easeOut", 0.4))], fps,
                  [100.0, 1700.0])
    glow = run(0.0, [(800.0, 1.0, ease("easeInOut", 0.8))], fps, [1000.0])
    k, c, m = sp.response_coefficients(0.6, 0.7)
    out = {"opacity@100": opacity["values"][100.0], "opacity@1700": opacity["values"][1700.0],
           "opacity@100 exact": ideal_timing_at("easeOut", 0.2, 0.0, 1.0, 0.1),
           "scale@350 ideal": 1.0 + 0.05 * sp.ideal_progress(k, c, m, 0.15),
           "scale.removedAt": scale["removedAt"], "glowOpacity@1000": 0.3 * glow["values"][1000.0]}
    for ms in reads:
        out[f"scale@{ms:g}"] = scale["values"][ms]
    return out


def fin_dashboard_reveal(fps=60):
    """The initial load's data arrives at T = 1000 ms (full mode, DashboardLoading.finishLoading and
    SpendingChart.reveal); everything starts at T, the later parts with `.delay`: skeletons fade 1 → 0 on
    easeOut(0.2); card k fades in 0 → 1 on easeOut(0.25) and slides 20 → 0 pt on spring(0.5, 0.8), both delayed
    0.2 + 0.1·k s; the counters count from 0 on spring(0.8, 1.0) delayed 0.2 s; the chart (card 1, delay 0.3 s):
    container 0.95 → 1 spring(0.4, 0.8), x-axis trim easeInOut(0.3), x-axis labels spring(0.3, 0.7) at 0.3 + 0.3 s,
    the line easeInOut(0.6) at 0.3 + 0.3 s, point 0 spring(0.3, 0.6) at 0.3 + 0.4 s. Reads at 1100, 1400, 1450,
    1700 and 1900 ms."""
    t = 1000.0
    out = {}
    counters = {"balance": 8050.75, "monthlyIncome": 5200.0, "monthlyExpenses": 175.6}
    for name, target in counters.items():
        r = run(0.0, [(t, target, sp.Delay(sp.FluidSpring(0.8, 1.0), 0.2))], fps, [1400.0, 1700.0])
        out[f"counter.{name}@1400"] = r["values"][1400.0]
        out[f"counter.{name}@1700"] = r["values"][1700.0]
        out[f"counter.{name}.removedAt"] = r["removedAt"]
    k, c, m = sp.response_coefficients(0.8, 1.0)
    out["counter.balance@1400 ideal"] = 8050.75 * sp.ideal_progress(k, c, m, 0.2)
    slide = run(20.0, [(t, 0.0, sp.Delay(sp.FluidSpring(0.5, 0.8), 0.3))], fps, [1400.0, 1700.0])
    out["card1.offsetY@1400"] = slide["values"][1400.0]
    out["card1.offsetY@1700"] = slide["values"][1700.0]
    fade = run(0.0, [(t, 1.0, sp.Delay(ease("easeOut", 0.25), 0.3))], fps, [1400.0])
    out["card1.opacity@1400"] = fade["values"][1400.0]
    out["skeletons.opacity@1100"] = run(1.0, [(t, 0.0, ease("easeOut", 0.2))], fps, [1100.0])["values"][1100.0]
    container = run(0.95, [(t, 1.0, sp.Delay(sp.FluidSpring(0.4, 0.8), 0.3))], fps, [1400.0, 1450.0])
    out["chart.container@1400"] = container["values"][1400.0]
    out["chart.container@1450"] = container["values"][1450.0]
    k, c, m = sp.response_coefficients(0.4, 0.8)
    out["chart.container@1450 ideal"] = 0.95 + 0.05 * sp.ideal_progress(k, c, m, 0.15)
    out["chart.container.removedAt"] = container["removedAt"]
    axis = run(0.0, [(t, 1.0, sp.Delay(ease("easeInOut", 0.3), 0.3))], fps, [1400.0])
    out["chart.axisX@1400"] = axis["values"][1400.0]
    labels = run(0.0, [(t, 1.0, sp.Delay(sp.FluidSpring(0.3, 0.7), 0.6))], fps, [1700.0])
    out["chart.labelsX@1700"] = labels["values"][1700.0]
    out["chart.labelsX.opacity@1700"] = min(max(labels["values"][1700.0], 0.0), 1.0)
    out["chart.labelsX.scale@1700"] = 0.8 + 0.2 * labels["values"][1700.0]
    line = run(0.0, [(t, 1.0, sp.Delay(ease("easeInOut", 0.6), 0.6))], fps, [1700.0])
    out["chart.line@1700"] = line["values"][1700.0]
    point = run(0.0, [(t, 1.0, sp.Delay(sp.FluidSpring(0.3, 0.6), 0.7))], fps, [1900.0])
    out["chart.point0@1900"] = point["values"][1900.0]
    return out


def fin_hero_back(fps=60):
    """goals/card/g1's hero link in full mode: at 0 hero.progress 0 → 1 and navigation.progress 0 → 1 (the push),
    both spring(0.4, 0.8). ui.back at 200 ms (a frame at 60 fps): hero.progress → 0 on the same spring, merged into
    the running one (FinPessoalApp.reverseHeroTransition); the pop animates navigation.progress from 0 (a set, then
    a fresh animator) to 1 on the spring (startTransition) and shows 1 − hero.progress (navigationProgress). The
    hero ends at its merged spring's logical-completion frame, the pop (navigation.finished) at its own.
    Reads: 200 ms before the back, 200 ms after it, 300, 400, 600 ms; clock.settle at the last removal."""
    before = run(0.0, [(0.0, 1.0, hero_spring())], fps, [200.0])
    hero = run(0.0, [(0.0, 1.0, hero_spring()), (200.0, 0.0, hero_spring())], fps, [200.0, 300.0, 400.0, 600.0])
    pop = run(0.0, [(200.0, 1.0, hero_spring())], fps)
    k, c, m = sp.response_coefficients(0.4, 0.8)
    return {
        "hero@200 before": before["values"][200.0], "hero@200": hero["values"][200.0],
        "pop@200": 1 - hero["values"][200.0], "hero@300": hero["values"][300.0],
        "pop@300": 1 - hero["values"][300.0], "hero@400": hero["values"][400.0], "hero@600": hero["values"][600.0],
        "hero.logicallyCompleteAt": hero["logicallyCompleteAt"], "hero.removedAt": hero["removedAt"],
        "pop.logicallyCompleteAt": pop["logicallyCompleteAt"], "pop.removedAt": pop["removedAt"],
        "settle": max(hero["removedAt"], pop["removedAt"]),
        "ideal hero@300": sp.ideal_progress(k, c, m, 0.3) - sp.ideal_progress(k, c, m, 0.1),
    }


def fin_hero_dismissal(fps=60):
    """journeys/finpessoal/hero-dismissal-mid-transition-under-swiftui-physics.yaml: budgets/card/b1's hero link,
    its budgetDetail sheet dismissed mid-transition, in three modes one after the other. hero.progress (and the
    sheet's progress, on the same curve at the same times) 0 → 1 at the tap, → 0 at ui.dismiss; each settle ends on
    the last removal frame, where the next mode's tap starts a fresh animator (`from: 0`).
    full: spring(0.4, 0.8), tap at 0, dismiss at 200 ms, merged; reads 200 (after the dismissal), 300, 400, 600.
    reduced: linear(0.25), tap at S1, dismiss at S1 + 100, combined; reads +100 (after it), +150, +200, +250, +300.
    minimal: linear(0.1), tap at S2, dismiss at S2 + 50, combined; reads +50 (after it), +75, +100, +125."""
    out = {}
    full = run(0.0, [(0.0, 1.0, hero_spring()), (200.0, 0.0, hero_spring())], fps, [200.0, 300.0, 400.0, 600.0])
    for ms in (200.0, 300.0, 400.0, 600.0):
        out[f"full@{ms:g}"] = full["values"][ms]
    s1 = out["full.settle"] = full["removedAt"]
    offsets = (100.0, 150.0, 200.0, 250.0, 300.0)
    reduced = run(0.0, [(s1, 1.0, ease("linear", 0.25)), (s1 + 100.0, 0.0, ease("linear", 0.25))], fps,
                  [s1 + d for d in offsets])
    for d in offsets:
        out[f"reduced@+{d:g}"] = reduced["values"][s1 + d]
    s2 = out["reduced.settle"] = reduced["removedAt"]
    offsets = (50.0, 75.0, 100.0, 125.0)
    minimal = run(0.0, [(s2, 1.0, ease("linear", 0.1)), (s2 + 50.0, 0.0, ease("linear", 0.1))], fps,
                  [s2 + d for d in offsets])
    for d in offsets:
        out[f"minimal@+{d:g}"] = minimal["values"][s2 + d]
    out["minimal.settle"] = minimal["removedAt"]
    return out


def retry_after_ms(accepted_from_ms, now_ms):
    """N10's retryAfterMs: the least whole number of virtual ms after which the request is accepted (World's
    waitAdvice): ceil(acceptedFrom − now), in ns."""
    return -(-(sp.ms_to_ns(accepted_from_ms) - sp.ms_to_ns(now_ms)) // 1_000_000)


def fin_sheet_taps_while_dismissing(fps=60):
    """journeys/finpessoal/sheets-a-dismissing-sheet-takes-no-taps.yaml in full mode. transactions/row/t1 at 0: the
    hero 0 → 1 and the transactionDetail sheet 0 → 1, both spring(0.4, 0.8); settle (removal frame R0); ui.dismiss
    at R0: both → 0 on the same spring, taken at R0's frame before its update, so merged into the animators that
    frame removes; the sheet is gone (and the hero reverse ends) at the merged springs' logical-completion frame G1;
    taps 20 ms after the dismissal wait for G1. Settle (R1); t1 again at R1 (fresh animators, `from: 0`), settle
    (R2); transactionDetail/button/edit at R2 presents editTransaction 0 → 1 on spring(0.5, 1.0); settle (R3);
    ui.dismiss at R3 merges → 0 into it: gone at G2; taps 20 ms later wait for G2, then one ms before it."""
    hero = run(0.0, [(0.0, 1.0, hero_spring())], fps)
    r0 = hero["removedAt"]
    back = run(0.0, [(0.0, 1.0, hero_spring()), (r0, 0.0, hero_spring())], fps)
    g1, r1 = back["logicallyCompleteAt"], back["removedAt"]
    now1 = r0 + 20.0
    again = run(0.0, [(r1, 1.0, hero_spring())], fps)
    r2 = again["removedAt"]
    edit = run(0.0, [(r2, 1.0, sheet_spring())], fps)
    r3 = edit["removedAt"]
    edit_back = run(0.0, [(r2, 1.0, sheet_spring()), (r3, 0.0, sheet_spring())], fps)
    g2 = edit_back["logicallyCompleteAt"]
    now2 = r3 + 20.0
    retry2 = retry_after_ms(g2, now2)
    return {
        "R0": r0, "G1": g1, "retry1": retry_after_ms(g1, now1), "R1": r1, "R2": r2, "R3": r3, "G2": g2,
        "now2": now2, "retry2": retry2, "almost": retry2 - 1,
        "retryAlmost": retry_after_ms(g2, now2 + (retry2 - 1)),
    }


# ---------------------------------------------------------------------------------------------------------------
# Loops (repeatForever): each pass ends, and the next begins, on the first frame after the duration


def loop_value(from_, to, name, duration, delay, t_ms, fps, autoreverses=False, start_ms=0.0):
    """A `name` timing curve repeated forever, started at start_ms with `.delay(delay)` (applied once:
    Delay(Repeat), as SwiftUI's RepeatAnimation runs it inside one animator): the value shown at t_ms."""
    animation = sp.Repeat(sp.Bezier.named(name, duration), None, autoreverses)
    if delay:
        animation = sp.Delay(animation, delay)
    return run(from_, [(start_ms, to, animation)], fps, [t_ms], until_ms=t_ms)["values"][t_ms]


def ideal_loop_value(from_, to, name, duration, begin, t, autoreverses=False):
    cycles, rest = divmod(t - begin, duration)
    fraction = sp.ideal_bezier_progress(sp.TIMING_FUNCTIONS[name], rest / duration)
    if autoreverses and int(cycles) % 2 == 1:
        fraction = sp.ideal_bezier_progress(sp.TIMING_FUNCTIONS[name], 1 - rest / duration)
    return from_ + (to - from_) * fraction


def loop_second_pass_ms(from_, to, name, duration, fps, start_ms=0.0):
    """The frame (ms) on which a `name` loop started at start_ms ends its first pass and starts its second: the last
    of the frames that show the whole change before the value moves on (RepeatAnimation ends a pass on the first
    frame whose elapsed time is past the duration; that frame shows the pass's end)."""
    last = sp.last_frame_at_or_before(sp.ms_to_ns(start_ms + 2 * duration * 1000.0), fps)
    r = sp.sample_property(from_, [(start_ms, to, sp.Repeat(sp.Bezier.named(name, duration), None, False))], fps,
                           last)
    frames = r["frames"]
    for (n, value, _), (_, following, _) in zip(frames, frames[1:]):
        if value == to and following != to:
            return frame_ms(n, fps)
    return None


def fin_loops(fps):
    """FinPessoal in full mode, loading from 0 (loadOnStart, 4000 ms): skeleton shimmer x −1 → 1 on easeInOut(1.5)
    repeated, started at 0, row k (item k + 2) with `.delay(0.05·k)`; the dashboard's premium gradient phase 0 → 1
    on linear(3) repeated from 0. Reads at 375, 1500, 1600, 3000, 3010, 3100 ms."""
    out = {}
    for item, delay in ((0, 0.0), (3, 0.05), (6, 0.2)):
        for ms in (375.0, 1600.0):
            out[f"shimmer{item}@{ms:g}"] = loop_value(-1.0, 1.0, "easeInOut", 1.5, delay, ms, fps)
    out["shimmer0@1600 ideal"] = ideal_loop_value(-1.0, 1.0, "easeInOut", 1.5, 0.0, 1.6)
    out["shimmer0.secondPassFrom"] = loop_second_pass_ms(-1.0, 1.0, "easeInOut", 1.5, fps)
    out["premium.secondPassFrom"] = loop_second_pass_ms(0.0, 1.0, "linear", 3.0, fps)
    for ms in (1500.0, 3000.0, 3010.0, 3100.0):
        out[f"premium@{ms:g}"] = loop_value(0.0, 1.0, "linear", 3.0, 0.0, ms, fps)
    out["premium@3100 ideal"] = ideal_loop_value(0.0, 1.0, "linear", 3.0, 0.0, 3.1)
    return out


def fin_pulse_loops(fps):
    """Reduced mode: the skeleton pulse 1 → 0.6 on easeInOut(0.75) repeated with autoreverse, started at 0, row k
    with `.delay(0.05·k)`."""
    out = {}
    for item, delay in ((0, 0.0), (3, 0.05)):
        for ms in (375.0, 1000.0, 1600.0):
            out[f"pulse{item}@{ms:g}"] = loop_value(1.0, 0.6, "easeInOut", 0.75, delay, ms, fps, True)
    out["pulse0@1000 ideal"] = ideal_loop_value(1.0, 0.6, "easeInOut", 0.75, 0.0, 1.0, True)
    return out


def fin_pull_to_refresh(fps=60):
    """Full mode: the finger pulls the indicator to 90 pt at 0 and lets go at 100 ms: it springs back to its 60 pt
    rest on spring(0.4, 1.2), the spinner loops 0 → 360° on easeInOut(1) from the release, the load ends 1200 ms
    later (the refresh.loaded timer at 1300 ms) and the check mark pops 0 → 1 on spring(0.3, 0.6). Reads at 200,
    350, 1250 and 1400 ms."""
    back = run(90.0, [(100.0, 60.0, sp.FluidSpring(0.4, 1.2))], fps, [200.0])
    k, c, m = sp.response_coefficients(0.4, 1.2)
    check = run(0.0, [(1300.0, 1.0, sp.FluidSpring(0.3, 0.6))], fps, [1400.0])
    return {
        "pullDistance@200": back["values"][200.0],
        "pullDistance@200 ideal": 60.0 + 30.0 * (1 - sp.ideal_progress(k, c, m, 0.1)),
        "rotation@350": loop_value(0.0, 360.0, "easeInOut", 1.0, 0.0, 350.0, fps, start_ms=100.0),
        "rotation@1250": loop_value(0.0, 360.0, "easeInOut", 1.0, 0.0, 1250.0, fps, start_ms=100.0),
        "rotation@1250 ideal": ideal_loop_value(0.0, 360.0, "easeInOut", 1.0, 0.1, 1.25),
        "checkmark@1400": check["values"][1400.0],
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


def fin_chart_burst(seed=7, fps=60):
    """A tap on chart point 2 at 0 in full mode (session seed 7, the session's first random draws): particle 0 flies
    16 + 16·u₂ pt out (u = next() >> 11 / 2⁵³; u₁ gives its angle) on easeOut over the burst's 600 ms, fading with
    the linear progress (chart.burst.progress 0 → 1 on linear(0.6)). Under swiftui the particles' ease-out runs
    through the render loop like the progress (a 0 → 1 change at the tap, AnimatorState's phases). Reads at 150 and
    300 ms."""
    rng = splitmix64(seed)
    unit = lambda: (next(rng) >> 11) / 9007199254740992  # noqa: E731
    angle = unit() * 360
    distance = 16 + unit() * 16
    out = {"angle": angle, "distance": distance}
    reads = [150.0, 300.0]
    travel = run(0.0, [(0.0, 1.0, ease("easeOut", 0.6))], fps, reads)
    progress = run(0.0, [(0.0, 1.0, ease("linear", 0.6))], fps, reads)
    for ms in reads:
        out[f"distance@{ms:g}"] = distance * travel["values"][ms]
        out[f"distance@{ms:g} ideal"] = distance * ideal_timing_at("easeOut", 0.6, 0.0, 1.0, ms / 1000)
        out[f"opacity@{ms:g}"] = 1 - min(max(progress["values"][ms], 0.0), 1.0)
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
    """One claim's figures, 0 -> 1 on a call at 0 with `.delay(delay)` (times from the call).

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
            animation = make() if delay == 0.0 else sp.Delay(make(), delay)  # `.delay(d)`: inside the animator
            r = sample(0.0, [(0.0, change, animation)], fps, [0.1])
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
    "fin_hero_push_60": lambda: fin_hero_push(60),
    "lab_spring_60": lambda: lab_spring(60),
    "lab_retargets_60": lambda: lab_retargets(60),
    "lab_retargets_120": lambda: lab_retargets(120),
    "parallax_retarget_60": lambda: parallax_retarget(60),
    "parallax_retarget_120": lambda: parallax_retarget(120),
    "airfit_get_started_60": lambda: airfit_get_started(60),
    "airfit_ring_goal_zero_60": lambda: airfit_ring_goal_zero(60),
    "airfit_sheet_60": lambda: airfit_sheet(60),
    "airfit_sheet_120": lambda: airfit_sheet(120),
    "airfit_sheet_rest_60": lambda: airfit_sheet_rest(60),
    "airfit_sheet_past_height_60": lambda: airfit_sheet_past_height(60),
    "airfit_ripples_60": lambda: airfit_ripples(60),
    "airfit_ripples_120": lambda: airfit_ripples(120),
    "airfit_screens_mic_60": lambda: airfit_screens_mic(60),
    "airfit_audit": airfit_audit,
    "fin_sheet_full_60": lambda: fin_sheet_full(60),
    "fin_sheet_reduced_60": lambda: fin_sheet_reduced(60),
    "fin_nav_blur_60": lambda: fin_nav_blur(60),
    "fin_celebration_full_60": lambda: fin_celebration_full(60),
    "fin_dashboard_reveal_60": lambda: fin_dashboard_reveal(60),
    "fin_hero_back_60": lambda: fin_hero_back(60),
    "fin_hero_dismissal_60": lambda: fin_hero_dismissal(60),
    "fin_sheet_taps_while_dismissing_60": lambda: fin_sheet_taps_while_dismissing(60),
    "fin_loops_60": lambda: fin_loops(60),
    "fin_loops_120": lambda: fin_loops(120),
    "fin_pulse_loops_60": lambda: fin_pulse_loops(60),
    "fin_pull_to_refresh_60": lambda: fin_pull_to_refresh(60),
    "fin_chart_burst": fin_chart_burst,
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
