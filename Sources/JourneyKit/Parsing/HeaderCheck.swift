/// The checks of a journey's header against the contract: its session keys (`app`, `seed`, `fps`, `physics`,
/// `settings`, `data`, `wallClock`) are `session.create`'s params and are checked as a call's are (JSON types,
/// choices, the members of `settings`, with did-you-mean), the app is one the daemon hosts, and `data:` names parts
/// of the app's dataset. A matrix's values for those keys are checked the same way, each at its own line. Each
/// mistake is noted in `state`.
enum HeaderCheck {
    /// The header (variables already substituted); `app` is the variant's app, checked here when the header gives
    /// it (a matrix's apps are checked by ``checkMatrix(_:file:state:)``).
    static func check(_ root: SourceNode, file: String, app: String, state: ParseState) {
        guard let contract = state.contract else { return }
        let source = StepSource(keyword: "journey", value: root, item: root, file: file, chain: [], state: state)
        let header = SourceNode.mapping(
            root.keys.filter { JourneyRunner.sessionKeys.contains($0) && $0 != "app" }.map { ($0, root[$0]!) },
            line: root.line)
        source.checkCall(
            method: "session.create", methodLine: root.line, params: header, expectError: nil,
            subject: "the journey header")
        if let written = root["app"] {
            guard case .scalar(.string(let name), let line) = written else {
                source.problem("`app:` takes an app's name, not \(written.kindName)", line: written.line)
                return
            }
            if !name.holdsVariableReference { checkApp(name, line: line, source: source, contract: contract) }
        }
        if let parts = contract.dataParts[state.app], !parts.isEmpty, case .mapping(let pairs, _)? = root["data"] {
            for (key, value) in pairs { checkDataPart(key, line: value.line, parts: parts, source: source) }
        }
    }

    /// A matrix's values for session keys (`settings.mode`, `physics`, `app`, `data.transactions`…), each checked
    /// as the header's would be, at its own line.
    static func checkMatrix(_ node: SourceNode?, file: String, state: ParseState) {
        guard let contract = state.contract, let node else { return }
        let source = StepSource(keyword: "matrix", value: node, item: node, file: file, chain: [], state: state)
        var assignments: [(key: String, value: SourceNode)] = []
        switch node {
        case .mapping(let pairs, _):
            for (key, values) in pairs {
                if case .sequence(let items, _) = values { assignments += items.map { (key, $0) } }
            }
        case .sequence(let items, _):
            for case .mapping(let pairs, _) in items { assignments += pairs.filter { $0.key != "name" } }
        default: return
        }
        for (key, value) in assignments where !value.json.isNull && !StepSource.holdsReference(value.json) {
            let path = key.split(separator: ".").map(String.init)
            guard let first = path.first, JourneyRunner.sessionKeys.contains(first) else { continue }
            if path == ["app"] {
                guard case .scalar(.string(let name), let line) = value else {
                    source.problem("`app` takes an app's name, not \(value.kindName)", line: value.line)
                    continue
                }
                checkApp(name, line: line, source: source, contract: contract)
                continue
            }
            if path.count == 2, path[0] == "data", let parts = contract.dataParts[state.app], !parts.isEmpty {
                checkDataPart(path[1], line: value.line, parts: parts, source: source)
                continue
            }
            // `settings.mode: reduced` as the nested params `{settings: {mode: reduced}}`, at the value's line.
            let nested = path.dropFirst().reversed().reduce(value) { inner, key in
                SourceNode.mapping([(key, inner)], line: value.line)
            }
            source.checkCall(
                method: "session.create", methodLine: value.line,
                params: .mapping([(first, nested)], line: value.line), expectError: nil,
                subject: "the matrix variant")
        }
    }

    private static func checkApp(_ app: String, line: Int, source: StepSource, contract: JourneyContract) {
        guard contract.stateTrees[app] == nil else { return }
        source.problem(
            "unknown app '\(app)'" + Suggestion.didYouMean(app, in: contract.stateTrees.keys.sorted())
                + (contract.unknownAppAdvice.map { " (\($0))" } ?? ""),
            line: line)
    }

    private static func checkDataPart(_ key: String, line: Int, parts: [String], source: StepSource) {
        guard !parts.contains(key) else { return }
        source.problem(
            "`data.\(key)`: \(source.state.app)'s dataset has no part '\(key)'" + Suggestion.didYouMean(key, in: parts)
                + " (its parts: \(parts.joined(separator: ", ")))",
            line: line)
    }
}
