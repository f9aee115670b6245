import NIOCore

/// One frame of input: a complete line (without its `\n` or `\r\n`), or notice that a line grew past the limit.
public enum LineFrame: Sendable, Equatable {
    case line(ByteBuffer)
    case tooLong
}

/// Splits input into `\n`-terminated lines, tolerating `\r\n`, with a bound on the length of a line. NIO's own
/// line decoder has no bound; this one emits ``LineFrame/tooLong`` once and then drops all further input, since
/// the connection is about to be closed.
///
/// The connection's handler calls ``next(_:)`` itself (framing inside the RPC handler, one pipeline step per
/// read); the `ByteToMessageDecoder` conformance runs the same rules as a handler of its own, for NIO's decoder
/// verifier.
public struct LineFrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = LineFrame

    /// The longest line accepted, in bytes, not counting the newline.
    public let maxLineBytes: Int
    private var scanned = 0
    private var failed = false

    public init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Takes the next frame off the front of `buffer`, or returns nil when it holds no complete line yet (bytes
    /// already scanned are remembered, so a long line is searched once). After ``LineFrame/tooLong``, every byte
    /// is dropped and nil returned.
    public mutating func next(_ buffer: inout ByteBuffer) -> LineFrame? {
        if failed {
            buffer.moveReaderIndex(to: buffer.writerIndex)
            return nil
        }
        let view = buffer.readableBytesView
        if let newline = view[(view.startIndex + scanned)...].firstIndex(of: 10) {
            var length = newline - view.startIndex
            scanned = 0
            if length > maxLineBytes + 1 || (length == maxLineBytes + 1 && view[newline - 1] != 13) {
                return fail(&buffer)
            }
            if length > 0, view[newline - 1] == 13 { length -= 1 }
            let line = buffer.getSlice(at: buffer.readerIndex, length: length)!
            buffer.moveReaderIndex(forwardBy: newline - view.startIndex + 1)
            return .line(line)
        }
        scanned = view.count
        if scanned > maxLineBytes + 1 { return fail(&buffer) }
        return nil
    }

    /// Drops `buffer` and every later byte, as after ``LineFrame/tooLong``.
    public mutating func abandon(_ buffer: inout ByteBuffer) {
        _ = fail(&buffer)
    }

    private mutating func fail(_ buffer: inout ByteBuffer) -> LineFrame {
        failed = true
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .tooLong
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let frame = next(&buffer) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(frame))
        return .continue
    }

    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        // A final line without its newline is not a complete request: drop it.
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return .needMoreData
    }
}
