import ChoreoJSON

/// What the protocol says about one named parameter: the OpenRPC content descriptor, and what a wrong value is told.
///
/// Made by the ``Param`` constructors together with the reader that validates the parameter (``Parameter``), so
/// the document and the validation come from one declaration.
public struct ParamSpec: Sendable {
    /// What kind of value a parameter takes, as its reader validates it.
    public enum Kind: Sendable, Hashable {
        /// A string.
        case string
        /// `true` or `false`.
        case boolean
        /// A finite number in the range.
        case number(ClosedRange<Double>)
        /// A whole number in the range.
        case integer(ClosedRange<Int64>)
        /// A span of virtual time in milliseconds, 0 to 1e12.
        case milliseconds
        /// One of these strings.
        case choice([String])
        /// An object (its members declared in ``ParamSpec/fields`` when it has declared members).
        case object
        /// A shape with a reader of its own (a curve, `motion.sample`'s times, event kinds); the schema says more.
        case custom
    }

    /// The parameter's name in the params object.
    public var name: String
    /// What it means, for the document.
    public var description: String
    /// What kind of value it takes.
    public var kind: Kind
    /// Whether a call must give it (a present `null` counts as absent).
    public var required: Bool
    /// Its schema in the document.
    public var schema: JSONSchema
    /// What `data.expected` says when a value of the wrong JSON type is sent (the -32602 message).
    public var expected: String
    /// The parameters of a nested object parameter (`settings.mode`, `budgets.maxSettleMs`); empty otherwise.
    public var fields: [ParamSpec] = []
    /// The shared content descriptor it is (`#/components/contentDescriptors/NAME`), if any.
    public var component: String?

    package init(
        name: String, description: String, kind: Kind, required: Bool, schema: JSONSchema, expected: String,
        fields: [ParamSpec] = [], component: String? = nil
    ) {
        self.name = name
        self.description = description
        self.kind = kind
        self.required = required
        self.schema = schema
        self.expected = expected
        self.fields = fields
        self.component = component
    }

    /// The content descriptor in the document: a reference to the shared one, or the descriptor itself.
    package var json: JSONValue {
        if let component { return ["$ref": .string(OpenRPCRefs.contentDescriptorPrefix + component)] }
        return descriptor
    }

    /// The descriptor itself.
    package var descriptor: JSONValue {
        [
            "name": .string(name), "required": .bool(required), "description": .string(description),
            "schema": schema.json,
        ]
    }
}

/// A declared parameter that reads its value: the typed half of a declaration. A method's handler receives the
/// values its parameters read, in order, and nothing else, so it cannot read a name it did not declare.
///
/// Most parameters read one name; a group (the settings keys of `settings.set`) reads several.
public struct Parameter<Value: Sendable>: Sendable {
    /// The names it reads, as the document lists them.
    public internal(set) var specs: [ParamSpec]
    /// Reads and validates the value from params whose names have been checked.
    package let read: @Sendable (Params) throws(RPCError) -> Value

    package init(_ specs: [ParamSpec], read: @escaping @Sendable (Params) throws(RPCError) -> Value) {
        self.specs = specs
        self.read = read
    }

    package init(_ spec: ParamSpec, read: @escaping @Sendable (Params) throws(RPCError) -> Value) {
        self.init([spec], read: read)
    }

    /// Reads the parameter from a nested object of params (`snapshot.config`): the object must hold only these
    /// names; errors name the full path.
    package func read(_ object: JSONValue?, prefix: String) throws(RPCError) -> Value {
        try read(Params(object, allowed: Set(specs.map(\.name)), prefix: prefix))
    }

    /// The one spec of a single-name parameter.
    package var spec: ParamSpec {
        precondition(specs.count == 1, "a group of parameters has no single spec")
        return specs[0]
    }

    private func editingSpec(_ edit: (inout ParamSpec) -> Void) -> Parameter {
        var copy = self
        copy.specs = specs.map { spec in
            var spec = spec
            edit(&spec)
            return spec
        }
        return copy
    }

    /// The same parameter, optional: nil when absent or `null`.
    public var optional: Parameter<Value?> {
        let read = self.read
        let name = spec.name
        var specs = self.specs
        specs[0].required = false
        specs[0].component = nil
        return Parameter<Value?>(specs) { (p: Params) throws(RPCError) -> Value? in
            p.has(name) ? try read(p) : nil
        }
    }

    /// The schema's own description (besides the descriptor's).
    public func schemaDescription(_ text: String) -> Parameter {
        editingSpec { $0.schema = $0.schema.described(text) }
    }

    /// The schema described with the descriptor's description (for parameters also listed as object properties).
    public var describingSchema: Parameter {
        editingSpec { $0.schema = $0.schema.described($0.description) }
    }
}

extension Parameter where Value: DocumentedDefault {
    /// The same parameter, optional, with the value assumed when absent or `null` (listed as the schema's default).
    public func defaulting(to value: Value) -> Parameter {
        let read = self.read
        let name = spec.name
        var copy = editingSpec {
            $0.required = false
            $0.schema = $0.schema.defaultValue(value.defaultJSON)
        }
        copy = Parameter(copy.specs) { (p: Params) throws(RPCError) -> Value in
            p.has(name) ? try read(p) : value
        }
        return copy
    }
}

/// A value a parameter's default can be documented as.
public protocol DocumentedDefault: Sendable {
    /// The value as JSON.
    var defaultJSON: JSONValue { get }
}

extension String: DocumentedDefault {
    public var defaultJSON: JSONValue { .string(self) }
}

extension Double: DocumentedDefault {
    public var defaultJSON: JSONValue { .number(self) }
}

extension Int64: DocumentedDefault {
    public var defaultJSON: JSONValue { .int(self) }
}

extension Bool: DocumentedDefault {
    public var defaultJSON: JSONValue { .bool(self) }
}
