import ChoreoClient
import ChoreoJSON
import Testing

@Suite("Calls against the real daemon", .enabled(if: Daemon.binary != nil, Daemon.missing), .timeLimit(.minutes(1)))
struct ClientCallTests {
    @Test func connectsAndCallsDaemonInfo() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let info = try await client.call("daemon.info")
            #expect(info["name"] == "choreod")
            #expect(info["protocolVersion"]?.stringValue != nil)
            #expect(info["apps"]?.arrayValue?.contains("finpessoal") == true)
            await client.close()
        }
    }

    @Test func anErrorReplyBecomesRPCWithCodeAndData() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let error = await #expect(throws: ChoreoClientError.self) {
                try await client.call("state.get", ["session": "s999"])
            }
            #expect(error?.code == -32000)
            guard case .rpc(_, let message, let data)? = error else {
                Issue.record("expected an rpc error, got \(String(describing: error))")
                return
            }
            #expect(message.contains("s999"))
            #expect(data["session"] == "s999")
            #expect(data["sessions"] == [])
            await client.close()
        }
    }

    @Test func anUnknownMethodBecomesRPCMethodNotFound() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let error = await #expect(throws: ChoreoClientError.self) { try await client.call("no.such.method") }
            #expect(error?.code == -32601)
            #expect(error?.data?["method"] == "no.such.method")
            await client.close()
        }
    }

    @Test func aHundredConcurrentCallsEachGetTheirOwnAnswer() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let session = try await client.session()
            let answers = try await withThrowingTaskGroup(of: (Int, JSONValue, JSONValue).self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let name = JSONValue.string("v\(index)")
                        _ = try await session.call("lab.set", ["name": name, "value": .int(Int64(index))])
                        let value = try await session.state("lab.values.v\(index)")
                        let sample = try await client.call(
                            "motion.sample",
                            [
                                "curve": ["linear": ["durationMs": 1000]], "at": .int(Int64(index * 10)),
                                "physics": "ideal",
                            ])
                        return (index, value, sample["values"]?[0] ?? .null)
                    }
                }
                var answers: [(Int, JSONValue, JSONValue)] = []
                for try await answer in group { answers.append(answer) }
                return answers
            }
            #expect(answers.count == 100)
            for (index, value, sample) in answers {
                #expect(value == .int(Int64(index)))
                #expect(sample.doubleValue.map { abs($0 - Double(index) / 100) < 1e-9 } == true)
            }
            await client.close()
        }
    }

    @Test func tasksPreferringTheClientsExecutorRunOnItsEventLoopAndGetEveryAnswer() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let executor = client.taskExecutor
            let session = try await client.session()
            let checks = await withTaskGroup(of: (Bool, JSONValue?).self) { group in
                for index in 0..<20 {
                    group.addTask(executorPreference: executor) {
                        let before = executor.eventLoop.inEventLoop
                        _ = try? await session.call(
                            "lab.set", ["name": .string("w\(index)"), "value": .int(Int64(index))])
                        let value = try? await session.state("lab.values.w\(index)")
                        return (before && executor.eventLoop.inEventLoop, value)
                    }
                }
                var checks: [(Bool, JSONValue?)] = []
                for await check in group { checks.append(check) }
                return checks
            }
            #expect(checks.count == 20)
            #expect(checks.allSatisfy { $0.0 }, "every task ran, and resumed after each call, on the event loop")
            #expect(Set(checks.compactMap { $0.1?.intValue }) == Set(0..<20))
            await client.close()
        }
    }

    @Test func callRawReturnsTheWholeReplyWithTheCallersID() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let reply = try await client.callRaw(["jsonrpc": "2.0", "id": "mine", "method": "session.create"])
            #expect(reply["id"] == "mine")
            #expect(reply["result"]?["session"]?.stringValue != nil)

            let error = try await client.callRaw(["jsonrpc": "2.0", "id": 7, "method": "nope"])
            #expect(error["id"] == 7)
            #expect(error["error"]?["code"] == -32601)

            let nullID = try await client.callRaw(["jsonrpc": "2.0", "id": nil, "method": "daemon.info"])
            #expect(nullID["id"] == .null)
            #expect(nullID["result"]?["name"] == "choreod")

            let notification = try await client.callRaw(["jsonrpc": "2.0", "method": "daemon.info"])
            #expect(notification == .null)

            let invalid = try await client.callRaw(["jsonrpc": "1.0", "method": "daemon.info"])
            #expect(invalid["error"]?["code"] == -32600)

            let batch = try await client.callRaw([
                ["jsonrpc": "2.0", "id": 1, "method": "daemon.info"], ["jsonrpc": "2.0", "method": "daemon.info"],
                ["jsonrpc": "2.0", "id": 2, "method": "nope"],
            ])
            #expect(batch.arrayValue?.count == 2)
            #expect(batch[0]?["id"] == 1)
            #expect(batch[1]?["error"]?["code"] == -32601)

            #expect(try await client.callRaw([])["error"]?["code"] == -32600)
            #expect(try await client.callRaw(42)["error"]?["code"] == -32600)
            // The connection still works after all of that.
            #expect(try await client.call("daemon.info")["name"] == "choreod")
            await client.close()
        }
    }

    @Test func aNotificationGetsNoReplyButRuns() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let session = try await client.session()
            try await client.notify("clock.advance", ["session": .string(session.id), "ms": 250])
            #expect(try await client.call("clock.now", ["session": .string(session.id)])["now"] == 250)
            await client.close()
        }
    }
}
