import ChoreoAppKit
import ChoreoJSON

extension OpenRPCComponents {
    /// The `event` notification: a trace event of a subscribed session (``DaemonState/pendingNotifications()``), or
    /// the final `dropped` one of a slow subscriber (``DaemonState/dropSubscriptions(ofSlowConnection:queuedBytes:)``).
    static let notifications = [
        NotificationDeclaration(
            name: "event", summary: "A trace event of a subscribed session (server → client).",
            description: """
                Sent as a JSON-RPC notification (no `id`): \
                {"jsonrpc":"2.0","method":"event","params":{"subscription","session","event"}} for each event \
                recorded in a session this connection subscribed to with events.subscribe, in trace order. Never \
                answer it.
                """,
            params: [
                ParamSpec(
                    name: "subscription", description: "The id events.subscribe returned.", kind: .custom,
                    required: true,
                    schema: .integer().minimum(1), expected: ""),
                ParamSpec(
                    name: "session", description: "The session the event happened in.", kind: .custom, required: true,
                    schema: .ref("SessionId"), expected: ""),
                ParamSpec(
                    name: "event",
                    description:
                        "The trace event, as trace.get reports it (absent in the final `dropped` notification).",
                    kind: .custom, required: false, schema: .ref("TraceEvent"), expected: ""),
                ParamSpec(
                    name: "dropped",
                    description: """
                        Instead of `event`, once: the subscription ended because this connection left more than \
                        maxQueuedOutputBytes unread (the slow-subscriber policy).
                        """,
                    kind: .custom, required: false,
                    schema: droppedSubscription,
                    expected: ""),
            ])
    ]

    /// `dropped` in an `event` notification: the subscription ended because the connection did not read.
    static let droppedSubscription = JSONSchema.object(
        """
        The subscription has ended because this connection left more than maxQueuedOutputBytes of \
        output unread. It is the subscription's last notification; subscribe again after catching up.
        """,
        properties: [
            "reason": .string().choices("slowConsumer"), "detail": .string(),
            "maxQueuedOutputBytes": .integer(),
        ], required: ["reason", "detail"], additionalProperties: true)
}
