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
                    Present only when waiting alone helps: the least whole number of virtual milliseconds to \
                    advance the clock (clock.advance) after which the same request is accepted, if nothing else \
                    changes; one millisecond less and it is still refused. 0 when what blocks it ends now but has \
                    not fired yet (a timer due at this instant): clock.advance {ms: 0} fires it.
                    """
                ).minimum(0),
            ], required: ["refused", "reason", "message"], additionalProperties: false)
    }
}
