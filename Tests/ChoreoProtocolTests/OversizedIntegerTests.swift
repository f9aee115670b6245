import ChoreoJSON
import Testing

/// Issue 16 #19: a request whose params hold an integer too large for 64 bits is answered with its own id and a
/// -32602 naming the parameter, not an id-less parse error a client would wait on for ever.
@Suite struct OversizedIntegerTests {
    @Test func aSingleRequestGetsItsIDAndTheParameterNamed() throws {
        var h = Harness()
        let sent = h.send(#"{"jsonrpc":"2.0","id":7,"method":"session.create","params":{"seed":9223372036854775808}}"#)
        let reply = try #require(sent)
        #expect(reply["id"] == 7)
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["data"]?["parameter"] == "seed")
        #expect(h.state.sessions.isEmpty, "nothing ran")
    }

    @Test func aNestedParameterIsNamedWithItsPath() throws {
        var h = Harness()
        let line =
            #"{"jsonrpc":"2.0","id":"a","method":"session.create","params":"#
            + #"{"data":{"savings":-99999999999999999999}}}"#
        let sent = h.send(line)
        let reply = try #require(sent)
        #expect(reply["id"] == "a")
        #expect(reply["error"]?["data"]?["parameter"] == "data.savings")
    }

    @Test func inABatchTheOtherRequestsAreAnsweredNotRun() throws {
        var h = Harness()
        let line =
            #"[{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"seed":18446744073709551616}},"#
            + #"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"seed":5}}]"#
        let sent = h.send(line)
        let replies = try #require(sent?.arrayValue)
        #expect(replies.map { $0["id"] } == [1, 2])
        #expect(replies[0]["error"]?["code"] == -32602)
        #expect(replies[1]["error"]?["code"] == -32600)
        #expect(h.state.sessions.isEmpty)
    }

    @Test func anOversizedIDIsAnInvalidRequestWithANullID() throws {
        var h = Harness()
        let sent = h.send(#"{"jsonrpc":"2.0","id":99999999999999999999,"method":"clock.now"}"#)
        let reply = try #require(sent)
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == -32600)
    }

    @Test func invalidJSONIsStillAParseError() throws {
        var h = Harness()
        let sent = h.send(#"{"id":1,"seed":99999999999999999999"#)
        let reply = try #require(sent)
        #expect(reply["error"]?["code"] == -32700)
        #expect(reply["id"] == .null)
    }
}
