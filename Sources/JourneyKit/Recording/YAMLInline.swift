import ChoreoJSON

/// JSON values written as YAML a person reads: flow mappings and lists, plain scalars where YAML reads them back
/// as the same string, JSON quoting otherwise (JSON is YAML).
enum YAMLInline {
    /// The value on one line: `{mode: reduced}`, `[light, medium]`, `transactions/row/t1`, `"Goal reached"`.
    static func render(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{" + members.keys.sorted().map { "\(key($0)): \(render(members[$0]!))" }.joined(separator: ", ")
                + "}"
        case .array(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .string(let text): return plain(text) ? text : value.serialized()
        default: return value.serialized()
        }
    }

    /// A mapping key: plain when it can be.
    static func key(_ text: String) -> String {
        plain(text) ? text : JSONValue.string(text).serialized()
    }

    private static let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]

    /// Whether YAML reads `text` unquoted, in block and flow context alike, as this string: letters, digits, `_./-`
    /// and single inner spaces, starting with a letter or `_`, and not a word YAML reads as a boolean or null.
    static func plain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else {
            return false
        }
        guard !reserved.contains(text.lowercased()), !text.hasSuffix(" "), !text.contains("  ") else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || "_./- ".unicodeScalars.contains(scalar)
        }
    }
}
