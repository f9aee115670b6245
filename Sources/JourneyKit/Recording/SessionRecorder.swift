import ChoreoClient
import ChoreoJSON

/// Turns a live session into a journey (`journey record`, the MCP tool `journey_record`): the session's
/// `session.create` params as the header, the requests that changed it as steps (UI shorthands, `advance`,
/// `settle`, else `call`), and expectations that make the file a regression test: the haptics and announcements
/// each step caused, with their virtual times, and the final values of the state paths the session changed.
///
/// How: `session.export` gives the session's create params and its actions (the requests recorded as `action`
/// trace events). The recorder replays them one by one in a scratch session of the same daemon (sessions are
/// deterministic), so it knows what each request caused: its error, if it failed, and the haptics and
/// announcements that came after it, before the next. "Changed" state paths are the leaves whose final value
/// differs from the scratch session's value before the first action. The scratch session is closed at the end;
/// the recorded session is only read.
public struct SessionRecorder: Sendable {
    /// A recorded journey.
    public struct Recording: Sendable {
        /// The journey, as YAML.
        public var yaml: String
        /// The recorded session's app.
        public var app: String
        /// How many requests became steps.
        public var actions: Int
        /// The haptics it expects, in order.
        public var haptics: Int
        /// The announcements it expects.
        public var announcements: Int
        /// The state paths whose final values it expects.
        public var statePaths: [String]
        /// What the reader should know (a replay that differed from the session, paths left out).
        public var notes: [String]
        /// How many reads became expectations where they were made.
        public var reads: Int = 0

        /// The recording as JSON (without the YAML).
        public var summary: JSONValue {
            [
                "app": .string(app), "actions": .int(Int64(actions)), "haptics": .int(Int64(haptics)),
                "announcements": .int(Int64(announcements)), "statePaths": .array(statePaths.map { .string($0) }),
                "notes": .array(notes.map { .string($0) }), "reads": .int(Int64(reads)),
            ]
        }
    }

    /// A state path read while the session was driven (an agent's `state_get` through `journey mcp`): it becomes an
    /// `expect` of the value read, after as many of the session's requests as had run then.
    public struct Read: Sendable, Hashable {
        /// How many of the session's requests (its `action` trace events) had run when it was read.
        public var afterActions: Int
        /// The state path read (empty: the whole tree, which is not expected).
        public var path: String
        /// The value read.
        public var value: JSONValue

        public init(afterActions: Int, path: String, value: JSONValue) {
            self.afterActions = afterActions
            self.path = path
            self.value = value
        }
    }

    /// The most state paths an `expect` lists; the rest are named in a comment.
    public var maxStatePaths = 40

    let client: ChoreoClient

    public init(client: ChoreoClient) {
        self.client = client
    }

    /// What replaying one action in the scratch session gave.
    struct Replayed {
        var method: String
        var params: [String: JSONValue]
        var error: Int?
        var result: JSONValue
        var haptics: [JSONValue]
        var announcements: [JSONValue]
    }

    /// Records `session` as a journey named `name` (default: "Recorded from session ID"), with an `expect` for each
    /// of `reads` where it was made.
    public func record(
        session: String, name: String? = nil, reads: [Read] = []
    ) async throws(ChoreoClientError) -> Recording {
        let snapshot = try await client.call("session.export", ["session": .string(session)])
        let config = snapshot["config"]?.objectValue ?? [:]
        // session.export always names the app; an older snapshot may not, and then the daemon's default app is meant.
        var named = snapshot["app"]?.stringValue ?? config["app"]?.stringValue
        if named == nil { named = try await client.call("daemon.info")["apps"]?.arrayValue?.first?.stringValue }
        let app = named ?? ""
        let actions = (snapshot["actions"]?.arrayValue ?? []).map { action in
            (method: action["method"]?.stringValue ?? "", params: action["params"]?.objectValue ?? [:])
        }
        let finalState = try await client.call("state.get", ["session": .string(session)])["value"]

        let scratch = try await client.createSession(.object(config))
        let replay: (initial: JSONValue, steps: [Replayed], final: JSONValue, digest: JSONValue?)
        do {
            replay = try await self.replay(actions, in: scratch)
        } catch {
            try? await client.closeSession(scratch)
            throw error
        }
        try? await client.closeSession(scratch)

        var notes: [String] = []
        if replay.final != finalState || (replay.digest != nil && replay.digest != snapshot["traceDigest"]) {
            notes.append(
                "replaying the session's requests in a new session did not end in the same state; the expectations "
                    + "are the replay's")
        }
        var paths = StateChanges.leaves(from: replay.initial, to: replay.final)
        var omitted: [String] = []
        if paths.count > maxStatePaths {
            omitted = paths.dropFirst(maxStatePaths).map(\.path)
            paths = Array(paths.prefix(maxStatePaths))
            notes.append("\(omitted.count) more changed state paths are named in a comment, not expected")
        }
        var header: [(String, JSONValue)] = [("app", .string(app))]
        for key in ["seed", "fps", "physics", "settings", "data", "wallClock"] {
            if let value = config[key] { header.append((key, value)) }
        }
        let yaml = JourneyWriter(
            name: name ?? "Recorded from session \(session)", session: session, header: header, steps: replay.steps,
            finalPaths: paths, omittedPaths: omitted, reads: reads.filter { !$0.path.isEmpty }
        ).yaml
        if reads.contains(where: { $0.path.isEmpty }) {
            notes.append("a read of the whole state tree (state_get without a path) is not expected: read a path")
        }
        if yaml.holdsVariableReference {
            notes.append("a recorded value holds `${`, which a journey reads as a variable: edit that value")
        }
        return Recording(
            yaml: yaml, app: app, actions: actions.count, haptics: replay.steps.reduce(0) { $0 + $1.haptics.count },
            announcements: replay.steps.reduce(0) { $0 + $1.announcements.count }, statePaths: paths.map(\.path),
            notes: notes, reads: reads.filter { !$0.path.isEmpty }.count)
    }

    private func replay(
        _ actions: [(method: String, params: [String: JSONValue])], in scratch: String
    ) async throws(ChoreoClientError) -> (initial: JSONValue, steps: [Replayed], final: JSONValue, digest: JSONValue?) {
        let id = JSONValue.string(scratch)
        let initial = try await client.call("state.get", ["session": id])["value"] ?? .null
        var steps: [Replayed] = []
        var hapticCount = 0
        var announcementCount = 0
        for action in actions {
            var params = action.params
            params["session"] = id
            var failure: Int? = nil
            var result: JSONValue = .null
            do {
                result = try await client.call(action.method, .object(params))
            } catch {
                guard let code = error.code else { throw error }
                failure = code
            }
            let haptics = try await client.call("haptics.list", ["session": id])["haptics"]?.arrayValue ?? []
            let announcements =
                try await client.call("announcements.list", ["session": id])["announcements"]?.arrayValue ?? []
            steps.append(
                Replayed(
                    method: action.method, params: action.params, error: failure, result: result,
                    haptics: Array(haptics.dropFirst(hapticCount)),
                    announcements: Array(announcements.dropFirst(announcementCount))))
            hapticCount = haptics.count
            announcementCount = announcements.count
        }
        let final = try await client.call("state.get", ["session": id])["value"] ?? .null
        let digest = try? await client.call("session.export", ["session": id])["traceDigest"]
        return (initial, steps, final, digest)
    }
}

/// The state paths whose values changed: leaves of the state tree (dotted, list indices as numbers).
enum StateChanges {
    /// A changed path and its final value (nil when the key is gone), or for a long list whose length changed,
    /// its final length.
    typealias Change = (path: String, value: JSONValue?, length: Int?)

    /// A list whose final value is at most this many characters written is compared whole; a longer one element
    /// by element when its length is the same (and few paths changed), and by its length (`{len: n}`) otherwise.
    static let wholeValueLength = 80
    /// A list whose elements changed in more than this many paths is checked by its length.
    static let maxElementChanges = 8

    /// The changed paths and their final values, in path order.
    static func leaves(from before: JSONValue, to after: JSONValue) -> [Change] {
        var changes: [Change] = []
        collect(before, after, prefix: "", into: &changes)
        return changes
    }

    private static func collect(_ before: JSONValue?, _ after: JSONValue?, prefix: String, into changes: inout [Change])
    {
        guard before != after else { return }
        func child(_ key: String) -> String { prefix.isEmpty ? key : prefix + "." + key }
        switch after {
        case .object(let new)? where !new.isEmpty:
            // A mapping is checked key by key, also where it was something else before (null: nothing shown).
            // Keys holding a dot cannot be named by a dotted path.
            let old = before?.objectValue ?? [:]
            for key in Set(old.keys).union(new.keys).sorted() where !key.contains(".") {
                collect(old[key], new[key], prefix: child(key), into: &changes)
            }
        case .array(let new)? where (after?.serialized().count ?? 0) > wholeValueLength:
            guard let old = before?.arrayValue, old.count == new.count else {
                changes.append((prefix, nil, new.count))
                return
            }
            var elements: [Change] = []
            for index in new.indices {
                collect(old[index], new[index], prefix: child(String(index)), into: &elements)
            }
            // Many changed elements (every glyph of a title) read better as one line.
            if elements.count > maxElementChanges {
                changes.append((prefix, nil, new.count))
            } else {
                changes += elements
            }
        default:
            if !prefix.isEmpty { changes.append((prefix, after, nil)) }
        }
    }
}
