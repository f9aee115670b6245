import ChoreoApps
import ChoreoEngine
import Testing

/// Through the apps under the `swiftui` physics, what the screen shows after an action does not depend on when the
/// action happens: the hero, a sheet up and back, AirFit's gradient crossfade and a mic ripple, started at any frame
/// from 0 to 60 s (or between two frames), show the same values on the same frames relative to the action.
struct AppStartTimeSweepTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let app: String
        /// Actions before the clock moves (at 0).
        let setUp: [Action]
        /// The action at the start frame, and one `later` frames after it (nil: none).
        let action: Action
        let later: (frames: Int, action: Action)?
        /// The state paths read on every frame.
        let paths: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "FinPessoal hero", app: "finpessoal", setUp: [.navigate(screen: "transactions")],
            action: .tap(target: "transactions/row/t1", point: nil), later: (15, .dismiss),
            paths: ["hero.progress", "hero.isTransitioning"]),
        Case(
            name: "FinPessoal sheet up and back", app: "finpessoal", setUp: [.navigate(screen: "goals")],
            action: .tap(target: "goals/button/add", point: nil), later: (9, .dismiss), paths: ["sheet"]),
        Case(
            name: "AirFit crossfade", app: "airfit", setUp: [], action: .navigate(screen: "dashboard"), later: nil,
            paths: ["gradient.crossfade", "navigation.transition", "screen.cards"]),
        Case(
            name: "AirFit mic ripple", app: "airfit", setUp: [.navigate(screen: "foodVoiceInput")],
            action: .tap(target: "foodVoiceInput/mic/record", point: nil), later: nil, paths: ["mic.ripples"]),
    ]

    /// The state at each of `frames` frames from the start frame's.
    static func run(_ test: Case, fps: Int, startFrame: Int, early: VirtualTime = .zero, frames: Int) throws
        -> [String]
    {
        var config = SessionConfig()
        config.app = test.app
        config.fps = fps
        config.physics = .swiftui
        var sim = try Simulation(config: config)
        for action in test.setUp { _ = try sim.perform(action) }
        let clock = FrameClock(fps: fps)
        let start = clock.time(ofFrame: startFrame) - early
        _ = try sim.advance(to: start, maxEvents: 10_000_000)
        _ = try sim.perform(test.action)
        var shown: [String] = []
        for k in 0..<frames {
            if let later = test.later, k == later.frames {
                _ = try sim.advance(to: clock.time(ofFrame: startFrame + k), maxEvents: 10_000_000)
                _ = try sim.perform(later.action)
            }
            _ = try sim.advance(to: clock.time(ofFrame: startFrame + k), maxEvents: 10_000_000)
            shown.append(try test.paths.map { try sim.state(at: $0).serialized() }.joined(separator: " "))
        }
        return shown
    }

    @Test(arguments: cases, [60, 120])
    func theScreenIsTheSameAtEveryStart(_ test: Case, fps: Int) throws {
        let frames = fps * 3 / 4
        // Every frame of the first second after the set-up's own animations, then a stride that visits every residue.
        let base = fps * 2
        let reference = try Self.run(test, fps: fps, startFrame: base, frames: frames)
        // The frames really move: a sweep of a screen that stands still would prove nothing.
        #expect(Set(reference).count > frames / 3, "\(Set(reference).count) distinct frames of \(frames)")
        let starts =
            Array(stride(from: base + 1, through: base + fps, by: 3))
            + Array(stride(from: 3 * fps, through: 60 * fps, by: 97))
        var mismatches = 0
        for start in starts {
            let run = try Self.run(test, fps: fps, startFrame: start, frames: frames)
            if run != reference {
                mismatches += 1
                if mismatches <= 2,
                    let k = zip(run, reference).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                {
                    Issue.record("start frame \(start), frame +\(k): \(run[k]) vs \(reference[k])")
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(starts.count) start frames differ")
        let between = try Self.run(test, fps: fps, startFrame: base + 30, early: .milliseconds(3), frames: frames)
        let firstDifference = zip(between, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "a request 3 ms before a frame differs at frame +\(firstDifference ?? -1)")
    }
}
