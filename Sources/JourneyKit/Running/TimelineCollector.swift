import ChoreoClient
import ChoreoJSON
import Foundation

/// Gathers what the HTML report draws: every animation of the session sampled over its life with
/// `motion.sample` (endless loops flagged), the motion the app evaluates itself (its `decays` in `app.describe`, such
/// as a sheet's flicks) from their closed form, the haptics (with their
/// sources), announcements and steps as marks, and what each `expect` step checked, tied to the series it is about.
struct TimelineCollector {
    let session: ChoreoSession
    /// The session's `physics` and `fps` as `session.create` was given them (nil: the daemon's defaults), so the
    /// curves are drawn under the physics the session ran.
    var physics: JSONValue? = nil
    var fps: JSONValue? = nil
    /// `session.create`'s params of the session: with them the lanes are the frames the session showed
    /// (``FramesShown``); without, each animation's curve sampled in closed form.
    var createParams: JSONValue? = nil
    /// Samples per animation (closed forms and decays).
    let samples = 48

    func collect(
        steps: [StepResult], failure: Failure?, endMs: Double,
        gestures: [(t: Double, method: String, reply: JSONValue)] = []
    ) async -> TimelineData {
        var data = TimelineData(endMs: max(endMs, 1))
        data.steps = steps.map { TimelineData.Mark(t: $0.startMs, label: $0.label, failed: !$0.passed) }
        if let haptics = try? await session.haptics() {
            data.haptics = haptics.map {
                TimelineData.Mark(
                    t: $0["t"]?.doubleValue ?? 0, label: $0["style"]?.stringValue ?? "?",
                    source: $0["source"]?.stringValue)
            }
        }
        if let result = try? await session.call("announcements.list") {
            data.announcements = (result["announcements"]?.arrayValue ?? []).map {
                TimelineData.Mark(t: $0["t"]?.doubleValue ?? 0, label: $0["text"]?.stringValue ?? "")
            }
        }
        guard let list = try? await session.call("animations.list"), let records = list["animations"]?.arrayValue else {
            data.expectations = await expectations(steps, drawn: [])
            return data
        }
        var byPath: [String: [TimelineData.Point]] = [:]
        var order: [String] = []
        var endless: Set<String> = []
        var framed = false
        if let createParams, let export = try? await session.call("session.export"),
            let shown = await FramesShown(
                client: session.client, createParams: createParams, fps: Int(fps?.doubleValue ?? 60)
            ).collect(export: export, endMs: endMs, extraTimes: steps.map(\.startMs))
        {
            for record in records {
                guard let path = record["path"]?.stringValue, let points = shown[path] else { continue }
                if byPath[path] == nil {
                    order.append(path)
                    byPath[path] = points
                }
                // Where each animation starts, the value it starts from (what the session showed then).
                if let start = record["start"]?.doubleValue, let from = record["from"]?.doubleValue, start <= endMs {
                    byPath[path, default: []].append(TimelineData.Point(t: start, v: from))
                }
                if record["infinite"]?.boolValue == true { endless.insert(path) }
            }
            framed = (physics?.stringValue ?? "swiftui") == "swiftui"
        }
        // Without the frames (no create params, or a replay that failed): each curve in closed form.
        let closedForms = order.isEmpty
        for record in records where closedForms {
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
            if record["infinite"]?.boolValue == true { endless.insert(path) }
            byPath[path, default: []] += zip(times, values).compactMap { t, v in
                v.doubleValue.map { TimelineData.Point(t: start + t, v: $0) }
            }
        }
        data.series = order.map { path in
            TimelineData.Series(
                path: path, points: byPath[path]!.sorted { $0.t < $1.t }, endless: endless.contains(path),
                frames: framed)
        }
        let described = await appDescription()
        data.series = Self.addingFingerPositions(gestures, fingers: Self.fingerLanes(in: described), to: data.series)
        var decays: [(lane: String, path: String, spans: [ClosedRange<Double>])] = []
        for lane in Self.decayLanes(in: described) {
            if let drawn = await decaySeries(lane, endMs: endMs) {
                data.series.append(drawn.series)
                decays.append((drawn.series.path, lane.path, drawn.spans))
            }
        }
        data.expectations = await expectations(steps, drawn: data.series, decays: decays)
        return data
    }

    /// The values a finger puts in place that the session's app declares (``FingerLane`` in the engine;
    /// `app.describe`'s `fingers`), as (reply field, state path, the methods read; nil: any).
    static func fingerLanes(in described: JSONValue?) -> [FingerInput] {
        (described?["fingers"]?.arrayValue ?? []).compactMap { lane in
            guard let field = lane["replyField"]?.stringValue, let path = lane["path"]?.stringValue else { return nil }
            return FingerInput(
                field: field, path: path, methods: lane["methods"]?.arrayValue?.compactMap(\.stringValue))
        }
    }

    /// A finger lane as `app.describe` gives it.
    struct FingerInput: Sendable {
        var field: String
        var path: String
        var methods: [String]? = nil
    }

    /// The series with the values gestures put in place, which no animation record carries: each reply's value at
    /// one of `fingers`' fields joins the lane of its state path (a new one when no animation drew it) as a step at
    /// the gesture's time, from the value the lane had just before to the new one, which holds until the lane's
    /// next point.
    static func addingFingerPositions(
        _ gestures: [(t: Double, method: String, reply: JSONValue)], fingers: [FingerInput],
        to series: [TimelineData.Series]
    ) -> [TimelineData.Series] {
        var series = series
        for finger in fingers {
            let path = finger.path
            let values = gestures.compactMap { gesture in
                finger.methods.map { $0.contains(gesture.method) } ?? true
                    ? gesture.reply[finger.field]?.doubleValue.map { (gesture.t, $0) } : nil
            }
            guard !values.isEmpty else { continue }
            let index =
                series.firstIndex { $0.path == path }
                ?? {
                    series.append(TimelineData.Series(path: path, points: []))
                    return series.count - 1
                }()
            var points = series[index].points
            for (t, value) in values {
                // After every point at or before t, in order: the jump sits between the value before and after.
                let at = points.firstIndex { $0.t > t } ?? points.count
                guard let before = points[..<at].last?.v else {
                    points.insert(.init(t: t, v: value), at: at)
                    continue
                }
                guard before != value else { continue }
                points.insert(contentsOf: [.init(t: t, v: before), .init(t: t, v: value)], at: at)
            }
            series[index].points = points
        }
        return series.filter { !$0.points.isEmpty }
    }

    /// A decay the session's app declares (``DecayLane`` in the engine; `app.describe`'s `decays`).
    struct Decay {
        var name: String
        var path: String
        var startEvent: String
        var stopEvent: String?
        /// τ in ms: −1 ms / ln(rate).
        var tau: Double
    }

    /// The session's app as `app.describe` describes it (its app from `session.list`); nil when the daemon does not
    /// say.
    private func appDescription() async -> JSONValue? {
        guard let list = try? await session.client.call("session.list"),
            let app = list["sessions"]?.arrayValue?.first(where: { $0["session"]?.stringValue == session.id })?["app"]
        else { return nil }
        return try? await session.client.call("app.describe", ["app": app])
    }

    /// The decays the session's app declares (`app.describe`'s `decays`).
    static func decayLanes(in described: JSONValue?) -> [Decay] {
        (described?["decays"]?.arrayValue ?? []).compactMap { lane in
            guard let name = lane["name"]?.stringValue, let path = lane["path"]?.stringValue,
                let start = lane["startEvent"]?.stringValue, let rate = lane["decelerationRate"]?.doubleValue
            else { return nil }
            return Decay(
                name: name, path: path, startEvent: start, stopEvent: lane["stopEvent"]?.stringValue,
                tau: -1 / log(rate))
        }
    }

    /// A decay's lane, from each start event (offset x₀, velocity v in pt/s, `durationMs`) until it ended or a stop
    /// event caught it: x(t) = x₀ + v·τ·(1 − e^(−t/τ)); with the spans they cover. Nil when the session had none.
    private func decaySeries(_ lane: Decay, endMs: Double) async -> (
        series: TimelineData.Series, spans: [ClosedRange<Double>]
    )? {
        let kinds = [lane.startEvent] + (lane.stopEvent.map { [$0] } ?? [])
        guard
            let trace = try? await session.call("trace.get", ["kinds": .array(kinds.map { .string($0) })]),
            let events = trace["events"]?.arrayValue
        else { return nil }
        var points: [TimelineData.Point] = []
        var spans: [ClosedRange<Double>] = []
        for (index, event) in events.enumerated() where event["kind"]?.stringValue == lane.startEvent {
            guard let start = event["t"]?.doubleValue, let from = event["offset"]?.doubleValue,
                let velocity = event["velocity"]?.doubleValue, let duration = event["durationMs"]?.doubleValue
            else { continue }
            let caught = events[(index + 1)...].first { $0["kind"]?.stringValue == lane.stopEvent }?["t"]?.doubleValue
            let end = min(start + duration, caught ?? .infinity, max(endMs, start))
            let tau = lane.tau
            let times =
                end > start ? (0...samples).map { start + Double($0) * (end - start) / Double(samples) } : [start]
            points += times.map { t in
                TimelineData.Point(t: t, v: from + velocity * tau / 1000 * (1 - exp(-(t - start) / tau)))
            }
            spans.append(start...end)
        }
        guard !points.isEmpty else { return nil }
        return (TimelineData.Series(path: "\(lane.path) (\(lane.name))", points: points), spans)
    }

    /// What the `expect` steps checked, each tied to the drawn series its state path's value comes from: the one
    /// the check recorded as driving it, else the animation records `animations.list {path}` gives for the path now,
    /// the last one started by the step's time (else the first); for a check of a decay's path (`sheet.offset`)
    /// while one of its decays ran (a flick), the decay's lane. A check that is not about a number, or whose path no drawn series
    /// drives, has no series.
    ///
    /// A check goes on a series only when the curve there is the value checked: a value derived from an animated
    /// property (`glowOpacity` from `celebration.glow`) is not drawn on that property's curve.
    private func expectations(
        _ steps: [StepResult], drawn series: [TimelineData.Series],
        decays: [(lane: String, path: String, spans: [ClosedRange<Double>])] = []
    ) async -> [TimelineData.Expectation] {
        let drawn = Set(series.map(\.path))
        var driving: [String: [JSONValue]] = [:]
        var found: [TimelineData.Expectation] = []
        for (index, step) in steps.enumerated() {
            for check in step.checks {
                let range = Self.range(check.matcher)
                var lane: String? = nil
                if range != nil,
                    let decay = decays.first(where: { decay in
                        decay.path == check.path
                            && decay.spans.contains { $0.lowerBound < step.startMs && step.startMs <= $0.upperBound }
                    })
                {
                    lane = decay.lane
                } else if let animatedBy = check.animatedBy, drawn.contains(animatedBy) {
                    lane = animatedBy
                } else if range != nil, !drawn.isEmpty, !check.path.hasPrefix("$") {
                    if driving[check.path] == nil {
                        let list = try? await session.call("animations.list", ["path": .string(check.path)])
                        driving[check.path] = list?["animations"]?.arrayValue ?? []
                    }
                    let candidates = (driving[check.path] ?? []).filter {
                        $0["path"]?.stringValue.map(drawn.contains) ?? false
                    }
                    let chosen =
                        candidates.last { ($0["start"]?.doubleValue ?? .infinity) <= step.startMs } ?? candidates.first
                    lane = chosen?["path"]?.stringValue
                }
                if let name = lane, let actual = check.actual?.doubleValue,
                    let points = series.first(where: { $0.path == name })?.points,
                    !Self.agrees(points, at: step.startMs, with: actual)
                {
                    lane = nil
                }
                let actual = ReportText.truncated(check.actual.map { $0.serialized() } ?? "missing", 120)
                var expected = ReportText.truncated(check.matcher.description, 120)
                if case .equals = check.matcher { expected = "= " + expected }
                found.append(
                    TimelineData.Expectation(
                        t: step.startMs, step: index, path: check.path, series: lane, low: range?.low,
                        high: range?.high, expected: range?.expected,
                        text: "\(check.path) \(expected) (actual \(actual))", passed: check.passed))
            }
        }
        return found
    }

    /// Whether the sampled curve (interpolated, held before its first and after its last sample) is within 3% of
    /// its range of `value` at `t`; where the curve jumps at `t`, either side of the jump counts.
    static func agrees(_ points: [TimelineData.Point], at t: Double, with value: Double) -> Bool {
        guard let first = points.first, let last = points.last else { return false }
        let curve: Double
        if t <= first.t {
            curve = first.v
        } else if t >= last.t {
            curve = last.v
        } else {
            let after = points.firstIndex { $0.t > t } ?? points.count - 1
            let (a, b) = (points[after - 1], points[after])
            curve = b.t > a.t ? a.v + (b.v - a.v) * (t - a.t) / (b.t - a.t) : b.v
        }
        let values = points.map(\.v)
        let span = max((values.max() ?? 0) - (values.min() ?? 0), abs(value) * 1e-6, 1e-9)
        // At a jump (a gesture at the check's time), the value on either side of it.
        let atT = points.filter { $0.t == t }.map(\.v)
        return ([curve] + atT).contains { abs($0 - value) <= 0.03 * span }
    }

    /// The numbers a matcher accepts, as a range and the value to mark (the expected number, or the bound of a
    /// one-sided matcher); nil for a matcher that is not about a number.
    static func range(_ matcher: Matcher) -> (low: Double, high: Double, expected: Double)? {
        switch matcher {
        case .approx(let value, let tol): return (value - tol, value + tol, value)
        case .equals(let value):
            guard let number = value.doubleValue else { return nil }
            return (number, number, number)
        case .greaterThan(let bound), .greaterThanOrEqual(let bound): return (bound, .infinity, bound)
        case .lessThan(let bound), .lessThanOrEqual(let bound): return (-.infinity, bound, bound)
        case .all(let matchers):
            let ranges = matchers.compactMap(range)
            guard !ranges.isEmpty else { return nil }
            let low = ranges.map(\.low).max()!
            let high = ranges.map(\.high).min()!
            let exact = matchers.compactMap { matcher -> Double? in
                if case .approx(let value, _) = matcher { return value }
                if case .equals(let value) = matcher { return value.doubleValue }
                return nil
            }
            let expected =
                exact.first ?? (low.isFinite && high.isFinite ? (low + high) / 2 : low.isFinite ? low : high)
            return (low, high, expected)
        default: return nil
        }
    }
}
