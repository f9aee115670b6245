import ChoreoConformance
import ChoreoEngine
import Foundation
import Testing

/// What an outside review of issue 45's changes found, each the reviewer's input: a hang, and verdicts the new rules
/// got wrong.
@Suite struct ReviewFindingTests {
    func check(_ source: String, _ anchors: [CodeAnchor]) -> ConformanceReport { conformanceReport(source, anchors) }

    func haptic(_ name: String, _ type: String, member: String? = nil, _ styles: [HapticStyle]) -> CodeAnchor {
        hapticAnchor(name, type, member: member, styles)
    }

    /// A function that calls itself a dozen times took factorial time (a hang); each site now has a budget.
    @Test(.timeLimit(.minutes(1))) func selfRecursionEnds() {
        let calls = Array(repeating: "buzz()", count: 12).joined(separator: "; ")
        let source = """
            struct Pad: View {
                var body: some View { Button("Go") { buzz() } }
                func buzz() { \(calls) }
            }
            """
        let report = check(source, [haptic("pad", "Pad", [.light])])
        #expect(report.verdicts[0].status == .notFound)
    }

    /// An injected `reduceMotion: Bool` is still Reduce Motion (it became "an instance of Bool", unresolved).
    @Test func anInjectedReduceMotionIsReduceMotion() {
        let source = """
            struct Ring: View {
                let reduceMotion: Bool
                var body: some View { Circle().animation(reduceMotion ? nil : .easeOut(duration: 0.2), value: 1) }
            }
            """
        let report = check(source, [.animation("ring", type: "Ring", byMode: { $0 == .minimal ? nil : .easeOut(0.2) })])
        #expect(report.verdicts[0].status == .conforms, "\(report.verdicts[0].rows)")
    }

    /// `Durations.fast.seconds` is Durations', not the first enum with a `fast` case and a `seconds`.
    @Test func anEnumsPropertyIsTheWrittenEnums() {
        let source = """
            enum Blink: Double {
                case fast = 0.05
                var seconds: Double { rawValue }
            }
            enum Durations: Double {
                case fast = 0.2
                var seconds: Double { rawValue }
            }
            struct Tile: View {
                var body: some View { Color.red.animation(.easeInOut(duration: Durations.fast.seconds), value: 1) }
            }
            """
        #expect(
            check(source, [.animation("tile", type: "Tile", curve: .easeInOut(0.2))]).verdicts[0].status == .conforms)
    }

    /// A method's pattern counts every tap it plays in order, a helper's that matches no style of its own too.
    @Test func anExtraTapInAMethodsPatternDrifts() {
        let source = """
            final class Cue {
                func light() { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                func heavy() { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }
                func medium() { UIImpactFeedbackGenerator(style: .medium).impactOccurred() }
                func milestone() {
                    light()
                    light()
                    heavy()
                    medium()
                }
            }
            """
        var milestone = haptic("milestone", "Cue", member: "milestone", [.light, .medium])
        milestone.pattern = [.light, .light, .medium]
        let anchors = [
            haptic("light", "Cue", member: "light", [.light]), haptic("heavy", "Cue", member: "heavy", [.heavy]),
            haptic("medium", "Cue", member: "medium", [.medium]), milestone,
        ]
        #expect(check(source, anchors).verdicts[3].status == .drifted)
        let fixed = source.replacingOccurrences(of: "        heavy()\n", with: "")
        #expect(check(fixed, anchors).verdicts[3].status == .conforms)
    }

    /// A protocol's method is the conforming type's, not the protocol extension's default.
    @Test func aConformingTypesMethodBeatsTheDefault() {
        let source = """
            protocol HapticService { func success() }
            extension HapticService {
                func success() { UINotificationFeedbackGenerator().notificationOccurred(.success) }
            }
            final class Live: HapticService {
                func success() { UIImpactFeedbackGenerator(style: .rigid).impactOccurred() }
            }
            struct Save: View {
                let haptics: HapticService
                var body: some View { Color.red }
                func save() { haptics.success() }
            }
            """
        #expect(check(source, [haptic("save", "Save", member: "save", [.rigid])]).verdicts[0].status == .conforms)
    }

    /// `#if DEBUG && os(iOS)` and `#if targetEnvironment(simulator)` are not the shipping app; `if` and
    /// `#available` play their branch.
    @Test func debugAndSimulatorCodeIsNotTheApp() {
        let source = """
            final class Buzz {
                var isEnabled = true
                func celebrate() {
                    #if targetEnvironment(simulator)
                        print("tap")
                    #else
                        if isEnabled { UINotificationFeedbackGenerator().notificationOccurred(.success) }
                    #endif
                }
            }
            #if DEBUG && os(iOS)
                final class Buzz {
                    func celebrate() { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }
                }
            #endif
            struct Goal: View {
                var body: some View { Color.red }
                func reach() { Buzz().celebrate() }
            }
            """
        #expect(check(source, [haptic("goal", "Goal", member: "reach", [.success])]).verdicts[0].status == .conforms)
    }

    /// A name that is no case of the subject's enum (a `static let` of it) does not take `default:`.
    @Test func aNameThatIsNoCaseDoesNotTakeTheDefault() {
        let source = """
            enum Feedback {
                case success, error
                static let confirm: Feedback = .success
            }
            final class Buzz {
                func play(_ feedback: Feedback) {
                    switch feedback {
                    case .error: UINotificationFeedbackGenerator().notificationOccurred(.error)
                    default: UIImpactFeedbackGenerator(style: .medium).impactOccurred()
                    }
                }
            }
            struct Form: View {
                var body: some View { Color.red }
                func save() { Buzz().play(.confirm) }
            }
            """
        #expect(check(source, [haptic("save", "Form", member: "save", [.success])]).verdicts[0].status == .notFound)
    }

    /// Modules: `Targets/NAME/Sources/…` (Tuist, XcodeGen) is module NAME; an anchor naming the one module that
    /// declares its type is checked with those that name none.
    @Test func tuistLayoutsAndMixedAnchors() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tuist-\(UUID().uuidString)")
        let files = [
            "Targets/App/Sources/Card.swift":
                "struct Card: View {\n    var body: some View { Color.red.animation(.easeIn(duration: 0.2), value: 1) }\n"
                + "    func pop() { withAnimation(.easeOut(duration: 0.3)) {} }\n}\n",
            "Targets/Widget/Sources/Card.swift":
                "struct Card: View {\n    var body: some View { Color.red.animation(.linear(duration: 1), value: 1) }\n}\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var corpus = SwiftCorpus()
        try corpus.addSwiftSources(at: root.path)
        #expect(Set(corpus.files.compactMap(\.module)) == ["App", "Widget"])
        var body = CodeAnchor.animation("body", type: "Card", member: "body", curve: .easeIn(0.2))
        body.module = "App"
        var pop = CodeAnchor.animation("pop", type: "Card", member: "pop", curve: .easeOut(0.3))
        pop.module = "App"
        let report = Conformance(corpus: corpus).check(apps: [("app", [body, pop])], inputs: [root.path])
        #expect(report.verdicts.map(\.status) == [.conforms, .conforms])
        #expect(report.unknown.isEmpty)
    }
}
