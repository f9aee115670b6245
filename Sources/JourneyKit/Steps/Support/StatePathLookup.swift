import ChoreoJSON

/// Dotted paths in a state tree, as the daemon resolves them (object keys, array indices).
enum StatePathLookup {
    /// A path that leads nowhere.
    struct NotFound: Error {}

    /// The value at a dotted path (`a.b.0`); the root for an empty path.
    static func resolve(_ path: String, in root: JSONValue) throws -> JSONValue {
        var node = root
        for part in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) where !path.isEmpty {
            if let child = node[part] {
                node = child
            } else if let index = Int(part), let child = node[index] {
                node = child
            } else {
                throw NotFound()
            }
        }
        return node
    }

    /// What exists where a path stops leading anywhere: the keys there, a list's length, or the value.
    static func explain(_ path: String, in root: JSONValue) -> String {
        var node = root
        var prefix: [String] = []
        for part in path.split(separator: ".").map(String.init) {
            if let child = node[part] ?? Int(part).flatMap({ node[$0] }) {
                node = child
                prefix.append(part)
            } else {
                break
            }
        }
        let at = prefix.isEmpty ? "the root" : prefix.joined(separator: ".")
        switch node {
        case .object(let object): return "keys at \(at): \(object.keys.sorted().joined(separator: ", "))"
        case .array(let items): return "\(at) is a list of \(items.count)"
        default: return "\(at) is \(node.serialized())"
        }
    }
}
