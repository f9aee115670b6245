import ChoreoClient
import ChoreoJSON
import Foundation

/// `expectTrace: golden/hero.json`: the session's trace (optionally only some kinds of event) equals a golden file;
/// `journey run --update-golden` rewrites the file instead.
struct ExpectTraceStep: PlannedStep {
    static let keywords = ["expectTrace"]
    static let examples = [
        "expectTrace: golden/hero.json", "expectTrace: {golden: golden/haptics.json, kinds: [haptic], since: 0}",
    ]

    /// The golden file as written, relative to the journey file unless absolute.
    var golden: String
    /// The golden file's path, resolved against the journey file's folder.
    var path: String
    /// The trace event kinds to compare (all when nil).
    var kinds: [String]?
    /// Only the events at or after this time, or after this mark (all when nil).
    var since: TimeReference?

    static func parse(_ source: StepSource) throws(JourneyError) -> ExpectTraceStep {
        let value = source.value
        if case .scalar(.string(let golden), _) = value {
            return ExpectTraceStep(
                golden: golden, path: RelativePath.resolve(golden, from: source.file), kinds: nil, since: nil)
        }
        guard case .scalar(.string(let golden), _)? = value["golden"] else {
            throw JourneyError(
                message: "`expectTrace:` takes a golden file path or {golden, kinds, since}", line: value.line)
        }
        for key in value.keys where !["golden", "kinds", "since"].contains(key) {
            throw JourneyError(
                message: "`expectTrace:` takes golden, kinds and since, not '\(key)'"
                    + Suggestion.didYouMean(key, in: ["golden", "kinds", "since"]),
                line: value[key]!.line)
        }
        if case .sequence(let items, _)? = value["kinds"] {
            for case .scalar(.string(let kind), let line) in items { source.checkEventKind(kind, line: line) }
        }
        let kinds = value["kinds"]?.json.arrayValue?.compactMap(\.stringValue)
        let since = try value["since"].map { (node) throws(JourneyError) in
            try TimeReference.parse(node, source: source)
        }
        return ExpectTraceStep(
            golden: golden, path: RelativePath.resolve(golden, from: source.file), kinds: kinds, since: since)
    }

    var label: String { "expectTrace \(golden)" }

    func plan(in context: StepContext) throws(StepFailure) -> [PlannedRequest] {
        var params: [String: JSONValue] = [:]
        if let kinds { params["kinds"] = .array(kinds.map { .string($0) }) }
        switch since {
        case nil: break
        case .ms(let ms): params["since"] = .number(ms)
        case .mark(let name): params["afterSeq"] = .int(Int64(try context.mark(name).seq))
        }
        return [context.request("trace.get", params)]
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        let result = try replies[0].stepValue()
        let events = result["events"] ?? []
        if context.options.updateGolden {
            try write(events.prettyPrinted() + "\n")
        } else {
            try compare(events)
        }
    }

    /// Rewrites the golden file (its folder created as needed).
    private func write(_ text: String) throws(StepFailure) {
        do {
            try TextFile.write(text, to: path)
        } catch {
            throw StepFailure(message: "cannot write the golden file \(path): \(error.localizedDescription)")
        }
    }

    /// Compares the events with the golden file.
    private func compare(_ events: JSONValue) throws(StepFailure) {
        guard let stored = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw StepFailure(
                message: "the golden file \(path) is missing; run `journey run --update-golden` to create it")
        }
        let expected = (try? JSONValue.parse(stored)) ?? .string(stored)
        guard expected == events else {
            throw StepFailure(
                message: "the trace differs from \(path) (run with --update-golden if the change is intended)",
                expected: expected, actual: events)
        }
    }
}
