import ChoreoJSON

/// Where a request's reply is expected.
enum Routing: Sendable {
    /// A reply carrying the client's integer `id`; `restoring` is the id the caller sent (``ChoreoClient/callRaw(_:)``),
    /// put back into the reply before it is handed over.
    case id(Int64, restoring: JSONValue?)
    /// A reply the daemon cannot address (`id` null, or a batch's array): replies come in request order, so it is the
    /// next such reply.
    case inOrder
    /// No reply is owed (a notification, or a batch of notifications): the call completes once written.
    case none
}
