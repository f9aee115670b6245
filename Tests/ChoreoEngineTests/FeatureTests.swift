import ChoreoEngine
import ChoreoJSON
import Testing

/// An app made of two features: what it declares is derived from them, in their order.
private struct TwoFeatureApp: AppModel {
    static let appName = "twoFeatures"
    static let shared = Refusal.Reason("sharedReason", summary: "Declared by both features.")
    static let features = [
        Feature<TwoFeatureApp>(
            "first",
            state: [StateProperty(StateField("a", .text, "A.")) { _ in "a" }],
            haptics: [HapticDeclaration("first.tap", [.light], "A tap.", at: CodeSite("FirstView", member: "tap"))],
            animations: [
                .byMode(
                    "slide", { $0 == .minimal ? nil : .linear($0 == .full ? 0.3 : 0.1) }, at: CodeSite("FirstView"),
                    audit: [AuditClaim(source: "full"), AuditClaim(.reduced, source: "reduced")])
            ], refusalReasons: [shared], screens: ["one"], actionNotes: ["ui.tap": "First."]),
        Feature<TwoFeatureApp>(
            "second",
            state: [StateProperty(StateField("b", .text, "B.")) { _ in "b" }],
            animations: [
                .byFrameRate(
                    "spring", { .spring(response: $0 >= 120 ? 0.4 : 0.5, dampingFraction: 1) },
                    audit: [
                        AuditClaim(.fps60, source: "sixty"),
                        AuditClaim(.fps120, name: "spring.kicked", curve: .linear(1), source: "another curve"),
                    ])
            ], refusalReasons: [shared], screens: ["two"], actionNotes: ["ui.tap": "Second."]),
    ]

    init(data: [String: JSONValue], world: inout World) throws(SimulationError) {}
    mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
        throw .unsupportedAction(action.methodName, app: Self.appName)
    }
    mutating func handle(_ timer: ScheduledTimer, world: inout World) {}
}

@Suite struct FeatureTests {
    @Test func theAppsListsAreTheFeaturesInOrder() {
        #expect(TwoFeatureApp.stateKeys == ["a", "b"])
        #expect(TwoFeatureApp.screens == ["one", "two"])
        #expect(TwoFeatureApp.refusalReasons.map(\.rawValue) == ["sharedReason"])
        #expect(TwoFeatureApp.actionNotes == ["ui.tap": "First. Second."])
        #expect(TwoFeatureApp.hapticSources.map(\.source) == ["first.tap"])
    }

    @Test func auditEntriesAreNamedByVariantAndCarryTheModelsCurve() {
        let entries = TwoFeatureApp.auditEntries
        #expect(entries.map(\.name) == ["slide", "slide.reduced", "spring.60fps", "spring.kicked"])
        #expect(
            entries.map(\.curve) == [
                .linear(0.3), .linear(0.1), .spring(response: 0.5, dampingFraction: 1), .linear(1),
            ])
        #expect(entries.allSatisfy { $0.app == "twoFeatures" })
    }

    @Test func anchorsComeFromTheSitesAnimationsFirst() {
        let anchors = TwoFeatureApp.codeAnchors
        // `spring` has no site: no anchor.
        #expect(anchors.map(\.name) == ["slide", "first.tap"])
        #expect(
            anchors[0].subject
                == .animation([.init(.full, .linear(0.3)), .init(.reduced, .linear(0.1)), .init(.minimal, nil)]))
        #expect(anchors[1].member == "tap" && anchors[1].subject == .haptic([.light]))
    }

    @Test func theStateTreeIsBuiltFromTheFeatures() throws {
        let simulation = try Simulation(config: .idealPhysics, apps: AppRegistry([TwoFeatureApp.self]))
        #expect(simulation.state()["a"] == "a" && simulation.state()["b"] == "b")
        #expect(try simulation.state(at: "b") == "b")
        #expect(throws: SimulationError.self) { try simulation.state(at: "c") }
    }

    @Test func aClaimAuditsTheFirstVariantUnlessItNamesOneAndOneWithoutACurveIsAProblem() {
        let tuned = AnimationDeclaration.byFrameRate(
            "card", { .spring(response: $0 >= 120 ? 0.4 : 0.5, dampingFraction: 1) },
            audit: [AuditClaim(source: "the 120 fps spring")])
        #expect(tuned.auditEntries(app: "a").map(\.name) == ["card.120fps"])
        #expect(tuned.problems == [])
        let instant = AnimationDeclaration.byMode(
            "fade", { $0 == .minimal ? nil : .easeOut(0.2) }, audit: [AuditClaim(.minimal, source: "reduce motion")])
        #expect(instant.auditEntries(app: "a").isEmpty)
        #expect(instant.problems.count == 1)
        #expect(instant.problems.first?.contains("name one of full, reduced or give the claim its `curve:`") == true)
    }
}
