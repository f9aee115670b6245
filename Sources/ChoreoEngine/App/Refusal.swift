import ChoreoJSON

/// An app declines a valid action now: the one shape every app answers with, for every action (protocol/README.md
/// "Refusals", behavior.md N10). Nothing changed: no state, no haptic, no animation.
///
/// A refusal is a result, not an error: the request was valid and may succeed later, or in another state. Requests
/// that can never succeed as written stay errors (-32602 a bad parameter, -32003 a target that is not on screen).
public struct Refusal: Sendable, Hashable {
    /// Why, as a stable code clients and journeys can compare. The message says the same in words.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// A sheet covers the screen: dismiss it first (`ui.dismiss`).
        case sheetPresented
        /// A sheet is being dismissed: nothing under it, and nothing on it, takes an action until it is gone.
        case sheetDismissing
        /// `ui.dismiss` on a sheet that is already being dismissed.
        case alreadyDismissing
        /// `ui.dismiss` or a sheet drag with no sheet presented.
        case noSheet
        /// A second sheet from the screen while one is up (SwiftUI presents one sheet per presenter).
        case oneSheetPerPresenter
        /// `ui.back` at the root of the navigation stack.
        case atRoot
        /// `ui.navigate` to the screen already shown (AirFit: its onAppear does not fire again).
        case alreadyShown
        /// A hero link tapped while another hero transition runs (HeroTransitionCoordinator).
        case heroTransitionRunning
        /// The dashboard is loading: no pull, and its chart is a skeleton.
        case dashboardLoading
        /// Pull-to-refresh while a refresh runs (until the indicator is idle again).
        case refreshRunning
        /// Pull-to-refresh away from the dashboard.
        case notOnDashboard
        /// Pull-to-refresh with the dashboard scrolled away from the top.
        case scrolledDown
        /// The chart's card has not started to fade in yet.
        case chartNotVisible
        /// A chart point the line has not reached yet (not appeared).
        case pointNotReached
        /// A drag or release with no finger down.
        case noFinger
        /// The finger already holds another gesture (a chart touch, or a pull): one gesture at a time.
        case fingerBusy
        /// Device motion while the device rotates faster than 30°/s (AirFit's parallax).
        case deviceMoving
        /// `app.finishLoading` with nothing loading.
        case nothingLoading

        /// What the code means and which actions answer it, for the OpenRPC document and protocol/README.md.
        public var summary: String {
            switch self {
            case .sheetPresented:
                return "A sheet covers the screen (navigate, back, present, pull): dismiss it first (ui.dismiss)."
            case .sheetDismissing:
                return "A sheet is being dismissed: nothing on it or under it takes an action until it is gone; "
                    + "retryAfterMs when waiting alone helps (not for a target on the leaving sheet)."
            case .alreadyDismissing: return "ui.dismiss (or a close button) on a sheet already being dismissed."
            case .noSheet: return "ui.dismiss, or AirFit's sheet drag, with no sheet presented."
            case .oneSheetPerPresenter:
                return "ui.present from the screen while a sheet is up (SwiftUI presents one sheet per presenter)."
            case .atRoot: return "ui.back at the root of the navigation stack."
            case .alreadyShown: return "AirFit: ui.navigate to the screen already shown (its onAppear does not fire)."
            case .heroTransitionRunning:
                return "FinPessoal: a hero link tapped while another hero transition runs; retryAfterMs while it "
                    + "reverses (the link is on screen again when it ends), none while it runs forward."
            case .dashboardLoading:
                return "FinPessoal: the dashboard is loading (a pull; the chart is a skeleton); retryAfterMs when the "
                    + "load's end is known (for the chart: its card's fade-in and, in full mode, the point's appearance)."
            case .refreshRunning:
                return "FinPessoal: ui.pull while a refresh runs or shows its check mark; retryAfterMs when the "
                    + "load's end is known (the indicator is idle after the hold and the fade)."
            case .notOnDashboard: return "FinPessoal: ui.pull away from the dashboard."
            case .scrolledDown: return "FinPessoal: ui.pull with the dashboard scrolled away from the top."
            case .chartNotVisible:
                return "FinPessoal: a chart touch or tap before its card has started to fade in (retryAfterMs)."
            case .pointNotReached:
                return "FinPessoal: a chart tap, touch or scrub onto a point the line has not reached (retryAfterMs)."
            case .noFinger: return "ui.drag or ui.release with no finger down (chart, pull-to-refresh, AirFit sheet)."
            case .fingerBusy:
                return "FinPessoal: ui.pull while the chart is held, or ui.touch on the chart while pulling: one "
                    + "gesture at a time, ui.release first."
            case .deviceMoving: return "AirFit: ui.deviceMotion with the device rotating faster than 30°/s."
            case .nothingLoading: return "FinPessoal: app.finishLoading with no load running."
            }
        }
    }

    public var reason: Reason
    /// The reason in words, naming what would help (never an action that is itself refused now).
    public var message: String
    /// The first instant the same request is accepted if nothing else changes (the end of what blocks it), or nil
    /// when waiting alone does not help.
    public var acceptedFrom: VirtualTime?

    public init(_ reason: Reason, _ message: String, acceptedFrom: VirtualTime? = nil) {
        self.reason = reason
        self.message = message
        self.acceptedFrom = acceptedFrom
    }

    /// Whole milliseconds to advance the clock from `now` before the same request is accepted: the least whole
    /// number n such that now + n ms ≥ ``acceptedFrom``; nil when waiting alone does not help.
    public func retryAfterMilliseconds(now: VirtualTime) -> Int64? {
        guard let acceptedFrom else { return nil }
        let span = max(acceptedFrom.nanoseconds - now.nanoseconds, 0)
        return (span + 999_999) / 1_000_000
    }

    /// The refusal on the wire, the same for every action: `{refused: true, reason, message, retryAfterMs?}`.
    public func result(now: VirtualTime) -> JSONValue {
        var object: [String: JSONValue] = [
            "refused": true, "reason": .string(reason.rawValue), "message": .string(message),
        ]
        if let ms = retryAfterMilliseconds(now: now) { object["retryAfterMs"] = .int(ms) }
        return .object(object)
    }

    /// Virtual time as whole-or-fractional milliseconds for messages.
    public static func describe(_ time: VirtualTime) -> String {
        let ms = time.milliseconds
        return ms == ms.rounded() ? String(Int64(ms)) : String(ms)
    }
}

extension World {
    /// Answers a refusal now: the one place a ``Refusal`` becomes a result.
    public func refuse(_ refusal: Refusal) -> JSONValue {
        refusal.result(now: now)
    }

    /// Words for waiting until the request is accepted at `acceptedFrom`: how far to advance the clock from now
    /// (the refusal's `retryAfterMs`).
    public func waitAdvice(acceptedFrom: VirtualTime) -> String {
        let ms = Refusal(.noFinger, "", acceptedFrom: acceptedFrom).retryAfterMilliseconds(now: now) ?? 0
        return "advance the clock \(ms) ms (clock.advance {ms: \(ms)}) and try again"
    }

    /// Answers a refusal now.
    public func refuse(_ reason: Refusal.Reason, _ message: String, acceptedFrom: VirtualTime? = nil) -> JSONValue {
        refuse(Refusal(reason, message, acceptedFrom: acceptedFrom))
    }
}
