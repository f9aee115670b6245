import ArgumentParser
import ChoreoConformance
import ChoreoEngine
import ChoreoJSON
import ChoreoProtocol
import Foundation

/// `journey conformance`: checks the model's code anchors against the app's Swift sources or a design document's
/// Swift blocks.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Check the model against the app's Swift code: each anchored animation and haptic, found and equal.",
        discussion: """
            Each app declares where its animations and haptics live in its code (`app.describe` → anchors: the \
            owning type, a member or token, the curve per mode or frame rate, the haptic styles). This parses the \
            sources with swift-syntax, finds every animation expression (withAnimation, .animation(_:value:), \
            .spring, .interpolatingSpring, .easeInOut(duration:), .timingCurve, presets, .delay, .speed, \
            .repeatForever, .transition) and haptic call (UIImpactFeedbackGenerator, UINotificationFeedbackGenerator, \
            .sensoryFeedback, a wrapper such as HapticEngine.shared.light()) inside each anchored type and the \
            static tokens and helpers it uses, resolves literals and simple constants, and compares.

            Verdicts: conforms; drifted (file:line where the curve is built, where the type uses it, the constants \
            it came through, the code's value and the model's); unresolved (a value known only at run time, or a \
            modifier Choreo does not model); not found. Values compare as motion, to a relative 1e-9: \
            .spring(duration: 0.4, bounce: 0.2) is .spring(response: 0.4, dampingFraction: 0.8). A curve the code \
            selects by the animation mode (a switch over .full/.reduced/.minimal) or the frame rate (fps >= 120) is \
            compared per variant; a single fixed curve is compared with the full-mode (120 fps) one and the other \
            variants are not found. An anchor is tied to its site by its token, its member, a `case` named after it \
            (`case .success:` for celebration.success), or else by value: within a type holding several anchors \
            without members, two curves swapped with each other are not seen. Motion inside an anchored type that \
            no anchor accounts for is listed (coverage) and fails only with --fail-on-unknown.

            Types are told apart by their module: the folder after `Sources/` (SwiftPM), the folder before a \
            `Sources` folder (Tuist, XcodeGen), else the first folder under the --swift directory (an app folder). \
            A type several modules declare needs the anchor's `module`; without it the anchor is unresolved, \
            naming the modules. Of an `#if` block the first clause is read, except `#if DEBUG` (and \
            `targetEnvironment(simulator)`) code, for which the `#else` is: the shipping app's code.

            A team's first run: `--init --swift DIR [--types A,B]` prints a draft anchors file (one anchor per \
            distinct curve or transition of each member, one per member for its haptic styles, as the code states \
            them), which conforms as drafted; edit it into the model and pass it to --describe.

            Exit codes: 0 everything conforms; 1 an anchor drifted, is unresolved or was not found \
            (--allow-missing accepts anchors whose type the code does not have yet, and variants a found site does \
            not select; not an anchor missing from a type the code has), or no anchor conforms at all; 2 bad \
            usage, unreadable input, or no Swift found at all. With --init: 0 a draft was printed; 2 nothing to \
            draft, or bad usage.
            """)

    @Option(
        name: .customLong("swift"), parsing: .upToNextOption,
        help: ArgumentHelp("The app's Swift sources: directories (searched recursively) or files.", valueName: "PATH"))
    var swiftPaths: [String] = []

    @Option(
        name: .customLong("markdown"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Design documents whose ```swift blocks are checked (code outside a type belongs to the types or anchor "
                + "sections its heading names).", valueName: "FILE"))
    var markdownPaths: [String] = []

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Folders under --swift directories to leave out (a folder name, or a path relative to the directory); "
                + ".build, Pods, Carthage, DerivedData, .swiftpm and .git are always left out.", valueName: "FOLDER"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("Check only this app's anchors (default: every app).", valueName: "NAME"))
    var app: String?

    @Option(
        help: ArgumentHelp(
            "Take the anchors from this file, an `app.describe` result (e.g. `journey call app.describe` of a "
                + "team's own daemon), instead of the built-in apps.", valueName: "FILE"))
    var describe: String?

    @Flag(
        help: ArgumentHelp(
            "Anchors whose type the code does not have yet, and variants a found site does not select, do not fail "
                + "the run; drift still does."))
    var allowMissing = false

    @Flag(help: "Motion inside an anchored type that no anchor accounts for fails the run.")
    var failOnUnknown = false

    @Option(
        help: ArgumentHelp(
            "console (default), github (the console report, then a GitHub Actions annotation per drift), or json.",
            valueName: "NAME"))
    var reporter: Reporter = .console

    @Option(
        help: ArgumentHelp(
            "Departures decided on: a baseline file (`{\"accepted\": [{app, anchor, variant, code, model, "
                + "reference}]}`); a drifted row it names exactly does not fail the run, and an entry nothing "
                + "matches is reported as stale.", valueName: "FILE"))
    var accept: String?

    @Option(
        help: ArgumentHelp(
            "Write a baseline accepting every drifted row found (each `reference` to be replaced by the decision's), "
                + "for --accept.", valueName: "FILE"))
    var writeAccepted: String?

    @Flag(
        name: .customLong("init"),
        help: ArgumentHelp(
            "A team's first run: print a draft anchors file (an `app.describe` result, for --describe) drafted from "
                + "the motion and haptic sites of the --swift sources: each type's members with the curves, styles "
                + "and transitions the code states. Edit it into the model; sites it cannot state are listed on "
                + "standard error."))
    var initialize = false

    @Option(
        help: ArgumentHelp(
            "With --init: draft only these types (comma-separated), e.g. `--types BalanceCard,HapticManager`.",
            valueName: "A,B"))
    var types: String?

    @Option(help: ArgumentHelp("Write a JSON report to this file.", valueName: "FILE"))
    var json: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "FILE"))
    var junit: String?

    enum Reporter: String, ExpressibleByArgument, CaseIterable {
        case console, github, json
    }

    func validate() throws {
        if initialize && swiftPaths.isEmpty {
            throw ValidationError("--init drafts anchors from Swift sources: give --swift DIR")
        }
        if swiftPaths.isEmpty && markdownPaths.isEmpty {
            throw ValidationError(ConformanceError.noInput.description)
        }
        if types != nil && !initialize { throw ValidationError("--types chooses what --init drafts: add --init") }
        if initialize {
            if swiftPaths.isEmpty {
                throw ValidationError("--init drafts anchors from Swift sources: give --swift DIR")
            }
            let checking: [(String, Bool)] = [
                ("--describe", describe != nil), ("--accept", accept != nil),
                ("--write-accepted", writeAccepted != nil),
                ("--json", json != nil), ("--junit", junit != nil), ("--markdown", !markdownPaths.isEmpty),
                ("--fail-on-unknown", failOnUnknown), ("--allow-missing", allowMissing),
            ]
            if let (option, _) = checking.first(where: \.1) {
                throw ValidationError(
                    "--init prints a draft of the anchors; \(option) belongs to a check: run the check without --init, "
                        + "with --describe on the draft")
            }
        }
    }

    func run() throws {
        if initialize { return try draft() }
        let apps: [(name: String, anchors: [CodeAnchor])]
        var corpus = SwiftCorpus()
        do {
            apps = try anchors()
            for path in swiftPaths { try corpus.addSwiftSources(at: path, exclude: exclude) }
            for path in markdownPaths { try corpus.addMarkdown(at: path) }
            if corpus.files.isEmpty { throw ConformanceError.nothingParsed(swiftPaths + markdownPaths) }
        } catch {
            printError("journey conformance: \(error)")
            throw ExitCode(2)
        }
        var report = Conformance(corpus: corpus).check(apps: apps, inputs: swiftPaths + markdownPaths)
        if let accept {
            do {
                guard let data = FileManager.default.contents(atPath: accept) else {
                    throw ConformanceError.missing(accept)
                }
                let value: JSONValue
                do { value = try JSONValue.parse(String(decoding: data, as: UTF8.self)) } catch {
                    throw ConformanceError.badBaseline("not JSON: \(error.description)")
                }
                try ConformanceBaseline(json: value).apply(to: &report)
            } catch {
                printError("journey conformance: \(error)")
                throw ExitCode(2)
            }
        }
        switch reporter {
        case .console, .github:
            print(report.console(allowMissing: allowMissing), terminator: "")
            if reporter == .github { print(report.github(allowMissing: allowMissing), terminator: "") }
        case .json:
            print(report.json.serialized())
        }
        // Each file's text is made only when its option is given.
        let files: [(path: String?, text: () -> String)] = [
            (json, { report.json.serialized() + "\n" }), (junit, { report.junit(allowMissing: allowMissing) }),
            (
                writeAccepted,
                {
                    ConformanceBaseline.accepting(report, reference: "TODO: the decision (e.g. behavior.md H7)").json
                        .prettyPrinted() + "\n"
                }
            ),
        ]
        for case (let path?, let text) in files {
            do { try Data(text().utf8).write(to: URL(fileURLWithPath: path)) } catch {
                printError("journey conformance: cannot write \(path): \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
        let code = report.exitCode(allowMissing: allowMissing, failOnUnknown: failOnUnknown)
        if code != 0 { throw ExitCode(code) }
    }

    /// `--init`: the draft anchors of the --swift sources on standard output, what was left out on standard error.
    func draft() throws {
        var corpus = SwiftCorpus()
        do {
            for path in swiftPaths { try corpus.addSwiftSources(at: path, exclude: exclude) }
            if corpus.files.isEmpty { throw ConformanceError.nothingParsed(swiftPaths) }
        } catch {
            printError("journey conformance: \(error)")
            throw ExitCode(2)
        }
        let only = types.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let draft = Conformance(corpus: corpus).draft(types: only)
        let name = app ?? URL(fileURLWithPath: swiftPaths[0]).standardizedFileURL.lastPathComponent.lowercased()
        print(draft.json(app: name).prettyPrinted())
        for note in draft.leftOut { printError("left out: \(note)") }
        let typeCount = Set(draft.anchors.map { "\($0.module ?? "").\($0.type)" }).count
        printError(
            "drafted \(draft.anchors.count) anchors in \(typeCount) types from \(corpus.files.count) Swift files"
                + (draft.leftOut.isEmpty ? "" : "; \(draft.leftOut.count) sites left out (above)"))
        if draft.anchors.isEmpty {
            printError(
                "journey conformance: no motion or haptic site found"
                    + (only.map { " in \($0.joined(separator: ", "))" } ?? "") + "; nothing to draft")
            throw ExitCode(2)
        }
    }

    /// The anchors to check: the built-in apps' (or `--app`'s), or those of an `app.describe` file.
    func anchors() throws -> [(name: String, anchors: [CodeAnchor])] {
        if let describe {
            guard let data = FileManager.default.contents(atPath: describe) else {
                throw ConformanceError.missing(describe)
            }
            let value: JSONValue
            do { value = try JSONValue.parse(String(decoding: data, as: UTF8.self)) } catch {
                throw DescribeError("\(describe) is not JSON: \(error.description)")
            }
            let result = value["result"] ?? value
            let name = result["app"]?.stringValue ?? "app"
            if let app, app.lowercased() != name.lowercased() {
                throw ConformanceError.unknownApp(app, known: [name])
            }
            let list = result["anchors"]?.arrayValue ?? []
            guard !list.isEmpty else {
                throw DescribeError(
                    "\(describe) declares no anchors: save `journey call app.describe` of an app that has them")
            }
            do {
                return [(name, try list.map { try DescribeFile.anchor(from: $0, curve: Self.curve) })]
            } catch {
                throw DescribeError("\(error)")
            }
        }
        let chosen = StockApps.descriptions.filter { app == nil || $0["app"]?.stringValue == app?.lowercased() }
        if let app, chosen.isEmpty { throw ConformanceError.unknownApp(app, known: StockApps.names) }
        do {
            return try chosen.map { description in
                (
                    description["app"]?.stringValue ?? "",
                    try (description["anchors"]?.arrayValue ?? []).map {
                        try DescribeFile.anchor(from: $0, curve: Self.curve)
                    }
                )
            }
        } catch {
            throw DescribeError("the stock apps' anchors (protocol/apps.json): \(error)")
        }
    }

    /// A curve as `lab.animate` takes it (the daemon's own parser), its error's message on failure.
    static func curve(_ value: JSONValue, _ parameter: String) throws(DescribeFile.Error) -> AnimationCurve {
        do { return try CurveParser.parse(value, parameter: parameter) } catch {
            throw DescribeFile.Error(error.message)
        }
    }

    struct DescribeError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
