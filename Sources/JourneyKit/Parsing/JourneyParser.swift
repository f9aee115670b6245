import ChoreoJSON
import Foundation
import Synchronization

/// Reads journey files: YAML (or JSON, which is YAML too), includes expanded, everything checked with `file:line`
/// errors before anything runs.
public struct JourneyParser: Sendable {
    static let journeyKeys: Set<String> = [
        "journey", "description", "app", "seed", "fps", "physics", "settings", "data", "wallClock", "matrix", "steps",
        "skip", "only", "tags",
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

    /// Variables every journey sees as `${NAME}` (`journey run --var NAME=VALUE`, `$CHOREO_VAR_NAME`), in its steps
    /// and its header; an include's `with:` and `matrix` shadow them.
    public var variables: [String: JSONValue] = [:]

    /// A text typed as a YAML scalar (`400` a number, `true` a boolean, `null`, anything else the text itself), as
    /// the same value written in a journey would be.
    public static func scalar(_ text: String) -> JSONValue {
        guard case .scalar(let value, _)? = try? SourceNode.parse(text) else { return .string(text) }
        return value
    }

    /// Parses a journey file; throws its first problem.
    public func parse(file: String) throws(JourneyError) -> Journey {
        let (journey, problems) = check(file: file)
        if let first = problems.first { throw first }
        return journey!
    }

    /// Checks every file (``check(file:)``), spread over the machine's cores; the outcomes in the files' order.
    public func check(files: [String]) -> [(journey: Journey?, problems: [JourneyError])] {
        let outcomes = Mutex([(journey: Journey?, problems: [JourneyError])?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let outcome = check(file: files[index])
            outcomes.withLock { $0[index] = outcome }
        }
        return outcomes.withLock { $0 }.map { $0 ?? (nil, []) }
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
        // A `.json` journey is JSON: what YAML's flow syntax forgives (a trailing comma, a comment, a bare word) is
        // named at its line, as any JSON tool would refuse it.
        if file.hasSuffix(".json") {
            let bytes = Array(text.utf8)
            let checked = bytes.withUnsafeBytes { raw in
                Result { () throws(JSONParseError) -> JSONValue in try JSONValue.parse(raw, integersAsReals: true) }
            }
            if case .failure(let error) = checked {
                // jansson stops at the `]` or `}` after a trailing comma: name the comma's line, where the fix is.
                var line = max(error.line, 1)
                var what = "\(error.message) (column \(error.column))"
                if error.position > 0, error.position <= bytes.count {
                    var at = error.position - 1
                    while at > 0, [0x20, 0x0A, 0x0D, 0x09, 0x5D, 0x7D].contains(bytes[at]) { at -= 1 }
                    if bytes[at] == UInt8(ascii: ","),
                        [0x5D, 0x7D].contains(bytes[min(error.position - 1, bytes.count - 1)])
                    {
                        line = 1 + bytes[..<at].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                        what = "a trailing comma (jansson: \(error.message), line \(error.line))"
                    }
                }
                throw JourneyError(
                    message: "not valid JSON: \(what); a `.json` journey is "
                        + "read as JSON (a trailing comma or a comment is YAML's, not JSON's: write the file as "
                        + "`.yaml` to use them)",
                    line: line, file: file, includeChain: chain)
            }
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
        // The header's mistakes are all noted and reading goes on, so one run of `journey validate` lists them with
        // the steps' (only a file that is no journey at all stops here).
        func note(_ message: String, line: Int) {
            let problem = JourneyError(message: message, line: line, file: file)
            if !problems.contains(problem) { problems.append(problem) }
        }
        // A misspelt `steps:` or `journey:` is named once, as the misspelling.
        var misspelt: Set<String> = []
        for key in root.keys where !JourneyParser.journeyKeys.contains(key) {
            if let meant = Suggestion.closest(to: key, in: JourneyParser.journeyKeys) { misspelt.insert(meant) }
            note(
                "unknown journey key '\(key)'; known keys: \(JourneyParser.journeyKeys.sorted().joined(separator: ", "))"
                    + Suggestion.didYouMean(key, in: JourneyParser.journeyKeys.sorted()),
                line: root[key]!.line)
        }
        var name = ""
        if case .scalar(.string(let text), _)? = root["journey"] {
            name = text
        } else if !misspelt.contains("journey") || root["journey"] != nil {
            note("`journey:` (the journey's name, a string) is required", line: root["journey"]?.line ?? root.line)
        }
        var session: [String: JSONValue] = [:]
        for key in JourneyRunner.sessionKeys.sorted() {
            if let value = root[key] { session[key] = value.substituting(variables).json }
        }
        var matrix: [(String, [JSONValue])] = []
        var variantList: [[(key: String, value: JSONValue)]]? = nil
        var variantNames: [String?] = []
        var variantLines: [ClosedRange<Int>] = []
        do throws(JourneyError) {
            (matrix, variantList, variantNames, variantLines) = try Self.matrix(root["matrix"], file: file)
        } catch {
            problems.append(error)
        }
        let selection = Self.selection(root, note: note)
        let stepsNode = root["steps"]
        if stepsNode == nil, !misspelt.contains("steps") {
            note("`steps:` (a list of steps) is required", line: root.line)
        }
        var journey = Journey(
            name: name, file: file, session: session, matrix: matrix, variantList: variantList, steps: [])
        journey.variantSteps = []
        journey.variantNames = variantNames
        journey.variantLines = variantLines
        (journey.skip, journey.only, journey.tags) = selection
        // Each variant is read with its matrix values in scope, so `${matrix.KEY}` works wherever a value goes.
        for variant in journey.variants {
            let (params, variables) = JourneyRunner.sessionParams(journey, variant: variant)
            let app = params["app"]?.stringValue ?? contract?.defaultApp ?? ""
            // A misspelt app (reported by the header check) is read as the app it is close to, so the steps' checks
            // that depend on it are not hidden until it is fixed.
            let assumed =
                contract.flatMap { contract in
                    contract.stateTrees[app] == nil ? Suggestion.closest(to: app, in: contract.stateTrees.keys) : nil
                } ?? app
            let state = ParseState(contract: contract, app: assumed)
            // The header's `${NAME}`s name something (`--var`, `$CHOREO_VAR_NAME`), and the values they give are
            // checked like written ones.
            let header = SourceNode.mapping(
                root.keys.filter { JourneyRunner.sessionKeys.contains($0) }.map { ($0, root[$0]!) }, line: root.line)
            VariableCheck.references(in: header, variables: self.variables, state: state, file: file, chain: [])
            HeaderCheck.check(root.substituting(self.variables), file: file, app: app, state: state)
            if journey.variantSteps.isEmpty { HeaderCheck.checkMatrix(root["matrix"], file: file, state: state) }
            let steps =
                try stepsNode.map { node throws(JourneyError) in
                    try self.steps(
                        node, file: file, chain: [],
                        variables: self.variables.merging(root["matrix"] == nil ? [:] : variables) { $1 },
                        visiting: [file], state: state)
                } ?? []
            for problem in state.problems where !problems.contains(problem) { problems.append(problem) }
            journey.variantSteps.append(steps)
        }
        // In file order: a mistake in an included file where the include is written (stable, so an include's
        // mistakes keep their own order).
        func position(_ problem: JourneyError) -> Int {
            guard let site = problem.includeChain.first, let colon = site.lastIndex(of: ":") else {
                return problem.line
            }
            return Int(site[site.index(after: colon)...]) ?? problem.line
        }
        problems = problems.enumerated().sorted {
            (position($0.element), $0.offset) < (position($1.element), $1.offset)
        }
        .map(\.element)
        journey.steps = journey.variantSteps.first ?? []
        return journey
    }

    /// Reads `skip:` (true, false or a reason), `only:` (true or false) and `tags:` (a name or a list of names).
    private static func selection(
        _ root: SourceNode, note: (String, Int) -> Void
    ) -> (skip: String?, only: Bool, tags: [String]) {
        var skip: String? = nil
        switch root["skip"] {
        case nil, .scalar(.bool(false), _)?: break
        case .scalar(.bool(true), _)?: skip = ""
        case .scalar(.string(let reason), _)?: skip = reason
        case let node?: note("`skip:` takes true, false or a reason (a string), not \(node.kindName)", node.line)
        }
        var only = false
        switch root["only"] {
        case nil: break
        case .scalar(.bool(let value), _)?: only = value
        case let node?: note("`only:` takes true or false, not \(node.kindName)", node.line)
        }
        var tags: [String] = []
        switch root["tags"] {
        case nil: break
        case .scalar(.string(let tag), _)?: tags = [tag]
        case .sequence(let items, _)?:
            for item in items {
                if case .scalar(.string(let tag), _) = item {
                    tags.append(tag)
                } else {
                    note("`tags:` lists names (strings), not \(item.kindName)", item.line)
                }
            }
        case let node?: note("`tags:` takes a name or a list of names, not \(node.kindName)", node.line)
        }
        return (skip, only, tags)
    }

    /// Reads `matrix:`: a mapping of keys to lists of values (every combination), or a list of mappings (each one
    /// variant, optionally with a `name:` the reports and `--filter` use), with each entry's name and line.
    private static func matrix(
        _ node: SourceNode?, file: String
    ) throws(JourneyError) -> (
        matrix: [(String, [JSONValue])], variants: [[(key: String, value: JSONValue)]]?, names: [String?],
        lines: [ClosedRange<Int>]
    ) {
        guard let node else { return ([], nil, [], []) }
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
            return (matrix, nil, [], [])
        case .sequence(let items, _) where !items.isEmpty:
            var variants: [[(key: String, value: JSONValue)]] = []
            var names: [String?] = []
            for item in items {
                guard case .mapping(let pairs, _) = item, !pairs.isEmpty else {
                    throw JourneyError(
                        message: "each variant of a `matrix:` list is a mapping of keys to values, e.g. "
                            + "{settings.mode: full, endMs: 400}; got a \(item.kindName)",
                        line: item.line, file: file)
                }
                var name: String? = nil
                if let written = item["name"] {
                    guard case .scalar(.string(let text), _) = written, !text.isEmpty else {
                        throw JourneyError(
                            message: "a variant's `name:` is a non-empty string (how reports and --filter name it)",
                            line: written.line, file: file)
                    }
                    guard !names.contains(where: { $0?.lowercased() == text.lowercased() }) else {
                        throw JourneyError(
                            message: "two variants are named '\(text)' (ignoring case, as --filter does); a variant's "
                                + "name picks it alone",
                            line: written.line, file: file)
                    }
                    name = text
                }
                names.append(name)
                variants.append(pairs.filter { $0.key != "name" }.map { ($0.key, $0.value.json) })
            }
            return ([], variants, names, items.map { $0.line...$0.lastLine })
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
        // Every step is read, whatever is wrong with the ones before: each mistake is noted in `state` and the step
        // left out, so `journey validate` lists them all at once.
        for item in items {
            let location = SourceLocation(file: file, line: item.line, includeChain: chain)
            do throws(JourneyError) {
                if let include = item[StepKinds.include] {
                    result += try self.include(
                        include, in: item, location: location, variables: variables, visiting: visiting,
                        state: state)
                } else {
                    guard
                        VariableCheck.references(
                            in: item, variables: variables, state: state, file: file, chain: chain)
                    else {
                        Self.keepName(of: item, state: state)
                        continue
                    }
                    let kind = try StepKinds.parse(
                        item.substituting(variables), file: file, chain: chain, state: state)
                    result.append(Step(kind: kind, location: location))
                }
            } catch var error {
                if error.file.isEmpty {
                    error.file = file
                    error.includeChain = chain
                }
                state.report(error)
                Self.keepName(of: item, state: state)
            }
        }
        return result
    }

    /// A step left out for a mistake still keeps its `as:` name (with no method, so paths into it are not
    /// checked): the steps after it are not blamed for the one mistake.
    private static func keepName(of item: SourceNode, state: ParseState) {
        if case .scalar(.string(let name), _)? = item["as"], state.kept[name] == nil { state.kept[name] = "" }
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
            guard
                VariableCheck.references(
                    in: with, variables: variables, state: state, file: location.file, chain: location.includeChain)
            else { return [] }
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
