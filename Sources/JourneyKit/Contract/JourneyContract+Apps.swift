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
            // Older contract files lack these: their journeys are then not checked for screens, data or results.
            if let list = description["screens"]?.arrayValue, !list.isEmpty {
                screens[app] = list.compactMap(\.stringValue)
            }
            if let list = description["dataParts"]?.arrayValue { dataParts[app] = list.compactMap(\.stringValue) }
            results[app] = try Self.results(of: description, app: app)
        }
        guard let first else { throw ContractError("no app described") }
        stateTrees = trees
        eventKinds = events
        defaultApp = first
        unknownAppAdvice =
            "the daemon's apps are "
            + descriptions.compactMap { $0["app"]?.stringValue }.joined(
                separator: ", ")
    }

    /// An app description's action results as shapes by method, each method's list ending with the refusal's.
    private static func results(of description: JSONValue, app: String) throws(ContractError) -> [String: [PathNode]] {
        var byMethod: [String: [PathNode]] = [:]
        for result in description["actionResults"]?.arrayValue ?? [] {
            guard let shape = result["shape"] else { continue }
            let node = try Self.node(shape, at: "\(app) \(result["name"]?.stringValue ?? "result")")
            for method in result["answers"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                byMethod[method, default: []].append(node)
            }
        }
        if let refusal = description["refusal"] {
            let node = try Self.node(refusal, at: "\(app) refusal")
            for method in byMethod.keys { byMethod[method]!.append(node) }
        }
        return byMethod
    }

    /// The contract file's JSON: `{format, apps: [description], serves: [method name], methods: [OpenRPC method]}`
    /// — `serves` names every method the daemon serves, `methods` holds the entries of `rpc.discover` for those the
    /// saving binary did not know (an app's own commands).
    public static func file(descriptions: [JSONValue], serves: [String], methods: [JSONValue]) -> JSONValue {
        [
            "format": .string(fileFormat), "apps": .array(descriptions),
            "serves": .array(serves.map { .string($0) }), "methods": .array(methods),
        ]
    }

    /// Keeps only the methods a daemon serves (`names`): a journey calling another app's command is caught before
    /// it runs.
    public mutating func keepMethods(named names: Set<String>) {
        methods = methods.filter { names.contains($0.key) }
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
        case "string":
            let choices = shape["choices"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return choices.isEmpty ? .leaf : .choice(choices)
        case "bool", "number", "integer": return .leaf
        default: throw ContractError("\(path): a shape without a known `type`")
        }
    }
}

/// A contract that cannot be read: what is wrong with it.
public struct ContractError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}

extension JourneyContract {
    /// Adds the methods an OpenRPC document (`rpc.discover`) lists that the contract does not know — an app's own
    /// commands on a daemon built with other apps — with their parameters' JSON types, choices and members as far as
    /// the schemas say (a `$ref` or a union accepts anything). Methods already known keep their declarations.
    public mutating func addMethods(fromOpenRPC document: JSONValue) {
        for method in document["methods"]?.arrayValue ?? [] {
            guard let name = method["name"]?.stringValue, methods[name] == nil else { continue }
            methods[name] = (method["params"]?.arrayValue ?? []).compactMap { descriptor in
                guard let parameterName = descriptor["name"]?.stringValue else { return nil }
                return Self.parameter(
                    parameterName, schema: descriptor["schema"] ?? .null,
                    required: descriptor["required"] == .bool(true))
            }
        }
    }

    static func parameter(_ name: String, schema: JSONValue, required: Bool) -> Parameter {
        let choices = schema["enum"]?.arrayValue?.compactMap(\.stringValue)
        var types: Set<JSONType>? = nil
        if let type = schema["type"]?.stringValue, let known = JSONType(rawValue: type) { types = [known] }
        let needed = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let fields = (schema["properties"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.map {
            parameter($0.key, schema: $0.value, required: needed.contains($0.key))
        }
        var declared = Parameter(
            name: name, types: types, choices: choices?.isEmpty == false ? choices : nil, required: required,
            fields: fields)
        if types == [.integer], let numbers = schema["enum"]?.arrayValue?.compactMap(\.intValue), !numbers.isEmpty {
            declared.numberChoices = numbers
        }
        return declared
    }
}

extension JourneyContract {
    /// An OpenRPC method entry with its `$ref`s written out from `document`'s components (shared content
    /// descriptors such as `session`, and schemas, to a depth of 8), so that it stands alone in a contract file or a
    /// tool's schema.
    public static func standalone(_ entry: JSONValue, in document: JSONValue) -> JSONValue {
        resolved(entry, components: document["components"] ?? [:], depth: 0)
    }

    private static func resolved(_ value: JSONValue, components: JSONValue, depth: Int) -> JSONValue {
        switch value {
        case .object(let members):
            if depth < 8, let reference = members["$ref"]?.stringValue, reference.hasPrefix("#/components/") {
                let path = reference.dropFirst("#/components/".count).split(separator: "/").map(String.init)
                if path.count == 2, let target = components[path[0]]?[path[1]] {
                    return resolved(target, components: components, depth: depth + 1)
                }
            }
            return .object(members.mapValues { resolved($0, components: components, depth: depth + 1) })
        case .array(let items): return .array(items.map { resolved($0, components: components, depth: depth + 1) })
        default: return value
        }
    }
}
