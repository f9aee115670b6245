import ChoreoClient
import ChoreoJSON

/// Gathers what the HTML report draws: every animation of the session sampled over its life with
/// `motion.sample`, and the haptics, announcements and steps as marks.
struct TimelineCollector {
    let session: ChoreoSession
    /// The session's `physics` and `fps` as `session.create` was given them (nil: the daemon's defaults), so the
    /// curves are drawn under the physics the session ran.
    var physics: JSONValue? = nil
    var fps: JSONValue? = nil
    /// Samples per animation.
    let samples = 48

    func collect(steps: [StepResult], failure: Failure?, endMs: Double) async -> TimelineData {
        var data = TimelineData(endMs: max(endMs, 1))
        data.steps = steps.map { TimelineData.Mark(t: $0.startMs, label: $0.label, failed: !$0.passed) }
        if let haptics = try? await session.haptics() {
            data.haptics = haptics.map {
                TimelineData.Mark(t: $0["t"]?.doubleValue ?? 0, label: $0["style"]?.stringValue ?? "?")
            }
        }
        if let result = try? await session.call("announcements.list") {
            data.announcements = (result["announcements"]?.arrayValue ?? []).map {
                TimelineData.Mark(t: $0["t"]?.doubleValue ?? 0, label: $0["text"]?.stringValue ?? "")
            }
        }
        guard let list = try? await session.call("animations.list"), let records = list["animations"]?.arrayValue else {
            return data
        }
        var byPath: [String: [TimelineData.Point]] = [:]
        var order: [String] = []
        for record in records {
            guard let path = record["path"]?.stringValue, let start = record["start"]?.doubleValue,
                let from = record["from"]?.doubleValue, let to = record["to"]?.doubleValue,
                var curve = record["curve"]?.objectValue
            else { continue }
            curve["delay"] = nil
            var end = record["settledAt"]?.doubleValue ?? endMs
            if let interrupted = record["interruptedAt"]?.doubleValue { end = min(end, interrupted) }
            end = min(end, max(endMs, start))
            guard end > start else { continue }
            let times = (0...samples).map { Double($0) * (end - start) / Double(samples) }
            var params: [String: JSONValue] = [
                "curve": .object(curve), "at": .array(times.map { .number($0) }), "from": .number(from),
                "to": .number(to),
            ]
            params["physics"] = physics
            params["fps"] = fps
            guard
                let sampled = try? await session.client.call("motion.sample", .object(params)),
                let values = sampled["values"]?.arrayValue
            else { continue }
            if byPath[path] == nil { order.append(path) }
            byPath[path, default: []] += zip(times, values).compactMap { t, v in
                v.doubleValue.map { TimelineData.Point(t: start + t, v: $0) }
            }
        }
        data.series = order.map { path in
            TimelineData.Series(path: path, points: byPath[path]!.sorted { $0.t < $1.t })
        }
        return data
    }
}
