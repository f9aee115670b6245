import ChoreoJSON
import Foundation

/// Reads durations written in journeys: `400` (milliseconds), `"400ms"`, `"1.5s"`.
enum DurationParser {
    /// The duration in milliseconds; negative, infinite and unreadable values are errors.
    static func milliseconds(_ node: SourceNode) throws(JourneyError) -> Double {
        switch node {
        case .scalar(let value, _):
            if let number = value.doubleValue, number >= 0, number.isFinite { return number }
            if let text = value.stringValue?.trimmingCharacters(in: .whitespaces) {
                if text.hasSuffix("ms"), let n = Double(text.dropLast(2).trimmingCharacters(in: .whitespaces)), n >= 0 {
                    return n
                }
                if text.hasSuffix("s"), let n = Double(text.dropLast(1).trimmingCharacters(in: .whitespaces)), n >= 0 {
                    return n * 1000
                }
            }
        default: break
        }
        throw JourneyError(message: "expected a duration such as 400, \"400ms\" or \"1.5s\"", line: node.line)
    }
}
