import ArgumentParser
import ChoreoProtocol
import Foundation

/// `journey`: replays user journeys against choreod and reports exactly what happened.
@main
struct JourneyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journey",
        abstract: "Replay user journeys on Choreo's virtual clock and assert animation values and haptics exactly.",
        discussion: """
            A journey is a YAML (or JSON) file of steps: tap this, advance 400 ms, the hero transition must be \
            done, the haptics must be light, light, medium. `journey run` runs them in milliseconds and never \
            mistakes a timeout for a pass. See the README for the file format.

            Exit codes: 0 all passed, 1 a journey failed, 2 bad usage or unreadable journeys.
            """,
        version: DaemonIdentity.versionText,
        subcommands: [
            RunCommand.self, ValidateCommand.self, CallCommand.self, RecordCommand.self, MCPCommand.self,
            WatchCommand.self, ContractCommand.self, SchemaCommand.self, FilmCommand.self, ConformanceCommand.self,
        ],
        defaultSubcommand: nil
    )

    /// ArgumentParser's own `main`, except that a usage mistake exits 2 (as documented) instead of 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
