import ChoreoConformance
import ChoreoEngine
import Testing

/// The idioms the fixture apps' first measurement found unhandled (issue 45 #6): each failed before.
@Suite struct RealAppIdiomTests {
    func check(_ source: String, _ anchors: [CodeAnchor]) -> ConformanceReport { conformanceReport(source, anchors) }

    func haptic(_ name: String, _ type: String, member: String? = nil, _ styles: [HapticStyle]) -> CodeAnchor {
        hapticAnchor(name, type, member: member, styles)
    }

    @Test func aPropertyOfTheWrappersEnumAndAWeakSelf() {
        // `outcome.feedbackType` is a computed property of the case passed; `self?.success()` a weakly captured call.
        let source = """
            enum Outcome {
                case success, error
                var feedbackType: UINotificationFeedbackGenerator.FeedbackType {
                    switch self {
                    case .success: return .success
                    case .error: return .error
                    }
                }
            }
            final class Buzz {
                func notify(_ outcome: Outcome) { UINotificationFeedbackGenerator().notificationOccurred(outcome.feedbackType) }
                func later() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { [weak self] in self?.notify(.error) }
                }
            }
            struct Form: View {
                var body: some View { Color.red }
                func save() { Buzz().notify(.success) }
                func reject() { Buzz().later() }
            }
            """
        let report = check(
            source,
            [haptic("save", "Form", member: "save", [.success]), haptic("reject", "Form", member: "reject", [.error])])
        #expect(report.verdicts.map(\.status) == [.conforms, .conforms], "\(report.verdicts.map(\.rows))")
    }

    @Test func anEnumsComputedPropertyReadsItsRawValue() {
        let source = """
            enum Durations: Double {
                case spin = 0.8
                var seconds: Double { rawValue }
            }
            struct Spinner: View {
                var body: some View { Color.red.animation(.linear(duration: Durations.spin.seconds), value: 1) }
            }
            """
        let report = check(source, [.animation("spin", type: "Spinner", curve: .linear(0.8))])
        #expect(report.verdicts[0].status == .conforms, "\(report.verdicts[0].rows)")
    }

    @Test func aTokenUsedWithADelayIsJudgedAtTheUse() {
        let source = """
            extension Animation {
                static let cardLift = Animation.spring(response: 0.35, dampingFraction: 0.75)
            }
            struct Today: View {
                var body: some View { Color.red.onAppear { withAnimation(.cardLift.delay(0.05)) {} } }
            }
            """
        let model = AnimationCurve.spring(response: 0.35, dampingFraction: 0.75).delayed(by: .milliseconds(50))
        let report = check(source, [.animation("today", type: "Today", token: "Animation.cardLift", curve: model)])
        #expect(report.verdicts[0].status == .conforms, "\(report.verdicts[0].rows)")
    }

    @Test func theElseClauseOfAnIfIsNotTheAppsMotion() {
        let source = """
            struct Row: View {
                #if os(iOS)
                    let press = Animation.easeOut(duration: 0.1)
                #else
                    let press = Animation.linear(duration: 0.1)
                #endif
                var body: some View { Color.red.animation(press, value: 1) }
            }
            """
        let report = check(source, [.animation("press", type: "Row", curve: .easeOut(0.1))])
        #expect(report.verdicts[0].status == .conforms)
        #expect(report.unknown.isEmpty, "\(report.unknown)")
    }

    @Test func aPatternInAWrappersSharedMemberIsReadInOrder() {
        let source = """
            final class Cues {
                func play(_ cue: Cue) {
                    switch cue {
                    case .tap: UIImpactFeedbackGenerator(style: .light).impactOccurred()
                    case .goal:
                        UINotificationFeedbackGenerator().notificationOccurred(.success)
                        UIImpactFeedbackGenerator(style: .heavy).impactOccurred()
                    }
                }
            }
            """
        var goal = haptic("cue.goal", "Cues", member: "play", [.success, .heavy])
        goal.pattern = [.success, .heavy]
        let anchors = [haptic("cue.tap", "Cues", member: "play", [.light]), goal]
        #expect(check(source, anchors).verdicts.map(\.status) == [.conforms, .conforms])
        let swapped = source.replacingOccurrences(of: "notificationOccurred(.success)", with: "PLACEHOLDER")
            .replacingOccurrences(of: "UIImpactFeedbackGenerator(style: .heavy).impactOccurred()", with: "NOTIFY")
            .replacingOccurrences(of: "UINotificationFeedbackGenerator().PLACEHOLDER", with: "HEAVY")
            .replacingOccurrences(
                of: "NOTIFY", with: "UINotificationFeedbackGenerator().notificationOccurred(.success)"
            )
            .replacingOccurrences(of: "HEAVY", with: "UIImpactFeedbackGenerator(style: .heavy).impactOccurred()")
        #expect(swapped != source)
        #expect(check(swapped, anchors).verdicts.map(\.status) == [.conforms, .drifted])
    }

    /// Issue 45 #10: "a private helper nothing refers to does not count" holds for one that plays a haptic or
    /// animates in its body, not only for one that returns a curve.
    @Test func aPrivateHelperNothingCallsIsDeadCodeWhateverItDoes() {
        let source = """
            struct Pad: View {
                var body: some View { Color.red.onTapGesture { tap() } }
                private func tap() { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                private func oldTap() {
                    UIImpactFeedbackGenerator(style: .heavy).impactOccurred()
                    withAnimation(.easeIn(duration: 0.2)) {}
                }
            }
            """
        let report = check(source, [haptic("pad", "Pad", [.light])])
        #expect(report.verdicts[0].status == .conforms, "\(report.verdicts[0].rows)")
        #expect(report.unknown.isEmpty, "\(report.unknown)")
    }

    /// From the third fixture app (Orbit): values injected through the environment or as a protocol, and a
    /// `.sensoryFeedback` closure that switches.
    @Test func injectedServicesThemesAndSwitchingFeedback() {
        let source = """
            public protocol HapticService: AnyObject { func tap(_ style: UIImpactFeedbackGenerator.FeedbackStyle) }
            extension HapticService {
                public func milestone() {
                    tap(.light)
                    tap(.medium)
                }
            }
            public final class SystemHaptics: HapticService {
                public func tap(_ style: UIImpactFeedbackGenerator.FeedbackStyle) {
                    UIImpactFeedbackGenerator(style: style).impactOccurred()
                }
            }
            #if DEBUG
                public final class SilentHaptics: HapticService {
                    public func tap(_ style: UIImpactFeedbackGenerator.FeedbackStyle) {}
                }
            #endif
            public struct Theme {
                public var emphasis: Animation = .spring(response: 0.42, dampingFraction: 0.78)
            }
            extension EnvironmentValues {
                public var theme: Theme {
                    get { self[ThemeKey.self] }
                    set { self[ThemeKey.self] = newValue }
                }
            }
            struct Timer: View {
                @Environment(\\.theme) private var theme
                let haptics: any HapticService
                @State private var saved = false
                var body: some View {
                    Color.red.sensoryFeedback(trigger: saved) { _, new in
                        switch new {
                        case true: .success
                        case false: nil
                        }
                    }
                }
                func start() {
                    haptics.tap(.rigid)
                    withAnimation(theme.emphasis) {}
                }
                func halfway() { haptics.milestone() }
            }
            """
        var halfway = haptic("halfway", "Timer", member: "halfway", [.light, .medium])
        halfway.pattern = [.light, .medium]
        let anchors = [
            haptic("start.tap", "Timer", member: "start", [.rigid]),
            .animation(
                "start", type: "Timer", member: "start", curve: .spring(response: 0.42, dampingFraction: 0.78)),
            halfway, haptic("saved", "Timer", member: "body", [.success]),
        ]
        let report = check(source, anchors)
        #expect(
            report.verdicts.map(\.status) == [.conforms, .conforms, .conforms, .conforms],
            "\(report.verdicts.map(\.rows))")
        let swapped = source.replacingOccurrences(of: "tap(.light)\n", with: "tap(.heavy)\n")
        #expect(swapped != source)
        #expect(check(swapped, anchors).verdicts[2].status == .drifted)
    }

    /// Declarations that conform to each other in a cycle (not valid Swift, but a file being edited can say it) end
    /// in "not found", not in a crash.
    @Test func aCycleOfConformancesEnds() {
        let source = """
            protocol A {}
            class B: A, C {}
            class C: B {}
            struct Pad: View {
                let a: A
                func tap() { a.play() }
            }
            """
        #expect(check(source, [haptic("pad", "Pad", member: "tap", [.light])]).verdicts[0].status == .notFound)
    }
}
