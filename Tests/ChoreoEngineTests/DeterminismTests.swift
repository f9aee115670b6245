import ChoreoEngine
import ChoreoJSON
import Testing

struct DeterminismTests {
    func run(seed: UInt64) throws -> String {
        var config = SessionConfig()
        config.physics = .ideal  // closed-form expectations
        config.seed = seed
        var sim = try Simulation.labOnly(config)
        _ = try sim.perform(
            Lab.Request.animate(name: "a", from: 0, to: 1, curve: .spring(response: 0.6, dampingFraction: 0.7)))
        _ = try sim.perform(Lab.Request.timer(name: "t", after: VirtualTime(milliseconds: 33.3)!, haptic: .rigid))
        _ = try sim.advance(to: .milliseconds(100), maxEvents: 100)
        var settings = sim.settings
        settings.mode = .reduced
        sim.update(settings: settings)
        _ = try sim.perform(Lab.Request.animate(name: "a", from: nil, to: 3, curve: .easeOut(0.25)))
        _ = try sim.settle(timeout: .milliseconds(5000), maxEvents: 100)
        var random = sim.world.random
        let draws = (0..<3).map { _ in random.next() }
        return JSONValue.array(sim.world.trace.map(\.json)).serialized() + "\(draws)"
    }

    @Test func theSameInputsGiveAByteIdenticalTrace() throws {
        #expect(try run(seed: 42) == run(seed: 42))
    }

    @Test func theSeedChangesTheRandomNumbers() throws {
        #expect(try run(seed: 1) != run(seed: 2))
    }
}
