import ChoreoClient
import ChoreoJSON

/// Runs many journeys (every matrix variant of each) with bounded concurrency, optionally repeating each to check
/// that its trace is byte-identical.
public struct SuiteRunner: Sendable {
    public var jobs: Int
    public var repeatCount: Int
    public var options: RunOptions

    public init(jobs: Int, repeatCount: Int, options: RunOptions) {
        self.jobs = max(1, jobs)
        self.repeatCount = max(1, repeatCount)
        self.options = options
    }

    /// Runs every variant of every journey; results come back in input order. `progress` is called with
    /// (done, total) after each one.
    public func run(
        _ journeys: [Journey], client: ChoreoClient, progress: @escaping @Sendable (Int, Int) -> Void
    ) async -> [JourneyResult] {
        let units = journeys.flatMap { journey in journey.variants.map { (journey, $0) } }
        let runner = JourneyRunner(client: client, options: options)
        let repeatCount = self.repeatCount
        var results = [JourneyResult?](repeating: nil, count: units.count)
        await withTaskGroup(of: (Int, JourneyResult).self) { group in
            var next = 0
            var done = 0
            func addNext() {
                guard next < units.count else { return }
                let index = next
                let (journey, variant) = units[index]
                group.addTask {
                    (index, await SuiteRunner.runUnit(runner, journey, variant, repeatCount: repeatCount))
                }
                next += 1
            }
            for _ in 0..<min(jobs, units.count) { addNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                done += 1
                progress(done, units.count)
                addNext()
            }
        }
        return results.compactMap { $0 }
    }

    static func runUnit(
        _ runner: JourneyRunner, _ journey: Journey, _ variant: [(key: String, value: JSONValue)], repeatCount: Int
    ) async -> JourneyResult {
        let first = await runner.run(journey, variant: variant)
        guard repeatCount > 1, first.result.status == .passed else { return first.result }
        for attempt in 2...repeatCount {
            let again = await runner.run(journey, variant: variant)
            guard again.trace == first.trace else {
                var result = first.result
                result.status = .failed
                let expected = (try? JSONValue.parse(first.trace)) ?? .null
                let actual = (try? JSONValue.parse(again.trace)) ?? .null
                result.failure = Failure(
                    message: "not deterministic: the trace of run \(attempt) differs from run 1",
                    location: SourceLocation(file: journey.file, line: 1), virtualMs: first.result.virtualMilliseconds,
                    expected: expected, actual: actual, diff: JSONDiff.lines(expected: expected, actual: actual))
                return result
            }
        }
        return first.result
    }
}
