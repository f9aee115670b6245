import ChoreoMotion

extension AnimatedProperty.Piece {
    /// How long after its start an animation may run before it counts as settled anyway, in seconds.
    static let removalLimit = 600.0

    /// A virtual time in seconds for the render loop: exactly n/fps when the time is frame n rounded to the
    /// nanosecond (so reading at a reported milestone reads that frame), else the time itself.
    static func renderSeconds(_ time: VirtualTime, fps: Int) -> Double {
        let seconds = time.seconds
        let n = (seconds * Double(fps)).rounded()
        let frame = n / Double(fps)
        return VirtualTime(seconds: frame) == time ? frame : seconds
    }

    /// The velocity under the `swiftui` physics, in units per second: a fluid spring's own (the last grid step's);
    /// for animations that report none, the slope of the value over the next 0.1 ms.
    static func velocity(of animator: SwiftUIAnimator, at time: VirtualTime) -> Double {
        let seconds = renderSeconds(time, fps: animator.fps)
        if let velocity = animator.springVelocity(at: seconds) { return velocity }
        let step = 1e-4
        return (animator.value(at: seconds + step) - animator.value(at: seconds)) / step
    }
}
