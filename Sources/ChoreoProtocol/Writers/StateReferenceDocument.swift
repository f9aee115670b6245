import ChoreoEngine

/// `protocol/state.md`: the state reference of every app a daemon hosts, rendered from the declarations
/// (``AppModel/stateSchema``, ``AppModel/traceEvents``, ``AppModel/hapticSources`` and the engine's own).
/// `choreod --print-state-reference` prints it; a test fails when the checked-in file differs.
public enum StateReferenceDocument {
    /// The command that regenerates the checked-in file.
    public static let regenerateCommand = "make state-reference"

    /// The whole reference of a daemon hosting `apps`, as Markdown.
    public static func markdown(apps: AppRegistry) -> String {
        var sections = [
            StateReference.Section(
                title: "Every session",
                intro: """
                    What the engine adds to every session, whatever its app: the settings, the lab, and the events \
                    and haptics of the clock, the recorders and the lab. `state.get` with no path returns the \
                    app's nodes below and these two.
                    """,
                state: [EngineSchema.settings, EngineSchema.lab], traceEvents: EngineSchema.traceEvents,
                hapticSources: EngineSchema.hapticSources)
        ]
        for app in apps.apps {
            sections.append(
                StateReference.Section(
                    title: "`\(app.appName)`",
                    intro: """
                        The state tree of a `\(app.appName)` session (`session.create {app: \(app.appName)}`), the \
                        trace events it records and the haptic sources it plays.
                        """,
                    state: app.stateSchema, traceEvents: app.traceEvents, hapticSources: app.hapticSources,
                    anchors: app.codeAnchors))
        }
        return StateReference.markdown(
            title: "State reference",
            intro: """
                Generated from the declarations in the sources (`\(regenerateCommand)`); do not edit by hand. \
                Paths are what `state.get {path}` and journeys' `expect:` take: `<i>` stands for an array index (or the \
                element's `target`, for elements that have one), \
                `<screen>` and the like for a key. Every trace event also has `seq` (its position in the trace, \
                from 1), `t` (virtual ms) and `kind`. Units: `ms` are virtual milliseconds, `pt` points, \
                `fraction` a number from 0 to 1.
                """, sections: sections)
    }
}
