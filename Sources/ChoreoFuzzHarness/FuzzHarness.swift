import ChoreoApps
import ChoreoJSON
import ChoreoServer
import NIOCore
import NIOEmbedded

/// The libFuzzer harness of `make fuzz` (`Fuzz/`, which adds only libFuzzer's driver): a library of the main package,
/// so that `make test`'s build compiles it against today's modules and it cannot fall behind them.
///
/// One fuzz input is the bytes a client sends on one connection, after a session `s1` has been created. They go
/// through the daemon's real connection pipeline (framing, JSON, validation, dispatch) with the stock apps. Every line
/// the daemon writes back must be one JSON-RPC 2.0 message: a response with an id and exactly one of result and error,
/// or an `event` notification. Anything else, a crash, a leak or a hang is a finding.
public func choreoFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let core = DaemonCore(apps: AppCatalog.registry)
    let channel = EmbeddedChannel()
    do {
        try ConnectionPipeline.configure(channel, core: core)
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/fuzz")).wait()
        try channel.writeInbound(ByteBuffer(string: #"{"jsonrpc":"2.0","id":0,"method":"session.create"}"# + "\n"))
        // Half the input at a time, so lines are split across reads too.
        let half = size / 2
        for (start, count) in [(0, half), (half, size - half)] where count > 0 {
            var buffer = channel.allocator.buffer(capacity: count)
            buffer.writeBytes(UnsafeRawBufferPointer(start: data + start, count: count))
            try channel.writeInbound(buffer)
            channel.embeddedEventLoop.run()
        }
    } catch {
        // The connection may be closed by the daemon (a line too long): that is an answer, not a finding.
    }
    channel.embeddedEventLoop.run()
    var output: [UInt8] = []
    while let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
        output.append(contentsOf: buffer.readableBytesView)
    }
    _ = try? channel.finish()
    check(output)
    return 0
}

private func check(_ output: [UInt8]) {
    guard !output.isEmpty else { fatalError("no answer to session.create") }
    guard output.last == 10 else { fatalError("output does not end with a newline") }
    for line in output.split(separator: 10, omittingEmptySubsequences: false).dropLast() {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue.parse(Array(line))
        } catch {
            fatalError("a line of output is not JSON: \(error)")
        }
        for message in value.arrayValue ?? [value] {
            guard message["jsonrpc"] == "2.0" else { fatalError("not JSON-RPC 2.0: \(message)") }
            if message["method"] == "event" { continue }
            guard let id = message["id"] else { fatalError("a response without id: \(message)") }
            switch id {
            case .string, .int, .double, .null: break
            default: fatalError("a response with a bad id: \(message)")
            }
            guard (message["result"] == nil) != (message["error"] == nil) else {
                fatalError("a response needs exactly one of result and error: \(message)")
            }
            if let error = message["error"] {
                guard error["code"]?.intValue != nil, error["message"]?.stringValue != nil,
                    error["data"]?.objectValue != nil
                else { fatalError("a malformed error object: \(message)") }
            }
        }
    }
}
