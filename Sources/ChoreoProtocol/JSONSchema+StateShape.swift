import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension JSONSchema {
    /// The JSON Schema of values of a declared shape (a state node's, an action result's): objects list their
    /// fields as properties (each described by its meaning; those without `presentWhen` required) and allow no
    /// others; numbers keep their range, strings their choices.
    public init(_ shape: StateShape, _ description: String? = nil) {
        var schema: JSONSchema
        switch shape {
        case .bool: schema = .boolean()
        case .string(let choices):
            schema = .string()
            if let choices { schema = schema.choices(choices.map { .string($0) }) }
        case .number(_, let range):
            schema = .number()
            if let range { schema = schema.minimum(.number(range.lowerBound)).maximum(.number(range.upperBound)) }
        case .integer(_, let range):
            schema = .integer()
            if let range { schema = schema.minimum(.int(range.lowerBound)).maximum(.int(range.upperBound)) }
        case .array(let element): schema = .array(of: JSONSchema(element))
        case .object(let fields):
            let required = fields.filter { $0.presentWhen == nil }.map(\.name)
            schema = .object(
                propertyList: fields.map { ($0.name, JSONSchema($0.shape, $0.described)) }, required: required,
                additionalProperties: false)
        case .map(_, let value): schema = JSONSchema.object().additionalProperties(JSONSchema(value))
        case .nullable(let shape, _):
            schema = JSONSchema(shape).orNull()
            if let choices = schema.members["enum"]?.arrayValue { schema = schema.choices(choices + [.null]) }
        case .any: schema = .anything()
        }
        if let description { schema = schema.described(description) }
        self = schema
    }
}

extension StateField {
    /// The meaning, with when the field is present for one that is not always.
    fileprivate var described: String {
        guard let presentWhen else { return meaning }
        return "\(meaning) Present when \(presentWhen)."
    }
}

extension MethodResult {
    /// `method`'s result as `apps` answer it: any of the result types they declare for it, each titled by its type
    /// and described by its summary and the apps that answer with it, or a refusal.
    static func answered(_ method: String, by apps: AppRegistry) -> MethodResult {
        var types: [(type: any ActionResult.Type, apps: [String])] = []
        for app in apps.apps {
            for type in app.actionResults where type.answers.contains(method) {
                if let index = types.firstIndex(where: { ObjectIdentifier($0.type) == ObjectIdentifier(type) }) {
                    types[index].apps.append(app.appName)
                } else {
                    types.append((type, [app.appName]))
                }
            }
        }
        let alternatives = types.map { type, apps in
            JSONSchema(type.shape, "\(type.summary) Answered by \(apps.joined(separator: ", ")).")
                .with("title", .string(type.resultName))
        }
        return MethodResult(
            "result", JSONSchema(["anyOf": .array((alternatives + [JSONSchema.ref("Refusal")]).map(\.json))]),
            answeredByApps: true)
    }
}
