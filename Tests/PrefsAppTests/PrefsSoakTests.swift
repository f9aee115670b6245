import ChoreoEngine
import ChoreoSoak
import PrefsApp
import Testing

/// Prefs, the third app, through the soak tester (issue 26): random journeys keep the tester's invariants and
/// Prefs' own (its ``SoakProfile``) on a daemon state hosting only Prefs.
struct PrefsSoakTests {
    static let apps = AppRegistry([PrefsApp.self])

    @Test func randomJourneysKeepEveryInvariant() {
        for index in 0..<12 {
            let seed = SoakRandom.caseSeed(26, index)
            let outcome = Soak.check(app: "prefs", apps: Self.apps, seed: seed, length: 120)
            if let failure = outcome.failure {
                Issue.record("prefs seed \(seed): \(failure.invariant) at step \(failure.step): \(failure.detail)")
            }
            // The cases reach what Prefs does, not only errors.
            if index == 0 {
                #expect(outcome.traceKinds["toggle.changed", default: 0] > 0, "\(outcome.traceKinds)")
                #expect(outcome.traceKinds["sheet.present", default: 0] > 0, "\(outcome.traceKinds)")
            }
        }
    }

    @Test func anAppTheDaemonDoesNotHostIsAFailureNamingTheApps() {
        let outcome = Soak.check(app: "finpessoal", apps: Self.apps, seed: 1, length: 5)
        #expect(outcome.failure?.invariant == "unknown app")
        #expect(outcome.failure?.detail.contains("prefs") == true)
    }
}

/// Prefs' trace kinds are stated once (`PrefsTraceKind`) and each is declared exactly once.
struct PrefsTraceKindTests {
    @Test func everyKindIsDeclaredOnce() {
        let kinds = PrefsApp.traceEvents.map(\.kind)
        #expect(kinds == ["navigation", "toggle.changed", "sheet.present", "sheet.dismissed"])
    }
}
