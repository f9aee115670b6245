"""Self-checks of scripts/swiftui_physics.py against the issue's check values and SwiftUI's runtime rules.

Run: python3 -m pytest -q -p no:choreo scripts/test_swiftui_physics.py
Every expected number below is either the issue's own figure, a structural property, or re-derived here from the
sources' rules (AnimatorState's phases: a change taken at frame n0 holds at n0, is evaluated at elapsed 0 at n0 + 1,
holds again at n0 + 2, and frame n0 + k >= n0 + 2 shows elapsed (k - 2)/fps); none is pasted output.
"""

import copy
import math
import os
import random
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import swiftui_physics as sp  # noqa: E402

MS = 1e-3


def spring():
    return sp.FluidSpring(0.4, 0.8)


def ease(name, duration=0.35):
    return sp.Bezier.named(name, duration)


def frames_of(result):
    return {n: (v, w) for n, v, w in result["frames"]}


def direct_removal_elapsed_frames(animation, value, fps):
    """Evaluates `animation` the way a running animator does (elapsed 0, 1/fps, 2/fps, ...; one context kept) and
    returns the first k whose evaluation returns nil: the animation's own removal, before the render loop's phases."""
    context = sp.Context()
    k = 0
    while True:
        context.logically_complete = False
        if animation.animate(value, k / fps, context) is None:
            return k
        k += 1


# ------------------------------------------------------------------------------------------------------------
# The issue's check values (the animations' own functions of time)


def test_spring_0_4_0_8_at_100_ms():
    assert sp.fluid_spring_sample(0.4, 0.8, 0.0, 1.0, 0.1) == pytest.approx(0.5428, abs=1e-4)


def test_closed_form_at_100_ms():
    k, c, m = sp.response_coefficients(0.4, 0.8)
    assert sp.ideal_progress(k, c, m, 0.1) == pytest.approx(0.5257, abs=1e-4)


def test_overshoot_swiftui_and_closed_form():
    # The issue: 1.16% under SwiftUI, 1.52% in closed form (both to two decimals of a percent).
    assert sp.fluid_spring_overshoot(0.4, 0.8)[0] * 100 == pytest.approx(1.16, abs=0.005)
    k, c, m = sp.response_coefficients(0.4, 0.8)
    assert sp.ideal_overshoot(k, c, m)[0] * 100 == pytest.approx(1.52, abs=0.005)


def test_ease_in_out_overlap_is_not_a_plain_sum():
    combined, plain, difference = sp.ease_in_out_overlap(at=0.2)
    assert difference == pytest.approx(6.4, abs=0.05)


def test_interpolating_retarget_is_not_a_plain_sum():
    combined, plain, difference = sp.interpolating_retarget(at=0.35)
    assert abs(difference) == pytest.approx(12.85, abs=0.05)
    assert abs(difference) / 50.0 == pytest.approx(0.26, abs=0.005)  # "26% of the retarget"


# ------------------------------------------------------------------------------------------------------------
# The frame clock


def test_frame_clock_is_integer_nanoseconds_rounded_half_up():
    assert sp.frame_ns(1, 60) == 16_666_667
    assert sp.frame_ns(2, 60) == 33_333_333
    assert sp.frame_ns(3600, 60) == 60 * 10 ** 9
    assert sp.frame_ns(7, 120) == 58_333_333
    assert sp.frame_ns(1, 1024) == 976_563  # 976,562.5 ns: halves up
    assert sp.ms_to_ns(16.666667) == 16_666_667
    assert sp.ms_to_ns(59000.0) == 59 * 10 ** 9
    for fps in (60, 120):
        for n in (0, 1, 2, 59, 60, 3599, 7199):
            t = sp.frame_ns(n, fps)
            assert sp.first_frame_at_or_after(t, fps) == n
            assert sp.first_frame_at_or_after(t + 1, fps) == n + 1
            assert sp.last_frame_at_or_before(t, fps) == n
            assert sp.last_frame_at_or_before(t + 1, fps) == n
            if n:
                assert sp.last_frame_at_or_before(t - 1, fps) == n - 1


def test_a_transaction_between_frames_is_taken_at_the_next_update():
    for time_ms, expected in ((0.0, 0), (5.0, 1), (16.0, 1), (16.666667, 1), (16.667, 2), (1000.0, 60)):
        result = sp.sample_property(0.0, [(time_ms, 1.0, spring())], 60)
        assert result["firstFrame"] == expected
        assert min(result["evaluations"]) == expected + 1  # the first evaluation is on the following frame


# ------------------------------------------------------------------------------------------------------------
# AnimatorState's phases


@pytest.mark.parametrize("fps", [60, 120])
def test_phases_hold_then_elapsed_zero_then_hold_then_running(fps):
    result = sp.sample_property(0.0, [(0.0, 1.0, spring())], fps)
    frames, evaluations = frames_of(result), result["evaluations"]
    assert 0 not in evaluations and frames[0] == (0.0, 0.0)  # the transaction's own update holds
    assert evaluations[1] == 0.0  # pending -> first: beginTime = this frame, elapsed 0
    assert 2 not in evaluations and frames[2] == frames[1]  # first -> second: hold, beginTime moves onto frame 2
    for k in range(3, result["removedAt"]):
        assert evaluations[k] == (k - 2) / fps  # running: no late-frame rebase on a steady clock
        value, velocity = sp.animation_function(spring(), 1.0, (k - 2) / fps)
        assert frames[k][0] == pytest.approx(value, abs=1e-15)
        assert frames[k][1] == velocity


@pytest.mark.parametrize("fps, change, expected", [(60, 1.0, 42), (60, 100.0, 63), (120, 1.0, 81), (120, 100.0, 123)])
def test_hero_spring_removed_two_frames_after_its_own_removal(fps, change, expected):
    # The old model (frame k at elapsed k/fps) removed 0->1 at 666.7 ms at 60 fps (frame 40); the phases add 2 frames.
    own = direct_removal_elapsed_frames(spring(), change, fps)
    assert own + 2 == expected
    removed = sp.fluid_spring_removal_frame(0.4, 0.8, change, fps)
    assert removed == expected
    if (fps, change) == (60, 1.0):
        assert sp.frames_to_ms(removed, fps) == 700.0


@pytest.mark.parametrize("fps", [60, 120])
def test_removal_frame_shows_the_target_and_no_velocity(fps):
    result = sp.sample_property(0.0, [(0.0, 1.0, spring())], fps)
    frames = frames_of(result)
    removed = result["removedAt"]
    assert result["evaluations"][removed] is None
    assert frames[removed] == (1.0, 0.0) and frames[removed + 1] == (1.0, 0.0) and frames[removed + 2] == (1.0, 0.0)
    assert frames[removed - 1][0] != 1.0


@pytest.mark.parametrize("fps", [60, 120])
def test_logical_completion_at_the_response(fps):
    result = sp.sample_property(0.0, [(0.0, 1.0, spring())], fps)
    k = result["logicallyCompleteAt"]
    assert (k - 2) / fps >= 0.4 > (k - 3) / fps
    result = sp.sample_property(0.0, [(0.0, 1.0, ease("easeOut", 0.25))], fps)
    assert result["logicallyCompleteAt"] == result["removedAt"]  # timing curves complete on removal


@pytest.mark.parametrize("fps", [60, 120])
def test_interpolating_spring_removed_on_the_first_evaluation_past_its_bound(fps):
    bound = sp.interpolating_spring_removal_bound(130, 12)
    assert bound / MS == pytest.approx(1231.6, abs=0.05)
    removed = sp.interpolating_spring_removal_frame(130, 12, fps)
    assert (removed - 2) / fps >= bound > (removed - 3) / fps
    assert sp.removal_frame(sp.InterpolatingSpring(130, 12), 100.0, fps) == removed  # whatever the change


@pytest.mark.parametrize("fps", [60, 120])
def test_timing_curve_removed_on_the_first_evaluation_after_its_duration(fps):
    removed = sp.removal_frame(ease("easeOut", 0.25), 1.0, fps)
    # duration >= elapsed keeps it at exactly its duration: 15/60 = 0.25 still shows the end, 16/60 removes it.
    assert removed == 2 + round(0.25 * fps) + 1


# ------------------------------------------------------------------------------------------------------------
# Retargets, reads between frames, the late-frame allowance, coincident changes


@pytest.mark.parametrize("fps", [60, 120])
def test_a_retargets_own_update_holds_the_previous_frame(fps):
    at = sp.frame_ms(9 * fps // 60, fps)  # 150 ms, on a frame
    result = sp.sample_property(0.0, [(0.0, 100.0, spring()), (at, 50.0, spring())], fps)
    frames = frames_of(result)
    n = 9 * fps // 60
    assert n not in result["evaluations"]
    # value += previousAnimationValue; value -= interval: the last evaluation's value and velocity (to rounding)
    assert frames[n][0] == pytest.approx(frames[n - 1][0], abs=1e-12) and frames[n][1] == frames[n - 1][1]
    assert frames[n + 1] != frames[n]
    # The merge happened at elapsed (n - 2)/fps; the next frame continues the animator's clock.
    assert result["evaluations"][n + 1] == (n + 1 - 2) / fps


@pytest.mark.parametrize("fps", [60, 120])
def test_retarget_merges_the_spring_at_the_retargets_elapsed_time(fps):
    prop = sp.SwiftUIProperty(0.0, fps)
    prop.change(0.0, 1.0, spring())
    n = prop.change(110.0, 2.0, spring())  # between frames
    assert n == sp.first_frame_at_or_after(110_000_000, fps)
    prop.draw_through(n - 1)
    before = copy.deepcopy(prop.animator.state["spring"])
    prop.draw_through(n)
    state = prop.animator.state["spring"]
    assert isinstance(prop.animator.animation, sp.FluidSpring)  # merged, not combined
    assert prop.animator.interval == 2.0
    # The spring's own clock starts at 0 on the merge's frame (start_time, a frame of the animator's clock).
    assert state.start_time == (n - 2) / fps and state.start_time.frame == n - 2
    assert state.time == 0.0
    assert state.velocity == before.velocity and state.force == before.force  # the last frame's
    animated = prop.animator.previous_animation_value
    assert prop.shown(n) == ((2.0 + animated) - 2.0, prop.shown(n - 1)[1])  # the hold's own arithmetic
    assert prop.shown(n)[0] == pytest.approx(prop.shown(n - 1)[0], abs=1e-15)
    assert prop.run_until_removed() > n
    assert prop.shown(prop.removed_at) == (2.0, 0.0)


@pytest.mark.parametrize("fps", [60, 120])
def test_a_read_between_frames_shows_the_last_frame_drawn(fps):
    result = sp.sample_property(0.0, [(0.0, 1.0, spring())], fps, reads=[100.0, 100.5, 108.0, 116.6, 116.7])
    frames = frames_of(result)
    for t, value in result["reads"].items():
        n = sp.last_frame_at_or_before(sp.ms_to_ns(t), fps)
        assert value == frames[n][0]
        assert result["readVelocities"][t] == frames[n][1]
    assert result["reads"][116.6] == frames[6 * fps // 60 if fps == 60 else 13][0]


def consecutive_retargets(fps, count):
    changes = [(0.0, 1.0, spring())]
    changes += [(sp.frame_ms(3 + i, fps), 1.0 + 0.1 * (i + 1), spring()) for i in range(count)]
    return changes


@pytest.mark.parametrize("fps", [60, 120])
@pytest.mark.parametrize("rule, allowance_s", [(sp.LATE_FRAME_IOS_26_1, 2 / 60), (sp.LATE_FRAME_OPENSWIFTUI, 1 / 60)])
def test_retargets_on_consecutive_frames_reach_the_late_frame_allowance(fps, rule, allowance_s):
    allowance = round(allowance_s * fps)
    assert sp.late_frame_allowance(fps, rule) == allowance
    # Phase second starts at frame 2 (beginTime = 2); retargets on frames 3, 4, ... each set nextTime = time, so those
    # updates hold. The first update after them finds time - beginTime larger than the allowance and rebases
    # beginTime to time - allowance: it evaluates at elapsed allowance/fps, not at (time - 2)/fps.
    count = allowance + 1
    result = sp.sample_property(0.0, consecutive_retargets(fps, count), fps, late_frame_rule=rule)
    first_after = 3 + count
    assert all(n not in result["evaluations"] for n in range(2, first_after))
    assert result["evaluations"][first_after] == allowance / fps
    assert result["evaluations"][first_after + 1] == (allowance + 1) / fps
    # One retarget fewer: time - beginTime equals the allowance, which is not more than it: no rebase.
    result = sp.sample_property(0.0, consecutive_retargets(fps, allowance - 1), fps, late_frame_rule=rule)
    first_after = 3 + allowance - 1
    assert result["evaluations"][first_after] == (first_after - 2) / fps


@pytest.mark.parametrize("fps", [60, 120])
def test_a_retarget_in_phase_first_holds_three_frames(fps):
    # Frame 2 is the `first -> second` update; a retarget there holds it (nextTime = 2, phase stays first). Frame 3:
    # first -> second (nextTime = 2 + (3 - 1) = 4, beginTime = 3), hold; frame 4: time is not past nextTime, hold;
    # frame 5: second -> running at elapsed 2/fps (2 frames is not more than the allowance).
    result = sp.sample_property(0.0, [(0.0, 1.0, spring()), (sp.frame_ms(2, fps), 2.0, spring())], fps)
    evaluations = result["evaluations"]
    assert evaluations[1] == 0.0
    assert all(n not in evaluations for n in (2, 3, 4))
    assert evaluations[5] == 2 / fps


@pytest.mark.parametrize("fps", [60, 120])
def test_coincident_changes_merge_for_a_current_sdk_and_replace_before_v3(fps):
    changes = [(1.0, 100.0, ease("easeInOut")), (5.0, 50.0, ease("easeInOut"))]  # both taken at frame 1
    prop = sp.SwiftUIProperty(0.0, fps)
    for change in changes:
        prop.change(*change)
    prop.draw_through(1)
    assert isinstance(prop.animator.animation, sp.Combined)
    assert [added for _, added in prop.animator.animation.entries] == [0.0, 0.0]
    assert prop.animator.interval == 50.0 and prop.shown(1) == (0.0, 0.0)
    merged = sp.sample_property(0.0, changes, fps)
    old = sp.sample_property(0.0, changes, fps, merge_coincident=False)
    # Before the v3 semantics the second change replaces the animation and the interval (50 - 100 = -50): the first
    # change jumps to 100 and the curve runs from there to 50.
    assert frames_of(old)[1] == (100.0, 0.0)
    k = 3 + 6 * fps // 60
    e = (k - 1 - 2) / fps
    f = ease("easeInOut").fraction(e)
    assert frames_of(old)[k][0] == (50.0 + (-50.0) * f) - (-50.0)
    r0 = 100.0 * f
    assert frames_of(merged)[k][0] == pytest.approx(r0 + f * (50.0 - r0), abs=1e-12)


@pytest.mark.parametrize("fps", [60, 120])
def test_a_spring_sheet_sent_back_on_a_timing_curve_animates_back(fps):
    # spring(0.5, 1) presented with linear 0.25 s, then at 100 ms retargeted back to 0 with the spring: the spring
    # merges from rest at the curve's value; the interval is 0, so the tolerance is 0 and it is removed as soon as it
    # is at rest, but it first moves (its force is not 0 once it steps past the merge time).
    result = sp.sample_property(0.0, [(0.0, 1.0, ease("linear", 0.25)), (100.0, 0.0, sp.FluidSpring(0.5, 1.0))], fps)
    frames = frames_of(result)
    n = sp.first_frame_at_or_after(100_000_000, fps)
    assert frames[n][0] == pytest.approx(frames[n - 1][0], abs=1e-15)  # hold
    assert result["removedAt"] > n + 0.5 * fps  # not removed at once: about a second of motion
    values = [frames[k][0] for k in range(n + 1, result["removedAt"])]
    assert all(v > 0 for v in values)
    assert all(b < a for a, b in zip(values, values[1:]))  # critically damped: straight back
    assert frames[result["removedAt"]] == (0.0, 0.0)


def test_interpolating_spring_stiffness_is_not_capped():
    s = sp.InterpolatingSpring(1e5, 300)
    assert s.model.stiffness == 1e5 and s.model.angular_frequency == math.sqrt(1e5)
    assert s.logical_time == 2 * math.pi / math.sqrt(1e5)
    assert sp.interpolating_spring_logical_time(1e5) == s.logical_time
    for fps in (60, 120):
        result = sp.sample_property(0.0, [(0.0, 1.0, s)], fps)
        k = 4
        assert frames_of(result)[k][0] == pytest.approx(s.model.sample((k - 2) / fps), abs=1e-15)
        assert frames_of(result)[k][0] != pytest.approx(sp.SpringModel(45000.0, 300).sample((k - 2) / fps), abs=1e-6)
        assert (result["removedAt"] - 2) / fps >= s.removal_bound > (result["removedAt"] - 3) / fps


def test_unchanged_value_starts_nothing_and_unanimated_change_keeps_the_offset():
    result = sp.sample_property(5.0, [(0.0, 5.0, spring())], 60, until=5)
    assert result["removedAt"] is None and result["evaluations"] == {}
    result = sp.sample_property(5.0, [(0.0, 6.0, spring()), (100.0, 16.0, None)], 60)
    frames = frames_of(result)
    # Frame 6 takes the unanimated change and still evaluates: (16 + animated) - 1, animated at elapsed 4/60.
    animated = sp.animation_function(spring(), 1.0, 4 / 60)[0]
    assert frames[6][0] == pytest.approx((16.0 + animated) - 1.0, abs=1e-12)
    assert frames[result["removedAt"]][0] == 16.0


# ------------------------------------------------------------------------------------------------------------
# Start-time sweep: nothing depends on when an animation starts


def sweep_scenarios():
    delayed = lambda: sp.Delay(ease("easeOut", 0.588), 0.012)  # noqa: E731
    loop = lambda: sp.Repeat(ease("easeInOut", 1.5), None, True)  # noqa: E731
    card = lambda: sp.InterpolatingSpring(130, 12)  # noqa: E731
    return {
        "spring(0.4,0.8)": (lambda t, start, fps: [(t, 1.0, spring())], None),
        "spring(0.4,0.8) requested 4 ms after a frame": (lambda t, start, fps: [(t + 4.0, 1.0, spring())], None),
        "interpolatingSpring(130,12)": (lambda t, start, fps: [(t, 1.0, card())], None),
        "easeInOut 0.6": (lambda t, start, fps: [(t, 1.0, ease("easeInOut", 0.6))], None),
        "linear 0.25": (lambda t, start, fps: [(t, 100.0, ease("linear", 0.25))], None),
        "easeOut 0.588 delayed 12 ms": (lambda t, start, fps: [(t, 1.0, delayed())], None),
        "repeatForever easeInOut 1.5 autoreverses": (lambda t, start, fps: [(t, 1.0, loop())], 3500.0),
        "merge: spring, spring at +150":
            (lambda t, start, fps: [(t, 100.0, spring()), (t + 150.0, 50.0, spring())], None),
        "merge between frames: spring, spring(0.25,0.7) at +155":
            (lambda t, start, fps: [(t, 100.0, spring()), (t + 155.0, 50.0, sp.FluidSpring(0.25, 0.7))], None),
        "combine: easeInOut, easeInOut at +100":
            (lambda t, start, fps: [(t, 100.0, ease("easeInOut")), (t + 100.0, 200.0, ease("easeInOut"))], None),
        "combine: interpolating, interpolating at +150":
            (lambda t, start, fps: [(t, 100.0, card()), (t + 150.0, 50.0, card())], None),
        "merge from rest: easeInOut, spring at +100":
            (lambda t, start, fps: [(t, 100.0, ease("easeInOut")), (t + 100.0, 0.0, spring())], None),
        "delay combine: delayed easeOut, delayed easeOut at +300":
            (lambda t, start, fps: [(t, 1.0, delayed()), (t + 300.0, 0.0, delayed())], None),
        "consecutive-frame retargets": (lambda t, start, fps: [(t, 1.0, spring())] + [
            (sp.frame_ms(start + k, fps), 1.0 + 0.1 * k, spring()) for k in range(3, 3 + 2 * fps // 60 + 1)], None),
        "loop combined: repeatForever, easeInOut at +1000":
            (lambda t, start, fps: [(t, 1.0, sp.Repeat(ease("easeInOut", 1.0), None, True)),
                                    (t + 1000.0, 0.0, ease("easeInOut"))], None),
    }


def relative(result, start):
    shift = lambda n: None if n is None else n - start  # noqa: E731
    return ([(n - start, v, w) for n, v, w in result["frames"]], shift(result["removedAt"]),
            shift(result["logicallyCompleteAt"]), shift(result["firstFrame"]), shift(result["lastFrame"]))


@pytest.mark.parametrize("fps", [60, 120])
def test_start_time_sweep(fps):
    # Start frames 0 ... 60 s: every 2nd (60 fps) or 8th (120 fps) frame, which covers every residue of the 3-frame
    # pattern of the nanosecond rounding, the brief's fixed ones, and a random spread.
    last = 60 * fps
    rng = random.Random(20260822 + fps)
    starts = set(range(0, last + 1, 2 if fps == 60 else 8))
    starts |= {0, 1, 2, 3, 60, 300, 3000, 3599, fps, 5 * fps, 50 * fps, last - 1, last}
    starts |= {rng.randrange(0, last + 1) for _ in range(60)}
    starts = sorted(starts)
    for name, (changes_at, horizon) in sweep_scenarios().items():
        reference = None
        for start in starts:
            t0 = sp.frame_ms(start, fps)
            until = None
            if horizon is not None:
                until = sp.last_frame_at_or_before(sp.ms_to_ns(horizon), fps) + start
            result = sp.sample_property(0.0, changes_at(t0, start, fps), fps, until)
            got = relative(result, start)
            if reference is None:
                reference = got
            else:
                assert got == reference, f"{name} starting at frame {start} differs from frame {starts[0]}"


def frames_past(seconds, fps, strictly):
    """The least k >= 0 with k/fps past `seconds` (strictly) or at or past it: the rule's count of whole frames."""
    k = 0
    while not (k / fps > seconds if strictly else k / fps >= seconds):
        k += 1
    return k


@pytest.mark.parametrize("fps", [60, 120])
def test_retargets_end_their_duration_from_their_frame(fps):
    # behavior.md (RL1, H10): a reverse or retarget on frame d, while the first animation runs, ends its duration
    # counted in whole frames from d: a merged spring is logically complete on the first frame at or after its
    # response (or on its removal, if earlier), a combined timing curve is removed on the first frame after its
    # duration, an interpolating spring is logically complete and removed at or after its period and bound. Every
    # frame d of the first second; before the fix the difference of two Double times moved 13 of the hero's 40.
    bound = sp.interpolating_spring_removal_bound(130, 12)
    cases = [
        ("hero reverse", spring(), spring(), 0.0, frames_past(0.4, fps, False), None),
        ("reduced hero reverse", ease("linear", 0.25), ease("linear", 0.25), 0.0,
         frames_past(0.25, fps, True), frames_past(0.25, fps, True)),
        ("crossfade over a spring", spring(), ease("easeInOut", 0.6), 0.0,
         frames_past(0.6, fps, True), frames_past(0.6, fps, True)),
        ("interpolating retarget", sp.InterpolatingSpring(130, 12), sp.InterpolatingSpring(130, 12), 0.5,
         frames_past(sp.interpolating_spring_logical_time(130), fps, False), frames_past(bound, fps, False)),
    ]
    departures = []
    for name, forward, retarget, target, logical, removal in cases:
        alone = sp.SwiftUIProperty(0.0, fps)
        alone.change(0.0, 1.0, forward)
        forward_removed = alone.run_until_removed()
        for d in range(3, min(fps + 3, forward_removed + 1)):
            prop = sp.SwiftUIProperty(0.0, fps)
            prop.change(0.0, 1.0, forward)
            prop.change(sp.frame_ms(d, fps), target, retarget)
            removed = prop.run_until_removed() - d
            complete = prop.logically_complete_at - d
            if complete != min(logical, removed) or (removal is not None and removed != removal):
                departures.append((name, d, complete, removed))
    assert departures == []


@pytest.mark.parametrize("fps", [60, 120])
def test_a_reading_on_every_frame_in_its_own_update_runs_the_animator(fps):
    # behavior.md C16: a CoreMotion reading is an update of its own before the frame that shows it, so that frame's
    # update is not held by it (AnimatorState.combine sets nextTime to the reading's update's time). A reading on
    # every frame taken in the frame's own update instead holds every frame: the animator never leaves pending and,
    # when the readings stop, its combined entries replay at negative elapsed times, where the closed form explodes.
    spring = sp.InterpolatingSpring(130, 12 if fps >= 120 else 10.5)
    targets = [(15 + 2 * math.sin(k)) / 20 * 4 for k in range(fps)]  # a noisy steady tilt, 3 pt ± 0.4

    def run(own_update):
        changes = [(sp.frame_ms(k, fps), x, spring, own_update) for k, x in enumerate(targets)]
        return [v for _, v, _ in sp.sample_property(0.0, changes, fps, until=3 * fps)["frames"]]

    own = run(True)
    assert all(math.isfinite(v) and abs(v) <= 4 for v in own)
    assert abs(own[fps] - 3) < 0.5  # it follows the tilt within the second
    held = run(False)
    assert held[fps // 2] == 0.0  # every frame held: nothing moved after half a second
    assert max(abs(v) for v in held) > 1e6


# ------------------------------------------------------------------------------------------------------------
# Delay and repeat inside the animator


@pytest.mark.parametrize("fps", [60, 120])
def test_delay_runs_inside_the_animator_from_the_transactions_frame(fps):
    result = sp.sample_property(0.0, [(0.0, 1.0, sp.Delay(ease("easeOut", 0.588), 0.012))], fps)
    frames = frames_of(result)
    # The base sees max(0, elapsed - 0.012) and is removed once that passes 0.588: elapsed > 0.6.
    k = 0
    while not (k / fps) - 0.012 > 0.588:
        k += 1
    assert result["removedAt"] == k + 2
    for n, elapsed in result["evaluations"].items():
        if elapsed is not None and elapsed <= 0.012:
            assert frames[n] == (0.0, 0.0)  # in the delay: the start value, not moving


def test_delay_merges_only_with_an_equal_delay():
    prop = sp.SwiftUIProperty(0.0, 60)
    prop.change(0.0, 1.0, sp.Delay(spring(), 0.1))
    prop.change(200.0, 2.0, sp.Delay(spring(), 0.1))
    prop.draw_through(12)
    assert isinstance(prop.animator.animation, sp.Delay)  # merged
    prop = sp.SwiftUIProperty(0.0, 60)
    prop.change(0.0, 1.0, sp.Delay(spring(), 0.1))
    prop.change(200.0, 2.0, sp.Delay(spring(), 0.2))
    prop.draw_through(12)
    assert isinstance(prop.animator.animation, sp.Combined)


@pytest.mark.parametrize("fps", [60, 120])
def test_repeat_starts_each_pass_on_the_frame_after_the_last_one_ended(fps):
    result = sp.sample_property(0.0, [(0.0, 1.0, sp.Repeat(ease("easeInOut", 1.5), None, False))], fps, until=3 * fps)
    frames, evaluations = frames_of(result), result["evaluations"]
    # The first pass ends on the first evaluation past 1.5 s (elapsed 91/60 at 60 fps): that frame shows 1 and the
    # next pass starts there.
    end = next(n for n, e in sorted(evaluations.items()) if e is not None and e > 1.5)
    assert evaluations[end] == (1.5 * fps + 1) / fps
    assert frames[end] == (1.0, 0.0)
    e = evaluations[end + 1] - evaluations[end]
    assert frames[end + 1][0] == ease("easeInOut", 1.5).fraction(e)
    assert result["removedAt"] is None


def test_repeat_autoreverses_and_is_removed_after_its_count():
    result = sp.sample_property(0.0, [(0.0, 1.0, sp.Repeat(ease("linear", 0.5), 2, True))], 60)
    frames, evaluations = frames_of(result), result["evaluations"]
    end = next(n for n, e in sorted(evaluations.items()) if e is not None and e > 0.5)
    n = end + 5
    e = evaluations[n] - evaluations[end]
    assert frames[n][0] == pytest.approx(1.0 - ease("linear", 0.5).fraction(e), abs=1e-15)
    assert frames[n][1] < 0  # the reversed pass moves down
    assert result["removedAt"] == 2 + 2 * 31  # each pass: 31 evaluations (30/60 = 0.5 still shows its end)


# ------------------------------------------------------------------------------------------------------------
# The velocity shown


def test_bezier_velocity_is_the_exact_derivative():
    # dy/dx of the curve (unrounded) / duration, at the solver's u; against the derivative of the exactly solved curve.
    def exact(points, x):
        solver = sp.CubicSolver(*points)
        lo, hi = 0.0, 1.0
        for _ in range(200):
            mid = 0.5 * (lo + hi)
            lo, hi = (mid, hi) if solver._x(mid) < x else (lo, mid)
        u = 0.5 * (lo + hi)
        return u * (solver.cy + u * (solver.by + solver.ay * u))

    for name in ("easeIn", "easeOut", "easeInOut", "linear"):
        curve = ease(name, 0.6)
        for t in (0.05, 0.2, 0.3, 0.55):
            h = 1e-5
            numeric = (exact(curve.points, (t + h) / 0.6) - exact(curve.points, (t - h) / 0.6)) / (2 * h)
            assert curve.rate(t) == pytest.approx(numeric, rel=1e-4)
            u = curve.solver.solve_x(t / 0.6)
            assert curve.rate(t) == curve.solver._dy(u) / curve.solver._dx(u) / 0.6
        assert curve.rate(0.0) == 0.0 and curve.rate(0.6) == 0.0 and curve.rate(0.7) == 0.0


def test_interpolating_spring_velocity_is_the_derivative():
    for args in ((130, 12, 1.0, 0.0), (130, 10.5, 1.0, 2.0), (200, 60, 2.0, 0.0), (100, 20, 1.0, -3.0)):
        k, c, m, v0 = args
        for t in (0.0, 0.07, 0.3):
            h = 1e-6
            numeric = (sp.interpolating_spring_value(k, c, 0, 10, t + h, m, v0)
                       - sp.interpolating_spring_value(k, c, 0, 10, t - h, m, v0)) / (2 * h) if t > 0 else None
            exact = sp.interpolating_spring_velocity(k, c, 0, 10, t, m, v0)
            if numeric is not None:
                assert exact == pytest.approx(numeric, rel=1e-6, abs=1e-6)
            else:
                assert exact == pytest.approx(10 * v0)


def test_combined_velocity_is_the_chain_rule():
    # Two timing curves and an interpolating spring combined; the reported velocity against a numeric derivative of
    # the closed form r_i = r_(i-1) + f_i * (target_i - r_(i-1)) with the unrounded curves.
    a, b, c = ease("easeInOut"), ease("easeOut", 0.25), sp.InterpolatingSpring(130, 12)
    animation = sp.Combined([(a, 0.0), (b, 0.1), (c, 0.15)])

    def closed(t):
        r = 100.0 * a.solver.unrounded(min(t / a.duration, 1.0))
        r = r + b.solver.unrounded(min((t - 0.1) / b.duration, 1.0)) * (0.0 - r)
        return r + c.model.sample(t - 0.15) * (30.0 - r)

    for t in (0.2, 0.26, 0.3):
        state = {sp.COMBINED_KEY: [sp.CombinedEntry(100.0, {}), sp.CombinedEntry(0.0, {}), sp.CombinedEntry(30.0, {})]}
        context = sp.Context(state)
        animation.animate(30.0, t, context)
        h = 1e-6
        assert context.velocity == pytest.approx((closed(t + h) - closed(t - h)) / (2 * h), rel=1e-4)


@pytest.mark.parametrize("fps", [60, 120])
def test_velocity_shown_is_the_last_evaluations(fps):
    result = sp.sample_property(0.0, [(0.0, 1.0, spring()), (200.0, 0.0, ease("easeInOut"))], fps)
    frames = frames_of(result)
    n = sp.first_frame_at_or_after(200_000_000, fps)
    assert frames[n][1] == frames[n - 1][1]  # the hold shows the previous evaluation's velocity
    assert frames[n - 1][1] > 0 and frames[n + fps // 5][1] < 0  # the spring was rising; the combined curve falls


def test_repeat_velocity_is_negated_on_reversed_passes():
    loop = sp.Repeat(ease("linear", 0.5), None, True)
    for t, sign in ((0.25, 1.0), (0.75, -1.0)):
        offset, velocity = sp.animation_function(loop, 2.0, t)
        assert velocity == pytest.approx(sign * 2.0 / 0.5, rel=1e-6)


# ------------------------------------------------------------------------------------------------------------
# The fluid spring's rules and an animation's own function of time


def test_thirty_steps_leave_time_just_under_a_tenth_and_a_thirty_first_runs():
    t = 0.0
    for _ in range(30):
        t += 1.0 / 300.0
    assert t < 0.1
    trajectory = sp.fluid_spring_unit_trajectory(0.4, 0.8, 0.1)
    assert len(trajectory) - 1 == 31
    assert sp.fluid_spring_sample(0.4, 0.8, 0.0, 1.0, 0.1) == trajectory[-1][1]
    assert sp.animation_function(spring(), 1.0, 0.1) == (trajectory[-1][1], trajectory[-1][2])


def test_stiffness_is_capped_for_the_fluid_spring():
    assert sp.fluid_spring_stiffness(0.0) == 45000.0
    assert sp.fluid_spring_stiffness(0.01) == 45000.0
    assert sp.fluid_spring_stiffness(0.4) == pytest.approx((2 * math.pi / 0.4) ** 2)


def test_function_of_time_has_no_catch_up_and_no_removal():
    value, velocity = sp.animation_function(spring(), 1.0, 3.0)
    assert value == pytest.approx(1.0, abs=1e-6)
    assert sp.animation_function(ease("easeIn", 0.35), 5.0, 1.0) == (5.0, 0.0)
    assert sp.animation_function(sp.Delay(ease("easeIn", 0.35), 0.1), 5.0, 0.05) == (0.0, 0.0)
    assert sp.animation_function(sp.InterpolatingSpring(130, 12), 1.0, 5.0)[0] == sp.SpringModel(130, 12).sample(5.0)


def test_value_scales_with_the_change():
    for t in (0.05, 0.2, 0.5):
        assert sp.fluid_spring_sample(0.4, 0.8, 0.0, 100.0, t) == pytest.approx(
            100.0 * sp.fluid_spring_sample(0.4, 0.8, 0.0, 1.0, t), rel=1e-12)


def test_blend_moves_the_response_with_a_smoothstep():
    s = sp.FluidSpring(0.5, 0.8, blend_duration=0.4)
    state = sp.SpringState()
    state.blend_interval = 0.15 - 0.5
    state.blend_start = 1.0
    assert s.effective_response(state, 1.0) == pytest.approx(0.15)
    assert s.effective_response(state, 1.2) == pytest.approx(0.325)  # halfway: smoothstep(0.5) = 0.5
    assert s.effective_response(state, 1.4) == pytest.approx(0.5)
    assert s.effective_response(state, 2.0) == pytest.approx(0.5)
    assert s.effective_response(state, 0.9) == pytest.approx(0.15)  # before the start: clamped to 0


def test_merge_records_the_blend_only_for_a_different_response():
    prop = sp.SwiftUIProperty(0.0, 120)
    prop.change(0.0, 1.0, sp.FluidSpring(0.15, 0.85, 0.25))
    n = prop.change(100.0, 2.0, sp.FluidSpring(0.5, 0.8, 0.5))
    prop.draw_through(n)
    state = prop.animator.state["spring"]
    assert state.blend_interval == pytest.approx(0.15 - 0.5)
    assert state.blend_start == (n - 2) / 120
    same = sp.SwiftUIProperty(0.0, 120)
    same.change(0.0, 1.0, spring())
    n = same.change(100.0, 2.0, sp.FluidSpring(0.4, 0.5, 0.5))
    same.draw_through(n)
    assert same.animator.state["spring"].blend_interval == 0.0


def test_spring_interrupting_a_timing_curve_starts_from_rest_at_the_curves_value():
    prop = sp.SwiftUIProperty(0.0, 60)
    prop.change(0.0, 100.0, ease("easeInOut"))
    n = prop.change(150.0, 200.0, spring())
    prop.draw_through(n)
    state = prop.animator.state["spring"]
    assert state.velocity == 0.0 and state.force == 0.0
    assert state.offset == 100.0 * ease("easeInOut").fraction((n - 2) / 60)


# ------------------------------------------------------------------------------------------------------------
# Interpolating spring and timing curves (the curves themselves)


def test_interpolating_spring_matches_the_closed_form_below_critical():
    k, c, m = 130.0, 12.0, 1.0
    for t in (0.05, 0.1, 0.324, 0.8):
        assert sp.interpolating_spring_value(k, c, 0.0, 1.0, t) == pytest.approx(sp.ideal_progress(k, c, m, t),
                                                                                 abs=1e-12)


def test_interpolating_spring_substitutes_critical_damping():
    # zeta = 1.5 (stiffness 200, damping 60, mass 2) runs as critical damping at w0 = 10.
    for t in (0.05, 0.2, 0.6):
        assert sp.interpolating_spring_value(200, 60, 0.0, 1.0, t, mass=2) == pytest.approx(
            sp.ideal_progress(100.0, 20.0, 1.0, t), abs=1e-12)


def test_interpolating_spring_logical_time_ignores_mass():
    assert sp.interpolating_spring_logical_time(130) == pytest.approx(2 * math.pi / math.sqrt(130))
    assert sp.InterpolatingSpring(200, 60, mass=2).logical_time == pytest.approx(2 * math.pi / math.sqrt(200))


def test_interpolating_removal_bound_formula():
    k, c = 130.0, 12.0
    w0 = math.sqrt(k)
    z = c / (2 * w0)
    wd = w0 * math.sqrt(1 - z * z)
    adj = (z * w0 - 0.0) / wd
    expected = max(0.0, -math.log(0.001 / (1 + abs(adj))) / (z * w0))
    assert sp.interpolating_spring_removal_bound(k, c) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("name", ["linear", "easeIn", "easeOut", "easeInOut"])
def test_bezier_output_is_a_multiple_of_2_to_the_minus_20(name):
    for i in range(0, 101):
        f = i / 100
        value = sp.swiftui_timing_progress(name, f)
        scaled = value * 2 ** 20
        assert scaled == math.floor(scaled)
        exact = sp.ideal_bezier_progress(sp.TIMING_FUNCTIONS[name], f) if name != "linear" else f
        assert abs(value - exact) <= 2 * 2 ** -20


def test_bezier_end_points_and_midpoint():
    assert sp.swiftui_timing_progress("easeInOut", 0.5) == 0.5
    for name in sp.TIMING_FUNCTIONS:
        assert sp.swiftui_timing_progress(name, 0.0) == 0.0
        assert sp.swiftui_timing_progress(name, 1.0) == 1.0


def test_swift_round_rounds_halves_away_from_zero():
    assert sp.swift_round(2.5) == 3.0
    assert sp.swift_round(-2.5) == -3.0
    assert sp.swift_round(0.49999999999999994) == 0.0


# ------------------------------------------------------------------------------------------------------------
# Combining


@pytest.mark.parametrize("fps", [60, 120])
def test_combined_rule_on_screen_matches_the_closed_form_at_the_animators_times(fps):
    e = ease("easeInOut")
    result = sp.sample_property(0.0, [(0.0, 100.0, e), (100.0, 200.0, e)], fps)
    n_retarget = sp.first_frame_at_or_after(100_000_000, fps)
    added = (n_retarget - 2) / fps
    frames = frames_of(result)
    for n, elapsed in result["evaluations"].items():
        if elapsed is None or n <= n_retarget:
            continue
        expected = sp.combine_non_merging(0.0, [(0.0, 100.0, e.fraction), (added, 200.0, e.fraction)], elapsed)
        assert frames[n][0] == pytest.approx(expected, abs=1e-9)


def test_finished_entry_gives_its_whole_change():
    quick, slow = ease("linear", 0.1), ease("linear", 1.0)
    result = sp.sample_property(0.0, [(0.0, 10.0, quick), (sp.frame_ms(3, 60), 20.0, slow)], 60, reads=[500.0])
    n = sp.last_frame_at_or_before(500_000_000, 60)
    e = result["evaluations"][n]
    added = (3 - 2) / 60
    assert result["reads"][500.0] == pytest.approx(10.0 + sp.CubicSolver(0, 0, 1, 1).value((e - added) / 1.0) * 10.0,
                                                   abs=1e-12)


def test_three_way_combination_and_removal_with_the_newest():
    prop = sp.SwiftUIProperty(0.0, 120)
    prop.change(0.0, 100.0, sp.InterpolatingSpring(130, 12))
    prop.change(100.0, 50.0, ease("easeOut", 0.3))
    n = prop.change(200.0, 80.0, ease("easeIn", 0.2))
    prop.draw_through(n)
    assert isinstance(prop.animator.animation, sp.Combined) and len(prop.animator.animation.entries) == 3
    added = prop.animator.animation.entries[-1][1]
    removed = prop.run_until_removed()
    # Removed with the newest entry, whatever the older ones do: the first evaluation past its duration, counted in
    # whole frames since the entry's (24/120 s after it is exactly 0.2, not past it; the difference of the two times
    # in seconds, 0.20000000000000004, removed it a frame early).
    frames = (removed - 2) - added.frame
    assert frames / 120 > 0.2 >= (frames - 1) / 120
    assert frames == 25
    assert prop.shown(removed) == (80.0, 0.0)


def test_every_frame_sampler_covers_both_rates():
    result = sp.sample_every_frame(0.0, [(0.0, 1.0, spring())], 500.0)
    assert len(result[60]["frames"]) == 31 and len(result[120]["frames"]) == 61
    assert result[120]["frames"][14][1] == pytest.approx(result[60]["frames"][8][1], abs=1e-15)  # both elapsed 0.1


# ------------------------------------------------------------------------------------------------------------
# The `ideal` side agrees with what behavior.md states for the seeds


def test_ideal_settle_times_match_the_engine():
    k, c, m = sp.response_coefficients(0.4, 0.8)
    assert sp.ideal_settle_time(k, c, m) / MS == pytest.approx(571.0, abs=0.05)
    assert sp.ideal_settle_time(130.0, 12.0, 1.0) / MS == pytest.approx(1168.7, abs=0.05)
    assert sp.ideal_settle_time(130.0, 10.5, 1.0) / MS == pytest.approx(1325.2, abs=0.05)


# ------------------------------------------------------------------------------------------------------------
# CLI and the Swift fixture


def test_cli_through_motion_reference():
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "motion_reference.py")
    out = subprocess.run([sys.executable, script, "swiftui", "--checks"], capture_output=True, text=True,
                         check=True).stdout
    assert "removed @60 fps" in out
    table = subprocess.run([sys.executable, script, "swiftui", "--table"], capture_output=True, text=True,
                           check=True).stdout
    assert "heroTransition" in table and "| swiftui |" in table


def test_swift_fixture_covers_the_scenarios_and_is_the_committed_file():
    text = sp.swift_fixture()
    results = sp.fixture_results()
    assert sum(1 for _, fps, _, _, _ in results if fps == 60) >= 50
    assert sum(1 for _, fps, _, _, _ in results if fps == 120) >= 50
    assert all(len(line) <= 120 for line in text.splitlines())
    for name, fps, start, changes, result in results:
        if result["removedAt"] is not None:
            assert result["lastFrame"] == result["removedAt"] + 2, name
        assert all(math.isfinite(v) and math.isfinite(w) for _, v, w in result["frames"]), name
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ChoreoMotionTests",
                        "SwiftUIReferenceValues.swift")
    with open(path, encoding="utf-8") as f:
        assert f.read() == text, "regenerate: python3 scripts/swiftui_physics.py --swift > " + path


# ------------------------------------------------------------------------------------------------------------
# scripts/swiftui_app_scenarios.py: the app journeys' expected values (journeys/physics/)

import swiftui_app_scenarios as apps  # noqa: E402


def screen_elapsed(change_s, read_s, fps):
    """The animator's elapsed time on the frame a screen read at `read_s` shows, for a change at `change_s` (s)."""
    n0 = sp.first_frame_at_or_after(sp.ms_to_ns(change_s * 1000), fps)
    n = sp.last_frame_at_or_before(sp.ms_to_ns(read_s * 1000), fps)
    return n0, n, (n - n0 - 2) / fps


@pytest.mark.parametrize("fps", [60, 120])
def test_parallax_retarget_is_the_combining_rule_not_a_sum(fps):
    values = apps.parallax_retarget(fps)
    model = apps.airfit_standard_spring(fps).model
    # Device-motion readings are updates of their own before the frame that shows them (behavior.md C16): the
    # reading's frame n0 evaluates elapsed 0, n0 + 1 holds and re-bases, frame n shows elapsed (n - n0 - 1)/fps.
    n0, n, _ = screen_elapsed(0.0, 0.35, fps)
    elapsed = (n - n0 - 1) / fps
    n1 = sp.first_frame_at_or_after(150_000_000, fps)
    added = (n1 - 1) / fps
    combined = sp.combine_non_merging(0.0, [(0.0, 4.0, model.sample), (added, 2.0, model.sample)], elapsed)
    assert values["x@350"] == pytest.approx(combined, abs=1e-12)
    assert abs(values["x@350"] - values["plainSum@350"]) > 0.5
    bound = sp.interpolating_spring_removal_bound(130.0, 12.0 if fps >= 120 else 10.5)
    removed = round(values["removedAt"] * fps / 1000)  # the scenarios report times in ms
    # The whole animation is removed with its newest entry: the first evaluation at or past its bound.
    assert (removed - 1) / fps - added >= bound > (removed - 2) / fps - added


def test_cascade_glyphs_are_rounded_to_2_pow_minus_20_and_close_to_the_exact_curve():
    for ms in (100, 250):
        glyph = apps.cascade_glyph_shown(1, 15, 0.0, float(ms), 60)
        eased = (glyph["weight"] - 300) / 100
        assert eased * 2 ** 20 == round(eased * 2 ** 20)
        assert glyph["opacity"] * 2 ** 20 == round(glyph["opacity"] * 2 ** 20)
        # The exact curve at the elapsed time of the frame the read shows (two frames after the cascade's).
        _, _, elapsed = screen_elapsed(0.0, ms / 1000, 60)
        exact = apps.cascade_glyph(1, 15, elapsed, ideal=True)
        assert abs(glyph["weight"] - exact["weight"]) <= 100 * 2 ** -20


@pytest.mark.parametrize("fps", [60, 120])
def test_sheet_spring_back_is_removed_on_the_first_evaluation_past_its_bound(fps):
    values = apps.airfit_sheet(fps)  # dragged and released at 1450 ms (times in ms)
    n0 = sp.first_frame_at_or_after(sp.ms_to_ns(1450.0), fps)
    removed = round(values["back.removedAt"] * fps / 1000)
    bound = values["back.removalBound"] / 1000
    assert (removed - n0 - 2) / fps >= bound > (removed - n0 - 3) / fps
    # Below critical damping SwiftUI's closed form is the damped oscillator: the screen shows it at the frame's
    # elapsed time.
    _, _, elapsed = screen_elapsed(1.45, 1.55, fps)
    damping = 12.0 if fps >= 120 else 10.5
    assert values["back@+100"] == pytest.approx(apps.ideal_interpolating(130.0, damping, 100.0, 0.0, elapsed, -2.0),
                                                abs=1e-9)


def test_finpessoal_sheet_dismissal_merges_continuously_and_the_reduced_one_combines():
    full = apps.fin_sheet_full(60)
    # The dismissal's own update (frame 12) holds frame 11, the spring at elapsed 9/60.
    assert full["p@200"] == pytest.approx(sp.fluid_spring_sample(0.5, 1.0, 0.0, 1.0, 9 / 60), abs=1e-12)
    reduced = apps.fin_sheet_reduced(60)
    # Dismissed at 125 ms: taken at frame 8 (elapsed 6/60); the read at 200 ms shows frame 12 (elapsed 10/60).
    curve = ease("easeOut", 0.25)
    first = curve.fraction(10 / 60)
    second = curve.fraction(10 / 60 - 6 / 60)
    assert reduced["p@200"] == pytest.approx(first + second * (0.0 - first), abs=1e-12)
    assert reduced["p@200"] - reduced["additive@200"] > 0.01


def test_nav_blur_retarget_and_celebration_return():
    blur = apps.fin_nav_blur(60)
    # The second scroll (5 ms) is taken at frame 1 while the animator is still pending: combined at elapsed 1/60.
    # Frame 2 begins the clock, frame 3 holds, frame 4 (the read at 75 ms) is elapsed 1/60: the second entry is at 0.
    assert blur["b@75"] == pytest.approx(0.5 * ease("linear", 0.15).fraction(1 / 60), abs=1e-15)
    celebration = apps.fin_celebration_full(60)
    # The return to 1 leaves the merged spring an interval of 0: once at rest it is removed, after the 800 ms hold.
    assert celebration["scale.removedAt"] > 800 + 2000 / 60  # ms
    assert celebration["scale@1200"] != 1.0 or celebration["scale.removedAt"] <= 1200


def test_seed_claims_table_rows_are_the_reference_figures():
    hero = apps.seed_claim_row("spring", (0.4, 0.8, 0.0))
    assert hero[(60, 1.0)] == sp.frame_ns(sp.fluid_spring_removal_frame(0.4, 0.8, 1.0, 60), 60) / 1e9 == 0.7
    assert hero[(60, 100.0)] == sp.frame_ns(sp.fluid_spring_removal_frame(0.4, 0.8, 100.0, 60), 60) / 1e9
    k, c, m = sp.response_coefficients(0.4, 0.8)
    assert hero["idealRest"] == pytest.approx(sp.ideal_settle_time(k, c, m))
    card = apps.seed_claim_row("interpolating", (130.0, 12.0, 1.0))
    assert card[(60, 1.0)] == sp.frame_ns(sp.interpolating_spring_removal_frame(130.0, 12.0, 60), 60) / 1e9
    # `.delay(0.012)` inside the animator: the base passes 0.588 s when elapsed passes 0.6 s.
    cascade = apps.seed_claim_row("timing", ("easeOut", 0.588), 0.012)
    assert cascade[(60, 1.0)] == pytest.approx(39 / 60) and cascade[(120, 1.0)] == pytest.approx(75 / 120)
    assert "| FinPessoal hero transition |" in apps.seed_claims_table()
