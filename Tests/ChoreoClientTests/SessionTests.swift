import ChoreoClient
import ChoreoJSON
import Testing

@Suite("Session handles", .enabled(if: Daemon.binary != nil, Daemon.missing), .timeLimit(.minutes(1)))
struct SessionTests {
    @Test func aSessionHandleFillsInItsIDAndReadsStateHapticsAndTrace() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let session = try await client.session(["seed": 7, "physics": "ideal"])
            #expect(session.id == "s1")
            _ = try await session.call(
                "lab.animate", ["name": "x", "to": 1, "curve": ["easeInOut": ["duration": 0.4]]])
            _ = try await session.call("lab.timer", ["name": "tap", "afterMs": 200, "haptic": "light"])
            let advanced = try await session.advance(ms: 200)
            #expect(advanced["now"] == 200)
            #expect(try await session.state("lab.values.x") == 0.5)
            #expect(try await session.state()["lab"] != nil)

            let haptics = try await session.haptics()
            #expect(haptics.count == 1)
            #expect(haptics.first?["t"] == 200)
            #expect(haptics.first?["style"] == "light")
            #expect(try await session.haptics(since: 201).isEmpty)

            let trace = try await session.trace()
            #expect(trace.first?["kind"] == "session.created")
            #expect(trace.contains { $0["kind"] == "haptic" })
            #expect(try await session.trace(since: 150).allSatisfy { ($0["t"]?.doubleValue ?? -1) >= 150 })

            let settled = try await session.settle(timeoutMs: 1000)
            #expect(settled["settled"] == true)
            #expect(settled["now"] == 400)

            try await session.close()
            let error = await #expect(throws: ChoreoClientError.self) { try await session.state() }
            #expect(error?.code == -32000)
            await client.close()
        }
    }

    @Test func createAndCloseSessionByID() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let id = try await client.createSession()
            #expect(try await client.call("session.list")["sessions"]?[0]?["session"] == .string(id))
            try await client.closeSession(id)
            #expect(try await client.call("session.list")["sessions"] == [])
            let error = await #expect(throws: ChoreoClientError.self) { try await client.closeSession(id) }
            #expect(error?.code == -32000)
            await client.close()
        }
    }
}
