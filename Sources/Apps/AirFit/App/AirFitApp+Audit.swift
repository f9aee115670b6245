import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

extension AirFitApp {
    static let seed004 = "seed 004"

    /// The GlassCard's entrance at 120 fps: seed 004's budgets and what its own code and words contradict.
    static var glassCardClaims: [AuditClaim] {
        [
            AuditClaim(
                .fps120, source: "\(seed004) GlassCard / Animation Philosophy",
                budgets: [
                    (.settlesWithin(400), "\(seed004): \"Animation Timing: All springs complete within 400ms\""),
                    (.overshootAtMost(0.001), "\(seed004): \"Damping 12: Natural settling without bounce\""),
                    (.logicallyCompleteWithin(400), "\(seed004): \"Card entrances: Spring (≈0.4s)\""),
                    seedCodeDampingFinding, chatBubbleOpacityFinding, blurBudgetFinding,
                ]),
            AuditClaim(
                .fps60, source: "\(seed004) ProMotion Adaptation",
                budgets: [
                    (.settlesWithin(400), "\(seed004): \"Animation Timing: All springs complete within 400ms\""),
                    (
                        .overshootAtMost(0.001),
                        "\(seed004): \"Adjust spring settling for 60Hz devices\", \"Natural settling without bounce\""
                    ),
                    (.logicallyCompleteWithin(400), "\(seed004): \"Card entrances: Spring (≈0.4s)\""),
                    sixtyHertzTuningFinding,
                ]),
        ]
    }

    /// The cascade title: seed 004 read literally, then as modelled (the last glyph after the largest stagger).
    static var cascadeClaims: [AuditClaim] {
        [
            cascadeLiteralClaim,
            AuditClaim(
                name: "cascadeText.model", curve: AirFitMotion.cascadeGlyph.delayed(by: .milliseconds(12)),
                source: "\(seed004) CascadeText as modelled: the last glyph, after the largest stagger (12 ms), "
                    + "runs 0.6 − 0.012 s",
                budgets: [(.logicallyCompleteWithin(600), "\(seed004): \"Total animation duration: 0.6s\"")]),
        ]
    }

    /// ParallaxContainer on the standard spring, with seed 004's ±4 pt range checked against where the spring takes
    /// the content (issue 44 #7): one reading at the edge of the range (roll 20° or more) from rest peaks at
    /// 4·(1 + overshoot) pt; behavior.md C15 keeps the ±4 pt as the target's range.
    static func parallaxClaim(fps: Int) -> AuditClaim {
        var claim = standardSpringClaim(fps: fps, "seed 004 ParallaxContainer (±4pt device-motion parallax)")
        var overshoot = (fraction: 0.0, time: 0.0)
        if case .spring(let spring, let velocity) = standardSpring(fps: fps).curve {
            overshoot = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: velocity).overshoot
        }
        let peak = parallaxRange * (1 + overshoot.fraction)
        claim.budgets.append(
            (
                .finding(
                    name: "parallaxWithinRange", limit: parallaxRange, actual: peak, passed: peak <= parallaxRange,
                    detail: "one reading at the edge of the range (roll ≥ 20°) from rest moves the content to "
                        + "\(n(peak)) pt at \(n(overshoot.time * 1000)) ms, \(n(peak - parallaxRange)) pt past ±4 pt: "
                        + "the spring overshoots its target (readings that swing from one edge to the other go further, "
                        + "up to \(n(parallaxRange * (1 + 2 * overshoot.fraction))) pt)"),
                "seed 004: \"Moves ±4pt based on device motion when still\""
            ))
        return claim
    }

    /// "Maximum 6 simultaneous .ultraThinMaterial per screen", against the screens as the default data draws them
    /// (a screen's glass elements, plus the sheet over the dashboard), issue 44 #7.
    static var blurBudgetFinding: (budget: MotionAudit.Budget, claim: String) {
        // The default data always reads (no overrides): nothing to refuse.
        let data = try? AirFitData(overrides: [:])
        let layers = AirFitScreen.allCases.compactMap { screen in
            data.map { data in
                (
                    screen.rawValue,
                    AirFitCatalog.elements(screen, data: data).filter(\.isGlass).count
                        + (screen == AirFitCatalog.screen(of: sheetOpenTarget) ? 1 : 0)
                )
            }
        }
        let most = layers.max { $0.1 < $1.1 } ?? ("", 0)
        return (
            .finding(
                name: "blurLayersAtMost", limit: Double(blurBudget), actual: Double(most.1),
                passed: most.1 <= blurBudget,
                detail: "\(most.0) draws \(most.1) .ultraThinMaterial layers with the default data, "
                    + "\(most.1 - blurBudget) over the budget of \(blurBudget) (blurBudget.exceeded is traced when it "
                    + "appears; session data can keep a screen within it)"),
            "seed 004: \"Maximum 6 simultaneous .ultraThinMaterial per screen\""
        )
    }

    /// An AirFit element that moves on the standard spring of a frame rate (damping 12 at 120 fps, 10.5 at 60).
    static func standardSpringClaim(fps: Int, _ source: String) -> AuditClaim {
        AuditClaim(fps >= 120 ? .fps120 : .fps60, source: "\(source), \(fps) fps", budgets: springBudgets(fps: fps))
    }

    static func springBudgets(fps: Int) -> [(budget: MotionAudit.Budget, claim: String)] {
        [
            (.settlesWithin(400), "seed 004: \"Animation Timing: All springs complete within 400ms\""),
            (
                .overshootAtMost(0.001),
                fps >= 120
                    ? "seed 004: \"Damping 12: Natural settling without bounce\""
                    : "seed 004: \"Adjust spring settling for 60Hz devices\", \"Natural settling without bounce\""
            ),
        ]
    }

    /// "Adjust spring settling for 60Hz devices": damping 10.5 settles later than damping 12.
    static var sixtyHertzTuningFinding: (budget: MotionAudit.Budget, claim: String) {
        let at120 = standardSpring(fps: 120).curve.settleTime * 1000
        let at60 = standardSpring(fps: 60).curve.settleTime * 1000
        return (
            .finding(
                name: "settlesNoLaterThan120fps", limit: at120, actual: at60, passed: at60 <= at120,
                detail: "damping 10.5 settles at \(n(at60)) ms, \(n(at60 - at120)) ms later than damping 12 "
                    + "(\(n(at120)) ms): the 60 Hz adjustment makes the settle worse"),
            "seed 004: \"Adjust spring settling for 60Hz devices\" (let damping = fps >= 120 ? 12 : 10.5)"
        )
    }

    /// A claim of the seed that its own words or code contradict: a `finding` that always fails (issue 27 #11).
    static func contradiction(
        _ name: String, limit: Double, actual: Double, _ detail: String, _ claim: String
    ) -> (budget: MotionAudit.Budget, claim: String) {
        (.finding(name: name, limit: limit, actual: actual, passed: false, detail: detail), claim)
    }

    /// The seed's own ProMotion code reads the rate the app requests, not the display's (issue 27 #11).
    static var seedCodeDampingFinding: (budget: MotionAudit.Budget, claim: String) {
        contradiction(
            "seedCodeSeesTheDisplayRate", limit: 120, actual: 0,
            "CADisplayLink.preferredFramesPerSecond is the rate the app asks for, 0 until it sets one, not "
                + "the display's: `fps >= 120 ? 12 : 10.5` then picks damping 10.5 on every device, a 120 Hz "
                + "iPhone too; the model keys the damping to the session's fps, as the comment intends",
            "seed 004: \"let fps = displayLink.preferredFramesPerSecond\", \"let damping = fps >= 120 ? 12 : 10.5\"")
    }

    /// Chat bubbles made "more opaque" with an opacity below 1 (issue 27 #11).
    static var chatBubbleOpacityFinding: (budget: MotionAudit.Budget, claim: String) {
        contradiction(
            "chatBubbleMoreOpaque", limit: 1, actual: 0.9,
            "`.opacity(0.9)` on the chat's GlassCard bubbles lets 10% more of what is behind show "
                + "through: less opaque, not more (a thicker material would be more opaque); not modelled (B2)",
            "seed 004: \".opacity(0.9) // Slightly more opaque for readability\"")
    }

    /// Background gradients drawn at 30 fps against the 120 fps target (issue 27 #11).
    static var gradientFrameRateFinding: (budget: MotionAudit.Budget, claim: String) {
        contradiction(
            "framesPerSecond", limit: 120, actual: 30,
            "TimelineView(.animation(minimumInterval: 1/30)) draws the background gradients 30 times a "
                + "second, a quarter of the 120 fps the success metrics ask for; the model's crossfade runs at "
                + "the session's fps (B6)",
            "seed 004: \"TimelineView(.animation(minimumInterval: 1/30))\" (\"30fps for background gradients\") "
                + "against \"Frame Rate: Consistent 120fps on iPhone 15 Pro+\"")
    }

    /// `.transition` on screens pushed with `.navigationDestination` (issue 27 #11).
    static var transitionOnNavigationFinding: (budget: MotionAudit.Budget, claim: String) {
        contradiction(
            "transitionPlaysOnNavigation", limit: 1, actual: 0,
            "a `.transition` plays only for a view inserted or removed by conditional rendering, which "
                + "the performance patterns call bad, while the navigation code pushes with "
                + "`.navigationDestination`, which animates with the navigation stack's own push, not the "
                + "transition: the three cannot all hold; the model swaps screens as content with the transition",
            "seed 004: \"All navigation must use this combined transition\" against "
                + "\".navigationDestination(isPresented:)\" and \"Bad: Conditional rendering causes layout recalc\"")
    }

    /// Physics-based micro-animations against an ease-out timing curve (issue 27 #11).
    static var physicsMicroInteractionFinding: (budget: MotionAudit.Budget, claim: String) {
        contradiction(
            "physicsBased", limit: 1, actual: 0,
            "the timing table gives micro-interactions a timing curve, .easeOut over 0.12–0.3 s, not "
                + "physics (a spring); the model follows the table: the FlareButton's flare runs easeOut 0.3 s",
            "seed 004: \"Human-centric motion: Physics-based micro-animations\" against "
                + "\"Micro-interactions | 0.12s - 0.3s | .easeOut\"")
    }

    /// The 600 pt sheet moves on the same spring as a card (issue 27 #11).
    static func heavierMovesSlowerFinding(fps: Int) -> (budget: MotionAudit.Budget, claim: String) {
        let settle = standardSpring(fps: fps).curve.settleTime * 1000
        return contradiction(
            "heavierMovesSlower", limit: settle, actual: settle,
            "the 600 pt sheet, the glass cards, the ring and the ±4 pt parallax all move on the one "
                + "standard spring: the sheet settles at \(n(settle)) ms, exactly as a card does; a heavier thing "
                + "moving slower would need a slower spring (limit: a card's settle, which the sheet must exceed)",
            "seed 004: \"Respect physics - heavy things move slower than light things\"")
    }

    static func n(_ value: Double) -> String { JSONValue.number(value).serialized() }

    /// The sheet's presentation, 600 → 0 pt: its overshoot carries it above its resting place, in points.
    static func sheetPresentationClaim(fps: Int) -> AuditClaim {
        let curve = standardSpring(fps: fps)
        var overshoot = (fraction: 0.0, time: 0.0)
        if case .spring(let spring, let velocity) = curve.curve {
            overshoot = SpringMotion(spring: spring, initialDisplacement: -1, initialVelocity: velocity).overshoot
        }
        let points = overshoot.fraction * sheetHeight
        let allowed = 0.001 * sheetHeight
        return AuditClaim(
            fps >= 120 ? .fps120 : .fps60,
            source: "seed 004 DragDismissSheet presentation (600 → 0 pt), \(fps) fps",
            budgets: springBudgets(fps: fps) + [
                (
                    .finding(
                        name: "overshootPointsAtMost", limit: allowed, actual: points, passed: points <= allowed,
                        detail:
                            "the sheet rises \(n(points)) pt above its resting place at \(n(overshoot.time * 1000)) "
                            + "ms on its way up from 600 pt (budget \(n(allowed)) pt, 0.1% of the height)"),
                    "seed 004: \"Damping 12: Natural settling without bounce\" (the sheet's presentation)"
                ),
                heavierMovesSlowerFinding(fps: fps),
            ])
    }

    /// The spring-back after a release that does not dismiss, carrying the finger's velocity: the fastest one, just
    /// under 800 pt/s down at just under 35% (210 pt), starts at −800/210 of the change per second.
    static func sheetSpringBackClaim(fps: Int) -> AuditClaim {
        let velocity = -flickVelocity / (sheetHeight * dismissFraction)
        return AuditClaim(
            fps >= 120 ? .fps120 : .fps60, name: "dragDismissSheet.springBack.\(fps)fps",
            curve: standardSpring(fps: fps, initialVelocity: velocity),
            source: "seed 004 DragDismissSheet spring-back with the finger's velocity (released just under 210 pt at "
                + "just under 800 pt/s down), \(fps) fps",
            budgets: springBudgets(fps: fps))
    }

    /// Seed 004's cascade read literally: each glyph runs MotionToken.duration (0.6 s) after its stagger, the
    /// largest sin(i/n·π)·12 ms = 12 ms (a title of even length, "Settings"); and the stagger's comment and prose
    /// against the formula they annotate, for "Daily Dashboard" (n = 15).
    static var cascadeLiteralClaim: AuditClaim {
        let title = Array(AirFitScreen.dashboard.title)
        let count = title.count
        let delays = (0..<count).map { CascadeText.delay(index: $0, count: count) * 1000 }
        let gaps = (1..<count).map { delays[$0] - delays[$0 - 1] }
        let largestGap = gaps.map(abs).max() ?? 0
        let middle = delays.max() ?? 0
        let asGaps = Double(count - 1) * CascadeText.stagger * 1000
        return AuditClaim(
            curve: .easeOut(CascadeText.duration).delayed(by: .milliseconds(12)),
            source: "seed 004 MotionToken / CascadeText read literally: the last glyph runs 0.6 s after the largest "
                + "stagger, sin(i/n·π)·0.012 s ≤ 12 ms",
            budgets: [
                (.logicallyCompleteWithin(600), "seed 004: \"Total animation duration: 0.6s\""),
                (
                    .finding(
                        name: "delayBetweenGlyphs", limit: CascadeText.stagger * 1000, actual: largestGap,
                        passed: abs(largestGap - CascadeText.stagger * 1000) < 1e-9,
                        detail: "sin(i/n·π)·12 ms is each glyph's own delay, not a gap: successive glyphs of "
                            + "\"Daily Dashboard\" (n = \(count)) start at most \(n(largestGap)) ms apart (0 in the "
                            + "middle); 12 ms between glyphs would start the last at \(n(asGaps)) ms"),
                    "seed 004: \"static let stagger: Double = 0.012 // Delay between glyphs\""
                ),
                (
                    .finding(
                        name: "middleStartsFirst", limit: delays[0], actual: middle, passed: middle <= delays[0],
                        detail: "the formula delays the middle glyphs most (\(n(middle)) ms) and the first glyph least "
                            + "(\(n(delays[0])) ms), and every glyph runs the same time: the middle is the last to "
                            + "start, not faster; successive delays differ most at the edges (\(n(largestGap)) ms)"),
                    "seed 004: \"Kinetic Stagger: Sine-curved delay (faster in middle, slower at edges)\""
                ),
                (
                    .finding(
                        name: "easeOutThroughout", limit: 0, actual: 1, passed: false,
                        detail: "the timing table runs the whole cascade on .easeOut, but the design DNA allows "
                            + "nothing linear except opacity and a fade is linear: the model eases each glyph's weight "
                            + "and offset out and fades its opacity linearly (1 of the 3 properties is not .easeOut)"),
                    "seed 004: \"Letter cascades | 0.6s total | .easeOut\" against \"nothing linear except opacity\""
                ),
            ])
    }
}
