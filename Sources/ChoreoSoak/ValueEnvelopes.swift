import ChoreoEngine
import ChoreoMotion
import Foundation

/// Where each animated value may be while it moves (issue 43: "no animated value leaves its declared range by more
/// than its curve's overshoot allows"), built from the animations started on it since it last rested.
///
/// A value at rest at `base` that then animates to targets t₁, t₂, … may be, whatever the physics, anywhere in
/// base + Σᵢ [min(0, Δᵢ), max(0, Δᵢ)] widened by Σᵢ (oᵢ·|Δᵢ| + kickᵢ), where Δᵢ = tᵢ − tᵢ₋₁ (SwiftUI adds timing
/// curves up by these intervals; a spring retargets from where it is, inside the same sum), oᵢ is the curve's own
/// overshoot (a spring's e^(−πζ/√(1−ζ²)), a Bézier's control points past 0…1) and kickᵢ a spring's velocity over
/// its natural frequency (its initial velocity and the velocity it inherits). A value outside is a diverged
/// computation, as the parallax's 1e42 was (issue 43 #6).
struct ValueEnvelopes {
    /// One value's envelope: it may be within [base − below, base + above].
    struct Envelope {
        var base: Double
        var below = 0.0
        var above = 0.0
        var lastTarget: Double
    }

    var byPath: [String: Envelope] = [:]
    /// The last record id taken into the envelopes.
    var seenRecord = 0
    /// The virtual time of the last check (new records are requested at or after it).
    var checkedAt = VirtualTime.zero

    /// A curve's own overshoot, as a fraction of its change: a spring's first peak past its target (0 at ζ ≥ 1),
    /// a Bézier's control points past 0…1 (the curve stays in their hull), with room for the runtime's integrator.
    static func overshoot(_ curve: Curve) -> Double {
        switch curve {
        case .spring(let spring, _):
            let zeta = spring.dampingRatio
            guard zeta < 1 else { return 0.01 }
            return 1.2 * exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot()) + 0.01
        case .timing(let function, _):
            let b = function.bezier
            return max(0, b.y1 - 1, b.y2 - 1, -b.y1, -b.y2) + 1e-9
        }
    }

    /// Takes the records started since the last check into the envelopes, forgets the values at rest, and returns
    /// the first moving value outside its envelope (path and what was seen), or nil; `checked` counts the values
    /// looked at.
    mutating func check(timeline: Timeline, now: VirtualTime, checked: inout Int) -> (path: String, detail: String)? {
        for path in byPath.keys where !isMoving(path, timeline: timeline, at: now) { byPath[path] = nil }
        for record in timeline.records(requestedSince: checkedAt) where record.id > seenRecord {
            seenRecord = record.id
            take(record, timeline: timeline)
        }
        checkedAt = now
        for path in byPath.keys.sorted() {
            guard isMoving(path, timeline: timeline, at: now), let envelope = byPath[path],
                let value = timeline.value(path, at: now)
            else {
                byPath[path] = nil
                continue
            }
            checked += 1
            let slack = 1e-9 * (1 + abs(envelope.base) + envelope.below + envelope.above)
            if !(value >= envelope.base - envelope.below - slack && value <= envelope.base + envelope.above + slack) {
                return (
                    path,
                    "\(value) at \(now.milliseconds) ms, outside \(envelope.base - envelope.below)…"
                        + "\(envelope.base + envelope.above) (at rest at \(envelope.base), then animated to "
                        + "\(envelope.lastTarget))"
                )
            }
        }
        return nil
    }

    private func isMoving(_ path: String, timeline: Timeline, at time: VirtualTime) -> Bool {
        guard let record = timeline.activeRecord(for: path) else { return false }
        let phase = record.phase(at: time)
        return phase != .settled && phase != .interrupted
    }

    private mutating func take(_ record: AnimationRecord, timeline: Timeline) {
        var envelope = byPath[record.path] ?? Envelope(base: record.from, lastTarget: record.from)
        let change = record.to - envelope.lastTarget
        // A jump (`from`) or a retarget from where the value is now: conservatively, one more interval.
        let jump = record.from - envelope.lastTarget
        var widen = Self.overshoot(record.curve.curve) * abs(change)
        if case .spring(let spring, let initialVelocity) = record.curve.curve, spring.naturalFrequency > 0 {
            let before =
                record.requestedAt > .zero
                ? timeline.velocity(record.path, at: record.requestedAt - VirtualTime(nanoseconds: 1)) : 0
            widen += (abs(initialVelocity * (record.to - record.from)) + 1.2 * abs(before)) / spring.naturalFrequency
        }
        envelope.below += max(0, -change) + max(0, -jump) + widen
        envelope.above += max(0, change) + max(0, jump) + widen
        envelope.lastTarget = record.to
        byPath[record.path] = envelope
    }
}
