import ChoreoClient
import ChoreoJSON
import Synchronization

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

    /// Runs every variant of every journey one after the other on `client`, and how long that took (wall ms).
    public static func runTimed(_ journeys: [Journey], client: ChoreoClient) async -> (
        results: [JourneyResult], wallMilliseconds: Double
    ) {
        let clock = ContinuousClock()
        let started = clock.now
        let results = await SuiteRunner(jobs: 1, repeatCount: 1, options: RunOptions()).run(
            journeys, clients: [client]
        ) { _, _ in }
        return (results, (clock.now - started).milliseconds)
    }

    /// Runs every variant of every journey; results come back in input order. Each of the `jobs` workers uses its
    /// own connection from `clients` (round robin when there are fewer), so journeys run in parallel end to end.
    /// `progress` is called with (done, total) after each one.
    public func run(
        _ journeys: [Journey], clients: [ChoreoClient], progress: @escaping @Sendable (Int, Int) -> Void
    ) async -> [JourneyResult] {
        let units = Self.units(journeys)
        let stop = SharedCounter()
        let repeatCount = self.repeatCount
        let options = {
            var options = self.options
            options.keepTrace = repeatCount > 1
            return options
        }()
        let next = SharedCounter()
        let done = SharedCounter()
        let workers = min(jobs, max(units.count, 1))
        var results = [JourneyResult?](repeating: nil, count: units.count)
        await withTaskGroup(of: [(Int, JourneyResult)].self) { group in
            for worker in 0..<workers {
                let client = clients[worker % clients.count]
                let runner = JourneyRunner(client: client, options: options)
                // On the connection's own event loop: each call then costs no thread switch (see
                // `EventLoopTaskExecutor`).
                group.addTask(executorPreference: client.taskExecutor) {
                    var mine: [(Int, JourneyResult)] = []
                    // The next unit this worker runs, taken at the start of the one before, with its session asked
                    // for then (saving the round trip a journey's start waits for), unless either journey reaches
                    // past its session.
                    var ahead: (index: Int, session: JourneyRunner.CreatedSession?)? = nil
                    while true {
                        guard stop.value == 0 else {
                            if let unused = ahead?.session, let (id, _) = try? await unused.value {
                                try? await client.closeSession(id)
                            }
                            return mine
                        }
                        let index: Int
                        let createdAhead: JourneyRunner.CreatedSession?
                        if let taken = ahead {
                            (index, createdAhead) = taken
                            ahead = nil
                        } else {
                            index = next.increment() - 1
                            createdAhead = nil
                        }
                        guard index < units.count else { return mine }
                        let (journey, variant) = units[index]
                        if repeatCount == 1, !JourneyRunner.reachesBeyondSession(journey, variant) {
                            let following = next.increment() - 1
                            if following < units.count {
                                let (nextJourney, nextVariant) = units[following]
                                ahead = (following, runner.createAhead(nextJourney, variantIndex: nextVariant))
                            }
                        }
                        let result = await SuiteRunner.runUnit(
                            runner, journey, variant, repeatCount: repeatCount, createdAhead: createdAhead)
                        mine.append((index, result))
                        if options.failFast, result.status == .failed || result.status == .error {
                            _ = stop.increment()
                        }
                        let count = done.increment()
                        progress(count, units.count)
                    }
                }
            }
            for await batch in group {
                for (index, result) in batch { results[index] = result }
            }
        }
        return results.compactMap { $0 }
    }

    /// Every variant to run of every journey, in order (a filter may have picked some variants only).
    public static func units(_ journeys: [Journey]) -> [(journey: Journey, variant: Int)] {
        journeys.flatMap { journey in journey.variantsToRun.map { (journey, $0) } }
    }

    static func runUnit(
        _ runner: JourneyRunner, _ journey: Journey, _ variant: Int, repeatCount: Int,
        createdAhead: JourneyRunner.CreatedSession? = nil
    ) async -> JourneyResult {
        if let reason = journey.skip {
            var result = JourneyResult(
                name: journey.name, file: journey.file, variant: journey.variantLabel(variant), status: .skipped,
                wallMilliseconds: 0, virtualMilliseconds: 0, steps: [])
            result.skipReason = reason.isEmpty ? nil : reason
            result.line = journey.line(ofVariant: variant)
            return result
        }
        let first = await runner.run(journey, variantIndex: variant, createdAhead: createdAhead)
        guard repeatCount > 1, first.result.status == .passed else { return first.result }
        for attempt in 2...repeatCount {
            let again = await runner.run(journey, variantIndex: variant)
            guard again.trace == first.trace else {
                var result = first.result
                result.status = .failed
                let expected = (try? JSONValue.parse(first.trace)) ?? .null
                let actual = (try? JSONValue.parse(again.trace)) ?? .null
                result.failure = Failure(
                    message: "not deterministic: the trace of run \(attempt) differs from run 1",
                    location: SourceLocation(file: journey.file, line: 1), virtualMs: first.result.virtualMilliseconds,
                    expected: expected, actual: actual,
                    diff: JSONDiff.lines(expected: expected, actual: actual).filter { !$0.hasPrefix("  ") })
                return result
            }
        }
        return first.result
    }
}

/// A counter shared by concurrent workers.
final class SharedCounter: Sendable {
    private let count = Mutex(0)

    /// The value now.
    var value: Int { count.withLock { $0 } }

    /// Adds one and returns the new value.
    func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

extension Duration {
    /// The duration in milliseconds.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
