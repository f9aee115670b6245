import ChoreoEngine
import ChoreoJSON
import ChoreoProtocol
import PrefsApp
import Testing

@testable import ChoreodKit

/// `Choreod.main(apps:)` refuses apps it cannot host with a message naming the fix, instead of trapping.
struct ChoreodStartupTests {
    /// An app whose only method takes a name the engine already serves.
    struct Clashing: AppModel, AppMethods {
        static let appName = "clashing"
        static let features: [Feature<Clashing>] = []
        static let methods = [
            AppMethod(action: "app.describe", summary: "", description: "", examples: []) { Action.back }
        ]

        init(data: [String: JSONValue], world: inout World) throws(SimulationError) {}
        mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
            Popped(screen: "root")
        }
        mutating func handle(_ timer: ScheduledTimer, world: inout World) {}
    }

    @Test func appsThatCannotBeHostedAreNamedWithTheFix() {
        #expect(Choreod.problem(with: [PrefsApp.self]) == nil)
        #expect(Choreod.problem(with: [])?.contains("at least one") == true)
        #expect(Choreod.problem(with: [PrefsApp.self, PrefsApp.self])?.contains("two apps are named 'prefs'") == true)
        let clash = Choreod.problem(with: [PrefsApp.self, Clashing.self])
        #expect(clash?.contains("methods declared twice: app.describe") == true, "\(clash ?? "nil")")
        let session = Choreod.problem(with: [PrefsApp.self, TakesSession.self])
        #expect(session?.contains("declares the parameter `session` itself") == true, "\(session ?? "nil")")
        let unaudited = Choreod.problem(with: [Unaudited.self])
        #expect(unaudited?.contains("audits the minimal variant, which has no curve") == true, "\(unaudited ?? "nil")")
    }

    /// An app whose method declares the `session` the daemon adds to every app method.
    struct TakesSession: AppModel, AppMethods {
        static let appName = "takesSession"
        static let features: [Feature<TakesSession>] = []
        static let methods = [
            AppMethod(
                action: "app.takesSession.go", summary: "", description: "", params: Param.string("session", ""),
                examples: []
            ) { _ in Action.back }
        ]

        init(data: [String: JSONValue], world: inout World) throws(SimulationError) {}
        mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
            Popped(screen: "root")
        }
        mutating func handle(_ timer: ScheduledTimer, world: inout World) {}
    }

    /// An app that audits a variant its animation does not animate in.
    struct Unaudited: AppModel {
        static let appName = "unaudited"
        static let features = [
            Feature<Unaudited>(
                "fade",
                animations: [
                    .byMode(
                        "fade", { $0 == .minimal ? nil : .easeOut(0.2) }, audit: [AuditClaim(.minimal, source: "x")])
                ])
        ]

        init(data: [String: JSONValue], world: inout World) throws(SimulationError) {}
        mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
            Popped(screen: "root")
        }
        mutating func handle(_ timer: ScheduledTimer, world: inout World) {}
    }
}
