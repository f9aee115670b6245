import ChoreoJSON
import Foundation

/// Reads journey files: YAML (or JSON, which is YAML too), includes expanded, everything checked with `file:line`
/// errors before anything runs.
public struct JourneyParser: Sendable {
    static let journeyKeys: Set<String> = [
        "journey", "description", "app", "seed", "fps", "physics", "settings", "data", "wallClock", "matrix", "steps",
    ]

    /// Reads text from a path; replaceable in tests.
    public var read: @Sendable (String) throws -> String = { path in try String(contentsOfFile: path, encoding: .utf8) }
    /// Whether a file exists; replaceable in tests.
    public var exists: @Sendable (String) -> Bool = { path in FileManager.default.fileExists(atPath: path) }

    /// Parsed texts, keyed by the text itself: a fragment included by many journeys is parsed once per parser, and
    /// a `read` replaced between parses can never be answered from a stale entry.
    private let parsed = MemoCache<String, SourceNode?>()

    public init() {}

    /// What the daemon declares (methods, state paths, haptic styles, event kinds); when set, journeys are checked
    /// against it too.
    public var contract: JourneyContract? = nil

    /// Parses a journey file; throws its first problem.
    public func parse(file: String) throws(JourneyError) -> Journey {
        let (journey, problems) = check(file: file)
        if let first = problems.first { throw first }
        return journey!
    }

    /// Parses a journey file and checks it against the contract: the journey when it can be run, and every
    /// problem found (a malformed step stops its file; contract mistakes are all listed), in file order.
    public func check(file: String) -> (journey: Journey?, problems: [JourneyError]) {
        do throws(JourneyError) {
            let root = try load(file, chain: [])
            guard case .mapping = root else {
                throw JourneyError(
                    message:
                        "a journey is a mapping with `journey:` (its name) and `steps:`; this file is a \(root.kindName)",
                    line: root.line, file: file)
            }
            var problems: [JourneyError] = []
            let journey = try self.journey(root, file: file, problems: &problems)
            return (problems.isEmpty ? journey : nil, problems)
        } catch var error {
            if error.file.isEmpty { error.file = file }
            return (nil, [error])
        }
    }

    private func load(_ file: String, chain: [String]) throws(JourneyError) -> SourceNode {
        let text: String
        do {
            text = try read(file)
        } catch {
            throw JourneyError(
                message: "cannot read the file (\(error.localizedDescription))", line: 1, file: file,
                includeChain: chain)
        }
        do throws(JourneyError) {
            guard let node = try parsed.value(for: text, SourceNode.parse) else {
                throw JourneyError(message: "the file is empty", line: 1)
            }
            return node
        } catch var error {
            error.file = file
            error.includeChain = chain
            throw error
        }
    }

    private func journey(
        _ root: SourceNode, file: String, problems: inout [JourneyError]
    ) throws(JourneyError) -> Journey {
        for key in root.keys where !JourneyParser.journeyKeys.contains(key) {
            throw JourneyError(
                message:
                    "unknown journey key '\(key)'; known keys: \(JourneyParser.journeyKeys.sorted().joined(separator: ", "))"
                    + Suggestion.didYouMean(key, in: JourneyParser.journeyKeys.sorted()),
                line: root[key]!.line, file: file)
        }
        guard case .scalar(.string(let name), _)? = root["journey"] else {
            throw JourneyError(
                message: "`journey:` (the journey's name, a string) is required", line: root.line, file: file)
        }
        var session: [String: JSONValue] = [:]
        for key in JourneyRunner.sessionKeys.sorted() {
            if let value = root[key] { session[key] = value.json }
        }
        let (matrix, variantList) = try Self.matrix(root["matrix"], file: file)
        guard let stepsNode = root["steps"] else {
            throw JourneyError(message: "`steps:` (a list of steps) is required", line: root.line, file: file)
        }
        var journey = Journey(
            name: name, file: file, session: session, matrix: matrix, variantList: variantList, steps: [])
        journey.variantSteps = []
        // Each variant is read with its matrix values in scope, so `${matrix.KEY}` works wherever a value goes.
        for variant in journey.variants {
            let (params, variables) = JourneyRunner.sessionParams(journey, variant: variant)
            let app = params["app"]?.stringValue ?? contract?.defaultApp ?? ""
            let state = ParseState(contract: contract, app: app)
            let steps = try self.steps(
                stepsNode, file: file, chain: [], variables: root["matrix"] == nil ? [:] : variables,
                visiting: [file], state: state)
            for problem in state.problems where !problems.contains(problem) { problems.append(problem) }
            journey.variantSteps.append(steps)
        }
        journey.steps = journey.variantSteps.first ?? []
        return journey
    }

    /// Reads `matrix:`: a mapping of keys to lists of values (every combination), or a list of mappings (each one
    /// variant).
    private static func matrix(
        _ node: SourceNode?, file: String
    ) throws(JourneyError) -> (matrix: [(String, [JSONValue])], variants: [[(key: String, value: JSONValue)]]?) {
        guard let node else { return ([], nil) }
        switch node {
        case .mapping(let pairs, _):
            var matrix: [(String, [JSONValue])] = []
            for (key, values) in pairs {
                guard case .sequence(let items, _) = values, !items.isEmpty else {
                    throw JourneyError(
                        message: "matrix key '\(key)' needs a non-empty list of values", line: values.line, file: file)
                }
                matrix.append((key, items.map(\.json)))
            }
            return (matrix, nil)
        case .sequence(let items, _) where !items.isEmpty:
            var variants: [[(key: String, value: JSONValue)]] = []
            for item in items {
                guard case .mapping(let pairs, _) = item, !pairs.isEmpty else {
                    throw JourneyError(
                        message: "each variant of a `matrix:` list is a mapping of keys to values, e.g. "
                            + "{settings.mode: full, endMs: 400}; got a \(item.kindName)",
                        line: item.line, file: file)
                }
                variants.append(pairs.map { ($0.key, $0.value.json) })
            }
            return ([], variants)
        default:
            throw JourneyError(
                message: "`matrix:` maps a key (e.g. settings.mode) to a list of values, or is a list of variants "
                    + "(mappings such as {settings.mode: full, endMs: 400})",
                line: node.line, file: file)
        }
    }

    private func steps(
        _ node: SourceNode, file: String, chain: [String], variables: [String: JSONValue], visiting: [String],
        state: ParseState
    ) throws(JourneyError) -> [Step] {
        guard case .sequence(let items, _) = node else {
            throw JourneyError(
                message: "`steps:` must be a list of steps", line: node.line, file: file, includeChain: chain)
        }
        var result: [Step] = []
        for item in items {
            let location = SourceLocation(file: file, line: item.line, includeChain: chain)
            do throws(JourneyError) {
                if let include = item[StepKinds.include] {
                    result += try self.include(
                        include, in: item, location: location, variables: variables, visiting: visiting,
                        state: state)
                } else {
                    try VariableCheck.references(in: item, variables: variables, state: state, chain: chain)
                    let kind = try StepKinds.parse(
                        item.substituting(variables), file: file, chain: chain, state: state)
                    result.append(Step(kind: kind, location: location))
                }
            } catch var error {
                if error.file.isEmpty {
                    error.file = file
                    error.includeChain = chain
                }
                throw error
            }
        }
        return result
    }

    private func include(
        _ node: SourceNode, in step: SourceNode, location: SourceLocation, variables: [String: JSONValue],
        visiting: [String], state: ParseState
    ) throws(JourneyError) -> [Step] {
        for key in step.keys where key != "include" && key != "with" {
            throw JourneyError(
                message: "an include step takes `include:` and `with:` only, not '\(key)'", line: step.line)
        }
        guard case .scalar(.string(let relative), _) = node else {
            throw JourneyError(message: "`include:` takes a file path relative to this file", line: node.line)
        }
        let path = RelativePath.resolve(relative, from: location.file)
        let normalized = (path as NSString).standardizingPath
        guard !visiting.contains(normalized) else {
            throw JourneyError(
                message: "include cycle: \((visiting + [normalized]).joined(separator: " → "))", line: node.line)
        }
        var scope = variables
        if let with = step["with"] {
            guard case .mapping(let pairs, _) = with else {
                throw JourneyError(message: "`with:` maps variable names to values", line: with.line)
            }
            try VariableCheck.references(in: with, variables: variables, state: state, chain: location.includeChain)
            for (key, value) in pairs { scope[key] = value.substituting(variables).json }
        }
        guard exists(path) else {
            throw JourneyError(message: "the include file \(path) does not exist", line: node.line)
        }
        let chain = location.includeChain + ["\(location.file):\(location.line)"]
        let root = try load(path, chain: chain)
        let stepsNode: SourceNode
        switch root {
        case .sequence: stepsNode = root
        case .mapping:
            guard let inner = root["steps"] else {
                throw JourneyError(
                    message: "an included file is a list of steps or a mapping with `steps:`", line: root.line,
                    file: path, includeChain: chain)
            }
            stepsNode = inner
        default:
            throw JourneyError(
                message: "an included file is a list of steps or a mapping with `steps:`", line: root.line, file: path,
                includeChain: chain)
        }
        return try steps(
            stepsNode, file: path, chain: chain, variables: scope, visiting: visiting + [normalized], state: state)
    }
}
