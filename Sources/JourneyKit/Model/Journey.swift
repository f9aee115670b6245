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
    /// The `name:` of each variant of a matrix list (nil where it has none), in the order of ``variants``.
    public var variantNames: [String?] = []
    /// The lines of each variant's entry in a matrix list, in the order of ``variants`` (empty for a mapping).
    public var variantLines: [ClosedRange<Int>] = []
    /// `skip:`: why the journey is not run (`""` for `skip: true`); nil when it runs.
    public var skip: String? = nil
    /// `only: true`: when any journey of a run says so, only those run.
    public var only = false
    /// `tags:`, which `journey run --tags` picks journeys by.
    public var tags: [String] = []
    /// The variants a filter picked (by index in ``variants``); nil: every one.
    public var selectedVariants: [Int]? = nil

    /// Where a variant is written: its matrix list entry's line, else 1.
    public func line(ofVariant index: Int) -> Int {
        variantLines.indices.contains(index) ? variantLines[index].lowerBound : 1
    }

    /// The indices of the variants to run: those a filter picked, or all.
    public var variantsToRun: [Int] { selectedVariants ?? Array(variants.indices) }

    /// How reports name a variant: its `name:`, else a short label of its values (`settings.mode=reduced`, a long
    /// value shortened: `data.transactions=[3 items]`); nil without a matrix.
    public func variantLabel(_ index: Int) -> String? {
        let all = variants
        guard index < all.count, !all[index].isEmpty || variantNames.indices.contains(index) else { return nil }
        if variantNames.indices.contains(index), let name = variantNames[index] { return name }
        let label = Self.shortLabel(all[index])
        // Two variants that shorten alike are told apart by their number.
        let clashes = all.indices.filter { $0 != index && Self.shortLabel(all[$0]) == label }
        return clashes.isEmpty ? label : "\(label) #\(index + 1)"
    }

    /// `key=value,…` with each value at most 24 characters: a long string cut with `…`, an array as `[N items]`, an
    /// object as `{N keys}`.
    static func shortLabel(_ variant: [(key: String, value: JSONValue)]) -> String {
        variant.map { key, value in
            let text: String
            switch value {
            case .array(let items): text = items.count == 1 ? "[1 item]" : "[\(items.count) items]"
            case .object(let members): text = members.count == 1 ? "{1 key}" : "{\(members.count) keys}"
            default:
                let whole = value.stringValue ?? value.serialized()
                text = whole.count <= 24 ? whole : String(whole.prefix(23)) + "…"
            }
            return "\(key)=\(text)"
        }.joined(separator: ",")
    }

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
