import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

/// CascadeText (seed 004): every glyph animates weight 300 → 400, y offset 6 → 0 and opacity 0 → 1; glyph i of n
/// starts after the kinetic stagger sin(i/n·π)·0.012 s.
///
/// How it fits in 0.6 s (MotionToken.duration, "total block time"): the largest delay is 0.012 s, so each glyph
/// animates for 0.6 − 0.012 = 0.588 s and the last glyph is done by 0.6 s at the latest. Weight and offset use
/// ease-out ("letter cascades 0.6 s ease-out"); opacity is linear (the only linear motion seed 004 allows).
struct CascadeText: Sendable, Hashable {
    static let duration = 0.60
    static let stagger = 0.012
    static let offsetY = 6.0
    static let weightFrom = 300.0
    static let weightTo = 400.0
    static var glyphDuration: Double { duration - stagger }

    var id: String
    var text: String
    /// When the cascade started; nil when shown at once (minimal mode).
    var start: VirtualTime?

    static func delay(index: Int, count: Int) -> Double {
        count == 0 ? 0 : MotionMath.sine(Double(index) / Double(count) * Double.pi) * stagger
    }

    /// Every glyph's weight, offset and opacity now, its curves evaluated under the world's physics (under `swiftui`
    /// through the render loop: ``World/shownElapsed(since:)``).
    func glyphs(world: World) -> [GlyphView] {
        let elapsed = start.map(world.shownElapsed(since:))
        // Every character keeps its slot in the stagger, a line break too (drawn as nothing), as iterating the
        // string's characters does.
        let characters = Array(text)
        return characters.enumerated().map { index, character in
            let delay = CascadeText.delay(index: index, count: characters.count)
            var progress = (eased: 1.0, linear: 1.0)
            if let elapsed { progress = CascadeText.progress(elapsed: elapsed - delay, physics: world.physics) }
            let (eased, fraction) = progress
            return GlyphView(
                glyph: String(character), delay: delay * 1000,
                weight: CascadeText.weightFrom + (CascadeText.weightTo - CascadeText.weightFrom) * eased,
                offsetY: CascadeText.offsetY * (1 - eased), opacity: fraction)
        }
    }
}

extension CascadeText {
    /// A glyph's progress `elapsed` seconds after its delay (negative before it starts): `eased` on ease-out (weight
    /// and offset), `linear` (opacity), each 0…1 over ``glyphDuration``. Under `ideal` the exact curves; under
    /// `swiftui` as SwiftUI's runtime runs `.easeOut` and `.linear` (its cubic solver, output a multiple of 2⁻²⁰,
    /// 1 from the duration on).
    static func progress(elapsed: Double, physics: Physics) -> (eased: Double, linear: Double) {
        switch physics {
        case .ideal:
            let fraction = min(max(elapsed / glyphDuration, 0), 1)
            return (TimingCurves.easeOut(fraction), fraction)
        case .swiftui:
            let eased = BezierAnimation(TimingFunction.easeOut.bezier, duration: glyphDuration)
            let linear = BezierAnimation(TimingFunction.linear.bezier, duration: glyphDuration)
            return (eased.fraction(elapsed: elapsed) ?? 1, linear.fraction(elapsed: elapsed) ?? 1)
        }
    }
}

/// Core Animation's ease-out as a function of the time fraction.
enum TimingCurves {
    static func easeOut(_ fraction: Double) -> Double {
        AnimationCurve.easeOut(1).curve.progress(at: fraction)
    }
}
