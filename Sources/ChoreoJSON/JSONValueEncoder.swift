/// Encodes an `Encodable` value as a ``JSONValue``, the way the apps' hand-built state reads: a `Double` as a reported
/// number (``JSONValue/number(_:)``: 12 significant digits, integral values as integers), integers as `.int`, an
/// absent optional as `null` (a declared field is always present), enums by their raw values, keys as the
/// `CodingKeys` name them. The reply is written by ``JSONWriter`` as before, so typed state is byte-identical to the
/// hand-built one it replaces.
public struct JSONValueEncoder: Sendable {
    public init() {}

    /// `value` as JSON.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = JSONValueEncoding.Node()
        try value.encode(to: JSONValueEncoding(node: root, codingPath: []))
        return root.value
    }
}

/// The `Encoder` behind ``JSONValueEncoder``: a tree of nodes, each filled by one container.
struct JSONValueEncoding: Encoder {
    /// A slot for one value: a scalar, or an object or array filled member by member.
    final class Node {
        enum Content {
            case value(JSONValue)
            case object([String: Node])
            case array([Node])
        }

        var content = Content.value(.null)

        var value: JSONValue {
            switch content {
            case .value(let value): return value
            case .object(let members): return .object(members.mapValues(\.value))
            case .array(let elements): return .array(elements.map(\.value))
            }
        }
    }

    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }

    /// A scalar as the apps write it.
    static func scalar(_ value: some Encodable) -> JSONValue? {
        switch value {
        case let v as Double: return .number(v)
        case let v as Float: return .number(Double(v))
        case let v as Int: return .int(Int64(v))
        case let v as Int64: return .int(v)
        case let v as Int32: return .int(Int64(v))
        case let v as Bool: return .bool(v)
        case let v as String: return .string(v)
        case let v as JSONValue: return v
        default: return nil
        }
    }

    /// Encodes `value` into `node`.
    static func encode(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
        if let scalar = scalar(value) {
            node.content = .value(scalar)
        } else {
            try value.encode(to: JSONValueEncoding(node: node, codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func child(_ key: Key) -> Node {
            let child = Node()
            if case .object(var members) = node.content {
                members[key.stringValue] = child
                node.content = .object(members)
            }
            return child
        }

        mutating func encodeNil(forKey key: Key) throws { child(key).content = .value(.null) }

        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try JSONValueEncoding.encode(value, into: child(key), codingPath: codingPath + [key])
        }

        // A declared field is always present: an absent optional is `null`, not a missing key. The overloads for the
        // primitive types are their own requirements (their defaults would leave the key out).
        private mutating func presentOrNull(_ value: (some Encodable)?, forKey key: Key) throws {
            guard let value else { return try encodeNil(forKey: key) }
            try encode(value, forKey: key)
        }
        mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws {
            try presentOrNull(value, forKey: key)
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try presentOrNull(value, forKey: key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            try presentOrNull(value, forKey: key)
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            try presentOrNull(value, forKey: key)
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try presentOrNull(value, forKey: key) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            JSONValueEncoding(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONValueEncoding(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { JSONValueEncoding(node: node, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONValueEncoding(node: child(key), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int {
            if case .array(let elements) = node.content { return elements.count }
            return 0
        }

        private func append() -> Node {
            let child = Node()
            if case .array(var elements) = node.content {
                elements.append(child)
                node.content = .array(elements)
            }
            return child
        }

        mutating func encodeNil() throws { append().content = .value(.null) }

        mutating func encode(_ value: some Encodable) throws {
            try JSONValueEncoding.encode(value, into: append(), codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            JSONValueEncoding(node: append(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            JSONValueEncoding(node: append(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { JSONValueEncoding(node: append(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .value(.null) }

        mutating func encode(_ value: some Encodable) throws {
            try JSONValueEncoding.encode(value, into: node, codingPath: codingPath)
        }
    }
}
