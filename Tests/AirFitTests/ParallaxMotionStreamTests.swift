import Foundation
import Testing

@testable import AirFit
@testable import ChoreoEngine

/// A device-motion stream on every frame (CoreMotion's ordinary 60 Hz updates) moves the parallax as a device does:
/// each reading reaches the view in an update of its own before the frame that shows it (behavior.md C16), so the
/// frames are not held by it and the animator runs; the value follows the tilt and stays within ±4 pt by no more
/// than the standard spring's overshoot (19.6% at 60 fps, 14.31% at 120 fps: behavior.md's claims table). Before, a
/// reading in each frame's own update held every frame: the parallax stayed 0 and then read −1e54 pt.
@Suite("A 60 Hz device-motion stream moves the parallax as a device does")
struct ParallaxMotionStreamTests {
    /// Every frame's `parallax.x` (read right after that frame's reading) for `seconds` of readings, then a second
    /// more.
    static func stream(fps: Int, seconds: Int, roll: (Int) -> Double) throws -> [Double] {
        var config = SessionConfig()
        config.physics = .swiftui
        config.fps = fps
        config.app = AirFitApp.appName
        var sim = try Simulation(config: config, apps: AppRegistry([AirFitApp.self]))
        let clock = FrameClock(fps: fps)
        var shown: [Double] = []
        for k in 0..<((seconds + 1) * fps) {
            _ = try sim.advance(to: clock.time(ofFrame: k), maxEvents: 10_000)
            if k < seconds * fps { _ = try sim.perform(.deviceMotion(pitch: 0, roll: roll(k), rotationRate: 0)) }
            shown.append(sim.world.value(.parallaxX))
        }
        return shown
    }

    static func steady(_ k: Int) -> Double { 15 + 2 * sin(Double(k)) }

    @Test("A noisy steady tilt on every frame follows the tilt", arguments: [60, 120])
    func steadyTiltFollows(fps: Int) throws {
        let shown = try Self.stream(fps: fps, seconds: 1, roll: Self.steady)
        #expect(shown.allSatisfy { $0.isFinite && abs($0) <= 4 })
        // scripts/swiftui_physics.py, the same readings each as its own update (change(..., own_update=True)).
        let reference: [Int: [Int: Double]] = [
            60: [30: 2.996950038198631, 60: 2.9495659104314496],
            120: [60: 2.9972141120451488, 120: 3.002185700094857],
        ]
        for (frame, value) in reference[fps]! {
            #expect(abs(shown[frame] - value) <= 1e-9, "frame \(frame): \(shown[frame]) against \(value)")
        }
    }

    @Test("A 3 s sway on every frame stays within ±4 pt but for the spring's overshoot", arguments: [60, 120])
    func swayStaysInRange(fps: Int) throws {
        let shown = try Self.stream(fps: fps, seconds: 3) { 30 * sin(2 * Double.pi * 0.5 * Double($0) / Double(fps)) }
        let overshoot = fps >= 120 ? 0.1431 : 0.196
        #expect(shown.allSatisfy { $0.isFinite && abs($0) <= 4 * (1 + overshoot) }, "\(shown.map(abs).max()!)")
        #expect(shown.map(abs).max()! > 3.9, "it follows the sway to its ends")
    }
}
