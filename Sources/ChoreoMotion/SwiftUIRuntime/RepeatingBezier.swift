/// `repeatForever` of a timing curve as SwiftUI's runtime runs it (`RepeatAnimation` over `BezierAnimation`), with
/// the render loop drawing frames at n/fps seconds.
///
/// A pass runs the curve from its own start; it ends on the first frame after its duration (where the curve is
/// removed), that frame shows the pass's end, and the next pass starts on that frame, not at the duration: a 1.5 s
/// pass lasts 91 frames (1516.7 ms) at 60 fps and 181 (1508.3 ms) at 120 fps. With `autoreverses`, odd passes run
/// backwards. A value read between frames is what a frame drawn then would show. Never removed.
public struct RepeatingBezier: Sendable, Hashable {
    /// The curve of each pass.
    public var curve: BezierAnimation
    /// Whether odd passes run backwards.
    public var autoreverses: Bool
    /// The render loop's frames per second.
    public var fps: Int

    /// A repeating curve drawn at `fps` frames per second.
    public init(_ curve: BezierAnimation, autoreverses: Bool, fps: Int) {
        precondition(fps > 0, "fps must be positive")
        self.curve = curve
        self.autoreverses = autoreverses
        self.fps = fps
    }

    /// The fraction of the change shown (0 at the start value, 1 at the target) at `time` seconds, for a loop that
    /// began at `begin` seconds; `time` before `begin` shows 0.
    public func fraction(at time: Double, begin: Double) -> Double {
        guard time > begin else { return 0 }
        let rate = Double(fps)
        var n = max(Int((begin * rate).rounded(.up)) - 1, 0)
        while Double(n) / rate < begin { n += 1 }
        var index = 0
        var offset = 0.0  // the elapsed time (since `begin`) at which the pass began
        while true {
            let reversed = autoreverses && index & 1 != 0
            // The frame that ends this pass: the first whose elapsed time in the pass is past the duration.
            n = max(n, Int(((begin + offset + curve.duration) * rate).rounded(.down)) - 1)
            while !((Double(n) / rate - begin) - offset > curve.duration) { n += 1 }
            let end = Double(n) / rate
            if time < end, let progress = curve.fraction(elapsed: (time - begin) - offset) {
                return reversed ? 1 - progress : progress
            }
            if time <= end { return reversed ? 0 : 1 }
            index += 1
            offset = end - begin
            n += 1
        }
    }
}
