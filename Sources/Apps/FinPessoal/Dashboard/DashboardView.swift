import ChoreoEngine

/// `dashboard` as the state shows it: the loading state, skeletons, the staggered reveal and counting numbers
/// (seed 003).
struct DashboardView: StateObject {
    var loading: Bool
    var phase: LoadingPhase
    var loadStartedAt: Double?
    var loadEndsAt: Double?
    var loads: Int
    var lastLoad: LastLoadView?
    var error: String?
    var skeletonsVisible: Bool
    var skeletonsStyle: DashboardLoading.Style?
    var skeletonsOpacity: Double
    var skeletonsRows: Int
    var skeletonsMuted: Bool
    var skeletons: [SkeletonView]
    var cards: [CardView]
    var revealStartedAt: Double?
    var revealEndsAt: Double?
    var counters: [String: CounterView]

    static let fields: [StateProperty<DashboardView>] = [
        StateProperty(
            "loading", \.loading, .bool,
            "True while a load runs: the initial one (`data.loadOnStart`) or a pull-to-refresh's, until the data arrives, the latency ends or `app.finishLoading`."
        ),
        StateProperty(
            "phase", \.phase, .choice(LoadingPhase.self),
            "`loading`, then `revealing` until the reveal's last animation is logically complete (`revealEndsAt`), then `loaded`. A session without `loadOnStart` starts `loaded`."
        ),
        StateProperty(
            "loadStartedAt", \.loadStartedAt, .nullable(.milliseconds, whenNull: "not loading"),
            "When the running load started."),
        StateProperty(
            "loadEndsAt", \.loadEndsAt, .nullable(.milliseconds, whenNull: "no initial load is running"),
            "When the initial load's latency ends it (a refresh's load is timed in `refresh.load`)."),
        StateProperty(
            "loads", \.loads, .integer("loads", 0...Int64.max), "How many loads have started in the session."),
        StateProperty(
            "lastLoad", \.lastLoad, .nullable(LastLoadView.shape, whenNull: "no load has ended yet"),
            "How the last load ended."),
        StateProperty(
            "error", \.error,
            .nullable(
                .string(choices: [DashboardLoading.refreshFailedText, DashboardLoading.firstLoadFailedText]),
                whenNull: "the last load succeeded or none ended"),
            "The error shown after a failed load (the cards keep their old numbers)."),
        .group(
            "skeletons", "The SkeletonView placeholders shown while loading.",
            [
                StateProperty(
                    "visible", \.skeletonsVisible, .bool,
                    "True from a load's start until the skeletons finished fading (200 ms)."),
                StateProperty(
                    "style", \.skeletonsStyle,
                    .nullable(.choice(DashboardLoading.Style.self), whenNull: "skeletons hidden"),
                    "shimmer (full), pulse (reduced), static (minimal); follows a mode change at once while loading."),
                StateProperty(
                    "opacity", \.skeletonsOpacity, .fraction,
                    "1 while loading, fading to 0 over 200 ms when the data arrives."),
                StateProperty(
                    "rows", \.skeletonsRows, .integer("rows", 0...5),
                    "Transaction row skeletons: one per transaction, at least 3, at most 5 (0 when hidden)."),
                StateProperty(
                    "gradient", { _ in ["oldMoney.surface", "oldMoney.divider", "oldMoney.surface"] },
                    .array(.string(choices: ["oldMoney.surface", "oldMoney.divider"])),
                    "The shimmer gradient's colours."
                ),
                StateProperty(
                    "muted", \.skeletonsMuted, .bool, "True in dark appearance (`settings.colorScheme` dark)."),
                StateProperty(
                    "items", \.skeletons, .array(SkeletonView.shape), "Each skeleton shown (empty when hidden)."),
            ]),
        StateProperty("cards", \.cards, .array(CardView.shape), "The balance, chart and transactions cards."),
        StateProperty(
            "revealStartedAt", \.revealStartedAt, .nullable(.milliseconds, whenNull: "no load has ended yet"),
            "When the last data arrived (or the load failed)."),
        StateProperty(
            "revealEndsAt", \.revealEndsAt, .nullable(.milliseconds, whenNull: "no load has ended yet"),
            "When the reveal's last animation is logically complete."),
        StateProperty(
            "counters", \.counters,
            .object(
                DashboardCounter.allCases.map { counter in
                    StateField(counter.rawValue, CounterView.shape, counter.meaning)
                }), "The balance card's PhysicsNumberCounters."),
    ]
}

/// How the last dashboard load ended.
struct LastLoadView: StateObject, Equatable {
    var ok: Bool
    var at: Double

    static let fields: [StateProperty<LastLoadView>] = [
        StateProperty("ok", \.ok, .bool, "Whether it succeeded."),
        StateProperty("at", \.at, .milliseconds, "When it ended."),
    ]
}

/// One SkeletonView placeholder (seed 003's Dashboard Skeleton States).
struct SkeletonView: StateObject {
    var id: String
    var kind: SkeletonKind
    var startDelayMs: Double
    var shimmerX: Double?
    var pulse: Double?
    var opacity: Double
    var shimmerArea: String
    var shapes: [SkeletonShape]

    static let fields: [StateProperty<SkeletonView>] = [
        StateProperty("id", \.id, .text, "`balance`, `chart`, then `row0` … `row4`."),
        StateProperty(
            "kind", \.kind, .choice(SkeletonKind.self),
            "What the skeleton stands for."),
        StateProperty("view", { _ in "SkeletonView" }, .string(choices: ["SkeletonView"]), "Always SkeletonView."),
        StateProperty(
            "startDelayMs", \.startDelayMs, .number("ms", 0...200),
            "Row i starts its shimmer or pulse 50·i ms late (seed 003)."),
        StateProperty(
            "shimmer", { $0.shimmerX.map(ShimmerView.init(x:)) },
            .nullable(ShimmerView.shape, whenNull: "the style is not shimmer"), "The shimmer sweep (full mode)."),
        StateProperty(
            "pulse", \.pulse, .nullable(.number("fraction", 0.6...1), whenNull: "the style is not pulse"),
            "The reduced-mode pulse, opacity 1 ↔ 0.6 over 0.75 s each way."),
        StateProperty("opacity", \.opacity, .fraction, "The skeletons' opacity × the pulse."),
        StateProperty(
            "shimmerArea", \.shimmerArea, .string(choices: ["all", "data"]),
            "What shimmers: everything, or only the chart's data line (not its axes)."),
        StateProperty(
            "shapes", \.shapes, .array(SkeletonShape.shape),
            "The shapes the skeleton draws (seed 003's Dashboard Skeleton States)."),
    ]
}

/// A skeleton's shimmer sweep.
struct ShimmerView: StateObject {
    var x: Double

    static let fields: [StateProperty<ShimmerView>] = [
        StateProperty(
            "x", \.x, .number("fraction", -1...1), "The highlight's position, −1 → 1 over 1.5 s ease-in-out, looping.")
    ]
}

/// One shape a skeleton draws.
struct SkeletonShape: StateObject {
    var shape: String
    var role: String
    var size: String? = nil
    var shimmer: Bool? = nil

    static let fields: [StateProperty<SkeletonShape>] = [
        StateProperty(
            "shape", \.shape, .string(choices: ["roundedRect", "axes", "lineSegments", "circle"]),
            "The placeholder's shape."),
        StateProperty(
            "role", \.role,
            .string(choices: [
                "balanceAmount", "monthlyExpenses", "axes", "placeholderLine", "icon", "title", "amount",
            ]), "What it stands for."),
        StateProperty(
            "size", \.size, .string(choices: ["large", "small"]), "The placeholder's size.",
            presentWhen: "the balance card's shapes"),
        StateProperty(
            "shimmer", \.shimmer, .bool, "Whether this shape shimmers.", presentWhen: "the chart's shapes"),
    ]
}

/// One of the dashboard's cards, revealed after a load. The whole card is driven by its animations
/// (`dashboard.cards.<id>.…`).
struct CardView: StateObject, Equatable {
    var id: DashboardCard
    var visible: Bool
    var opacity: Double
    var offsetY: Double
    var revealsAt: Double?

    var animatedProperties: [String]? { ["dashboard.cards.\(id.rawValue)"] }

    static let fields: [StateProperty<CardView>] = [
        StateProperty(
            "id", \.id, .choice(DashboardCard.self), "The card, in reveal order.",
            animatesWith: \.animatedProperties),
        StateProperty(
            "visible", \.visible, .bool, "Not loading and opacity above 0.", animatesWith: \.animatedProperties),
        StateProperty(
            "opacity", \.opacity, .fraction,
            "0 while loading; fades in (250 ms ease-out) from `revealsAt` in full and reduced modes, at once in minimal.",
            animatesWith: { [PropertyKey.cardOpacity($0.id).path] }),
        StateProperty(
            "offsetY", \.offsetY, .number("pt"),
            "Slides up from 20 pt on spring(0.5, 0.8) in full mode (settles a little past 0); 0 in reduced and minimal.",
            animatesWith: { [PropertyKey.cardOffsetY($0.id).path] }),
        StateProperty(
            "revealsAt", \.revealsAt, .nullable(.milliseconds, whenNull: "no load has ended yet"),
            "When the card's reveal starts: data + 200 + 100·k ms (minimal: at the data).",
            animatesWith: \.animatedProperties),
    ]
}

/// A PhysicsNumberCounter of the balance card. Every path in it is driven by the counter's animation.
struct CounterView: StateObject {
    /// The counter's name (names its animated property; not shown).
    var name: DashboardCounter
    var value: Double
    var target: Double
    var text: String

    var animatedProperties: [String]? { [PropertyKey.counter(name).path] }

    func animatedProperties(at path: ArraySlice<String>) -> [String]? { animatedProperties }

    static let fields: [StateProperty<CounterView>] = [
        StateProperty(
            "value", \.value, .number(FinPessoalApp.moneyUnit),
            "The number shown: the last load's value, held until the next load (a session that starts loaded holds the data at t = 0; one that starts loading shows 0 until its first load); a load counts from what it showed to the loaded value on a critically damped spring (0.8 s full, 0.4 s reduced, at once minimal) from data + 200 ms."
        ),
        StateProperty("target", \.target, .number(FinPessoalApp.moneyUnit), "The value it counts to."),
        StateProperty(
            "text", \.text, .text,
            "`value` as US dollars, e.g. `$8,050.75`; `—` while no load has succeeded in a session that starts loading."
        ),
    ]
}
