import ChoreoConformance
import ChoreoEngine
import Foundation
import Testing

/// Issue 45 #7: a type is identified by its module (a SwiftPM target's `Sources/NAME`, or an app folder), so a type
/// of the same name in another target, app or vendored folder is another type, and an anchor may name its module.
@Suite struct ModuleIdentityTests {
    /// Writes `files` (path relative to a new directory → text) and returns the directory.
    func directory(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("modules-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root.path
    }

    func card(_ curve: String) -> String {
        "struct BalanceCard: View {\n    var body: some View { Color.red.animation(\(curve), value: 1) }\n}\n"
    }

    static let model = AnimationCurve.spring(response: 0.4, dampingFraction: 0.8)

    func report(_ root: String, _ anchors: [CodeAnchor]) throws -> ConformanceReport {
        var corpus = SwiftCorpus()
        try corpus.addSwiftSources(at: root)
        return Conformance(corpus: corpus).check(apps: [("app", anchors)], inputs: [root])
    }

    @Test func filesKnowTheirTargetOrAppFolder() throws {
        let root = try directory([
            "Sources/LedgerApp/Views/Card.swift": "struct A {}",
            "Sources/LedgerWidgets/Card.swift": "struct B {}",
            "PulseWatch/Ring.swift": "struct C {}",
            "Loose.swift": "struct D {}",
        ])
        var corpus = SwiftCorpus()
        try corpus.addSwiftSources(at: root)
        #expect(
            Set(corpus.files.compactMap(\.module)) == [
                URL(fileURLWithPath: root).lastPathComponent, "LedgerApp", "LedgerWidgets", "PulseWatch",
            ])
    }

    @Test func aSameNamedTypeInAnotherTargetIsAnotherType() throws {
        let root = try directory([
            "Sources/LedgerApp/BalanceCard.swift": card(".spring(response: 0.4, dampingFraction: 0.8)"),
            "Sources/LedgerWidgets/BalanceCard.swift": card(".easeOut(duration: 0.2)"),
        ])
        // Without a module the anchor cannot be checked: it says which modules, and fails.
        let plain = CodeAnchor.animation("card", type: "BalanceCard", curve: Self.model)
        let unnamed = try report(root, [plain])
        #expect(unnamed.verdicts[0].status == .unresolved)
        #expect(unnamed.verdicts[0].rows[0].code == "`BalanceCard` is declared in 2 modules (LedgerApp, LedgerWidgets)")
        var app = plain
        app.module = "LedgerApp"
        var widgets = plain
        widgets.module = "LedgerWidgets"
        widgets.name = "widgetCard"
        var typo = plain
        typo.module = "LedgerAp"
        let misplaced = try report(root, [typo])
        #expect(misplaced.verdicts[0].status == .unresolved)
        #expect(
            misplaced.verdicts[0].rows[0].code
                == "`BalanceCard` is not declared in module LedgerAp; it is in LedgerApp, LedgerWidgets")
        let named = try report(root, [app, widgets])
        #expect(named.verdicts.map(\.status) == [.conforms, .drifted])
        #expect(named.verdicts[1].rows[0].location?.path.hasSuffix("LedgerWidgets/BalanceCard.swift") == true)
    }

    @Test func aTypeInOneModuleIsFoundWithoutNamingIt() throws {
        // Before issue 45 #7 the widget's card and the vendored card were merged into the app's: the widget's curve
        // paired with the anchor and the run drifted.
        let root = try directory([
            "Sources/LedgerApp/BalanceCard.swift": card(".spring(response: 0.4, dampingFraction: 0.8)"),
            "Sources/LedgerApp/BalanceCard+Motion.swift": "extension BalanceCard {\n    static let pop = 1\n}\n",
            ".build/checkouts/ChartKit/Sources/ChartKit/BalanceCard.swift": card(".easeOut(duration: 0.2)"),
        ])
        let result = try report(root, [.animation("card", type: "BalanceCard", curve: Self.model)])
        #expect(result.verdicts[0].status == .conforms)
        #expect(result.unknown.isEmpty)
    }

    @Test func aTokenIsReadInTheAnchorsModuleFirst() throws {
        let motion = { (value: String) in "enum Motion {\n    static let card: Animation = \(value)\n}\n" }
        let view = "struct Tile: View {\n    var body: some View { Color.red.animation(Motion.card, value: 1) }\n}\n"
        let root = try directory([
            "Sources/LedgerApp/Motion.swift": motion(".spring(response: 0.4, dampingFraction: 0.8)"),
            "Sources/LedgerApp/Tile.swift": view,
            "Sources/LedgerWidgets/Motion.swift": motion(".easeOut(duration: 0.2)"),
        ])
        let result = try report(root, [.animation("tile", type: "Tile", token: "Motion.card", curve: Self.model)])
        #expect(result.verdicts[0].status == .conforms, "\(result.verdicts[0].rows)")
    }
}
