import ChoreoApps
import ChoreoEngine
import ChoreoProtocol
import Foundation
import Testing

/// `protocol/state.md` is generated from the declarations; this fails when it is stale.
@Suite struct StateReferenceTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("protocol/state.md").path

    @Test func theCheckedInReferenceIsWhatTheDeclarationsGenerate() throws {
        let file = try String(contentsOfFile: Self.path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let generated = StateReferenceDocument.markdown(apps: AppCatalog.registry).split(
            separator: "\n", omittingEmptySubsequences: false)
        guard file != generated else { return }
        let line =
            zip(file, generated).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(file.count, generated.count)
        Issue.record(
            """
            protocol/state.md differs from what the declarations generate, first at line \(line + 1):
              checked in: \(line < file.count ? String(file[line]) : "(end of file)")
              generated:  \(line < generated.count ? String(generated[line]) : "(end of document)")
            Regenerate it with `\(StateReferenceDocument.regenerateCommand)` and commit it.
            """)
    }

    @Test func everyAppAndEveryTopLevelNodeHasASection() {
        let markdown = StateReferenceDocument.markdown(apps: AppCatalog.registry)
        for app in AppCatalog.apps {
            #expect(markdown.contains("## `\(app.appName)`"))
            for key in app.stateKeys { #expect(markdown.contains("| `\(key)` |"), "\(app.appName): \(key)") }
        }
        #expect(markdown.contains("| `settings.effectiveMode` |"))
        #expect(markdown.contains("| `animation.settled` |"))
    }
}
