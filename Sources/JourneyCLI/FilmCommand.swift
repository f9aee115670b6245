import ArgumentParser
import ChoreoClient
import ChoreoJSON
import Foundation
import JourneyKit

struct FilmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "film",
        abstract: "Draw a journey's screen every N frames and write the SVG frames and a flip-book.",
        discussion: """
            Runs the journey (its first matrix variant, or the one --filter picks) in a session of its own, then \
            draws the screen (screen.render) at FROM, FROM + N frames, … up to TO on the session's frame clock \
            (its fps: a frame is 1000/fps ms). The frame at time t shows the session after every request made at \
            or before t. Writes DIR/frame-0001.svg … and DIR/index.html, a flip-book (slider, play, arrow keys); \
            --strip FILE also writes every frame side by side in one SVG (the README's film strip is made so: \
            make film-strip). A journey that fails is still filmed, up to where it stopped (exit 1).

            Example: journey film journeys/examples/hero.yaml --from 0 --to 500 --every 6 --out film/
            """
    )

    @Argument(help: "The journey file (FILE:LINE picks a matrix variant).")
    var file: String

    @Option(help: "The first frame's virtual time, in ms.")
    var from: Double = 0

    @Option(help: "The last frame's virtual time at most, in ms (default: where the journey ends).")
    var to: Double?

    @Option(help: "Draw every N-th frame of the session's frame clock (1: every frame).")
    var every: Int = 1

    @Option(help: "Write the frames and the flip-book (index.html) to this folder.")
    var out: String?

    @Option(help: "Also write a film strip: every frame side by side in one SVG file.")
    var strip: String?

    @Option(help: "Each frame's width in the film strip, in pixels.")
    var stripWidth: Double = 120

    @Option(help: "The frames' width in pixels (default: the screen's width in points).")
    var width: Double?

    @Option(help: "Film the matrix variant whose name contains this (as journey run --filter).")
    var filter: String?

    @OptionGroup var variables: RunVariables

    @Option(help: "The daemon's socket (default: $CHOREO_SOCKET, the default socket, or a private daemon).")
    var socket: String?

    func validate() throws {
        guard every >= 1 else { throw ValidationError("--every takes a number of frames, at least 1.") }
        guard from >= 0 else { throw ValidationError("--from is a virtual time in ms, 0 or more.") }
        if let to, to < from { throw ValidationError("--to (\(to)) is before --from (\(from)).") }
        guard out != nil || strip != nil else {
            throw ValidationError("Say where the film goes: --out DIR (frames and flip-book) and/or --strip FILE.svg.")
        }
        guard stripWidth >= 16 else { throw ValidationError("--strip-width is at least 16 pixels.") }
    }

    func run() async throws {
        var path = file
        var patterns = filter.map { [$0] } ?? []
        if !FileManager.default.fileExists(atPath: path), let (name, _) = JourneyFilter.location(path),
            FileManager.default.fileExists(atPath: name)
        {
            patterns.append(path)
            path = name
        }
        let connection = try await DaemonConnection.openForCommand(socket: socket, allowSpawn: true)
        do {
            try await film(path, patterns: patterns, client: connection.client)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }

    /// Runs the journey at `path` on `client` and writes its film.
    func film(_ path: String, patterns: [String], client: ChoreoClient) async throws {
        var parser = JourneyParser()
        do {
            parser.variables = try variables.parsed(environment: ProcessInfo.processInfo.environment)
            parser.contract = try await DaemonContract.contract(client: client)
        } catch let error as JourneyCLIError {
            printError("journey: \(error.message)")
            throw ExitCode(2)
        }
        let (parsed, problems) = parser.check(file: path)
        guard let journey = parsed, problems.isEmpty else {
            for problem in problems { printError("journey: \(problem)") }
            printError("journey: \(path) has mistakes; nothing was filmed")
            throw ExitCode(2)
        }
        let variants = JourneyFilter(patterns).variants(of: journey)
        guard let variant = patterns.isEmpty ? 0 : variants.first else {
            printError("journey: --filter \(patterns.joined(separator: ", ")) matches no variant of \(path)")
            throw ExitCode(2)
        }
        var options = RunOptions()
        options.keepSnapshot = true
        let outcome = await JourneyRunner(client: client, options: options).run(journey, variantIndex: variant)
        let result = outcome.result
        if let failure = result.failure { printError("journey: the journey did not pass: \(failure.message)") }
        guard let snapshot = result.snapshot else {
            printError("journey: the session could not be exported, so there is nothing to film")
            throw ExitCode(1)
        }
        let fps = result.session?.fps ?? 60
        let times = ScreenFilm.times(from: from, to: to ?? result.virtualMilliseconds, everyFrames: every, fps: fps)
        guard !times.isEmpty else {
            printError("journey: no frame between \(from) and \(to ?? result.virtualMilliseconds) ms")
            throw ExitCode(2)
        }
        let frames: [ScreenFilm.Frame]
        do {
            frames = try await ScreenFilm(client: client, width: width).frames(of: snapshot, at: times)
        } catch {
            printError("journey: cannot draw the screen: \(error.description)")
            throw ExitCode(1)
        }
        do {
            if let out {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                for (index, frame) in frames.enumerated() {
                    try TextFile.write(
                        frame.svg, to: (out as NSString).appendingPathComponent(FilmDocuments.fileName(index)))
                }
                let page = FilmDocuments.flipBook(frames, title: result.displayName, fps: fps)
                try TextFile.write(page, to: (out as NSString).appendingPathComponent("index.html"))
                printError(
                    "journey: wrote \(frames.count) frames (\(milliseconds(times.first))–\(milliseconds(times.last)) ms, every \(every) "
                        + "frame(s) at \(fps) fps) to \(out); flip-book: \((out as NSString).appendingPathComponent("index.html"))"
                )
            }
            if let strip {
                let title = "\(result.displayName): the screen every \(every) frame(s) at \(fps) fps"
                try TextFile.write(FilmDocuments.strip(frames, frameWidth: stripWidth, title: title), to: strip)
                printError("journey: wrote the film strip \(strip) (\(frames.count) frames)")
            }
        } catch {
            printError("journey: cannot write the film: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        if result.status != .passed { throw ExitCode(1) }
    }

    /// A time as the reports write it (`116.666666667`, `500`).
    func milliseconds(_ value: Double?) -> String { JSONValue.number(value ?? 0).serialized() }
}
