import ChoreoJSON

/// The checks of a step against the contract; each mistake is noted with its line (parsing goes on), with a
/// did-you-mean suggestion when a declared name is close.
extension StepSource {
    /// A call's method and params: the method exists, each param is one it takes, of a JSON type it accepts (and
    /// one of its values, for a choice), and the required ones are given. A call that expects an error is sending
    /// a mistake on purpose: only its method is checked (and not even that when it expects -32601).
    /// `subject` names the call in messages (default: the method; `the header` for a journey's session).
    func checkCall(
        method: String, methodLine: Int, params: SourceNode?, expectError: ErrorExpectation?, subject: String? = nil
    ) {
        guard let contract else { return }
        guard let declared = contract.methods[method] else {
            if expectError?.code == -32601 { return }
            let namespace = method.split(separator: ".").first.map { "\($0)." } ?? ""
            let siblings = contract.methods.keys.filter { $0.hasPrefix(namespace) }.sorted()
            problem(
                "unknown method '\(method)'" + Suggestion.didYouMean(method, in: contract.methods.keys.sorted())
                    + (siblings.isEmpty ? "" : " (\(namespace)* methods: \(siblings.joined(separator: ", ")))"),
                line: methodLine)
            return
        }
        guard expectError == nil else { return }
        checkParams(params, declared: declared, method: subject ?? method, prefix: "", line: params?.line ?? methodLine)
        if method == "ui.navigate", !Self.targetsOtherSession(params),
            case .scalar(.string(let screen), let line)? = params?["screen"]
        {
            checkScreen(screen, line: line)
        }
        // `state.get` reads a state path of the journey's app, like `expect`.
        if method == "state.get", case .scalar(.string(let path), let line)? = params?["path"] {
            checkStatePath(path, line: line)
        }
    }

    private func checkParams(
        _ node: SourceNode?, declared: [JourneyContract.Parameter], method: String, prefix: String, line: Int
    ) {
        let pairs: [(key: String, value: SourceNode)]
        switch node {
        case .mapping(let p, _)?: pairs = p
        // A whole mapping given by an include's variable (`params: ${open}`): its keys have the line of the value.
        case .scalar(.object(let object), let line)?:
            pairs = object.keys.sorted().map { ($0, SourceNode.scalar(object[$0]!, line: line)) }
        default: pairs = []
        }
        let names = declared.map(\.name).filter { !(prefix.isEmpty && $0 == "session") }
        var misnamed = false
        for (key, value) in pairs {
            if prefix.isEmpty && key == "session" { continue }
            guard let parameter = declared.first(where: { $0.name == key }) else {
                problem(
                    "\(method) takes no parameter `\(prefix)\(key)`"
                        + (names.isEmpty ? " (it takes none)" : " (it takes \(names.joined(separator: ", ")))")
                        + Suggestion.didYouMean(key, in: names),
                    line: value.line)
                misnamed = true
                continue
            }
            check(value, as: parameter, method: method, name: prefix + key)
        }
        // A misnamed parameter is likely the required one misspelt: one message is enough.
        if misnamed { return }
        for parameter in declared where parameter.required && !(prefix.isEmpty && parameter.name == "session") {
            if !pairs.contains(where: { $0.key == parameter.name && !$0.value.json.isNull }) {
                problem("\(method) needs `\(prefix)\(parameter.name)`", line: line)
            }
        }
    }

    private func check(_ value: SourceNode, as parameter: JourneyContract.Parameter, method: String, name: String) {
        let json = value.json
        // A reference is filled in when the step runs (a kept result); its type is not known yet.
        if json.isNull || Self.holdsReference(json) { return }
        if let types = parameter.types, !types.contains(where: { $0.accepts(json) }) {
            let wanted = types.map(\.rawValue).sorted().joined(separator: " or ")
            problem(
                "\(method) `\(name)` takes \(Self.article(wanted)) \(wanted), not \(value.kindName)", line: value.line)
            return
        }
        if let check = parameter.check, let problem = check(json) {
            self.problem("\(method) `\(name)`: \(problem)", line: value.line)
            return
        }
        if let choices = parameter.numberChoices, let number = json.intValue, !choices.contains(number) {
            problem(
                "\(method) `\(name)` is one of \(choices.map(String.init).joined(separator: ", ")), not \(number)",
                line: value.line)
        }
        if let choices = parameter.choices, let text = json.stringValue, !choices.contains(text) {
            problem(
                "\(method) `\(name)` is one of \(choices.joined(separator: ", ")), not '\(text)'"
                    + Suggestion.didYouMean(text, in: choices),
                line: value.line)
        }
        if !parameter.fields.isEmpty, case .mapping = value {
            checkParams(value, declared: parameter.fields, method: method, prefix: name + ".", line: value.line)
        }
    }

    /// Whether a call's params name a session other than the journey's (`session: ${fin.session}`): its app is
    /// not known before the run, so its screens and results are not checked.
    static func targetsOtherSession(_ params: SourceNode?) -> Bool {
        guard let session = params?["session"] else { return false }
        return session.json != .string("${session}")
    }

    /// Whether a value holds a `${...}` reference anywhere.
    static func holdsReference(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return text.holdsVariableReference
        case .array(let items): return items.contains(where: holdsReference)
        case .object(let object): return object.values.contains(where: holdsReference)
        default: return false
        }
    }

    private static func article(_ word: String) -> String {
        ["a", "e", "i", "o", "u"].contains(word.prefix(1)) ? "an" : "a"
    }

    /// A state path read from the journey's app: each key is declared in its state tree (`<i>` indices and map keys
    /// take anything). Paths holding a reference are skipped.
    func checkStatePath(_ path: String, line: Int) {
        guard let contract, !path.holdsVariableReference, !path.isEmpty else { return }
        // An unknown app is reported once, at the header's `app:` (``HeaderCheck``).
        guard let tree = contract.stateTrees[state.app] else { return }
        guard let (segment, prefix, keys) = tree.mismatch(of: path) else { return }
        let at = prefix.isEmpty ? "the root" : "`\(prefix)`"
        problem(
            "`\(path)` is not a state path of \(state.app): \(at) has "
                + (keys.isEmpty ? "no keys (it is a value)" : "no `\(segment)`")
                + Suggestion.didYouMean(segment, in: keys)
                + (keys.isEmpty || Suggestion.closest(to: segment, in: keys) != nil
                    ? "" : " (keys: \(keys.joined(separator: ", ")))"),
            line: line)
    }

    /// A screen `ui.navigate` shows, when the journey's app declares its screens.
    func checkScreen(_ screen: String, line: Int) {
        guard let screens = contract?.screens[state.app], !screen.holdsVariableReference, !screens.contains(screen)
        else {
            return
        }
        problem(
            "unknown screen '\(screen)' of \(state.app)"
                + Self.suggestOrList(screen, in: screens, listing: "screens:"),
            line: line)
    }

    /// A mapping compared with a state path that holds a plain value can never match it: when its one key is close
    /// to a matcher's name (`{gtee: 0.5}`), it is a misspelt matcher, named as such.
    func checkLiteral(_ matcher: Matcher, at path: String, line: Int) {
        guard case .equals(.object(let object)) = matcher, object.count == 1, let key = object.keys.first,
            let contract, let tree = contract.stateTrees[state.app], tree.isLeaf(path),
            let meant = Suggestion.closest(to: key, in: MatcherParser.keys.sorted())
        else { return }
        problem(
            "'\(key)' is not a matcher; did you mean `\(meant)`? (`\(path)` holds a value, which a mapping never "
                + "equals)",
            line: line)
    }

    /// An expected string for a state path that is always one of a few (a phase): a value outside them never
    /// matches, so the expectation could never pass. Checks `eq`/plain values and the items of `in:`.
    func checkChoice(_ matcher: Matcher, at path: String, line: Int) {
        guard let contract, !path.holdsVariableReference, let tree = contract.stateTrees[state.app],
            case .choice(let choices) = tree.node(at: path)
        else { return }
        let expected: [String]
        switch matcher {
        case .equals(.string(let text)): expected = [text]
        case .oneOf(let items): expected = items.compactMap(\.stringValue)
        default: return
        }
        for text in expected where !text.holdsVariableReference && !choices.contains(text) {
            problem(
                "`\(path)` is always one of \(choices.joined(separator: ", ")); '\(text)' never is"
                    + Suggestion.didYouMean(text, in: choices),
                line: line)
        }
    }

    /// A haptic style, when the value is a plain string.
    func checkHapticStyle(_ value: JSONValue, line: Int) {
        guard let contract, let style = value.stringValue, !style.holdsVariableReference,
            !contract.hapticStyles.contains(style)
        else { return }
        problem(
            "unknown haptic style '\(style)'"
                + Self.suggestOrList(style, in: contract.hapticStyles, listing: "styles:"),
            line: line)
    }

    /// A trace event kind the journey's app records, and (when given) fields its events have.
    func checkEventKind(_ kind: String, fields: [(key: String, value: SourceNode)] = [], line: Int) {
        guard let contract, !kind.holdsVariableReference, let kinds = contract.eventKinds[state.app] else { return }
        guard let declared = kinds.first(where: { $0.kind == kind }) else {
            problem(
                "unknown trace event kind '\(kind)'"
                    + Self.suggestOrList(kind, in: kinds.map(\.kind), listing: "\(state.app) records"),
                line: line)
            return
        }
        let allowed = declared.fields.union(["seq", "t", "kind"])
        for (key, value) in fields where !allowed.contains(key) {
            problem(
                "a `\(kind)` event has no field `\(key)`" + Suggestion.didYouMean(key, in: allowed.sorted())
                    + " (fields: \(declared.fields.sorted().joined(separator: ", ")))",
                line: value.line)
        }
    }

    /// `; did you mean `x`?` when a name is close, otherwise the list of names (`(styles: a, b)`).
    private static func suggestOrList(_ name: String, in names: [String], listing: String) -> String {
        let hint = Suggestion.didYouMean(name, in: names)
        return hint.isEmpty ? " (\(listing) \(names.joined(separator: ", ")))" : hint
    }

    /// A result kept with `as:` by an earlier step and a path into it (`name.path`, from `$name.path` in `expect`
    /// or `${name.path}`): the name is kept, and the path is one of the result types that answer its method (the
    /// app's declared action results, a refusal's included), when the contract declares them.
    func checkKeptPath(_ reference: String, line: Int) {
        let parts = reference.split(separator: ".", maxSplits: 1).map(String.init)
        let name = parts[0]
        let known = state.keptNames.union(["matrix", "session"])
        guard known.contains(name) else {
            problem(
                "`$\(name)` names no result kept so far (with `as: \(name)` on an earlier step)"
                    + Suggestion.didYouMean(name, in: known.sorted()),
                line: line)
            return
        }
        if parts.count == 2, let message = state.resultPathProblem(name: name, path: parts[1]) {
            problem(message, line: line)
        }
    }

    /// A mark set by an earlier `mark:` step.
    func checkMark(_ name: String, line: Int) {
        guard !state.marks.contains(name) else { return }
        problem(
            "no mark '\(name)' is set before this step (set one with `mark: \(name)`)"
                + Suggestion.didYouMean(name, in: state.marks)
                + (state.marks.isEmpty ? "" : " (marks so far: \(state.marks.joined(separator: ", ")))"),
            line: line)
    }
}
