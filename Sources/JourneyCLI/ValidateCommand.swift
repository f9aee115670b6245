import ArgumentParser
import Foundation
import JourneyKit

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check journeys without running them or a daemon, against the daemon's declarations.",
        discussion: """
            Checks the whole file and prints every mistake at once: the header (journey keys, app, physics, fps, \
            settings, data parts), step kinds, matchers, includes and their variables, method names, parameter \
            names and JSON types, haptic styles, trace event kinds, screens, state paths of the journey's app, \
            the keys of kept results ($name.path) against what the method answers, marks, tabs in the \
            indentation and keys given twice. Each is printed with its file:line, include chain and a \
            did-you-mean suggestion when a name is close.

            The apps' state trees and trace events come from --contract FILE (saved by `journey contract`), else \
            from the daemon on --socket when given (app.describe), else \
            from the stock apps' descriptions this journey carries (\(StockApps.names.joined(separator: ", "))).

            Exit codes: 0 every journey is valid, 2 a journey is not (or a path does not exist).
            """
    )

    @Argument(help: "Journey files or folders.")
    var paths: [String]

    @Option(help: "A contract file saved by `journey contract --save` (a daemon with other apps).")
    var contract: String?

    @Option(help: "Read the apps from the daemon on this socket (app.describe); it must answer.")
    var socket: String?

    @OptionGroup var variables: RunVariables

    func run() async throws {
        let files: [String]
        do {
            files = try JourneyDiscovery.files(in: paths)
        } catch {
            printError("journey: \(error)")
            throw ExitCode(2)
        }
        var parser = JourneyParser()
        parser.contract = try await resolvedContract()
        do {
            parser.variables = try variables.parsed(environment: ProcessInfo.processInfo.environment)
        } catch {
            printError("journey: \(error.message)")
            throw ExitCode(2)
        }
        var bad = 0
        for (file, (journey, problems)) in zip(files, parser.check(files: files)) {
            if let journey, problems.isEmpty {
                print(
                    "ok   \(file): \(journey.name) (\(journey.steps.count) steps, \(journey.variants.count) variant(s))"
                )
            } else {
                bad += 1
                for problem in problems { print("FAIL \(problem.description)") }
            }
        }
        print("\(files.count - bad) valid, \(bad) invalid")
        if bad > 0 { throw ExitCode(2) }
    }

    /// --contract FILE's apps, or those of the daemon on --socket, or the built-in ones.
    func resolvedContract() async throws -> JourneyContract {
        if let contract { return try DaemonContract.contract(file: contract) }
        guard let socket else { return DaemonContract.contract }
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: false)
        let resolved: JourneyContract
        do {
            resolved = try await DaemonContract.contract(client: connection.client)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
        return resolved
    }
}
