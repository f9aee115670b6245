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

    private struct State {
        /// Events not read yet, by subscription; a subscription is here from events_subscribe to events_unsubscribe.
        var pending: [Int64: [JSONValue]] = [:]
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

    /// A subscription the daemon granted.
    func opened(_ subscription: Int64) { state.withLock { $0.pending[subscription] = [] } }

    /// A subscription ended.
    func closed(_ subscription: Int64) {
        state.withLock {
            $0.pending[subscription] = nil
            $0.watched.remove(Self.uri(subscription))
        }
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
        guard uri.hasPrefix("choreo://events/"), let id = Int64(uri.dropFirst("choreo://events/".count)) else {
            return nil
        }
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
