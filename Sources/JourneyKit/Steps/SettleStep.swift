import ChoreoClient
import ChoreoJSON

/// `settle: true`: runs the virtual clock until nothing animates and no timer is pending (`clock.settle`); a
/// timeout fails the step and names what still runs.
struct SettleStep: JourneyStepKind {
    static let keywords = ["settle"]
    static let examples = ["settle: true", "settle: 5000", "settle: {timeoutMs: 5000}"]

    /// How long to run the clock at most, in virtual milliseconds; nil for the daemon's default.
    var timeoutMs: Double?

    static func parse(_ source: StepSource) throws(JourneyError) -> SettleStep {
        let value = source.value
        switch value {
        case .scalar(.bool(true), _), .scalar(.null, _): return SettleStep(timeoutMs: nil)
        case .mapping:
            for key in value.keys where key != "timeoutMs" {
                throw JourneyError(message: "`settle:` takes only timeoutMs", line: value[key]!.line)
            }
            return SettleStep(timeoutMs: try value["timeoutMs"].map(DurationParser.milliseconds))
        default:
            return SettleStep(timeoutMs: try DurationParser.milliseconds(value))
        }
    }

    var label: String { "settle" }

    func run(in context: inout StepContext) async throws(StepFailure) {
        let result = try await context.ask { session throws(ChoreoClientError) in
            try await session.settle(timeoutMs: timeoutMs)
        }
        context.now = result["now"]?.doubleValue ?? context.now
        guard result["settled"] == true else {
            throw StepFailure(
                message: "clock.settle timed out at \(JSONValue.number(context.now).serialized()) ms; still running: "
                    + Self.describe(running: result["running"] ?? []).joined(separator: "; "),
                expected: ["settled": true], actual: result)
        }
    }

    /// What still runs, one phrase each: an animated path with its value (and when it settles, in virtual
    /// milliseconds), or a timer and when it fires.
    private static func describe(running: JSONValue) -> [String] {
        (running.arrayValue ?? []).map { item in
            if let path = item["path"]?.stringValue {
                let value = item["value"].map { $0.serialized() } ?? "?"
                let settles = item["settlesAt"].map { " settles at \($0.serialized()) ms" } ?? ""
                return "\(path) = \(value)\(settles)"
            }
            return "timer \(item["name"]?.stringValue ?? "?") at \(item["firesAt"]?.serialized() ?? "?") ms"
        }
    }
}
