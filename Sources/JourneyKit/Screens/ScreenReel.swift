import ChoreoClient
import ChoreoJSON
import Foundation

/// A journey's screens for the HTML report (`journey run --html FILE --html-screens N`): the screen at each step's
/// end and every N frames over the journey, each distinct picture kept once.
public struct ScreenReel: Sendable, Hashable {
    /// The frames' virtual times, ascending, in ms.
    public var times: [Double]
    /// For each time, its picture in ``svgs``.
    public var pictures: [Int]
    /// The distinct SVG documents.
    public var svgs: [String]

    /// The reel of `frames` (ascending times), identical pictures stored once.
    public init(frames: [ScreenFilm.Frame]) {
        var index: [String: Int] = [:]
        times = []
        pictures = []
        svgs = []
        for frame in frames {
            let picture: Int
            if let known = index[frame.svg] {
                picture = known
            } else {
                picture = svgs.count
                index[frame.svg] = picture
                svgs.append(frame.svg)
            }
            times.append(frame.ms)
            pictures.append(picture)
        }
    }

    /// The picture shown at `ms`: the last frame at or before it (the first before any).
    public func picture(at ms: Double) -> Int? {
        guard !times.isEmpty else { return nil }
        var chosen = pictures[0]
        for (time, picture) in zip(times, pictures) where time <= ms + 1e-9 { chosen = picture }
        return chosen
    }

    /// The most frames a reel draws: past it the interval widens.
    public static let maxFrames = 400

    /// The times a journey's reel draws: every `every` frames of its `fps` clock from 0 to `endMs` (the interval
    /// widened by whole frames until there are at most ``maxFrames``), and each step's start and end.
    public static func times(of result: JourneyResult, everyFrames every: Int) -> [Double] {
        let fps = result.session?.fps ?? 60
        let end = result.virtualMilliseconds
        var step = max(every, 1)
        while Double(step) * 1000 / Double(fps) * Double(maxFrames - 1) < end { step += max(every, 1) }
        var times = Set(ScreenFilm.times(from: 0, to: end, everyFrames: step, fps: fps))
        for step in result.steps {
            times.insert(step.startMs)
            times.insert(step.endMs)
        }
        return times.sorted()
    }

    /// Draws the reel of every result that kept its session (``RunOptions/keepSnapshot``); `progress` is told
    /// after each journey.
    public static func draw(
        _ results: [JourneyResult], client: ChoreoClient, everyFrames every: Int,
        progress: (Int, Int) -> Void = { _, _ in }
    ) async -> [JourneyResult] {
        var results = results
        let total = results.filter { $0.snapshot != nil }.count
        var done = 0
        for index in results.indices {
            guard let snapshot = results[index].snapshot else { continue }
            let times = Self.times(of: results[index], everyFrames: every)
            if let frames = try? await ScreenFilm(client: client).frames(of: snapshot, at: times) {
                results[index].screens = ScreenReel(frames: frames)
            }
            done += 1
            progress(done, total)
        }
        return results
    }

    /// A picture as a `data:` URI for an `<img>`.
    public static func dataURI(_ svg: String) -> String {
        "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()
    }
}
