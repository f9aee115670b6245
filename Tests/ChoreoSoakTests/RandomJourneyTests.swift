import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Testing

@testable import ChoreoSoak

/// Random journeys (issue 20) for a fixed budget: every case's invariants hold after every step, the same seed
/// gives a byte-identical trace, and forks and export/import copies stay equal to their original. `make soak`
/// runs the same checks for as long as you like.
struct RandomJourneyTests {
    static let casesPerApp = 8
    static let steps = 100

    /// Issue 44's promise invariants (SoakRunner+Promises), each of which every app's random journeys must reach.
    static let promises = [
        "retryAfterMs > 0", "a refusal's wait kept", "a tap on something not drawn",
        "a second gesture while a finger is down",
        // Issue 43: every moving value checked against its curves' overshoot (ValueEnvelopes).
        "an animated value within its curves' overshoot",
    ]
    /// FinPessoal loads data (AirFit has no load): a load that leaves the counters' values unchanged.
    static let finPessoalPromises = ["an unchanged value starts no animation"]

    @Test(arguments: ["finpessoal", "airfit"])
    func randomJourneysKeepEveryInvariant(app: String) {
        var hits: [String: Int] = [:]
        defer {
            // The hits show that the journeys reach each promise's case, not only that it holds.
            print("soak promise hits, \(app), \(Self.casesPerApp) cases of \(Self.steps) steps: \(hits)")
            for promise in Self.promises + (app == "finpessoal" ? Self.finPessoalPromises : []) {
                #expect(hits[promise, default: 0] > 0, "\(app): no random journey reached '\(promise)'")
            }
        }
        for index in 0..<Self.casesPerApp {
            let seed = SoakRandom.caseSeed(20, index)
            let outcome = Soak.check(app: app, apps: AppCatalog.registry, seed: seed, length: Self.steps)
            hits.merge(outcome.hits, uniquingKeysWith: +)
            if let failure = outcome.failure {
                let (small, smallFailure) = Soak.shrink(
                    outcome.soakCase, failure: failure, apps: AppCatalog.registry, maxRuns: 300)
                let journey = Soak.journey(small, failure: smallFailure, apps: AppCatalog.registry)
                Issue.record(
                    "\(app) seed \(seed): \(failure.invariant) at step \(failure.step): \(failure.detail)\n\(journey)")
            }
        }
    }

    @Test func theGeneratorIsSeeded() {
        var a = SoakRandom(seed: 7)
        var b = SoakRandom(seed: 7)
        var c = SoakRandom(seed: 8)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
        // SplitMix64's published first output for seed 0.
        var zero = SoakRandom(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test func shrinkingFindsTheStepThatFails() {
        // A case whose 7th step is an invalid request the generator did not mark: shrinking keeps just that step.
        var steps = (0..<12).map { _ in SoakStep("clock.advance", ["ms": 16]) }
        steps[6] = SoakStep("clock.advance", ["ms": -1])
        let soakCase = SoakCase(
            app: "finpessoal", seed: 1, createParams: ["app": "finpessoal", "seed": 1], steps: steps)
        guard let failure = Soak.replay(soakCase, apps: AppCatalog.registry) else {
            Issue.record("the case should fail")
            return
        }
        #expect(failure.invariant == "unexpected error -32602")
        let (small, _) = Soak.shrink(soakCase, failure: failure, apps: AppCatalog.registry)
        #expect(small.steps == [SoakStep("clock.advance", ["ms": -1])])
        let journey = Soak.journey(small, failure: failure, apps: AppCatalog.registry)
        #expect(journey.contains("  - call: clock.advance\n    params: {\"ms\":-1}"))
    }

    /// Found by the first single-session soak (issue 30): a tap off the screen while AirFit's sheet is dismissing
    /// gets -32003 listing the screen's targets (behavior.md S17), which the profile must count as the ones shown.
    @Test func aTapWhileAirFitsSheetIsDismissingListsTheScreen() {
        let soakCase = SoakCase(
            app: "airfit", seed: 30,
            createParams: [
                "app": "airfit", "seed": 910, "fps": 120, "physics": "swiftui",
                "settings": ["colorScheme": "light", "highContrast": true, "mode": "reduced"],
            ],
            steps: [
                SoakStep("ui.tap", ["target": "onboarding/button/getStarted"]),
                SoakStep("ui.tap", ["target": "dashboard/card/performance"]),
                SoakStep("clock.advance", ["ms": 1465.5]),
                SoakStep("ui.tap", ["target": "detail/button/close"]),
                SoakStep("ui.tap", ["target": "chat/card/m6"], tolerated: [-32003]),
            ])
        #expect(Soak.replay(soakCase, apps: AppCatalog.registry) == nil)
    }

    /// `choreo-soak --long`: one session, no fork or export steps, export/import checked at each checkpoint.
    @Test(arguments: ["finpessoal", "airfit"])
    func aLongSessionKeepsEveryInvariant(app: String) {
        var checkpoints: [Int] = []
        let outcome = Soak.long(
            app: app, apps: AppCatalog.registry, seed: 7, length: 250, checkpoint: 100
        ) { checkpoints.append($0) }
        #expect(
            outcome.failure == nil, "\(outcome.failure.map { "\($0.invariant) at \($0.step): \($0.detail)" } ?? "")")
        #expect(checkpoints == [100, 200, 250])
        #expect(outcome.soakCase.steps.count == 250)
        #expect(!outcome.soakCase.steps.contains { $0.method == "session.fork" || $0.method == "session.export" })
    }

    @Test func aJourneyExpectsTheErrorsOfTheStepsBeforeTheFailure() {
        let soakCase = SoakCase(
            app: "finpessoal", seed: 1, createParams: ["app": "finpessoal"],
            steps: [
                SoakStep("ui.navigate", ["screen": "nowhere"], tolerated: [-32004]),
                SoakStep("clock.advance", ["ms": -1]),
            ])
        guard let failure = Soak.replay(soakCase, apps: AppCatalog.registry) else {
            Issue.record("the case should fail")
            return
        }
        #expect(failure.step == 2)
        let journey = Soak.journey(soakCase, failure: failure, apps: AppCatalog.registry)
        #expect(
            journey.contains(
                "  - call: ui.navigate\n    params: {\"screen\":\"nowhere\"}\n    expectError: {code: -32004}\n"))
        #expect(journey.contains("params: {\"ms\":-1}\n    # <- the invariant fails here"))
    }
}

/// The soak's fast schema check says what `StateShape.violations` says, on real states and on broken ones.
struct FastConformanceTests {
    @Test(arguments: ["finpessoal", "airfit"])
    func agreesWithTheEnginesCheck(app: String) throws {
        let model = try #require(AppCatalog.registry.app(named: app))
        var generator = SoakGenerator(app: model, seed: 3)
        var runner = try SoakRunner(createParams: ["app": .string(app)], apps: AppCatalog.registry)
        let shape = StateShape.object(model.stateSchema + [EngineSchema.settings, EngineSchema.lab])
        for _ in 0..<25 {
            try runner.run(generator.next(state: runner.state))
            let state = runner.state
            #expect(FastConformance.conforms(state, to: shape) == shape.violations(of: state, at: "").isEmpty)
            guard case .object(var fields) = state else { continue }
            fields["undeclared"] = 1
            #expect(!FastConformance.conforms(.object(fields), to: shape))
            fields["undeclared"] = nil
            var settings = fields["settings"]?.objectValue ?? [:]
            settings["mode"] = "warp"
            fields["settings"] = .object(settings)
            #expect(!FastConformance.conforms(.object(fields), to: shape))
            fields = state.objectValue!
            fields["navigation"] = nil
            #expect(!FastConformance.conforms(.object(fields), to: shape))
        }
        #expect(!FastConformance.allFinite(["a": [1, .double(.nan)]]))
        #expect(FastConformance.allFinite(["a": [1, 2.5]]))
    }
}
