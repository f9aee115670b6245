import ChoreoJSON
import NIOCore
import Testing

@testable import ChoreoClient

@Suite("Request lines")
struct RequestEncoderTests {
    private func line(_ id: Int64?, _ method: String, _ params: JSONValue) -> String {
        String(buffer: RequestEncoder.request(id: id, method: method, params: params, allocator: .init()))
    }

    @Test func aRequestIsOneCompactLineWithIDMethodAndParams() throws {
        let text = line(12, "clock.advance", ["session": "s1", "ms": 16.5])
        #expect(text.hasSuffix("}\n"))
        #expect(text.dropLast().contains("\n") == false)
        let parsed = try JSONValue.parse(String(text.dropLast()))
        #expect(
            parsed == ["jsonrpc": "2.0", "id": 12, "method": "clock.advance", "params": ["session": "s1", "ms": 16.5]])
    }

    @Test func aNotificationHasNoID() throws {
        let parsed = try JSONValue.parse(String(line(nil, "daemon.info", [:]).dropLast()))
        #expect(parsed == ["jsonrpc": "2.0", "method": "daemon.info", "params": [:]])
    }

    @Test func aMethodNeedingEscapesIsEscaped() throws {
        let method = "a\"b\\c\nd é"
        let parsed = try JSONValue.parse(String(line(1, method, [:]).dropLast()))
        #expect(parsed["method"] == .string(method))
    }

    @Test func rawRequestsWithAStringOrNumberIDGetTheClientsID() {
        let (value, routing) = RequestEncoder.raw(["jsonrpc": "2.0", "id": "x", "method": "m"]) { 41 }
        #expect(value["id"] == 41)
        guard case .id(41, let restoring) = routing else {
            Issue.record("expected routing by id 41, got \(routing)")
            return
        }
        #expect(restoring == "x")
    }

    /// Raw requests and where their replies are expected: `none` (no reply owed) or `inOrder`.
    static let rawCases: [(JSONValue, String)] = {
        let notification: JSONValue = ["jsonrpc": "2.0", "method": "m"]
        let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "n"]
        var cases: [(JSONValue, String)] = []
        cases.append((notification, "none"))
        cases.append((["jsonrpc": "2.0", "method": "m", "params": []], "none"))
        cases.append((["jsonrpc": "1.0", "method": "m"], "inOrder"))
        cases.append((["jsonrpc": "2.0", "method": "m", "params": 3], "inOrder"))
        cases.append((["jsonrpc": "2.0", "id": nil, "method": "m"], "inOrder"))
        cases.append((["jsonrpc": "2.0", "id": [1], "method": "m"], "inOrder"))
        cases.append((.array([notification, notification]), "none"))
        cases.append((.array([notification, request]), "inOrder"))
        cases.append((.array([notification, 5]), "inOrder"))
        cases.append(([], "inOrder"))
        cases.append(("text", "inOrder"))
        return cases
    }()

    @Test(arguments: rawCases)
    func rawRequestsAreRoutedTheWayTheDaemonAnswersThem(request: JSONValue, expected: String) {
        let (value, routing) = RequestEncoder.raw(request) { 1 }
        #expect(value == request)
        switch routing {
        case .none: #expect(expected == "none")
        case .inOrder: #expect(expected == "inOrder")
        case .id: Issue.record("\(request) should not be routed by id")
        }
    }
}
