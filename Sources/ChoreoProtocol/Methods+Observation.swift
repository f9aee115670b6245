import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let observationMethods = [stateGet, animationsList, hapticsList, hapticsExport, announcementsList, traceGet]

    static let stateGet = Method(
        reading: "state.get",
        summary: "A session's state tree, or the node at a dotted path.",
        description: """
            The whole tree for an empty or absent path: the app's state (its top-level nodes and every path \
            below them are listed in protocol/state.md), `settings` (as settings.get) and `lab` {values: \
            {NAME: number}, timers: [{id, name, at}]}, with every animated value at the current virtual time. \
            Path components are object keys, array indices (`navigation.stack.0`) or, for an element with a \
            `target`, that target (`screen.parallax.dashboard/card/balance`). Reading never changes the session.
            """,
        params: Param.string(
            "path", "A dotted path such as `lab.values.x` or `navigation.screen`; empty or absent for the whole tree."
        ).schemaDescription("A dotted path such as `lab.values.x`.").defaulting(to: ""),
        result: MethodResult(
            "state",
            .object(
                properties: [
                    "value": .anything("The node at the path (any JSON value)."),
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                ], required: ["value", "now"], additionalProperties: true)),
        errors: [.unknownStatePath],
        examples: [
            Example(
                "a lab value mid-spring",
                description: """
                    After: session.create {}; lab.animate {"session": "s1", "name": "x", "from": 0, "to": \
                    100, "curve": {"spring": {"response": 0.4, "dampingFraction": 0.8}}}; clock.advance \
                    {"session": "s1", "ms": 200}.
                    """, params: ["session": "s1", "path": "lab.values.x"],
                result: ["now": 200, "value": 92.2313786754]),
            Example(
                "the navigation", description: "After: session.create {}.",
                params: ["session": "s1", "path": "navigation"],
                result: ["now": 0, "value": ["screen": "dashboard", "stack": ["dashboard"]]]),
        ],
        writing: writeState(_:at:)
    ) { sim, path throws(RPCError) in
        do throws(SimulationError) {
            return ["value": try sim.state(at: path), "now": .number(sim.now.milliseconds)]
        } catch {
            throw RPCError(error)
        }
    }

    /// `state.get`'s result written straight to text for the whole tree or a top-level node (a path without dots),
    /// the cases whose size matters; nil for a deeper path or a key that is not a node (answered from the value,
    /// which names the error).
    private static func writeState(_ sim: Simulation, at path: String) -> JSONText? {
        guard !path.contains(".") else { return nil }
        var writer = JSONWriter(reservingCapacity: path.isEmpty ? 64 * 1024 : 1024)
        writer.beginObject()
        writer.key(StateGetKeys.now)
        writer.number(sim.now.milliseconds)
        writer.key(StateGetKeys.value)
        if path.isEmpty {
            sim.writeState(to: &writer)
        } else if !sim.writeState(node: path, to: &writer) {
            return nil
        }
        writer.endObject()
        return writer.text
    }

    /// The keys of `state.get`'s result, in key order.
    private enum StateGetKeys {
        static let now = JSONKey("now")
        static let value = JSONKey("value")
    }

    static let animationsList = Method(
        reading: "animations.list",
        summary: "The animations of a session, with their state now.",
        description: """
            All since the session started, oldest first, settled and interrupted ones too, as far as the session \
            keeps them (every one still moving or driving a property, and of the finished ones the latest, up to \
            traceLimit in all; `dropped` counts the others); `running`, `since` and `limit` narrow them. Without \
            `path` the cost is that of what is answered.
            """,
        params: Param.string(
            "path",
            "Only the animations that drive this state path, as `state.get` takes it (`sheet.progress`, "
                + "`celebration.current.opacity`; a node such as `hero` takes every animation below it), or of the "
                + "animated property with this name as records show it (`sheet.1.progress`). A state path without "
                + "animations gives an empty list; a path that is neither is -32002, like `state.get`."
        ).schemaDescription("Only animations driving this state path (or of this animated property).").optional,
        Param.boolean(
            "running", "Only those moving now (not settled or interrupted; loops too)."
        ).defaulting(to: false),
        Param.since,
        Param.integer(
            "limit", "At most this many, oldest first; `more` counts the rest.", in: 1...1_000_000,
            expected: "a whole number of animations"
        ).optional,
        result: MethodResult(
            "animations",
            .object(
                properties: [
                    "animations": .array(of: .ref("AnimationRecord")), "dropped": HistoryFields.droppedSchema,
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                    "more": .integer("With `limit`: how many more matched after these.").minimum(0),
                ], required: ["animations", "now"], additionalProperties: true)),
        errors: [.unknownStatePath],
        examples: [
            Example(
                "one spring at 200 ms",
                description: """
                    After: session.create {}; lab.animate {"session": "s1", "name": "x", "from": 0, "to": \
                    100, "curve": {"spring": {"response": 0.4, "dampingFraction": 0.8}}}; clock.advance \
                    {"session": "s1", "ms": 200}.
                    """, params: ["session": "s1"],
                result: [
                    "animations": [
                        [
                            "curve": ["spring": ["response": 0.4, "dampingFraction": 0.8]], "from": 0, "id": 1,
                            "infinite": false, "logicallyCompleteAt": 400, "path": "lab.values.x", "requestedAt": 0,
                            "settledAt": 571.013738, "source": "lab", "start": 0, "state": "running", "to": 100,
                        ]
                    ], "now": 200,
                ])
        ]
    ) { sim, path, running, since, limit throws(RPCError) in
        let timeline = sim.world.timeline
        let cap = limit.map(Int.init) ?? Int.max
        let shown: [AnimationRecord]
        let matched: Int
        do throws(SimulationError) {
            if path != nil || running {
                var records =
                    try path.map { path throws(SimulationError) in try sim.animations(showing: path) }
                    ?? timeline.moving(at: sim.now)
                if path != nil, running {
                    let live = Set(timeline.moving(at: sim.now).map(\.id))
                    records = records.filter { live.contains($0.id) }
                }
                records = records.filter { $0.requestedAt >= since }
                (shown, matched) = (Array(records.prefix(cap)), records.count)
            } else {
                // The whole history since a time: found by bisection, so the cost is that of what is answered.
                let records = timeline.records(requestedSince: since)
                (shown, matched) = (Array(records.prefix(cap)), records.count)
            }
        } catch {
            throw RPCError(error)
        }
        // The animation driving its value now also says what the screen shows of it: the value and its velocity
        // (RL10: the evaluation on screen, units per second).
        let entries: [JSONValue] = shown.map { record in
            var entry = record.json(at: sim.now)
            if timeline.activeRecord(for: record.path)?.id == record.id, record.interruptedAt == nil,
                let value = timeline.value(record.path, at: sim.now), case .object(var object) = entry
            {
                object["value"] = .number(value)
                object["velocity"] = MethodTable.reportedVelocity(timeline.velocity(record.path, at: sim.now))
                entry = .object(object)
            }
            return entry
        }
        var result: [String: JSONValue] = ["animations": .array(entries), "now": .number(sim.now.milliseconds)]
        if limit != nil { result["more"] = .int(Int64(matched - shown.count)) }
        result.merge(HistoryFields.dropped(timeline.droppedRecords)) { $1 }
        return .object(result)
    }

    static let hapticsList = Method(
        reading: "haptics.list",
        summary: "The haptics played in a session.",
        description: """
            In the order they played: the latest traceLimit at least (session.create); `dropped` counts the older \
            ones no longer kept.
            """,
        params: Param.since,
        result: MethodResult(
            "haptics",
            .object(
                properties: [
                    "haptics": .array(of: .ref("HapticRecord")), "dropped": HistoryFields.droppedSchema,
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                ], required: ["haptics", "now"], additionalProperties: true)),
        examples: [
            Example(
                "a haptic and a timer's haptic",
                description: """
                    After: session.create {}; lab.haptic {"session": "s1", "style": "light"}; lab.timer \
                    {"session": "s1", "name": "done", "afterMs": 150, "haptic": "success"}; clock.advance \
                    {"session": "s1", "ms": 200}.
                    """, params: ["session": "s1"],
                result: [
                    "haptics": [
                        ["source": "lab", "style": "light", "t": 0],
                        ["source": "lab.timer.done", "style": "success", "t": 150],
                    ], "now": 200,
                ])
        ]
    ) { sim, since throws(RPCError) in
        let haptics = sim.world.haptics.suffix(from: since, by: \.time).map { h -> JSONValue in
            ["t": .number(h.time.milliseconds), "style": .string(h.style.rawValue), "source": .string(h.source)]
        }
        return .object(
            HistoryFields.dropped(sim.world.haptics.dropped).merging([
                "haptics": .array(haptics), "now": .number(sim.now.milliseconds),
            ]) { $1 })
    }

    static let hapticsExport = Method(
        readingWithContext: "haptics.export",
        summary: "A session's haptics as an Apple Core Haptics pattern (AHAP).",
        description: """
            The haptics played at or after `since` as an AHAP document: `Version` 1, `Metadata` {Project, \
            Description (each haptic's style and source)}, and a `Pattern` of `HapticTransient` events at their \
            times in seconds after `since`, each with `HapticIntensity` and `HapticSharpness` from 0 to 1. \
            Impact styles are one transient; success, warning and error are their multi-tap patterns. The \
            style-to-parameters mapping is a decision (behavior.md N11): Apple publishes none for UIKit's \
            feedback generators. Save `ahap` as a .ahap file to play it with CHHapticEngine.
            """,
        params: Param.since,
        Param.string("format", "The document's format: `ahap`, the only one (default).").checked {
            (value, fullName) throws(RPCError) in
            guard value == "ahap" else { throw .invalidParams(fullName, expected: "ahap", got: .string(value)) }
        }.defaulting(to: "ahap"),
        result: MethodResult(
            "export",
            .object(
                properties: [
                    "format": .string("The document's format (ahap)."),
                    "ahap": .object(
                        properties: [
                            "Version": .number("1."), "Metadata": .object(properties: [:], additionalProperties: true),
                            "Pattern": .array(of: .object(properties: [:], additionalProperties: true)),
                        ], required: ["Version", "Pattern"], additionalProperties: true),
                    "haptics": .integer("How many haptics the pattern holds.").minimum(0),
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                ], required: ["format", "ahap", "haptics", "now"], additionalProperties: true)),
        examples: [
            Example(
                "a light tap",
                description: """
                    After: session.create {}; lab.haptic {"session": "s1", "style": "light"}.
                    """, params: ["session": "s1"],
                result: [
                    "format": "ahap", "haptics": 1, "now": 0,
                    "ahap": [
                        "Version": 1,
                        "Metadata": ["Project": "Choreo", "Description": "s1 from 0 ms: light (lab) at 0 ms"],
                        "Pattern": [
                            [
                                "Event": [
                                    "Time": 0, "EventType": "HapticTransient",
                                    "EventParameters": [
                                        ["ParameterID": "HapticIntensity", "ParameterValue": 0.45],
                                        ["ParameterID": "HapticSharpness", "ParameterValue": 0.6],
                                    ],
                                ]
                            ]
                        ],
                    ],
                ])
        ]
    ) { sim, reading, since, _ throws(RPCError) in
        let session = reading.session
        let haptics = Array(sim.world.haptics.suffix(from: since, by: \.time))
        let list = haptics.map {
            "\($0.style.rawValue) (\($0.source)) at \(JSONValue.number($0.time.milliseconds).serialized()) ms"
        }
        let description =
            "\(session) from \(JSONValue.number(since.milliseconds).serialized()) ms: "
            + (list.isEmpty ? "no haptics" : list.joined(separator: ", "))
        return [
            "format": "ahap", "ahap": AHAP.document(haptics, since: since, description: description),
            "haptics": .int(Int64(haptics.count)), "now": .number(sim.now.milliseconds),
        ]
    }

    static let announcementsList = Method(
        reading: "announcements.list",
        summary: "The VoiceOver announcements posted in a session.",
        description: """
            In the order they were posted; recorded whether or not VoiceOver is on. The latest traceLimit at least \
            (session.create); `dropped` counts the older ones no longer kept.
            """,
        params: Param.since,
        result: MethodResult(
            "announcements",
            .object(
                properties: [
                    "announcements": .array(of: .ref("AnnouncementRecord")),
                    "dropped": HistoryFields.droppedSchema,
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                ], required: ["announcements", "now"], additionalProperties: true)),
        examples: [
            Example(
                "one announcement",
                description: """
                    After: session.create {}; clock.advance {"session": "s1", "ms": 50}; lab.announce \
                    {"session": "s1", "text": "Budget met"}.
                    """, params: ["session": "s1"],
                result: ["announcements": [["t": 50, "text": "Budget met"]], "now": 50])
        ]
    ) { sim, since throws(RPCError) in
        let items = sim.world.announcements.suffix(from: since, by: \.time).map { a -> JSONValue in
            ["t": .number(a.time.milliseconds), "text": .string(a.text)]
        }
        return .object(
            HistoryFields.dropped(sim.world.announcements.dropped).merging([
                "announcements": .array(items), "now": .number(sim.now.milliseconds),
            ]) { $1 })
    }

    static let traceGet = Method(
        reading: "trace.get",
        summary: "A session's ordered event log.",
        description: """
            Every event since the session started that the session still keeps (the latest traceLimit at \
            least; `droppedBefore` says where the kept ones begin when older ones were dropped), filtered by \
            time, sequence number and kind (all filters combine); the cost is that of what is returned.
            """,
        params: Param.since,
        Param.integer(
            "afterSeq",
            "Only events whose seq is greater than this (default 0): pass the last seq you saw to read only new ones.",
            in: 0...Int64.max, expected: "a sequence number ≥ 0"
        ).schemaDescription("Only events with seq greater than this.").optional,
        Param.eventKinds(
            "kinds", "Only events of these kinds (see TraceEvent). Unknown kinds simply match nothing.",
            schema: "Event kinds to keep."),
        result: MethodResult(
            "trace",
            .object(
                properties: [
                    "events": .array(of: .ref("TraceEvent")), "droppedBefore": HistoryFields.droppedBeforeSchema,
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                ], required: ["events", "now"], additionalProperties: true)),
        examples: [
            Example(
                "timers and haptics only",
                description: """
                    After: session.create {}; lab.timer {"session": "s1", "name": "done", "afterMs": 150, \
                    "haptic": "success"}; clock.advance {"session": "s1", "ms": 200}.
                    """, params: ["session": "s1", "kinds": ["timer", "haptic"]],
                result: [
                    "events": [
                        ["id": 1, "kind": "timer", "name": "done", "owner": "lab", "seq": 4, "t": 150],
                        ["kind": "haptic", "seq": 5, "source": "lab.timer.done", "style": "success", "t": 150],
                    ], "now": 200,
                ])
        ]
    ) { sim, since, afterSeq, kinds throws(RPCError) in
        let trace = sim.world.trace
        let events = trace.events(afterSeq: Int(afterSeq ?? 0), since: since, kinds: kinds)
        var result: [String: JSONValue] = ["events": .array(events.map(\.json)), "now": .number(sim.now.milliseconds)]
        if let first = trace.droppedBefore { result["droppedBefore"] = .int(Int64(first)) }
        return .object(result)
    }
}
