import ChoreoServer
import NIOCore
import NIOEmbedded
import NIOTestUtils
import Testing

/// Frames as text, for comparisons.
private func text(_ frame: LineFrame) -> String {
    switch frame {
    case .line(let buffer): return String(buffer: buffer)
    case .tooLong: return "<too long>"
    }
}

struct LineFrameDecoderTests {
    func decode(_ chunks: [String], max: Int = 64) throws -> [String] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maxLineBytes: max)))
        var frames: [String] = []
        for chunk in chunks {
            try channel.writeInbound(ByteBuffer(string: chunk))
            while let frame = try channel.readInbound(as: LineFrame.self) { frames.append(text(frame)) }
        }
        _ = try? channel.finish()
        return frames
    }

    @Test func splitsLinesAndToleratesCarriageReturns() throws {
        #expect(try decode(["a\nbc\r\n", "d", "e\n"]) == ["a", "bc", "de"])
    }

    @Test func keepsEmptyLinesAsFrames() throws {
        #expect(try decode(["\n\r\n"]) == ["", ""])
    }

    @Test func dropsAnUnterminatedLastLine() throws {
        #expect(try decode(["x\ny"]) == ["x"])
    }

    @Test func acceptsALineOfExactlyTheLimit() throws {
        let line = String(repeating: "a", count: 64)
        #expect(try decode([line + "\n"]) == [line])
        #expect(try decode([line + "\r\n"]) == [line])
    }

    @Test func rejectsALineLongerThanTheLimitOnceAndDropsTheRest() throws {
        let frames = try decode([String(repeating: "a", count: 65) + "\nnext\n"])
        #expect(frames == ["<too long>"])
        let streamed = try decode([String(repeating: "a", count: 40), String(repeating: "a", count: 40), "\nx\n"])
        #expect(streamed == ["<too long>"])
    }

    @Test func decodesTheSameWhateverTheChunking() throws {
        let input = "{\"a\":1}\n\n{\"b\":[1,2]}\r\nlast\n"
        let whole = try decode([input])
        let bytewise = try decode(input.map { String($0) })
        #expect(whole == bytewise)
        #expect(whole == ["{\"a\":1}", "", "{\"b\":[1,2]}", "last"])
    }

    @Test func passesNIOsDecoderVerifier() throws {
        let pairs: [(ByteBuffer, [LineFrame])] = [
            (ByteBuffer(string: "one\n"), [.line(ByteBuffer(string: "one"))]),
            (ByteBuffer(string: "a\r\nb\n"), [.line(ByteBuffer(string: "a")), .line(ByteBuffer(string: "b"))]),
        ]
        try ByteToMessageDecoderVerifier.verifyDecoder(inputOutputPairs: pairs) { LineFrameDecoder(maxLineBytes: 64) }
    }
}
