import ChoreoEngine

extension DashboardLoading.Style: CaseIterable {
    static let allCases: [DashboardLoading.Style] = [.shimmer, .pulse, .still]
}

/// The declared shape of `dashboard` and the dashboard load's trace events (seed 003's skeletons, loading-to-data
/// transition and PhysicsNumberCounter).
extension FinPessoalApp {
    static let dashboardField = StateField(
        "dashboard",
        .object([
            StateField(
                "loading", .bool,
                "True while a load runs: the initial one (`data.loadOnStart`) or a pull-to-refresh's, until the data arrives, the latency ends or `app.finishLoading`."
            ),
            StateField(
                "phase", .choice(LoadingPhase.self),
                "`loading`, then `revealing` until the reveal's last animation is logically complete (`revealEndsAt`), then `loaded`. A session without `loadOnStart` starts `loaded`."
            ),
            StateField(
                "loadStartedAt", .nullable(.milliseconds, whenNull: "not loading"), "When the running load started."),
            StateField(
                "loadEndsAt", .nullable(.milliseconds, whenNull: "no initial load is running"),
                "When the initial load's latency ends it (a refresh's load is timed in `refresh.load`)."),
            StateField("loads", .integer("loads", 0...Int64.max), "How many loads have started in the session."),
            StateField(
                "lastLoad",
                .nullable(
                    .object([
                        StateField("ok", .bool, "Whether it succeeded."),
                        StateField("at", .milliseconds, "When it ended."),
                    ]), whenNull: "no load has ended yet"), "How the last load ended."),
            StateField(
                "error",
                .nullable(
                    .string(choices: [DashboardLoading.refreshFailedText, DashboardLoading.firstLoadFailedText]),
                    whenNull: "the last load succeeded or none ended"),
                "The error shown after a failed load (the cards keep their old numbers)."),
            StateField(
                "skeletons",
                .object([
                    StateField(
                        "visible", .bool, "True from a load's start until the skeletons finished fading (200 ms)."),
                    StateField(
                        "style", .nullable(.choice(DashboardLoading.Style.self), whenNull: "skeletons hidden"),
                        "shimmer (full), pulse (reduced), static (minimal); follows a mode change at once while loading."
                    ),
                    StateField("opacity", .fraction, "1 while loading, fading to 0 over 200 ms when the data arrives."),
                    StateField(
                        "rows", .integer("rows", 0...5),
                        "Transaction row skeletons: one per transaction, at least 3, at most 5 (0 when hidden)."),
                    StateField(
                        "gradient", .array(.string(choices: ["oldMoney.surface", "oldMoney.divider"])),
                        "The shimmer gradient's colours."),
                    StateField("muted", .bool, "True in dark appearance (`settings.colorScheme` dark)."),
                    StateField(
                        "items",
                        .array(
                            .object([
                                StateField("id", .text, "`balance`, `chart`, then `row0` … `row4`."),
                                StateField(
                                    "kind", .string(choices: ["balanceCard", "chart", "transactionRow"]),
                                    "What the skeleton stands for."),
                                StateField("view", .string(choices: ["SkeletonView"]), "Always SkeletonView."),
                                StateField(
                                    "startDelayMs", .number("ms", 0...200),
                                    "Row i starts its shimmer or pulse 50·i ms late (seed 003)."),
                                StateField(
                                    "shimmer",
                                    .nullable(
                                        .object([
                                            StateField(
                                                "x", .number("fraction", -1...1),
                                                "The highlight's position, −1 → 1 over 1.5 s ease-in-out, looping.")
                                        ]), whenNull: "the style is not shimmer"), "The shimmer sweep (full mode)."),
                                StateField(
                                    "pulse",
                                    .nullable(.number("fraction", 0.6...1), whenNull: "the style is not pulse"),
                                    "The reduced-mode pulse, opacity 1 ↔ 0.6 over 0.75 s each way."),
                                StateField("opacity", .fraction, "The skeletons' opacity × the pulse."),
                                StateField(
                                    "shimmerArea", .string(choices: ["all", "data"]),
                                    "What shimmers: everything, or only the chart's data line (not its axes)."),
                                StateField(
                                    "shapes",
                                    .array(
                                        .object([
                                            StateField(
                                                "shape",
                                                .string(choices: ["roundedRect", "axes", "lineSegments", "circle"]),
                                                "The placeholder's shape."),
                                            StateField(
                                                "role",
                                                .string(choices: [
                                                    "balanceAmount", "monthlyExpenses", "axes", "placeholderLine",
                                                    "icon",
                                                    "title", "amount",
                                                ]), "What it stands for."),
                                            StateField(
                                                "size", .string(choices: ["large", "small"]), "The placeholder's size.",
                                                presentWhen: "the balance card's shapes"),
                                            StateField(
                                                "shimmer", .bool, "Whether this shape shimmers.",
                                                presentWhen: "the chart's shapes"),
                                        ])), "The shapes the skeleton draws (seed 003's Dashboard Skeleton States)."),
                            ])), "Each skeleton shown (empty when hidden)."),
                ]), "The SkeletonView placeholders shown while loading."),
            StateField(
                "cards",
                .array(
                    .object([
                        StateField(
                            "id", .string(choices: DashboardLoading.cards), "The card, in reveal order."),
                        StateField("visible", .bool, "Not loading and opacity above 0."),
                        StateField(
                            "opacity", .fraction,
                            "0 while loading; fades in (250 ms ease-out) from `revealsAt` in full and reduced modes, at once in minimal."
                        ),
                        StateField(
                            "offsetY", .number("pt"),
                            "Slides up from 20 pt on spring(0.5, 0.8) in full mode (settles a little past 0); 0 in reduced and minimal."
                        ),
                        StateField(
                            "revealsAt", .nullable(.milliseconds, whenNull: "no load has ended yet"),
                            "When the card's reveal starts: data + 200 + 100·k ms (minimal: at the data)."),
                    ])), "The balance, chart and transactions cards."),
            StateField(
                "revealStartedAt", .nullable(.milliseconds, whenNull: "no load has ended yet"),
                "When the last data arrived (or the load failed)."),
            StateField(
                "revealEndsAt", .nullable(.milliseconds, whenNull: "no load has ended yet"),
                "When the reveal's last animation is logically complete."),
            StateField(
                "counters",
                .object(
                    DashboardLoading.counters.map { name in
                        StateField(
                            name,
                            .object([
                                StateField(
                                    "value", .number(moneyUnit),
                                    "The number shown: the last load's value, held until the next load (a session that starts loaded holds the data at t = 0; one that starts loading shows 0 until its first load); a load counts from what it showed to the loaded value on a critically damped spring (0.8 s full, 0.4 s reduced, at once minimal) from data + 200 ms."
                                ),
                                StateField("target", .number(moneyUnit), "The value it counts to."),
                                StateField(
                                    "text", .text,
                                    "`value` as US dollars, e.g. `$8,050.75`; `—` while no load has succeeded in a session that starts loading."
                                ),
                            ]),
                            name == "balance"
                                ? "The accounts' total balance (PhysicsNumberCounter)."
                                : name == "monthlyIncome"
                                    ? "This month's income: the positive amounts of transactions dated this month."
                                    : "This month's spending: the negative amounts of transactions dated this month, as a positive sum."
                        )
                    }), "The balance card's PhysicsNumberCounters."),
        ]), "The dashboard's loading state: skeletons, the staggered reveal and counting numbers (seed 003).")

    static let dashboardTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.dashboardLoading, "A dashboard load started: skeletons replace the cards.",
            fields: [
                StateField(
                    "style", .choice(DashboardLoading.Style.self), "The skeletons' style in the effective mode."),
                StateField(
                    "skeletons", .integer("skeletons", 5...7), "How many skeletons show (balance, chart, rows)."),
            ]),
        TraceEventKind(
            FinPessoalTraceKind.dashboardSkeletonStyle,
            "The mode changed while loading and the skeletons switched style.",
            fields: [StateField("style", .choice(DashboardLoading.Style.self), "The new style.")]),
        TraceEventKind(
            FinPessoalTraceKind.dashboardRevealed, "A load ended: skeletons fade, the cards are revealed.",
            fields: [StateField("ok", .bool, "Whether the load succeeded.")]),
    ]
}
