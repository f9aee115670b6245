import ChoreoEngine
import ChoreoJSON

/// A JSON-RPC error object: a code, a message a person understands and a `data` object.
///
/// This file is the one place where errors get their codes. Codes -32700…-32600 are JSON-RPC 2.0's; the
/// application's own are in -32000…-32099 and never change meaning.
public struct RPCError: Error, Sendable, Hashable {
    /// The JSON-RPC error code.
    public var code: Int
    /// One sentence saying what went wrong and how to fix it.
    public var message: String
    /// Structured details (an object).
    public var data: JSONValue

    public init(code: Int, message: String, data: JSONValue = [:]) {
        self.code = code
        self.message = message
        self.data = data
    }

    package init(code: Code, message: String, data: JSONValue = [:]) {
        self.init(code: code.rawValue, message: message, data: data)
    }

    /// Every code the protocol answers with: JSON-RPC 2.0's own (-32700…-32600) and the application's
    /// (-32000…-32099). `#/components/errors` in the OpenRPC document lists them (``ErrorComponent``).
    public enum Code: Int, Sendable, CaseIterable {
        /// The line is not valid JSON.
        case parseError = -32700
        /// The JSON is not a valid request object, or the line is too long.
        case invalidRequest = -32600
        /// No such method.
        case methodNotFound = -32601
        /// A parameter is missing, of the wrong type, out of range or unknown.
        case invalidParams = -32602
        /// A bug in choreod.
        case internalError = -32603
        /// The session id is not open (never created, closed or expired).
        case unknownSession = -32000
        /// No such app.
        case unknownApp = -32001
        /// No such state path.
        case unknownStatePath = -32002
        /// No such target on the current screen.
        case unknownTarget = -32003
        /// No such screen.
        case unknownScreen = -32004
        /// The app has no such action.
        case unsupportedAction = -32005
        /// A limit was reached.
        case limitExceeded = -32010
        /// The daemon is shutting down.
        case shuttingDown = -32020
    }

    /// The error as the `error` member of a response.
    public var json: JSONValue {
        ["code": .int(Int64(code)), "message": .string(message), "data": data]
    }
}

extension RPCError {
    /// -32700: the line is not valid JSON.
    public static func parseError(_ detail: String) -> RPCError {
        RPCError(
            code: .parseError, message: "Parse error: the line is not valid JSON (\(detail)).",
            data: ["detail": .string(detail)])
    }

    /// -32600: the JSON is not a valid request object.
    public static func invalidRequest(_ reason: String) -> RPCError {
        RPCError(code: .invalidRequest, message: "Invalid Request: \(reason).", data: ["reason": .string(reason)])
    }

    /// -32600: a line longer than the limit; the connection is closed after this error.
    public static func lineTooLong(limit: Int) -> RPCError {
        RPCError(
            code: .invalidRequest,
            message: "Invalid Request: the line is longer than \(limit) bytes; the connection will be closed. "
                + "Send smaller requests or start choreod with a larger --max-line-bytes.",
            data: ["reason": "line too long", "maxLineBytes": .int(Int64(limit))])
    }

    /// -32601: no such method.
    public static func methodNotFound(_ method: String, known: [String]) -> RPCError {
        RPCError(
            code: .methodNotFound, message: "Method not found: '\(method)'. Call rpc.discover for the list of methods.",
            data: ["method": .string(method), "methods": .array(known.map { .string($0) })])
    }

    /// -32602: a parameter is missing, of the wrong type, out of range or unknown.
    public static func invalidParams(_ parameter: String, expected: String, got: JSONValue? = nil) -> RPCError {
        var data: [String: JSONValue] = ["parameter": .string(parameter), "expected": .string(expected)]
        if let got { data["got"] = .string(got.typeName) }
        return RPCError(
            code: .invalidParams, message: "Invalid params: '\(parameter)' must be \(expected).", data: .object(data))
    }

    /// -32603: a bug in choreod.
    public static func internalError(_ detail: String) -> RPCError {
        RPCError(code: .internalError, message: "Internal error: \(detail).", data: ["detail": .string(detail)])
    }

    /// -32000: the session id is not open.
    public static func unknownSession(_ id: String, open: [String]) -> RPCError {
        RPCError(
            code: .unknownSession,
            message: "Unknown session '\(id)': it was never created or is closed. Create one with session.create.",
            data: ["session": .string(id), "sessions": .array(open.map { .string($0) })])
    }

    /// -32000: the session was closed because no request named it for the idle time.
    public static func expiredSession(_ id: String, idleSeconds: Double, open: [String]) -> RPCError {
        let seconds = idleSeconds.rounded() == idleSeconds ? String(Int64(idleSeconds)) : String(idleSeconds)
        return RPCError(
            code: .unknownSession,
            message: "Unknown session '\(id)': it expired after \(seconds) s without a request naming it. Create a "
                + "new one with session.create (or session.import a saved export); start choreod with a larger "
                + "--session-idle-seconds to keep sessions longer.",
            data: [
                "session": .string(id), "sessions": .array(open.map { .string($0) }), "expired": true,
                "idleSeconds": .number(idleSeconds),
            ])
    }

    /// -32602: a `session.import` snapshot that cannot be restored; `parameter` names the part at fault.
    public static func invalidSnapshot(
        _ parameter: String, expected: String, detail: [String: JSONValue] = [:]
    ) -> RPCError {
        var data: [String: JSONValue] = ["parameter": .string(parameter), "expected": .string(expected)]
        for (key, value) in detail { data[key] = value }
        return RPCError(
            code: .invalidParams, message: "Invalid params: '\(parameter)' must be \(expected).", data: .object(data))
    }

    /// -32603: the session's app or the engine broke one of its own rules (``ModelBug``). The request was undone;
    /// the protocol adds the session, the method and a reproducer to `data` (``withRequest(session:method:params:reproducer:)``).
    public static func modelBug(_ bug: ModelBug) -> RPCError {
        RPCError(
            code: .internalError,
            message: "Internal error: a bug in the model of the app '\(bug.app)' (\(bug.subject)): \(bug.problem). "
                + "Fix: \(bug.fix). The request was undone: the session is as it was before it.",
            data: [
                "app": .string(bug.app), "subject": .string(bug.subject), "problem": .string(bug.problem),
                "fix": .string(bug.fix), "modelBug": true,
            ])
    }

    /// A -32603 model bug's data with the request that met it: the session, the method, its params and how to
    /// reproduce it (`reproducer`: the session's export before the request, or words saying how to get it).
    package func withRequest(session: String, method: String, params: JSONValue, reproducer: JSONValue) -> RPCError {
        guard case .object(var fields) = data, fields["modelBug"] == true else { return self }
        fields["session"] = .string(session)
        fields["method"] = .string(method)
        fields["params"] = params
        fields["reproducer"] = reproducer
        var error = self
        error.data = .object(fields)
        return error
    }

    /// -32010: a limit was reached.
    public static func limitExceeded(_ limit: String, maximum: Int, detail: String) -> RPCError {
        RPCError(
            code: .limitExceeded, message: "Limit exceeded: \(limit) (maximum \(maximum)); \(detail).",
            data: ["limit": .string(limit), "maximum": .int(Int64(maximum)), "detail": .string(detail)])
    }

    /// -32010: the replies to a batch line passed ``Limits/maxReplyBytes`` (`limit`, in bytes) after `ran` of its `of`
    /// requests had run; the rest did not run. Answered in place of the batch's replies, with id null.
    public static func replyTooLarge(limit: Int, ran: Int, of count: Int) -> RPCError {
        let detail =
            "the replies to this batch passed \(limit) bytes after \(ran) of its \(count) requests had run (their "
            + "effects stay; the rest did not run, and no reply of the batch is sent); send fewer requests per batch, "
            + "ask for less per request, or start choreod with a larger --max-reply-bytes"
        return RPCError(
            code: .limitExceeded, message: "Limit exceeded: replyBytes (maximum \(limit)); \(detail).",
            data: [
                "limit": "replyBytes", "maximum": .int(Int64(limit)), "detail": .string(detail),
                "ran": .int(Int64(ran)), "requests": .int(Int64(count)),
            ])
    }

    /// -32020: the daemon is shutting down and takes no new sessions.
    public static let shuttingDown = RPCError(
        code: .shuttingDown, message: "choreod is shutting down; reconnect to a new daemon.", data: [:])

    /// Maps a simulation error to its JSON-RPC error.
    public init(_ error: SimulationError) {
        switch error {
        case .unknownApp(let app, let available):
            self.init(
                code: .unknownApp,
                message: "Unknown app '\(app)'. Available apps: \(available.joined(separator: ", ")).",
                data: ["app": .string(app), "apps": .array(available.map { .string($0) })])
        case .unknownPath(let path, let prefix, let keys):
            let at = prefix.isEmpty ? "the root" : "'\(prefix)'"
            self.init(
                code: .unknownStatePath,
                message:
                    "Unknown state path '\(path)'. Keys at \(at): \(keys.isEmpty ? "none" : keys.joined(separator: ", ")).",
                data: [
                    "path": .string(path), "validPrefix": .string(prefix), "keys": .array(keys.map { .string($0) }),
                ])
        case .nullPath(let path, let prefix, let because):
            var data: [String: JSONValue] = [
                "path": .string(path), "validPrefix": .string(prefix), "keys": [], "null": true,
            ]
            if let because { data["nullBecause"] = .string(because) }
            self.init(
                code: .unknownStatePath,
                message: "No value at '\(path)': '\(prefix)' is null now"
                    + (because.map { " (\($0))" } ?? "") + "; read '\(prefix)' itself to see it.",
                data: .object(data))
        case .unknownTarget(let target, let screen, let valid, let reason):
            var data: [String: JSONValue] = [
                "target": .string(target), "screen": .string(screen), "targets": .array(valid.map { .string($0) }),
            ]
            if let reason { data["reason"] = .string(reason) }
            let targets = valid.isEmpty ? "none" : valid.joined(separator: ", ")
            let message =
                reason.map {
                    "Target '\(target)' on screen '\(screen)' takes no tap: \($0). Valid targets: \(targets)."
                }
                ?? "Unknown target '\(target)' on screen '\(screen)'. Valid targets: \(targets)."
            self.init(code: .unknownTarget, message: message, data: .object(data))
        case .unknownScreen(let screen, let valid):
            self.init(
                code: .unknownScreen, message: "Unknown screen '\(screen)'. Screens: \(valid.joined(separator: ", ")).",
                data: ["screen": .string(screen), "screens": .array(valid.map { .string($0) })])
        case .unsupportedAction(let action, let app):
            self.init(
                code: .unsupportedAction, message: "The app '\(app)' has no action '\(action)'.",
                data: ["action": .string(action), "app": .string(app)])
        case .invalidValue(let parameter, let expected):
            self = .invalidParams(parameter, expected: expected)
        case .limitExceeded(let limit, let maximum, let detail):
            self = .limitExceeded(limit, maximum: maximum, detail: detail)
        case .modelBug(let bug):
            self = .modelBug(bug)
        }
    }
}
