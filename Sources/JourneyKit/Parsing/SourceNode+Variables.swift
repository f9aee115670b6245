import ChoreoJSON

extension SourceNode {
    /// The node with `${NAME}` and `${NAME.path}` replaced wherever NAME is one of `variables`; references to
    /// other names are left for the runner (results kept with `as:`).
    func substituting(_ variables: [String: JSONValue]) -> SourceNode {
        guard !variables.isEmpty else { return self }
        switch self {
        case .scalar(let value, let line):
            // A reference to a mapping or a list becomes one, so a matcher given through a variable
            // (`${matrix.p200}` with `p200: {approx: 0.9, tol: 0.01}`) is read as a matcher, not a literal.
            return SourceNode(Variables.substitute(value, variables, leaveUnknown: true), line: line)
        case .sequence(let items, let line):
            return .sequence(items.map { $0.substituting(variables) }, line: line)
        case .mapping(let pairs, let line):
            return .mapping(pairs.map { ($0.key, $0.value.substituting(variables)) }, line: line)
        }
    }
}

extension SourceNode {
    /// A JSON value as a node, every part of it at `line` (keys in sorted order).
    init(_ value: JSONValue, line: Int) {
        switch value {
        case .object(let object):
            self = .mapping(object.keys.sorted().map { ($0, SourceNode(object[$0]!, line: line)) }, line: line)
        case .array(let items):
            self = .sequence(items.map { SourceNode($0, line: line) }, line: line)
        default:
            self = .scalar(value, line: line)
        }
    }
}

/// `${NAME.path}` references in strings: a string that is exactly one reference becomes the referenced value (any
/// JSON type); references inside longer text are replaced by the value's text.
public enum Variables {
    /// An unresolved reference.
    public struct Unresolved: Error, Sendable, Hashable {
        public var reference: String
        public var known: [String]
    }

    /// Substitutes every reference in a value; unknown names are left as written when `leaveUnknown`, otherwise
    /// the first one is reported.
    public static func substitute(
        _ value: JSONValue, _ variables: [String: JSONValue], leaveUnknown: Bool
    ) -> JSONValue {
        (try? substituteOrThrow(value, variables, leaveUnknown: leaveUnknown)) ?? value
    }

    /// Substitutes every reference, throwing for the first unknown one unless `leaveUnknown`.
    public static func substituteOrThrow(
        _ value: JSONValue, _ variables: [String: JSONValue], leaveUnknown: Bool
    ) throws(Unresolved) -> JSONValue {
        switch value {
        case .string(let text):
            return try substitute(text, variables, leaveUnknown: leaveUnknown)
        case .array(let items):
            var out: [JSONValue] = []
            for item in items { out.append(try substituteOrThrow(item, variables, leaveUnknown: leaveUnknown)) }
            return .array(out)
        case .object(let object):
            var out: [String: JSONValue] = [:]
            for (key, item) in object { out[key] = try substituteOrThrow(item, variables, leaveUnknown: leaveUnknown) }
            return .object(out)
        default:
            return value
        }
    }

    private static func substitute(
        _ text: String, _ variables: [String: JSONValue], leaveUnknown: Bool
    ) throws(Unresolved) -> JSONValue {
        guard text.holdsVariableReference else { return .string(text) }
        var pieces: [(literal: String, reference: String?)] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            pieces.append((String(rest[..<start.lowerBound]), String(rest[start.upperBound..<end])))
            rest = rest[rest.index(after: end)...]
        }
        pieces.append((String(rest), nil))
        func resolve(_ reference: String) throws(Unresolved) -> JSONValue? {
            let parts = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard var node = variables[parts[0]] else {
                if leaveUnknown { return nil }
                throw Unresolved(reference: reference, known: variables.keys.sorted())
            }
            for part in parts.dropFirst() {
                if let child = node[part] {
                    node = child
                } else if let index = Int(part), let child = node[index] {
                    node = child
                } else {
                    if leaveUnknown { return nil }
                    throw Unresolved(reference: reference, known: variables.keys.sorted())
                }
            }
            return node
        }
        if pieces.count == 2, pieces[0].literal.isEmpty, pieces[1].literal.isEmpty, let reference = pieces[0].reference
        {
            return try resolve(reference) ?? .string(text)
        }
        var out = ""
        for piece in pieces {
            out += piece.literal
            guard let reference = piece.reference else { continue }
            if let value = try resolve(reference) {
                out += value.stringValue ?? value.serialized()
            } else {
                out += "${\(reference)}"
            }
        }
        return .string(out)
    }
}
