import ChoreoClient
import ChoreoJSON
import Foundation
import JourneyKit
import MCP

/// `journey_run` and `journey_record`, the tools of `journey mcp` that are not daemon methods.
struct MCPJourneyTools: Sendable {
    let client: ChoreoClient
    /// The daemon's apps and methods, read once when the server started (nil: the built-in contract).
    var contract: JourneyContract?

    func run(_ arguments: [String: JSONValue]) async -> CallTool.Result {
        var paths = (arguments["paths"]?.arrayValue ?? []).compactMap(\.stringValue)
        let filter = (arguments["filter"]?.arrayValue ?? []).compactMap(\.stringValue)
        // A journey given inline is read from memory as if it were a file in the directory `journey mcp` runs in,
        // so its includes and golden files resolve from there, as the tool says; nothing is written.
        var inlineFile: String? = nil
        let inlineText = arguments["yaml"]?.stringValue
        if inlineText != nil {
            inlineFile =
                FileManager.default.currentDirectoryPath + "/" + Self.inlineName + "-\(UUID().uuidString).yaml"
            paths.append(inlineFile!)
        }
        guard !paths.isEmpty else {
            return MCPTools.failure(
                "journey_run needs `paths` (journey files or folders) or `yaml` (a journey inline), e.g. "
                    + #"{"yaml": "journey: tap\nsteps:\n  - navigate: transactions\n  - advance: 100\n"}"#)
        }
        let files: [String]
        do {
            files = try JourneyDiscovery.files(in: paths.filter { $0 != inlineFile }) + (inlineFile.map { [$0] } ?? [])
        } catch {
            return MCPTools.failure(
                "journey_run: \(error). Paths are relative to \(FileManager.default.currentDirectoryPath).")
        }
        var parser = JourneyParser()
        if let inlineFile, let inlineText {
            parser.read = { path in
                path == inlineFile ? inlineText : try String(contentsOfFile: path, encoding: .utf8)
            }
            parser.exists = { path in path == inlineFile || FileManager.default.fileExists(atPath: path) }
        }
        // The apps and methods of the daemon the journeys run on; the built-in ones if it could not say.
        parser.contract = contract ?? DaemonContract.contract
        let journeyFilter = JourneyFilter(filter)
        // The filter picks journeys or some of their variants, as `journey run --filter` does.
        let checked = zip(files, parser.check(files: files)).map { (file: $0, outcome: $1) }.compactMap { checked in
            guard !filter.isEmpty else { return checked }
            guard let journey = checked.outcome.journey else {
                return journeyFilter.matches(name: nil, path: checked.file) ? checked : nil
            }
            return journeyFilter.picking(journey).map { (checked.file, ($0, checked.outcome.problems)) }
        }
        // The agent wrote `yaml`, not a file: its mistakes and failures cite `yaml:LINE`.
        let problems = checked.flatMap(\.outcome.problems).map { problem in
            var problem = problem
            if problem.file == inlineFile { problem.file = Self.inlineName }
            problem.includeChain = problem.includeChain.map { Self.citing($0, inlineFile) }
            return problem
        }
        guard problems.isEmpty else {
            return MCPTools.failure(
                "Nothing was run: the journeys have mistakes. Fix each at its file:line:\n"
                    + problems.map { "- \($0.description)" }.joined(separator: "\n"),
                structured: ["problems": .array(problems.map { .string($0.description) })])
        }
        let journeys = checked.compactMap(\.outcome.journey)
        guard !journeys.isEmpty else { return MCPTools.failure("journey_run found no journey in \(paths).") }
        var (results, wallMs) = await SuiteRunner.runTimed(journeys, client: client)
        if let inlineFile { results = results.map { Self.citingInline($0, inlineFile) } }
        let text = ConsoleReport.report(results, wallMilliseconds: wallMs, color: false)
        var report = JSONReport.json(results, wallMilliseconds: wallMs)
        // The steps are in the text; the structured result keeps the summary and the failures.
        if case .array(let journeys)? = report["journeys"], case .object(var object) = report {
            object["journeys"] = .array(
                journeys.map { journey in
                    guard case .object(var members) = journey else { return journey }
                    members["steps"] = nil
                    return .object(members)
                })
            report = .object(object)
        }
        return MCPTools.success(report, text: text.joined(separator: "\n"))
    }

    /// How failures name a journey given inline: `yaml` (the argument), so `yaml:7` is its line 7.
    static let inlineName = "yaml"

    /// A `file:line` with the path an inline journey is read at named as ``inlineName``.
    static func citing(_ site: String, _ inlineFile: String?) -> String {
        guard let inlineFile, site.hasPrefix(inlineFile + ":") else { return site }
        return inlineName + site.dropFirst(inlineFile.count)
    }

    /// A result of the inline journey with every location in it citing ``inlineName``.
    static func citingInline(_ result: JourneyResult, _ inlineFile: String) -> JourneyResult {
        func cite(_ location: SourceLocation) -> SourceLocation {
            var location = location
            if location.file == inlineFile { location.file = inlineName }
            location.includeChain = location.includeChain.map { citing($0, inlineFile) }
            return location
        }
        var result = result
        if result.file == inlineFile { result.file = inlineName }
        result.steps = result.steps.map { step in
            var step = step
            step.location = cite(step.location)
            return step
        }
        if let failure = result.failure { result.failure?.location = cite(failure.location) }
        return result
    }

    func record(_ arguments: [String: JSONValue], reads: MCPReadLog? = nil) async -> CallTool.Result {
        guard let session = arguments["session"]?.stringValue else {
            return MCPTools.failure(
                "journey_record needs `session`: the id of a live session (session_list names them), e.g. "
                    + #"{"session": "s1"}"#)
        }
        let recording: SessionRecorder.Recording
        do {
            recording = try await SessionRecorder(client: client).record(
                session: session, name: arguments["name"]?.stringValue, reads: reads?.reads(of: session) ?? [])
        } catch {
            if case .rpc(let code, _, _) = error, code == -32000 {
                return MCPTools.failure(
                    "journey_record: there is no session \(session). "
                        + "How to fix: pass the id session_create returned; session_list names the open ones.")
            }
            return MCPTools.failure("journey_record failed: \(error.description)")
        }
        var summary = recording.summary.objectValue ?? [:]
        summary["journey"] = .string(recording.yaml)
        if let path = arguments["path"]?.stringValue {
            do {
                try TextFile.write(recording.yaml, to: path)
            } catch {
                return MCPTools.failure("journey_record could not write \(path): \(error.localizedDescription)")
            }
            summary["path"] = .string(path)
        }
        return MCPTools.success(.object(summary), text: recording.yaml)
    }
}
