import ChoreoProtocol
import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `getsockopt(SO_PEERCRED)` returns on Linux: `struct ucred` (Glibc does not export it to Swift).
struct PeerCredentials: Sendable, Hashable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}

/// A peer whose uid is neither the daemon's nor root's.
struct ForeignPeer: Error, CustomStringConvertible {
    var credentials: PeerCredentials
    var description: String {
        "peer uid \(credentials.uid) (pid \(credentials.pid)) is neither choreod's uid \(geteuid()) nor root"
    }
}

/// The handler of one connection: the JSON-RPC handler, which frames its input into lines itself (one pipeline
/// step per read rather than one more per line).
public enum ConnectionPipeline {
    /// Adds the connection's handler to a channel's pipeline (on its event loop).
    public static func configure(_ channel: Channel, core: DaemonCore) throws {
        try channel.pipeline.syncOperations.addHandler(RPCChannelHandler(core: core))
    }

    /// Checks an accepted connection's peer credentials (SO_PEERCRED), then adds its handlers. A peer whose uid is
    /// neither the daemon's effective uid nor root fails the future (the connection is then closed) after a
    /// warning naming it. Channels that are not sockets (tests) skip the check.
    static func accept(_ channel: Channel, core: DaemonCore) -> EventLoopFuture<Void> {
        #if os(Linux)
            guard let provider = channel as? SocketOptionProvider else {
                return channel.eventLoop.makeCompletedFuture { try configure(channel, core: core) }
            }
            let future: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
                level: .socket, name: NIOBSDSocket.Option(rawValue: SO_PEERCRED))
            return future.flatMapThrowing { credentials in
                let me = geteuid()
                guard credentials.uid == me || credentials.uid == 0 else {
                    let refusal = ForeignPeer(credentials: credentials)
                    core.logger.warning(
                        "refusing connection: \(refusal.description)",
                        metadata: ["uid": "\(credentials.uid)", "pid": "\(credentials.pid)"])
                    throw refusal
                }
                try configure(channel, core: core)
            }
        #else
            return channel.eventLoop.makeCompletedFuture { try configure(channel, core: core) }
        #endif
    }
}
