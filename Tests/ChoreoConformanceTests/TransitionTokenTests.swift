import ChoreoConformance
import ChoreoEngine
import Testing

/// Issue 45 #3: an app's own transitions in `extension AnyTransition` are what they are declared as.
@Suite struct TransitionTokenTests {
    static let source = """
        extension AnyTransition {
            static var slideFade: AnyTransition { .move(edge: .bottom).combined(with: .opacity) }
            static let cardSwap = AnyTransition.slideFade
        }
        struct Feed: View {
            var body: some View {
                Color.red.transition(.slideFade)
                Color.blue.transition(AnyTransition.cardSwap)
            }
        }
        """

    func check(_ source: String, _ anchors: [CodeAnchor]) -> ConformanceReport {
        var corpus = SwiftCorpus()
        corpus.add(path: "Feed.swift", text: source)
        return Conformance(corpus: corpus).check(apps: [("app", anchors)], inputs: ["Feed.swift"])
    }

    @Test func aTransitionTokenIsItsDeclaration() {
        // Before: compared as the text `.slideFade`, so the model's transition drifted against it.
        let anchor = CodeAnchor(
            name: "row", type: "Feed", subject: .transition(".opacity.combined(with: .move(edge: .bottom))"))
        let report = check(Self.source, [anchor])
        #expect(report.verdicts[0].status == .conforms, "\(report.verdicts[0].rows)")
        #expect(report.unknown.isEmpty)
        let edited = Self.source.replacingOccurrences(of: ".move(edge: .bottom)", with: ".move(edge: .top)")
        #expect(check(edited, [anchor]).verdicts[0].status == .drifted)
    }

    @Test func anAnchorMayNameTheToken() {
        let anchor = CodeAnchor(name: "row", type: "Feed", subject: .transition(".slideFade"))
        #expect(check(Self.source, [anchor]).verdicts[0].status == .conforms)
    }
}
