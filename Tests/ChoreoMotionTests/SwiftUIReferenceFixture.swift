import ChoreoMotion
import Testing

/// One target change of a scenario: at `time` seconds, toward `target` with `animation`.
struct SwiftUIReferenceChange: Sendable {
    let time: Double
    let target: Double
    let animation: SwiftUIAnimation

    init(_ time: Double, _ target: Double, _ animation: SwiftUIAnimation) {
        self.time = time
        self.target = target
        self.animation = animation
    }
}

/// Short spellings for the generated fixture.
extension SwiftUIAnimation {
    /// `spring(response:dampingFraction:blendDuration:)`, seconds.
    static func fluid(_ response: Double, _ dampingFraction: Double, _ blendDuration: Double) -> SwiftUIAnimation {
        .fluidSpring(
            FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// `interpolatingSpring(stiffness:damping:mass:)`.
    static func interpolating(_ stiffness: Double, _ damping: Double, _ mass: Double) -> SwiftUIAnimation {
        .interpolatingSpring(InterpolatingSpringAnimation(stiffness: stiffness, damping: damping, mass: mass))
    }

    /// A cubic Bézier timing curve over `duration` seconds.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ duration: Double) -> SwiftUIAnimation {
        .bezier(BezierAnimation(CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2), duration: duration))
    }
}

/// One scenario computed by `scripts/swiftui_physics.py` (the Python reference of SwiftUI's runtime): every frame at
/// `fps` until one frame after removal, reads between frames, and the removal and logical-completion frame times.
struct SwiftUIReferenceScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let fps: Int
    /// The value before the first change.
    let start: Double
    /// The largest change from `start`: tolerances are fractions of it.
    let scale: Double
    let changes: [SwiftUIReferenceChange]
    /// The frame time at which the last animation is removed, in seconds.
    let removedAt: Double
    /// The frame time at which the last animation is logically complete, in seconds.
    let logicallyCompleteAt: Double
    /// (time in seconds, value) read between or on frames.
    let reads: [(Double, Double)]
    /// The value drawn at frame n (n/fps seconds).
    let frames: [Double]

    var testDescription: String { "\(name) @\(fps) fps" }

    /// The animator with every change at or before `time` applied.
    func animator(at time: Double) -> SwiftUIAnimator {
        var animator = SwiftUIAnimator(value: start, fps: fps)
        for change in changes where change.time <= time {
            animator.animate(at: change.time, to: change.target, with: change.animation)
        }
        return animator
    }

    /// The curve family the scenario exercises, for reporting deviations.
    var family: String {
        if changes.count > 1 { return "retargets" }
        switch changes[0].animation {
        case .fluidSpring: return "spring()"
        case .interpolatingSpring: return "interpolatingSpring"
        case .bezier: return "timing curves"
        }
    }
}
