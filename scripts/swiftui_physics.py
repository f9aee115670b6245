#!/usr/bin/env python3
"""Independent reference for Choreo's `swiftui` physics: how SwiftUI's runtime evaluates animations.

Pure, deterministic, standard library only. Nothing here is shared with the Swift engine; the algorithms are
re-derived from the public reimplementations of SwiftUICore listed in scripts/SWIFTUI_PHYSICS_NOTES.md
(OpenSwiftUIProject/OpenSwiftUI `Sources/OpenSwiftUICore/Animation/...`, pookjw/MySwiftUI
`Sources/MySwiftUICore/FluidSpringAnimation*.swift`), which also records every choice made where they disagree.

Model (the issue's): the session's fps (60 or 120) is the render loop. Frames are drawn at start + n/fps; a value
read between frames is what a frame drawn at that instant would show; an animation is removed (its value becomes
the target) only on a frame.

* `spring(...)` family -> `FluidSpring`: the fixed 1/300 s integrator, merge on retarget, removal on thresholds.
* `interpolatingSpring(...)` -> `InterpolatingSpring`: closed form, critical damping substituted for zeta >= 1,
  removal at an envelope bound.
* timing curves -> `Bezier`: cubic solver to 2^-20, output rounded to a multiple of 2^-20.
* overlaps that do not merge -> `Combined`: each newer entry runs from what the older ones give.

`SwiftUIProperty` runs one animatable number through all of this, frame by frame. The `ideal_*` functions are the
closed forms the engine computes today (the `ideal` physics), written out again here for comparison.

Usage:

    python3 scripts/swiftui_physics.py --table         # markdown tables: seeds' springs, presets, timing curves
    python3 scripts/swiftui_physics.py --checks        # the issue's check values
    python3 scripts/swiftui_physics.py --json          # the table's data, checks and per-frame samples as JSON
    python3 scripts/swiftui_physics.py --swift > Tests/ChoreoMotionTests/SwiftUIReferenceValues.swift
    python3 scripts/motion_reference.py swiftui --table   # the same, through motion_reference.py
"""

import copy
import math
import sys

TWO_PI = 2.0 * math.pi  # Double.pi * 2, exact tau as a Double

# Fluid spring (FluidSpringAnimation.animate)
STIFFNESS_CAP = 45000.0
INTEGRATOR_STEP = 1.0 / 300.0
HALF_STEP = 1.0 / 600.0
REST_THRESHOLD_SQUARED = 0.0036  # max(|v|^2, |force|^2) at or below this: "at rest"
DISPLACEMENT_FRACTION = 0.01  # the remaining distance must be within 1% of the interval
CATCH_UP_LIMIT = 1.0  # a request more than 1 s past the state's time...
CATCH_UP_BACKOFF = 1.0 / 60.0  # ...first moves the state's time to (request - 1/60)

# Interpolating spring (SpringAnimation / SpringModel)
SPRING_DURATION_EPSILON = 0.001
SPRING_MIN_EPSILON = 1e-6
SPRING_SEARCH_STEP = 0.1
SPRING_SEARCH_ITERATIONS = 1024

# Bezier (UnitCurve.CubicSolver)
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
    """AnimationContext: a state dictionary (keyed like SwiftUI's AnimationState keys) and isLogicallyComplete."""

    __slots__ = ("state", "logically_complete")

    def __init__(self, state=None, logically_complete=False):
        self.state = {} if state is None else state
        self.logically_complete = logically_complete


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

    def __repr__(self):
        return "SpringState(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__) + ")"


SPRING_KEY = "spring"
COMBINED_KEY = "combined"


def _spring_state(context):
    state = context.state.get(SPRING_KEY)
    return SpringState() if state is None else state.copy()


# ---------------------------------------------------------------------------------------------------------------
# Animations. Each has animate(value, time, context) -> animated offset or None (removed), velocity(...) -> value or
# None, and should_merge(previous, value, time, context) -> bool, like SwiftUI's CustomAnimation. `value` is the
# interval: the whole change from the start value; the presented value is start + animated offset.


class Animation:
    def animate(self, value, time, context):
        raise NotImplementedError

    def velocity(self, value, time, context):
        return None

    def should_merge(self, previous, value, time, context):
        return False


def fluid_spring_stiffness(response):
    """k = (2*pi/response)^2, infinite for response <= 0, capped at 45,000."""
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
            p = (time - state.blend_start) / self.blend_duration
            p = min(p, 1.0) if p >= 0 else 0.0
            r = self.response + state.blend_interval * (1.0 - p * p * (3.0 - (p + p)))
        return r

    def animate(self, value, time, context):
        s = _spring_state(context)
        r = self.effective_response(s, time)
        stiffness = fluid_spring_stiffness(r)
        if r <= time - s.start_time:
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
        s.time = time
        s.start_time = time
        if isinstance(previous, FluidSpring) and previous.response != self.response:
            s.blend_interval = previous.response - self.response
            s.blend_start = time
        context.state[SPRING_KEY] = s
        return True


class SpringModel:
    """SwiftUI's closed-form spring (SpringAnimation's model): unit progress from 0 toward 1."""

    def __init__(self, stiffness, damping, mass=1.0, initial_velocity=0.0, cap_stiffness=True):
        if cap_stiffness:
            stiffness = min(stiffness, STIFFNESS_CAP)
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
        """d progress / dt, per second (the derivative of `sample`)."""
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
    """interpolatingSpring(mass:stiffness:damping:initialVelocity:) (SpringAnimation): closed form, never merges."""

    def __init__(self, stiffness, damping, mass=1.0, initial_velocity=0.0, cap_stiffness=True):
        self.stiffness = float(stiffness)
        self.damping = float(damping)
        self.mass = float(mass)
        self.initial_velocity = float(initial_velocity)
        self.cap_stiffness = cap_stiffness
        self.model = SpringModel(self.stiffness, self.damping, self.mass, self.initial_velocity, cap_stiffness)
        self.removal_bound = self.model.duration(SPRING_DURATION_EPSILON)
        k = self.model.stiffness
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
        return value * sample

    def velocity(self, value, time, context):
        return None  # SpringAnimation reports no velocity in the transcriptions (see the notes)


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

    def animate(self, value, time, context):
        f = self.fraction(time)
        return None if f is None else value * f


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
        last = len(self.entries) - 1
        for index, (animation, added) in enumerate(self.entries):
            entry = states[index]
            if entry.state is None:
                result = entry.value
                continue
            sub = Context(entry.state, context.logically_complete)
            entry_value = entry.value - result
            animated = animation.animate(entry_value, time - added, sub)
            if animated is not None:
                entry.state = sub.state
                result += animated
            else:
                entry.state = None
                result += entry_value
            if index == last:
                context.logically_complete = sub.logically_complete
                return None if animated is None else result
        return None


REPEAT_KEY = "repeat"


class Repeat(Animation):
    """RepeatAnimation (repeatCount / repeatForever): the base animation again and again, each pass from the frame
    on which the previous one ended.

    State: (index, timeOffset), (0, 0) at first. Each frame the base runs at elapsed = time - timeOffset; a pass
    whose base returns None (a timing curve on the first frame after its duration) ends on that frame: the frame
    shows the pass's end (the whole change, or 0 for a reversed pass), index += 1 and timeOffset = that frame's
    time, so the next pass starts there, not at the duration. Odd passes run backwards when autoreverses. With a
    count, the animation is removed once index reaches it. It never merges and reports no velocity.
    Source: OpenSwiftUI `Animation/Animation/RepeatAnimiation.swift` ("Audited for 6.5.4, Complete").
    """

    def __init__(self, base, count=None, autoreverses=True):
        self.base = base
        self.count = count
        self.autoreverses = autoreverses

    def __repr__(self):
        return f"Repeat({self.base!r}, count={self.count}, autoreverses={self.autoreverses})"

    def animate(self, value, time, context):
        index, offset = context.state.get(REPEAT_KEY, (0, 0.0))
        reversed_pass = self.autoreverses and index & 1 != 0
        animated = self.base.animate(value, time - offset, context)
        if animated is None:
            index += 1
            context.state[REPEAT_KEY] = (index, time)
            if self.count is not None and index >= self.count:
                return None
            return 0.0 if reversed_pass else value
        return value - animated if reversed_pass else animated


def combine_animation(animation, state, value, elapsed, new_animation, new_value):
    """combineAnimation(into:state:value:elapsed:newAnimation:newValue:): returns the combined animation and state."""
    if isinstance(animation, Combined):
        state[COMBINED_KEY].append(CombinedEntry(value + new_value, {}))
        return Combined(animation.entries + [(new_animation, elapsed)]), state
    combined_state = {COMBINED_KEY: [CombinedEntry(value, state), CombinedEntry(value + new_value, {})]}
    return Combined([(animation, 0.0), (new_animation, elapsed)]), combined_state


# ---------------------------------------------------------------------------------------------------------------
# One animatable property under the render loop.


class SwiftUIProperty:
    """One number animated the way SwiftUI's AnimatorState does, with frames at origin + n/fps.

    `animate(at, to, animation)` changes the target at time `at` (an animation of None sets it at once);
    `value_at(t)` is what a frame drawn at t shows; `frames(until)` draws every frame up to `until`.
    Retargets are applied before the frame drawn at the same instant (SwiftUI combines in the update, before the
    value is sampled), so "the last frame" before a retarget at T is the last frame strictly before T.
    """

    def __init__(self, value, fps, origin=0.0):
        if fps <= 0:
            raise ValueError("fps must be positive")
        self.fps = fps
        self.origin = float(origin)
        self.target = float(value)
        self.animation = None
        self.state = {}
        self.interval = 0.0
        self.begin = 0.0
        self.logically_complete = False
        self.next_frame = 0  # index of the next frame to draw
        self.presented = float(value)  # what the last drawn frame showed
        self.last_frame_time = None
        self.removed_at = None  # frame time at which the last animation was removed
        self.logically_complete_at = None  # frame time at which the current animation became logically complete
        self.history = []  # (frame time, presented value) for each frame drawn while animating

    def frame_time(self, n):
        return self.origin + n / self.fps

    # -- frames

    def _draw(self, time, record=True):
        """One frame at `time`: returns the presented value (and, when recording, updates the state)."""
        if self.animation is None:
            return self.target
        elapsed = time - self.begin
        state = self.state if record else copy.deepcopy(self.state)
        context = Context(state, self.logically_complete)
        animated = self.animation.animate(self.interval, elapsed, context)
        if animated is None:
            if record:
                self.animation = None
                self.state = {}
                self.removed_at = time
                if self.logically_complete_at is None:
                    self.logically_complete_at = time  # removal completes it too
            return self.target
        if record:
            if context.logically_complete and not self.logically_complete:
                self.logically_complete = True
                self.logically_complete_at = time
            self.state = context.state
        return self.target - self.interval + animated

    def _advance(self, until, inclusive):
        """Draws every frame before `until` (and at it, when inclusive)."""
        while True:
            t = self.frame_time(self.next_frame)
            if t > until or (t == until and not inclusive):
                break
            animating = self.animation is not None
            self.presented = self._draw(t, record=True)
            self.last_frame_time = t
            if animating:
                self.history.append((t, self.presented))
            self.next_frame += 1

    def frames(self, until):
        """Draws every frame up to and including `until`; returns [(time, value)] drawn while animating."""
        start = len(self.history)
        self._advance(until, inclusive=True)
        return self.history[start:]

    def run_until_removed(self, limit=30.0):
        """Draws frames until the animation is removed (or `limit` seconds pass); returns the removal time."""
        while self.animation is not None:
            t = self.frame_time(self.next_frame)
            if t > limit:
                raise RuntimeError("animation not removed within the limit")
            self._advance(t, inclusive=True)
        return self.removed_at

    def _check_not_past(self, t):
        if self.last_frame_time is not None and t < self.last_frame_time:
            raise ValueError(f"time {t} is before the last frame drawn ({self.last_frame_time})")

    def value_at(self, t):
        """What a frame drawn at t would show (frames before t are drawn; the frame at t is not recorded)."""
        self._check_not_past(t)
        self._advance(t, inclusive=False)
        return self._draw(t, record=False)

    def velocity_at(self, t):
        """The animation's own velocity at t (fluid springs only; None for animations that report none)."""
        self._check_not_past(t)
        self._advance(t, inclusive=False)
        if self.animation is None:
            return 0.0
        context = Context(copy.deepcopy(self.state), self.logically_complete)
        if self.animation.animate(self.interval, t - self.begin, context) is None:
            return 0.0
        return self.animation.velocity(self.interval, t - self.begin, context)

    # -- changes

    def animate(self, at, to, animation):
        """Sets the target to `to` at time `at` with `animation`.

        With no animation (None) the target changes at once; an animation in flight keeps running relative to the
        new target (its remaining offset, target - interval + animated, is kept), as SwiftUI does for a change made
        without an animation while another is running.
        """
        self._check_not_past(at)
        self._advance(at, inclusive=False)
        delta = float(to) - self.target
        self.target = float(to)
        if animation is None:
            return
        if delta == 0:
            return  # an unchanged value starts no animation
        if self.animation is None:
            self.animation = animation
            self.state = {}
            self.interval = delta
            self.begin = float(at)
            self.logically_complete = False
            self.logically_complete_at = None
            self.removed_at = None
            return
        elapsed = at - self.begin
        context = Context(self.state, self.logically_complete)
        self.logically_complete = False
        self.logically_complete_at = None
        if animation.should_merge(self.animation, self.interval, elapsed, context):
            self.state = context.state
            self.animation = animation
        else:
            self.animation, self.state = combine_animation(
                self.animation, self.state, self.interval, elapsed, animation, delta)
        self.interval += delta


def sample_property(start_value, changes, fps, until, times=()):
    """Samples a property at every frame at `fps` from 0 to `until`.

    `changes` is a list of (time, target, animation) applied in time order. Returns a dict with `frames`
    [(t, value)] for every frame in [0, until], `values` {t: value} for each of `times` (what a frame drawn then
    shows), and `removedAt` / `logicallyCompleteAt` for the last animation (None if not reached by `until`).
    """
    prop = SwiftUIProperty(start_value, fps)
    events = sorted(((float(t), i, target, anim) for i, (t, target, anim) in enumerate(changes)))
    reads = sorted(set(float(t) for t in times))
    frames = []
    values = {}
    n = 0
    pending = list(events)
    while True:
        ft = prop.frame_time(n)
        if ft > until:
            break
        while pending and pending[0][0] <= ft:
            t, _, target, anim = pending.pop(0)
            while reads and reads[0] < t:
                read = reads.pop(0)  # popped first: `values[reads[0]] = f(reads.pop(0))` would key the next read
                values[read] = prop.value_at(read)
            prop.animate(t, target, anim)
        while reads and reads[0] < ft:
            read = reads.pop(0)
            values[read] = prop.value_at(read)
        prop._advance(ft, inclusive=True)
        frames.append((ft, prop.presented))
        if reads and reads[0] == ft:
            values[reads.pop(0)] = prop.presented
        n += 1
    for t in reads:
        values[t] = prop.value_at(t)
    return {
        "frames": frames,
        "values": values,
        "removedAt": prop.removed_at,
        "logicallyCompleteAt": prop.logically_complete_at,
    }


def sample_every_frame(start_value, changes, until):
    """`sample_property` at 60 and 120 fps: {60: result, 120: result}."""
    return {fps: sample_property(start_value, changes, fps, until) for fps in (60, 120)}


# ---------------------------------------------------------------------------------------------------------------
# Convenience functions (the vocabulary).


def fluid_spring_sample(response, damping_fraction, from_, to, t_seconds, fps, blend_duration=0.0):
    """spring(response, dampingFraction) from `from_` to `to` started at 0: the value a frame drawn at t shows."""
    prop = SwiftUIProperty(from_, fps)
    prop.animate(0.0, to, FluidSpring(response, damping_fraction, blend_duration))
    return prop.value_at(t_seconds)


def fluid_spring_removal_time(response, damping_fraction, change, fps, blend_duration=0.0):
    """The frame time (s) at which SwiftUI removes a spring() moving by `change` from rest."""
    prop = SwiftUIProperty(0.0, fps)
    prop.animate(0.0, change, FluidSpring(response, damping_fraction, blend_duration))
    return prop.run_until_removed()


def fluid_spring_logical_time(response, fps=None):
    """When a spring() is logically complete: elapsed >= response (the first frame at or after it, given fps)."""
    if fps is None:
        return response
    n = 0
    while n / fps < response:
        n += 1
    return n / fps


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


def fluid_spring_retarget(response, damping_fraction, from_, to1, to2, retarget_at, t_seconds, fps,
                          new_response=None, new_damping_fraction=None, blend_duration=0.0):
    """spring() from `from_` to `to1` at 0, then spring() to `to2` at `retarget_at` (merged): the value at t."""
    prop = SwiftUIProperty(from_, fps)
    prop.animate(0.0, to1, FluidSpring(response, damping_fraction))
    second = FluidSpring(new_response if new_response is not None else response,
                         new_damping_fraction if new_damping_fraction is not None else damping_fraction,
                         blend_duration)
    prop.animate(retarget_at, to2, second)
    return prop.value_at(t_seconds)


def interpolating_spring_value(stiffness, damping, from_, to, t_seconds, mass=1.0, initial_velocity=0.0):
    """SwiftUI's interpolatingSpring value at t (no frames, no removal: the closed form itself)."""
    model = SpringModel(stiffness, damping, mass, initial_velocity)
    return from_ + (to - from_) * model.sample(t_seconds)


def interpolating_spring_velocity(stiffness, damping, from_, to, t_seconds, mass=1.0, initial_velocity=0.0):
    """d value / dt of SwiftUI's interpolatingSpring at t, in units per second."""
    model = SpringModel(stiffness, damping, mass, initial_velocity)
    return (to - from_) * model.rate(t_seconds)


def interpolating_spring_logical_time(stiffness, cap_stiffness=True):
    """2*pi/sqrt(stiffness): one undamped period of a unit mass, whatever the mass (as SwiftUI does)."""
    k = min(stiffness, STIFFNESS_CAP) if cap_stiffness else stiffness
    return TWO_PI / math.sqrt(k) if math.isfinite(k) else 0.0


def interpolating_spring_removal_bound(stiffness, damping, mass=1.0, initial_velocity=0.0):
    """The removal bound: max(0, -ln(0.001 / (1 + |adj|)) / (zeta * w0)) below critical; a grid search at or above."""
    return SpringModel(stiffness, damping, mass, initial_velocity).duration(SPRING_DURATION_EPSILON)


def interpolating_spring_removal_time(stiffness, damping, fps, mass=1.0, initial_velocity=0.0):
    """The frame time at which the animation is removed: the first frame at or after the bound."""
    prop = SwiftUIProperty(0.0, fps)
    prop.animate(0.0, 1.0, InterpolatingSpring(stiffness, damping, mass, initial_velocity))
    return prop.run_until_removed()


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
    row["swiftui"] = [sample_property(0.0, [(0.0, 1.0, animation)], 60, t, times=[t])["values"][t]
                      for t in TABLE_TIMES]
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
            prop = SwiftUIProperty(0.0, fps)
            prop.animate(0.0, change, make_animation(kind, params))
            removal[(fps, change)] = prop.run_until_removed()
    row["removal"] = removal
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
            + f"{ms(rem[(60, 1.0)])}{extra} | {ms(rem[(60, 100.0)])} | {ms(rem[(120, 1.0)])} | "
            + f"{ms(rem[(120, 100.0)])} |")
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
    out = ["| curve | duration s | removed @60 ms | removed @120 ms |", "|---|---|---|---|"]
    for name, durations in SEED_TIMING_CURVES:
        for d in durations:
            cells = []
            for fps in (60, 120):
                prop = SwiftUIProperty(0.0, fps)
                prop.animate(0.0, 1.0, Bezier.named(name, d))
                cells.append(ms(prop.run_until_removed()))
            out.append(f"| {name} | {d:g} | {cells[0]} | {cells[1]} |")
    return out


# ---------------------------------------------------------------------------------------------------------------
# The check values.


def check_values():
    """The issue's check values, computed (not typed in)."""
    out = {}
    out["spring(0.4,0.8) 0→1 at 100 ms swiftui"] = fluid_spring_sample(0.4, 0.8, 0.0, 1.0, 0.1, 60)
    out["spring(0.4,0.8) 0→1 at 100 ms ideal"] = ideal_progress(*response_coefficients(0.4, 0.8), 0.1)
    out["spring(0.4,0.8) overshoot swiftui"] = fluid_spring_overshoot(0.4, 0.8)[0]
    out["spring(0.4,0.8) overshoot ideal"] = ideal_overshoot(*response_coefficients(0.4, 0.8))[0]
    for fps in (60, 120):
        for change in (1.0, 100.0):
            out[f"spring(0.4,0.8) 0→{change:g} removed @{fps} fps"] = fluid_spring_removal_time(0.4, 0.8, change, fps)
    out["interpolatingSpring(130,12) removal bound"] = interpolating_spring_removal_bound(130, 12)
    for fps in (60, 120):
        out[f"interpolatingSpring(130,12) removed @{fps} fps"] = interpolating_spring_removal_time(130, 12, fps)
    out["easeInOut 0→100, →200 at 100 ms: combined − plain sum at 200 ms"] = ease_in_out_overlap()[2]
    out["interpolatingSpring(130,12) 0→100, →50 at 150 ms: combined − plain sum at 350 ms"] = \
        interpolating_retarget()[2]
    out["max |swiftui − ideal| for spring(0.4,0.8) 0→1, integrator grid (fraction, at s)"] = \
        max_fluid_vs_ideal(0.4, 0.8)
    out["max |swiftui − ideal| for spring(0.4,0.8) 0→1, 60 fps frames (fraction, at s)"] = \
        max_fluid_vs_ideal(0.4, 0.8, fps=60)
    out["max |swiftui − ideal| for spring(0.4,0.8) 0→1, 120 fps frames (fraction, at s)"] = \
        max_fluid_vs_ideal(0.4, 0.8, fps=120)
    return out


def ease_in_out_overlap(fps=60, at=0.2):
    """easeInOut (0.35 s) 0 -> 100 at 0 and -> 200 at 0.1 s: (combined value, plain sum, difference) at `at`."""
    combined = sample_property(0.0, [(0.0, 100.0, Bezier.named("easeInOut")),
                                     (0.1, 200.0, Bezier.named("easeInOut"))], fps, at, times=[at])["values"][at]
    f1 = Bezier.named("easeInOut").fraction(at)
    f2 = Bezier.named("easeInOut").fraction(at - 0.1)
    plain = 100.0 * f1 + 100.0 * f2
    return combined, plain, combined - plain


def interpolating_retarget(fps=60, at=0.35):
    """interpolatingSpring(130, 12) 0 -> 100 at 0 and -> 50 at 0.15 s: (combined, plain sum, difference) at `at`."""
    combined = sample_property(0.0, [(0.0, 100.0, InterpolatingSpring(130, 12)),
                                     (0.15, 50.0, InterpolatingSpring(130, 12))], fps, at, times=[at])["values"][at]
    model = SpringModel(130, 12)
    plain = 100.0 * model.sample(at) + (50.0 - 100.0) * model.sample(at - 0.15)
    return combined, plain, combined - plain


def max_fluid_vs_ideal(response, damping_fraction, until=1.0, fps=None):
    """Largest |swiftui - ideal| of a 0 -> 1 spring() over [0, until], as a fraction of the change.

    With fps None, on the integrator's own grid (same instant on both sides); with an fps, at every frame time,
    where the integrator has run to the first grid point at or after the frame (what a frame shows).
    """
    k, c, m = response_coefficients(response, damping_fraction)
    worst = (0.0, 0.0)
    if fps is None:
        for t, offset, _, _ in fluid_spring_unit_trajectory(response, damping_fraction, until):
            d = abs(offset - ideal_progress(k, c, m, t))
            if d > worst[0]:
                worst = (d, t)
        return worst
    prop = SwiftUIProperty(0.0, fps)
    prop.animate(0.0, 1.0, FluidSpring(response, damping_fraction))
    for t, value in prop.frames(until):
        d = abs(value - ideal_progress(k, c, m, t))
        if d > worst[0]:
            worst = (d, t)
    return worst


def print_checks():
    for name, value in check_values().items():
        print(f"{name}: {value!r}")


def print_table():
    print("## Springs: seeds and motion_reference.py")
    print()
    print("Values are progress 0 → 1 at 50/100/200/300 ms after the start (a 0 → 100 change is 100× these until it is")
    print("removed). `ideal` removal columns show the engine's settle time (0.1% of the change, size- and")
    print("fps-independent, never before the logical time); `swiftui` columns are the frame at which SwiftUI removes")
    print("the animation. Overshoot: ideal over continuous time, swiftui on the 1/300 s integrator grid (fluid) or")
    print("continuous (interpolating).")
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
    print("## Seeds' timing curves: removal frame (elapsed > duration)")
    print()
    for line in timing_removal_table():
        print(line)


def json_data():
    """Everything the table shows, plus every frame of the hero spring and the two overlap checks, as JSON data."""

    def row_json(row):
        out = dict(row)
        out["params"] = list(row["params"])
        out["removal"] = {f"{fps}fps/0to{change:g}": t for (fps, change), t in row["removal"].items()}
        out["idealOvershoot"] = list(row["idealOvershoot"])
        out["swiftuiOvershoot"] = list(row["swiftuiOvershoot"])
        return out

    frames = {}
    for fps in (60, 120):
        hero = sample_property(0.0, [(0.0, 1.0, FluidSpring(0.4, 0.8))], fps, 1.1)
        ease = sample_property(0.0, [(0.0, 100.0, Bezier.named("easeInOut")),
                                     (0.1, 200.0, Bezier.named("easeInOut"))], fps, 0.5)
        card = sample_property(0.0, [(0.0, 100.0, InterpolatingSpring(130, 12)),
                                     (0.15, 50.0, InterpolatingSpring(130, 12))], fps, 1.5)
        frames[f"spring(0.4,0.8) 0->1 @{fps}"] = hero
        frames[f"easeInOut 0->100, ->200 at 0.1 @{fps}"] = ease
        frames[f"interpolatingSpring(130,12) 0->100, ->50 at 0.15 @{fps}"] = card
    for value in frames.values():
        value["values"] = {repr(k): v for k, v in value["values"].items()}
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
    if isinstance(animation, FluidSpring):
        return f".fluid({d(animation.response)}, {d(animation.damping_fraction)}, {d(animation.blend_duration)})"
    if isinstance(animation, InterpolatingSpring):
        return f".interpolating({d(animation.stiffness)}, {d(animation.damping)}, {d(animation.mass)})"
    x1, y1, x2, y2 = animation.points
    return f".bezier({d(x1)}, {d(y1)}, {d(x2)}, {d(y2)}, {d(animation.duration)})"


def fixture_scenarios():
    """(name, start value, [(time, target, animation factory)], reads) for the Swift fixture."""
    out = []
    for name, _, kind, params in SEED_SPRINGS:
        for change in (1.0, 100.0):
            out.append((f"{name} 0→{change:g}", 0.0, [(0.0, change, lambda k=kind, p=params: make_animation(k, p))],
                        [0.1, 0.2125, 0.3333]))
    for name, kind, params in PRESETS:
        for change in (1.0, 100.0):
            out.append((f"preset {name} 0→{change:g}", 0.0,
                        [(0.0, change, lambda k=kind, p=params: make_animation(k, p))], [0.1, 0.2125]))
    for name, durations in SEED_TIMING_CURVES:
        for d in durations:
            out.append((f"{name} {d:g} s 0→100", 0.0, [(0.0, 100.0, lambda n=name, d=d: Bezier.named(n, d))],
                        [d / 3, d / 2]))
    out.append(("easeInOut 0→100, →200 at 100 ms", 0.0,
                [(0.0, 100.0, lambda: Bezier.named("easeInOut")), (0.1, 200.0, lambda: Bezier.named("easeInOut"))],
                [0.2, 0.2125]))
    out.append(("interpolatingSpring(130,12) 0→100, →50 at 150 ms", 0.0,
                [(0.0, 100.0, lambda: InterpolatingSpring(130, 12)), (0.15, 50.0, lambda: InterpolatingSpring(130, 12))],
                [0.35, 0.357]))
    out.append(("spring(0.4,0.8) 0→100, →50 at 150 ms (merge, same response)", 0.0,
                [(0.0, 100.0, lambda: FluidSpring(0.4, 0.8)), (0.15, 50.0, lambda: FluidSpring(0.4, 0.8))],
                [0.2, 0.3]))
    out.append(("spring(0.4,0.8) 0→100, spring(0.25,0.7) →50 at 150 ms (merge, new response)", 0.0,
                [(0.0, 100.0, lambda: FluidSpring(0.4, 0.8)), (0.15, 50.0, lambda: FluidSpring(0.25, 0.7))],
                [0.2, 0.3]))
    out.append(("spring(0.4,0.8) 0→100, spring(0.15,0.86,blend 0.25) →50 at 150 ms (blend)", 0.0,
                [(0.0, 100.0, lambda: FluidSpring(0.4, 0.8)), (0.15, 50.0, lambda: FluidSpring(0.15, 0.86, 0.25))],
                [0.2, 0.3]))
    out.append(("easeInOut 0→100, spring(0.4,0.8) →0 at 100 ms (from rest)", 0.0,
                [(0.0, 100.0, lambda: Bezier.named("easeInOut")), (0.1, 0.0, lambda: FluidSpring(0.4, 0.8))],
                [0.2]))
    out.append(("spring(0.4,0.8) 0→100, easeOut →0 at 100 ms, →30 at 200 ms (three entries)", 0.0,
                [(0.0, 100.0, lambda: FluidSpring(0.4, 0.8)), (0.1, 0.0, lambda: Bezier.named("easeOut", 0.25)),
                 (0.2, 30.0, lambda: InterpolatingSpring(130, 12))], [0.3]))
    return out


def swift_fixture():
    """The Swift fixture: every frame (60 and 120 fps) of each scenario until one frame after removal."""
    lines = [
        "// Generated by scripts/swiftui_physics.py --swift: do not edit by hand.",
        "// Regenerate: python3 scripts/swiftui_physics.py --swift > Tests/ChoreoMotionTests/SwiftUIReferenceValues.swift",
        "// Every frame n/fps s of each scenario (until one frame after removal), reads between frames, removal and",
        "// logical-completion frame times (s), from the Python reference of SwiftUI's runtime.",
        "",
        "import ChoreoMotion",
        "",
        "let swiftUIReferenceScenarios: [SwiftUIReferenceScenario] = [",
    ]
    for name, start, changes, reads in fixture_scenarios():
        for fps in (60, 120):
            probe = sample_property(start, [(t, v, f()) for t, v, f in changes], fps, 8.0)
            removed = probe["removedAt"]
            until = removed + 1.0 / fps
            result = sample_property(start, [(t, v, f()) for t, v, f in changes], fps, until, times=reads)
            scale = max(abs(v - start) for _, v, _ in changes)
            lines.append("    SwiftUIReferenceScenario(")
            lines.append(f"        name: \"{name}\",")
            lines.append(f"        fps: {fps}, start: {_swift_double(start)}, scale: {_swift_double(scale)},")
            items = [f".init({_swift_double(t)}, {_swift_double(v)}, {_swift_animation(f())})" for t, v, f in changes]
            one_line = "        changes: [" + ", ".join(items) + "],"
            if len(one_line) <= 120:
                lines.append(one_line)
            else:
                lines.append("        changes: [")
                lines += [f"            {item}," for item in items]
                lines.append("        ],")
            lines.append(f"        removedAt: {_swift_double(result['removedAt'])},")
            lines.append(f"        logicallyCompleteAt: {_swift_double(result['logicallyCompleteAt'])},")
            lines.append("        reads: [" + ", ".join(
                f"({_swift_double(t)}, {_swift_double(v)})" for t, v in sorted(result["values"].items())) + "],")
            lines.append("        frames: [")
            values = [v for _, v in result["frames"]]
            for i in range(0, len(values), 4):
                lines.append("            " + ", ".join(_swift_double(v) for v in values[i:i + 4]) + ",")
            lines.append("        ]),")
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
