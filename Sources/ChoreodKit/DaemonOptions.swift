import ArgumentParser
import Logging

/// Where choreod listens and how much it logs.
struct DaemonOptions: ParsableArguments {
    @Option(help: "The Unix socket path (default: see above).")
    var socket: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    /// The log level chosen.
    var level: Logger.Level { Logger.Level(rawValue: logLevel) ?? .info }

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
    }
}
