import ArgumentParser
import JourneyKit

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check journeys without running them or a daemon, against the daemon's declarations.",
        discussion: """
            Checks step kinds, matchers, includes and their variables, method names, parameter names and JSON \
            types, haptic styles, trace event kinds, state paths of the journey's app, and marks. Every mistake \
            is printed with its file:line, include chain and a did-you-mean suggestion when a name is close.

            Exit codes: 0 every journey is valid, 2 a journey is not (or a path does not exist).
            """
    )

    @Argument(help: "Journey files or folders.")
    var paths: [String]

    func run() throws {
        let files: [String]
        do {
            files = try JourneyDiscovery.files(in: paths)
        } catch {
            printError("journey: \(error)")
            throw ExitCode(2)
        }
        var parser = JourneyParser()
        parser.contract = DaemonContract.contract
        var bad = 0
        for file in files {
            let (journey, problems) = parser.check(file: file)
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
}
