import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Testing

/// `state.get`'s tree written straight to text (``Simulation/writeState(to:)``) is the built tree's serialization,
/// byte for byte (the soak checks every app's random journeys; these are the lab's corners it cannot reach).
@Suite struct StateTextTests {
    static func written(_ sim: Simulation) -> String? {
        var writer = JSONWriter(reservingCapacity: 1024)
        sim.writeState(to: &writer)
        return writer.text?.string
    }

    @Test func labNamesInByteOrderWithSharedPrefixesAndCanonicallyEqualNames() throws {
        var sim = try Simulation(config: .idealPhysics)
        // Names the protocol refuses (it takes ASCII names) but the engine takes: longer than 8 bytes with a shared
        // prefix, bytes above 0x7F, and two spellings of one name (é, e + U+0301), which the value's JSON object and
        // the properties' keys take as one.
        for (index, name) in ["abcdefgh2", "abcdefgh1", "abcdefgh", "Z", "é", "e\u{301}", "😀", "a\"b\\c", ""]
            .enumerated()
        {
            _ = try sim.perform(Lab.Request.set(name: name, value: Double(index) + 0.5))
        }
        let built = sim.state()
        #expect(Self.written(sim) == built.serialized())
        #expect(built["lab"]?["values"]?.objectValue?.count == 8)
    }
}
