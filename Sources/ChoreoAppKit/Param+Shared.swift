import ChoreoEngine
import ChoreoJSON

/// Parameters several methods take, or with a reader of their own.
extension Param {
    /// `session`: the session to act on (the shared content descriptor `session`).
    public static let session: Parameter<String> = {
        var parameter = string("session", "The session to act on (from session.create or session.fork).")
            .documented(as: .ref("SessionId"))
        parameter.specs[0].component = "session"
        return parameter
    }()

    /// `since`: only entries at or after this virtual time (the shared content descriptor `since`); 0 when absent.
    public static let since: Parameter<VirtualTime> = {
        var parameter = milliseconds(
            "since", "Only entries at or after this virtual time, in milliseconds (0 to 1e12). Default 0."
        ).optional.map { $0 ?? .zero }
        parameter.specs[0].component = "since"
        return parameter
    }()

    /// A lab value's or timer's name: 1 to 64 ASCII letters, digits, '_' or '-' (`#/components/schemas/LabName`).
    public static func labName(_ name: String, _ description: String) -> Parameter<String> {
        string(name, description).documented(as: .ref("LabName")).checked { (value, fullName) throws(RPCError) in
            let ok =
                !value.isEmpty && value.utf8.count <= 64
                && value.utf8.allSatisfy {
                    ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 || $0 == 45
                }
            guard ok else { throw .invalidParams(fullName, expected: "1 to 64 letters, digits, '_' or '-'") }
        }
    }

    /// A curve (`#/components/schemas/Curve`), read by ``CurveParser``.
    public static func curve(_ name: String, _ description: String) -> Parameter<AnimationCurve> {
        custom(name, description, schema: .ref("Curve"), expected: CurveParser.expected) {
            (value, fullName) throws(RPCError) in
            guard let value else { throw .invalidParams(fullName, expected: "present (it is required)") }
            return try CurveParser.parse(value, parameter: fullName)
        }
    }

    /// An ISO 8601 date-time (`#/components/schemas/ISO8601`).
    public static func wallClock(_ name: String, _ description: String) -> Parameter<WallClock> {
        string(name, description).documented(as: .ref("ISO8601")).checked { (text, fullName) throws(RPCError) in
            if case .failure(let reason) = WallClock.parse(text) {
                throw .invalidParams(fullName, expected: reason.description)
            }
        }.map { WallClock(iso8601: $0)! }
    }

    /// Event kinds to keep (`trace.get`, `events.subscribe`): an array of strings.
    /// The most kinds one filter may list, and the longest a kind may be (characters): far past every declared kind, so
    /// that a subscription's filter cannot hold megabytes for as long as it lives.
    package static let maxEventKinds = 256
    package static let maxEventKindLength = 128

    public static func eventKinds(_ name: String, _ description: String, schema: String) -> Parameter<Set<String>?> {
        let expected =
            "an array of at most \(maxEventKinds) event kinds such as [\"haptic\", \"navigation\"], each at most "
            + "\(maxEventKindLength) characters"
        return custom(
            name, description,
            schema: .array(of: .string().maxLength(maxEventKindLength), schema).maxItems(maxEventKinds),
            expected: expected
        ) { (value, fullName) throws(RPCError) -> Set<String>? in
            guard let value, !value.isNull else { return nil }
            guard let array = value.arrayValue, array.count <= maxEventKinds else {
                throw .invalidParams(fullName, expected: expected)
            }
            var kinds: Set<String> = []
            for item in array {
                guard let s = item.stringValue, s.count <= maxEventKindLength else {
                    throw .invalidParams(fullName, expected: expected, got: item)
                }
                kinds.insert(s)
            }
            return kinds
        }.notRequired
    }

    /// Times in virtual milliseconds (`motion.sample`'s `at`): one number, or an array of up to 100000.
    public static func times(_ name: String, _ description: String) -> Parameter<[VirtualTime]> {
        let schema = JSONSchema.either([
            .array(of: .number().minimum(0), "Times in milliseconds since the animation was requested.")
                .maxItems(100_000),
            .ref("DurationMs"),
        ])
        let expected = "an array of times in milliseconds ≥ 0"
        return custom(name, description, schema: schema, expected: expected) {
            (value, fullName) throws(RPCError) -> [VirtualTime] in
            switch value {
            case .array(let items)?:
                guard items.count <= 100_000 else {
                    throw .invalidParams(fullName, expected: "at most 100000 times")
                }
                var times: [VirtualTime] = []
                times.reserveCapacity(items.count)
                for item in items {
                    guard let ms = item.doubleValue, let t = VirtualTime(milliseconds: ms), ms >= 0 else {
                        throw .invalidParams(fullName, expected: expected, got: item)
                    }
                    times.append(t)
                }
                return times
            case let single? where single.doubleValue != nil:
                let ms = single.doubleValue!
                guard ms.isFinite, (0...1e12).contains(ms) else {
                    throw .invalidParams(fullName, expected: Params.millisecondsExpected, got: single)
                }
                return [VirtualTime(milliseconds: ms)!]
            case let other:
                throw .invalidParams(fullName, expected: expected, got: other)
            }
        }
    }
}

extension Parameter {
    /// The same parameter marked optional in the document (its reader already accepts its absence).
    package var notRequired: Parameter {
        var copy = self
        copy.specs[0].required = false
        return copy
    }
}
