import ChoreoJSON
import Testing

@testable import ChoreoEngine

/// A session's history under its retention (`session.create {traceLimit}`): what is kept, what reads of it return,
/// and the digest of everything, dropped events included.
@Suite struct RetentionTests {
    /// FNV-1a (64 bits) written out here, independently of the engine's, over the bytes of a JSON array.
    static func fnv(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Events of three kinds at times that repeat, as a session records them.
    static func events(_ count: Int) -> [TraceEvent] {
        (1...count).map { index in
            let kind = ["action", "haptic", "timer"][index * 7 % 3 == 0 ? 0 : index % 5 == 0 ? 1 : 2]
            return TraceEvent(
                sequence: index, time: VirtualTime(milliseconds: Double(index / 4) * 2.5)!, kind: kind,
                fields: ["n": .int(Int64(index)), "x": .double(Double(index) / 3)])
        }
    }

    @Test func theRetentionKeepsBetweenTheLimitAndAQuarterMore() {
        let retention = Retention(limit: 1_000)
        #expect(retention.chunk == 250)
        #expect(retention.dropped(ofTotal: 1_249) == 0)
        #expect(retention.dropped(ofTotal: 1_250) == 250)
        #expect(retention.dropped(ofTotal: 1_499) == 250)
        #expect(retention.dropped(ofTotal: 1_500) == 500)
        for total in stride(from: 1_000, to: 5_000, by: 37) {
            let kept = total - retention.dropped(ofTotal: total)
            #expect(kept >= 1_000 && kept < 1_250, "\(total) recorded")
        }
    }

    @Test func theDigestCoversDroppedEvents() {
        let all = Self.events(3_100)
        var log = TraceLog(retention: Retention(limit: 1_000))
        for (index, event) in all.enumerated() {
            log.append(time: event.time, kind: event.kind, fields: event.fields)
            let recorded = index + 1
            if [1, 2, 999, 1_249, 1_250, 1_251, 2_000, 3_100].contains(recorded) {
                // Each event as trace.get writes it alone (a real's digits are the event's own, not the array's).
                let events = all[..<recorded].map { $0.json.serialized() }
                let whole = Self.fnv(Array(("[" + events.joined(separator: ",") + "]").utf8))
                #expect(log.digest == whole, "after \(recorded) events")
            }
        }
        #expect(log.recorded == 3_100)
        #expect(log.count == 1_100, "3,100 − 2,000 dropped in eight quarters")
        #expect(log.droppedBefore == 2_001)
        #expect(log.first?.sequence == 2_001 && log.last?.sequence == 3_100)
    }

    /// With reals of Choreo's reported precision (as a session's are), that is the serialized array itself.
    @Test func theDigestIsThatOfTheSerializedTraceWhenRealsAreReported() {
        var log = TraceLog(retention: Retention(limit: 1_000))
        var all: [TraceEvent] = []
        for index in 1...1_300 {
            let fields: [String: JSONValue] = ["v": .number(Double(index) / 7)]
            let time = VirtualTime(milliseconds: Double(index))!
            log.append(time: time, kind: "lab.set", fields: fields)
            all.append(TraceEvent(sequence: index, time: time, kind: "lab.set", fields: fields))
        }
        #expect(log.droppedBefore == 251)
        #expect(log.digest == Self.fnv(JSONValue.array(all.map(\.json)).serializedBytes()))
    }

    @Test func filteredReadsEqualAFilterOverWhatIsKept() {
        var log = TraceLog(retention: Retention(limit: 1_000))
        for event in Self.events(2_345) { log.append(time: event.time, kind: event.kind, fields: event.fields) }
        let kept = Array(log)
        let kindSets: [Set<String>?] = [nil, ["haptic"], ["timer", "action"], ["nothing"], []]
        for after in [0, 1_500, 1_600, 2_000, 2_344, 2_345, 9_000] {
            for sinceMs in [nil, 0.0, 1_000, 1_100, 1_101, 5_000] {
                let since = sinceMs.map { VirtualTime(milliseconds: $0)! }
                for kinds in kindSets {
                    let expected = kept.filter {
                        $0.sequence > after && $0.time >= (since ?? .zero) && (kinds?.contains($0.kind) ?? true)
                    }
                    #expect(log.events(afterSeq: after, since: since, kinds: kinds) == expected)
                }
            }
        }
    }

    @Test func aRetainedLogKeepsItsBytesBoundedWhateverTheCountAndAlwaysTheLatest() {
        // Texts of 1 KB: 1,000 of them are far below the count limit and far above 64 KB.
        let retention = Retention(limit: 1_000, maxBytes: 64 * 1024)
        var log = RetainedLog<Announcement>(retention: retention)
        let text = String(repeating: "a", count: 1_000)
        for index in 0..<1_000 {
            log.append(Announcement(time: .milliseconds(Int64(index)), text: text))
            #expect(log.keptBytes <= retention.maxBytes)
            #expect(log.keptBytes == log.entries.reduce(0) { $0 + $1.retainedBytes })
        }
        #expect(log.recorded == 1_000 && log.dropped + log.count == 1_000 && log.count > 40)
        #expect(log.last?.time == .milliseconds(999), "the latest is kept")
        // One entry larger than the bound alone is still kept: the latest always is.
        log.append(Announcement(time: .milliseconds(1_000), text: String(repeating: "b", count: 100_000)))
        #expect(log.count == 1 && log.last?.time == .milliseconds(1_000))
    }

    @Test func aRetainedLogCountsWhatItDropped() {
        var log = RetainedLog<Int>(retention: Retention(limit: 1_000))
        for value in 0..<1_600 { log.append(value) }
        #expect(log.recorded == 1_600 && log.dropped == 500 && log.count == 1_100)
        #expect(log.after(0).first == 500, "from before what is kept: everything kept")
        #expect(log.after(1_590) == [1_590, 1_591, 1_592, 1_593, 1_594, 1_595, 1_596, 1_597, 1_598, 1_599])
        #expect(log.after(1_600).isEmpty)
        #expect(Array(log.suffix(from: 1_598) { $0 }) == [1_598, 1_599])
    }

    /// Finished records are dropped oldest first; a loop started first and the last record of each property stay.
    @Test func finishedAnimationRecordsAreDroppedButLiveOnesStay() {
        var timeline = Timeline(physics: .ideal, fps: 60, retention: Retention(limit: 1_000))
        let loop = timeline.animate(
            "loop", from: 0, to: 1, curve: AnimationCurve.linear(1).repeatingForever(autoreverses: true),
            source: "test", at: .zero)
        let once = timeline.animate("once", from: 0, to: 1, curve: .linear(0.01), source: "test", at: .zero)
        // "v" starts at −1 (a property never seen animated to where it starts changes nothing).
        timeline.set("v", to: -1, at: .zero)
        for index in 0..<3_000 {
            _ = timeline.animate(
                "v", to: Double(index % 2), curve: .linear(0.05), source: "test",
                at: VirtualTime(milliseconds: Double(index) * 100)!)
        }
        #expect(timeline.recordedCount == 3_002)
        #expect(timeline.records.count >= 1_000 && timeline.records.count < 1_250)
        #expect(timeline.droppedRecords == 3_002 - timeline.records.count)
        #expect(timeline.record(loop.id) != nil, "a loop never finishes")
        #expect(timeline.record(once.id) != nil, "the last animation of a property stays")
        #expect(timeline.record(3)?.id == nil, "an early finished one is dropped")
        #expect(timeline.record(3_002)?.id == 3_002)
        let ids = timeline.records.map(\.id)
        #expect(ids == ids.sorted())
        for id in ids.suffix(900) { #expect(timeline.record(id)?.id == id) }
        #expect(timeline.moving(at: VirtualTime(milliseconds: 299_910)!).map(\.id) == [loop.id, 3_002])
    }

    /// The action log keeps every request, whatever the retention, and gives each back as it was logged.
    @Test func theActionLogKeepsEveryRequest() {
        var log = ActionLog()
        for index in 0..<3 {
            log.append(method: "lab.animate", params: ["name": "x", "to": .double(Double(index) + 0.1)])
        }
        #expect(log.count == 3)
        #expect(log.all[1] == ["method": "lab.animate", "params": ["name": "x", "to": 1.1]])
        #expect(log.last == ["method": "lab.animate", "params": ["name": "x", "to": 2.1]])
    }
}

extension Int: HistoryEntry {
    public var retainedBytes: Int { 8 }
}
