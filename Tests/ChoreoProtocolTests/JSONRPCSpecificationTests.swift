import ChoreoJSON
import ChoreoProtocol
import Testing

/// Every example of section 7 of the JSON-RPC 2.0 specification, against the real processor. The specification's
/// methods (subtract, sum, update…) do not exist here, so calls to them answer -32601; the structure of every
/// answer (ids, batches, notifications, error codes) is what the examples fix.
struct JSONRPCSpecificationTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        var line: String
        /// The expected reply: nil for no reply at all; else (id, error code or nil for a result) per element.
        var expected: [(id: JSONValue, code: Int?)]?
        var isBatch: Bool
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(
            name: "positional params to an unknown method",
            line: #"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#,
            expected: [(1, -32601)], isBatch: false),
        Example(
            name: "named params to an unknown method",
            line: #"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#,
            expected: [(3, -32601)], isBatch: false),
        Example(
            name: "a notification gets no reply",
            line: #"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#,
            expected: nil, isBatch: false),
        Example(
            name: "a notification of a missing method gets no reply", line: #"{"jsonrpc": "2.0", "method": "foobar"}"#,
            expected: nil, isBatch: false),
        Example(
            name: "a missing method", line: #"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#,
            expected: [("1", -32601)],
            isBatch: false),
        Example(
            name: "invalid JSON", line: #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
            expected: [(nil, -32700)],
            isBatch: false),
        Example(
            name: "an invalid request object", line: #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#,
            expected: [(nil, -32600)],
            isBatch: false),
        Example(
            name: "a batch that is invalid JSON",
            line: #"[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method""#,
            expected: [(nil, -32700)], isBatch: false),
        Example(name: "an empty array", line: "[]", expected: [(nil, -32600)], isBatch: false),
        Example(name: "a batch of one invalid element", line: "[1]", expected: [(nil, -32600)], isBatch: true),
        Example(
            name: "a batch of three invalid elements", line: "[1,2,3]",
            expected: [(nil, -32600), (nil, -32600), (nil, -32600)], isBatch: true),
        Example(
            name: "a mixed batch",
            line: #"""
                [{"jsonrpc": "2.0", "method": "daemon.info", "id": "1"},
                 {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
                 {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
                 {"foo": "boo"},
                 {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
                 {"jsonrpc": "2.0", "method": "session.list", "id": "9"}]
                """#.split(separator: "\n").joined(),
            expected: [("1", nil), ("2", -32601), (nil, -32600), ("5", -32601), ("9", nil)], isBatch: true),
        Example(
            name: "a batch of notifications gets nothing at all",
            line:
                #"[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]"#,
            expected: nil, isBatch: true),
    ]

    @Test(arguments: examples)
    func answersAsTheSpecificationShows(_ example: Example) {
        var harness = Harness()
        let reply = harness.send(example.line)
        guard let expected = example.expected else {
            #expect(reply == nil)
            return
        }
        let replies: [JSONValue]
        if example.isBatch {
            guard let array = reply?.arrayValue else {
                Issue.record("expected an array, got \(String(describing: reply))")
                return
            }
            replies = array
        } else {
            #expect(reply?.arrayValue == nil, "a single error object, not an array")
            replies = reply.map { [$0] } ?? []
        }
        #expect(replies.count == expected.count)
        for (reply, (id, code)) in zip(replies, expected) {
            #expect(reply["jsonrpc"] == "2.0")
            #expect(reply["id"] == id)
            if let code {
                #expect(reply["error"]?["code"] == .int(Int64(code)))
                #expect(reply["error"]?["message"]?.stringValue?.isEmpty == false)
                #expect(reply["result"] == nil)
            } else {
                #expect(reply["result"] != nil)
                #expect(reply["error"] == nil)
            }
        }
    }

    @Test(arguments: [#""abc""#, "7", "-3.25", "null", "9007199254740993"])
    func echoesTheIdUnchanged(_ id: String) {
        var harness = Harness()
        let reply = harness.send(#"{"jsonrpc":"2.0","method":"daemon.info","id":\#(id)}"#)!
        #expect(reply["id"]!.serialized() == id)
        #expect(reply["result"]?["name"] == "choreod")
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","method":"daemon.info","id":{"a":1}}"#, "'id' must be a string, a number or null"),
        (#"{"jsonrpc":"1.0","method":"daemon.info","id":1}"#, "'jsonrpc' must be exactly \"2.0\""),
        (#"{"method":"daemon.info","id":1}"#, "'jsonrpc' must be exactly \"2.0\""),
        (#"{"jsonrpc":"2.0","id":1}"#, "'method' must be a string"),
        (#"{"jsonrpc":"2.0","method":"daemon.info","params":5,"id":1}"#, "'params' must be an object or an array"),
        ("42", "a request must be a JSON object or a non-empty array (batch)"),
        (#""text""#, "a request must be a JSON object or a non-empty array (batch)"),
    ])
    func rejectsInvalidRequestsWithMinus32600(_ line: String, reason: String) {
        var harness = Harness()
        let reply = harness.send(line)!
        #expect(reply["error"]?["code"] == -32600)
        #expect(reply["error"]?["data"]?["reason"] == .string(reason))
    }

    @Test func positionalParamsAreRefusedNamingTheParameter() {
        var harness = Harness()
        let reply = harness.send(#"{"jsonrpc":"2.0","method":"clock.now","params":["s1"],"id":1}"#)!
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["data"]?["parameter"] == "params")
    }

    @Test func anEmptyPositionalArrayIsFineForAMethodWithoutParams() {
        var harness = Harness()
        let reply = harness.send(#"{"jsonrpc":"2.0","method":"daemon.info","params":[],"id":1}"#)!
        #expect(reply["result"]?["name"] == "choreod")
    }

    @Test func unknownMethodsListTheMethodsThatExist() {
        var harness = Harness()
        let error = harness.call("clock.rewind")
        #expect(error["code"] == -32601)
        #expect(error["data"]?["methods"]?.arrayValue?.contains("clock.advance") == true)
    }
}
