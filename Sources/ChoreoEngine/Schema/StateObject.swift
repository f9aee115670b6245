import ChoreoJSON

/// A node of the state tree declared field by field (``fields``): its JSON, its shape in the schema and its
/// animated properties all come from that one list, and each field reads its value through a key path of the type,
/// so a field the type does not have does not compile.
///
/// ```swift
/// struct HeroView: StateObject {
///     var progress: Double
///     static let fields: [StateProperty<HeroView>] = [
///         StateProperty("progress", \.progress, .fraction, "0 at the link, 1 at the destination.")
///     ]
/// }
/// ```
public protocol StateObject: StateValue {
    /// The fields, in the order the state reference lists them.
    static var fields: [StateProperty<Self>] { get }

    /// The animated properties behind the whole node (every property whose path starts with one of them), or nil
    /// when the node's own state path names them.
    var animatedProperties: [String]? { get }
}

extension StateObject {
    @inlinable
    public var json: JSONValue {
        let fields = Self.fields
        var object: [String: JSONValue] = Dictionary(minimumCapacity: fields.count)
        for field in fields { field.write(self, &object) }
        return .object(object)
    }

    /// The fields in key order, written straight to text.
    @inlinable
    public func write(to writer: inout JSONWriter) {
        StateProperty.writeObject(Self.fields, of: self, to: &writer)
    }

    public var animatedProperties: [String]? { nil }

    public func animatedProperties(at path: ArraySlice<String>) -> [String]? {
        guard let name = path.first else { return animatedProperties }
        return Self.fields.first { $0.declaration.name == name }?.animated(self, path.dropFirst())
    }

    public static func fixedAnimatedProperties(at path: ArraySlice<String>) -> [String]? {
        guard let name = path.first else { return nil }
        return fields.first { $0.declaration.name == name }?.fixed(path.dropFirst())
    }

    /// The node's shape for the schema: an object of ``fields``.
    public static var shape: StateShape { .object(fields.map(\.declaration)) }
}

/// One field of a ``StateObject``: its declaration (name, shape, meaning) and how it reads its value.
///
/// A field whose state path is not the name of the animated properties behind it says which they are:
/// `animates` when they do not depend on the value (`navigation.transition.progress` → `navigation.progress`; also
/// answered while the node above is null), `animatesWith` when they do (`sheet.progress` → `sheet.3.progress`).
public struct StateProperty<Root>: Sendable {
    /// The field as the schema and the state reference show it.
    public let declaration: StateField
    /// Writes the field's value into the node's object (nothing when an optional field is absent).
    @usableFromInline let write: @Sendable (Root, inout [String: JSONValue]) -> Void
    /// The field's name as a member's key.
    @usableFromInline let key: JSONKey
    /// Writes the field as a member, `"name":value` (nothing when an optional field is absent).
    @usableFromInline let emit: @Sendable (Root, inout JSONWriter) -> Void
    /// The animated properties behind the field (empty rest) or behind a path below it.
    @usableFromInline let animated: @Sendable (Root, ArraySlice<String>) -> [String]?
    /// The same, from the declarations alone (no value to read: the node above is null).
    @usableFromInline let fixed: @Sendable (ArraySlice<String>) -> [String]?
    /// The field's value, typed (for a top-level node, ``AppModel/stateTree``).
    @usableFromInline let read: @Sendable (Root) -> any StateValue

    /// A field always present, read by `value` (a key path such as `\.progress`).
    @inlinable
    public init<Value: StateValue>(
        _ name: String, _ value: @escaping @Sendable (Root) -> Value, _ shape: StateShape, _ meaning: String,
        animates: [String]? = nil, animatesWith: (@Sendable (Root) -> [String]?)? = nil
    ) {
        self.init(StateField(name, shape, meaning), value, animates: animates, animatesWith: animatesWith)
    }

    /// A field present only `presentWhen` (absent when `value` reads nil).
    @inlinable
    public init<Value: StateValue>(
        _ name: String, _ value: @escaping @Sendable (Root) -> Value?, _ shape: StateShape, _ meaning: String,
        presentWhen: String, animates: [String]? = nil, animatesWith: (@Sendable (Root) -> [String]?)? = nil
    ) {
        let key = JSONKey(name)
        self.init(
            declaration: StateField(name, shape, meaning, presentWhen: presentWhen), value: value,
            write: { root, object in
                if let present = value(root) { object[name] = present.json }
            },
            emit: { root, writer in
                guard let present = value(root) else { return }
                writer.key(key)
                present.write(to: &writer)
            }, animates: animates, animatesWith: animatesWith)
    }

    /// A field declared elsewhere (a top-level node's `StateField`, next to its feature), read by `value`.
    @inlinable
    public init<Value: StateValue>(
        _ declaration: StateField, _ value: @escaping @Sendable (Root) -> Value, animates: [String]? = nil,
        animatesWith: (@Sendable (Root) -> [String]?)? = nil
    ) {
        let name = declaration.name
        let key = JSONKey(name)
        self.init(
            declaration: declaration, value: value, write: { root, object in object[name] = value(root).json },
            emit: { root, writer in
                writer.key(key)
                value(root).write(to: &writer)
            }, animates: animates, animatesWith: animatesWith)
    }

    /// A field read by `value` and written by `write`: its animated properties are `animates` (also below a null
    /// node) or `animatesWith` the value's for the field itself, and the value's own below it.
    @inlinable
    init<Value: StateValue>(
        declaration: StateField, value: @escaping @Sendable (Root) -> Value,
        write: @escaping @Sendable (Root, inout [String: JSONValue]) -> Void,
        emit: @escaping @Sendable (Root, inout JSONWriter) -> Void, animates: [String]?,
        animatesWith: (@Sendable (Root) -> [String]?)?
    ) {
        self.init(
            declaration: declaration, read: { value($0) }, write: write, emit: emit,
            animated: { root, rest in
                if rest.isEmpty, let named = animates ?? animatesWith?(root) { return named }
                return value(root).animatedProperties(at: rest)
            },
            fixed: { rest in
                if rest.isEmpty, let animates { return animates }
                return Value.fixedAnimatedProperties(at: rest)
            })
    }

    /// A nested object whose `fields` read from the same value (`refresh.armed.light` from the refresh's
    /// `armedLight`), for a group that has no type of its own.
    @inlinable
    public static func group(
        _ name: String, _ meaning: String, _ fields: [StateProperty<Root>], animates: [String]? = nil
    ) -> StateProperty {
        @Sendable func object(_ root: Root) -> JSONValue {
            var group: [String: JSONValue] = Dictionary(minimumCapacity: fields.count)
            for field in fields { field.write(root, &group) }
            return .object(group)
        }
        let key = JSONKey(name)
        let ordered = inKeyOrder(fields)
        return StateProperty(
            declaration: StateField(name, .object(fields.map(\.declaration)), meaning), read: { object($0) },
            write: { root, target in target[name] = object(root) },
            emit: { root, writer in
                writer.key(key)
                writer.beginObject()
                for field in ordered { field.emit(root, &writer) }
                writer.endObject()
            },
            animated: { root, rest in
                guard let first = rest.first else { return animates }
                return fields.first { $0.declaration.name == first }?.animated(root, rest.dropFirst())
            },
            fixed: { rest in
                guard let first = rest.first else { return animates }
                return fields.first { $0.declaration.name == first }?.fixed(rest.dropFirst())
            })
    }

    /// This field of a part of another value (`celebration.current` shows its celebration's fields): the same
    /// declaration, reading the part with `part`.
    @inlinable
    public func reading<Whole>(_ part: @escaping @Sendable (Whole) -> Root) -> StateProperty<Whole> {
        let write = self.write
        let emit = self.emit
        let animated = self.animated
        let read = self.read
        return StateProperty<Whole>(
            declaration: declaration, read: { read(part($0)) }, write: { whole, object in write(part(whole), &object) },
            emit: { whole, writer in emit(part(whole), &writer) },
            animated: { whole, rest in animated(part(whole), rest) }, fixed: fixed)
    }

    @usableFromInline
    init(
        declaration: StateField, read: @escaping @Sendable (Root) -> any StateValue,
        write: @escaping @Sendable (Root, inout [String: JSONValue]) -> Void,
        emit: @escaping @Sendable (Root, inout JSONWriter) -> Void,
        animated: @escaping @Sendable (Root, ArraySlice<String>) -> [String]?,
        fixed: @escaping @Sendable (ArraySlice<String>) -> [String]?
    ) {
        self.declaration = declaration
        self.read = read
        self.write = write
        self.emit = emit
        key = JSONKey(declaration.name)
        self.animated = animated
        self.fixed = fixed
    }
}

extension StateProperty {
    /// Writes `fields` of `root` as one object, its members in key order (``JSONKey/inOrder(_:key:_:)``).
    @inlinable
    public static func writeObject(_ fields: [StateProperty], of root: Root, to writer: inout JSONWriter) {
        writer.beginObject()
        JSONKey.inOrder(
            fields.count, key: { fields[$0].key },
            { order in
                for field in order { fields[field].emit(root, &writer) }
            })
        writer.endObject()
    }

    /// `fields` in key order.
    @usableFromInline
    static func inKeyOrder(_ fields: [StateProperty]) -> [StateProperty] {
        fields.sorted { $0.key.precedes($1.key) }
    }
}
