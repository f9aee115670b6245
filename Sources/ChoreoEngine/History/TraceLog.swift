import ChoreoJSON

/// A session's ordered event log under its ``Retention``: the latest events, an index of them by kind, and the
/// digest of every event ever recorded (``digest``), dropped ones included. As a collection it is the events kept.
public struct TraceLog: Sendable, Hashable, RandomAccessCollection {
    /// The events kept, oldest first (sequence numbers `kept.dropped + 1 … recorded`).
    public private(set) var kept: RetainedLog<TraceEvent>
    /// The sequence numbers of the kept events, by kind, increasing.
    private var byKind: [String: [Int]] = [:]
    /// FNV-1a over `[` and every dropped event, comma-separated, as `trace.get` serializes them.
    private var droppedDigest = FNV1a(bytes: Array("[".utf8))

    /// An empty log under `retention`.
    public init(retention: Retention) {
        kept = RetainedLog(retention: retention)
    }

    /// How many events were ever recorded: the last sequence number.
    public var recorded: Int { kept.recorded }

    public var startIndex: Int { 0 }
    public var endIndex: Int { kept.endIndex }
    public subscript(position: Int) -> TraceEvent { kept[position] }

    /// The sequence number of the first event kept when older ones were dropped; nil when none was.
    public var droppedBefore: Int? { kept.dropped > 0 ? kept.dropped + 1 : nil }

    /// Records an event, numbered next.
    public mutating func append(time: VirtualTime, kind: String, fields: [String: JSONValue]) {
        let sequence = recorded + 1
        byKind[kind, default: []].append(sequence)
        let droppedEarlier = kept.dropped
        var digest = droppedDigest
        kept.append(TraceEvent(sequence: sequence, time: time, kind: kind, fields: fields)) { dropped in
            for event in dropped { digest.add(Self.bytes(of: event)) }
        }
        guard kept.dropped != droppedEarlier else { return }
        droppedDigest = digest
        let first = kept.dropped + 1
        for (kind, sequences) in byKind {
            let index = sequences.firstIndex { $0 >= first } ?? sequences.count
            if index == sequences.count { byKind[kind] = nil } else if index > 0 { byKind[kind]!.removeFirst(index) }
        }
    }

    /// The events kept whose sequence number is greater than `afterSeq`, at or after `since`, of one of `kinds`
    /// (any kind when nil), oldest first. Bisection and the index by kind make the cost that of what is returned.
    public func events(afterSeq: Int = 0, since: VirtualTime? = nil, kinds: Set<String>? = nil) -> [TraceEvent] {
        // `afterSeq` comes from a client and may be as large as Int.max: nothing follows it then.
        guard afterSeq < recorded else { return [] }
        var first = Swift.max(afterSeq + 1, kept.dropped + 1)
        if let since {
            first = Swift.max(first, kept.suffix(from: since, by: \.time).first?.sequence ?? recorded + 1)
        }
        guard first <= recorded else { return [] }
        guard let kinds else { return Array(kept.entries[(first - kept.dropped - 1)...]) }
        var sequences: [Int] = []
        for kind in kinds {
            guard let all = byKind[kind] else { continue }
            var low = 0
            var high = all.count
            while low < high {
                let middle = (low + high) / 2
                if all[middle] < first { low = middle + 1 } else { high = middle }
            }
            sequences += all[low...]
        }
        if kinds.count > 1 { sequences.sort() }
        return sequences.map { kept.entries[$0 - kept.dropped - 1] }
    }

    /// `fnv1a64:` and 16 hex digits: FNV-1a (64 bits) of the whole trace, dropped events included, as `[`, each
    /// event as `trace.get` serializes it alone, comma-separated, and `]`: the serialized array itself whenever the
    /// events' reals have Choreo's reported precision (jansson would print every real of an array with the digits
    /// its most demanding one needs). An integrity check against edits and version skew, not an authentication code.
    public var digest: String {
        var digest = droppedDigest
        for event in kept.entries {
            if event.sequence > 1 { digest.add(Array(",".utf8)) }
            digest.add(event.json.serializedBytes())
        }
        digest.add(Array("]".utf8))
        return "fnv1a64:" + digest.hex
    }

    /// The bytes an event adds to the serialized array: a comma before every event but the first.
    private static func bytes(of event: TraceEvent) -> [UInt8] {
        (event.sequence > 1 ? Array(",".utf8) : []) + event.json.serializedBytes()
    }
}

/// FNV-1a, 64 bits.
public struct FNV1a: Sendable, Hashable {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    public init(bytes: [UInt8] = []) { add(bytes) }

    public mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
    }

    /// The hash as 16 lowercase hex digits.
    public var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
