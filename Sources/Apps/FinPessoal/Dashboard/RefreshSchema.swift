import ChoreoEngine

extension RefreshCoordinator.Phase: CaseIterable {
    static let allCases: [RefreshCoordinator.Phase] = [.idle, .pulling, .ready, .refreshing, .complete]
}

/// The declared shape of `refresh` and pull-to-refresh's trace events and haptics (seed 003's RefreshCoordinator).
extension FinPessoalApp {
    static let refreshField = StateField(
        "refresh",
        .object([
            StateField(
                "state", .choice(RefreshCoordinator.Phase.self),
                "idle → pulling (finger down below 60 pt) → ready (at or beyond 60 pt) → refreshing (released while ready, until the load ends) → complete (check mark, then the fade) → idle; a failed load goes straight back to idle."
            ),
            StateField(
                "pullDistance", .number("pt", 0...180),
                "The indicator's distance after the rubber-band resistance (c 0.5, D 180 pt: never reaches 180); the thresholds apply to it. Springs back (overdamped) to 0 or to its 60 pt rest while refreshing."
            ),
            StateField(
                "fingerDistance", .nullable(.number("pt", 0...10_000), whenNull: "no finger is down"),
                "The finger's distance as `ui.pull` gave it."),
            StateField(
                "rotation", .number("degrees", 0...360),
                "The arrow's rotation, 180 × pullDistance / 60 while pulling, 180 when ready; the spinner's angle (0–360, looping) while refreshing; 0 when complete."
            ),
            StateField(
                "scale", .number("multiplier", 0.5...1.1),
                "0.5 + 0.5 × pullDistance / 60 while pulling; the ready pulse 1 → 1.1 → 1 (full mode) when ready; 1 while refreshing or complete."
            ),
            StateField(
                "color", .string(choices: ["secondary", "accent"]), "`accent` from ready on, else `secondary`."),
            StateField(
                "opacity", .fraction, "The indicator's opacity: 1, fading to 0 over 300 ms after the check mark's hold."
            ),
            StateField("visible", .bool, "Whether the indicator shows: not idle, or still pulled out and not faded."),
            StateField(
                "icon", .string(choices: ["arrow.down", "spinner", "checkmark"]),
                "The arrow while pulling or ready, the spinner while refreshing, the check mark when complete."),
            StateField(
                "label", .string(choices: ["Pull to refresh", "Release to refresh", "Updating...", "Updated"]),
                "The indicator's text for its state."),
            StateField(
                "thresholds",
                .object([
                    StateField("light", .number("pt", 30...30), "The light haptic's threshold: 30 pt (half of ready)."),
                    StateField("ready", .number("pt", 60...60), "The ready threshold: 60 pt."),
                ]), "The thresholds the indicator's distance is compared with."),
            StateField(
                "armed",
                .object([
                    StateField(
                        "light", .bool,
                        "Whether the light haptic plays on the next crossing of 30 pt (re-arms below 27 pt)."
                    ),
                    StateField(
                        "ready", .bool,
                        "Whether the medium haptic plays on the next crossing of 60 pt (re-arms below 54 pt)."),
                ]), "The haptics' hysteresis: each plays once per crossing."),
            StateField(
                "checkmark",
                .object([
                    StateField("visible", .bool, "True while `state` is complete."),
                    StateField(
                        "scale", .number("multiplier"),
                        "The check mark's pop 0 → 1: spring(0.3, 0.6) full (overshoots 1), 200 ms ease-out reduced, at once minimal; 0 outside complete."
                    ),
                ]), "The success check mark."),
            StateField(
                "spinner",
                .object([
                    StateField(
                        "spinning", .bool,
                        "Whether the spinner turns: refreshing, not minimal mode (static), and the dashboard on screen (it stops at 0° off screen, behavior.md CG14)."
                    ),
                    StateField(
                        "style",
                        .nullable(.string(choices: ["easeInOut", "linear", "static"]), whenNull: "not refreshing"),
                        "The spinner's loop, decided by the mode when the refresh started: easeInOut 1 s full, linear 1.5 s reduced, static minimal."
                    ),
                ]), "The refreshing spinner."),
            StateField(
                "particles", .bool, "The optional particle shimmer around the spinner: refreshing in full mode only."),
            StateField(
                "load",
                .object([
                    StateField("running", .bool, "True while refreshing."),
                    StateField(
                        "startedAt", .nullable(.milliseconds, whenNull: "no refresh load is running"),
                        "When the refresh's load started (the release)."),
                    StateField(
                        "endsAt", .nullable(.milliseconds, whenNull: "no refresh load is running"),
                        "When the data's latency (`data.loadLatencyMs`) ends it, unless `app.finishLoading` ends it first."
                    ),
                ]), "The data load the refresh started."),
            StateField(
                "lastResult",
                .nullable(.string(choices: ["success", "failure"]), whenNull: "no refresh has ended yet"),
                "How the last refresh's load ended."),
            StateField(
                "refreshes", .integer("refreshes", 0...Int64.max), "How many refreshes have started in the session."),
        ]), "The dashboard's custom pull-to-refresh (seed 003's RefreshCoordinator).")

    static let refreshTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.refreshDragBegan, "A finger started pulling the dashboard down (first `ui.pull`)."),
        TraceEventKind(
            FinPessoalTraceKind.refreshReady, "The indicator reached the 60 pt ready threshold.",
            fields: [StateField("pullDistance", .number("pt", 0...180), "The indicator's distance.")]),
        TraceEventKind(
            FinPessoalTraceKind.refreshUnready, "The indicator went back below 60 pt with the finger still down.",
            fields: [StateField("pullDistance", .number("pt", 0...180), "The indicator's distance.")]),
        TraceEventKind(
            FinPessoalTraceKind.refreshCancelled,
            "The finger was released below the ready threshold: the indicator springs back.",
            fields: [StateField("pullDistance", .number("pt", 0...180), "The indicator's distance at the release.")]),
        TraceEventKind(
            FinPessoalTraceKind.refreshInterrupted,
            "A pull in progress was cancelled because the dashboard left the screen, a sheet covered it or it "
                + "scrolled away from the top: idle, the indicator springs back, no haptic, no refresh.",
            fields: [
                StateField("pullDistance", .number("pt", 0...180), "The indicator's distance when it was cancelled."),
                StateField("reason", .text, "What cancelled it."),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.refreshBegan, "The finger was released while ready: the refresh and its load start.",
            fields: [
                StateField("pullDistance", .number("pt", 0...180), "The indicator's distance at the release."),
                StateField("latencyMs", .number("ms", 0...600_000), "The load's latency (`data.loadLatencyMs`)."),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.refreshCompleted, "The refresh's load succeeded: the check mark shows.",
            fields: [StateField("ok", .bool, "Always true.")]),
        TraceEventKind(
            FinPessoalTraceKind.refreshFailed,
            "The refresh's load failed (`app.finishLoading {ok: false}`): back to idle.",
            fields: [StateField("ok", .bool, "Always false.")]),
        TraceEventKind(
            FinPessoalTraceKind.refreshEnded, "The indicator finished fading after a successful refresh: idle again."),
    ]

    static let refreshHapticSources: [HapticSource] = [
        HapticSource("refresh.halfway", [.light], "The indicator crossed 30 pt (re-armed below 27 pt)."),
        HapticSource(
            "refresh.ready", [.medium], "The indicator crossed the 60 pt ready threshold (re-armed below 54 pt)."),
        HapticSource("refresh.complete", [.success], "The refresh's load succeeded."),
        HapticSource("refresh.failed", [.error], "The refresh's load failed."),
    ]
}
