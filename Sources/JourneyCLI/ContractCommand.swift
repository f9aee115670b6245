import ArgumentParser
import ChoreoJSON
import Foundation
import JourneyKit

/// `journey contract`: saves what a daemon's apps declare, for validating offline.
struct ContractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "Save the contract of a daemon's apps (app.describe) for `journey validate --contract`.",
        discussion: """
            Asks the daemon (--socket, $CHOREO_SOCKET, the default socket, or a private choreod it starts) for \
            every app it hosts (daemon.info) and each app's description (app.describe): state tree, trace events, \
            haptic sources, refusal reasons, the names of the methods it serves, and the declarations of those \
            this journey does not know (rpc.discover: an app's own commands). Writes them as one JSON file \
            ({"format": "choreo-contract", "apps": [...], "serves": [...], "methods": [...]}) to --save, or to \
            stdout. A daemon built with your own apps (Choreod.main(apps:)) serves \
            theirs, so the stock journey validates their journeys offline with --contract FILE.

            Exit codes: 0 saved, 2 no daemon or the file cannot be written.
            """
    )

    @Option(help: "The daemon's socket (default: $CHOREO_SOCKET, the default socket, or a private daemon).")
    var socket: String?

    @Option(help: "Write the contract to this file (default: stdout).")
    var save: String?

    func run() async throws {
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: true)
        let descriptions: [JSONValue]
        let methods: (serves: [String], unknown: [JSONValue])
        do {
            descriptions = try await DaemonContract.descriptions(from: connection.client)
            methods = try await DaemonContract.methods(from: connection.client)
        } catch {
            await connection.close()
            printError("journey: cannot read the daemon's apps (app.describe): \(error)")
            throw ExitCode(2)
        }
        await connection.close()
        let text =
            JourneyContract.file(
                descriptions: descriptions, serves: methods.serves, methods: methods.unknown
            ).prettyPrinted() + "\n"
        guard let save else {
            print(text, terminator: "")
            return
        }
        do {
            try text.write(toFile: save, atomically: true, encoding: .utf8)
        } catch {
            printError("journey: cannot write \(save): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        let names = descriptions.compactMap { $0["app"]?.stringValue }.joined(separator: ", ")
        print("saved the contract of \(names) to \(save)")
    }
}
