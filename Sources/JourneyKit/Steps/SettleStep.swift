import ChoreoClient
import ChoreoJSON

/// `settle: true`: runs the virtual clock until nothing animates and no timer is pending (`clock.settle`); a
/// timeout fails the step and names what still runs.
struct SettleStep: PlannedStep {
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

    func plan(in context: StepContext) -> [PlannedRequest] {
        [context.request("clock.settle", timeoutMs.map { ["timeoutMs": .double($0)] } ?? [:])]
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        let result = try replies[0].stepValue()
        context.now = result["now"]?.doubleValue ?? context.now
        guard result["settled"] == true else {
            throw StepFailure(
                message: "clock.settle timed out at \(JSONValue.number(context.now).serialized()) ms; "
                    + Self.describe(running: result["running"] ?? []),
                expected: ["settled": true], actual: result)
        }
    }

    /// What still runs, blockers first: each animation that must finish (its path, value, source and when it
    /// settles, in virtual milliseconds) and each timer settle waits for, then the endless loops, which never block
    /// a settle and are listed only so that nothing running is hidden.
    static func describe(running: JSONValue) -> String {
        var blocking: [String] = []
        var loops: [String] = []
        for item in running.arrayValue ?? [] {
            let source = (item["source"] ?? item["owner"])?.stringValue.map { " (\($0))" } ?? ""
            guard let path = item["path"]?.stringValue else {
                let name = item["name"]?.stringValue ?? "?"
                blocking.append("timer \(name)\(source) fires at \(item["firesAt"]?.serialized() ?? "?") ms")
                continue
            }
            if item["infinite"] == true {
                loops.append(path + source)
                continue
            }
            let value = item["value"].map { $0.serialized() } ?? "?"
            let settles = item["settlesAt"].map { ", settles at \($0.serialized()) ms" } ?? ""
            blocking.append("\(path) = \(value)\(source)\(settles)")
        }
        var parts = ["blocked by " + (blocking.isEmpty ? "nothing listed" : blocking.joined(separator: "; "))]
        if !loops.isEmpty {
            parts.append("Endless loops, which never block: " + loops.joined(separator: ", "))
        }
        return parts.joined(separator: ". ")
    }
}
