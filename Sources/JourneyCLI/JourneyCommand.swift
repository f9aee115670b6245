import ArgumentParser

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
        subcommands: [
            RunCommand.self, ValidateCommand.self, CallCommand.self, RecordCommand.self, MCPCommand.self,
            WatchCommand.self, ContractCommand.self,
        ],
        defaultSubcommand: nil
    )
}
