import ChoreoClient
import ChoreoJSON

/// What every animated property of a session showed, frame by frame (issue 46 #1): the report draws these, not
/// closed forms. The session's actions (its `session.export`) are replayed in a scratch session created with the
/// same params; over each advance and settle, a fork of the scratch steps through the sample times and reads
/// `animations.list {running: true}`, whose entries carry the value each animated property shows (the session's own
/// arithmetic: AnimatorState's frames, merges and combinations, removals on frames). The scratch itself takes every
/// action exactly as the session did, so it stays the session's twin whatever the sampling does.
struct FramesShown {
    let client: ChoreoClient
    /// `session.create`'s params of the journey's session.
    let createParams: JSONValue
    /// The session's frame rate (60 by default).
    let fps: Int
    /// At most this many sample times over the journey (every frame when they fit, else every k-th frame).
    var maxSamples = 1500

    /// (time ms, value) per animated property, as records name it; nil when the replay failed (the caller falls back
    /// to the curves' closed forms).
    func collect(export: JSONValue, endMs: Double, extraTimes: [Double]) async -> [String: [TimelineData.Point]]? {
        guard let actions = export["actions"]?.arrayValue,
            let scratch = try? await client.createSessionReply(createParams).id
        else { return nil }
        let values = await replay(actions, in: scratch, endMs: endMs, extraTimes: extraTimes)
        try? await client.closeSession(scratch)
        return values
    }

    private func replay(_ actions: [JSONValue], in scratch: String, endMs: Double, extraTimes: [Double]) async
        -> [String: [TimelineData.Point]]?
    {
        let times = Self.sampleTimes(endNs: Self.ns(endMs), fps: fps, maxSamples: maxSamples, extra: extraTimes)
        var values: [String: [TimelineData.Point]] = [:]
        var moving: Set<String> = []
        var nowNs: Int64 = 0
        var next = 0
        // Samples at the start (before any advance).
        while next < times.count, times[next] <= nowNs {
            guard await read(scratch, at: times[next], into: &values, moving: &moving) else { return nil }
            next += 1
        }
        for action in actions {
            guard let method = action["method"]?.stringValue else { return nil }
            var params = action["params"]?.objectValue ?? [:]
            params["session"] = .string(scratch)
            let moves = method == "clock.advance" || method == "clock.settle"
            var fork: String? = nil
            if moves, next < times.count {
                fork =
                    (try? await client.call("session.fork", ["session": .string(scratch)]))?["session"]?
                    .stringValue
            }
            guard let reply = try? await client.call(method, .object(params)) else {
                // A refused or failed action answers as the session's did; only a transport failure ends the replay.
                if let fork { try? await client.closeSession(fork) }
                continue
            }
            guard moves else { continue }
            let endNs = (reply["now"]?.doubleValue).map(Self.ns) ?? nowNs
            if let fork {
                var forkNs = nowNs
                while next < times.count, times[next] <= endNs {
                    let step = times[next] - forkNs
                    if step > 0 {
                        _ = try? await client.call(
                            "clock.advance", ["session": .string(fork), "ms": .number(Double(step) / 1_000_000)])
                        forkNs = times[next]
                    }
                    guard await read(fork, at: times[next], into: &values, moving: &moving) else { return nil }
                    next += 1
                }
                try? await client.closeSession(fork)
            }
            nowNs = endNs
        }
        return values
    }

    /// Reads the values `animations.list {running: true}` gives at one sample time into `values`; a property that
    /// stopped moving since the last sample gets the value it rests at (its driving record's, from
    /// `animations.list {path}`), so each lane ends where the session left it.
    private func read(
        _ session: String, at ns: Int64, into values: inout [String: [TimelineData.Point]], moving: inout Set<String>
    ) async -> Bool {
        guard
            let list = try? await client.call(
                "animations.list", ["session": .string(session), "running": true]),
            let records = list["animations"]?.arrayValue
        else { return false }
        let t = Double(ns) / 1_000_000
        var now: Set<String> = []
        for record in records {
            guard let path = record["path"]?.stringValue, let value = record["value"]?.doubleValue else { continue }
            now.insert(path)
            values[path, default: []].append(TimelineData.Point(t: t, v: value))
        }
        for path in moving.subtracting(now).sorted() {
            guard
                let list = try? await client.call(
                    "animations.list", ["session": .string(session), "path": .string(path)]),
                let value = list["animations"]?.arrayValue?.last(where: { $0["value"] != nil })?["value"]?.doubleValue
            else { continue }
            values[path, default: []].append(TimelineData.Point(t: t, v: value))
        }
        moving = now
        return true
    }

    /// Virtual ms as whole nanoseconds, as the daemon rounds them.
    static func ns(_ ms: Double) -> Int64 {
        let ns = (ms * 1_000_000).rounded()
        return ns.isFinite && abs(ns) < 9e18 ? Int64(ns) : 0
    }

    /// The frames n·10⁹/fps ns (rounded halves up, behavior.md RL1) from 0 to `endNs`, every k-th so that at most
    /// `maxSamples` are taken, with the `extra` instants (the checks') added: sorted and unique, in ns.
    static func sampleTimes(endNs: Int64, fps: Int, maxSamples: Int, extra: [Double]) -> [Int64] {
        let fps = Int64(max(fps, 1))
        let frames = endNs / 1_000_000_000 * fps + (endNs % 1_000_000_000) * fps / 1_000_000_000 + 1
        let stride = max(1, (frames + Int64(maxSamples) - 1) / Int64(maxSamples))
        var times: Set<Int64> = []
        var n: Int64 = 0
        while true {
            let (whole, part) = (n / fps, n % fps)
            let t = whole * 1_000_000_000 + (part * 1_000_000_000 * 2 + fps) / (2 * fps)
            guard t <= endNs else { break }
            times.insert(t)
            n += stride
        }
        for ms in extra where ms >= 0 && ms <= Double(endNs) / 1_000_000 { times.insert(ns(ms)) }
        return times.sorted()
    }
}
