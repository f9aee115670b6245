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
    /// The variants of a matrix written as a list of mappings, each one variant (nil for a mapping matrix).
    public var variantList: [[(key: String, value: JSONValue)]]?
    /// The steps of the first variant, in order.
    public var steps: [Step]
    /// The steps of each variant (read with its `${matrix.KEY}` values), in the order of ``variants``.
    var variantSteps: [[Step]] = []

    init(
        name: String, file: String, session: [String: JSONValue], matrix: [(key: String, values: [JSONValue])],
        variantList: [[(key: String, value: JSONValue)]]? = nil, steps: [Step]
    ) {
        self.name = name
        self.file = file
        self.session = session
        self.matrix = matrix
        self.variantList = variantList
        self.steps = steps
        self.variantSteps = [steps]
    }

    /// Every file the journey reads: its own and each include's (the files its steps are written in), sorted.
    public var files: [String] {
        Set([file] + variantSteps.flatMap { $0.map(\.location.file) } + steps.map(\.location.file)).sorted()
    }

    /// The steps of one of ``variants``, by its index.
    func steps(ofVariant index: Int) -> [Step] {
        index < variantSteps.count ? variantSteps[index] : steps
    }

    /// Every variant: the matrix list as written, or every combination of the matrix mapping (one empty
    /// combination when there is none), in file order.
    public var variants: [[(key: String, value: JSONValue)]] {
        if let variantList { return variantList }
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
