import ChoreoJSON
import Testing

@testable import ChoreoEngine

/// A request that changes nothing — the value already heads to its target — starts nothing (SwiftUI starts no
/// animator for an unchanged value): no record, no trace, nothing running interrupted, no frame changed. The engine
/// decides this for every property (``World/animate(_:from:to:curve:source:)``), so no app needs a guard of its own.
@Suite("A request that changes nothing changes nothing")
struct UnchangedRequestTests {
    static let curves: [(String, AnimationCurve)] = [
        ("spring", .spring(response: 0.4, dampingFraction: 0.8)),
        ("interpolatingSpring", .interpolatingSpring(stiffness: 130, damping: 12)),
        ("easeInOut", .easeInOut(0.35)),
        ("linear", .linear(0.25)),
        ("delayed", AnimationCurve.easeOut(0.3).delayed(by: .milliseconds(50))),
        ("repeatForever", AnimationCurve.linear(0.5).repeatingForever(autoreverses: false)),
    ]

    static func session(_ physics: Physics, fps: Int) throws -> Simulation {
        var config = SessionConfig()
        config.physics = physics
        config.fps = fps
        return try Simulation.labOnly(config)
    }

    /// Every frame from now through `ms` more of `sim` (value of lab.values.x), on a copy.
    static func frames(of sim: Simulation, forMs ms: Int, fps: Int) throws -> [Double] {
        var copy = sim
        var values: [Double] = []
        let step = 1_000.0 / Double(fps)
        let start = copy.now
        for n in 0...(ms * fps / 1_000) {
            _ = try copy.advance(to: start + VirtualTime(milliseconds: Double(n) * step)!, maxEvents: 1_000)
            values.append(copy.world.value(Lab.key("x")))
        }
        return values
    }

    @Test(
        "A request to the value's own target, on a frame or between frames, with any curve, changes nothing",
        arguments: [Physics.swiftui, .ideal], [60, 120])
    func unchangedRequestChangesNothing(physics: Physics, fps: Int) throws {
        var departures: [String] = []
        for (runningName, running) in Self.curves {
            for (name, curve) in Self.curves {
                for at in [0.0, 100.0, 105.0, 1_000.0] {
                    var before = try Self.session(physics, fps: fps)
                    _ = try before.perform(Lab.Request.animate(name: "x", from: 0, to: 1, curve: running))
                    _ = try before.advance(to: VirtualTime(milliseconds: at)!, maxEvents: 1_000)
                    var after = before
                    let reply = try after.perform(Lab.Request.animate(name: "x", from: nil, to: 1, curve: curve))
                    let label = "\(name) over \(runningName) at \(at) ms"
                    if reply["animation"] != .null { departures.append("\(label): animation \(reply["animation"]!)") }
                    if after.world.timeline.recordedCount != before.world.timeline.recordedCount
                        || after.world.timeline.records != before.world.timeline.records
                    {
                        departures.append("\(label): records changed")
                    }
                    if after.world.trace.recorded != before.world.trace.recorded {
                        departures.append("\(label): traced")
                    }
                    if try Self.frames(of: after, forMs: 1_500, fps: fps)
                        != Self.frames(of: before, forMs: 1_500, fps: fps)
                    {
                        departures.append("\(label): frames changed")
                    }
                }
            }
        }
        #expect(departures.isEmpty, "\(departures.prefix(12))")
    }

    @Test("From its own target, a request changes nothing; from elsewhere it jumps and animates", arguments: [60, 120])
    func fromDecidesWhetherSomethingChanges(fps: Int) throws {
        var sim = try Self.session(.swiftui, fps: fps)
        let first = try sim.perform(Lab.Request.animate(name: "x", from: 0, to: 1, curve: .easeInOut(0.35)))
        #expect(first["animation"] == 1)
        _ = try sim.advance(to: .milliseconds(100), maxEvents: 100)
        let same = try sim.perform(Lab.Request.animate(name: "x", from: 1, to: 1, curve: .linear(0.2)))
        #expect(same["animation"] == .null)
        #expect(sim.world.timeline.activeRecord(for: "lab.values.x")?.interruptedAt == nil)
        let jump = try sim.perform(Lab.Request.animate(name: "x", from: 0.5, to: 1, curve: .linear(0.2)))
        #expect(jump["animation"] == 2)
        #expect(sim.world.timeline.record(1)?.interruptedAt == .milliseconds(100))
    }

    @Test("A name never used, animated to its declared 0, starts nothing and reads 0")
    func aNewNameToItsInitialValue() throws {
        var sim = try Self.session(.swiftui, fps: 60)
        let reply = try sim.perform(Lab.Request.animate(name: "x", from: nil, to: 0, curve: .easeInOut(0.35)))
        #expect(reply["animation"] == .null)
        #expect(sim.world.timeline.recordedCount == 0)
        #expect(try sim.state(at: "lab.values.x") == 0)
    }
}
