#!/usr/bin/env python3
"""Reference values for the AirFit journeys, computed from the closed forms of MOTION.md and the formulas of
seed 004, independently of choreod. Run it to see where every number in journeys/airfit comes from:

    python3 journeys/airfit/_reference/airfit_reference.py

Nothing here reads the daemon; the journeys compare these numbers with what the daemon reports (and with
motion.sample).
"""
import math

# --- curves -------------------------------------------------------------------------------------------------------

def spring(k, c, m=1.0, x0=-1.0, v0=0.0):
    """interpolatingSpring(stiffness k, damping c, mass m): displacement x(t) = position - target and velocity,
    released at x0 with velocity v0 (units per second). Under-damped only (all AirFit springs are)."""
    w0 = math.sqrt(k / m)
    z = c / (2 * math.sqrt(k * m))
    lam = z * w0
    wd = w0 * math.sqrt(1 - z * z)
    b = (v0 + lam * x0) / wd

    def x(t):
        return math.exp(-lam * t) * (x0 * math.cos(wd * t) + b * math.sin(wd * t))

    def v(t):
        e = math.exp(-lam * t)
        return e * (-lam * (x0 * math.cos(wd * t) + b * math.sin(wd * t))
                    + (-x0 * wd * math.sin(wd * t) + b * wd * math.cos(wd * t)))
    return w0, z, wd, x, v


def last_exceeding(f, bound, t_max=5.0, step=1e-5):
    """The last time |f(t)| > bound, to about 1e-12 s (scan, then bisect the final crossing)."""
    last = None
    n = int(t_max / step)
    for i in range(n + 1):
        if abs(f(i * step)) > bound:
            last = i * step
    if last is None:
        return 0.0
    lo, hi = last, last + step
    for _ in range(80):
        mid = (lo + hi) / 2
        if abs(f(mid)) > bound:
            lo = mid
        else:
            hi = mid
    return hi


def settle_time(k, c, x0=-1.0, v0=0.0, tol=1e-3):
    """MOTION.md "settled": within 0.1% of the change and velocity within 0.1% of the change times w0."""
    w0, z, wd, x, v = spring(k, c, x0=x0, v0=v0)
    scale = abs(x0) if x0 != 0 else abs(v0) / w0
    return max(last_exceeding(x, tol * scale), last_exceeding(v, tol * scale * w0))


def bezier(x1, y1, x2, y2):
    def bx(u): return 3 * (1 - u) ** 2 * u * x1 + 3 * (1 - u) * u * u * x2 + u ** 3
    def by(u): return 3 * (1 - u) ** 2 * u * y1 + 3 * (1 - u) * u * u * y2 + u ** 3

    def f(fraction):
        if fraction <= 0: return 0.0
        if fraction >= 1: return 1.0
        lo, hi = 0.0, 1.0
        for _ in range(100):
            mid = (lo + hi) / 2
            if bx(mid) < fraction: lo = mid
            else: hi = mid
        return by((lo + hi) / 2)
    return f


ease_out = bezier(0, 0, 0.58, 1)
ease_in_out = bezier(0.42, 0, 0.58, 1)

# --- seed 004 -----------------------------------------------------------------------------------------------------

def glass(fps):
    return 12.0 if fps >= 120 else 10.5


def cascade(text, t_ms, start_ms=0.0):
    """Every glyph's (delay ms, weight, offsetY, opacity) at t: delay sin(i/n*pi)*12 ms, then 588 ms of ease-out
    (weight 300->400, offset 6->0) and linear opacity."""
    n = len(text)
    rows = []
    for i, ch in enumerate(text):
        delay = math.sin(i / n * math.pi) * 12.0
        fraction = min(max((t_ms - start_ms - delay) / 588.0, 0.0), 1.0)
        e = ease_out(fraction)
        rows.append((ch, delay, 300 + 100 * e, 6 * (1 - e), fraction))
    return rows


TAU = -0.001 / math.log(0.998)   # UIScrollView's normal deceleration rate, 0.998 per ms
HEIGHT = 600.0


def flick(offset, velocity):
    """DragDismissSheet: the velocity used (raised so the sheet ends 20 pt past the edge), and when it reaches 600."""
    v = max(velocity, (HEIGHT + 20 - offset) / TAU)
    duration = -TAU * math.log(1 - (HEIGHT - offset) / (v * TAU))
    return v, duration * 1000


def flick_offset(offset, v, t_ms):
    return min(offset + v * TAU * (1 - math.exp(-(t_ms / 1000) / TAU)), HEIGHT)


if __name__ == "__main__":
    np = lambda v: float("%.12g" % v)
    for fps in (120, 60):
        c = glass(fps)
        w0, z, wd, x, v = spring(130, c)
        peak = math.pi / wd
        print(f"glass card at {fps} fps: interpolatingSpring(130, {c}): w0 {np(w0)}, zeta {np(z)}")
        print(f"  peak at {np(peak * 1000)} ms: progress {np(1 + x(peak))}, overshoot {np(-x(peak) * 100)}%")
        print(f"  logically complete (2pi/w0) {np(2 * math.pi / w0 * 1000)} ms, settled {np(settle_time(130, c) * 1000)} ms")
        for t in (50, 100, 200, 300, 310.399, 324.031, 400, 551.071806, 800):
            p = 1 + x(t / 1000)
            print(f"  t={t}: progress {np(p)}  scale {np(0.96 + 0.04 * p)}  ring(0.5) {np(0.5 * p)}"
                  f"  parallax(2) {np(2 * p)}  sheet(600->0) {np(600 * (1 - p))}")
    print("easeInOut 0.6 s:", {t: np(ease_in_out(t / 600)) for t in (0, 150, 300, 450, 600)})
    print("easeInOut 0.6 s, 12*(1-p):", {t: np(12 * (1 - ease_in_out(t / 600))) for t in (150, 300, 450)})
    print("easeOut 0.3 s:", {t: np(ease_out(t / 300)) for t in (100, 150, 300)})
    for text in ("Daily Dashboard",):
        for t in (0, 100, 300, 594, 599.9, 600):
            print(f"cascade {text!r} at {t} ms")
            for i, row in enumerate(cascade(text, t)):
                print("   ", i, repr(row[0]), *(np(v) for v in row[1:]))
    print("tau", np(TAU))
    for off, vel in ((100, 1500), (50, 800), (210, 0), (0, 800)):
        vv, d = flick(off, vel)
        print(f"flick from {off} at {vel}: v {np(vv)}, reaches 600 at {np(d)} ms;",
              {t: np(flick_offset(off, vv, t)) for t in (100, 500)})
    # spring back from 100 pt with +200 pt/s (down): initialVelocity -2 in units of the change
    for fps in (60, 120):
        w0, z, wd, x, v = spring(130, glass(fps), x0=100.0, v0=200.0)
        print(f"spring back at {fps} fps from 100 pt at 200 pt/s:", {t: np(x(t / 1000)) for t in (100, 200, 400)},
              "settles", np(settle_time(130, glass(fps), x0=100.0, v0=200.0) * 1000))

    # Mic ripples: easeOut 1.5 s, ripple i starts 0.5*i s after the tap, then repeats every 1.5 s.
    for t in (750, 2100):
        phases = [ease_out(((t - 500 * i) % 1500) / 1500) if t >= 500 * i else 0.0 for i in range(3)]
        print(f"mic ripples at {t} ms: phase", [np(p) for p in phases], "opacity", [np(0.5 * (1 - p)) for p in phases])
    # Flare: radius 0 -> 1 and opacity 0.6 -> 0, easeOut 0.3 s.
    print("flare at 150 ms: radius", np(ease_out(0.5)), "opacity", np(0.6 * (1 - ease_out(0.5))))
    # Parallax at 120 fps: roll 45 (clamped to 4 pt), pitch -10 (-2 pt); at 100 ms a new reading (0, 0) retargets
    # the spring from the current position and velocity.
    w0, z, wd, x, v = spring(130, 12)
    px, vx = 4 * (1 + x(0.1)), 4 * v(0.1)
    py, vy = -2 * (1 + x(0.1)), -2 * v(0.1)
    print("parallax at 100 ms:", np(px), np(py), "velocities", np(vx), np(vy))
    _, _, _, xr, _ = spring(130, 12, x0=px, v0=vx)
    _, _, _, yr, _ = spring(130, 12, x0=py, v0=vy)
    print("after retarget to 0 at 100 ms:", {t: (np(xr(t / 1000)), np(yr(t / 1000))) for t in (100, 200)},
          "settles", np(settle_time(130, 12, x0=px, v0=vx) * 1000), np(settle_time(130, 12, x0=py, v0=vy) * 1000))
    # Sheet presentation at 60 fps: offset 600 -> 0 on the standard spring.
    _, _, _, xs, _ = spring(130, 10.5, x0=600.0)
    print("sheet present at 60 fps:", {t: np(xs(t / 1000)) for t in (100, 200)})
    # Issue 16 item 14: past the edge the deceleration formula gives a time in the past (the old model's output);
    # the decision dismisses at once (durationMs 0). Just inside the edge it still runs.
    for off in (610, 619.999):
        v = (HEIGHT + 20 - off) / TAU
        print(f"old formula from {off} pt at rest: v {np(v)}, 'reaches 600' at {np(-TAU * math.log(1 - (HEIGHT - off) / (v * TAU)) * 1000)} ms")
    vv, d = flick(599, 0)
    print("flick from 599 at rest: v", np(vv), "gone after", np(d), "ms")
    # Issue 16 item 17 (motion.audit). The cascade read literally: each glyph runs MotionToken.duration 0.6 s after
    # its stagger, at most sin(pi/2)*12 = 12 ms ("Settings", n = 8, i = 4), so the title ends at 612 ms > 600.
    n = len("Daily Dashboard")
    delays = [math.sin(i / n * math.pi) * 12.0 for i in range(n)]
    gaps = [abs(delays[i] - delays[i - 1]) for i in range(1, n)]
    print("cascade literal total (Settings):", np(600 + max(math.sin(i / 8 * math.pi) * 12 for i in range(8))), "ms;",
          "Daily Dashboard: largest gap", np(max(gaps)), "ms, middle delay", np(max(delays)),
          "ms, as 12 ms gaps the last starts at", np((n - 1) * 12), "ms")
    print("60 Hz tuning settles", np((settle_time(130, 10.5) - settle_time(130, 12)) * 1000), "ms later")
    v0 = -800.0 / 210.0   # the fastest spring-back: just under 800 pt/s down at just under 210 pt
    for fps in (120, 60):
        w0, z, wd, x, v = spring(130, glass(fps), x0=-1.0, v0=v0)
        print(f"fastest spring-back at {fps} fps: initialVelocity {np(v0)}, settles",
              np(settle_time(130, glass(fps), x0=-1.0, v0=v0) * 1000), "ms")
        w0, z, wd, x, v = spring(130, glass(fps), x0=600.0)
        peak = math.pi / wd
        print(f"sheet presentation at {fps} fps: {np(-x(peak))} pt above the resting place at {np(peak * 1000)} ms")
