import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

extension AirFitApp {
    /// DragDismissSheet: the sheet follows the finger (rubber-banded 20% above its resting place).
    mutating func drag(y: Double, velocity: Double, world: inout World) -> any ActionResult {
        guard sheet != nil else {
            return world.refuse(
                .noSheet,
                "no sheet is presented, so there is nothing to drag: no action makes this drag work until a sheet is "
                    + "presented (a tap on \(AirFitApp.sheetOpenTarget), on the dashboard: ui.navigate {screen: dashboard})"
            )
        }
        if sheet!.phase != .dragging, let refusal = world.refusal(sheetTouchBlockers(world: world)) {
            return world.refuse(refusal)
        }
        if sheet!.phase == .dismissing {
            // Grabbing a sheet on its way out stops the dismissal: it follows the finger again.
            // The event reports where the sheet was caught, so it is read before the deceleration is dropped.
            let caughtAt = sheetOffset(world: world)
            world.cancelTimer(AirFitTimer.sheetDismissed)
            sheet!.decayStart = nil
            sheet!.goneAt = nil
            world.record(SheetGrabbedEvent(offset: caughtAt))
        }
        let offset = y < 0 ? y * 0.2 : y
        sheet!.phase = .dragging
        sheet!.offset = offset
        sheet!.velocity = velocity
        world.set(.sheetOffset, to: offset)
        return SheetDragged(offset: offset)
    }

    /// Lifting the finger: a flick (≥ 800 pt/s down) or a drag past 35% of the height dismisses with deceleration;
    /// anything else springs back with the standard spring, carrying the finger's velocity.
    mutating func release(world: inout World) -> any ActionResult {
        guard let current = sheet, current.phase == .dragging else {
            return world.refuse(.noFinger, "no finger is on the sheet: no action is needed (ui.drag puts one on it)")
        }
        let offset = current.offset
        let velocity = current.velocity
        if velocity >= AirFitApp.flickVelocity
            || (offset >= AirFitApp.sheetHeight * AirFitApp.dismissFraction && velocity >= 0)
        {
            sheet!.phase = .presented
            if world.mode == .minimal { return dismissSheet(world: &world) }
            return flickDismiss(from: offset, velocity: velocity, world: &world)
        }
        sheet!.phase = .presented
        let normalized = offset != 0 ? velocity / -offset : 0
        move(
            .sheetOffset, to: 0, curve: AirFitApp.standardSpring(fps: world.fps, initialVelocity: normalized),
            source: "dragDismissSheet", world: &world)
        world.record(SheetSpringBackEvent(offset: offset, velocity: velocity))
        return SheetSprangBack()
    }

    /// `ui.dismiss` (or the close button): the sheet leaves from where it is now; at once in minimal mode.
    mutating func dismissSheet(world: inout World) -> any ActionResult {
        guard let current = sheet else {
            return world.refuse(
                .noSheet,
                "no sheet is presented, so there is nothing to dismiss: no action makes this dismissal work until a "
                    + "sheet is presented (a tap on \(AirFitApp.sheetOpenTarget), on the dashboard: ui.navigate {screen: dashboard})"
            )
        }
        guard current.phase != .dismissing else {
            let gone = current.goneAt.map { " and is gone at \(Refusal.describe($0)) ms" } ?? ""
            return world.refuse(
                .alreadyDismissing,
                "the detail sheet is already being dismissed\(gone): no action is needed, it goes by itself")
        }
        if world.mode == .minimal {
            world.play(.medium, source: "dragDismissSheet")
            sheet = nil
            world.set(.sheetOffset, to: 0)
            world.record(SheetDismissedEvent())
            return SheetLeaving(dismissedAt: world.now.milliseconds)
        }
        return flickDismiss(from: sheetOffset(world: world), velocity: AirFitApp.flickVelocity, world: &world)
    }

    /// Physics deceleration: x(t) = x₀ + v·τ·(1 − e^(−t/τ)) with UIScrollView's τ ≈ 0.4995 s. A velocity too small
    /// to carry the sheet off screen is raised to the least that does (it ends 20 pt below the edge), so a
    /// dismissal always completes; it completes when x reaches the sheet's height.
    ///
    /// A sheet already at or past its height (dragged below the screen's edge) has nothing left to travel: it is
    /// dismissed now (`dismissedAt` the current time, `durationMs` 0), for a release, a flick and `ui.dismiss`
    /// alike. The deceleration's formula would otherwise give a time in the past (610 pt: 346 ms ago), before the
    /// session (619.999 pt) or none at all (≥ 620 pt at rest).
    mutating func flickDismiss(from offset: Double, velocity: Double, world: inout World) -> any ActionResult {
        let tau = AirFitApp.decelerationTau
        let height = AirFitApp.sheetHeight
        if offset >= height {
            world.play(.medium, source: "dragDismissSheet")
            sheet = nil
            world.set(.sheetOffset, to: 0)
            world.record(SheetFlickEvent(offset: offset, velocity: velocity, durationMs: 0))
            world.record(SheetDismissedEvent())
            return SheetLeaving(velocity: velocity, dismissedAt: world.now.milliseconds)
        }
        let v = max(velocity, (height + 20 - offset) / tau)
        let duration = -tau * MotionMath.logarithm(1 - (height - offset) / (v * tau))
        let span = VirtualTime(seconds: duration)
        sheet = Sheet(
            phase: .dismissing, offset: offset, decayStart: world.now, decayVelocity: v, goneAt: world.now + span)
        world.set(.sheetOffset, to: offset)
        world.play(.medium, source: "dragDismissSheet")
        world.schedule(AirFitTimer.sheetDismissed, after: span)
        world.record(SheetFlickEvent(offset: offset, velocity: v, durationMs: duration * 1000))
        return SheetLeaving(velocity: v, dismissedAt: (world.now + span).milliseconds)
    }

    /// The sheet's offset now (points down from its resting place).
    func sheetOffset(world: World) -> Double {
        guard let sheet else { return 0 }
        if let start = sheet.decayStart {
            let t = (world.now - start).seconds
            let tau = AirFitApp.decelerationTau
            return min(
                sheet.offset + sheet.decayVelocity * tau * (1 - MotionMath.exponential(-t / tau)), AirFitApp.sheetHeight
            )
        }
        return world.value(.sheetOffset)
    }

    /// ParallaxContainer: device tilt moves the content up to ±4 pt, only while the device is still.
    mutating func deviceMotion(pitch: Double, roll: Double, rotationRate: Double?, world: inout World)
        -> any ActionResult
    {
        if let rate = rotationRate, abs(rate) > AirFitApp.stillRotationRate {
            return world.refuse(
                .deviceMoving,
                "the device is moving (rotation faster than 30°/s); parallax follows the tilt only while it is still: a "
                    + "reading at 30°/s or less is applied (ui.deviceMotion {pitch: 0, roll: 0, rotationRate: 0})")
        }
        func clamp(_ tilt: Double) -> Double {
            min(max(tilt / AirFitApp.parallaxFullTilt, -1), 1) * AirFitApp.parallaxRange
        }
        let x = clamp(roll)
        let y = clamp(pitch)
        let spring = AirFitApp.standardSpring(fps: world.fps)
        // SwiftUI starts no animation for a value that does not change: an axis left where it is keeps whatever
        // is moving it, and no animation is recorded for it.
        // A reading reaches the view from CoreMotion's queue, not on the render loop's frames: in an update of its own
        // before the frame that shows it (C16), which that frame's update does not hold.
        for (key, target) in [(PropertyKey.parallaxX, x), (.parallaxY, y)] where world.target(key) != target {
            if world.mode == .minimal {
                world.set(key, to: target)
            } else {
                world.animate(key, to: target, curve: spring, source: "parallaxContainer", inOwnUpdate: true)
            }
        }
        return TiltApplied(x: x, y: y)
    }
}
