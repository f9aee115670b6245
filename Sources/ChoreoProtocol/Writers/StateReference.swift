import ChoreoEngine

/// Renders the state reference (`protocol/state.md`) from the declarations: every state path with its type, unit,
/// range and meaning, every trace event kind with its fields, every haptic source.
public enum StateReference {
    /// One part of the reference: an app, or what the engine adds to every session.
    public struct Section: Sendable {
        public var title: String
        public var intro: String
        public var state: [StateField]
        public var traceEvents: [TraceEventKind]
        public var hapticSources: [HapticSource]
        /// Where the app's animations and haptics live in its Swift code.
        public var anchors: [CodeAnchor]

        public init(
            title: String, intro: String, state: [StateField], traceEvents: [TraceEventKind],
            hapticSources: [HapticSource], anchors: [CodeAnchor] = []
        ) {
            self.title = title
            self.intro = intro
            self.state = state
            self.traceEvents = traceEvents
            self.hapticSources = hapticSources
            self.anchors = anchors
        }
    }

    /// The whole reference as Markdown.
    public static func markdown(title: String, intro: String, sections: [Section]) -> String {
        var out = "# \(title)\n\n\(intro)\n"
        for section in sections {
            out += "\n## \(section.title)\n\n\(section.intro)\n"
            if !section.state.isEmpty {
                out += "\n### State paths\n\n| path | type | meaning |\n| --- | --- | --- |\n"
                for field in section.state { out += rows(field, prefix: "").joined() }
            }
            if !section.traceEvents.isEmpty {
                out += "\n### Trace events\n\n| kind | when | fields |\n| --- | --- | --- |\n"
                for event in section.traceEvents {
                    let fields = event.fields.map { field in
                        "`\(field.name)` \(describe(field.shape)): \(field.meaning)"
                            + (field.presentWhen.map { " (only when \($0))" } ?? "")
                    }
                    out += "| `\(event.kind)` | \(cell(event.meaning)) | \(cell(fields.joined(separator: "<br>"))) |\n"
                }
            }
            if !section.hapticSources.isEmpty {
                out += "\n### Haptic sources\n\n| source | styles | when |\n| --- | --- | --- |\n"
                for source in section.hapticSources {
                    let styles =
                        source.styles.count == HapticStyle.allCases.count
                        ? "any" : source.styles.map(\.rawValue).joined(separator: ", ")
                    out += "| `\(source.source)` | \(styles) | \(cell(source.meaning)) |\n"
                }
            }
            if !section.anchors.isEmpty {
                out += """

                    ### Code anchors

                    Where each animation and haptic lives in the app's Swift code, and the model's value there \
                    (`journey conformance` checks them against the sources).

                    | name | type | member or token | model |
                    | --- | --- | --- | --- |

                    """
                for anchor in section.anchors {
                    let place = [anchor.member.map { "`\($0)`" }, anchor.token.map { "`\($0)`" }]
                        .compactMap { $0 }.joined(separator: ", ")
                    out += "| `\(anchor.name)` | `\(anchor.type)` | \(place) | \(cell(anchor.modelDescription)) |\n"
                }
            }
        }
        return out
    }

    /// The rows of a field and everything under it.
    static func rows(_ field: StateField, prefix: String) -> [String] {
        let path = prefix.isEmpty ? field.name : "\(prefix).\(field.name)"
        let meaning = field.meaning + (field.presentWhen.map { " Present only when \($0)." } ?? "")
        var out = ["| `\(path)` | \(cell(describe(field.shape))) | \(cell(meaning)) |\n"]
        out += children(of: field.shape, at: path)
        return out
    }

    private static func children(of shape: StateShape, at path: String) -> [String] {
        switch shape {
        case .object(let fields): return fields.flatMap { rows($0, prefix: path) }
        case .array(let element): return nested(element, at: "\(path).<i>")
        case .map(let key, let element): return nested(element, at: "\(path).<\(key)>")
        case .nullable(let inner, _): return children(of: inner, at: path)
        default: return []
        }
    }

    /// An element of an array or map: its own row only when it is not an object (an object's fields have rows).
    private static func nested(_ shape: StateShape, at path: String) -> [String] {
        if case .object(let fields) = shape { return fields.flatMap { rows($0, prefix: path) } }
        if case .nullable(.object(let fields), _) = shape { return fields.flatMap { rows($0, prefix: path) } }
        return ["| `\(path)` | \(cell(describe(shape))) | |\n"]
    }

    /// The type column: kind, unit and range, or the allowed values.
    static func describe(_ shape: StateShape) -> String {
        switch shape {
        case .bool: return "bool"
        case .string(let choices):
            return choices.map { "string: " + $0.map { "`\($0)`" }.joined(separator: ", ") } ?? "string"
        case .number(let unit, let range):
            return
                "number (\(([unit] + (range.map { ["\(format($0.lowerBound))…\(format($0.upperBound))"] } ?? [])).joined(separator: ", ")))"
        case .integer(let unit, let range):
            return
                "integer (\(([unit] + (range.map { ["\($0.lowerBound)…\($0.upperBound == Int64.max ? "" : "\($0.upperBound)")"] } ?? [])).joined(separator: ", ")))"
        case .array(let element):
            if case .object = element { return "array of objects" }
            return "array of \(describe(element))"
        case .object: return "object"
        case .map(let key, let element):
            if case .object = element { return "object by \(key)" }
            return "object by \(key) of \(describe(element))"
        case .nullable(let inner, let whenNull): return "\(describe(inner)), or null \(whenNull)"
        case .any(let words): return "any (\(words))"
        }
    }

    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) <= 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func cell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
