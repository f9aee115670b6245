import ArgumentParser
import JourneyKit

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check journeys without running them: step kinds, matchers, includes, with file:line errors.",
        discussion: "Exit codes: 0 every journey is valid, 2 a journey is not (or a path does not exist)."
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
        let parser = JourneyParser()
        var bad = 0
        for file in files {
            do {
                let journey = try parser.parse(file: file)
                print(
                    "ok   \(file): \(journey.name) (\(journey.steps.count) steps, \(journey.variants.count) variant(s))"
                )
            } catch {
                bad += 1
                print("FAIL \(error.description)")
            }
        }
        print("\(files.count - bad) valid, \(bad) invalid")
        if bad > 0 { throw ExitCode(2) }
    }
}
