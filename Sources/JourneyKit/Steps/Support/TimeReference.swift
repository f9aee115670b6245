/// A point in virtual time a step counts from: milliseconds, or a mark set by an earlier `mark:` step.
enum TimeReference: Sendable, Hashable {
    /// A virtual time in milliseconds (events at or after it).
    case ms(Double)
    /// A mark's name (events after the mark was set, exactly: not those at the same time before it).
    case mark(String)

    /// Reads `since:`: a duration (`400`, `"400ms"`), or a mark's name, which must be set by an earlier step.
    static func parse(_ node: SourceNode, source: StepSource) throws(JourneyError) -> TimeReference {
        if case .scalar(.string(let name), let line) = node, (try? DurationParser.milliseconds(node)) == nil {
            source.checkMark(name, line: line)
            return .mark(name)
        }
        return .ms(try DurationParser.milliseconds(node))
    }

    /// As written, for labels.
    var description: String {
        switch self {
        case .ms(let ms): return "\(ms) ms"
        case .mark(let name): return name
        }
    }
}

/// What a `mark:` step records: the virtual time and how many events, haptics and announcements came before.
struct Mark: Sendable {
    /// The virtual time, in milliseconds.
    var ms: Double
    /// The `seq` of the last trace event before the mark (0 when none).
    var seq: Int
    /// How many haptics played before the mark.
    var haptics: Int
    /// How many announcements were posted before the mark.
    var announcements: Int
}
