import ArgumentParser
import ChoreoClient
import Foundation
import JourneyKit

struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Turn a live session into a journey that replays it as a regression test.",
        discussion: """
            The session's session.create params become the header, its requests the steps (shorthands such as \
            tap and navigate, advance and settle where they apply, call otherwise), and what they did the \
            expectations: the haptics and announcements each step caused with their virtual times, and the \
            final values of the state paths the session changed. The requests are replayed in a scratch \
            session of the same daemon; the session itself is only read.

            Example: journey record --session s1 -o journeys/recorded/tap.yaml
            """
    )

    @Option(help: "The live session to record, e.g. s1.")
    var session: String

    @Option(name: [.short, .customLong("output")], help: "Write the journey to this file (default: stdout).")
    var output: String?

    @Option(help: "The journey's name (default: Recorded from session ID).")
    var name: String?

    @Option(help: "The daemon's socket (default: $CHOREO_SOCKET, then the default socket).")
    var socket: String?

    func run() async throws {
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: false)
        let recording: SessionRecorder.Recording
        do {
            recording = try await SessionRecorder(client: connection.client).record(session: session, name: name)
        } catch {
            await connection.close()
            printError("journey: cannot record session \(session): \(error.description)")
            throw ExitCode(1)
        }
        await connection.close()
        for note in recording.notes { printError("journey: note: \(note)") }
        guard let output else {
            print(recording.yaml, terminator: "")
            return
        }
        do {
            try TextFile.write(recording.yaml, to: output)
        } catch {
            printError("journey: cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        printError(
            "journey: wrote \(output): \(recording.actions) requests, \(recording.haptics) haptics, "
                + "\(recording.announcements) announcements, \(recording.statePaths.count) state paths")
    }
}
