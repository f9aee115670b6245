import ArgumentParser
import ChoreoClient
import ChoreoPaths
import ChoreoProtocol
import Foundation
import JourneyKit

/// How a command reaches a daemon: `--socket`, `$CHOREO_SOCKET`, the default socket, or (for `run`) a private
/// daemon it starts itself.
struct DaemonConnection {
    let client: ChoreoClient
    let spawned: DaemonProcess?
    let socketPath: String

    /// ``open(socket:allowSpawn:)`` for a command: a failure is printed as `journey: …` and exits with its code.
    static func openForCommand(socket: String?, allowSpawn: Bool) async throws -> DaemonConnection {
        do {
            return try await open(socket: socket, allowSpawn: allowSpawn)
        } catch let error as JourneyCLIError {
            printError("journey: \(error.message)")
            throw ExitCode(error.exitCode)
        }
    }

    static func open(socket: String?, allowSpawn: Bool) async throws -> DaemonConnection {
        let environment = ProcessInfo.processInfo.environment
        let explicit = socket ?? environment["CHOREO_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let path = SocketPathRules.resolve(explicit: explicit, environment: environment, uid: UInt32(getuid()))
        do {
            let client = try await ChoreoClient.connect(socketPath: path)
            return DaemonConnection(client: client, spawned: nil, socketPath: path)
        } catch {
            guard explicit == nil, allowSpawn else {
                throw JourneyCLIError(message: "\(error)", exitCode: 2)
            }
        }
        guard let binary = DaemonProcess.locateBinary() else {
            throw JourneyCLIError(
                message:
                    "no daemon at \(path) and no choreod binary found (looked at $CHOREOD, next to journey, and on "
                    + "PATH); build it with `make build` or pass --socket",
                exitCode: 2)
        }
        let daemon: DaemonProcess
        do {
            daemon = try DaemonProcess(binary: binary)
        } catch {
            throw JourneyCLIError(message: "\(error)", exitCode: 2)
        }
        do {
            let client = try await ChoreoClient.connect(socketPath: daemon.socketPath)
            return DaemonConnection(client: client, spawned: daemon, socketPath: daemon.socketPath)
        } catch {
            daemon.stop()
            throw JourneyCLIError(message: "started \(binary) but could not connect: \(error)", exitCode: 2)
        }
    }

    func close() async {
        await client.close()
        spawned?.stop()
    }
}

/// A command failure with its exit code and a message for stderr.
struct JourneyCLIError: Error {
    var message: String
    var exitCode: Int32
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
