import ArgumentParser
import ChoreoJSON
import JourneyKit

/// The variables `journey run` and `journey validate` give journeys: `CHOREO_VAR_NAME` from the environment, then
/// `--var NAME=VALUE` (which wins). A value is typed as a YAML scalar (`400` a number, `true` a boolean, anything
/// else text), like the same value written in the journey.
struct RunVariables: ParsableArguments {
    /// The environment's prefix: `CHOREO_VAR_ENDMS=400` gives `${ENDMS}`.
    static let environmentPrefix = "CHOREO_VAR_"

    @Option(
        name: .customLong("var"),
        help: ArgumentHelp(
            "Give every journey ${NAME} (repeatable; $CHOREO_VAR_NAME does too, --var wins).",
            valueName: "NAME=VALUE"))
    var options: [String] = []

    /// The variables, from the environment and then the options.
    func parsed(environment: [String: String]) throws(JourneyCLIError) -> [String: JSONValue] {
        let environmentPrefix = Self.environmentPrefix
        var variables: [String: JSONValue] = [:]
        for (key, value) in environment where key.hasPrefix(environmentPrefix) && key.count > environmentPrefix.count {
            variables[String(key.dropFirst(environmentPrefix.count))] = JourneyParser.scalar(value)
        }
        for option in options {
            guard let equals = option.firstIndex(of: "="), equals > option.startIndex else {
                throw JourneyCLIError(
                    message: "--var takes NAME=VALUE (e.g. --var endMs=400), not '\(option)'", exitCode: 2)
            }
            let name = String(option[..<equals])
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw JourneyCLIError(
                    message: "--var \(option): a variable's name is letters, digits and _ (it is used as ${\(name)})",
                    exitCode: 2)
            }
            variables[name] = JourneyParser.scalar(String(option[option.index(after: equals)...]))
        }
        return variables
    }
}
