import ArgumentParser
import ChoreoClient
import ChoreoJSON
import JourneyKit

struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Send one request to the daemon and pretty-print the result.",
        discussion: """
            Example: journey call session.create '{"seed": 7}'
            Errors go to stderr with their code and data; the exit code is then 1.
            """
    )

    @Argument(help: "The method, e.g. daemon.info.")
    var method: String

    @Argument(help: "The params as a JSON object (default {}).")
    var params: String = "{}"

    @Option(help: "The daemon's socket (default: $CHOREO_SOCKET, then the default socket).")
    var socket: String?

    func run() async throws {
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(params)
        } catch {
            printError("journey: the params are not valid JSON: \(error.description)")
            throw ExitCode(2)
        }
        guard parsed.objectValue != nil || parsed.arrayValue != nil else {
            printError("journey: the params must be a JSON object, e.g. '{\"session\": \"s1\"}'")
            throw ExitCode(2)
        }
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: false)
        do {
            let result = try await connection.client.call(method, parsed)
            print(result.prettyPrinted())
            await connection.close()
        } catch {
            await connection.close()
            if case .rpc(let code, let message, let data) = error {
                printError("error \(code): \(message)")
                if data != [:] { printError(data.prettyPrinted()) }
            } else {
                printError("journey: \(error)")
            }
            throw ExitCode(1)
        }
    }
}
