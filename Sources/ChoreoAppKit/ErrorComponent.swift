import ChoreoJSON

/// An error as the OpenRPC document lists it in `#/components/errors`: its code (``RPCError/Code``), a message, an
/// example `data`, and the shared schema of its `data` (listed in `x-error-data`).
public struct ErrorComponent: Sendable {
    /// The component's name, e.g. `UnknownSession`.
    public let name: String
    /// The code.
    public let code: RPCError.Code
    /// What the error means, in one line (the real message says more).
    public let message: String
    /// An example `data` (lists may be abridged with "…").
    public let data: JSONValue
    /// The name of the shared schema of `data`.
    public let dataSchema: String

    /// The component in the document.
    package var json: JSONValue {
        ["code": .int(Int64(code.rawValue)), "message": .string(message), "data": data]
    }

    /// A reference to the component.
    package var reference: JSONValue { ["$ref": .string(OpenRPCRefs.errorPrefix + name)] }
}

extension ErrorComponent {
    public static let parseError = ErrorComponent(
        name: "ParseError", code: .parseError, message: "Parse error: the line is not valid JSON.",
        data: ["detail": "'[' or '{' expected near 'hello'"], dataSchema: "ParseErrorData")
    public static let invalidRequest = ErrorComponent(
        name: "InvalidRequest", code: .invalidRequest,
        message: "Invalid Request: the JSON is not a valid request object, or the line is longer than the limit "
            + "(then the connection is closed).",
        data: ["reason": "'jsonrpc' must be exactly \"2.0\""], dataSchema: "InvalidRequestData")
    public static let methodNotFound = ErrorComponent(
        name: "MethodNotFound", code: .methodNotFound, message: "Method not found; data.methods lists every method.",
        data: ["method": "clock.tick", "methods": ["clock.advance", "clock.now", "…"]], dataSchema: "MethodNotFoundData"
    )
    public static let invalidParams = ErrorComponent(
        name: "InvalidParams", code: .invalidParams,
        message: "Invalid params: data names the parameter and what it must be.",
        data: [
            "parameter": "curve.spring.response", "expected": "a time in seconds from 0.0001 to 10000.0",
            "got": "string",
        ], dataSchema: "InvalidParamsData")
    public static let internalError = ErrorComponent(
        name: "InternalError", code: .internalError, message: "Internal error: a bug in choreod.",
        data: ["detail": "…"], dataSchema: "InternalErrorData")
    public static let unknownSession = ErrorComponent(
        name: "UnknownSession", code: .unknownSession, message: "Unknown session: it was never created or is closed.",
        data: ["session": "s9", "sessions": ["s1", "s2"]], dataSchema: "UnknownSessionData")
    public static let unknownApp = ErrorComponent(
        name: "UnknownApp", code: .unknownApp, message: "Unknown app.",
        data: ["app": "weather", "apps": [Example.defaultApp]], dataSchema: "UnknownAppData")
    public static let unknownStatePath = ErrorComponent(
        name: "UnknownStatePath", code: .unknownStatePath,
        message: "Unknown state path; data names the deepest valid prefix and its keys.",
        data: ["path": "lab.values.y", "validPrefix": "lab.values", "keys": ["x"]], dataSchema: "UnknownPathData")
    public static let unknownTarget = ErrorComponent(
        name: "UnknownTarget", code: .unknownTarget, message: "Unknown target on the current screen.",
        data: ["target": "saveButton", "screen": "dashboard", "targets": ["addButton"]],
        dataSchema: "UnknownTargetData")
    public static let unknownScreen = ErrorComponent(
        name: "UnknownScreen", code: .unknownScreen, message: "Unknown screen.",
        data: ["screen": "home", "screens": ["dashboard", "transactions", "…"]], dataSchema: "UnknownScreenData")
    public static let unsupportedAction = ErrorComponent(
        name: "UnsupportedAction", code: .unsupportedAction, message: "The app has no such action.",
        data: ["action": "ui.navigate", "app": Example.defaultApp], dataSchema: "UnsupportedActionData")
    public static let limitExceeded = ErrorComponent(
        name: "LimitExceeded", code: .limitExceeded, message: "Limit exceeded.",
        data: [
            "limit": "sessions", "maximum": 1000,
            "detail": "close sessions you no longer need (session.close) or start choreod with a larger --max-sessions",
        ], dataSchema: "LimitExceededData")
    public static let shuttingDown = ErrorComponent(
        name: "ShuttingDown", code: .shuttingDown, message: "choreod is shutting down; reconnect to a new daemon.",
        data: [:], dataSchema: "ShuttingDownData")

    /// Every error component, one per ``RPCError/Code``.
    public static let all: [ErrorComponent] = [
        parseError, invalidRequest, methodNotFound, invalidParams, internalError, unknownSession, unknownApp,
        unknownStatePath, unknownTarget, unknownScreen, unsupportedAction, limitExceeded, shuttingDown,
    ]
}
