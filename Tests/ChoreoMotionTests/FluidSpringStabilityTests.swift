import Foundation
import Testing

@testable import ChoreoMotion

/// The fluid spring's integrator diverges past ``FluidSpringAnimation/largestStableStiffness(dampingFraction:)``
/// (behavior.md RL21): checked over random springs against the integrator itself, not against the formula's algebra.
@Suite("Fluid spring stability")
struct FluidSpringStabilityTests {
    /// The largest |offset| a spring from 0 to 1 reaches in 20 s of integration (6,000 steps), read every 1/60 s.
    static func peak(_ spring: FluidSpringAnimation) -> Double {
        var state = FluidSpringState()
        var complete = false
        var peak = 0.0
        for frame in 1...1200 {
            guard
                let offset = spring.animate(
                    value: 1, time: Double(frame) / 60, blendTime: Double(frame) / 60, state: &state,
                    logicallyComplete: &complete)
            else { return peak }
            peak = max(peak, abs(offset))
            if !(peak < 1e6) { return peak }
        }
        return peak
    }

    /// The runtime's step without the engine's hold (scripts/SWIFTUI_PHYSICS_NOTES.md, the fluid spring): the largest
    /// |offset| of 0 → 1 in 20 s, or the first past 1e6.
    static func rawPeak(response: Double, dampingFraction: Double) -> Double {
        let h = 1.0 / 300
        let k = min(pow(2 * Double.pi / response, 2), 45_000)
        let c = -dampingFraction * 2 * k.squareRoot()
        var (x, v, f, peak) = (0.0, 0.0, 0.0, 0.0)
        for _ in 0..<6000 {
            let half = f * h / 2 + v
            x += half * h
            f = half * c + (1 - x) * k
            v = f * h / 2 + half
            peak = max(peak, abs(x))
            if !(peak < 1e6) { break }
        }
        return peak
    }

    @Test func aSpringThatIsNotRefusedStaysBoundedAndOneJustPastTheLimitDiverges() {
        var random = SplitMix64(seed: 421)
        var bounded = 0
        var diverged = 0
        for _ in 0..<400 {
            // Responses from 0.1 ms to 1 s (log-uniform), the cap's region included.
            let response = 1e-4 * pow(10, Double(random.next() % 4000) / 1000)
            let limit = FluidSpringAnimation.largestStableDampingFraction(response: response)
            let inside = FluidSpringAnimation(response: response, dampingFraction: limit * 0.999)
            #expect(!inside.diverges)
            #expect(Self.peak(inside) < 10, "response \(response) ζ \(limit * 0.999)")
            bounded += 1
            // Past the margin by 2%: the integrator's own limit (the margin is 1% of √k) is crossed.
            let outside = FluidSpringAnimation(response: response, dampingFraction: limit * 1.03)
            #expect(outside.diverges)
            #expect(Self.rawPeak(response: response, dampingFraction: limit * 0.999) < 10)
            if Self.rawPeak(response: response, dampingFraction: limit * 1.03) >= 1e6 { diverged += 1 }
            // The engine holds even a refused spring (an app's own, say) to the stable stiffness.
            #expect(Self.peak(outside) < 10)
        }
        #expect(bounded == 400)
        // Just past the true limit the growth per step is slow; most still pass 1e6 within 20 s.
        #expect(diverged > 300, "\(diverged) of 400 diverged within 20 s")
    }

    @Test func theSeedsSpringsAndTheCapAreInside() {
        #expect(!FluidSpringAnimation(response: 0.4, dampingFraction: 0.8).diverges)
        #expect(!FluidSpringAnimation(response: 0.0001, dampingFraction: 1.2).diverges)
        #expect(FluidSpringAnimation(response: 0.0001, dampingFraction: 1.25).diverges)
        #expect(FluidSpringAnimation(response: 0.0001, dampingFraction: 1000).diverges)
        // At the cap ζ < 1.237 (the unit-circle bound) less the 1% margin on √k.
        let cap = FluidSpringAnimation.largestStableDampingFraction(response: 0.001)
        #expect(cap > 1.2 && cap < 1.2374)
        // So the integrator skips the hold at ζ ≤ 1.2: the limit there is above the stiffness cap.
        #expect(FluidSpringAnimation.largestStableStiffness(dampingFraction: 1.2) > FluidSpringAnimation.stiffnessCap)
    }

    @Test func aBlendFromAStifferSpringIsHeldToTheStableStiffness() {
        // ζ = 3 is stable at 0.2 s; a blend from 0.001 s (the cap) would start far past the limit.
        var state = FluidSpringState()
        state.blendInterval = 0.001 - 0.2
        let spring = FluidSpringAnimation(response: 0.2, dampingFraction: 3, blendDuration: 0.5)
        var complete = false
        var peak = 0.0
        for frame in 1...600 {
            let time = Double(frame) / 60
            guard
                let offset = spring.animate(
                    value: 1, time: time, blendTime: time, state: &state, logicallyComplete: &complete)
            else { break }
            peak = max(peak, abs(offset))
        }
        #expect(peak < 2)
    }
}
