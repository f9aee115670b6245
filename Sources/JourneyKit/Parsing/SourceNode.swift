import ChoreoJSON
import Foundation
import Yams

/// A YAML (or JSON) document as a tree that remembers the line of every node, so errors and failures can say
/// `file:line`. Scalars follow the YAML 1.2 core schema: `null`/`~`/empty, `true`/`false`, integers and floats
/// when unquoted; everything else (including `yes`, `no`, `on`, `off`) is a string.
indirect enum SourceNode: Sendable {
    case scalar(JSONValue, line: Int)
    case mapping([(key: String, value: SourceNode)], line: Int)
    case sequence([SourceNode], line: Int)

    /// The 1-based line where the node starts.
    var line: Int {
        switch self {
        case .scalar(_, let line), .mapping(_, let line), .sequence(_, let line): return line
        }
    }

    /// The last line the node spans (its own, or its last child's).
    var lastLine: Int {
        switch self {
        case .scalar(_, let line): return line
        case .mapping(let pairs, let line): return max(line, pairs.last?.value.lastLine ?? line)
        case .sequence(let items, let line): return max(line, items.last?.lastLine ?? line)
        }
    }

    /// The node as plain JSON.
    var json: JSONValue {
        switch self {
        case .scalar(let value, _): return value
        case .sequence(let items, _): return .array(items.map(\.json))
        case .mapping(let pairs, _):
            var object: [String: JSONValue] = [:]
            for (key, value) in pairs { object[key] = value.json }
            return .object(object)
        }
    }

    /// The value of a key of a mapping.
    subscript(key: String) -> SourceNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The keys of a mapping, in file order.
    var keys: [String] {
        guard case .mapping(let pairs, _) = self else { return [] }
        return pairs.map(\.key)
    }

    /// A description of the node's type for error messages.
    var kindName: String {
        switch self {
        case .scalar(let value, _): return value.typeName
        case .mapping: return "mapping"
        case .sequence: return "list"
        }
    }

    /// Parses a YAML or JSON text.
    static func parse(_ text: String) throws(JourneyError) -> SourceNode? {
        let node: Node?
        do {
            // `.basic`: no tag rules. Scalars are typed by `scalarValue` (YAML 1.2 core); Yams' default resolver would
            // run its regular expressions on every mapping key only to check for duplicates.
            node = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            if let tabs = YAMLDiagnosis.tabs(in: text) { throw tabs }
            if "\(error)".contains("duplicated key") {
                let keys = duplicatedKeys(error)
                throw YAMLDiagnosis.duplicateKey(in: text) ?? YAMLDiagnosis.duplicateFlowKey(keys, in: text)
                    ?? JourneyError(message: "a key appears twice in one mapping (\(keys))", line: 1)
            }
            let line = yamlLine(error)
            throw JourneyError(
                message: "not valid YAML: \(yamlMessage(error))" + referenceHint(text, line: line), line: line)
        } catch {
            throw JourneyError(message: "not valid YAML: \(error)", line: 1)
        }
        guard let node else { return nil }
        return try convert(node)
    }

    /// A hint for the commonest slip: `${name}` unquoted inside a flow mapping (`{screen: ${name}}`), where YAML
    /// reads its braces as the mapping's own.
    private static func referenceHint(_ text: String, line: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The error is reported where YAML gives up: on the line itself or the next one.
        for index in [line - 1, line - 2] where lines.indices.contains(index) {
            let candidate = lines[index]
            if candidate.holdsVariableReference, candidate.contains("{"),
                let reference = VariableCheck.references(in: String(candidate)).first
            {
                return "; a `${...}` inside a flow mapping `{...}` must be quoted, e.g. \"${\(reference)}\""
            }
        }
        return ""
    }

    /// The keys Yams names in its duplicate-key message, without the file it echoes.
    private static func duplicatedKeys(_ error: YamlError) -> String {
        let text = "\(error)"
        guard let start = text.range(of: "duplicated key(s): ") else { return "see the mapping's keys" }
        return String(text[start.upperBound...].prefix { $0 != "\n" }).trimmingCharacters(in: .init(charactersIn: "."))
    }

    private static func yamlLine(_ error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return 1
        }
    }

    private static func yamlMessage(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
            .composer(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        default: return "\(error)"
        }
    }

    private static func convert(_ node: Node) throws(JourneyError) -> SourceNode {
        let line = node.mark?.line ?? 1
        switch node {
        case .scalar(let scalar):
            return .scalar(scalarValue(scalar), line: line)
        case .sequence(let sequence):
            var items: [SourceNode] = []
            for item in sequence { items.append(try convert(item)) }
            return .sequence(items, line: line)
        case .mapping(let mapping):
            var pairs: [(String, SourceNode)] = []
            for (key, value) in mapping {
                guard case .scalar(let k) = key else {
                    throw JourneyError(message: "mapping keys must be plain text", line: key.mark?.line ?? line)
                }
                if pairs.contains(where: { $0.0 == k.string }) {
                    throw JourneyError(message: "the key '\(k.string)' appears twice", line: key.mark?.line ?? line)
                }
                pairs.append((k.string, try convert(value)))
            }
            return .mapping(pairs, line: line)
        case .alias:
            throw JourneyError(message: "YAML aliases are not supported; repeat the value or use include", line: line)
        }
    }

    private static func scalarValue(_ scalar: Node.Scalar) -> JSONValue {
        let text = scalar.string
        guard scalar.style == .plain else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let integer = Int64(text) { return .int(integer) }
        if text.contains(where: { $0.isNumber }), !text.contains("_"), let double = Double(text), double.isFinite {
            return .double(double)
        }
        return .string(text)
    }
}
