import Foundation
import NIOCore
import NIOPosix

@testable import ChoreoClient

/// A stand-in daemon on a temporary Unix socket whose answers a test scripts: for each request line it may answer
/// with lines, stay silent, or hang up. Used where the real daemon cannot misbehave on demand.
final class ScriptedServer: Sendable {
    /// What the server does with one request line.
    enum Reaction: Sendable {
        /// Writes these lines (each gets a `\n`).
        case answer([String])
        /// Does nothing: the request stays pending.
        case silence
        /// Closes the connection.
        case hangUp
    }

    let socketPath: String
    /// Every request line received, in order.
    let requests: AsyncStream<String>
    private let channel: any Channel
    private let directory: String

    init(_ react: @escaping @Sendable (String) -> Reaction) async throws {
        directory = "/tmp/choreo-fake-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        socketPath = directory + "/s.sock"
        let (requests, received) = AsyncStream.makeStream(of: String.self)
        self.requests = requests
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(LineDecoder()), ScriptHandler(react: react, received: received))
                }
            }
            .bind(unixDomainSocketPath: socketPath).get()
    }

    /// Stops listening and removes the socket.
    func stop() async {
        try? await channel.close().get()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Reacts to each line as the script says.
private final class ScriptHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let react: @Sendable (String) -> ScriptedServer.Reaction
    let received: AsyncStream<String>.Continuation

    init(react: @escaping @Sendable (String) -> ScriptedServer.Reaction, received: AsyncStream<String>.Continuation) {
        self.react = react
        self.received = received
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = String(buffer: unwrapInboundIn(data))
        received.yield(line)
        switch react(line) {
        case .answer(let lines):
            for line in lines {
                context.write(wrapOutboundOut(ByteBuffer(string: line + "\n")), promise: nil)
            }
            context.flush()
        case .silence:
            break
        case .hangUp:
            context.close(promise: nil)
        }
    }
}
