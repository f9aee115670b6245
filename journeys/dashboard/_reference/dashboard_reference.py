"""Reference values for journeys/dashboard, computed from the closed forms of MOTION.md independently of the daemon.

    python3 journeys/dashboard/_reference/dashboard_reference.py          # rewrites the five pull-to-* journeys
    python3 journeys/dashboard/_reference/dashboard_reference.py values   # prints the other journeys' numbers

Standard library only. Springs: x(t) = to + displacement (under-, critically and over-damped forms); timing curves:
cubic Béziers solved by bisection; the pull's rubber band d = c·x·D/(c·x + D) with c = 0.5, D = 180.
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = {20: 'pull-to-20-pt-is-pulling-and-springs-back-without-refreshing', 45: 'pull-to-45-pt-plays-the-light-haptic-and-springs-back', 59: 'pull-to-59-pt-stops-one-point-short-of-ready', 60: 'pull-to-60-pt-is-ready-and-refreshes-loads-and-reveals', 90: 'pull-to-90-pt-springs-back-to-60-and-refreshes'}
def spring_disp(x0, v0, response, zeta, t):
    w0 = 2*math.pi/response; lam = zeta*w0
    if zeta < 1:
        wd = w0*math.sqrt(1-zeta*zeta)
        return math.exp(-lam*t)*(x0*math.cos(wd*t) + (v0+lam*x0)/wd*math.sin(wd*t))
    if zeta == 1:
        return math.exp(-w0*t)*(x0 + (v0+w0*x0)*t)
    r1 = -w0*(zeta - math.sqrt(zeta*zeta-1)); r2 = -w0*(zeta + math.sqrt(zeta*zeta-1))
    # A + B = x0, r1 A + r2 B = v0
    B = (v0 - r1*x0)/(r2-r1); A = x0 - B
    return A*math.exp(r1*t) + B*math.exp(r2*t)
def spring(frm, to, response, zeta, t):
    return to + spring_disp(frm-to, 0, response, zeta, t)
def bez(x1,y1,x2,y2):
    def f(x):
        if x<=0: return 0.0
        if x>=1: return 1.0
        lo,hi=0.0,1.0
        for _ in range(200):
            u=(lo+hi)/2
            bx=3*(1-u)**2*u*x1+3*(1-u)*u*u*x2+u**3
            if bx<x: lo=u
            else: hi=u
        u=(lo+hi)/2
        return 3*(1-u)**2*u*y1+3*(1-u)*u*u*y2+u**3
    return f
easeInOut=bez(0.42,0,0.58,1); easeOut=bez(0,0,0.58,1); easeIn=bez(0.42,0,1,1)
def indicator(x, c=0.5, D=180.0):
    return 0 if x<=0 else c*x*D/(c*x+D)
def finger(d, c=0.5, D=180.0):
    return D*d/(c*(D-d))


def print_values():
    g = lambda x: "%.12g" % x
    print("rubber band, finger → indicator:", {x: g(indicator(x)) for x in [20, 45, 59, 60, 90, 180, 360, 1800]})
    print("failed load, 60 → 0 at 100 ms: full", g(spring(60, 0, 0.4, 1.2, 0.1)), "reduced", g(spring(60, 0, 0.25, 1.0, 0.1)))
    print("shimmer at 375 ms, rows 0–4:", [g(-1 + 2 * easeInOut(max(0, 375 - 50 * i) / 1500)) for i in range(5)])
    print("pulse at 375 ms, rows 0–4:", [g(1 - 0.4 * easeInOut(max(0, 375 - 50 * i) / 750)) for i in range(5)])
    print("counters at 400 ms: full", [g(spring(0, v, 0.8, 1, 0.4)) for v in [8050.75, 5200, 175.6]],
          "reduced", [g(spring(0, v, 0.4, 1, 0.4)) for v in [8050.75, 5200, 175.6]])
    print("card slide 250/150/50 ms:", [g(spring(20, 0, 0.5, 0.8, t)) for t in [0.25, 0.15, 0.05]],
          "fade:", [g(easeOut(t / 0.25)) for t in [0.25, 0.15, 0.05]])
    print("chart container scale at 150 ms", g(spring(0.95, 1, 0.4, 0.8, 0.15)), "y trim at 100 ms", g(easeInOut(1 / 3)),
          "grid 100/50 ms", g(easeOut(0.5)), g(easeOut(0.25)))
    p = spring(0, 1, 0.3, 0.7, 0.15)
    print("line trim at 150 ms", g(easeInOut(0.25)), "x labels at 150 ms: opacity", g(min(p, 1)), "scale", g(0.8 + 0.2 * p),
          "y trim at 250 ms", g(easeInOut(250 / 300)))
    q = spring(0, 1, 0.3, 0.7, 0.3)
    print("axis labels spring(0.3, 0.7): y labels start at R + 500, logically complete at R + 800; at R + 800 opacity",
          g(min(q, 1)), "scale", g(0.8 + 0.2 * q), "; x labels at R + 450 (150 ms in): opacity", g(min(p, 1)))
    print("point pop at 200/100 ms", g(spring(0, 1, 0.3, 0.6, 0.2)), g(spring(0, 1, 0.3, 0.6, 0.1)))
    for i in range(7):
        f, lo, hi = i / 6, 0.0, 1.0
        for _ in range(200):
            m = (lo + hi) / 2
            if easeInOut(m) < f:
                lo = m
            else:
                hi = m
        print("point", i, "appears at R +", g(300 + 600 * (1 if i == 6 else hi) + 100))
    print("callout 120.40 → 0 at 100 ms: full", g(spring(120.4, 0, 0.3, 1, 0.1)), "reduced", g(spring(120.4, 0, 0.2, 1, 0.1)))
    print("highlight at 100 ms: full", g(spring(1, 1.2, 0.25, 0.7, 0.1)), "reduced", g(1 + 0.2 * easeOut(0.1 / 0.15)))
    print("tap bounce at 100 ms", g(spring(1, 1.3, 0.25, 0.5, 0.1)))


def write_pull_journeys():
    # Generates journeys/dashboard/pull-to-*.yaml with expected values from independent closed forms (ref.py).
    def r(x): return float("%.12g" % x)
    def num(x):
        x = r(x)
        return str(int(x)) if x == int(x) else repr(x)
    def approx(x): return "{approx: %s, tol: 0.000001}" % num(x)

    WAY = [(0, 0.0), (50, 20), (100, 30), (150, 45), (200, 59), (250, 60), (300, 90)]
    MODES = ["full", "reduced", "minimal"]
    RET = {"full": (0.4, 1.2), "reduced": (0.25, 1.0), "minimal": None}
    LAT = 1200

    def back(mode, frm, to, t):
        if RET[mode] is None: return to
        resp, z = RET[mode]
        return spring(frm, to, resp, z, t)

    def pulse(mode, dt):  # scale in ready, dt seconds after entering ready (no pull-back before 150 ms)
        if mode != "full": return 1.0
        return 1 + 0.1 * easeInOut(dt / 0.15)

    titles = {
     20: "Pull to 20 pt: pulling at a third of the rotation, no haptic; release springs back to idle without a refresh",
     45: "Pull to 45 pt: the light haptic at 30 pt, 135° and scale 0.875; release springs back to idle without a refresh",
     59: "Pull to 59 pt: one point short of ready, light haptic only; release springs back to idle without a refresh",
     60: "Pull to 60 pt: ready with the medium haptic; release refreshes, loads 1200 ms, succeeds and reveals the dashboard",
     90: "Pull to 90 pt: ready beyond the threshold; release springs the indicator back to 60 pt and refreshes",
    }
    for target in [20, 45, 59, 60, 90]:
        path = [(t, d) for (t, d) in WAY if d <= target]
        tr = path[-1][0] + 100
        refreshing = target >= 60
        L = []
        L.append("journey: \"%s\"" % titles[target])
        L.append("# Seed 003 Pull-to-Refresh, issue 6. `ui.pull {distance}` is the FINGER's distance; the indicator's pullDistance is")
        L.append("# the rubber band d = c·x·D/(c·x + D), c = 0.5, D = 180 (protocol/behavior.md, Seed 003, R2), so the finger")
        L.append("# distances below put the indicator exactly at 20, 30, 45, 59, 60 and 90 pt: x = D·d/(c·(D − d)).")
        L.append("# Expected motion values are the closed forms of MOTION.md computed independently of the daemon.")
        L.append("matrix:")
        L.append("  m:")
        ms = {}
        for mode in MODES:
            e = {"mode": mode}
            if not refreshing:
                d0 = indicator(r(finger(target)))  # the finger as the journey sends it (12 digits)
                e["pd0"] = r(0 if mode == "minimal" else d0)
                for dt in (100, 200):
                    pd = back(mode, d0, 0, dt / 1000)
                    e["pd%d" % dt] = r(pd); e["rot%d" % dt] = r(180 * pd / 60); e["scale%d" % dt] = r(0.5 + 0.5 * pd / 60)
            else:
                if target == 60:
                    e["hold"] = r(pulse(mode, 0.05))
                else:
                    e["at300"] = r(pulse(mode, 0.05))
                pd = back(mode, target, 60, 0.1)
                e["pd100"] = r(pd)
                e["spin250"] = r({"full": 360 * easeInOut(0.25), "reduced": 360 * 0.25 / 1.5, "minimal": 0}[mode])
                e["style"] = {"full": "shimmer", "reduced": "pulse", "minimal": "static"}[mode]
                e["spinner"] = {"full": "easeInOut", "reduced": "linear", "minimal": "static"}[mode]
                e["check100"] = r({"full": spring(0, 1, 0.3, 0.6, 0.1), "reduced": easeOut(0.5), "minimal": 1}[mode])
                e["skel100"] = r({"full": 1 - easeOut(0.5), "reduced": 1 - easeOut(0.5), "minimal": 0}[mode])
                e["skelVisible100"] = mode != "minimal"
                T = tr + LAT
                e["reveal0"] = T + (0 if mode == "minimal" else 200)
                e["reveal1"] = T + (0 if mode == "minimal" else 300)
                e["reveal2"] = T + (0 if mode == "minimal" else 400)
                # at T+300: balance card 100 ms into its fade/slide; chart card starting; transactions not yet
                e["op0"] = r(1 if mode == "minimal" else easeOut(0.1 / 0.25))
                e["off0"] = r(spring(20, 0, 0.5, 0.8, 0.1) if mode == "full" else 0)
                e["op2"] = r(1 if mode == "minimal" else 0)
                e["fade150"] = r(0 if mode == "minimal" else 1 - easeOut(0.5))
                e["stateAt1650"] = "idle" if mode == "minimal" else "complete"
                e["opacity1800"] = 0
            ms[mode] = e
            items = ", ".join("%s: %s" % (k, (v if isinstance(v, str) else ("true" if v is True else "false" if v is False else num(v)))) for k, v in e.items())
            L.append("    - {%s}" % items)
        L.append("steps:")
        L.append("  - settings: {mode: \"${matrix.m.mode}\"}")
        L.append("  - expect:")
        L.append("      refresh.state: idle")
        L.append("      refresh.visible: false")
        for i, (t, d) in enumerate(path):
            if i > 0: L.append("  - advance: 50")
            x = finger(d) if d > 0 else 0
            L.append("  - pull: %s%s" % (num(x), "          # the finger touches down" if d == 0 else "          # indicator %s pt" % num(d)))
            st = "ready" if d >= 60 else "pulling"
            prog = min(d / 60, 1)
            L.append("  - expect:")
            L.append("      refresh.state: %s" % st)
            L.append("      refresh.pullDistance: %s" % approx(d))
            L.append("      refresh.fingerDistance: %s" % approx(x))
            L.append("      refresh.rotation: %s" % approx(180 * prog if st == "pulling" else 180))
            if st == "pulling":
                L.append("      refresh.scale: %s" % approx(0.5 + 0.5 * prog))
                L.append("      refresh.color: secondary")
            elif d == 60:
                L.append("      refresh.scale: 1                     # the pulse starts from 1.0")
                L.append("      refresh.color: accent")
                L.append("      refresh.label: Release to refresh")
            else:
                L.append("      refresh.scale: ${matrix.m.at300}   # 50 ms into the pulse (full mode only)")
                L.append("      refresh.color: accent")
        if target == 60:
            L.append("  - advance: 50                            # hold at the threshold")
            L.append("  - expect:")
            L.append("      refresh.scale: ${matrix.m.hold}")
            L.append("  - advance: 50")
        else:
            L.append("  - advance: 100                           # hold, then let go")
        haptics = []
        if target >= 30: haptics.append("      - {style: light, at: 100}")
        if target >= 60: haptics.append("      - {style: medium, at: 250}")
        L.append("  - expectHaptics:" + ("" if haptics else " []"))
        L.extend(haptics)
        L.append("  - release: true")
        L.append("    as: released")
        L.append("  - expect:")
        if not refreshing:
            L.append("      $released.state: idle")
            L.append("      $released.refreshing: false")
            L.append("      refresh.pullDistance: ${matrix.m.pd0}         # the spring back starts here (minimal: at rest at once)")
            L.append("      dashboard.loading: false")
            for dt in (100, 200):
                L.append("  - advance: 100")
                L.append("  - expect:")
                L.append("      refresh.state: idle")
                L.append("      refresh.pullDistance: ${matrix.m.pd%d}" % dt)
                L.append("      refresh.rotation: ${matrix.m.rot%d}" % dt)
                L.append("      refresh.scale: ${matrix.m.scale%d}" % dt)
            L.append("  - settle: true")
            L.append("  - expect:")
            L.append("      refresh.state: idle")
            L.append("      refresh.pullDistance: 0")
            L.append("      refresh.refreshes: 0")
            L.append("      dashboard.loading: false")
            L.append("      dashboard.loads: 0")
            L.append("  - expectHaptics: []")
        else:
            T = tr + LAT
            L.append("      $released.state: refreshing")
            L.append("      $released.refreshing: true")
            L.append("      refresh.icon: spinner")
            L.append("      refresh.label: Updating...")
            L.append("      refresh.spinner.style: ${matrix.m.spinner}")
            L.append("      refresh.load: {running: true, startedAt: %d, endsAt: %d}" % (tr, T))
            L.append("      dashboard.loading: true")
            L.append("      dashboard.skeletons.visible: true")
            L.append("      dashboard.skeletons.style: ${matrix.m.style}")
            L.append("      dashboard.skeletons.rows: 5               # one per transaction, at most 5")
            L.append("      dashboard.cards.0.visible: false")
            L.append("      chart.reveal.phase: hidden")
            L.append("  - advance: 100")
            L.append("  - expect:")
            L.append("      refresh.pullDistance: ${matrix.m.pd100}   # springing back to its 60 pt rest")
            L.append("  - advance: 150")
            L.append("  - expect:")
            L.append("      refresh.state: refreshing")
            L.append("      refresh.rotation: ${matrix.m.spin250}    # the spinner, 250 ms into its loop")
            L.append("  - advance: %d" % (LAT - 250))
            L.append("  - expect:")
            L.append("      refresh.state: complete")
            L.append("      refresh.icon: checkmark")
            L.append("      refresh.lastResult: success")
            L.append("      dashboard.loading: false")
            L.append("      dashboard.lastLoad: {ok: true, at: %d}" % T)
            L.append("      dashboard.cards.0.revealsAt: ${matrix.m.reveal0}")
            L.append("      dashboard.cards.1.revealsAt: ${matrix.m.reveal1}")
            L.append("      dashboard.cards.2.revealsAt: ${matrix.m.reveal2}")
            L.append("  - expectHaptics:")
            L.append("      - {style: success, at: %d}" % T)
            L.append("  - advance: 100")
            L.append("  - expect:")
            L.append("      refresh.checkmark.scale: ${matrix.m.check100}")
            L.append("      dashboard.skeletons.opacity: ${matrix.m.skel100}")
            L.append("      dashboard.skeletons.visible: ${matrix.m.skelVisible100}")
            L.append("  - advance: 200")
            L.append("  - expect:")
            L.append("      dashboard.skeletons.visible: false")
            L.append("      dashboard.cards.0.opacity: ${matrix.m.op0}")
            L.append("      dashboard.cards.0.offsetY: ${matrix.m.off0}")
            L.append("      dashboard.cards.2.opacity: ${matrix.m.op2}")
            L.append("      dashboard.counters.balance.value: 8050.75       # the same data: nothing to count")
            L.append("  - advance: 150")
            L.append("  - expect:")
            L.append("      refresh.state: ${matrix.m.stateAt1650}")
            L.append("      refresh.opacity: ${matrix.m.fade150}   # fading out over 300 ms")
            L.append("  - advance: 150")
            L.append("  - expect:")
            L.append("      refresh.state: idle")
            L.append("      refresh.opacity: 0")
            L.append("      refresh.refreshes: 1")
            L.append("  - settle: true")
            L.append("  - expect:")
            L.append("      refresh.pullDistance: 0")
            L.append("      dashboard.phase: loaded")
            L.append("      dashboard.cards.2.opacity: 1")
            L.append("      dashboard.cards.2.offsetY: 0")
            L.append("      chart.reveal.phase: complete")
            L.append("  - expectHaptics: []")
        open(os.path.join(HERE, "..", NAMES[target] + ".yaml"), "w").write("\n".join(L) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["values"]:
        print_values()
    else:
        write_pull_journeys()
