import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let eventsMethods = [eventsSubscribe, eventsUnsubscribe]

    static let eventsSubscribe = Method(
        "events.subscribe",
        summary: "Pushes a session's new trace events to this connection.",
        description: """
            From now on, every event recorded in the session (optionally only of some kinds) is sent to this \
            connection as an `event` notification {subscription, session, event}, in trace order, as soon as \
            the request that caused it ran — before that request's own reply when it came from this \
            connection. A subscription ends with events.unsubscribe, session.close or the connection closing. \
            At most 64 per connection (-32010).
            """,
        params: Param.session,
        Param.eventKinds("kinds", "Only events of these kinds (default: all).", schema: "Event kinds to deliver."),
        result: MethodResult(
            "subscription",
            .object(
                properties: ["subscription": .integer("The subscription id, unique in the daemon.").minimum(1)],
                required: ["subscription"], additionalProperties: true)),
        errors: [.limitExceeded],
        examples: [
            Example(
                "haptics and timers", description: "After: session.create {}.",
                params: ["session": "s1", "kinds": ["haptic", "timer"]], result: ["subscription": 1])
        ]
    ) { (state: inout DaemonState, context, session, kinds) throws(RPCError) in
        let slot = try state.slot(session)
        let mine = state.subscriptions.values.filter { $0.connection == context.connection }.count
        guard mine < state.limits.maxSubscriptionsPerConnection else {
            throw .limitExceeded(
                "subscriptionsPerConnection", maximum: state.limits.maxSubscriptionsPerConnection,
                detail: "unsubscribe first (events.unsubscribe)")
        }
        // Events from the session's last finished change on: never waits for a request running on it.
        let id = state.subscribe(connection: context.connection, session: session, slot: slot, kinds: kinds)
        return ["subscription": .int(Int64(id))]
    }

    static let eventsUnsubscribe = Method(
        "events.unsubscribe",
        summary: "Ends a subscription of this connection.",
        description: """
            No `event` notification of the subscription follows the reply. Only the connection that \
            subscribed can end it.
            """,
        params: Param.integer(
            "subscription", "A subscription this connection holds (another connection's is -32602).",
            in: 1...Int64.max, expected: "a subscription id from events.subscribe"
        ).schemaDescription("An id from events.subscribe."),
        result: MethodResult(
            "unsubscribed",
            .object(
                properties: ["unsubscribed": .boolean().constant(true)], required: ["unsubscribed"],
                additionalProperties: true)),
        examples: [
            Example(
                "unsubscribe", description: "After: session.create {}; events.subscribe {\"session\": \"s1\"}.",
                params: ["subscription": 1], result: ["unsubscribed": true])
        ]
    ) { (state: inout DaemonState, context, subscription) throws(RPCError) in
        let id = Int(subscription)
        guard let held = state.subscriptions[id], held.connection == context.connection else {
            throw .invalidParams("subscription", expected: "a subscription id this connection holds")
        }
        state.unsubscribe(id)
        return ["unsubscribed": true]
    }
}
