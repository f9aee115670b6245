import ChoreoEngine

/// The `gradientAdded` event.
struct GradientAddedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.gradientAdded
    static let meaning = "An overlay appeared (at the start, or as data crossed its threshold)."
    var target: String

    static let fields: [StateProperty<GradientAddedEvent>] = [
        StateProperty(
            "target", \.target, .text,
            "The element it overlays.")
    ]
}

/// The `gradientRemoved` event.
struct GradientRemovedEvent: TraceEventValue {
    static let kind = FinPessoalTraceKind.gradientRemoved
    static let meaning = "An overlay disappeared as data went back under its threshold."
    var target: String

    static let fields: [StateProperty<GradientRemovedEvent>] = [
        StateProperty(
            "target", \.target, .text,
            "The element it overlaid.")
    ]
}
