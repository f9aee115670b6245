import ChoreoEngine
import ChoreoJSON

/// The promises a refusal and a touch make (issue 44, behavior.md N12, N13, L10), checked on every step of every
/// random journey, over both apps, with how often each met its case (``SoakRunner/hits``):
///
/// - `retryAfterMs > 0`: a refusal's wait, when present, is at least 1 ms;
/// - `a refusal's wait kept`: on a fork advanced by `retryAfterMs`, the same request is not refused by any blocker
///   the refusal named;
/// - `a tap on something not drawn`: a tap whose target the frame (`screen.render`) does not draw is not taken;
/// - `a second gesture while a finger is down`: a tap, touch, pull or drag of another gesture is not taken;
/// - `an unchanged value starts no animation`: no animation of a value the app shows (a counter) starts toward
///   where it was already heading from where it was (its case, a load that leaves the values unchanged, is counted
///   by the app's profile).
extension SoakRunner {
    /// What the promises need from before the step: the frame a tap lands on, the finger down, the timeline.
    struct PromisesBefore {
        var svg: String?
        var finger: String?
        var timeline: Timeline?
        var traceSeen: Int
        /// Under `ideal`, within the microsecond after a sheet's presentation: it shows from 1 ns after it, but the
        /// frame and the state print its progress as 0 until about a microsecond (reported to 12 digits).
        var belowPrintedPrecision = false
    }

    mutating func promisesBefore(_ step: SoakStep) -> PromisesBefore {
        var svg: String?
        if step.method == "ui.tap", step.params["point"] == nil {
            svg = call("screen.render", ["session": .string(session)])["result"]?["svg"]?.stringValue
        }
        let world = simulation(session)?.world
        var promises = PromisesBefore(
            svg: svg, finger: profile.fingerDown(state: state), timeline: world?.timeline,
            traceSeen: world?.trace.recorded ?? 0)
        if let world, world.physics == .ideal, let presented = sheetPresentedAt, world.now > presented,
            world.now - presented < VirtualTime(nanoseconds: 1000)
        {
            promises.belowPrintedPrecision = true
        }
        return promises
    }

    mutating func keepPromises(
        _ step: SoakStep, params: [String: JSONValue], reply: JSONValue, before: PromisesBefore, index: Int
    ) throws(SoakFailure) {
        let result = reply["result"]
        let refused = result?["refused"] == .bool(true)
        let taken = reply["error"] == nil && result != nil && !refused
        if refused, let refusal = result { try keptWait(step, params: params, refusal: refusal, index: index) }
        if let target = step.params["target"]?.stringValue, let svg = before.svg, !before.belowPrintedPrecision,
            !profile.isDrawn(target: target, svg: svg, state: state)
        {
            hits["a tap on something not drawn", default: 0] += 1
            if taken {
                throw SoakFailure(
                    invariant: "a tap on something not drawn", step: index,
                    detail: "\(step.description) took \(target), which the frame does not draw")
            }
        }
        if let finger = before.finger, ["ui.tap", "ui.touch", "ui.pull", "ui.drag"].contains(step.method),
            profile.gesture(of: step) != finger
        {
            hits["a second gesture while a finger is down", default: 0] += 1
            if taken {
                throw SoakFailure(
                    invariant: "a second gesture while a finger is down", step: index,
                    detail: "\(step.description) was taken while a finger held the \(finger)")
            }
        }
        try unchangedValues(before: before, index: index)
    }

    /// A refusal's `retryAfterMs` is at least 1, and waiting it removes every blocker the refusal named.
    private mutating func keptWait(
        _ step: SoakStep, params: [String: JSONValue], refusal: JSONValue, index: Int
    ) throws(SoakFailure) {
        guard let retry = refusal["retryAfterMs"] else { return }
        hits["retryAfterMs > 0", default: 0] += 1
        guard let ms = retry.intValue, ms >= 1 else {
            throw SoakFailure(invariant: "retryAfterMs > 0", step: index, detail: refusal.serialized())
        }
        let forked = call("session.fork", ["session": .string(session)])
        guard let copy = forked["result"]?["session"]?.stringValue else { return }
        _ = call("clock.advance", ["session": .string(copy), "ms": .int(ms)])
        var again = params
        again["session"] = .string(copy)
        let answer = call(step.method, again)
        _ = call("session.close", ["session": .string(copy)])
        hits["a refusal's wait kept", default: 0] += 1
        guard let later = answer["result"], later["refused"] == .bool(true) else { return }
        func blockers(_ refusal: JSONValue) -> Set<String> {
            Set([refusal["reason"]?.stringValue].compactMap { $0 })
                .union((refusal["blockers"]?.arrayValue ?? []).compactMap(\.stringValue))
        }
        let still = blockers(refusal).intersection(blockers(later))
        if !still.isEmpty {
            throw SoakFailure(
                invariant: "a refusal's wait kept", step: index,
                detail: "\(step.description) refused \(refusal.serialized()); after \(ms) ms still \(still.sorted()): "
                    + later.serialized())
        }
    }

    /// No animation starts toward the target its property was already heading to, from where it already was
    /// (behavior.md L10: unchanged values do not move). Loops restart from their start, which is not where they are.
    private mutating func unchangedValues(before: PromisesBefore, index: Int) throws(SoakFailure) {
        guard let timeline = before.timeline, let trace = simulation(session)?.world.trace else { return }
        for event in trace.events(afterSeq: before.traceSeen) where event.kind == "animation.started" {
            guard let path = event.fields["path"]?.stringValue, profile.showsValue(path: path),
                let to = event.fields["to"]?.doubleValue,
                let from = event.fields["from"]?.doubleValue, let heading = timeline.target(path),
                let shown = timeline.value(path, at: event.time)
            else { continue }
            let scale = max(1, abs(to))
            guard abs(heading - to) <= 1e-9 * scale else { continue }
            if abs(from - shown) <= 1e-9 * scale {
                throw SoakFailure(
                    invariant: "an unchanged value starts no animation", step: index,
                    detail: "\(event.json.serialized()): \(path) was already heading to \(to) from \(shown)")
            }
        }
    }
}
