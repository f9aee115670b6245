/// What an app declares, derived from its ``AppModel/features`` in their order: nothing here is stated twice.
extension AppModel {
    /// The state tree's top-level nodes: each node's field (name, shape, meaning) and how it is built from the app
    /// at the current virtual time.
    public static var stateTree: [StateProperty<StateRoot<Self>>] { features.flatMap(\.state) }

    /// The state tree, declared once: every node with its type, unit, range and meaning. `protocol/state.md` is
    /// generated from it; tours check real trees against it.
    public static var stateSchema: [StateField] { features.flatMap { $0.state.map(\.declaration) } }

    /// The top-level keys of the state tree, in order.
    public static var stateKeys: [String] { stateSchema.map(\.name) }

    /// Every trace event kind the app records, with its fields.
    public static var traceEvents: [TraceEventKind] { features.flatMap(\.traceEvents) }

    /// Every haptic source the app plays, with its styles.
    public static var hapticSources: [HapticSource] { features.flatMap { $0.haptics.map(\.source) } }

    /// Every type the app answers an action with (a refusal needs no listing): the methods' result schemas are
    /// built from them.
    public static var actionResults: [any ActionResult.Type] { features.flatMap(\.actionResults) }

    /// The refusal reasons of the app's own, each once (``Refusal/Reason/engineReasons`` are everyone's).
    public static var refusalReasons: [Refusal.Reason] {
        var seen = Set<Refusal.Reason>()
        return features.flatMap(\.refusalReasons).filter { seen.insert($0).inserted }
    }

    /// Every animation the app defines, with its design's budgets, for `motion.audit`.
    public static var auditEntries: [MotionAudit.Entry] {
        features.flatMap { $0.animations.flatMap { $0.auditEntries(app: appName) } }
    }

    /// Where each animation and haptic the app declares lives in its Swift code, for `app.describe` and
    /// `journey conformance`: the animations' anchors, then the haptics'.
    public static var codeAnchors: [CodeAnchor] {
        features.flatMap { $0.animations.flatMap(\.anchors) } + features.flatMap { $0.haptics.compactMap(\.anchor) }
    }

    /// The screens `ui.navigate` shows, by name.
    public static var screens: [String] { features.flatMap(\.screens) }

    /// The parts of the dataset `session.create {data}` may replace, by key.
    public static var dataParts: [String] { features.flatMap(\.dataParts) }

    /// How the app answers the shared actions, by method (a method two features note: both notes, in order).
    public static var actionNotes: [String: String] {
        features.reduce(into: [:]) { notes, feature in
            notes.merge(feature.actionNotes) { "\($0) \($1)" }
        }
    }

    /// What is wrong with the app's declarations, each in words naming the fix: an audit claim without a curve; a
    /// state node, trace event kind or haptic source two features declare. A daemon refuses to start with any
    /// (`Choreod.main(apps:)`).
    public static var declarationProblems: [String] {
        var problems = features.flatMap { $0.animations.flatMap(\.problems) }
        let lists: [(String, [String])] = [
            ("state node", stateKeys), ("trace event kind", traceEvents.map(\.kind)),
            ("haptic source", hapticSources.map(\.source)),
        ]
        for (what, names) in lists {
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted {
                problems.append("two features declare the \(what) `\(name)`: declare it in one")
            }
        }
        return problems
    }

    /// Motion the app evaluates itself that reports draw from the trace.
    public static var decayLanes: [DecayLane] { features.flatMap(\.decayLanes) }

    /// Values a finger puts in place without an animation record, that reports draw from the gestures' replies.
    public static var fingerLanes: [FingerLane] { features.flatMap(\.fingerLanes) }
}

/// An app with a soak profile of its own: how the soak tester drives it and the promises it checks after every step.
public protocol SoakTestedApp: AppModel {
    /// How the soak tester drives and checks the app.
    static var soakProfile: any SoakProfile { get }
}

/// How the soak tester drives and checks `app`: its own ``SoakTestedApp/soakProfile``, else ``GenericSoakProfile``.
public func soakProfile(of app: any AppModel.Type) -> any SoakProfile {
    (app as? any SoakTestedApp.Type)?.soakProfile ?? GenericSoakProfile()
}
