import ChoreoClient
import ChoreoJSON
import Foundation

/// Runs one journey variant against a daemon, step by step, stopping at the first failure.
public struct JourneyRunner: Sendable {
    /// What a run produced: the result and the session's whole trace (for `--repeat` determinism checks).
    public struct Outcome: Sendable {
        public var result: JourneyResult
        public var trace: String
    }

    /// A step that did not hold.
    struct StepFailure: Error {
        var message: String
        var expected: JSONValue? = nil
        var actual: JSONValue? = nil
    }

    let client: ChoreoClient
    let options: RunOptions

    public init(client: ChoreoClient, options: RunOptions) {
        self.client = client
        self.options = options
    }

    /// The `session.create` params and variables of a matrix combination.
    static func sessionParams(
        _ journey: Journey, variant: [(key: String, value: JSONValue)]
    ) -> (params: JSONValue, variables: [String: JSONValue]) {
        var params = JSONValue.object(journey.session)
        var matrix = JSONValue.object([:])
        let sessionKeys: Set<String> = ["app", "seed", "fps", "settings", "data", "wallClock"]
        for (key, value) in variant {
            let path = key.split(separator: ".").map(String.init)
            matrix = matrix.setting(path, to: value)
            if let first = path.first, sessionKeys.contains(first) { params = params.setting(path, to: value) }
        }
        return (params, ["matrix": matrix])
    }

    /// Runs a journey variant in a session of its own.
    public func run(_ journey: Journey, variant: [(key: String, value: JSONValue)]) async -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        let variantName =
            variant.isEmpty
            ? nil : variant.map { "\($0.key)=\($0.value.stringValue ?? $0.value.serialized())" }.joined(separator: ",")
        let (params, baseVariables) = JourneyRunner.sessionParams(journey, variant: variant)
        func elapsedMs() -> Double {
            let d = clock.now - started
            return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        }
        let sessionID: String
        do {
            sessionID = try await client.createSession(params)
        } catch {
            let location = SourceLocation(file: journey.file, line: 1)
            let failure = Failure(message: "session.create failed: \(error)", location: location, virtualMs: 0)
            return Outcome(
                result: JourneyResult(
                    name: journey.name, file: journey.file, variant: variantName, status: .error,
                    wallMilliseconds: elapsedMs(), virtualMilliseconds: 0, steps: [], failure: failure),
                trace: "")
        }
        let session = ChoreoSession(client: client, id: sessionID)
        var context = StepContext(session: session, variables: baseVariables)
        context.variables["session"] = .string(sessionID)
        var steps: [StepResult] = []
        var failure: Failure? = nil
        for step in journey.steps {
            let startMs = context.now
            do {
                try await execute(step, context: &context)
                steps.append(
                    StepResult(
                        kind: step.kind.name, label: label(step.kind), location: step.location, startMs: startMs,
                        endMs: context.now, passed: true))
            } catch let error as StepFailure {
                await context.refreshNow()
                steps.append(
                    StepResult(
                        kind: step.kind.name, label: label(step.kind), location: step.location, startMs: startMs,
                        endMs: context.now, passed: false))
                let recent = (try? await session.trace()).map { Array($0.suffix(options.recentTraceCount)) } ?? []
                let diff: [String]
                if let expected = error.expected, let actual = error.actual,
                    expected.arrayValue != nil || expected.objectValue != nil || actual.arrayValue != nil
                        || actual.objectValue != nil
                {
                    diff = JSONDiff.lines(expected: expected, actual: actual)
                } else {
                    diff = []
                }
                failure = Failure(
                    message: error.message, location: step.location, virtualMs: context.now, expected: error.expected,
                    actual: error.actual, diff: diff, recentTrace: recent)
                break
            } catch {
                failure = Failure(message: "\(error)", location: step.location, virtualMs: context.now)
                break
            }
        }
        let traceEvents = (try? await session.trace()) ?? []
        var timeline = TimelineData()
        if options.collectTimeline {
            timeline = await TimelineCollector(session: session).collect(
                steps: steps, failure: failure, endMs: context.now)
        }
        try? await session.close()
        let result = JourneyResult(
            name: journey.name, file: journey.file, variant: variantName, status: failure == nil ? .passed : .failed,
            wallMilliseconds: elapsedMs(), virtualMilliseconds: context.now, steps: steps, failure: failure,
            timeline: timeline)
        return Outcome(result: result, trace: JSONValue.array(traceEvents).serialized())
    }

    func label(_ kind: StepKind) -> String {
        switch kind {
        case .call(let method, let params, _, _):
            let shown =
                params.objectValue.map { JSONValue.object($0.filter { $0.key != "session" }).serialized() } ?? ""
            return shown == "{}" ? method : "\(method) \(shown)"
        case .advance(let ms): return "advance \(JSONValue.number(ms).serialized()) ms"
        case .settle: return "settle"
        case .expect(let items): return "expect " + items.map(\.path).joined(separator: ", ")
        case .expectHaptics(let items, _):
            return "expectHaptics [\(items.map(\.value.description).joined(separator: ", "))]"
        case .expectAnnouncements(let items, _): return "expectAnnouncements (\(items.count))"
        case .expectTrace(let golden, _): return "expectTrace \(golden)"
        }
    }
}

/// What a running journey carries from step to step.
struct StepContext {
    let session: ChoreoSession
    var variables: [String: JSONValue]
    var now: Double = 0
    var hapticCursor = 0
    var announcementCursor = 0

    mutating func refreshNow() async {
        if let result = try? await session.call("clock.now"), let now = result["now"]?.doubleValue { self.now = now }
    }
}

extension JSONValue {
    /// A copy with the value at a key path set (objects created as needed).
    func setting(_ path: [String], to value: JSONValue) -> JSONValue {
        guard let first = path.first else { return value }
        var object = objectValue ?? [:]
        object[first] = (object[first] ?? .object([:])).setting(Array(path.dropFirst()), to: value)
        return .object(object)
    }
}
