import ChoreoJSON

/// Writes a recorded session as a journey file (``SessionRecorder``).
struct JourneyWriter {
    var name: String
    var session: String
    var header: [(String, JSONValue)]
    var steps: [SessionRecorder.Replayed]
    var finalPaths: [StateChanges.Change]
    var omittedPaths: [String]
    /// State reads made while the session was driven, each expected where it was made.
    var reads: [SessionRecorder.Read] = []

    /// The UI shorthands by method (``UIShorthandStep/shorthands``).
    private static let shorthands = Dictionary(
        uniqueKeysWithValues: UIShorthandStep.shorthands.map { ($0.method, $0) })

    var yaml: String {
        var lines = [
            "# Recorded with `journey record --session \(session)`: its requests as steps, and what they did as",
            "# expectations (haptics and announcements with their virtual times in ms, final state values).",
            "# Edit freely: loosen a value with a matcher ({approx: x, tol: t}), drop what does not matter.",
            "journey: \(YAMLInline.render(.string(name)))",
        ]
        for (key, value) in header { lines.append("\(key): \(YAMLInline.render(value))") }
        lines.append("steps:")
        var checkedHapticsLast = false
        var checkedAnnouncementsLast = false
        lines += expectations(afterActions: 0)
        for (index, step) in steps.enumerated() {
            lines += Self.request(step)
            checkedHapticsLast = !step.haptics.isEmpty
            checkedAnnouncementsLast = !step.announcements.isEmpty
            if !step.haptics.isEmpty { lines.append("  - expectHaptics: \(Self.timed(step.haptics, "style"))") }
            if !step.announcements.isEmpty {
                lines.append("  - expectAnnouncements: \(Self.timed(step.announcements, "text"))")
            }
            lines += expectations(afterActions: index + 1)
        }
        // What an earlier check did not cover: nothing more may come after the last step.
        if !checkedHapticsLast { lines.append("  - expectHaptics: []") }
        if !checkedAnnouncementsLast { lines.append("  - expectAnnouncements: []") }
        if !finalPaths.isEmpty {
            lines.append("  - expect:")
            for (path, value, length) in finalPaths {
                lines.append("      \(YAMLInline.key(path)): \(length.map { "{len: \($0)}" } ?? Self.matcher(value))")
            }
        }
        if !omittedPaths.isEmpty {
            lines.append("# Also changed, not checked: \(omittedPaths.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An `expect` of the values read after `afterActions` requests (nothing when none was read then), each path
    /// once, with the last value read.
    private func expectations(afterActions: Int) -> [String] {
        var latest: [(path: String, value: JSONValue)] = []
        for read in reads where read.afterActions == afterActions {
            latest.removeAll { $0.path == read.path }
            latest.append((read.path, read.value))
        }
        guard !latest.isEmpty else { return [] }
        return ["  - expect:  # read while the session was driven"]
            + latest.map { "      \(YAMLInline.key($0.path)): \(Self.matcher($0.value))" }
    }

    /// The step (or steps) of one request.
    private static func request(_ step: SessionRecorder.Replayed) -> [String] {
        let params = step.params
        if let code = step.error {
            return call(step.method, params) + ["    expectError: {code: \(code)}"]
        }
        switch step.method {
        case "clock.advance" where params.count == 1 && params["ms"] != nil:
            return ["  - advance: \(YAMLInline.render(params["ms"]!))"]
        case "clock.settle" where step.result["settled"] == true:
            if let timeout = params["timeoutMs"] { return ["  - settle: {timeoutMs: \(YAMLInline.render(timeout))}"] }
            return params.isEmpty ? ["  - settle: true"] : call(step.method, params)
        default:
            break
        }
        guard let shorthand = shorthands[step.method] else { return call(step.method, params) }
        if params.isEmpty { return ["  - \(shorthand.keyword): true"] }
        if let parameter = shorthand.parameter, params.count == 1, let value = params[parameter],
            value.objectValue == nil, value.arrayValue == nil
        {
            return ["  - \(shorthand.keyword): \(YAMLInline.render(value))"]
        }
        return ["  - \(shorthand.keyword): \(YAMLInline.render(.object(params)))"]
    }

    private static func call(_ method: String, _ params: [String: JSONValue]) -> [String] {
        var lines = ["  - call: \(method)"]
        if !params.isEmpty { lines.append("    params: \(YAMLInline.render(.object(params)))") }
        return lines
    }

    /// `[{style: light, at: 0}, ...]`: each event's value and virtual time.
    private static func timed(_ events: [JSONValue], _ key: String) -> String {
        "["
            + events.map { event in
                "{\(key): \(YAMLInline.render(event[key] ?? .null)), at: \(YAMLInline.render(event["t"] ?? .null))}"
            }.joined(separator: ", ") + "]"
    }

    /// What a final value must match: the value itself, `{eq: ...}` for a structure holding mappings (so that no
    /// key is read as a matcher), `{absent: true}` for a key that is gone.
    private static func matcher(_ value: JSONValue?) -> String {
        guard let value else { return "{absent: true}" }
        switch value {
        case .object: return "{eq: \(YAMLInline.render(value))}"
        case .array(let items) where items.contains(where: { $0.objectValue != nil || $0.arrayValue != nil }):
            return "{eq: \(YAMLInline.render(value))}"
        case .array(let items) where items.isEmpty: return "{len: 0}"
        default: return YAMLInline.render(value)
        }
    }
}
