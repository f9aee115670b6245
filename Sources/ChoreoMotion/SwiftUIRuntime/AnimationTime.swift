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

    /// This time less `delay` seconds, at least 0 (DelayAnimation's `max(0, time − d)`), on the same frame of the
    /// counter while past the delay: two such times differ by their frames (the delay cancels); none inside the
    /// delay, where the time stands at 0 whatever the frame.
    func delayed(by delay: Double) -> AnimationTime {
        let past = seconds - delay
        return AnimationTime(seconds: past > 0 ? past : 0, frame: past > 0 ? frame : nil, fps: fps)
    }

    /// The time of an entry of a combined animation added `added` seconds, on frame `addedFrame`, after the animator
    /// began (SwiftUI's `time − entry.elapsed`): on a frame, the frames since the entry's, one division (the
    /// difference of two times in seconds rounds just above a duration on some frames); between frames `seconds −
    /// added`.
    func sinceEntry(added: Double, addedFrame: Int) -> AnimationTime {
        guard let frame else { return AnimationTime(seconds: seconds - added, frame: nil, fps: fps) }
        return AnimationTime(frame: frame - addedFrame, fps: fps)
    }
}

/// Where a clock of an animation's state starts on the animator's counter, in 16 bytes (every animation's state keeps
/// two, and states are copied on every evaluation): a time in seconds and its frame, or the counter's own 0.
struct ClockStart: Sendable, Hashable {
    /// The start in seconds (used between frames).
    var seconds: Double
    /// The start's frame; `Int.min` when it is not on one, `Int.max` for the counter's own 0 (``origin``).
    var frame: Int

    /// The counter's own 0: a time counted from it is the time itself.
    static let origin = ClockStart(seconds: 0, frame: .max)

    init(seconds: Double, frame: Int) {
        self.seconds = seconds
        self.frame = frame
    }

    /// The start at `time`.
    init(_ time: AnimationTime) {
        seconds = time.seconds
        frame = time.frame ?? .min
    }
}

extension AnimationTime {
    /// This time counted from `start`: itself from the counter's 0; whole frames, one division, when both are on
    /// frames; the difference in seconds otherwise.
    func since(_ start: ClockStart) -> AnimationTime {
        if start.frame == .max { return self }
        if let frame, start.frame != .min { return AnimationTime(frame: frame - start.frame, fps: fps) }
        return AnimationTime(seconds: seconds - start.seconds, frame: nil, fps: fps)
    }
}
