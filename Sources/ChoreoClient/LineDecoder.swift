import NIOCore

/// Splits the inbound byte stream into lines: each `\n`-terminated line is passed on without its terminator (and
/// without a `\r` before it). A final line without its `\n` when the connection closes is dropped.
struct LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    /// How many readable bytes were already searched for a newline, so a long line is scanned only once.
    private var scanned = 0

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = view.count
            return .needMoreData
        }
        scanned = 0
        var length = newline - view.startIndex
        if length > 0, view[newline - 1] == UInt8(ascii: "\r") { length -= 1 }
        let line = buffer.getSlice(at: buffer.readerIndex, length: length)!
        buffer.moveReaderIndex(to: newline + 1)
        context.fireChannelRead(Self.wrapInboundOut(line))
        return .continue
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        return .needMoreData
    }
}
