import ChoreoAppKit
import ChoreoJSON

extension OpenRPCComponents {
    /// Shared schemas: ErrorData.
    static func addErrorData(to s: inout [String: JSONSchema]) {
        s["ParseErrorData"] = .object(
            "data of -32700.", properties: ["detail": .string("What the JSON parser said.")], required: ["detail"],
            additionalProperties: true)
        s["InvalidRequestData"] = .object(
            "data of -32600.",
            properties: [
                "reason": .string(
                    """
                    Why the request is not valid, e.g. `'jsonrpc' must be exactly "2.0"`, `an empty batch`, `line \
                    too long`.
                    """), "maxLineBytes": .integer("Only with reason `line too long`: the limit in bytes."),
            ], required: ["reason"], additionalProperties: true)
        s["MethodNotFoundData"] = .object(
            "data of -32601.",
            properties: [
                "method": .string("The name that was called."),
                "methods": .array(of: .string(), "Every method the daemon serves, sorted."),
            ], required: ["method", "methods"], additionalProperties: true)
        s["InvalidParamsData"] = .object(
            "data of -32602.",
            properties: [
                "parameter": .string(
                    """
                    The parameter's full dotted name (`at`, `curve.spring.response`, `settings.mode`), or \
                    `params` when params is not an object.
                    """), "expected": .string("What it must be, in words."),
                "got": .string("The JSON type that was sent (present when a value of the wrong kind was sent).")
                    .choices("null", "boolean", "integer", "number", "string", "array", "object"),
            ], required: ["parameter", "expected"], additionalProperties: true)
        s["InternalErrorData"] = .object(
            "data of -32603.", properties: ["detail": .string()], required: ["detail"], additionalProperties: true)
        s["UnknownSessionData"] = .object(
            "data of -32000.",
            properties: [
                "session": .string("The id that was given."),
                "sessions": .array(of: .ref("SessionId"), "The ids open now, in creation order."),
                "expired": .boolean(
                    """
                    Present and true when the session was closed for being idle (see daemon.info \
                    limits.sessionIdleSeconds).
                    """), "idleSeconds": .number("With `expired`: the idle time after which sessions close."),
            ], required: ["session", "sessions"], additionalProperties: true)
        s["UnknownAppData"] = .object(
            "data of -32001.", properties: ["app": .string(), "apps": .array(of: .string(), "Apps available.")],
            required: ["app", "apps"], additionalProperties: true)
        s["UnknownPathData"] = .object(
            "data of -32002.",
            properties: [
                "path": .string("The path that was given."),
                "validPrefix": .string("The deepest prefix that exists (empty: the root)."),
                "keys": .array(
                    of: .string(), "The keys at validPrefix, sorted; for an array its index range such as `0...3`."),
                "null": .boolean("Present and true when validPrefix exists but is null now (nothing below it)."),
                "nullBecause": .string("Why validPrefix may be null, from the app's state declarations."),
            ], required: ["path", "validPrefix", "keys"], additionalProperties: true)
        s["UnknownTargetData"] = .object(
            "data of -32003.",
            properties: [
                "target": .string(), "screen": .string(),
                "targets": .array(of: .string(), "Targets valid on that screen."),
                "reason": .string(
                    """
                    Present when nothing takes a tap now and why: a sheet is being dismissed and the target is \
                    neither on it nor under it (targets on it or under it are refused instead: Refusal).
                    """),
            ], required: ["target", "screen", "targets"], additionalProperties: true)
        s["UnknownScreenData"] = .object(
            "data of -32004.",
            properties: ["screen": .string(), "screens": .array(of: .string(), "The app's screens.")],
            required: ["screen", "screens"], additionalProperties: true)
        s["UnsupportedActionData"] = .object(
            "data of -32005.", properties: ["action": .string(), "app": .string()], required: ["action", "app"],
            additionalProperties: true)
        s["LimitExceededData"] = .object(
            "data of -32010.",
            properties: [
                "limit": .string("Which limit.").choices(
                    "sessions", "eventsPerAdvance", "subscriptionsPerConnection", "timersPerSession",
                    "animationsPerSession"), "maximum": .integer("Its value."),
                "detail": .string(
                    """
                    What to do; for eventsPerAdvance where the clock stopped; for timersPerSession and \
                    animationsPerSession that the request was undone.
                    """),
            ], required: ["limit", "maximum", "detail"], additionalProperties: true)
        s["ShuttingDownData"] = .object("data of -32020: an empty object.", properties: [:], additionalProperties: true)
    }
}
