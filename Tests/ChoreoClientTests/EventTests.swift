import ChoreoClient
import ChoreoJSON
import Testing

@Suite("Event notifications", .enabled(if: Daemon.binary != nil, Daemon.missing), .timeLimit(.minutes(1)))
struct EventTests {
    @Test func eventsFromASubscriptionArriveOnTheEventsStream() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let session = try await client.session()
            let subscribed = try await session.call("events.subscribe", ["kinds": ["haptic", "timer"]])
            let subscription = try #require(subscribed["subscription"])
            _ = try await session.call("lab.timer", ["name": "tap", "afterMs": 120, "haptic": "light"])
            _ = try await session.advance(ms: 200)

            var iterator = client.events.makeAsyncIterator()
            let first = try #require(await iterator.next())
            let second = try #require(await iterator.next())
            #expect(first["session"] == .string(session.id))
            #expect(first["subscription"] == subscription)
            #expect(first["event"]?["kind"] == "timer")
            #expect(second["event"]?["kind"] == "haptic")
            #expect(second["event"]?["style"] == "light")
            #expect(second["event"]?["source"] == "lab.timer.tap")
            #expect(second["event"]?["t"] == 120)
            await client.close()
            #expect(await iterator.next() == nil)
        }
    }

    @Test func eventsStopAfterUnsubscribing() async throws {
        try await Daemon.run { socket in
            let client = try await ChoreoClient.connect(socketPath: socket)
            let session = try await client.session()
            let subscription = try await session.call("events.subscribe", ["kinds": ["haptic"]])["subscription"]
            _ = try await session.call("lab.haptic", ["style": "rigid"])
            _ = try await client.call("events.unsubscribe", ["subscription": subscription ?? .null])
            _ = try await session.call("lab.haptic", ["style": "soft"])
            await client.close()
            var styles: [JSONValue] = []
            for await event in client.events { styles.append(event["event"]?["style"] ?? .null) }
            #expect(styles == ["rigid"])
        }
    }
}
