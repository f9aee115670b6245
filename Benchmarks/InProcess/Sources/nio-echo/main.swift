// The floor of SwiftNIO's channel on this machine, a second baseline for the socket benchmarks next to the C
// servers: a server on one event loop that writes back every complete line it reads, unchanged (as
// Benchmarks/c/echo_server.c does), flushing once per read. Usage: nio-echo PATH. Prints "listening on PATH".
// choreod's connections run on the same channel and event loop, so what nio-echo costs per request choreod pays
// too before its own work begins.
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// Echoes every complete line; holds the start of a line whose newline has not arrived.
final class EchoLines: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private var held: ByteBuffer?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var input = unwrapInboundIn(data)
        if var earlier = held {
            held = nil
            earlier.writeBuffer(&input)
            input = earlier
        }
        let view = input.readableBytesView
        guard let newline = view.lastIndex(of: 10) else {
            held = input
            return
        }
        let lines = input.readSlice(length: newline - view.startIndex + 1)!
        context.write(wrapOutboundOut(lines), promise: nil)
        if input.readableBytes > 0 { held = input }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: nio-echo PATH")
    exit(2)
}
let path = arguments[1]
unlink(path)
let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let server = try ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 1024)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(EchoLines()) }
    }
    .bind(unixDomainSocketPath: path).wait()
print("listening on \(path)")
fflush(nil)  // every stream: stdout is not concurrency-safe to name in Swift 6
try server.closeFuture.wait()
