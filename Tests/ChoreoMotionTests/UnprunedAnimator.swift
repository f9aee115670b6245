@testable import ChoreoMotion

/// The render loop as it was before combined animations were pruned and frames skipped, kept as the reference the
/// engine must equal: every entry of a combined animation kept and evaluated on every frame (SwiftUICore's
/// DefaultCombiningAnimation read literally), every frame updated one after the other. Slow for a long history by
/// design; only the tests use it.
struct UnprunedAnimator {
    let fps: Int
    private(set) var target: Double
    private(set) var nextFrame: Int
    private(set) var shown: Double
    private(set) var shownVelocity = 0.0
    private(set) var removedFrame: Int?
    private(set) var logicallyCompleteFrame: Int?
    private var state: State?

    private enum Phase { case pending, first, second, running }

    private struct Entry {
        var animation: SwiftUIAnimation
        var added: Double
        var addedFrame: Int
        var target: Double
        var state = SwiftUIAnimationState()
        var finished = false
    }

    private enum Running {
        case single(SwiftUIAnimation, SwiftUIAnimationState)
        case combined([Entry])
    }

    private struct State {
        var animation: Running
        var interval: Double
        var beginFrame: Int
        var nextFrame: Int
        var previousOffset = 0.0
        var previousVelocity = 0.0
        var previousFraction = 0.0
        var previousLayers: [Double]?
        var phase = Phase.pending
        var isLogicallyComplete = false
    }

    /// An animator at rest at `value` whose next frame is `frame`.
    init(value: Double, fps: Int, frame: Int = 0) {
        self.fps = fps
        target = value
        shown = value
        nextFrame = frame
    }

    var isAnimating: Bool { state != nil }

    /// Every animation in flight's progress, oldest first, none folded away.
    var shownLayers: [Double] {
        guard let state else { return [] }
        let entries: Int
        if case .combined(let list) = state.animation { entries = list.count } else { entries = 1 }
        guard let layers = state.previousLayers, layers.count <= entries else {
            return [state.previousFraction] + Array(repeating: 0, count: entries - 1)
        }
        return layers + Array(repeating: 0, count: entries - layers.count)
    }

    // MARK: The running animation

    private static func evaluate(
        _ running: inout Running, interval: Double, time: AnimationTime, logicallyComplete: inout Bool
    ) -> Evaluation? {
        switch running {
        case .single(let animation, var state):
            let result = animation.evaluate(
                value: interval, time: time, state: &state, logicallyComplete: &logicallyComplete)
            running = .single(animation, state)
            return result
        case .combined(var entries):
            defer { running = .combined(entries) }
            var result = 0.0
            var rate = 0.0
            var layers: [Double] = []
            for index in entries.indices {
                if entries[index].finished {
                    result = entries[index].target
                    rate = 0
                    layers.append(1)
                    continue
                }
                var flag = logicallyComplete
                let entryValue = entries[index].target - result
                let animated = entries[index].animation.evaluate(
                    value: entryValue,
                    time: time.sinceEntry(added: entries[index].added, addedFrame: entries[index].addedFrame),
                    state: &entries[index].state, logicallyComplete: &flag)
                if let animated {
                    rate = rate * (1 - (animated.fraction ?? 0)) + animated.velocity
                    result += animated.offset
                    layers.append(animated.fraction ?? (entryValue != 0 ? animated.offset / entryValue : 1))
                } else {
                    entries[index].finished = true
                    result += entryValue
                    rate = 0
                    layers.append(1)
                }
                if index == entries.count - 1 {
                    logicallyComplete = flag
                    guard animated != nil else { return nil }
                    var evaluation = Evaluation(offset: result, velocity: rate, fraction: nil)
                    evaluation.layers = layers
                    return evaluation
                }
            }
            return nil
        }
    }

    private static func merging(
        _ running: Running, _ animation: SwiftUIAnimation, interval: Double, time: AnimationTime
    ) -> Running {
        guard let spring = animation.fluidSpring else { return running }
        var state = SwiftUIAnimationState()
        var previousResponse: Double?
        if case .single(let previous, let previousState) = running, previous.fluidSpring != nil {
            state = previousState
            if case .fluidSpring(let previousSpring) = previous { previousResponse = previousSpring.response }
        }
        var advanced = running
        var flag = false
        state.spring.offset =
            evaluate(&advanced, interval: interval, time: time, logicallyComplete: &flag)?.offset ?? interval
        state.spring.time = 0
        state.springStart = ClockStart(time.delayed(by: animation.delay))
        if let previousResponse, previousResponse != spring.response {
            state.spring.blendInterval = previousResponse - spring.response
            state.blendStart = state.springStart
        }
        return .single(animation, state)
    }

    private static func accepts(_ running: Running, merging animation: SwiftUIAnimation) -> Bool {
        switch running {
        case .single(let previous, _): return animation.merges(into: previous)
        case .combined: return animation.fluidSpring != nil && animation.delay == 0
        }
    }

    // MARK: AnimatorState

    private mutating func combine(_ animation: SwiftUIAnimation, delta: Double, frame: Int) {
        guard var s = state else { return }
        let elapsed = AnimationTime(frame: frame - s.beginFrame, fps: fps)
        s.isLogicallyComplete = false
        if Self.accepts(s.animation, merging: animation) {
            s.animation = Self.merging(s.animation, animation, interval: s.interval, time: elapsed)
            // The one change from the render loop as it was: a merge forgets the layers of the chain it replaced
            // (they described entries that no longer exist when more were combined before the next evaluation).
            s.previousLayers = nil
        } else {
            let entry = Entry(
                animation: animation, added: elapsed.seconds, addedFrame: frame - s.beginFrame,
                target: s.interval + delta)
            switch s.animation {
            case .combined(var entries):
                entries.append(entry)
                s.animation = .combined(entries)
            case .single(let old, let oldState):
                s.animation = .combined([
                    Entry(animation: old, added: 0, addedFrame: 0, target: s.interval, state: oldState), entry,
                ])
            }
        }
        s.interval += delta
        s.nextFrame = frame
        state = s
    }

    private mutating func update(frame: Int) {
        guard var s = state else {
            shown = target
            shownVelocity = 0
            return
        }
        defer { if state != nil { shown = target + state!.previousOffset - state!.interval } }
        guard frame > s.nextFrame else {
            shownVelocity = s.previousVelocity
            return
        }
        switch s.phase {
        case .pending:
            s.beginFrame = frame
            s.phase = .first
        case .first:
            s.phase = .second
            s.nextFrame += frame - s.beginFrame
            s.beginFrame = frame
            shownVelocity = s.previousVelocity
            state = s
            return
        case .second:
            let allowance = AnimatorState.lateFrameAllowance(fps: fps)
            if allowance < frame - s.beginFrame { s.beginFrame = frame - allowance }
            s.phase = .running
        case .running:
            break
        }
        var flag = s.isLogicallyComplete
        let elapsed = AnimationTime(frame: frame - s.beginFrame, fps: fps)
        guard let result = Self.evaluate(&s.animation, interval: s.interval, time: elapsed, logicallyComplete: &flag)
        else {
            state = nil
            removedFrame = frame
            if logicallyCompleteFrame == nil { logicallyCompleteFrame = frame }
            shown = target
            shownVelocity = 0
            return
        }
        if flag, !s.isLogicallyComplete {
            s.isLogicallyComplete = true
            logicallyCompleteFrame = frame
        }
        s.previousOffset = result.offset
        s.previousVelocity = result.velocity
        s.previousFraction = result.fraction ?? (s.interval != 0 ? result.offset / s.interval : 1)
        s.previousLayers = result.layers
        s.nextFrame = frame
        shownVelocity = s.previousVelocity
        state = s
    }

    // MARK: SwiftUIAnimator

    /// Updates every frame up to and including `frame`, one by one.
    mutating func draw(through frame: Int) {
        while nextFrame <= frame {
            update(frame: nextFrame)
            nextFrame += 1
        }
    }

    /// A transaction taken in the update of `frame`.
    mutating func animate(atFrame frame: Int, to newTarget: Double, with animation: SwiftUIAnimation?) {
        let drawnAlready = frame < nextFrame
        draw(through: frame - 1)
        let delta = newTarget - target
        target = newTarget
        if let animation, delta != 0 {
            if state != nil {
                combine(animation, delta: delta, frame: frame)
                logicallyCompleteFrame = nil
            } else {
                state = State(
                    animation: .single(animation, SwiftUIAnimationState()), interval: delta, beginFrame: frame,
                    nextFrame: frame)
                logicallyCompleteFrame = nil
                removedFrame = nil
            }
        }
        // The frame is updated when drawn, after every transaction taken on it.
        guard drawnAlready else { return }
        update(frame: frame)
        nextFrame = frame + 1
    }
}
