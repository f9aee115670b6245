import ChoreoJSON

/// A parsed journey: the session it asks for, its matrix, and its steps (includes already expanded).
public struct Journey: Sendable {
    /// The journey's name.
    public var name: String
    /// The file, as given (or found under a folder given) on the command line.
    public var file: String
    /// The `session.create` params: app, seed, fps, physics, settings, data, wallClock.
    public var session: [String: JSONValue]
    /// The matrix: each key a dotted path into the `session.create` params (e.g. `settings.mode`) or a variable
    /// name, with the values to try; the journey runs once per combination.
    public var matrix: [(key: String, values: [JSONValue])]
    /// The steps, in order.
    public var steps: [Step]

    /// Every combination of the matrix (one empty combination when there is none), in file order.
    public var variants: [[(key: String, value: JSONValue)]] {
        var combinations: [[(key: String, value: JSONValue)]] = [[]]
        for (key, values) in matrix {
            combinations = combinations.flatMap { prefix in values.map { prefix + [(key, $0)] } }
        }
        return combinations
    }
}

/// One step and where it is written.
public struct Step: Sendable {
    /// What the step does: a value of one of the kinds in ``StepKinds/all``.
    var kind: any JourneyStepKind
    /// Where the step is written.
    public var location: SourceLocation

    /// The step's kind as reports name it: its keyword, or `call` for a UI shorthand.
    public var name: String { kind.name }
    /// A short human label, e.g. `advance 400 ms`.
    public var label: String { kind.label }
}
