import ChoreoApps
import ChoreoJSON
import Testing

@testable import ChoreoProtocol

/// The request path keeps the contract it had before it was shortened (issue 26 #6): a bad parameter is -32602 before
/// an unknown session is -32000, and any request naming a session keeps it from expiring, whatever its outcome.
@Suite struct RequestPathTests {
    /// Each case: a method, and a bad parameter for it (as the JSON of its params without `session`).
    static let badParameters: [(method: String, params: String)] = [
        ("state.get", #"{"path":5}"#), ("trace.get", #"{"afterSeq":"x"}"#), ("haptics.list", #"{"since":-1}"#),
        ("animations.list", #"{"path":true}"#), ("announcements.list", #"{"since":"later"}"#),
    ]

    @Test func aBadParameterIsReportedBeforeAnUnknownSession() throws {
        for (method, params) in Self.badParameters {
            var h = Harness()
            var withSession = try JSONValue.parse(params).objectValue ?? [:]
            withSession["session"] = "s9"
            #expect(h.call(method, .object(withSession))["code"] == -32602, "\(method) \(params)")
            #expect(h.call(method, ["session": "s9"])["code"] == -32000, "\(method) with good params")
        }
    }

    @Test func anyRequestNamingASessionKeepsItFromExpiring() {
        var h = Harness()
        h.state.limits.sessionIdleSeconds = 1
        let kept = h.session()
        let idle = h.session()
        // At 0.9 s, requests that fail still name `kept`: an unknown parameter, a bad value, an unknown method.
        h.state.requestTimeMs = 900
        for (method, params) in [
            ("state.get", ["session": .string(kept), "pth": ""] as JSONValue),
            ("clock.advance", ["session": .string(kept), "ms": -1]), ("no.such", ["session": .string(kept)]),
        ] {
            let line: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": params]
            _ = RPCProcessor.handle(
                line.serialized(), state: h.daemon, context: RequestContext(connection: 1, uptimeMs: 900))
        }
        #expect(h.state.expireIdleSessions(nowMs: 1500) == [idle])
        #expect(h.state.sessions[kept] != nil)
    }
}
