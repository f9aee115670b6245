import ChoreoConformance
import ChoreoEngine
import Testing

/// The evaluator and the matcher on small sources: SwiftUI's spellings of one motion conform, a different motion
/// drifts, and what cannot be resolved is never guessed.
@Suite struct ConformanceTests {
    /// The report on one anchor over one file.
    func check(_ source: String, _ anchor: CodeAnchor) -> ConformanceReport {
        var corpus = SwiftCorpus()
        corpus.add(path: "App.swift", text: source)
        return Conformance(corpus: corpus).check(apps: [("app", [anchor])], inputs: ["App.swift"])
    }

    func view(_ animation: String) -> String {
        "struct Card: View {\n    var body: some View {\n        Color.red.animation(\(animation), value: 1)\n    }\n}\n"
    }

    static let equivalentSpellings: [(code: String, model: AnimationCurve)] = [
        // spring(duration:bounce:): response = duration, damping fraction 1 − bounce, 1 / (1 + bounce) below 0.
        (".spring(duration: 0.4, bounce: 0.2)", .spring(response: 0.4, dampingFraction: 0.8)),
        (".spring(duration: 0.5, bounce: -0.25)", .spring(response: 0.5, dampingFraction: 1 / 0.75)),
        (".smooth", .spring(response: 0.5, dampingFraction: 1)),
        (".snappy(duration: 0.4, extraBounce: 0.05)", .spring(response: 0.4, dampingFraction: 0.8)),
        (".bouncy", .spring(response: 0.5, dampingFraction: 0.7)),
        // Issue 45 #6, SWIFTUI_PHYSICS_NOTES decision 10: under the iOS 17+ SDK `.spring()` and `.interactiveSpring()`
        // resolve to the duration/bounce overloads; the response overloads keep their own defaults.
        (".spring()", .spring(response: 0.5, dampingFraction: 1)),
        (".spring", .spring(response: 0.5, dampingFraction: 1)),
        (".spring(response: 0.5)", .spring(response: 0.5, dampingFraction: 0.825)),
        (".interactiveSpring()", .spring(response: 0.15, dampingFraction: 0.85)),
        (".interactiveSpring(response: 0.15)", .spring(response: 0.15, dampingFraction: 0.86)),
        (".interactiveSpring(duration: 0.2, extraBounce: 0.05)", .spring(response: 0.2, dampingFraction: 0.8)),
        (".spring(Spring(duration: 0.4, bounce: 0.2))", .spring(response: 0.4, dampingFraction: 0.8)),
        (".spring(.bouncy)", .spring(response: 0.5, dampingFraction: 0.7)),
        (".spring(.snappy(duration: 0.3))", .spring(response: 0.3, dampingFraction: 0.85)),
        (".easeInOut", .easeInOut(0.35)),
        ("Animation.linear", .linear(0.35)),
        (".timingCurve(0.42, 0, 0.58, 1, duration: 0.6)", .easeInOut(0.6)),
        // The same motion per unit mass.
        (
            ".interpolatingSpring(mass: 2, stiffness: 260, damping: 24)",
            .interpolatingSpring(stiffness: 130, damping: 12)
        ),
        // Twice the speed: half the response and duration, the same damping fraction.
        (".spring(response: 0.8, dampingFraction: 0.5).speed(2)", .spring(response: 0.4, dampingFraction: 0.5)),
        (".easeOut(duration: 0.6).speed(2).delay(0.1)", .easeOut(0.3).delayed(by: .milliseconds(100))),
        (".linear(duration: 1).repeatForever()", AnimationCurve.linear(1).repeatingForever(autoreverses: true)),
    ]

    @Test(arguments: 0..<equivalentSpellings.count)
    func anEquivalentSpellingConforms(index: Int) {
        let (code, model) = Self.equivalentSpellings[index]
        let report = check(view(code), .animation("card", type: "Card", curve: model))
        #expect(report.verdicts[0].status == .conforms, "\(code): \(report.verdicts[0].rows)")
    }

    static let differentMotions: [(code: String, model: AnimationCurve)] = [
        (".spring(duration: 0.4, bounce: 0.3)", .spring(response: 0.4, dampingFraction: 0.8)),
        (".easeIn(duration: 0.35)", .easeInOut(0.35)),
        (".easeInOut(duration: 0.6).delay(0.1)", .easeInOut(0.6)),
        (".linear(duration: 1)", AnimationCurve.linear(1).repeatingForever(autoreverses: false)),
        (".linear(duration: 1).repeatForever()", AnimationCurve.linear(1).repeatingForever(autoreverses: false)),
        (
            ".interpolatingSpring(stiffness: 130, damping: 12, initialVelocity: 2)",
            .interpolatingSpring(stiffness: 130, damping: 12)
        ),
    ]

    @Test(arguments: 0..<differentMotions.count)
    func aDifferentMotionDrifts(index: Int) {
        let (code, model) = Self.differentMotions[index]
        let report = check(view(code), .animation("card", type: "Card", curve: model))
        #expect(report.verdicts[0].status == .drifted, "\(code)")
        #expect(report.verdicts[0].rows[0].location == CodeLocation(path: "App.swift", line: 3))
    }

    @Test func aStateVariablesInitialValueIsNotItsValue() {
        // `@State var mode = .full` is whatever the app sets at run time: the comparison selects by mode.
        let source = """
            struct Bar: View {
                @State private var mode: AnimationMode = .full
                var body: some View { Color.red.animation(mode == .minimal ? nil : .linear(duration: 0.15), value: 1) }
            }
            """
        let report = check(source, .animation("bar", type: "Bar", byMode: { $0 == .minimal ? nil : .linear(0.15) }))
        #expect(report.verdicts[0].rows.map(\.status) == [.conforms, .conforms, .conforms])
    }

    @Test func reduceMotionIsTheMinimalMode() {
        let source = """
            struct Bar: View {
                @Environment(\\.accessibilityReduceMotion) private var reduceMotion
                var body: some View { Color.red.animation(reduceMotion ? nil : .easeOut(duration: 0.2), value: 1) }
            }
            """
        let report = check(source, .animation("bar", type: "Bar", byMode: { $0 == .minimal ? nil : .easeOut(0.2) }))
        #expect(report.verdicts[0].status == .conforms)
    }

    @Test func anIfWithoutElseFallsThroughToWhatFollows() {
        let source = """
            struct Bar: View {
                var body: some View { Color.red.animation(curve, value: 1) }
                private var curve: Animation? {
                    if settings.mode == .minimal { return nil }
                    if settings.mode == .reduced { return .linear(duration: 0.1) }
                    return .linear(duration: 0.15)
                }
            }
            """
        let report = check(
            source,
            .animation("bar", type: "Bar", byMode: { [.full: .linear(0.15), .reduced: .linear(0.1)][$0] ?? nil }))
        #expect(report.verdicts[0].rows.map(\.status) == [.conforms, .conforms, .conforms])
        #expect(report.unknown.isEmpty)
    }

    @Test func aGuardOnTheModeSelectsByMode() {
        let source = """
            struct Bar: View {
                var body: some View { Color.red.animation(curve, value: 1) }
                private var curve: Animation? {
                    guard AnimationSettings.shared.effectiveMode != .minimal else { return nil }
                    return .linear(duration: 0.15)
                }
            }
            """
        let report = check(source, .animation("bar", type: "Bar", byMode: { $0 == .minimal ? nil : .linear(0.15) }))
        #expect(report.verdicts[0].rows.map(\.status) == [.conforms, .conforms, .conforms])
    }

    @Test func constantsThatReferToEachOtherAreNotResolvedAndDoNotHang() {
        let source = """
            struct Loop: View {
                static let a: Double = b
                static let b: Double = a
                var body: some View { Color.red.animation(.easeOut(duration: Loop.a), value: 1) }
            }
            """
        let report = check(source, .animation("loop", type: "Loop", curve: .easeOut(0.3)))
        #expect(report.verdicts[0].status == .unresolved)
        #expect(report.verdicts[0].rows[0].code == "not resolved: `.easeOut(duration: Loop.a)`, known only at run time")
    }

    @Test func anUnresolvedDelayIsComputedAtRunTimeAndNotCompared() {
        let report = check(
            view(".easeOut(duration: 1.5).delay(Double(index) * 0.5)"),
            .animation("ripple", type: "Card", curve: .easeOut(1.5)))
        #expect(report.verdicts[0].status == .conforms)
        #expect(report.verdicts[0].rows[0].code == ".easeOut(duration: 1.5).delay(<computed at run time>)")
    }

    @Test func hapticCallsOfEveryForm() {
        let source = """
            struct Pad: View {
                private let tick = UISelectionFeedbackGenerator()
                var body: some View {
                    Color.red
                        .sensoryFeedback(.impact(flexibility: .rigid), trigger: 1)
                        .sensoryFeedback(.warning, trigger: 2)
                        .onTapGesture {
                            UIImpactFeedbackGenerator(style: .heavy).impactOccurred()
                            UINotificationFeedbackGenerator().notificationOccurred(.success)
                            tick.selectionChanged()
                            Haptics.shared.soft()
                        }
                }
            }
            """
        let report = check(
            source,
            CodeAnchor(
                name: "pad", type: "Pad", subject: .haptic([.rigid, .warning, .heavy, .success, .selection, .soft])))
        #expect(report.verdicts[0].rows.map(\.status) == Array(repeating: .conforms, count: 6))
    }

    @Test func transitionsCompareAsSwiftSpellsThem() {
        let source = """
            struct Screen: View {
                var body: some View { Color.red.transition(AnyTransition.opacity.combined(with: .offset(y: 12))) }
            }
            """
        let conforming = check(
            source,
            CodeAnchor(name: "t", type: "Screen", subject: .transition(".opacity.combined(with: .offset(y: 12))")))
        #expect(conforming.verdicts[0].status == .conforms)
        let other = check(source, CodeAnchor(name: "t", type: "Screen", subject: .transition(".opacity")))
        #expect(other.verdicts[0].status == .drifted)
    }

    @Test func markdownBlocksTakeTheirHeadingAndKeepTheirLines() {
        let document = """
            # Design

            ```text
            # not a heading
            ```

            1. **Spring Entrance**
               ```swift
               .interpolatingSpring(stiffness: 130, damping: 12)
               ```
            """
        var corpus = SwiftCorpus()
        corpus.addMarkdownText(document, path: "design.md")
        #expect(corpus.files.map(\.heading) == ["Spring Entrance"])
        let report = Conformance(corpus: corpus).check(
            apps: [
                (
                    "app",
                    [
                        .animation(
                            "card", type: "GlassCard", section: "Spring Entrance",
                            curve: .interpolatingSpring(stiffness: 130, damping: 12))
                    ]
                )
            ], inputs: [])
        #expect(report.verdicts[0].status == .conforms)
        #expect(report.verdicts[0].rows[0].location == CodeLocation(path: "design.md", line: 9))
    }

    @Test func aUnitCurveTimingCurveAndTheDefaultAnimation() {
        let unit = check(
            view(".timingCurve(.easeInOut, duration: 0.6)"), .animation("c", type: "Card", curve: .easeInOut(0.6)))
        #expect(unit.verdicts[0].status == .conforms)
        // Issue 45 #9: `.default` and a bare `withAnimation { }` are iOS 17+'s default, spring(0.55, 1.0): anchorable,
        // and a drift against anything else (the pre-iOS 17 easeInOut included).
        let spring = AnimationCurve.spring(response: 0.55, dampingFraction: 1)
        #expect(check(view(".default"), .animation("c", type: "Card", curve: spring)).verdicts[0].status == .conforms)
        let standard = check(view(".default"), .animation("c", type: "Card", curve: .easeInOut(0.35)))
        #expect(standard.verdicts[0].status == .drifted)
        let bare = """
            struct Card: View {
                @State var on = false
                var body: some View { Color.red.onTapGesture { withAnimation { on.toggle() } } }
            }
            """
        #expect(check(bare, .animation("c", type: "Card", curve: spring)).verdicts[0].status == .conforms)
    }

    @Test func aDelayBeforeARepeatRepeatsAndDiffersFromTheModels() {
        let model = AnimationCurve.easeOut(1.5).repeatingForever(autoreverses: false).delayed(by: .milliseconds(500))
        let once = check(
            view(".easeOut(duration: 1.5).repeatForever(autoreverses: false).delay(0.5)"),
            .animation("r", type: "Card", curve: model))
        #expect(once.verdicts[0].status == .conforms)
        let every = check(
            view(".easeOut(duration: 1.5).delay(0.5).repeatForever(autoreverses: false)"),
            .animation("r", type: "Card", curve: model))
        #expect(every.verdicts[0].status == .drifted)
        #expect(
            every.verdicts[0].rows[0].code == ".easeOut(duration: 1.5).delay(0.5).repeatForever(autoreverses: false)")
    }

    @Test func aPrivateHelperNothingUsesIsNotTheTypesMotion() {
        let source = """
            struct Card: View {
                var body: some View { Color.red.animation(.easeOut(duration: 0.2), value: 1) }
                private var old: Animation { .easeOut(duration: 0.3) }
            }
            """
        let report = check(source, .animation("c", type: "Card", curve: .easeOut(0.3)))
        #expect(report.verdicts[0].status == .drifted)
        #expect(report.unknown.isEmpty)
    }

    /// Issue 45 #3: the tokens real apps name their motion with — `extension Animation { static let … }` used as
    /// `.token` or `Animation.token`, a computed `static var`, a constant under `#if os(iOS)` — are resolved, so an
    /// edited token drifts instead of being "known only at run time".
    @Test func animationTokensInExtensionsAndIfBlocksAreResolved() {
        let tokens = """
            import SwiftUI

            extension Animation {
                static let cardAppear = Animation.spring(response: 0.4, dampingFraction: 0.8)
                static var sheetRise: Animation { .spring(response: 0.5, dampingFraction: 1) }
            }

            enum Motion {
                #if os(iOS)
                static let fade = Animation.easeInOut(duration: 0.6)
                #else
                static let fade = Animation.linear(duration: 0.2)
                #endif
            }

            """
        let cases: [(use: String, model: AnimationCurve, conforms: Bool)] = [
            (".cardAppear", .spring(response: 0.4, dampingFraction: 0.8), true),
            ("Animation.cardAppear", .spring(response: 0.4, dampingFraction: 0.8), true),
            (".sheetRise", .spring(response: 0.5, dampingFraction: 1), true),
            ("Motion.fade", .easeInOut(0.6), true),
            // The same tokens against another motion: a drift, not an unknown.
            (".cardAppear", .spring(response: 0.4, dampingFraction: 0.7), false),
            ("Motion.fade", .linear(0.2), false),
        ]
        for (use, model, conforms) in cases {
            let report = check(tokens + view(use), .animation("card", type: "Card", curve: model))
            #expect(
                report.verdicts[0].status == (conforms ? .conforms : .drifted),
                "\(use) against \(model): \(report.verdicts[0].status) \(report.verdicts[0].rows)")
        }
    }

    /// Issue 45 #5: `.sensoryFeedback(trigger:) { old, new in … }`, the closure form, plays what it returns: each
    /// feedback it can return is a site (a ternary's two, each `return`'s).
    @Test func theClosureFormOfSensoryFeedbackIsASite() {
        let source = """
            struct Counter: View {
                @State var count = 0
                var body: some View {
                    Text("x")
                        .sensoryFeedback(trigger: count) { old, new in
                            new > old ? .impact(weight: .light) : .warning
                        }
                        .sensoryFeedback(trigger: count) { old, new in
                            if new == 0 { return .success }
                            return nil
                        }
                }
            }
            """
        let matching = check(
            source, CodeAnchor(name: "counter", type: "Counter", subject: .haptic([.light, .warning, .success])))
        #expect(
            matching.verdicts[0].rows.map(\.status) == Array(repeating: .conforms, count: 3),
            "\(matching.verdicts[0].rows)")
        let other = check(source, CodeAnchor(name: "counter", type: "Counter", subject: .haptic([.heavy])))
        #expect(other.verdicts[0].status != .conforms)
    }

    /// Issue 45 #2: one anchor written at several sites, one of them edited: the edited site is the anchor's drift
    /// (it was "motion the model does not know", and the run passed).
    @Test func anEditedCopyOfAMultiSiteAnchorDrifts() {
        func source(_ third: String) -> String {
            """
            struct Card: View {
                var body: some View {
                    VStack {
                        Color.red.animation(.spring(response: 0.4, dampingFraction: 0.8), value: 1)
                        Color.blue.animation(.spring(response: 0.4, dampingFraction: 0.8), value: 2)
                        Color.green.animation(\(third), value: 3)
                    }
                }
            }
            """
        }
        let model = AnimationCurve.spring(response: 0.4, dampingFraction: 0.8)
        let same = check(
            source(".spring(response: 0.4, dampingFraction: 0.8)"), .animation("c", type: "Card", curve: model))
        #expect(same.verdicts[0].status == .conforms)
        #expect(same.unknown.isEmpty)
        let edited = check(
            source(".spring(response: 0.4, dampingFraction: 0.7)"), .animation("c", type: "Card", curve: model))
        #expect(edited.verdicts[0].status == .drifted, "\(edited.verdicts[0].rows) unknown \(edited.unknown)")
        // Another kind of motion in the type stays unknown (not this spring's drift).
        let other = check(source(".easeInOut(duration: 0.3)"), .animation("c", type: "Card", curve: model))
        #expect(other.verdicts[0].status == .conforms)
        #expect(other.unknown.count == 1)
    }

    /// Issue 45 #1: two anchors on one member (`like()` plays a pop spring and a burst) are each judged against
    /// their own site, not each against both; an edit of one drifts that one only.
    @Test func anchorsSharingAMemberEachTakeTheirOwnSite() {
        func source(_ pop: String) -> String {
            """
            struct Post: View {
                @State var liked = false
                @State var burst = false
                func like() {
                    withAnimation(\(pop)) { liked = true }
                    withAnimation(.easeOut(duration: 0.5)) { burst = true }
                }
                var body: some View { Color.red.onTapGesture { like() } }
            }
            """
        }
        let pop = CodeAnchor.animation(
            "pop", type: "Post", member: "like", curve: .spring(response: 0.3, dampingFraction: 0.6))
        let burst = CodeAnchor.animation("burst", type: "Post", member: "like", curve: .easeOut(0.5))
        func report(_ code: String) -> ConformanceReport {
            var corpus = SwiftCorpus()
            corpus.add(path: "App.swift", text: source(code))
            return Conformance(corpus: corpus).check(apps: [("app", [pop, burst])], inputs: ["App.swift"])
        }
        let same = report(".spring(response: 0.3, dampingFraction: 0.6)")
        #expect(same.verdicts.map(\.status) == [.conforms, .conforms], "\(same.verdicts.map(\.rows))")
        let edited = report(".spring(response: 0.3, dampingFraction: 0.5)")
        #expect(edited.verdicts.map(\.status) == [.drifted, .conforms], "\(edited.verdicts.map(\.rows))")
    }
}
