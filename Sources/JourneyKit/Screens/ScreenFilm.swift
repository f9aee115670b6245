import ChoreoClient
import ChoreoJSON

/// The screen of a recorded session at chosen virtual times (`journey film`, the HTML report's screen pane): the
/// session's snapshot (`session.export`) is replayed in a scratch session, and the frame at time t shows the session
/// after every request made at or before t (`screen.render`). A request that moves the clock is applied after the
/// session is forked, and the times it passes over are drawn on the fork (`at`), so no frame is skipped by a long
/// advance or a settle.
public struct ScreenFilm: Sendable {
    /// One picture: the virtual time it shows, in ms, and the SVG document.
    public struct Frame: Sendable, Hashable {
        public var ms: Double
        public var svg: String
    }

    let client: ChoreoClient
    /// The pictures' width in pixels (nil: the screen's width in points).
    let width: Double?

    public init(client: ChoreoClient, width: Double? = nil) {
        self.client = client
        self.width = width
    }

    /// Every `every`-th frame of a `fps` frame clock from `from` to `to` (virtual ms, both included when they fall on
    /// a frame): `from + k·every·1000/fps`, k counted in integers so no error accumulates.
    public static func times(from: Double, to: Double, everyFrames every: Int, fps: Int) -> [Double] {
        guard every > 0, fps > 0, to >= from else { return [] }
        var times: [Double] = []
        var k = 0
        while true {
            let t = from + Double(k * every) * 1000 / Double(fps)
            guard t <= to + 1e-9 else { break }
            times.append(t)
            k += 1
        }
        return times
    }

    /// The screen at each of `times` (ascending, virtual ms) in the session `snapshot` describes. Times past the
    /// snapshot's last request are drawn ahead of it (`at`).
    public func frames(of snapshot: JSONValue, at times: [Double]) async throws(ChoreoClientError) -> [Frame] {
        var config = snapshot["config"]?.objectValue ?? [:]
        if config["app"] == nil, let app = snapshot["app"] { config["app"] = app }
        let live = try await client.createSession(.object(config))
        do {
            let frames = try await replay(snapshot["actions"]?.arrayValue ?? [], in: live, drawing: times.sorted())
            try? await client.closeSession(live)
            return frames
        } catch {
            try? await client.closeSession(live)
            throw error
        }
    }

    private func replay(
        _ actions: [JSONValue], in live: String, drawing times: [Double]
    ) async throws(ChoreoClientError) -> [Frame] {
        var pending = times[...]
        var frames: [Frame] = []
        var now = 0.0
        for action in actions {
            let method = action["method"]?.stringValue ?? ""
            var params = action["params"]?.objectValue ?? [:]
            params["session"] = .string(live)
            guard method.hasPrefix("clock."), !pending.isEmpty else {
                _ = try await client.call(method, .object(params))
                continue
            }
            let fork = try await client.call("session.fork", ["session": .string(live)])["session"]?.stringValue ?? ""
            let after: Double
            do {
                after = try await client.call(method, .object(params))["now"]?.doubleValue ?? now
                // A time the clock stops at waits for the requests made there (the next fork, or the end).
                while let t = pending.first, t < after {
                    frames.append(try await draw(fork, at: max(t, now)))
                    pending.removeFirst()
                }
            } catch {
                try? await client.closeSession(fork)
                throw error
            }
            try? await client.closeSession(fork)
            now = after
        }
        for t in pending { frames.append(try await draw(live, at: max(t, now))) }
        return frames
    }

    private func draw(_ session: String, at ms: Double) async throws(ChoreoClientError) -> Frame {
        var params: [String: JSONValue] = ["session": .string(session), "at": .number(ms)]
        if let width { params["width"] = .number(width) }
        let result = try await client.call("screen.render", .object(params))
        return Frame(ms: ms, svg: result["svg"]?.stringValue ?? "")
    }
}
