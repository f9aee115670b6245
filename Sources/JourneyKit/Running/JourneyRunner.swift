import ChoreoClient
import ChoreoJSON
import Foundation

/// Runs one journey variant against a daemon, step by step (runs of planned steps in one batch each), stopping at the
/// first failure.
public struct JourneyRunner: Sendable {
    /// What a run produced: the result and, with ``RunOptions/keepTrace``, the session's whole trace serialized (for
    /// `--repeat` determinism checks; empty otherwise).
    public struct Outcome: Sendable {
        public var result: JourneyResult
        public var trace: String
    }

    let client: ChoreoClient
    let options: RunOptions

    public init(client: ChoreoClient, options: RunOptions) {
        self.client = client
        self.options = options
    }

    /// The journey keys that are `session.create` params (a matrix may set them too).
    static let sessionKeys: Set<String> = ["app", "seed", "fps", "physics", "settings", "data", "wallClock"]

    /// The `session.create` params and variables of a matrix combination.
    static func sessionParams(
        _ journey: Journey, variant: [(key: String, value: JSONValue)]
    ) -> (params: JSONValue, variables: [String: JSONValue]) {
        var params = JSONValue.object(journey.session)
        var matrix = JSONValue.object([:])
        for (key, value) in variant {
            let path = key.split(separator: ".").map(String.init)
            matrix = matrix.setting(path, to: value)
            if let first = path.first, Self.sessionKeys.contains(first) { params = params.setting(path, to: value) }
        }
        return (params, ["matrix": matrix])
    }

    /// How many planned steps at most go to the daemon in one batch.
    static let batchSteps = 64

    /// A journey's session asked for ahead of its turn: the `session.create` reply, once it comes.
    public typealias CreatedSession = Task<(id: String, result: JSONValue), any Error>

    /// Asks for the session of a journey variant now, on the client's event loop, without waiting for the reply:
    /// handed to ``run(_:variantIndex:createdAhead:)`` when the journey's turn comes. Nil for a journey that reaches
    /// past its session (a session made early would show in what it reads of the daemon).
    public func createAhead(_ journey: Journey, variantIndex: Int) -> CreatedSession? {
        guard journey.skip == nil, !Self.reachesBeyondSession(journey, variantIndex) else { return nil }
        let variants = journey.variants
        let variant = variantIndex < variants.count ? variants[variantIndex] : []
        let params = Self.sessionParams(journey, variant: variant).params
        let client = self.client
        return Task(executorPreference: client.taskExecutor) { try await client.createSessionReply(params) }
    }

    /// Whether a step of the variant reaches past its own session (``PlannedStep/reachesBeyondSession``).
    static func reachesBeyondSession(_ journey: Journey, _ variantIndex: Int) -> Bool {
        journey.steps(ofVariant: variantIndex).contains {
            ($0.kind as? any PlannedStep)?.reachesBeyondSession == true
        }
    }

    /// Runs a journey variant (by its index in ``Journey/variants``) in a session of its own.
    ///
    /// Runs of planned steps (``PlannedStep``) go to the daemon as one JSON-RPC batch each. When a step fails that
    /// is not the last of its batch, the steps after it have run too, and the failure would not show the session as
    /// it was: the journey runs again in a new session, one step at a time, and that run is the result (the same
    /// inputs give the same session, so the steps before the failure run exactly as they did).
    /// A journey with a step that reaches past its session (``PlannedStep/reachesBeyondSession``) runs one step at a
    /// time from the start: running it again would not start from the same daemon.
    ///
    /// `createdAhead` is the journey's session, asked for before the journey's turn (``createAhead(_:variantIndex:)``,
    /// saving a round trip); it is used by the first run only, and only by a journey that stays in its session.
    public func run(_ journey: Journey, variantIndex: Int, createdAhead: CreatedSession? = nil) async -> Outcome {
        let started = ContinuousClock.now
        if !Self.reachesBeyondSession(journey, variantIndex),
            let outcome = await attempt(
                journey, variantIndex, batchSteps: Self.batchSteps, started: started, createdAhead: createdAhead)
        {
            return outcome
        }
        // One step to a batch, a failing step is always its batch's last: this attempt always gives an outcome.
        return await attempt(journey, variantIndex, batchSteps: 1, started: started, createdAhead: nil)
            ?? Outcome(
                result: JourneyResult(
                    name: journey.name, file: journey.file, variant: journey.variantLabel(variantIndex), status: .error,
                    wallMilliseconds: 0, virtualMilliseconds: 0, steps: []), trace: "")
    }

    /// One run of a journey variant, with at most `batchSteps` steps to a batch; nil when a step failed before the
    /// last of its batch, or the daemon refused a batch's line whole (its replies past the reply limit, -32010). With
    /// `batchSteps` 1 every request goes alone, as a journey one step at a time sends them, and the result is never
    /// nil.
    private func attempt(
        _ journey: Journey, _ variantIndex: Int, batchSteps: Int, started: ContinuousClock.Instant,
        createdAhead: CreatedSession?
    ) async -> Outcome? {
        let variants = journey.variants
        let variant = variantIndex < variants.count ? variants[variantIndex] : []
        let variantName = journey.variantLabel(variantIndex)
        let (params, baseVariables) = JourneyRunner.sessionParams(journey, variant: variant)
        func elapsedMs() -> Double {
            (ContinuousClock.now - started).milliseconds
        }
        let sessionID: String
        var info: SessionInfo
        do {
            let (id, created) =
                if let createdAhead {
                    try await createdAhead.value
                } else {
                    try await client.createSessionReply(params)
                }
            sessionID = id
            info = SessionInfo(
                app: created["app"]?.stringValue ?? "?", physics: params["physics"]?.stringValue ?? "swiftui",
                physicsDefaulted: params["physics"] == nil, fps: Int(params["fps"]?.doubleValue ?? 60),
                settings: params["settings"] ?? [:])
        } catch {
            let location = SourceLocation(file: journey.file, line: 1)
            let failure = Failure(message: "session.create failed: \(error)", location: location, virtualMs: 0)
            var result = JourneyResult(
                name: journey.name, file: journey.file, variant: variantName, status: .error,
                wallMilliseconds: elapsedMs(), virtualMilliseconds: 0, steps: [], failure: failure)
            result.line = journey.line(ofVariant: variantIndex)
            return Outcome(result: result, trace: "")
        }
        let session = ChoreoSession(client: client, id: sessionID)
        var context = StepContext(session: session, options: options, variables: baseVariables)
        context.variables["session"] = .string(sessionID)
        context.fps = params["fps"]?.doubleValue ?? 60
        // The mode animations use from the start (Reduce Motion can force minimal whatever `mode` says), asked in
        // the first batch.
        var modeRequest: PlannedRequest? = context.request("state.get", ["path": "settings.effectiveMode"])
        let batched = batchSteps > 1
        var steps: [StepResult] = []
        var failure: Failure? = nil
        let journeySteps = journey.steps(ofVariant: variantIndex)
        var batch: [(index: Int, step: any PlannedStep, requests: [PlannedRequest])] = []

        /// Records how a step went (its result; on failure, what the reports show of it).
        func finish(_ index: Int, startMs: Double, error: StepFailure?) async {
            let step = journeySteps[index]
            guard let error else {
                steps.append(
                    stepResult(step, startMs: startMs, endMs: context.now, passed: true, checks: context.checks))
                steps[steps.count - 1].sweep = context.sweep
                return
            }
            await context.refreshNow()
            steps.append(
                stepResult(step, startMs: startMs, endMs: context.now, passed: false, checks: context.checks))
            steps[steps.count - 1].sweep = context.sweep
            let since = steps.count >= 2 ? steps[steps.count - 2].startMs : startMs
            failure = await self.failure(
                error, at: step, virtualMs: context.now, session: session, stepsFromMs: since)
            if params["physics"] == nil, let path = error.statePath, error.actual?.doubleValue != nil,
                let ideal = await idealValue(
                    of: path, params: params, variables: baseVariables, replaying: journeySteps.prefix(index))
            {
                failure?.message +=
                    " (under physics swiftui, the default: physics: ideal gives \(ideal.serialized()) here)"
            }
        }

        /// Sends the batch and judges its steps in order: false when a step failed before the batch's last one
        /// (nothing is recorded of that run).
        func flush() async -> Bool {
            let requests = (modeRequest.map { [$0] } ?? []) + batch.flatMap(\.requests)
            var replies = await client.send(requests, batched: batched)[...]
            if batched, requests.count > 1, replies.allSatisfy(Self.isLineRefusal) { return false }
            if modeRequest != nil {
                info.mode = (try? replies.removeFirst().get())?["value"]?.stringValue
                modeRequest = nil
            }
            let judged = batch
            batch.removeAll()
            for (position, item) in judged.enumerated() {
                let startMs = context.now
                context.checks = []
                context.sweep = []
                do throws(StepFailure) {
                    try item.step.judge(Array(replies.prefix(item.requests.count)), in: &context)
                    replies = replies.dropFirst(item.requests.count)
                    await finish(item.index, startMs: startMs, error: nil)
                } catch {
                    // A lost connection fails every step alike: it is this step's failure, as one at a time.
                    let lost = replies.prefix(item.requests.count).contains(where: Self.isLostConnection)
                    guard position == judged.count - 1 || lost else { return false }
                    await finish(item.index, startMs: startMs, error: error)
                    return true
                }
            }
            return true
        }

        for (index, step) in journeySteps.enumerated() {
            if let planned = step.kind as? any PlannedStep, let requests = try? planned.plan(in: context) {
                batch.append((index, planned, requests))
                if planned.endsBatch || batch.count >= batchSteps {
                    guard await flush() else { return await abandon(sessionID) }
                    if failure != nil { break }
                }
                continue
            }
            guard await flush() else { return await abandon(sessionID) }
            if failure != nil { break }
            let startMs = context.now
            context.checks = []
            context.sweep = []
            do throws(StepFailure) {
                try await step.kind.run(in: &context)
                await finish(index, startMs: startMs, error: nil)
            } catch {
                await finish(index, startMs: startMs, error: error)
                break
            }
        }
        if failure == nil {
            guard await flush() else { return await abandon(sessionID) }
        }
        let traceEvents = options.keepTrace ? ((try? await session.trace()) ?? []) : []
        var timeline = TimelineData()
        if options.collectTimeline {
            timeline = await TimelineCollector(
                session: session, physics: params["physics"], fps: params["fps"], createParams: params
            ).collect(
                steps: steps, failure: failure, endMs: context.now, gestures: context.gestures)
        }
        let ahap = options.exportAHAP ? (try? await session.call("haptics.export"))?["ahap"] : nil
        let snapshot = options.keepSnapshot ? try? await session.call("session.export") : nil
        let screen =
            options.screenOnFailure && failure != nil
            ? (try? await session.call("screen.render"))?["svg"]?.stringValue : nil
        // Nothing waits for the session's end: the next request on this connection is served after it.
        try? await client.notify("session.close", ["session": .string(sessionID)])
        var result = JourneyResult(
            name: journey.name, file: journey.file, variant: variantName, status: failure == nil ? .passed : .failed,
            wallMilliseconds: elapsedMs(), virtualMilliseconds: context.now, steps: steps, failure: failure,
            timeline: timeline)
        result.ahap = ahap
        result.snapshot = snapshot
        result.failureScreen = screen
        result.session = info
        result.line = journey.line(ofVariant: variantIndex)
        return Outcome(result: result, trace: JSONValue.array(traceEvents).serialized())
    }

    /// Whether a reply is the daemon's refusal of a whole batch line (its replies past the reply limit).
    private static func isLineRefusal(_ reply: PlannedReply) -> Bool {
        if case .failure(.rpc(code: -32010, _, _)) = reply { return true }
        return false
    }

    /// Whether a reply says the connection is gone (not an answer of the daemon's).
    private static func isLostConnection(_ reply: PlannedReply) -> Bool {
        guard case .failure(let error) = reply else { return false }
        if case .rpc = error { return false }
        return true
    }

    /// Gives up a run whose batch failed before its last step: closes its session (without waiting) and says so.
    private func abandon(_ sessionID: String) async -> Outcome? {
        try? await client.notify("session.close", ["session": .string(sessionID)])
        return nil
    }

    /// The value of a state path under `physics: ideal` after `steps` (a failing numeric expectation in a journey
    /// that names no physics says what the closed forms give, issue 28 #2): the steps replayed in a session of their
    /// own, their expectations not held; nil when that session cannot be made or the path cannot be read.
    private func idealValue(
        of path: String, params: JSONValue, variables: [String: JSONValue], replaying steps: ArraySlice<Step>
    ) async -> JSONValue? {
        var ideal = params.objectValue ?? [:]
        ideal["physics"] = "ideal"
        guard let id = try? await client.createSession(.object(ideal)) else { return nil }
        let session = ChoreoSession(client: client, id: id)
        var quiet = options
        quiet.collectTimeline = false
        quiet.exportAHAP = false
        quiet.keepSnapshot = false
        quiet.screenOnFailure = false
        quiet.updateGolden = false
        var context = StepContext(session: session, options: quiet, variables: variables)
        context.variables["session"] = .string(id)
        context.fps = params["fps"]?.doubleValue ?? 60
        for step in steps {
            do throws(StepFailure) { try await step.kind.run(in: &context) } catch { continue }
        }
        let value = try? await session.call("state.get", ["path": .string(path)])
        try? await session.close()
        return value?["value"]
    }

    /// How a step ran, for the reports.
    private func stepResult(
        _ step: Step, startMs: Double, endMs: Double, passed: Bool, checks: [StepResult.Check]
    ) -> StepResult {
        StepResult(
            kind: step.name, label: step.label, location: step.location, startMs: startMs, endMs: endMs,
            passed: passed, checks: checks)
    }

    /// A failed step as the reports show it: where, when (in virtual milliseconds), what was compared (with a diff
    /// for structures), and the trace around the failing step (``traceExcerpt(_:fromMs:limit:)``).
    private func failure(
        _ error: StepFailure, at step: Step, virtualMs: Double, session: ChoreoSession, stepsFromMs: Double
    ) async -> Failure {
        let recent =
            (try? await session.trace()).map {
                Self.traceExcerpt(
                    $0, fromMs: stepsFromMs, limit: options.recentTraceCount, asserted: step.kind.assertedKinds)
            } ?? []
        let diff: [String]
        if let expected = error.expected, let actual = error.actual,
            expected.arrayValue != nil || expected.objectValue != nil || actual.arrayValue != nil
                || actual.objectValue != nil
        {
            diff = JSONDiff.lines(expected: expected, actual: actual)
        } else {
            diff = []
        }
        return Failure(
            message: error.message, location: step.location, virtualMs: virtualMs, expected: error.expected,
            actual: error.actual, diff: diff, recentTrace: recent)
    }
}

extension JourneyRunner {
    /// The trace events around a failing step: those from `fromMs` (the virtual time the step before the failing
    /// one began, in milliseconds) on, without the session's start-up events (everything before its first `action`:
    /// the session, its gradients and loops), the last `limit` of them. When the journey has done nothing yet, the
    /// start-up events are all there is, and they are shown. Events of the `asserted` kinds (what the failing step
    /// checks: `haptic` for `expectHaptics`) are taken first, the latest others fill the rest; in trace order.
    static func traceExcerpt(
        _ trace: [JSONValue], fromMs: Double, limit: Int, asserted: Set<String> = []
    ) -> [JSONValue] {
        let firstAction = trace.firstIndex { $0["kind"]?.stringValue == "action" } ?? trace.count
        let afterStartUp = trace[firstAction...]
        let around = afterStartUp.filter { ($0["t"]?.doubleValue ?? 0) >= fromMs }
        let chosen = Array(around.isEmpty ? (afterStartUp.isEmpty ? trace[...] : afterStartUp) : around[...])
        guard !asserted.isEmpty else { return Array(chosen.suffix(limit)) }
        let isAsserted = { (event: JSONValue) in asserted.contains(event["kind"]?.stringValue ?? "") }
        let first = Array(chosen.indices.filter { isAsserted(chosen[$0]) }.suffix(limit))
        let rest = Array(chosen.indices.filter { !isAsserted(chosen[$0]) }.suffix(limit - first.count))
        return (first + rest).sorted().map { chosen[$0] }
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
