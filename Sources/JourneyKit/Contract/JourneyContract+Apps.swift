import ChoreoJSON

extension JourneyContract {
    /// A contract file (`journey contract --save`): the `app.describe` answers of every app a daemon hosts.
    public static let fileFormat = "choreo-contract"

    /// Replaces the apps with those `app.describe` answered (`descriptions`, in `daemon.info`'s order): their state
    /// trees, their trace event kinds and the default app. Throws a message naming what is malformed.
    public mutating func useApps(describedBy descriptions: [JSONValue]) throws(ContractError) {
        var trees: [String: PathNode] = [:]
        var events: [String: [EventKind]] = [:]
        var first: String?
        for description in descriptions {
            guard let app = description["app"]?.stringValue, let state = description["state"] else {
                throw ContractError("an app description without `app` or `state`")
            }
            trees[app] = try Self.node(state, at: app)
            events[app] = try (description["traceEvents"]?.arrayValue ?? []).map { event throws(ContractError) in
                guard let kind = event["kind"]?.stringValue else {
                    throw ContractError("\(app): a trace event without `kind`")
                }
                let fields = (event["fields"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
                return EventKind(kind: kind, fields: Set(fields))
            }
            if description["default"] == .bool(true) { first = app }
            first = first ?? app
        }
        guard let first else { throw ContractError("no app described") }
        stateTrees = trees
        eventKinds = events
        defaultApp = first
    }

    /// The contract file's JSON: `{format, apps: [description]}`.
    public static func file(descriptions: [JSONValue]) -> JSONValue {
        ["format": .string(fileFormat), "apps": .array(descriptions)]
    }

    /// The descriptions a contract file holds.
    public static func descriptions(inFile json: JSONValue) throws(ContractError) -> [JSONValue] {
        guard json["format"]?.stringValue == fileFormat, let apps = json["apps"]?.arrayValue else {
            throw ContractError("not a contract file: expected {\"format\": \"\(fileFormat)\", \"apps\": [...]}")
        }
        return apps
    }

    /// A state shape (``StateShape``'s JSON) as the paths it declares.
    static func node(_ shape: JSONValue, at path: String) throws(ContractError) -> PathNode {
        switch shape["type"]?.stringValue {
        case "object":
            var children: [String: PathNode] = [:]
            for field in shape["fields"]?.arrayValue ?? [] {
                guard let name = field["name"]?.stringValue, let child = field["shape"] else {
                    throw ContractError("\(path): a field without `name` or `shape`")
                }
                children[name] = try node(child, at: "\(path).\(name)")
            }
            return .object(children)
        case "array": return .wildcard(try node(shape["element"] ?? .null, at: "\(path).<i>"))
        case "map": return .wildcard(try node(shape["value"] ?? .null, at: "\(path).<key>"))
        case "nullable": return try node(shape["shape"] ?? .null, at: path)
        case "any": return .open
        case "bool", "string", "number", "integer": return .leaf
        default: throw ContractError("\(path): a shape without a known `type`")
        }
    }
}

/// A contract that cannot be read: what is wrong with it.
public struct ContractError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}
