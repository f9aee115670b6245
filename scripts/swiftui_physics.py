#!/usr/bin/env python3
"""Independent reference for Choreo's `swiftui` physics: how SwiftUI's runtime evaluates and draws animations.

Pure, deterministic, standard library only. Nothing here is shared with the Swift engine; the algorithms are
re-derived from SwiftUI's sources as transcribed in public repositories (scripts/SWIFTUI_PHYSICS_NOTES.md lists
each file, the stored commit read, and every choice made where the sources disagree):

* OpenSwiftUIProject/OpenSwiftUI, snapshot 069dd80bce30 ("OSU" below), `Sources/OpenSwiftUICore/Animation/...`
  (audited against SwiftUICore 6.5.4);
* pookjw/MySwiftUI, snapshot a7a8996b8e65 ("MSU"), register-level transcriptions (`<+offset>` comments);
* EthanArbuckle/iPhone18-3_26.1_23B85_Restore, commit 004b2b3b6a0e ("iOS 26.1"), the pseudo-C of iOS 26.1's
  SwiftUICore in `System/Library/Frameworks/SwiftUICore.framework/SwiftUICore/SwiftUICore_*.m`, cited by symbol.

Two layers:

* the animations (`FluidSpring`, `InterpolatingSpring`, `Bezier`, `Combined`, `Repeat`, `Delay`): SwiftUI's
  `animate(value:time:context:)`, `velocity` and `shouldMerge`, a function of the animator's elapsed time;
* the render loop (`AnimatorState`, `SwiftUIProperty`, `sample_property`): frames on an integer clock, transactions
  taken at the next frame's update, AnimatorState's phases (pending -> first -> second -> running), removal on a
  frame, and a screen that shows the last frame drawn.

`animation_function` is an animation's own function of elapsed time (no render loop, no phases, no removal).

Usage:

    python3 scripts/swiftui_physics.py --table         # markdown tables: seeds' springs, presets, timing curves
    python3 scripts/swiftui_physics.py --checks        # the issue's check values
    python3 scripts/swiftui_physics.py --json          # the table's data, checks and per-frame samples as JSON
    python3 scripts/swiftui_physics.py --swift > Tests/ChoreoMotionTests/SwiftUIReferenceValues.swift
    python3 scripts/motion_reference.py swiftui --table   # the same, through motion_reference.py
"""

import bisect
import copy
import math
import sys
from fractions import Fraction

TWO_PI = 2.0 * math.pi  # Double.pi * 2, exact tau as a Double

# Fluid spring (FluidSpringAnimation.animate; OSU Animation/Animation/Spring/FluidSpringAnimation.swift, MSU
# Sources/MySwiftUICore/FluidSpringAnimation.swift)
STIFFNESS_CAP = 45000.0
INTEGRATOR_STEP = 1.0 / 300.0
HALF_STEP = 1.0 / 600.0
REST_THRESHOLD_SQUARED = 0.0036  # max(|v|^2, |force|^2) at or below this: "at rest"
DISPLACEMENT_FRACTION = 0.01  # the remaining distance must be within 1% of the interval
CATCH_UP_LIMIT = 1.0  # a request more than 1 s past the state's time...
CATCH_UP_BACKOFF = 1.0 / 60.0  # ...first moves the state's time to (request - 1/60)

# Interpolating spring (SpringAnimation / SpringModel; OSU Animation/Animation/Spring/SpringAnimation.swift)
SPRING_DURATION_EPSILON = 0.001
SPRING_MIN_EPSILON = 1e-6
SPRING_SEARCH_STEP = 0.1
SPRING_SEARCH_ITERATIONS = 1024

# Bezier (UnitCurve.CubicSolver; OSU Animation/Animation/UnitCurve.swift)
BEZIER_EPSILON = 2.0 ** -20
BEZIER_NEWTON_ITERATIONS = 8
BEZIER_BISECTION_LIMIT = 200

DEFAULT_TIMING_DURATION = 0.35


def swift_round(x):
    """Swift's `round` (C `round`): to nearest, halves away from zero. Python's round() rounds halves to even."""
    if not math.isfinite(x):
        return x
    a = abs(x)
    r = math.floor(a)
    if a - r >= 0.5:
        r += 1.0
    return math.copysign(r, x)


def clamp(x, lo, hi):
    return lo if not x >= lo else (hi if x > hi else x)


# ---------------------------------------------------------------------------------------------------------------
# Animation context: the per-animation state SwiftUI keeps between frames, and the logical-completion flag.


class Context:
    """AnimationContext: a state dictionary (keyed like SwiftUI's AnimationState keys) and isLogicallyComplete.

    `velocity` and `sensitivity` are this reference's instrumentation, not SwiftUI state: every `animate` that
    returns a value also leaves there the exact partial derivatives of what it returned, d/dtime (units per second)
    and d/dvalue (dimensionless), so the render loop can report the velocity of the value on screen.
    """

    __slots__ = ("state", "logically_complete", "velocity", "sensitivity")

    def __init__(self, state=None, logically_complete=False):
        self.state = {} if state is None else state
        self.logically_complete = logically_complete
        self.velocity = 0.0
        self.sensitivity = 0.0


class SpringState:
    """FluidSpringAnimation's SpringState: offset from the start value, velocity, force, and times (all 0 at first)."""

    __slots__ = ("offset", "velocity", "force", "time", "start_time", "blend_start", "blend_interval")

    def __init__(self):
        self.offset = 0.0
        self.velocity = 0.0
        self.force = 0.0
        self.time = 0.0
        self.start_time = 0.0
        self.blend_start = 0.0
        self.blend_interval = 0.0

    def copy(self):
        other = SpringState()
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    def __deepcopy__(self, memo):
        return self.copy()

    def __repr__(self):
        return "SpringState(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__) + ")"


SPRING_KEY = "spring"
COMBINED_KEY = "combined"
REPEAT_KEY = "repeat"


class FrameTime(float):
    """An elapsed time in seconds on a frame of the render loop: the float itself (n / fps, one division) and the
    frame n on a counter whose differences are whole frames, so that a repeat counts its passes in whole frames
    (behavior.md: every pass lasts a whole number of frames) instead of subtracting two times in seconds. Arithmetic
    on it gives plain floats; only the repeat reads the frame, and the delay and the combined entries pass it on."""

    def __new__(cls, seconds, frame, fps):
        value = float.__new__(cls, seconds)
        value.frame = frame
        value.fps = fps
        return value

    @classmethod
    def of_frame(cls, frame, fps):
        return cls(frame / fps, frame, fps)

    # Immutable: a copy is itself (a combined animation deep-copies its entries' states, a repeat's holds one).
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (FrameTime, (float(self), self.frame, self.fps))


def frame_shifted(time, seconds, frames):
    """`seconds` (time less something) on the frame of `time` less `frames` when `time` is on a frame."""
    if isinstance(time, FrameTime) and frames is not None:
        return FrameTime(seconds, time.frame - frames, time.fps)
    return seconds


def time_since(time, start):
    """`time - start` on the render loop's clock (decision: frame indices everywhere): whole frames, one division,
    when both are frames of one counter; the difference in seconds otherwise (between frames, or a start of 0)."""
    if isinstance(time, FrameTime) and isinstance(start, FrameTime):
        return FrameTime.of_frame(time.frame - start.frame, time.fps)
    return time - start


def _spring_state(context):
    state = context.state.get(SPRING_KEY)
    return SpringState() if state is None else state.copy()


# ---------------------------------------------------------------------------------------------------------------
# Animations. Each has animate(value, time, context) -> animated offset or None (removed), velocity(...) -> value or
# None, and should_merge(previous, value, time, context) -> bool, like SwiftUI's CustomAnimation. `value` is the
# interval: the whole change from the start value; the presented value is start + animated offset. `time` is the
# animator's elapsed time in seconds (a Double relative to the animator, never an absolute time).


class Animation:
    def animate(self, value, time, context):
        raise NotImplementedError

    def velocity(self, value, time, context):
        """SwiftUI's `velocity(value:time:context:)`: nil (None) unless the animation implements it."""
        return None

    def should_merge(self, previous, value, time, context):
        return False


def fluid_spring_stiffness(response):
    """k = (2*pi/response)^2, infinite for response <= 0, capped at 45,000 (MSU; OSU maps r <= 0 to 1.0)."""
    if response <= 0:
        k = math.inf
    else:
        w = TWO_PI / response
        k = w * w
    return k if k <= STIFFNESS_CAP else STIFFNESS_CAP


class FluidSpring(Animation):
    """spring(response:dampingFraction:blendDuration:) and everything built on it (FluidSpringAnimation)."""

    def __init__(self, response=0.5, damping_fraction=0.825, blend_duration=0.0):
        self.response = float(response)
        self.damping_fraction = float(damping_fraction)
        self.blend_duration = float(blend_duration)

    def __repr__(self):
        return f"FluidSpring(response={self.response}, dampingFraction={self.damping_fraction}, " \
               f"blendDuration={self.blend_duration})"

    def effective_response(self, state, time):
        """The response in use at `time`: blended from the previous spring's over blendDuration (smoothstep)."""
        r = self.response
        if self.blend_duration > 0 and state.blend_interval != 0:
            p = float(time_since(time, state.blend_start)) / self.blend_duration
            p = min(p, 1.0) if p >= 0 else 0.0
            r = self.response + state.blend_interval * (1.0 - p * p * (3.0 - (p + p)))
        return r

    def animate(self, value, time, context):
        s = _spring_state(context)
        # start_time and blend_start are times on the animator's clock (frames when merged on one); the integrator
        # runs on the spring's own clock, 0 at start_time, so a merged spring runs the same whatever its frame.
        r = self.effective_response(s, time)
        stiffness = fluid_spring_stiffness(r)
        time = float(time_since(time, s.start_time))
        if r <= time:
            context.logically_complete = True
        t = s.time
        if time - t > CATCH_UP_LIMIT:
            t = time - CATCH_UP_BACKOFF
            s.time = t
        if t < time:
            root = math.sqrt(stiffness)
            damping = -(self.damping_fraction * (root + root))
            offset, velocity, force = s.offset, s.velocity, s.force
            while True:
                half = force * HALF_STEP + velocity
                offset += half * INTEGRATOR_STEP
                force = half * damping + (value - offset) * stiffness
                velocity = force * HALF_STEP + half
                t += INTEGRATOR_STEP
                if not t < time:
                    break
            s.offset, s.velocity, s.force, s.time = offset, velocity, force, t
        context.state[SPRING_KEY] = s
        # Instrumentation: the offset is a state variable; its rate is the state's velocity, and it does not depend
        # on `value` at this instant (the target acts only through the force of later steps).
        context.velocity = s.velocity
        context.sensitivity = 0.0
        if max(s.velocity * s.velocity, s.force * s.force) > REST_THRESHOLD_SQUARED:
            return s.offset
        tolerance = value * DISPLACEMENT_FRACTION
        tolerance_sq = tolerance * tolerance
        remaining = value - s.offset
        if not tolerance_sq > 0:
            return None
        if not tolerance_sq < remaining * remaining:
            return None
        return s.offset

    def velocity(self, value, time, context):
        state = context.state.get(SPRING_KEY)
        return 0.0 if state is None else state.velocity

    def should_merge(self, previous, value, time, context):
        s = _spring_state(context)  # taken before the previous animation advances: the last frame's force
        v = previous.velocity(value, time, context)
        if v is not None:
            s.velocity = v  # the last frame's velocity
        offset = previous.animate(value, time, context)
        s.offset = value if offset is None else offset
        s.time = 0.0  # on the spring's own clock, which starts here
        s.start_time = time
        if isinstance(previous, FluidSpring) and previous.response != self.response:
            s.blend_interval = previous.response - self.response
            s.blend_start = time
        context.state[SPRING_KEY] = s
        return True


class SpringModel:
    """SwiftUI's closed-form spring (SpringAnimation's model): unit progress from 0 toward 1.

    No stiffness cap: neither OSU's SpringAnimation (Animation/Animation/Spring/SpringAnimation.swift, file last
    changed in 7c4f2b07) nor iOS 26.1 caps an interpolating spring's stiffness (the 45,000 cap is the fluid spring's).
    """

    def __init__(self, stiffness, damping, mass=1.0, initial_velocity=0.0):
        self.stiffness = stiffness
        self.angular_frequency = math.sqrt(stiffness / mass)
        self.damping_ratio = damping / (math.sqrt(mass * stiffness) * 2.0)
        self.initial_velocity = initial_velocity
        if self.damping_ratio >= 1.0:
            # Critical damping at w0 substituted for every zeta >= 1.
            self.decay_factor = 0.0
            self.adjusted_frequency = self.angular_frequency - initial_velocity
        else:
            self.decay_factor = self.angular_frequency * math.sqrt(1.0 - self.damping_ratio * self.damping_ratio)
            self.adjusted_frequency = (self.angular_frequency * self.damping_ratio - initial_velocity) \
                / self.decay_factor
        self.constant = 1.0

    def remaining(self, t):
        """1 - progress: the part of the change still to go."""
        w0, z = self.angular_frequency, self.damping_ratio
        if z >= 1.0:
            return (self.constant + self.adjusted_frequency * t) * math.exp(-t * w0)
        wd = self.decay_factor
        return math.exp((-z * w0) * t) * (self.constant * math.cos(wd * t) + self.adjusted_frequency * math.sin(wd * t))

    def sample(self, t):
        """The unit progress at t seconds (0 -> 1; may overshoot)."""
        return 1.0 - self.remaining(t)

    def rate(self, t):
        """d progress / dt, per second (the exact derivative of `sample`)."""
        w0, z = self.angular_frequency, self.damping_ratio
        v0 = self.initial_velocity
        if z >= 1.0:
            return math.exp(-t * w0) * (v0 + w0 * self.adjusted_frequency * t)
        wd = self.decay_factor
        lam = z * w0
        return math.exp(-lam * t) * (v0 * math.cos(wd * t) + (lam * self.adjusted_frequency + wd) * math.sin(wd * t))

    def duration(self, epsilon=SPRING_DURATION_EPSILON):
        """When SwiftUI removes the animation (MySwiftUI's transcription of SpringModel.duration(epsilon:))."""
        eps = max(SPRING_MIN_EPSILON, epsilon)
        z = self.damping_ratio
        if z == 0:
            return math.inf
        if z < 1.0:
            bound = eps / (abs(self.constant) + abs(self.adjusted_frequency))
            return max(-math.log(bound) / (z * self.angular_frequency), 0.0)
        # Critically damped (as substituted): scan a 0.1 s grid (time accumulated in Double) for the first time the
        # remainder drops below eps and stays below it at every grid point for more than 1 s after.
        t = 0.0
        min_value = math.inf
        min_time = -1.0
        for _ in range(SPRING_SEARCH_ITERATIONS):
            value = abs(1.0 - self.sample(t))
            if not math.isfinite(value):
                return 0.0
            if min_value >= eps:
                if value < min_value:
                    min_value = value
                    min_time = t
            elif value >= eps:
                min_value = math.inf
            elif not t - min_time <= 1.0:
                return min_time
            t += SPRING_SEARCH_STEP
        return 0.0  # MySwiftUI returns 0 when the scan runs out; OpenSwiftUI returns the last minimum's time.


class InterpolatingSpring(Animation):
    """interpolatingSpring(mass:stiffness:damping:initialVelocity:) (SpringAnimation): closed form, never merges.

    SpringAnimation.animate (OSU SpringAnimation.swift): removed when not (duration(0.001) > time), or when the sample
    is not finite; logically complete when time >= tau/sqrt(stiffness) (mass ignored); value.scaled(by: sample).
    """

    def __init__(self, stiffness, damping, mass=1.0, initial_velocity=0.0):
        self.stiffness = float(stiffness)
        self.damping = float(damping)
        self.mass = float(mass)
        self.initial_velocity = float(initial_velocity)
        self.model = SpringModel(self.stiffness, self.damping, self.mass, self.initial_velocity)
        self.removal_bound = self.model.duration(SPRING_DURATION_EPSILON)
        k = self.stiffness
        self.logical_time = TWO_PI / math.sqrt(k) if math.isfinite(k) else 0.0  # ignores the mass

    def __repr__(self):
        return f"InterpolatingSpring(stiffness={self.stiffness}, damping={self.damping}, mass={self.mass}, " \
               f"initialVelocity={self.initial_velocity})"

    def animate(self, value, time, context):
        if not self.removal_bound > time:
            return None
        sample = self.model.sample(time)
        if not math.isfinite(sample):
            return None
        if time >= self.logical_time:
            context.logically_complete = True
        context.velocity = value * self.model.rate(time)  # exact derivative of value * sample(time)
        context.sensitivity = sample
        return value * sample

    # velocity(...): none. SpringAnimation implements no velocity in OSU or MSU (see the notes, decision 8).


class CubicSolver:
    """UnitCurve.CubicSolver: a cubic Bezier from (0,0) to (1,1), x solved to 2^-20, y rounded to 2^-20."""

    def __init__(self, x1, y1, x2, y2):
        self.cx = x1 * 3.0
        self.bx = (x2 - x1) * 3.0 - self.cx
        self.ax = 1.0 - self.cx - self.bx
        self.cy = y1 * 3.0
        self.by = (y2 - y1) * 3.0 - self.cy
        self.ay = 1.0 - self.cy - self.by

    def _x(self, t):
        return ((self.ax * t + self.bx) * t + self.cx) * t

    def _dx(self, t):
        return (3.0 * self.ax * t + 2.0 * self.bx) * t + self.cx

    def _dy(self, t):
        return (3.0 * self.ay * t + 2.0 * self.by) * t + self.cy

    def solve_x(self, x, epsilon=BEZIER_EPSILON):
        """The curve parameter u with x(u) = x: Newton from u = x (8 tries), then bisection on [0, 1]."""
        t = x
        for _ in range(BEZIER_NEWTON_ITERATIONS):
            error = self._x(t) - x
            if abs(error) < epsilon:
                return t
            slope = self._dx(t)
            if abs(slope) < epsilon:
                break
            t -= error / slope
        if x < 0.0 or x > 1.0:
            return x
        lo, hi = 0.0, 1.0
        t = x
        for _ in range(BEZIER_BISECTION_LIMIT):
            if not lo < hi:
                break
            value = self._x(t)
            if abs(value - x) < epsilon:
                return t
            if value < x:
                lo = t
            else:
                hi = t
            t = lo + (hi - lo) * 0.5
        return t

    def value(self, x):
        """The progress at elapsed fraction x, rounded to a multiple of 2^-20 (half away from zero)."""
        t = self.solve_x(x, BEZIER_EPSILON)
        y = t * (self.cy + t * (self.by + self.ay * t))
        return swift_round(y * 2.0 ** 20) * 2.0 ** -20

    def unrounded(self, x):
        t = self.solve_x(x, BEZIER_EPSILON)
        return t * (self.cy + t * (self.by + self.ay * t))

    def slope(self, x):
        """dy/dx at elapsed fraction x: y'(u)/x'(u) at the solver's u (unrounded; this reference's instrumentation)."""
        u = self.solve_x(x, BEZIER_EPSILON)
        dx = self._dx(u)
        return 0.0 if dx == 0.0 else self._dy(u) / dx


TIMING_FUNCTIONS = {
    "linear": (0.0, 0.0, 1.0, 1.0),
    "easeIn": (0.42, 0.0, 1.0, 1.0),
    "easeOut": (0.0, 0.0, 0.58, 1.0),
    "easeInOut": (0.42, 0.0, 0.58, 1.0),
}


class Bezier(Animation):
    """linear / easeIn / easeOut / easeInOut / timingCurve (BezierAnimation): never merges, reports no velocity."""

    def __init__(self, x1, y1, x2, y2, duration=DEFAULT_TIMING_DURATION, name=None):
        self.points = (float(x1), float(y1), float(x2), float(y2))
        self.duration = float(duration)
        self.name = name
        self.solver = CubicSolver(*self.points)

    @classmethod
    def named(cls, name, duration=DEFAULT_TIMING_DURATION):
        return cls(*TIMING_FUNCTIONS[name], duration=duration, name=name)

    def __repr__(self):
        label = self.name or "timingCurve{}".format(self.points)
        return f"{label}(duration={self.duration})"

    def fraction(self, elapsed):
        if not (self.duration > 0 and self.duration >= elapsed):
            return None
        return self.solver.value(clamp(elapsed / self.duration, 0.0, 1.0))

    def rate(self, elapsed):
        """d progress / dt: the unrounded curve's dy/dx / duration, 0 outside the open interval (0, duration)."""
        if not 0.0 < elapsed < self.duration:
            return 0.0
        return self.solver.slope(elapsed / self.duration) / self.duration

    def animate(self, value, time, context):
        f = self.fraction(time)
        if f is None:
            return None
        context.velocity = value * self.rate(time)
        context.sensitivity = f
        return value * f


class CombinedEntry:
    __slots__ = ("value", "state")

    def __init__(self, value, state):
        self.value = value  # the entry's cumulative target, relative to the start value
        self.state = state  # the entry's own state dictionary; None once the entry has finished

    def __deepcopy__(self, memo):
        return CombinedEntry(self.value, copy.deepcopy(self.state, memo))


class Combined(Animation):
    """DefaultCombiningAnimation: overlapping animations that do not merge.

    Entry i moves from r(i-1), what the older entries give, toward its own cumulative target:
    r(i) = r(i-1) + f_i(t - start_i) * (target_i - r(i-1)); a finished entry gives its whole target. The whole
    animation is removed when the newest entry is, and is logically complete when the newest entry is.
    Source: OSU Animation/Animation/DefaultCombiningAnimation.swift (file last changed in a6d645e5).
    """

    def __init__(self, entries):
        self.entries = list(entries)  # [(animation, elapsed at which it was added)]

    def __repr__(self):
        return "Combined(" + ", ".join(f"{a!r}@{e:g}" for a, e in self.entries) + ")"

    def animate(self, value, time, context):
        states = context.state.get(COMBINED_KEY)
        if states is None or len(states) != len(self.entries):
            return None
        result = 0.0
        # Instrumentation: d result / dt by the chain rule. With e_i = d(animated_i)/dt and s_i = d(animated_i)/d
        # (entry value) from the entry, and entry value = target_i - r(i-1):
        # r'(i) = r'(i-1) * (1 - s_i) + e_i; a finished entry gives a constant (its target).
        rate = 0.0
        last = len(self.entries) - 1
        for index, (animation, added) in enumerate(self.entries):
            entry = states[index]
            if entry.state is None:
                result = entry.value
                rate = 0.0
                continue
            sub = Context(entry.state, context.logically_complete)
            entry_value = entry.value - result
            entry_time = time_since(time, added)  # whole frames since the entry's when both are frames
            animated = animation.animate(entry_value, entry_time, sub)
            if animated is not None:
                entry.state = sub.state
                result += animated
                rate = rate * (1.0 - sub.sensitivity) + sub.velocity
            else:
                entry.state = None
                result += entry_value
                rate = 0.0
            if index == last:
                context.logically_complete = sub.logically_complete
                context.velocity = rate
                context.sensitivity = 0.0  # the entries carry their own targets; `value` is not read
                return None if animated is None else result
        return None


class Repeat(Animation):
    """RepeatAnimation (repeatCount / repeatForever): the base animation again and again, each pass from the frame
    on which the previous one ended.

    State: (index, timeOffset), (0, 0) at first. Each frame the base runs at elapsed = time - timeOffset; a pass
    whose base returns None (a timing curve on the first frame after its duration) ends on that frame: the state is
    reset (`context.state = .init()`), the frame shows the pass's end (the whole change, or 0 for a reversed pass),
    index += 1 and timeOffset = that frame's time, so the next pass starts there, not at the duration. Odd passes
    run backwards when autoreverses. With a count, the animation is removed once index reaches it. It reports no
    velocity and merges only as a modifier does (an equal RepeatAnimation whose base merges).
    Source: OSU Animation/Animation/RepeatAnimation.swift (renamed from RepeatAnimiation.swift in cf56f565; code
    unchanged since 6951d087), CustomAnimationModifier.swift (default shouldMerge).
    """

    def __init__(self, base, count=None, autoreverses=True):
        self.base = base
        self.count = count
        self.autoreverses = autoreverses

    def __repr__(self):
        return f"Repeat({self.base!r}, count={self.count}, autoreverses={self.autoreverses})"

    def animate(self, value, time, context):
        index, offset = context.state.get(REPEAT_KEY, (0, None))
        reversed_pass = self.autoreverses and index % 2 == 1
        if offset is None:
            pass_time = time  # the first pass: time - 0
        elif isinstance(time, FrameTime) and isinstance(offset, FrameTime):
            pass_time = FrameTime.of_frame(time.frame - offset.frame, time.fps)  # whole frames since the pass began
        else:
            pass_time = time - offset
        animated = self.base.animate(value, pass_time, context)
        if animated is None:
            index += 1
            context.state = {REPEAT_KEY: (index, time)}  # context.state = .init(); context.repeatState = ...
            context.velocity = 0.0
            context.sensitivity = 0.0 if reversed_pass else 1.0
            if self.count is not None and index >= self.count:
                return None
            return 0.0 if reversed_pass else value
        if reversed_pass:
            context.velocity = -context.velocity
            context.sensitivity = 1.0 - context.sensitivity
            return value - animated
        return animated

    def should_merge(self, previous, value, time, context):
        # CustomAnimationModifier's default: self == previous (same count and autoreverses), the same base type, and
        # the base merges at the same time.
        return (isinstance(previous, Repeat) and previous.count == self.count
                and previous.autoreverses == self.autoreverses and type(previous.base) is type(self.base)
                and self.base.should_merge(previous.base, value, time, context))


class Delay(Animation):
    """`.delay(d)` (DelayAnimation): the base at max(0, time - d), inside the same animator.

    Merges only with an equal DelayAnimation whose base (of the same type) merges at the delayed time; reports no
    velocity (the modifier default). Source: OSU Animation/Animation/DelayAnimation.swift (file last changed in
    c4fcb72b), CustomAnimationModifier.swift.
    """

    def __init__(self, base, delay):
        self.base = base
        self.delay = float(delay)

    def __repr__(self):
        return f"Delay({self.base!r}, delay={self.delay})"

    def delayed_time(self, time):
        """max(0, time - d): past the delay on the same frame (two such times differ by their frames, the delay
        cancels); inside it 0, on no frame."""
        return frame_shifted(time, time - self.delay, 0) if time - self.delay > 0.0 else 0.0

    def animate(self, value, time, context):
        animated = self.base.animate(value, self.delayed_time(time), context)
        if not time - self.delay > 0.0:
            context.velocity = 0.0  # still in the delay: the value on screen is not moving
        return animated

    def should_merge(self, previous, value, time, context):
        # DelayAnimation.shouldMerge(base:previous:previousBase:...): self == previous && base.shouldMerge(previous:
        # previousBase, time: delayedTime(time)). (OSU's CustomAnimationModifiedContent.shouldMerge, which calls it,
        # casts the whole previous animation to Base and passes its own modifier as `previous`; read literally nothing
        # would ever merge. The notes' decision 16 follows the modifier's stated rule.)
        return (isinstance(previous, Delay) and previous.delay == self.delay
                and type(previous.base) is type(self.base)
                and self.base.should_merge(previous.base, value, self.delayed_time(time), context))


def combine_animation(animation, state, value, elapsed, new_animation, new_value):
    """combineAnimation(into:state:value:elapsed:newAnimation:newValue:): returns the combined animation and state."""
    if isinstance(animation, Combined):
        state[COMBINED_KEY].append(CombinedEntry(value + new_value, {}))
        return Combined(animation.entries + [(new_animation, elapsed)]), state
    combined_state = {COMBINED_KEY: [CombinedEntry(value, state), CombinedEntry(value + new_value, {})]}
    start = FrameTime.of_frame(0, elapsed.fps) if isinstance(elapsed, FrameTime) else 0.0  # added at elapsed 0
    return Combined([(animation, start), (new_animation, elapsed)]), combined_state


# ---------------------------------------------------------------------------------------------------------------
# The frame clock (the model's decisions, not SwiftUI code): the session's frames are whole indices n at `fps`,
# counted from the session's start (virtual time 0). Virtual time is kept in integer nanoseconds; frame n is at
# round(n * 1e9 / fps) ns, halves up. Everything here is integer or Fraction arithmetic: no absolute time is ever
# a float, so nothing depends on when an animation starts.

NS_PER_SECOND = 10 ** 9


def frame_ns(n, fps):
    """Frame n's virtual time in ns: round(n * 1e9 / fps), halves up (exact integer arithmetic)."""
    return (2 * n * NS_PER_SECOND + fps) // (2 * fps)


def frame_ms(n, fps):
    """Frame n's time in ms as a Double (for labels and for placing changes exactly on frame n)."""
    return frame_ns(n, fps) / 1e6


def ms_to_ns(time_ms):
    """round(ms * 1e6) in exact arithmetic on the Double's value, halves away from zero (Swift's `.rounded()`)."""
    exact = Fraction(time_ms) * 1_000_000
    whole = math.floor(abs(exact) + Fraction(1, 2))
    return whole if exact >= 0 else -whole


def first_frame_at_or_after(ns, fps):
    """The first frame whose time is >= ns: where a transaction requested at ns is taken."""
    n = max(0, ns * fps // NS_PER_SECOND)
    while n > 0 and frame_ns(n - 1, fps) >= ns:
        n -= 1
    while frame_ns(n, fps) < ns:
        n += 1
    return n


def last_frame_at_or_before(ns, fps):
    """The last frame whose time is <= ns: what a screen read at ns shows."""
    if ns < 0:
        raise ValueError("no frame before the session's start")
    return first_frame_at_or_after(ns + 1, fps) - 1


# ---------------------------------------------------------------------------------------------------------------
# The animator: SwiftUI's AnimatorState, one per animated property while it animates.
#
# Sources, all agreeing except where said:
#   OSU  Sources/OpenSwiftUICore/Animation/Animatable/AnimatableAttribute.swift (snapshot 069dd80bce30, file last
#        changed in b75c7994): AnimatorState.init (lines 424-449), combine (498-554), update (556-617),
#        AnimatableAttributeHelper.update (309-339, with updateAnimatorStateIfNeeded 231-276, updateValueIfNeeded
#        278-307). "Audited for 6.5.4".
#   MSU  Sources/MySwiftUICore/Animation.swift (snapshot a7a8996b8e65, file last changed in 8776076e):
#        AnimatableAttributeHelper.update (396-553), AnimatorState.init(...finishingDefinition:) (650-682),
#        combine (726-846), update (868-990). Register level.
#   iOS 26.1 = EthanArbuckle/iPhone18-3_26.1_23B85_Restore at 004b2b3b6a0e, SwiftUICore.framework/SwiftUICore/*.m:
#        `specialized AnimatorState.update(_:at:environment:)`, `specialized AnimatorState.combine(newAnimation:
#        newInterval:at:in:environment:)`, `AnimatorState.init(animation:interval:at:in:finishingDefinition:)`.
#
# Inside the animator every time is relative: beginTime and nextTime are frame indices here, and the elapsed time
# handed to `animate` is float(n - begin) / fps, one correctly rounded division of integers.

PENDING, FIRST, SECOND, RUNNING = "pending", "first", "second", "running"

LATE_FRAME_IOS_26_1 = "iOS 26.1"  # 2 * max(q, 1/60)
LATE_FRAME_OPENSWIFTUI = "OpenSwiftUI 6.5.4"  # max(q, 1/60) + q


def late_frame_allowance(fps, rule=LATE_FRAME_IOS_26_1):
    """The phase-second allowance in frames, with quantizedFrameInterval q = 0 (no animationFrameInterval).

    iOS 26.1 (`specialized AnimatorState.update`: `v11 = fmax(v7, 0.0166666667); v12 = v11 + v11; if (v12 <
    a3 - beginTime) ... beginTime = a3 - v12`; MSU update <+480>..<+564>: `d0 = max(d0, 1/60); d8 = d0 + d0`):
    2 * max(q, 1/60) = 1/30 s. OSU update line 580: max(q, 1/60) + q = 1/60 s.
    """
    seconds = Fraction(2, 60) if rule == LATE_FRAME_IOS_26_1 else Fraction(1, 60)
    frames = seconds * fps
    if frames.denominator != 1:
        raise ValueError(f"the late-frame allowance is not a whole number of frames at {fps} fps")
    return int(frames)


class AnimatorState:
    """SwiftUI's AnimatorState with frame indices for times (quantizedFrameInterval 0, no test host, no listeners).

    Not modelled, as they never change a value: listeners and their forks (forkListeners / updateListeners only
    report completions), `reason`, `finishingDefinition` (nil for a plain number), trace events.
    """

    def __init__(self, animation, interval, n, fps, late_frame_rule=LATE_FRAME_IOS_26_1):
        # init(animation:interval:at:in:): beginTime = nextTime = time (OSU 431-433; iOS 26.1
        # `AnimatorState.init(...finishingDefinition:)`: `*(v7 + *(*v7 + 120)) = v9; *(v7 + v12) = v9`; MSU 654-655);
        # quantizedFrameInterval = 0 without an animationFrameInterval (OSU 445-447); phase pending, state empty,
        # previousAnimationValue zero, not logically complete.
        self.animation = animation
        self.interval = interval
        self.state = {}
        self.begin = n
        self.next = n
        self.fps = fps
        self.allowance = late_frame_allowance(fps, late_frame_rule)
        self.phase = PENDING
        self.previous_animation_value = 0.0
        self.is_logically_complete = False

    def elapsed(self, n):
        return FrameTime.of_frame(n - self.begin, self.fps)  # float(n - begin) / fps: one division of integers

    def combine(self, new_animation, new_interval, n, merge_coincident=True):
        """combine(newAnimation:newInterval:at:in:environment:).

        While pending, an app linked before the v3 semantics replaces the animation and the interval (OSU 505-507:
        `phase == .pending, !Semantics.MergeCoincidentAnimations.isEnabled`, MergeCoincidentAnimations =
        _SemanticFeature_v3 in Semantic/SemanticFeature.swift:158; iOS 26.1 `specialized AnimatorState.combine`:
        `if (phase) goto LABEL_2; ... Semantics_v3.semantic ... dyld_program_sdk_at_least()` else the two plain
        stores; MSU 743: `phase == .pending && !isLinkedOnOrAfter(.v3)`). An app linked against a current SDK
        (merge_coincident=True) takes the merge/combine path in every phase.
        """
        if self.phase == PENDING and not merge_coincident:
            self.animation = new_animation
            self.interval = new_interval
            return
        elapsed = self.elapsed(n)  # time - beginTime (OSU 509; iOS 26.1 `v16 = a6 - *(v6 + 56)`)
        # AnimationContext(state:environment:isLogicallyComplete:) is a value: shouldMerge works on a copy.
        context = Context(copy.deepcopy(self.state), self.is_logically_complete)
        # forkListeners(...) (OSU 515): listeners only.
        self.is_logically_complete = False  # OSU 516; iOS 26.1 `*(v7 + 128) = 0`
        if new_animation.should_merge(self.animation, self.interval, elapsed, context):
            self.state = context.state  # OSU 523-524
            self.animation = new_animation
        else:
            self.animation, self.state = combine_animation(  # OSU 526-533
                self.animation, self.state, self.interval, elapsed, new_animation, new_interval)
        self.interval += new_interval  # OSU 535
        self.next = n  # nextTime = time (OSU 536; iOS 26.1 `*(v7 + 72) = a6`)

    def update(self, model, n):
        """update(_:at:environment:) for the frame n, given the model value (the property's current target).

        Returns (value shown, evaluation Context or None when held, removed).
        """
        # guard time > nextTime + q * -0.5 (q = 0), else hold: value += previousAnimationValue; value -= interval.
        # OSU 561-565; iOS 26.1 `if (v8 + v7 * -0.5 >= a3) goto LABEL_19` (hold: `+=` then `-=`); MSU <+292>.
        if not n > self.next:
            return (model + self.previous_animation_value) - self.interval, None, False
        if self.phase == PENDING:
            # OSU 567-569; iOS 26.1 `if (!phase) { beginTime = a3; phase = 1 }`
            self.begin = n
            self.phase = FIRST
        elif self.phase == FIRST:
            # OSU 570-578 (hasTestHost), iOS 26.1 (`static CoreTesting.isRunning`), MSU <+1320>: without a test
            # host, nextTime += time - beginTime; beginTime = time; hold.
            self.phase = SECOND
            self.next += n - self.begin
            self.begin = n
            return (model + self.previous_animation_value) - self.interval, None, False
        elif self.phase == SECOND:
            # The late-frame allowance (see late_frame_allowance): if allowance < time - beginTime,
            # beginTime = time - allowance (no test host); then running.
            if self.allowance < n - self.begin:
                self.begin = n - self.allowance
            self.phase = RUNNING
        elapsed = self.elapsed(n)
        context = Context(self.state, self.is_logically_complete)
        animated = self.animation.animate(self.interval, elapsed, context)
        if animated is None:
            return model, context, True  # the helper removes the animator; the frame shows the model value
        # updateListeners(isLogicallyComplete:...) sets the flag once (OSU 456-459, 603-607).
        if context.logically_complete:
            self.is_logically_complete = True
        self.state = context.state
        self.previous_animation_value = animated
        self.next = n  # q = 0: no rounding of nextTime
        return (model + animated) - self.interval, context, False  # value += newValue; value -= interval


class SwiftUIProperty:
    """One animatable number drawn by SwiftUI's render loop at `fps`, frame by frame.

    `change(time_ms, target, animation)` requests a change at a virtual time (an animation of None changes the
    value without animating); it is taken at the update of the first frame whose time is >= the request
    (a transaction that arrives between frames is taken at the next update). At that update every transaction
    taken there is applied in order (combined into the animator, or starting one), then the animator updates once
    (AnimatableAttributeHelper.update: updateAnimatorStateIfNeeded, then updateValueIfNeeded). An update runs at
    every frame while the animator exists; when `animate` returns nil the animator is removed on that frame and the
    frame shows the model value.

    `shown(n)` is what frame n drew: (value, velocity). `read(time_ms)` is the screen at that instant: what the last
    frame at or before it drew. The velocity shown is that of the evaluation whose value is on screen (the last
    evaluated frame; 0 before any evaluation of the current animator and after removal).
    """

    def __init__(self, value, fps, late_frame_rule=LATE_FRAME_IOS_26_1, merge_coincident=True):
        if fps <= 0:
            raise ValueError("fps must be positive")
        self.fps = fps
        self.late_frame_rule = late_frame_rule
        self.merge_coincident = merge_coincident
        self.start = float(value)
        self.model = float(value)  # the model value: the last target set
        self.animator = None
        self.queue = []  # pending transactions: (frame, sequence, target, animation)
        self.sequence = 0
        self.drawn = -1  # the last frame drawn
        self.active = []  # frames drawn with an animator or a transaction, in order
        self.shown_at = {}  # frame -> (value, velocity) for those frames
        self.velocity = 0.0  # the velocity of the last evaluation (what the screen shows)
        self.removed_at = None  # frame at which the last animator was removed
        self.logically_complete_at = None  # frame at which the current animation became logically complete
        self.evaluations = {}  # frame -> the elapsed time the animation was evaluated at (for tests)

    # -- changes

    def change(self, time_ms, target, animation=None, own_update=False):
        """Requests a change to `target` at `time_ms` (ms of virtual time); returns the frame that takes it.

        `own_update`: the change comes from outside the render loop (a CoreMotion reading on the main queue, not on
        a display frame), in an update of its own before the frame n that shows it: AnimatorState.combine sets
        nextTime to that update's time, which is before frame n's, so frame n's update is not held by it. Modelled
        as combined at frame n's elapsed time with `next` = n - 1 (the decision: behavior.md C16)."""
        n = first_frame_at_or_after(ms_to_ns(time_ms), self.fps)
        if n <= self.drawn:
            raise ValueError(f"a change at {time_ms} ms is taken at frame {n}, already drawn ({self.drawn})")
        self.sequence += 1
        self.queue.append((n, self.sequence, float(target), animation, own_update))
        self.queue.sort(key=lambda item: (item[0], item[1]))
        return n

    def _take(self, n, target, animation, own_update=False):
        """One transaction at frame n (updateAnimatorStateIfNeeded)."""
        if target == self.model:
            return  # guard modelData != previousModelData: an unchanged value starts nothing
        interval = target - self.model  # interval = modelData; interval -= previousModelData
        self.model = target
        if animation is None:
            return  # no effective animation: the value changes; a running animator keeps its interval
        if self.animator is not None:
            self.animator.combine(animation, interval, n, self.merge_coincident)
            self.logically_complete_at = None  # combine clears isLogicallyComplete
        else:
            self.animator = AnimatorState(animation, interval, n, self.fps, self.late_frame_rule)
            self.velocity = 0.0  # nothing evaluated yet
            self.logically_complete_at = None
            self.removed_at = None
        if own_update:
            self.animator.next = n - 1  # its own update held before frame n; frame n's is not held by it

    # -- frames

    def _draw(self, n):
        # Every transaction taken at this frame, in request order, then one update (decision 15 in the notes).
        while self.queue and self.queue[0][0] == n:
            _, _, target, animation, own_update = self.queue.pop(0)
            self._take(n, target, animation, own_update)
        if self.animator is None:
            value = self.model
        else:
            value, context, removed = self.animator.update(self.model, n)
            if removed:
                self.animator = None
                self.velocity = 0.0
                self.removed_at = n
                if self.logically_complete_at is None:
                    self.logically_complete_at = n  # removal completes it too
                self.evaluations[n] = None
            elif context is not None:
                self.velocity = context.velocity
                self.evaluations[n] = self.animator.elapsed(n)
                if context.logically_complete and self.logically_complete_at is None:
                    self.logically_complete_at = n
        self.active.append(n)
        self.shown_at[n] = (value, self.velocity)
        self.drawn = n

    def draw_through(self, n):
        """Draws every frame up to and including n (idle frames are skipped: they repeat the last value)."""
        while self.drawn < n:
            following = self.drawn + 1
            if self.animator is None and (not self.queue or self.queue[0][0] > following):
                self.drawn = n if not self.queue else min(n, self.queue[0][0] - 1)
                continue
            self._draw(following)

    def shown(self, n):
        """(value, velocity) that frame n drew."""
        self.draw_through(n)
        if n in self.shown_at:
            return self.shown_at[n]
        i = bisect.bisect_right(self.active, n)
        if i == 0:
            return self.start, 0.0
        return self.shown_at[self.active[i - 1]][0], 0.0  # an idle frame repeats the last one (no animator)

    def read(self, time_ms):
        """What the screen shows at `time_ms`: the last frame drawn at or before it."""
        return self.shown(last_frame_at_or_before(ms_to_ns(time_ms), self.fps))[0]

    def read_velocity(self, time_ms):
        return self.shown(last_frame_at_or_before(ms_to_ns(time_ms), self.fps))[1]

    def run_until_removed(self, limit_frames=None):
        """Draws frames until every queued change is taken and the animator is removed; returns the removal frame."""
        limit = limit_frames if limit_frames is not None else self.drawn + 120 * self.fps
        while self.animator is not None or self.queue:
            if self.drawn >= limit:
                raise RuntimeError("animation not removed within the limit")
            self.draw_through(self.drawn + 1 if self.animator is not None else self.queue[0][0])
        return self.removed_at


def sample_property(start_value, changes, fps, until=None, reads=(), late_frame_rule=LATE_FRAME_IOS_26_1,
                    merge_coincident=True, after_removal=2):
    """Runs a property through the render loop.

    `changes`: [(time_ms, target, animation or None)]; `reads`: times in ms. `until`: the last frame to report;
    by default `after_removal` frames after the animator (started by the changes) is removed (an animation that is
    never removed, such as repeatForever, needs `until`).

    Returns {"fps", "firstFrame" (the frame that takes the first change), "lastFrame", "frames": [(n, value,
    velocity)] for every frame from firstFrame to lastFrame, "reads": {ms: value}, "readVelocities": {ms: velocity},
    "removedAt", "logicallyCompleteAt" (frame indices, None if not reached), "evaluations": {n: elapsed s or None}}.
    """
    prop = SwiftUIProperty(start_value, fps, late_frame_rule, merge_coincident)
    frames_taken = [prop.change(*change) for change in changes]  # (ms, target, animation[, own_update])
    first = min(frames_taken) if frames_taken else 0
    if until is None:
        removed = prop.run_until_removed()
        last = (removed if removed is not None else max(frames_taken)) + after_removal
    else:
        last = until
    prop.draw_through(last)
    removed_at, logically_complete_at = prop.removed_at, prop.logically_complete_at
    frames = [(n,) + prop.shown(n) for n in range(first, last + 1)]
    read_times = sorted(set(float(t) for t in reads))
    out_reads = {t: prop.read(t) for t in read_times}
    out_read_velocities = {t: prop.read_velocity(t) for t in read_times}
    return {
        "fps": fps,
        "firstFrame": first,
        "lastFrame": last,
        "frames": frames,
        "reads": out_reads,
        "readVelocities": out_read_velocities,
        "removedAt": removed_at,
        "logicallyCompleteAt": logically_complete_at,
        "evaluations": {n: e for n, e in prop.evaluations.items() if n <= last},
    }


def sample_every_frame(start_value, changes, until=None):
    """`sample_property` at 60 and 120 fps: {60: result, 120: result} (`until` in ms, or to removal)."""
    out = {}
    for fps in (60, 120):
        last = None if until is None else last_frame_at_or_before(ms_to_ns(until), fps)
        out[fps] = sample_property(start_value, changes, fps, last)
    return out


# ---------------------------------------------------------------------------------------------------------------
# An animation's own function of elapsed time (no render loop, no phases, no removal): what Choreo's
# `motion.sample` reports for one animation from rest.


def animation_function(animation, value, elapsed):
    """(offset, velocity) of one animation moving by `value` from rest, `elapsed` seconds after it starts.

    * FluidSpring: the integrator from rest on its own 1/300 s grid (time accumulated in Double) to the first grid
      point at or after `elapsed`; no catch-up rule, no removal thresholds; the velocity is the state's.
    * InterpolatingSpring: value * sample(t), value * sample'(t) (closed form, no removal bound).
    * Bezier: value * progress(t / duration) (the 2^-20-rounded solver) and the exact derivative (unrounded dy/dx /
      duration, 0 outside (0, duration)); the whole change from the duration on.
    * Delay: the base at max(0, t - d); velocity 0 while max(0, t - d) = 0.
    * Repeat: passes of exactly the base's duration (a Bezier base): pass k = floor(t / duration) runs the base at
      t - k * duration, backwards on odd passes when autoreverses; after `count` passes, the whole change. (The render
      loop differs: there a pass ends on the first frame after the duration.)
    """
    if isinstance(animation, FluidSpring):
        stiffness = fluid_spring_stiffness(animation.response)
        root = math.sqrt(stiffness)
        damping = -(animation.damping_fraction * (root + root))
        offset = velocity = force = t = 0.0
        while t < elapsed:
            half = force * HALF_STEP + velocity
            offset += half * INTEGRATOR_STEP
            force = half * damping + (value - offset) * stiffness
            velocity = force * HALF_STEP + half
            t += INTEGRATOR_STEP
        return offset, velocity
    if isinstance(animation, InterpolatingSpring):
        return value * animation.model.sample(elapsed), value * animation.model.rate(elapsed)
    if isinstance(animation, Bezier):
        f = animation.fraction(elapsed)
        if f is None:
            return value, 0.0
        return value * f, value * animation.rate(elapsed)
    if isinstance(animation, Delay):
        offset, velocity = animation_function(animation.base, value, max(0.0, elapsed - animation.delay))
        return offset, (velocity if elapsed - animation.delay > 0.0 else 0.0)
    if isinstance(animation, Repeat) and isinstance(animation.base, Bezier):
        d = animation.base.duration
        k = math.floor(elapsed / d) if elapsed > 0 else 0
        if animation.count is not None and k >= animation.count:
            return value, 0.0
        offset, velocity = animation_function(animation.base, value, elapsed - k * d)
        if animation.autoreverses and k % 2 == 1:
            return value - offset, -velocity
        return offset, velocity
    raise TypeError(f"no function of time for {animation!r}")


def removal_frame(animation, change, fps, start_value=0.0):
    """The frame at which SwiftUI removes `animation` moving by `change`, started by a change taken at frame 0."""
    result = sample_property(start_value, [(0.0, start_value + change, animation)], fps)
    return result["removedAt"]


def frames_to_ms(n, fps):
    return frame_ns(n, fps) / 1e6


# ---------------------------------------------------------------------------------------------------------------
# Convenience functions (the vocabulary).


def fluid_spring_sample(response, damping_fraction, from_, to, t_seconds):
    """spring(response, dampingFraction) from `from_` to `to`, `t_seconds` after it starts (its own function)."""
    return from_ + animation_function(FluidSpring(response, damping_fraction), to - from_, t_seconds)[0]


def fluid_spring_removal_frame(response, damping_fraction, change, fps, blend_duration=0.0):
    """The frame at which SwiftUI removes a spring() moving by `change` from rest, started at frame 0."""
    return removal_frame(FluidSpring(response, damping_fraction, blend_duration), change, fps)


def fluid_spring_logical_time(response):
    """When a spring() is logically complete: elapsed >= response (the animation's own time)."""
    return response


def fluid_spring_unit_trajectory(response, damping_fraction, until):
    """Offsets of a 0 -> 1 spring() on its own 1/300 s grid: [(time, offset, velocity, force)] (no removal)."""
    stiffness = fluid_spring_stiffness(response)
    root = math.sqrt(stiffness)
    damping = -(damping_fraction * (root + root))
    offset = velocity = force = t = 0.0
    out = [(0.0, 0.0, 0.0, 0.0)]
    while t < until:
        half = force * HALF_STEP + velocity
        offset += half * INTEGRATOR_STEP
        force = half * damping + (1.0 - offset) * stiffness
        velocity = force * HALF_STEP + half
        t += INTEGRATOR_STEP
        out.append((t, offset, velocity, force))
    return out


def fluid_spring_overshoot(response, damping_fraction, until=5.0):
    """Largest excursion past the target of a 0 -> 1 spring() on the integrator grid: (fraction, time)."""
    best = (0.0, 0.0)
    for t, offset, _, _ in fluid_spring_unit_trajectory(response, damping_fraction, until):
        if offset - 1.0 > best[0]:
            best = (offset - 1.0, t)
    return best


def interpolating_spring_value(stiffness, damping, from_, to, t_seconds, mass=1.0, initial_velocity=0.0):
    """SwiftUI's interpolatingSpring value at t (no frames, no removal: the closed form itself)."""
    model = SpringModel(stiffness, damping, mass, initial_velocity)
    return from_ + (to - from_) * model.sample(t_seconds)


def interpolating_spring_velocity(stiffness, damping, from_, to, t_seconds, mass=1.0, initial_velocity=0.0):
    """d value / dt of SwiftUI's interpolatingSpring at t, in units per second."""
    model = SpringModel(stiffness, damping, mass, initial_velocity)
    return (to - from_) * model.rate(t_seconds)


def interpolating_spring_logical_time(stiffness):
    """2*pi/sqrt(stiffness): one undamped period of a unit mass, whatever the mass (as SwiftUI does). No cap."""
    return TWO_PI / math.sqrt(stiffness) if math.isfinite(stiffness) else 0.0


def interpolating_spring_removal_bound(stiffness, damping, mass=1.0, initial_velocity=0.0):
    """The removal bound: max(0, -ln(0.001 / (1 + |adj|)) / (zeta * w0)) below critical; a grid search at or above."""
    return SpringModel(stiffness, damping, mass, initial_velocity).duration(SPRING_DURATION_EPSILON)


def interpolating_spring_removal_frame(stiffness, damping, fps, mass=1.0, initial_velocity=0.0):
    """The frame at which SwiftUI removes it (any change size), started by a change taken at frame 0."""
    return removal_frame(InterpolatingSpring(stiffness, damping, mass, initial_velocity), 1.0, fps)


def swiftui_bezier_progress(x1, y1, x2, y2, fraction):
    """SwiftUI's timing-curve progress at an elapsed fraction (clamped to [0, 1]), a multiple of 2^-20."""
    return CubicSolver(x1, y1, x2, y2).value(clamp(fraction, 0.0, 1.0))


def swiftui_timing_progress(name, fraction):
    return swiftui_bezier_progress(*TIMING_FUNCTIONS[name], fraction)


def swiftui_timing_value(name, duration, from_, to, t_seconds):
    """A named timing curve from `from_` to `to` over `duration`, at t (the target from the duration on)."""
    f = Bezier.named(name, duration).fraction(t_seconds)
    return to if f is None else from_ + (to - from_) * f


def combine_non_merging(start_value, entries, t):
    """The non-merging combining rule in closed form, without frames.

    `entries`: [(start_time, target, progress)] oldest first, `progress(elapsed)` the entry's unit progress or None
    once it has finished. r_0 is the start value; r_i = r_(i-1) + f_i(t - start_i) * (target_i - r_(i-1)); a finished
    entry gives its whole target. Entries that have not started yet are ignored.
    """
    r = start_value
    for start, target, progress in entries:
        if t < start:
            break
        f = progress(t - start)
        r = target if f is None else r + f * (target - r)
    return r


# ---------------------------------------------------------------------------------------------------------------
# The `ideal` physics (what the Swift engine computes today), re-derived: closed-form damped oscillator.


def ideal_displacement(k, c, m, x0, v0, t):
    """x(t) and x'(t) of m x'' + c x' + k x = 0 from x0, v0 (closed form)."""
    w0 = math.sqrt(k / m)
    z = c / (2.0 * math.sqrt(k * m))
    lam = z * w0
    if abs(z - 1.0) < 1e-12:
        e = math.exp(-w0 * t)
        b = v0 + w0 * x0
        return e * (x0 + b * t), e * (b - w0 * (x0 + b * t))
    if z < 1.0:
        wd = w0 * math.sqrt(1.0 - z * z)
        b = (v0 + lam * x0) / wd
        e = math.exp(-lam * t)
        cos, sin = math.cos(wd * t), math.sin(wd * t)
        x = e * (x0 * cos + b * sin)
        v = e * ((b * wd - lam * x0) * cos - (x0 * wd + lam * b) * sin)
        return x, v
    s = w0 * math.sqrt(z * z - 1.0)
    r1, r2 = -lam + s, -lam - s
    a = (v0 - r2 * x0) / (r1 - r2)
    b = x0 - a
    e1, e2 = math.exp(r1 * t), math.exp(r2 * t)
    return a * e1 + b * e2, a * r1 * e1 + b * r2 * e2


def response_coefficients(response, damping_fraction):
    w = TWO_PI / response
    return w * w, 4.0 * math.pi * damping_fraction / response, 1.0


def ideal_progress(k, c, m, t, initial_velocity=0.0):
    """Closed-form progress 0 -> 1 (1 + x(t) with x(0) = -1)."""
    return 1.0 + ideal_displacement(k, c, m, -1.0, initial_velocity, t)[0]


def ideal_settle_time(k, c, m, initial_velocity=0.0, tolerance=0.001, resolution=1e-4, horizon=30.0):
    """The closed-form settle time the engine uses: after it |x| <= tol and |v| <= tol*w0 for good (x0 = -1).

    Scanned every `resolution` seconds from the end of an energy bound backwards, then refined by bisection.
    """
    w0 = math.sqrt(k / m)
    xb, vb = tolerance, tolerance * w0

    def outside(t):
        x, v = ideal_displacement(k, c, m, -1.0, initial_velocity, t)
        return abs(x) > xb or abs(v) > vb

    # Energy sqrt(x^2 + (v/w0)^2) never grows; once it is below tol (and v/w0 below tol) nothing later exceeds.
    t_end = 0.0
    while t_end < horizon:
        x, v = ideal_displacement(k, c, m, -1.0, initial_velocity, t_end)
        if math.sqrt(x * x + (v / w0) ** 2) <= xb:
            break
        t_end += 0.05
    n = int(math.ceil(t_end / resolution))
    last = -1
    for i in range(n, -1, -1):
        if outside(i * resolution):
            last = i
            break
    if last < 0:
        return 0.0
    lo, hi = last * resolution, (last + 1) * resolution
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if outside(mid):
            lo = mid
        else:
            hi = mid
    return hi


def ideal_overshoot(k, c, m, initial_velocity=0.0, until=3.0, step=1e-4):
    best = (0.0, 0.0)
    n = int(until / step)
    for i in range(n + 1):
        t = i * step
        p = ideal_progress(k, c, m, t, initial_velocity) - 1.0
        if p > best[0]:
            best = (p, t)
    return best


def ideal_bezier_progress(points, x):
    """Exact timing-curve progress: x(u) = x by plain bisection, then y(u) (no rounding): the closed form's."""
    import motion_reference  # the ideal reference; imported here because it imports this module for `swiftui`

    return motion_reference.bezier_progress(points, x)


# ---------------------------------------------------------------------------------------------------------------
# Seeds' springs and SwiftUI presets.

# Spring(duration:bounce:) -> dampingFraction
def damping_fraction_for_bounce(bounce):
    return 1.0 / (bounce + 1.0) if bounce < 0.0 else 1.0 - bounce


# (name, where it comes from, kind, parameters)
#   kind "spring": (response, dampingFraction, blendDuration); kind "interpolating": (stiffness, damping, mass)
SEED_SPRINGS = [
    ("heroTransition / chartContainerScale", "seed 000 AnimationEngine.heroTransition; DashboardTiming",
     "spring", (0.4, 0.8, 0.0)),
    ("celebrationPulse", "seed 000 AnimationEngine.celebrationPulse; Celebration (f = 1)", "spring", (0.6, 0.7, 0.0)),
    ("sheetPresentation (full)", "ModeTiming.sheet (seed 002 decision)", "spring", (0.5, 1.0, 0.0)),
    ("indicatorReturn (full)", "DashboardTiming.indicatorReturn (seed 003)", "spring", (0.4, 1.2, 0.0)),
    ("indicatorReturn (reduced)", "DashboardTiming.indicatorReturn (seed 003)", "spring", (0.25, 1.0, 0.0)),
    ("checkmark / pointAppear", "DashboardTiming.checkmark, .pointAppear (seed 003)", "spring", (0.3, 0.6, 0.0)),
    ("cardSlide", "DashboardTiming.cardSlide (seed 003)", "spring", (0.5, 0.8, 0.0)),
    ("counter (full)", "DashboardTiming.counter (seed 003)", "spring", (0.8, 1.0, 0.0)),
    ("counter (reduced)", "DashboardTiming.counter (seed 003)", "spring", (0.4, 1.0, 0.0)),
    ("axisLabels", "DashboardTiming.axisLabels (seed 003)", "spring", (0.35, 0.7, 0.0)),
    ("highlight (full)", "DashboardTiming.highlight (seed 003)", "spring", (0.25, 0.7, 0.0)),
    ("calloutCounter (full)", "DashboardTiming.calloutCounter (seed 003)", "spring", (0.3, 1.0, 0.0)),
    ("calloutCounter (reduced)", "DashboardTiming.calloutCounter (seed 003)", "spring", (0.2, 1.0, 0.0)),
    ("bounceUp", "DashboardTiming.bounceUp (seed 003)", "spring", (0.25, 0.5, 0.0)),
    ("bounceBack", "DashboardTiming.bounceBack (seed 003)", "spring", (0.4, 0.5, 0.0)),
    ("AirFit standard spring, 120 fps (glassCard, metricRing, parallax, dragDismissSheet)",
     "seed 004; AirFitApp.standardSpring", "interpolating", (130.0, 12.0, 1.0)),
    ("AirFit standard spring, 60 fps tuning (glassCard.60fps)", "seed 004 ProMotion Adaptation",
     "interpolating", (130.0, 10.5, 1.0)),
    ("spring(response 0.6, dampingFraction 0.7)", "motion_reference.py", "spring", (0.6, 0.7, 0.0)),
    ("spring(response 0.5, dampingFraction 1.5) over-damped", "motion_reference.py", "spring", (0.5, 1.5, 0.0)),
    ("spring(response 0.55, dampingFraction 0.825)", "motion_reference.py", "spring", (0.55, 0.825, 0.0)),
    ("interpolatingSpring(stiffness 100, damping 20) critical", "motion_reference.py", "interpolating",
     (100.0, 20.0, 1.0)),
    ("interpolatingSpring(stiffness 200, damping 60, mass 2) over-damped", "motion_reference.py", "interpolating",
     (200.0, 60.0, 2.0)),
    ("Spring(duration 0.5, bounce 0.3)", "motion_reference.py", "spring", (0.5, damping_fraction_for_bounce(0.3), 0.0)),
    ("Spring(duration 0.5, bounce -0.3)", "motion_reference.py", "spring",
     (0.5, damping_fraction_for_bounce(-0.3), 0.0)),
]

PRESETS = [
    (".spring / .spring() (iOS 17+ SDK: spring(duration: 0.5, bounce: 0))", "spring", (0.5, 1.0, 0.0)),
    ("spring(response:dampingFraction:) defaults (0.5, 0.825)", "spring", (0.5, 0.825, 0.0)),
    (".spring() before the iOS 17 SDK (0.55, 0.825)", "spring", (0.55, 0.825, 0.0)),
    (".smooth (duration 0.5, bounce 0)", "spring", (0.5, 1.0, 0.0)),
    (".snappy (duration 0.5, bounce 0.15)", "spring", (0.5, damping_fraction_for_bounce(0.15), 0.0)),
    (".bouncy (duration 0.5, bounce 0.3)", "spring", (0.5, damping_fraction_for_bounce(0.3), 0.0)),
    (".interactiveSpring (duration 0.15, bounce 0.15, blend 0.25)", "spring",
     (0.15, damping_fraction_for_bounce(0.15), 0.25)),
    ("interactiveSpring(response:dampingFraction:blendDuration:) defaults (0.15, 0.86, 0.25)", "spring",
     (0.15, 0.86, 0.25)),
    (".interpolatingSpring (duration 0.5, bounce 0: stiffness (2pi/0.5)^2, damping 2*sqrt(k))", "interpolating",
     ((TWO_PI / 0.5) ** 2, 2.0 * (TWO_PI / 0.5), 1.0)),
]

SEED_TIMING_CURVES = [
    ("linear", [0.1, 0.15, 0.2, 0.25, 1.4, 1.5, 3.0]),
    ("easeOut", [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 1.5]),
    ("easeInOut", [0.15, 0.2, 0.3, 0.35, 0.6, 0.75, 0.8, 1.0, 1.5]),
    ("easeIn", [0.35]),
]

TABLE_TIMES = [0.05, 0.1, 0.2, 0.3]


def make_animation(kind, params):
    if kind == "spring":
        return FluidSpring(*params)
    stiffness, damping, mass = params
    return InterpolatingSpring(stiffness, damping, mass)


def ideal_coefficients(kind, params):
    if kind == "spring":
        return response_coefficients(params[0], params[1])
    return params


def spring_row(name, kind, params):
    """Every figure of one spring for the table."""
    k, c, m = ideal_coefficients(kind, params)
    animation = make_animation(kind, params)
    row = {"name": name, "kind": kind, "params": params}
    row["ideal"] = [ideal_progress(k, c, m, t) for t in TABLE_TIMES]
    row["swiftui"] = [animation_function(animation, 1.0, t)[0] for t in TABLE_TIMES]
    row["idealSettle"] = ideal_settle_time(k, c, m)
    if kind == "spring":
        row["idealLogical"] = params[0]
        row["swiftuiLogical"] = params[0]
    else:
        row["idealLogical"] = TWO_PI / math.sqrt(k / m)
        row["swiftuiLogical"] = animation.logical_time
        row["removalBound"] = animation.removal_bound
    row["idealSettle"] = max(row["idealSettle"], row["idealLogical"])
    removal = {}
    for fps in (60, 120):
        for change in (1.0, 100.0):
            removal[(fps, change)] = removal_frame(make_animation(kind, params), change, fps)
    row["removal"] = removal  # frame indices after a change taken at frame 0
    row["idealOvershoot"] = ideal_overshoot(k, c, m)
    if kind == "spring":
        row["swiftuiOvershoot"] = fluid_spring_overshoot(params[0], params[1])
    else:
        model = animation.model
        best = (0.0, 0.0)
        for i in range(30001):
            t = i * 1e-4
            p = model.sample(t) - 1.0
            if p > best[0]:
                best = (p, t)
        row["swiftuiOvershoot"] = best
    return row


def describe(kind, params):
    if kind == "spring":
        r, z, b = params
        text = f"spring(response {r:g}, dampingFraction {z:.6g}"
        return text + (f", blend {b:g})" if b else ")")
    k, c, m = params
    text = f"interpolatingSpring(stiffness {k:.6g}, damping {c:.6g}"
    return text + (f", mass {m:g})" if m != 1 else ")")


def ms(seconds):
    return f"{seconds * 1000:.1f}"


def frame_label(n, fps):
    return f"{frames_to_ms(n, fps):.1f}"


def spring_table(rows):
    head = ("| spring | | 50 ms | 100 ms | 200 ms | 300 ms | logical ms | overshoot | "
            "removed 0→1 @60 | 0→100 @60 | 0→1 @120 | 0→100 @120 |")
    out = [head, "|" + "---|" * 12]
    for row in rows:
        label = f"{row['name']}<br>`{describe(row['kind'], row['params'])}`"
        ideal = row["ideal"]
        sw = row["swiftui"]
        io, it = row["idealOvershoot"]
        so, st = row["swiftuiOvershoot"]
        settle = ms(row["idealSettle"])
        out.append(
            f"| {label} | ideal | " + " | ".join(f"{v:.6f}" for v in ideal)
            + f" | {ms(row['idealLogical'])} | {io * 100:.2f}% @ {it * 1000:.1f} ms | "
            + f"{settle} | {settle} | {settle} | {settle} |")
        rem = row["removal"]
        extra = f" (bound {row['removalBound'] * 1000:.1f})" if "removalBound" in row else ""
        out.append(
            "| | swiftui | " + " | ".join(f"{v:.6f}" for v in sw)
            + f" | {ms(row['swiftuiLogical'])} | {so * 100:.2f}% @ {st * 1000:.1f} ms | "
            + f"{frame_label(rem[(60, 1.0)], 60)}{extra} | {frame_label(rem[(60, 100.0)], 60)} | "
            + f"{frame_label(rem[(120, 1.0)], 120)} | {frame_label(rem[(120, 100.0)], 120)} |")
    return out


def timing_table():
    fractions = [0.1, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 0.9]
    out = ["| curve | " + " | ".join(f"{f:.4g}" for f in fractions) + " |", "|" + "---|" * (len(fractions) + 1)]
    for name in ("linear", "easeIn", "easeOut", "easeInOut"):
        points = TIMING_FUNCTIONS[name]
        ideal = [ideal_bezier_progress(points, f) if name != "linear" else f for f in fractions]
        sw = [swiftui_timing_progress(name, f) for f in fractions]
        out.append(f"| {name} ideal | " + " | ".join(f"{v:.8f}" for v in ideal) + " |")
        out.append(f"| {name} swiftui | " + " | ".join(f"{v:.8f}" for v in sw) + " |")
        out.append(f"| {name} Δ (units of 2⁻²⁰) | "
                   + " | ".join(f"{(s - i) * 2 ** 20:+.2f}" for s, i in zip(sw, ideal)) + " |")
    return out


def timing_removal_table():
    out = ["| curve | duration s | removed @60 ms (frame) | removed @120 ms (frame) |", "|---|---|---|---|"]
    for name, durations in SEED_TIMING_CURVES:
        for d in durations:
            cells = []
            for fps in (60, 120):
                n = removal_frame(Bezier.named(name, d), 1.0, fps)
                cells.append(f"{frame_label(n, fps)} ({n})")
            out.append(f"| {name} | {d:g} | {cells[0]} | {cells[1]} |")
    return out


# ---------------------------------------------------------------------------------------------------------------
# The check values.


def check_values():
    """The issue's check values, computed (not typed in)."""
    out = {}
    out["spring(0.4,0.8) 0→1 at 100 ms swiftui (its own function)"] = fluid_spring_sample(0.4, 0.8, 0.0, 1.0, 0.1)
    out["spring(0.4,0.8) 0→1 at 100 ms ideal"] = ideal_progress(*response_coefficients(0.4, 0.8), 0.1)
    for fps in (60, 120):
        shown = sample_property(0.0, [(0.0, 1.0, FluidSpring(0.4, 0.8))], fps, reads=[100.0])["reads"][100.0]
        out[f"spring(0.4,0.8) 0→1 started at 0, screen at 100 ms @{fps} fps"] = shown
    out["spring(0.4,0.8) overshoot swiftui"] = fluid_spring_overshoot(0.4, 0.8)[0]
    out["spring(0.4,0.8) overshoot ideal"] = ideal_overshoot(*response_coefficients(0.4, 0.8))[0]
    for fps in (60, 120):
        for change in (1.0, 100.0):
            n = fluid_spring_removal_frame(0.4, 0.8, change, fps)
            out[f"spring(0.4,0.8) 0→{change:g} removed @{fps} fps (frame, ms)"] = (n, frames_to_ms(n, fps))
    out["interpolatingSpring(130,12) removal bound"] = interpolating_spring_removal_bound(130, 12)
    for fps in (60, 120):
        n = interpolating_spring_removal_frame(130, 12, fps)
        out[f"interpolatingSpring(130,12) removed @{fps} fps (frame, ms)"] = (n, frames_to_ms(n, fps))
    out["easeInOut 0→100, →200 at 100 ms: combined − plain sum at 200 ms"] = ease_in_out_overlap()[2]
    out["interpolatingSpring(130,12) 0→100, →50 at 150 ms: combined − plain sum at 350 ms"] = \
        interpolating_retarget()[2]
    out["max |swiftui − ideal| for spring(0.4,0.8) 0→1, integrator grid (fraction, at s)"] = \
        max_fluid_vs_ideal(0.4, 0.8)
    out["max |swiftui − ideal| for spring(0.4,0.8) 0→1, 60 fps frame times (fraction, at s)"] = \
        max_fluid_vs_ideal(0.4, 0.8, fps=60)
    out["max |swiftui − ideal| for spring(0.4,0.8) 0→1, 120 fps frame times (fraction, at s)"] = \
        max_fluid_vs_ideal(0.4, 0.8, fps=120)
    return out


def ease_in_out_overlap(at=0.2):
    """easeInOut (0.35 s) 0 -> 100 at 0 and -> 200 at 0.1 s in the animator's time: (combined, plain sum, difference)
    at `at` (the combining rule in closed form; the render loop adds its phases around it)."""
    ease = Bezier.named("easeInOut")
    combined = combine_non_merging(0.0, [(0.0, 100.0, ease.fraction), (0.1, 200.0, ease.fraction)], at)
    plain = 100.0 * ease.fraction(at) + 100.0 * ease.fraction(at - 0.1)
    return combined, plain, combined - plain


def interpolating_retarget(at=0.35):
    """interpolatingSpring(130, 12) 0 -> 100 at 0 and -> 50 at 0.15 s in the animator's time: (combined, plain sum,
    difference) at `at`."""
    model = SpringModel(130, 12)
    combined = combine_non_merging(0.0, [(0.0, 100.0, model.sample), (0.15, 50.0, model.sample)], at)
    plain = 100.0 * model.sample(at) + (50.0 - 100.0) * model.sample(at - 0.15)
    return combined, plain, combined - plain


def max_fluid_vs_ideal(response, damping_fraction, until=1.0, fps=None):
    """Largest |swiftui - ideal| of a 0 -> 1 spring() over [0, until], as a fraction of the change.

    With fps None, on the integrator's own grid (same instant on both sides); with an fps, at every frame time n/fps
    of the animation's own time, where the integrator has run to the first grid point at or after it.
    """
    k, c, m = response_coefficients(response, damping_fraction)
    worst = (0.0, 0.0)
    if fps is None:
        for t, offset, _, _ in fluid_spring_unit_trajectory(response, damping_fraction, until):
            d = abs(offset - ideal_progress(k, c, m, t))
            if d > worst[0]:
                worst = (d, t)
        return worst
    spring = FluidSpring(response, damping_fraction)
    n = 0
    while n / fps <= until:
        t = n / fps
        d = abs(animation_function(spring, 1.0, t)[0] - ideal_progress(k, c, m, t))
        if d > worst[0]:
            worst = (d, t)
        n += 1
    return worst


def print_checks():
    for name, value in check_values().items():
        print(f"{name}: {value!r}")


def print_table():
    print("## Springs: seeds and motion_reference.py")
    print()
    print("Values are progress 0 → 1 at 50/100/200/300 ms of the animation's own time (`swiftui`: its own function,")
    print("no render loop; on screen a frame k after the transaction shows it at (k − 2)/fps). `ideal` removal")
    print("columns show the engine's settle time (0.1% of the change, size- and fps-independent, never before the")
    print("logical time); `swiftui` columns are the time of the frame at which SwiftUI removes the animation when the")
    print("change is taken at frame 0 (phases included). Overshoot: ideal over continuous time, swiftui on the 1/300 s")
    print("integrator grid (fluid) or continuous (interpolating).")
    print()
    for line in spring_table([spring_row(n, k, p) for n, _, k, p in SEED_SPRINGS]):
        print(line)
    print()
    print("## SwiftUI presets")
    print()
    for line in spring_table([spring_row(n, k, p) for n, k, p in PRESETS]):
        print(line)
    print()
    print("## Timing curves: progress at elapsed fractions")
    print()
    for line in timing_table():
        print(line)
    print()
    print("## Seeds' timing curves: removal frame (change taken at frame 0)")
    print()
    for line in timing_removal_table():
        print(line)


def json_data():
    """Everything the table shows, plus every frame of the hero spring and the two overlap checks, as JSON data."""

    def row_json(row):
        out = dict(row)
        out["params"] = list(row["params"])
        out["removal"] = {f"{fps}fps/0to{change:g}": n for (fps, change), n in row["removal"].items()}
        out["idealOvershoot"] = list(row["idealOvershoot"])
        out["swiftuiOvershoot"] = list(row["swiftuiOvershoot"])
        return out

    frames = {}
    for fps in (60, 120):
        hero = sample_property(0.0, [(0.0, 1.0, FluidSpring(0.4, 0.8))], fps)
        ease = sample_property(0.0, [(0.0, 100.0, Bezier.named("easeInOut")),
                                     (100.0, 200.0, Bezier.named("easeInOut"))], fps)
        card = sample_property(0.0, [(0.0, 100.0, InterpolatingSpring(130, 12)),
                                     (150.0, 50.0, InterpolatingSpring(130, 12))], fps)
        frames[f"spring(0.4,0.8) 0->1 @{fps}"] = hero
        frames[f"easeInOut 0->100, ->200 at 100 ms @{fps}"] = ease
        frames[f"interpolatingSpring(130,12) 0->100, ->50 at 150 ms @{fps}"] = card
    for value in frames.values():
        value["reads"] = {repr(k): v for k, v in value["reads"].items()}
        value["readVelocities"] = {repr(k): v for k, v in value["readVelocities"].items()}
        value["evaluations"] = {str(k): v for k, v in value["evaluations"].items()}
    return {
        "tableTimes": TABLE_TIMES,
        "checks": {k: (list(v) if isinstance(v, tuple) else v) for k, v in check_values().items()},
        "seedSprings": [row_json(spring_row(n, k, p)) | {"source": s} for n, s, k, p in SEED_SPRINGS],
        "presets": [row_json(spring_row(n, k, p)) for n, k, p in PRESETS],
        "frames": frames,
    }


# ---------------------------------------------------------------------------------------------------------------
# Swift fixture for the engine's `swiftui` physics (Tests/ChoreoMotionTests/SwiftUIReferenceValues.swift).


def _swift_double(value):
    text = repr(float(value))
    if text in ("inf", "-inf", "nan"):
        raise ValueError(f"non-finite reference value {text}")
    return text


def _swift_animation(animation):
    """The Swift fixture's spelling of a reference animation (helpers in SwiftUIReferenceFixture.swift)."""
    d = _swift_double
    if animation is None:
        return "nil"
    if isinstance(animation, FluidSpring):
        return f".fluid({d(animation.response)}, {d(animation.damping_fraction)}, {d(animation.blend_duration)})"
    if isinstance(animation, InterpolatingSpring):
        text = f".interpolating({d(animation.stiffness)}, {d(animation.damping)}, {d(animation.mass)}"
        if animation.initial_velocity != 0.0:
            text += f", initialVelocity: {d(animation.initial_velocity)}"
        return text + ")"
    if isinstance(animation, Bezier):
        x1, y1, x2, y2 = animation.points
        return f".bezier({d(x1)}, {d(y1)}, {d(x2)}, {d(y2)}, {d(animation.duration)})"
    if isinstance(animation, Delay):
        return f".delayed({d(animation.delay)}, {_swift_animation(animation.base)})"
    if isinstance(animation, Repeat):
        count = "" if animation.count is None else f"count: {animation.count}, "
        return f".repeating({_swift_animation(animation.base)}, {count}autoreverses: " \
               f"{'true' if animation.autoreverses else 'false'})"
    raise TypeError(f"no Swift spelling for {animation!r}")


def _ease(name, duration=DEFAULT_TIMING_DURATION):
    return Bezier.named(name, duration)


def _consecutive_retargets(fps):
    """A spring 0 -> 1 taken at frame 0; retargets on every frame from frame 3 (the first update after the phase
    became `second`) until the hold has lasted longer than the late-frame allowance: the update after them rebases
    beginTime to time - allowance."""
    allowance = late_frame_allowance(fps)
    frames = range(3, 3 + allowance + 1)
    changes = [(0.0, 1.0, FluidSpring(0.4, 0.8))]
    changes += [(frame_ms(n, fps), 1.0 + 0.1 * (i + 1), FluidSpring(0.4, 0.8)) for i, n in enumerate(frames)]
    return changes


def _consecutive_curve_retargets(fps):
    allowance = late_frame_allowance(fps)
    frames = range(3, 3 + allowance + 1)
    changes = [(0.0, 100.0, _ease("easeInOut"))]
    changes += [(frame_ms(n, fps), 100.0 + 10.0 * (i + 1), _ease("easeInOut")) for i, n in enumerate(frames)]
    return changes


def fixture_scenarios():
    """(name, start value, changes(fps) -> [(ms, target, animation)], reads in ms, until ms or None)."""
    spring = lambda: FluidSpring(0.4, 0.8)  # noqa: E731
    card = lambda: InterpolatingSpring(130, 12)  # noqa: E731
    fixed = lambda changes: (lambda fps: changes)  # noqa: E731
    out = [
        # Fresh animations of each kind, from a change at 0.
        ("spring(0.4,0.8) 0→1", 0.0, fixed([(0.0, 1.0, spring())]), [16.0, 50.0, 100.0, 100.5, 333.3], None),
        ("spring(0.4,0.8) 0→100", 0.0, fixed([(0.0, 100.0, spring())]), [100.0, 212.5, 600.0], None),
        ("sheet spring(0.5,1) 0→1", 0.0, fixed([(0.0, 1.0, FluidSpring(0.5, 1.0))]), [100.0, 250.0], None),
        ("interactiveSpring(0.15,0.86,0.25) 0→1", 0.0, fixed([(0.0, 1.0, FluidSpring(0.15, 0.86, 0.25))]),
         [50.0, 100.0], None),
        ("spring(0.5,1.5) over-damped 0→1", 0.0, fixed([(0.0, 1.0, FluidSpring(0.5, 1.5))]), [300.0], None),
        ("bouncy spring(0.5,0.7) 0→10", 0.0, fixed([(0.0, 10.0, FluidSpring(0.5, 0.7))]), [300.0], None),
        ("interpolatingSpring(130,12) 0→100", 0.0, fixed([(0.0, 100.0, card())]), [100.0, 357.0], None),
        ("interpolatingSpring(130,10.5) 0→100", 0.0, fixed([(0.0, 100.0, InterpolatingSpring(130, 10.5))]),
         [100.0], None),
        ("interpolatingSpring(100,20) critical 0→1", 0.0, fixed([(0.0, 1.0, InterpolatingSpring(100, 20))]),
         [100.0], None),
        ("interpolatingSpring(200,60,mass 2) over-damped 0→1", 0.0,
         fixed([(0.0, 1.0, InterpolatingSpring(200, 60, 2.0))]), [100.0], None),
        ("interpolatingSpring(1e5,300) stiffness uncapped 0→1", 0.0,
         fixed([(0.0, 1.0, InterpolatingSpring(1e5, 300))]), [20.0, 40.0], None),
        ("interpolatingSpring(130,12,v0 −2) 100→0", 100.0,
         fixed([(0.0, 0.0, InterpolatingSpring(130, 12, 1.0, -2.0))]), [100.0], None),
        ("easeInOut 0.6 s 0→1", 0.0, fixed([(0.0, 1.0, _ease("easeInOut", 0.6))]), [300.0, 633.4], None),
        ("linear 0.25 s 0→100", 0.0, fixed([(0.0, 100.0, _ease("linear", 0.25))]), [100.0, 283.3], None),
        ("easeIn 0.35 s 0→1", 0.0, fixed([(0.0, 1.0, _ease("easeIn"))]), [200.0], None),
        ("easeOut 0.25 s 0→1", 0.0, fixed([(0.0, 1.0, _ease("easeOut", 0.25))]), [200.0], None),
        ("timingCurve(0.2,0.8,0.2,1) 0.5 s 0→1", 0.0, fixed([(0.0, 1.0, Bezier(0.2, 0.8, 0.2, 1.0, 0.5))]),
         [100.0], None),
        # Delayed and repeating (inside the animator, from the transaction's frame).
        ("easeOut 0.588 s delayed 12 ms 0→1", 0.0, fixed([(0.0, 1.0, Delay(_ease("easeOut", 0.588), 0.012))]),
         [40.0, 300.0], None),
        ("spring(0.4,0.8) delayed 100 ms 0→1", 0.0, fixed([(0.0, 1.0, Delay(spring(), 0.1))]), [100.0, 200.0], None),
        ("repeatForever easeInOut 1.5 s autoreverses 0→1", 0.0,
         fixed([(0.0, 1.0, Repeat(_ease("easeInOut", 1.5), None, True))]), [1000.0, 1600.0, 3100.0], 3500.0),
        ("repeatForever linear 1 s 0→360", 0.0, fixed([(0.0, 360.0, Repeat(_ease("linear", 1.0), None, False))]),
         [500.0, 1030.0, 2000.0], 2500.0),
        ("repeatCount 2 linear 0.5 s autoreverses 0→1", 0.0,
         fixed([(0.0, 1.0, Repeat(_ease("linear", 0.5), 2, True))]), [600.0], None),
        # Retargets: merges (spring after anything), combines (everything else), on frames and between frames.
        ("spring 0→100, →50 at 150 ms (merge, on a frame)", 0.0,
         fixed([(0.0, 100.0, spring()), (150.0, 50.0, spring())]), [150.0, 200.0, 300.0], None),
        ("spring 0→100, →50 at 155 ms (merge, between frames)", 0.0,
         fixed([(0.0, 100.0, spring()), (155.0, 50.0, spring())]), [155.0, 170.0, 300.0], None),
        ("spring(0.4,0.8) 0→100, spring(0.25,0.7) →50 at 150 ms (new response)", 0.0,
         fixed([(0.0, 100.0, spring()), (150.0, 50.0, FluidSpring(0.25, 0.7))]), [200.0, 300.0], None),
        ("spring(0.4,0.8) 0→100, spring(0.15,0.86,blend 0.25) →50 at 150 ms (blend)", 0.0,
         fixed([(0.0, 100.0, spring()), (150.0, 50.0, FluidSpring(0.15, 0.86, 0.25))]), [200.0, 300.0], None),
        ("easeInOut 0→100, →200 at 100 ms (combine)", 0.0,
         fixed([(0.0, 100.0, _ease("easeInOut")), (100.0, 200.0, _ease("easeInOut"))]), [200.0, 212.5], None),
        ("interpolatingSpring(130,12) 0→100, →50 at 150 ms (combine)", 0.0,
         fixed([(0.0, 100.0, card()), (150.0, 50.0, card())]), [350.0, 357.0], None),
        ("easeInOut 0→100, spring(0.4,0.8) →0 at 100 ms (merge from rest)", 0.0,
         fixed([(0.0, 100.0, _ease("easeInOut")), (100.0, 0.0, spring())]), [200.0], None),
        ("spring 0→100, easeOut 0.25 →0 at 100 ms, interpolating →30 at 200 ms (three entries)", 0.0,
         fixed([(0.0, 100.0, spring()), (100.0, 0.0, _ease("easeOut", 0.25)), (200.0, 30.0, card())]),
         [300.0], None),
        ("sheet: linear 0.25 s 0→1, spring(0.5,1) back →0 at 100 ms", 0.0,
         fixed([(0.0, 1.0, _ease("linear", 0.25)), (100.0, 0.0, FluidSpring(0.5, 1.0))]), [150.0, 400.0], None),
        ("linear 0.25 s 0→1, spring(0.5,1) →0 on frame 1 (pending: interval 0)", 0.0,
         lambda fps: [(0.0, 1.0, _ease("linear", 0.25)), (frame_ms(1, fps), 0.0, FluidSpring(0.5, 1.0))],
         [50.0], None),
        ("spring 0→1, spring →2 on frame 1 (still pending)", 0.0,
         lambda fps: [(0.0, 1.0, spring()), (frame_ms(1, fps), 2.0, spring())], [100.0], None),
        ("spring 0→1, spring →2 on frame 2 (phase first)", 0.0,
         lambda fps: [(0.0, 1.0, spring()), (frame_ms(2, fps), 2.0, spring())], [100.0], None),
        ("spring retargeted on consecutive frames (late-frame allowance)", 0.0, _consecutive_retargets,
         [100.0], None),
        ("easeInOut retargeted on consecutive frames (late-frame allowance)", 0.0, _consecutive_curve_retargets,
         [100.0], None),
        ("coincident easeInOut 0→100 and →50 before the first frame", 0.0,
         fixed([(1.0, 100.0, _ease("easeInOut")), (5.0, 50.0, _ease("easeInOut"))]), [100.0], None),
        ("coincident spring →100 and spring(0.25,0.7) →50 before the first frame", 0.0,
         fixed([(1.0, 100.0, spring()), (5.0, 50.0, FluidSpring(0.25, 0.7))]), [100.0], None),
        ("unanimated change to 2 at 200 ms during spring 0→1", 0.0,
         fixed([(0.0, 1.0, spring()), (200.0, 2.0, None)]), [200.0, 300.0], None),
        ("celebration: spring(0.6,0.7) 1→1.05 at 200 ms, →1 at 800 ms", 1.0,
         fixed([(200.0, 1.05, FluidSpring(0.6, 0.7)), (800.0, 1.0, FluidSpring(0.6, 0.7))]), [350.0, 1000.0], None),
        ("delayed easeOut 0→1, delayed easeOut →0 at 300 ms (combine)", 0.0,
         fixed([(0.0, 1.0, Delay(_ease("easeOut", 0.25), 0.012)),
               (300.0, 0.0, Delay(_ease("easeOut", 0.25), 0.012))]),
         [320.0], None),
        ("delayed springs merge: spring.delay(0.1) 0→1, →2 at 200 ms", 0.0,
         fixed([(0.0, 1.0, Delay(spring(), 0.1)), (200.0, 2.0, Delay(spring(), 0.1))]), [300.0], None),
        ("repeatForever easeInOut 1 s, easeInOut →0 at 1000 ms (combine)", 0.0,
         fixed([(0.0, 1.0, Repeat(_ease("easeInOut", 1.0), None, True)), (1000.0, 0.0, _ease("easeInOut"))]),
         [1200.0], None),
        ("repeatForever easeInOut 1 s, spring →0 at 500 ms (merge from the loop's value)", 0.0,
         fixed([(0.0, 1.0, Repeat(_ease("easeInOut", 1.0), None, True)), (500.0, 0.0, spring())]), [600.0], None),
        # Starts away from the session's start: relative times only.
        ("spring(0.4,0.8) 0→1 from 16 ms", 0.0, fixed([(16.0, 1.0, spring())]), [116.0], None),
        ("spring(0.4,0.8) 0→1 from 1000 ms", 0.0, fixed([(1000.0, 1.0, spring())]), [1100.0, 1400.5], None),
        ("spring(0.4,0.8) 0→1 from 5000 ms", 0.0, fixed([(5000.0, 1.0, spring())]), [5100.0], None),
        ("spring(0.4,0.8) 0→1 from 59 s", 0.0, fixed([(59000.0, 1.0, spring())]), [59100.0], None),
        ("easeInOut 0.6 s 0→1 from 59 s", 0.0, fixed([(59000.0, 1.0, _ease("easeInOut", 0.6))]), [59300.0], None),
        ("easeInOut from 5000 ms, →200 at 5100 ms (combine)", 0.0,
         fixed([(5000.0, 100.0, _ease("easeInOut")), (5100.0, 200.0, _ease("easeInOut"))]), [5200.0], None),
        ("interpolatingSpring(130,12) from 1000 ms, →50 at 1150 ms", 0.0,
         fixed([(1000.0, 100.0, card()), (1150.0, 50.0, card())]), [1350.0], None),
        ("linear 0.25 s 0→1 from 1000 ms, delayed 50 ms", 0.0,
         fixed([(1000.0, 1.0, Delay(_ease("linear", 0.25), 0.05))]), [1100.0], None),
    ]
    return out


def fixture_results():
    """[(name, fps, start, changes, result)] for every scenario at 60 and 120 fps."""
    out = []
    for name, start, changes_for, reads, until_ms in fixture_scenarios():
        for fps in (60, 120):
            changes = changes_for(fps)
            until = None if until_ms is None else last_frame_at_or_before(ms_to_ns(until_ms), fps)
            result = sample_property(start, changes, fps, until, reads=reads)
            out.append((name, fps, start, changes, result))
    return out


def _wrapped(head, items, indent, tail=","):
    """`head[item, item, ...]tail` on one line if it fits in 120 columns, else one line per item group."""
    one = " " * indent + head + "[" + ", ".join(items) + "]" + tail
    if len(one) <= 120:
        return [one]
    lines = [" " * indent + head + "["]
    current = " " * (indent + 4)
    for item in items:
        piece = item + ","
        if len(current) + len(piece) + 1 > 120 and current.strip():
            lines.append(current.rstrip())
            current = " " * (indent + 4)
        current += piece + " "
    if current.strip():
        lines.append(current.rstrip())
    lines.append(" " * indent + "]" + tail)
    return lines


def swift_fixture():
    """The Swift fixture: every frame (60 and 120 fps) of each scenario from its first change until 2 frames after
    removal (or until a stated frame when it never ends), with the velocity shown, reads and event frames."""
    d = _swift_double
    lines = [
        "// Generated by scripts/swiftui_physics.py --swift: do not edit by hand.",
        "// Regenerate: python3 scripts/swiftui_physics.py --swift > Tests/ChoreoMotionTests/SwiftUIReferenceValues.swift",
        "//",
        "// From the Python reference of SwiftUI's render loop (scripts/SWIFTUI_PHYSICS_NOTES.md). Frame n of a",
        "// session at `fps` is at round(n * 1e9 / fps) ns (halves up) of virtual time; a change at `timeMs`",
        "// (ns = round(ms * 1e6)) is taken at the update of the first frame at or after it. `values[i]` and",
        "// `velocities[i]` are what frame `firstFrame + i` shows (velocity in units per second); `reads` are",
        "// (ms, value) of the screen at that instant (the last frame at or before it). `removedAt` and",
        "// `logicallyCompleteAt` are frame indices (nil: not reached by the last frame listed).",
        "",
        "import ChoreoMotion",
        "",
        "let swiftUIReferenceScenarios: [SwiftUIReferenceScenario] = [",
    ]
    for name, fps, start, changes, result in fixture_results():
        scale = max(abs(v - start) for _, v, _ in changes)
        lines.append("    SwiftUIReferenceScenario(")
        lines.append(f"        name: \"{name}\",")
        lines.append(f"        fps: {fps}, start: {d(start)}, scale: {d(scale)},")
        items = [f".init({d(t)}, {d(v)}, {_swift_animation(a)})" for t, v, a in changes]
        one_line = "        changes: [" + ", ".join(items) + "],"
        if len(one_line) <= 120:
            lines.append(one_line)
        else:
            lines.append("        changes: [")
            for item in items:
                text = f"            {item},"
                if len(text) > 120:
                    raise ValueError(f"change spelling longer than 120 columns: {item}")
                lines.append(text)
            lines.append("        ],")
        removed = "nil" if result["removedAt"] is None else str(result["removedAt"])
        logical = "nil" if result["logicallyCompleteAt"] is None else str(result["logicallyCompleteAt"])
        lines.append(f"        removedAt: {removed}, logicallyCompleteAt: {logical},")
        lines += _wrapped("reads: ", [f"({d(t)}, {d(v)})" for t, v in sorted(result["reads"].items())], 8)
        lines.append(f"        firstFrame: {result['firstFrame']},")
        values = [d(v) for _, v, _ in result["frames"]]
        velocities = [d(w) for _, _, w in result["frames"]]
        for label, numbers, tail in (("values", values, ","), ("velocities", velocities, ")")):
            lines.append(f"        {label}: [")
            for i in range(0, len(numbers), 4):
                lines.append("            " + ", ".join(numbers[i:i + 4]) + ",")
            lines.append("        ]" + tail + ("," if tail == ")" else ""))
    lines.append("]")
    for line in lines:
        if len(line) > 120:
            raise ValueError(f"generated line longer than 120 columns: {line}")
    return "\n".join(lines) + "\n"


def main(argv):
    if argv == ["--swift"]:
        sys.stdout.write(swift_fixture())
        return 0
    if argv == ["--json"]:
        import json
        json.dump(json_data(), sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    if argv == ["--table"]:
        print_table()
        return 0
    if argv == ["--checks"]:
        print_checks()
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
