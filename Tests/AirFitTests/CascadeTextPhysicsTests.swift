import ChoreoEngine
import Testing

@testable import AirFit

/// CascadeText runs its curves on the session's physics (issue 15): exact ease-out and linear under `ideal`,
/// SwiftUI's solver with output rounded to 2⁻²⁰ under `swiftui`. Expected values from
/// scripts/swiftui_app_scenarios.py (`cascade_glyph`), not from the engine.
struct CascadeTextPhysicsTests {
    /// "Daily Dashboard", glyph 1 of 15 (delay sin(π/15)·12 ms), 100 ms after the cascade started.
    static let elapsed = 0.1 - CascadeText.delay(index: 1, count: 15)

    @Test func swiftuiRoundsTheEaseOutAndTheLinearOpacityTo2ToThe20() {
        let progress = CascadeText.progress(elapsed: Self.elapsed, physics: .swiftui)
        #expect(abs(300 + 100 * progress.eased - 325.91114044189453) < 1e-9)
        #expect(abs(progress.linear - 0.16582489013671875) < 1e-12)
        #expect(progress.eased * 1_048_576 == (progress.eased * 1_048_576).rounded())
        #expect(progress.linear * 1_048_576 == (progress.linear * 1_048_576).rounded())
    }

    @Test func idealKeepsTheExactCurves() {
        let progress = CascadeText.progress(elapsed: Self.elapsed, physics: .ideal)
        #expect(abs(300 + 100 * progress.eased - 325.9111816488824) < 1e-9)
        #expect(abs(progress.linear - Self.elapsed / CascadeText.glyphDuration) < 1e-15)
    }

    @Test func beforeItsDelayAGlyphIsAtRestAndFromItsDurationOnItIsDone() {
        for physics in Physics.allCases {
            #expect(CascadeText.progress(elapsed: -0.001, physics: physics) == (0, 0))
            #expect(CascadeText.progress(elapsed: CascadeText.glyphDuration, physics: physics) == (1, 1))
            #expect(CascadeText.progress(elapsed: 1, physics: physics) == (1, 1))
        }
    }
}
