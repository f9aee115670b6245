import ChoreoJSON
import Testing

/// `session.create` copies a kept simulation per config (``SessionPrototypes``): each session must still be a
/// session of its own, and the same as one made from nothing.
@Suite struct SessionPrototypeTests {
    /// What a session shows after the same few requests: its trace and state (the session id aside).
    static func replay(_ harness: inout Harness, _ session: String) -> (trace: JSONValue, state: JSONValue) {
        let id = JSONValue.string(session)
        _ = harness.call("ui.navigate", ["session": id, "screen": "goals"])
        _ = harness.call("clock.advance", ["session": id, "ms": 180])
        _ = harness.call("lab.animate", ["session": id, "name": "x", "to": 1, "curve": ["linear": ["duration": 1]]])
        _ = harness.call("clock.advance", ["session": id, "ms": 250])
        return (harness.call("trace.get", ["session": id]), harness.call("state.get", ["session": id]))
    }

    @Test func aCopiedSessionIsTheSameAsAFreshOneAndOfItsOwn() {
        let config: JSONValue = ["app": "finpessoal", "seed": 7, "fps": 120, "settings": ["mode": "reduced"]]
        // The first session is made from nothing (and kept); the second and third are copies.
        var harness = Harness()
        let first = harness.session(config)
        let second = harness.session(config)
        let fresh = Self.replay(&harness, first)
        // The first session moved on: the copy starts at virtual time 0 with nothing but its start-up in its trace.
        #expect(harness.call("clock.now", ["session": .string(second)])["now"] == 0)
        let values = harness.call("state.get", ["session": .string(second), "path": "lab.values"])
        #expect(values == ["now": 0, "value": [:]])
        let copied = Self.replay(&harness, second)
        #expect(copied.trace == fresh.trace)
        #expect(copied.state == fresh.state)
        // And the same as in a daemon that never kept anything.
        var other = Harness()
        let alone = Self.replay(&other, other.session(config))
        #expect(alone.trace == fresh.trace)
        #expect(alone.state == fresh.state)
    }

    @Test func anotherConfigIsAnotherSimulation() {
        var harness = Harness()
        let finpessoal = harness.session(["app": "finpessoal"])
        _ = harness.session(["app": "airfit"])
        let seeded = harness.session(["app": "finpessoal", "seed": 3])
        #expect(harness.call("clock.now", ["session": .string(finpessoal)])["now"] == 0)
        let apps = harness.call("session.list")["sessions"]?.arrayValue?.map { $0["app"] }
        #expect(apps == ["finpessoal", "airfit", "finpessoal"])
        let seeds = [finpessoal, seeded].map { id in
            harness.call("trace.get", ["session": .string(id)])["events"]?[0]?["seed"]
        }
        #expect(seeds == [0, 3])
    }
}
