import ChoreoClient
import ChoreoJSON
import Testing

@Suite("Batches against the real daemon", .enabled(if: Daemon.binary != nil, Daemon.missing), .timeLimit(.minutes(1)))
struct BatchTests {
    @Test func aBatchRunsInOrderAndAnswersEachCallWithItsResultOrError() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let session = try await client.createSession(["physics": "ideal"])
            let id = JSONValue.string(session)
            let replies = await client.batch([
                ("lab.set", ["session": id, "name": "x", "value": 3]),
                ("clock.advance", ["session": id, "ms": 250]),
                ("state.get", ["session": id, "path": "lab.values.nothing"]),
                ("state.get", ["session": id, "path": "lab.values.x"]),
                ("clock.now", ["session": id]),
            ])
            #expect(replies.count == 5)
            // In order: the value set by the first call, the time the second reached.
            #expect((try? replies[3].get())?["value"] == 3)
            #expect((try? replies[4].get())?["now"] == 250)
            guard case .failure(let error) = replies[2] else {
                Issue.record("an unknown path should fail, got \(replies[2])")
                return
            }
            #expect(error.code == -32002)
            // The connection goes on: a plain call after the batch.
            #expect(try await client.call("clock.now", ["session": id])["now"] == 250)
            await client.close()
        }
    }

    @Test func anEmptyBatchSendsNothing() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            #expect(await client.batch([]).isEmpty)
            #expect(try await client.call("daemon.info")["name"] == "choreod")
            await client.close()
        }
    }

    @Test func aLineTheDaemonRefusesWholeFailsEveryCallWithItsError() async throws {
        try await Daemon.run(arguments: ["--max-reply-bytes", "65536"]) { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let session = JSONValue.string(try await client.createSession())
            // The whole FinPessoal tree is several kilobytes: fifty of them pass the limit.
            let calls = Array(
                repeating: (method: "state.get", params: JSONValue.object(["session": session])), count: 50)
            let replies = await client.batch(calls)
            #expect(replies.count == 50)
            for reply in replies {
                guard case .failure(let error) = reply else {
                    Issue.record("a batch past the reply limit should fail whole, got \(reply)")
                    continue
                }
                #expect(error.code == -32010)
            }
            await client.close()
        }
    }
}
