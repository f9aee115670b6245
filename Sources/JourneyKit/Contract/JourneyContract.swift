import ChoreoJSON

/// What a journey may name, as the daemon declares it: methods and their parameters, each app's state paths, the
/// haptic styles and the trace event kinds. `journey validate` and `journey run` check journeys against it before
/// anything runs; JourneyKit knows no daemon module, so the command line fills it from the protocol's and the apps'
/// declarations (tests fill it by hand).
public struct JourneyContract: Sendable {
    /// A JSON type a parameter accepts.
    public enum JSONType: String, Sendable, Hashable, CaseIterable {
        case string, number, integer, boolean, object, array

        /// Whether a value has this type (an integer is a number; a whole number counts as an integer).
        func accepts(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.string, .string), (.boolean, .bool), (.object, .object), (.array, .array): return true
            case (.number, .int), (.number, .double): return true
            case (.integer, .int): return true
            case (.integer, .double(let d)): return d == d.rounded()
            default: return false
            }
        }
    }

    /// One named parameter of a method (or a member of an object parameter).
    public struct Parameter: Sendable {
        public var name: String
        /// The JSON types it accepts; nil for any (a curve, a list of times: the daemon checks them).
        public var types: Set<JSONType>?
        /// The values it accepts when it is one of a few strings (a haptic style).
        public var choices: [String]?
        /// The values it accepts when it is one of a few whole numbers (`fps`: 60 or 120).
        public var numberChoices: [Int64]? = nil
        /// For a value with a reader of its own (a curve): what is wrong with a value, nil when it reads; the
        /// daemon's own reader when the contract comes from this binary.
        public var check: (@Sendable (JSONValue) -> String?)? = nil
        /// Whether a call must give it.
        public var required: Bool
        /// The members of an object parameter that declares them (`settings.mode`); empty otherwise.
        public var fields: [Parameter]

        public init(
            name: String, types: Set<JSONType>?, choices: [String]? = nil, required: Bool = false,
            fields: [Parameter] = []
        ) {
            self.name = name
            self.types = types
            self.choices = choices
            self.required = required
            self.fields = fields
        }
    }

    /// The shape of a state tree, as far as paths go.
    public indirect enum PathNode: Sendable {
        /// A value with no declared children (a number, a string).
        case leaf
        /// A string that is always one of these values (a phase, a screen).
        case choice([String])
        /// An object with these keys.
        case object([String: PathNode])
        /// An array (`<i>`) or a map keyed by names (`<screen>`): any key, each child of this shape.
        case wildcard(PathNode)
        /// Any JSON value: anything below is accepted.
        case open
    }

    /// A trace event kind and its fields (besides `seq`, `t` and `kind`).
    public struct EventKind: Sendable {
        public var kind: String
        public var fields: Set<String>

        public init(kind: String, fields: Set<String>) {
            self.kind = kind
            self.fields = fields
        }
    }

    /// Every method by name, with its parameters (`session` included).
    public var methods: [String: [Parameter]]
    /// Each app's state tree (the engine's `settings` and `lab` included), by app name.
    public var stateTrees: [String: PathNode]
    /// The app a session gets when `app:` is not given.
    public var defaultApp: String
    /// The haptic styles.
    public var hapticStyles: [String]
    /// The trace event kinds each app records (the engine's included), by app name.
    public var eventKinds: [String: [EventKind]]
    /// Words added to "unknown app": where the apps came from and how to check against others.
    public var unknownAppAdvice: String?
    /// Each app's screens (what `ui.navigate` shows), by app name; an app that declares none is not checked.
    public var screens: [String: [String]] = [:]
    /// The parts of each app's dataset `data:` may replace, by app name (an app missing here is not checked).
    public var dataParts: [String: [String]] = [:]
    /// What each app's actions answer, by app name and method: the shapes of the result types that answer it (a
    /// refusal's included), for the paths of `$name.path`. A method missing here is not checked.
    public var results: [String: [String: [PathNode]]] = [:]

    public init(
        methods: [String: [Parameter]], stateTrees: [String: PathNode], defaultApp: String, hapticStyles: [String],
        eventKinds: [String: [EventKind]]
    ) {
        self.methods = methods
        self.stateTrees = stateTrees
        self.defaultApp = defaultApp
        self.hapticStyles = hapticStyles
        self.eventKinds = eventKinds
    }
}

extension JourneyContract.PathNode {
    /// Whether a dotted path is declared as a value with no children (a number, a string, a bool).
    func isLeaf(_ path: String) -> Bool {
        switch node(at: path) {
        case .leaf, .choice: return true
        default: return false
        }
    }

    /// The node a dotted path names, if the tree declares it (nil below an `.open` node or a leaf).
    func node(at path: String) -> Self? {
        var node = self
        for segment in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            switch node {
            case .wildcard(let child): node = child
            case .object(let children):
                guard let child = children[segment] else { return nil }
                node = child
            case .leaf, .choice, .open: return nil
            }
        }
        return node
    }

    /// Where a dotted path leaves the tree: nil when the path is declared, otherwise the segment at fault, the
    /// path up to it and the keys declared there.
    func mismatch(of path: String) -> (segment: String, prefix: String, keys: [String])? {
        var node = self
        var prefix: [String] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            switch node {
            case .open: return nil
            case .wildcard(let child): node = child
            case .object(let children):
                guard let child = children[segment] else {
                    return (segment, prefix.joined(separator: "."), children.keys.sorted())
                }
                node = child
            case .leaf, .choice:
                return (segment, prefix.joined(separator: "."), [])
            }
            prefix.append(segment)
        }
        return nil
    }
}
