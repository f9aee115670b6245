import ChoreoConformance
import ChoreoEngine
import Testing

/// Issue 45 #4 and #8: haptic wrappers as real apps write them (a shared instance made with `.init()`, a `switch`
/// over the wrapper's own enum with associated values, generators and methods under `#if`, a method playing two
/// taps), and a helper called with arguments.
@Suite struct HapticWrapperIdiomTests {
    func check(_ sources: [String: String], _ anchors: [CodeAnchor]) -> ConformanceReport {
        var corpus = SwiftCorpus()
        for (path, text) in sources.sorted(by: { $0.key < $1.key }) { corpus.add(path: path, text: text) }
        return Conformance(corpus: corpus).check(apps: [("app", anchors)], inputs: Array(sources.keys))
    }

    static let wrapper = """
        import UIKit

        enum HapticEvent {
            case notification(UINotificationFeedbackGenerator.FeedbackType)
            case impact(UIImpactFeedbackGenerator.FeedbackStyle)
            case dataRefresh(intensity: CGFloat)
            case selection
        }

        final class HapticManager {
            static let shared: HapticManager = .init()
            #if os(iOS)
                private let notifier = UINotificationFeedbackGenerator()
                private let medium = UIImpactFeedbackGenerator(style: .medium)
            #endif

            func play(_ event: HapticEvent) {
                #if os(iOS)
                    switch event {
                    case .notification(let type):
                        notifier.prepare()
                        notifier.notificationOccurred(type)
                    case let .impact(style):
                        UIImpactFeedbackGenerator(style: style).impactOccurred()
                    case .dataRefresh(intensity: let intensity):
                        medium.impactOccurred(intensity: intensity)
                    case .selection:
                        UISelectionFeedbackGenerator().selectionChanged()
                    }
                #endif
            }

            #if os(iOS)
                func light() { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                func heavy() { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }
            #endif

            func doubleTap() {
                light()
                heavy()
            }

            func confirm() {
                play(.impact(.rigid))
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { self.play(.notification(.success)) }
            }
        }
        """

    func haptic(_ name: String, _ type: String, member: String? = nil, _ styles: [HapticStyle]) -> CodeAnchor {
        CodeAnchor(name: name, type: type, member: member, subject: .haptic(styles))
    }

    @Test func aSwitchOverTheWrappersOwnEnumPlaysTheCaseCalled() {
        let view = """
            struct SaveButton: View {
                var body: some View { Button("Save") { save() } }
                func save() { HapticManager.shared.play(.notification(.success)) }
                func refresh() { HapticManager.shared.play(.dataRefresh(intensity: 0.6)) }
                func nudge() { HapticManager.shared.play(HapticEvent.impact(.soft)) }
                func pick() { HapticManager.shared.play(.selection) }
            }
            """
        let anchors = [
            haptic("save", "SaveButton", member: "save", [.success]),
            haptic("refresh", "SaveButton", member: "refresh", [.medium]),
            haptic("nudge", "SaveButton", member: "nudge", [.soft]),
            haptic("pick", "SaveButton", member: "pick", [.selection]),
        ]
        let report = check(["HapticManager.swift": Self.wrapper, "SaveButton.swift": view], anchors)
        #expect(report.verdicts.map(\.status) == [.conforms, .conforms, .conforms, .conforms], "\(report.verdicts)")
        #expect(report.unknown.isEmpty)
        let drifted = check(
            [
                "HapticManager.swift": Self.wrapper,
                "SaveButton.swift": view.replacingOccurrences(of: "(.success)", with: "(.error)"),
            ],
            anchors)
        #expect(drifted.verdicts.map(\.status) == [.drifted, .conforms, .conforms, .conforms])
    }

    @Test func aMethodPlayingTwoTapsPlaysBothInOrder() {
        let view = """
            struct Stepper: View {
                var body: some View { Button("+") { bump() } }
                func bump() { HapticManager.shared.doubleTap() }
                func done() { HapticManager.shared.confirm() }
            }
            """
        var pattern = haptic("bump", "Stepper", member: "bump", [.light, .heavy])
        pattern.pattern = [.light, .heavy]
        let anchors = [pattern, haptic("done", "Stepper", member: "done", [.rigid, .success])]
        let report = check(["HapticManager.swift": Self.wrapper, "Stepper.swift": view], anchors)
        #expect(report.verdicts.map(\.status) == [.conforms, .conforms], "\(report.verdicts)")
        // The wrapper's own methods, anchored in the wrapper.
        let small = """
            final class Taps {
                func light() { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                func heavy() { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }
                func doubleTap() {
                    light()
                    heavy()
                }
            }
            """
        var double = haptic("double", "Taps", member: "doubleTap", [.light, .heavy])
        double.pattern = [.light, .heavy]
        let own = check(
            ["Taps.swift": small],
            [
                haptic("light", "Taps", member: "light", [.light]), haptic("heavy", "Taps", member: "heavy", [.heavy]),
                double,
            ])
        #expect(own.verdicts.map(\.status) == [.conforms, .conforms, .conforms], "\(own.verdicts)")
        let edited = Self.wrapper.replacingOccurrences(of: "    heavy()\n", with: "    light()\n")
        let drifted = check(["HapticManager.swift": edited, "Stepper.swift": view], anchors)
        #expect(drifted.verdicts[0].status != .conforms)
    }

    @Test func aSharedInstanceMadeWithItsInitializer() {
        let wrapper = """
            class Haptics {
                static let shared = Haptics()
                static let main: Haptics = .init()
                func tick() { UISelectionFeedbackGenerator().selectionChanged() }
            }
            struct Dial: View {
                var body: some View { Color.red.onTapGesture { Haptics.main.tick() } }
                func turn() { Haptics.shared.tick() }
            }
            """
        let report = check(["Haptics.swift": wrapper], [haptic("dial", "Dial", [.selection])])
        #expect(report.verdicts[0].status == .conforms, "\(report.verdicts)")
        #expect(report.sitesInAnchoredTypes == 2)
    }

    @Test func aHelperCalledFromAnotherMemberDoesNotLendItsHapticToIt() {
        // `celebrate(amount:)` plays success whatever its argument: its own anchor holds that tap, and `save()`
        // calling it is not a second success in save's anchor (issue 45 #8). `feedback(_:)` plays what it is given:
        // each call is its caller's.
        let view = """
            struct Goal: View {
                var body: some View { Button("Save") { save() } }
                func save() {
                    feedback(.light)
                    celebrate(amount: 10)
                }
                func share() { feedback(.heavy) }
                func celebrate(amount: Double) {
                    withAnimation(.bouncy) {}
                    UINotificationFeedbackGenerator().notificationOccurred(.success)
                }
                private func feedback(_ style: UIImpactFeedbackGenerator.FeedbackStyle) {
                    UIImpactFeedbackGenerator(style: style).impactOccurred()
                }
            }
            """
        let anchors = [
            haptic("save", "Goal", member: "save", [.light]),
            haptic("share", "Goal", member: "share", [.heavy]),
            haptic("celebrate", "Goal", member: "celebrate", [.success]),
            .animation("burst", type: "Goal", member: "celebrate", curve: .spring(response: 0.5, dampingFraction: 0.7)),
        ]
        let report = check(["Goal.swift": view], anchors)
        #expect(report.verdicts.map(\.status) == [.conforms, .conforms, .conforms, .conforms], "\(report.verdicts)")
        #expect(report.unknown.isEmpty, "\(report.unknown)")
    }
}
