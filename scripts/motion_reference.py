#!/usr/bin/env python3
"""Independent reference values for the ChoreoMotion module.

This script deliberately shares no math with the Swift closed forms:

* springs are integrated numerically: m*x'' + c*x' + k*x = 0 with classic RK4 at a fixed 1e-6 s step;
  positions and velocities are read at exact step indices, settle times are found by checking every step
  (1e-6 s resolution), and the overshoot peak is the largest excursion past the target over all steps;
* Bezier timing curves are solved for the curve parameter by plain bisection, and their slopes are taken by
  Richardson-extrapolated central differences of the solved progress.

Usage (standard library only):

    python3 scripts/motion_reference.py > Tests/ChoreoMotionTests/ReferenceValues.swift   # Swift fixture
    python3 scripts/motion_reference.py --json > reference.json                          # same data as JSON

The integration takes a minute or two; springs are integrated in parallel worker processes.
"""

import concurrent.futures
import json
import math
import sys

STEP = 1e-6  # seconds per RK4 step
SETTLE_TOLERANCE = 0.001  # 0.1% of the change
LOOSE_TOLERANCE = 0.01  # 1% of the change
# Integration stops once the energy bound sqrt(x^2 + (v/w0)^2) is below this fraction of the scale: energy never
# grows for c >= 0, so no later |x| or |v|/w0 can exceed it, and nothing later can change the results beyond it.
END_BOUND = 1e-6
MAX_DURATION = 30.0  # seconds, safety cap

SAMPLE_TIMES = [
    0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25,
    0.3, 0.333, 0.4, 0.5, 0.6, 0.75, 0.9, 1.0, 1.25, 1.5, 2.0,
]  # seconds

TWO_PI = 2.0 * math.pi


def response_spring(response, damping_fraction):
    """SwiftUI spring(response:dampingFraction:): mass 1, k = (2pi/response)^2, c = 4pi*zeta/response."""
    return ((TWO_PI / response) ** 2, 4.0 * math.pi * damping_fraction / response, 1.0)


def bounce_spring(duration, bounce):
    """SwiftUI Spring(duration:bounce:): response = duration, zeta = 1 - bounce or 1 / (1 + bounce)."""
    zeta = 1.0 - bounce if bounce >= 0 else 1.0 / (1.0 + bounce)
    return response_spring(duration, zeta)


# (name, Swift expression building the Spring, (k, c, m), x0, v0)
SPRING_CASES = [
    ("spring(response 0.4, dampingFraction 0.8)", "Spring(response: 0.4, dampingFraction: 0.8)",
     response_spring(0.4, 0.8), -1.0, 0.0),
    ("spring(response 0.6, dampingFraction 0.7)", "Spring(response: 0.6, dampingFraction: 0.7)",
     response_spring(0.6, 0.7), -1.0, 0.0),
    ("interpolatingSpring(stiffness 130, damping 12)", "Spring(stiffness: 130, damping: 12)",
     (130.0, 12.0, 1.0), -1.0, 0.0),
    ("interpolatingSpring(stiffness 130, damping 10.5)", "Spring(stiffness: 130, damping: 10.5)",
     (130.0, 10.5, 1.0), -1.0, 0.0),
    ("critically damped spring(response 0.5, dampingFraction 1)", "Spring(response: 0.5, dampingFraction: 1)",
     response_spring(0.5, 1.0), -1.0, 0.0),
    ("critically damped interpolatingSpring(stiffness 100, damping 20)", "Spring(stiffness: 100, damping: 20)",
     (100.0, 20.0, 1.0), -1.0, 0.0),
    ("critically damped, kicked past the target", "Spring(stiffness: 100, damping: 20)",
     (100.0, 20.0, 1.0), -1.0, 15.0),
    ("over-damped spring(response 0.5, dampingFraction 1.5)", "Spring(response: 0.5, dampingFraction: 1.5)",
     response_spring(0.5, 1.5), -1.0, 0.0),
    ("over-damped, kicked past the target", "Spring(response: 0.5, dampingFraction: 1.5)",
     response_spring(0.5, 1.5), -1.0, 60.0),
    ("over-damped interpolatingSpring(stiffness 200, damping 60, mass 2)",
     "Spring(stiffness: 200, damping: 60, mass: 2)", (200.0, 60.0, 2.0), -1.0, 0.0),
    ("spring(response 0.5, dampingFraction 0.6) with initial velocity 4",
     "Spring(response: 0.5, dampingFraction: 0.6)", response_spring(0.5, 0.6), -1.0, 4.0),
    ("spring(response 0.5, dampingFraction 0.9) moving away at 3", "Spring(response: 0.5, dampingFraction: 0.9)",
     response_spring(0.5, 0.9), -1.0, -3.0),
    ("Spring(duration 0.5, bounce 0.3)", "Spring(duration: 0.5, bounce: 0.3)", bounce_spring(0.5, 0.3), -1.0, 0.0),
    ("Spring(duration 0.5, bounce -0.3)", "Spring(duration: 0.5, bounce: -0.3)", bounce_spring(0.5, -0.3), -1.0, 0.0),
    ("spring(response 0.3, dampingFraction 0.5) kicked from the target",
     "Spring(response: 0.3, dampingFraction: 0.5)", response_spring(0.3, 0.5), 0.0, 2.0),
    ("spring(response 0.55, dampingFraction 0.825) over 250 points", "Spring(response: 0.55, dampingFraction: 0.825)",
     response_spring(0.55, 0.825), 250.0, -1200.0),
]


def integrate_spring(case):
    """Integrates one spring case with RK4 and returns its reference record."""
    name, swift_spring, (k, c, m), x0, v0 = case
    w0 = math.sqrt(k / m)
    scale = abs(x0) if x0 != 0 else abs(v0) / w0
    side = math.copysign(1.0, x0) if x0 != 0 else math.copysign(1.0, v0)
    tight_x = SETTLE_TOLERANCE * scale
    tight_v = SETTLE_TOLERANCE * scale * w0
    loose_x = LOOSE_TOLERANCE * scale
    end_bound_sq = (END_BOUND * scale) ** 2
    inv_w0_sq = 1.0 / (w0 * w0)

    sample_steps = {round(t / STEP): t for t in SAMPLE_TIMES}
    last_sample_step = max(sample_steps)
    max_steps = round(MAX_DURATION / STEP)

    ka = k / m
    ca = c / m
    h = STEP
    h2 = 0.5 * h
    h6 = h / 6.0

    x, v = x0, v0
    n = 0
    samples = []
    if 0 in sample_steps:
        samples.append((sample_steps[0], x, v))
    last_tight = 0 if (abs(x) > tight_x or abs(v) > tight_v) else -1
    last_tight_x = 0 if abs(x) > tight_x else -1
    last_loose_x = 0 if abs(x) > loose_x else -1
    best_overshoot = 0.0
    best_step = 0
    while True:
        # One classic RK4 step of x' = v, v' = -(c v + k x) / m.
        a1 = -(ca * v + ka * x)
        xv2 = v + h2 * a1
        a2 = -(ca * xv2 + ka * (x + h2 * v))
        xv3 = v + h2 * a2
        a3 = -(ca * xv3 + ka * (x + h2 * xv2))
        xv4 = v + h * a3
        a4 = -(ca * xv4 + ka * (x + h * xv3))
        x = x + h6 * (v + 2.0 * xv2 + 2.0 * xv3 + xv4)
        v = v + h6 * (a1 + 2.0 * a2 + 2.0 * a3 + a4)
        n += 1

        ax = abs(x)
        if ax > tight_x:
            last_tight_x = n
            last_tight = n
            if ax > loose_x:
                last_loose_x = n
        elif abs(v) > tight_v:
            last_tight = n
        past = -side * x
        if past > best_overshoot:
            best_overshoot = past
            best_step = n
        if n in sample_steps:
            samples.append((sample_steps[n], x, v))
        if n >= last_sample_step and x * x + v * v * inv_w0_sq <= end_bound_sq:
            break
        if n >= max_steps:
            raise RuntimeError(f"{name}: not settled after {MAX_DURATION} s")

    def settle(last_step):
        # The crossing lies between the last violating step and the next one.
        return 0.0 if last_step < 0 else (last_step + 0.5) * STEP

    return {
        "name": name,
        "swiftSpring": swift_spring,
        "stiffness": k,
        "damping": c,
        "mass": m,
        "initialDisplacement": x0,
        "initialVelocity": v0,
        "settleTime": settle(last_tight),
        "displacementSettleTime": settle(last_tight_x),
        "displacementSettleTimeOnePercent": settle(last_loose_x),
        "overshootFraction": best_overshoot / scale if scale > 0 else 0.0,
        "peakTime": best_step * STEP if best_overshoot > 0 else 0.0,
        "integratedUntil": n * STEP,
        "samples": [{"time": t, "displacement": xs, "velocity": vs} for t, xs, vs in sorted(samples)],
    }


# ---------------------------------------------------------------------------------------------------------------
# Timing curves

TIMING_CASES = [
    ("linear", ".linear", (0.0, 0.0, 1.0, 1.0)),
    ("easeIn", ".easeIn", (0.42, 0.0, 1.0, 1.0)),
    ("easeOut", ".easeOut", (0.0, 0.0, 0.58, 1.0)),
    ("easeInOut", ".easeInOut", (0.42, 0.0, 0.58, 1.0)),
    ("CSS ease", ".bezier(CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))", (0.25, 0.1, 0.25, 1.0)),
    ("overshooting back-out", ".bezier(CubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1))", (0.34, 1.56, 0.64, 1.0)),
]

FRACTIONS = [0.0, 0.001, 0.01, 0.02, 0.05] + [i / 20 for i in range(2, 19)] + [1 / 3, 2 / 3, 0.95, 0.98, 0.99,
                                                                             0.999, 1.0]
SLOPE_STEP = 1e-4


def bernstein(u, p1, p2):
    """One coordinate of the cubic Bezier from 0 through p1, p2 to 1, at parameter u."""
    s = 1.0 - u
    return 3.0 * s * s * u * p1 + 3.0 * s * u * u * p2 + u * u * u


def bezier_progress(points, x):
    """Solves x(u) = x by bisection (x(u) is increasing for x1, x2 in [0, 1]) and returns y(u)."""
    x1, y1, x2, y2 = points
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        if bernstein(mid, x1, x2) < x:
            lo = mid
        else:
            hi = mid
    return bernstein(0.5 * (lo + hi), y1, y2)


def bezier_slope(points, x):
    """dy/dx at fraction x by Richardson-extrapolated central differences of the bisection-solved progress."""

    def central(h):
        return (bezier_progress(points, x + h) - bezier_progress(points, x - h)) / (2.0 * h)

    return (4.0 * central(SLOPE_STEP / 2) - central(SLOPE_STEP)) / 3.0


def timing_case(case):
    name, swift_function, points = case
    samples = []
    for f in sorted(set(FRACTIONS)):
        sample = {"fraction": f, "progress": bezier_progress(points, f)}
        if SLOPE_STEP <= f <= 1.0 - SLOPE_STEP:
            sample["slope"] = bezier_slope(points, f)
        samples.append(sample)
    return {"name": name, "swiftFunction": swift_function, "controlPoints": list(points), "samples": samples}


# ---------------------------------------------------------------------------------------------------------------
# Output


def swift_double(value):
    text = repr(float(value))
    if text in ("inf", "-inf", "nan"):
        raise ValueError(f"non-finite reference value {text}")
    return text


def swift_call(type_name, arguments, indent=12):
    """An array element `Type(label: value, ...),` on one line, or one argument a line when that is too long."""
    pad = " " * indent
    line = f"{pad}{type_name}(" + ", ".join(f"{label}: {value}" for label, value in arguments) + "),"
    if len(line) <= 120:
        return [line]
    lines = [f"{pad}{type_name}("]
    lines += [f"{pad}    {label}: {value}," for label, value in arguments]
    lines[-1] = lines[-1][:-1]
    return lines + [f"{pad}),"]


def swift_fixture(springs, timings):
    out = [
        "// Generated by scripts/motion_reference.py: do not edit by hand.",
        "// Regenerate: python3 scripts/motion_reference.py > Tests/ChoreoMotionTests/ReferenceValues.swift",
        "// Springs: RK4 integration of m·x'' + c·x' + k·x = 0 at a 1e-6 s step, every step checked for settling.",
        "// Timing curves: Bézier parameter by bisection, slopes by Richardson-extrapolated central differences.",
        "",
        "import ChoreoMotion",
        "",
        "let referenceSprings: [ReferenceSpring] = [",
    ]
    for s in springs:
        out += [
            "    ReferenceSpring(",
            f"        name: {json.dumps(s['name'], ensure_ascii=False)},",
            f"        spring: {s['swiftSpring']},",
            f"        stiffness: {swift_double(s['stiffness'])},",
            f"        damping: {swift_double(s['damping'])},",
            f"        mass: {swift_double(s['mass'])},",
            f"        initialDisplacement: {swift_double(s['initialDisplacement'])},",
            f"        initialVelocity: {swift_double(s['initialVelocity'])},",
            f"        settleTime: {swift_double(s['settleTime'])},",
            f"        displacementSettleTime: {swift_double(s['displacementSettleTime'])},",
            f"        displacementSettleTimeOnePercent: {swift_double(s['displacementSettleTimeOnePercent'])},",
            f"        overshootFraction: {swift_double(s['overshootFraction'])},",
            f"        peakTime: {swift_double(s['peakTime'])},",
            "        samples: [",
        ]
        for p in s["samples"]:
            out += swift_call("ReferenceSpringSample", [
                ("time", swift_double(p["time"])),
                ("displacement", swift_double(p["displacement"])),
                ("velocity", swift_double(p["velocity"])),
            ])
        out += ["        ]", "    ),"]
    out += ["]", "", "let referenceTimingCurves: [ReferenceTimingCurve] = ["]
    for c in timings:
        out += [
            "    ReferenceTimingCurve(",
            f"        name: {json.dumps(c['name'])},",
            f"        function: {c['swiftFunction']},",
            "        samples: [",
        ]
        for p in c["samples"]:
            slope = swift_double(p["slope"]) if "slope" in p else "nil"
            out += swift_call("ReferenceTimingSample", [
                ("fraction", swift_double(p["fraction"])),
                ("progress", swift_double(p["progress"])),
                ("slope", slope),
            ])
        out += ["        ]", "    ),"]
    out += ["]"]
    for line in out:
        if len(line) > 120:
            raise ValueError(f"generated line longer than 120 columns: {line}")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) > 1 and argv[1] == "swiftui":
        # SwiftUI runtime reference (the `swiftui` physics), in the sibling module scripts/swiftui_physics.py:
        #   python3 scripts/motion_reference.py swiftui --table | --checks | --json
        import os
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import swiftui_physics
        return swiftui_physics.main(argv[2:])
    if len(argv) > 1 and argv[1] not in ("--json", "--swift"):
        print(__doc__, file=sys.stderr)
        return 2
    with concurrent.futures.ProcessPoolExecutor() as pool:
        springs = list(pool.map(integrate_spring, SPRING_CASES))
    timings = [timing_case(c) for c in TIMING_CASES]
    if len(argv) > 1 and argv[1] == "--json":
        json.dump({"springs": springs, "timingCurves": timings}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(swift_fixture(springs, timings))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
