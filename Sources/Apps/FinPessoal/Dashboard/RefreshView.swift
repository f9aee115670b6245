import ChoreoEngine

/// `refresh` as the state shows it: the dashboard's custom pull-to-refresh (seed 003's RefreshCoordinator).
struct RefreshView: StateObject {
    var state: RefreshCoordinator.Phase
    var pullDistance: Double
    var fingerDistance: Double?
    var rotation: Double
    var scale: Double
    var color: RefreshColour
    var opacity: Double
    var visible: Bool
    var icon: RefreshIcon
    var label: String
    var armedLight: Bool
    var armedReady: Bool
    var checkmarkVisible: Bool
    var checkmarkScale: Double
    var spinnerSpinning: Bool
    var spinnerStyle: SpinnerStyle?
    var particles: Bool
    var loadRunning: Bool
    var loadStartedAt: Double?
    var loadEndsAt: Double?
    var lastResult: String?
    var refreshes: Int

    static let fields: [StateProperty<RefreshView>] = [
        StateProperty(
            "state", \.state, .choice(RefreshCoordinator.Phase.self),
            "idle → pulling (finger down below 60 pt) → ready (at or beyond 60 pt) → refreshing (released while ready, until the load ends) → complete (check mark, then the fade) → idle; a failed load goes straight back to idle."
        ),
        StateProperty(
            "pullDistance", \.pullDistance, .number("pt", 0...180),
            "The indicator's distance after the rubber-band resistance (c 0.5, D 180 pt: never reaches 180); the thresholds apply to it. Springs back (overdamped) to 0 or to its 60 pt rest while refreshing."
        ),
        StateProperty(
            "fingerDistance", \.fingerDistance, .nullable(.number("pt", 0...10_000), whenNull: "no finger is down"),
            "The finger's distance as `ui.pull` gave it."),
        StateProperty(
            "rotation", \.rotation, .number("degrees", 0...360),
            "The arrow's rotation, 180 × pullDistance / 60 while pulling, 180 when ready; the spinner's angle (0–360, looping) while refreshing; 0 when complete.",
            animates: [PropertyKey.refreshSpinner.path, PropertyKey.refreshPullDistance.path]),
        StateProperty(
            "scale", \.scale, .number("multiplier", 0.5...1.1),
            "0.5 + 0.5 × pullDistance / 60 while pulling; the ready pulse 1 → 1.1 → 1 (full mode) when ready; 1 while refreshing or complete.",
            animates: [PropertyKey.refreshPulse.path, PropertyKey.refreshPullDistance.path]),
        StateProperty(
            "color", \.color, .choice(RefreshColour.self),
            "`accent` from ready on, else `secondary`."),
        StateProperty(
            "opacity", \.opacity, .fraction,
            "The indicator's opacity: 1, fading to 0 over 300 ms after the check mark's hold."),
        StateProperty(
            "visible", \.visible, .bool,
            "Whether the indicator shows: not idle, or still pulled out and not faded."),
        StateProperty(
            "icon", \.icon, .choice(RefreshIcon.self),
            "The arrow while pulling or ready, the spinner while refreshing, the check mark when complete."),
        StateProperty(
            "label", \.label, .string(choices: ["Pull to refresh", "Release to refresh", "Updating...", "Updated"]),
            "The indicator's text for its state."),
        .group(
            "thresholds", "The thresholds the indicator's distance is compared with.",
            [
                StateProperty(
                    "light", { _ in RefreshCoordinator.lightThreshold }, .number("pt", 30...30),
                    "The light haptic's threshold: 30 pt (half of ready)."),
                StateProperty(
                    "ready", { _ in RefreshCoordinator.readyThreshold }, .number("pt", 60...60),
                    "The ready threshold: 60 pt."),
            ]),
        .group(
            "armed", "The haptics' hysteresis: each plays once per crossing.",
            [
                StateProperty(
                    "light", \.armedLight, .bool,
                    "Whether the light haptic plays on the next crossing of 30 pt (re-arms below 27 pt)."),
                StateProperty(
                    "ready", \.armedReady, .bool,
                    "Whether the medium haptic plays on the next crossing of 60 pt (re-arms below 54 pt)."),
            ]),
        .group(
            "checkmark", "The success check mark.",
            [
                StateProperty(
                    "visible", \.checkmarkVisible, .bool,
                    "True while `state` is complete."),
                StateProperty(
                    "scale", \.checkmarkScale, .number("multiplier"),
                    "The check mark's pop 0 → 1: spring(0.3, 0.6) full (overshoots 1), 200 ms ease-out reduced, at once minimal; 0 outside complete.",
                    animates: [PropertyKey.refreshCheckmark.path]),
            ], animates: [PropertyKey.refreshCheckmark.path]),
        .group(
            "spinner", "The refreshing spinner.",
            [
                StateProperty(
                    "spinning", \.spinnerSpinning, .bool,
                    "Whether the spinner turns: refreshing, not minimal mode (static), and the dashboard on screen (it stops at 0° off screen, behavior.md CG14)."
                ),
                StateProperty(
                    "style", \.spinnerStyle,
                    .nullable(.choice(SpinnerStyle.self), whenNull: "not refreshing"),
                    "The spinner's loop in the current mode (a mode change during the refresh restarts it from 0° in the new one, R9): easeInOut 1 s full, linear 1.5 s reduced, static minimal."
                ),
            ]),
        StateProperty(
            "particles", \.particles, .bool,
            "The optional particle shimmer around the spinner: refreshing in full mode only."),
        .group(
            "load", "The data load the refresh started.",
            [
                StateProperty(
                    "running", \.loadRunning, .bool,
                    "True while refreshing."),
                StateProperty(
                    "startedAt", \.loadStartedAt, .nullable(.milliseconds, whenNull: "no refresh load is running"),
                    "When the refresh's load started (the release)."),
                StateProperty(
                    "endsAt", \.loadEndsAt, .nullable(.milliseconds, whenNull: "no refresh load is running"),
                    "When the data's latency (`data.loadLatencyMs`) ends it, unless `app.finishLoading` ends it first."),
            ]),
        StateProperty(
            "lastResult", \.lastResult,
            .nullable(.string(choices: ["success", "failure"]), whenNull: "no refresh has ended yet"),
            "How the last refresh's load ended."),
        StateProperty(
            "refreshes", \.refreshes, .integer("refreshes", 0...Int64.max),
            "How many refreshes have started in the session."),
    ]
}
