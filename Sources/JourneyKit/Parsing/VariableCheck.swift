import ChoreoJSON

/// Checks the `${NAME.path}` references of a step before it is read: each must name a variable in scope (an
/// include's `with:`, `matrix`) or one the run provides (`session`, a result kept with `as:` by an earlier step).
/// Otherwise the reference would stay as written and surface later as a confusing error ("expected a duration").
enum VariableCheck {
    /// The variables every run provides.
    static let runtime: Set<String> = ["session"]

    /// Notes every reference of `node` that names nothing (in `state`, at its line of `file`); whether all name
    /// something. A step with an unknown reference is not read further: its value would be the text as written.
    @discardableResult
    static func references(
        in node: SourceNode, variables: [String: JSONValue], state: ParseState, file: String, chain: [String]
    ) -> Bool {
        switch node {
        case .scalar(.string(let text), let line):
            var known = true
            for reference in references(in: text) {
                do throws(JourneyError) {
                    try check(reference, line: line, variables: variables, state: state, chain: chain)
                } catch var error {
                    error.file = file
                    error.includeChain = chain
                    state.report(error)
                    known = false
                }
            }
            return known
        case .scalar: return true
        case .sequence(let items, _):
            return items.map { references(in: $0, variables: variables, state: state, file: file, chain: chain) }
                .allSatisfy { $0 }
        case .mapping(let pairs, _):
            return pairs.map {
                references(in: $0.value, variables: variables, state: state, file: file, chain: chain)
            }.allSatisfy { $0 }
        }
    }

    /// The references in a text, without `${` and `}`.
    static func references(in text: String) -> [String] {
        guard text.holdsVariableReference else { return [] }
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${"), let end = rest[start.upperBound...].firstIndex(of: "}") {
            found.append(String(rest[start.upperBound..<end]))
            rest = rest[rest.index(after: end)...]
        }
        return found
    }

    private static func check(
        _ reference: String, line: Int, variables: [String: JSONValue], state: ParseState, chain: [String]
    ) throws(JourneyError) {
        let parts = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let name = parts[0]
        if var value = variables[name] {
            for (index, part) in parts.enumerated().dropFirst() {
                if let child = value[part] ?? Int(part).flatMap({ value[$0] }) {
                    value = child
                    continue
                }
                let keys = value.objectValue?.keys.sorted() ?? []
                let at = parts[..<index].joined(separator: ".")
                throw JourneyError(
                    message: "`${\(reference)}`: \(at) has no `\(part)`"
                        + (keys.isEmpty ? "" : " (it has \(keys.joined(separator: ", ")))")
                        + Suggestion.didYouMean(part, in: keys),
                    line: line)
            }
            return
        }
        if runtime.contains(name) { return }
        if state.keptNames.contains(name) {
            if parts.count > 1,
                let message = state.resultPathProblem(name: name, path: parts.dropFirst().joined(separator: "."))
            {
                throw JourneyError(message: message, line: line)
            }
            return
        }
        let known = Set(variables.keys).union(runtime).union(state.keptNames).sorted()
        let hint = Suggestion.didYouMean(name, in: known)
        if let site = chain.last {
            throw JourneyError(
                message: "`${\(reference)}`: the include at \(site) gives no variable `\(name)`; add it to its "
                    + "`with:` (e.g. `with: {\(name): ...}`)" + hint,
                line: line)
        }
        throw JourneyError(
            message: "unknown variable `${\(reference)}`; known here: \(known.joined(separator: ", "))"
                + (name == "matrix"
                    ? " (the journey has no `matrix:`)"
                    : "; give it with `journey run --var \(name)=VALUE` or $CHOREO_VAR_\(name)") + hint,
            line: line)
    }
}
