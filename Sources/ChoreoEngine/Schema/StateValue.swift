import ChoreoJSON

/// A value of the state tree as a typed value: written as JSON at the edge (``json``), and able to say which
/// animated properties drive the value at a path below it (``animatedProperties(at:)``, for `animations.list
/// {path}`). Scalars, optionals, arrays and string enums (``StateChoice``) are state values; a node with fields is a
/// ``StateObject``.
public protocol StateValue: Sendable {
    /// The value as JSON.
    var json: JSONValue { get }

    /// Writes the value as text, exactly as ``json`` serializes (`state.get` writes the tree this way, without
    /// building it as ``JSONValue``s). The default writes ``json``; the engine's kinds (scalars, optionals, arrays,
    /// maps, ``StateChoice``, ``StateObject``) write themselves, and a type of an app should not: tests compare the
    /// two for every app.
    func write(to writer: inout JSONWriter)

    /// The animated properties (``PropertyKey`` paths) behind the value at `path` below this one (empty: this value
    /// itself); nil when none is declared there, so the state path names its property itself (`hero.progress`).
    func animatedProperties(at path: ArraySlice<String>) -> [String]?

    /// The animated properties behind a path below a value of this type that the declarations name without
    /// reading a value (so a path below a node that is null now still finds its animations); nil by default.
    static func fixedAnimatedProperties(at path: ArraySlice<String>) -> [String]?
}

extension StateValue {
    @inlinable public func write(to writer: inout JSONWriter) { writer.value(json) }

    public func animatedProperties(at path: ArraySlice<String>) -> [String]? { nil }

    public static func fixedAnimatedProperties(at path: ArraySlice<String>) -> [String]? { nil }
}

/// A string enum of the state tree, written as its raw value.
public protocol StateChoice: StateValue, RawRepresentable, CaseIterable where RawValue == String {}

extension StateChoice {
    @inlinable public var json: JSONValue { .string(rawValue) }

    @inlinable public func write(to writer: inout JSONWriter) { writer.value(rawValue) }
}

extension String: StateValue {
    @inlinable public var json: JSONValue { .string(self) }

    @inlinable public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension Double: StateValue {
    @inlinable public var json: JSONValue { .number(self) }

    @inlinable public func write(to writer: inout JSONWriter) { writer.number(self) }
}

extension Bool: StateValue {
    @inlinable public var json: JSONValue { .bool(self) }

    @inlinable public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension Int: StateValue {
    @inlinable public var json: JSONValue { .int(Int64(self)) }

    @inlinable public func write(to writer: inout JSONWriter) { writer.value(Int64(self)) }
}

extension Int64: StateValue {
    @inlinable public var json: JSONValue { .int(self) }

    @inlinable public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension JSONValue: StateValue {
    /// Itself: free-form data (an action's params, a dataset's extra fields).
    @inlinable public var json: JSONValue { self }

    @inlinable public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension Optional: StateValue where Wrapped: StateValue {
    /// The value, or `null`.
    @inlinable public var json: JSONValue { self?.json ?? .null }

    @inlinable public func write(to writer: inout JSONWriter) {
        if let self { self.write(to: &writer) } else { writer.null() }
    }

    /// The value's, or when it is nil, what the declarations of its type say.
    public func animatedProperties(at path: ArraySlice<String>) -> [String]? {
        guard let self else { return Wrapped.fixedAnimatedProperties(at: path) }
        return self.animatedProperties(at: path)
    }

    public static func fixedAnimatedProperties(at path: ArraySlice<String>) -> [String]? {
        Wrapped.fixedAnimatedProperties(at: path)
    }
}

extension Array: StateValue where Element: StateValue {
    @inlinable public var json: JSONValue { .array(map { $0.json }) }

    @inlinable public func write(to writer: inout JSONWriter) {
        writer.beginArray()
        for element in self { element.write(to: &writer) }
        writer.endArray()
    }

    /// An element's, by index or by its `target` (as ``StatePath`` resolves it).
    public func animatedProperties(at path: ArraySlice<String>) -> [String]? {
        guard let first = path.first else { return nil }
        if let index = Int(first), indices.contains(index) {
            return self[index].animatedProperties(at: path.dropFirst())
        }
        guard let element = self.first(where: { $0.json["target"]?.stringValue == first }) else { return nil }
        return element.animatedProperties(at: path.dropFirst())
    }

    public static func fixedAnimatedProperties(at path: ArraySlice<String>) -> [String]? {
        path.isEmpty ? nil : Element.fixedAnimatedProperties(at: path.dropFirst())
    }
}

extension Dictionary: StateValue where Key == String, Value: StateValue {
    /// An object of the values by key (a map such as `screens`).
    @inlinable public var json: JSONValue { .object(mapValues { $0.json }) }

    /// Members in key order, as ``json`` serializes.
    @inlinable public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        for (key, value) in sorted(by: { JSONKey.precedes($0.key, $1.key) }) {
            writer.key(key)
            value.write(to: &writer)
        }
        writer.endObject()
    }

    /// A value's, by key.
    public func animatedProperties(at path: ArraySlice<String>) -> [String]? {
        guard let first = path.first, let value = self[first] else { return nil }
        return value.animatedProperties(at: path.dropFirst())
    }

    public static func fixedAnimatedProperties(at path: ArraySlice<String>) -> [String]? {
        path.isEmpty ? nil : Value.fixedAnimatedProperties(at: path.dropFirst())
    }
}
