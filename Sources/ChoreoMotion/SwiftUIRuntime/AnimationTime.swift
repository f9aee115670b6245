/// The time at which an animation is evaluated: seconds since it was added and, on a frame of the render loop, that
/// frame on a counter of whole frames, so that a repeat counts its passes in whole frames and never subtracts two
/// times in seconds.
struct AnimationTime: Sendable, Hashable {
    /// Seconds since the animation was added (inside a delay: past the delay, at least 0).
    var seconds: Double
    /// The frame on a counter whose differences are whole frames (the frames since the animator began, less those
    /// before an entry was added; a delay leaves it as it is); nil between frames.
    var frame: Int?
    /// Frames per second of the counter.
    var fps: Int

    /// The time of frame `frame` of a counter at `fps`: `frame/fps` seconds, one division.
    init(frame: Int, fps: Int) {
        seconds = Double(frame) / Double(fps)
        self.frame = frame
        self.fps = fps
    }

    /// A time given in seconds, on frame `frame` of the counter when it is on one.
    init(seconds: Double, frame: Int?, fps: Int) {
        self.seconds = seconds
        self.frame = frame
        self.fps = fps
    }

    /// This time counted from `start` (nil: from the counter's 0, the time itself): whole frames, one division,
    /// when both are on frames; the difference in seconds between frames.
    func since(_ start: AnimationTime?) -> AnimationTime {
        guard let start else { return self }
        if let frame, let startFrame = start.frame { return AnimationTime(frame: frame - startFrame, fps: fps) }
        return AnimationTime(seconds: seconds - start.seconds, frame: nil, fps: fps)
    }

    /// This time less `delay` seconds, at least 0, on the same frame (DelayAnimation's `max(0, time − d)`).
    func delayed(by delay: Double) -> AnimationTime {
        AnimationTime(seconds: max(0, seconds - delay), frame: frame, fps: fps)
    }

    /// The time of an entry of a combined animation added `added` seconds (on frame `addedFrame`) after the animator
    /// began: `seconds − added` (SwiftUI's `time − entry.elapsed`), the frame less `addedFrame`.
    func sinceEntry(added: Double, addedFrame: Int) -> AnimationTime {
        AnimationTime(seconds: seconds - added, frame: frame.map { $0 - addedFrame }, fps: fps)
    }
}
