import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension OpenRPCComponents {
    /// The one result shape of an action the app declines now (``Refusal``), shared by every `ui.*` and `app.*`
    /// action of every app; `reasons` are the engine's and the hosted apps' (``AppRegistry/refusalReasons``).
    static func addRefusal(to s: inout [String: JSONSchema], reasons: [Refusal.Reason]) {
        let codes = reasons.map { "`\($0.rawValue)`: \($0.summary)" }.joined(separator: " ")
        s["Refusal"] = .object(
            """
            The app declines this valid action now (protocol/README.md "Refusals"): nothing changed, no haptic \
            played. The same shape for every action of every app. Requests that can never succeed as written are \
            errors instead (-32602, -32003).
            """,
            properties: [
                "refused": .boolean().constant(true),
                "reason": .string("A stable code. \(codes)").choices(reasons.map { .string($0.rawValue) }),
                "message": .string(
                    "The reason in words, naming an action that helps (never one that is itself refused now)."),
                "retryAfterMs": .integer(
                    """
                    Present only when waiting alone removes every blocker present: the least whole number of \
                    virtual milliseconds, at least 1, to advance the clock (clock.advance) after which every \
                    time-bound blocker is gone and the same request is accepted, if nothing else changes; one \
                    millisecond less and it is still refused (unless what blocks ends at this very instant but has \
                    not fired yet: then 1).
                    """
                ).minimum(1),
                "blockers": .array(
                    of: .string("A reason code."),
                    "Present when more than one thing blocks the request: every blocker's code, `reason` first, in "
                        + "the order the message names them."),
            ], required: ["refused", "reason", "message"], additionalProperties: false)
    }
}
