import ChoreoClient
import ChoreoJSON
import MCP
import Synchronization

/// Brings a daemon subscription's `event` notifications to the agent: `events_subscribe` is made on the server's own
/// connection, whose notifications this buffers per subscription; the resource `choreo://events/ID` answers the
/// events since its last read, and a client that subscribes to it (resources/subscribe) is told when new ones arrive
/// (notifications/resources/updated).
final class MCPEvents: Sendable {
    /// The resource of a subscription: `choreo://events/ID`.
    static func uri(_ subscription: Int64) -> String { "choreo://events/\(subscription)" }

    /// The subscription a `choreo://events/ID` URI names; nil for another URI.
    static func subscription(of uri: String) -> Int64? {
        uri.hasPrefix("choreo://events/") ? Int64(uri.dropFirst("choreo://events/".count)) : nil
    }

    private struct State {
        /// Events not read yet, by subscription; a subscription is here from events_subscribe to events_unsubscribe
        /// (or its session's session_close, or a daemon restart).
        var pending: [Int64: [JSONValue]] = [:]
        /// The session of each subscription.
        var sessions: [Int64: String] = [:]
        /// The resources the client subscribed to.
        var watched: Set<String> = []
        var server: Server?
    }

    private let state = Mutex(State())

    /// The MCP server to notify.
    func use(_ server: Server) { state.withLock { $0.server = server } }

    /// Reads `client`'s event notifications until its connection closes (started for each connection).
    func listen(to client: ChoreoClient) {
        Task { [self] in
            for await notification in client.events {
                guard let id = notification["subscription"]?.intValue, let event = notification["event"] else {
                    continue
                }
                let (known, server, watched) = state.withLock { state -> (Bool, Server?, Bool) in
                    guard state.pending[id] != nil else { return (false, nil, false) }
                    state.pending[id]!.append(event)
                    return (true, state.server, state.watched.contains(Self.uri(id)))
                }
                if known, watched, let server {
                    try? await server.notify(ResourceUpdatedNotification.message(.init(uri: Self.uri(id))))
                }
            }
        }
    }

    /// A subscription the daemon granted, in `session`.
    func opened(_ subscription: Int64, session: String) {
        state.withLock {
            $0.pending[subscription] = []
            $0.sessions[subscription] = session
        }
        listChanged()
    }

    /// A subscription ended.
    func closed(_ subscription: Int64) {
        state.withLock {
            $0.pending[subscription] = nil
            $0.sessions[subscription] = nil
            $0.watched.remove(Self.uri(subscription))
        }
        listChanged()
    }

    /// A session closed: its subscriptions ended with it.
    func closed(session: String) {
        let ended = state.withLock { state in state.sessions.filter { $0.value == session }.map(\.key) }
        for id in ended { closed(id) }
    }

    /// The daemon restarted: every subscription ended with it.
    func reset() {
        state.withLock {
            $0.pending = [:]
            $0.sessions = [:]
            $0.watched = $0.watched.filter { !$0.hasPrefix("choreo://events/") }
        }
        listChanged()
    }

    /// Tells the client that the resource list changed (subscriptions come and go).
    private func listChanged() {
        guard let server = state.withLock({ $0.server }) else { return }
        Task { try? await server.notify(ResourceListChangedNotification.message()) }
    }

    /// Whether `uri` names an open subscription's resource.
    func isOpen(_ uri: String) -> Bool {
        guard let id = Self.subscription(of: uri) else { return false }
        return state.withLock { $0.pending[id] != nil }
    }

    func watch(_ uri: String) { state.withLock { _ = $0.watched.insert(uri) } }
    func unwatch(_ uri: String) { state.withLock { _ = $0.watched.remove(uri) } }

    /// The open subscriptions' resources.
    var list: [Resource] {
        state.withLock { Array($0.pending.keys) }.sorted().map { id in
            Resource(
                name: "events-\(id)", uri: Self.uri(id), title: "Events of subscription \(id)",
                description: "The events of subscription \(id) since this resource was last read (JSON).",
                mimeType: "application/json")
        }
    }

    /// The events of `uri` since its last read, oldest first; nil when it names no open subscription.
    func read(_ uri: String) -> ReadResource.Result? {
        guard let id = Self.subscription(of: uri) else { return nil }
        guard
            let events = state.withLock({ state -> [JSONValue]? in
                guard let events = state.pending[id] else { return nil }
                state.pending[id] = []
                return events
            })
        else { return nil }
        let text = JSONValue.object(["subscription": .int(id), "events": .array(events)]).prettyPrinted()
        return ReadResource.Result(contents: [.text(text, uri: uri, mimeType: "application/json")])
    }
}
