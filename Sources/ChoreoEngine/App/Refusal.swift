import ChoreoJSON

/// An app declines a valid action now: the one shape every app answers with, for every action (protocol/README.md
/// "Refusals", behavior.md N10). Nothing changed: no state, no haptic, no animation.
///
/// A refusal is a result, not an error: the request was valid and may succeed later, or in another state. Requests
/// that can never succeed as written stay errors (-32602 a bad parameter, -32003 a target that is not on screen).
public struct Refusal: Sendable, Hashable {
    /// Why, as a stable code clients and journeys can compare. The message says the same in words.
    ///
    /// The engine declares the reasons every app shares (``engineReasons``); an app declares its own as static
    /// constants in an extension and lists them in ``AppModel/refusalReasons``.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        /// The code on the wire, e.g. `sheetPresented`.
        public let rawValue: String
        /// What the code means and which actions answer it, for the OpenRPC document and protocol/README.md.
        public let summary: String

        public init(_ rawValue: String, summary: String) {
            self.rawValue = rawValue
            self.summary = summary
        }

        public var description: String { rawValue }

        public static func == (lhs: Reason, rhs: Reason) -> Bool { lhs.rawValue == rhs.rawValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// A sheet covers the screen: dismiss it first (`ui.dismiss`).
        public static let sheetPresented = Reason(
            "sheetPresented",
            summary: "A sheet covers the screen (navigate, back, present, pull): dismiss it first (ui.dismiss).")
        /// A sheet is being dismissed: nothing under it, and nothing on it, takes an action until it is gone.
        public static let sheetDismissing = Reason(
            "sheetDismissing",
            summary: "A sheet is being dismissed: nothing on it or under it takes an action until it is gone; "
                + "retryAfterMs when waiting alone helps (not for a target on the leaving sheet).")
        /// `ui.dismiss` on a sheet that is already being dismissed.
        public static let alreadyDismissing = Reason(
            "alreadyDismissing", summary: "ui.dismiss (or a close button) on a sheet already being dismissed.")
        /// `ui.dismiss` or a sheet drag with no sheet presented.
        public static let noSheet = Reason(
            "noSheet", summary: "ui.dismiss, or an app's sheet drag, with no sheet presented.")
        /// A second sheet from the screen while one is up (SwiftUI presents one sheet per presenter).
        public static let oneSheetPerPresenter = Reason(
            "oneSheetPerPresenter",
            summary: "ui.present from the screen while a sheet is up (SwiftUI presents one sheet per presenter).")
        /// `ui.back` at the root of the navigation stack.
        public static let atRoot = Reason("atRoot", summary: "ui.back at the root of the navigation stack.")
        /// A drag or release with no finger down.
        public static let noFinger = Reason(
            "noFinger", summary: "ui.drag or ui.release with no finger down (a chart, a pull, a sheet drag).")

        /// A tap on something no frame has shown yet (a sheet presented at this very instant): nothing not yet drawn
        /// takes a tap.
        public static let notShownYet = Reason(
            "notShownYet",
            summary: "A tap on an element no frame shows yet (a sheet presented at this instant): nothing not yet "
                + "drawn takes a tap; retryAfterMs up to the first frame that shows it.")

        /// A new touch while a finger is down on another gesture: one finger at a time (behavior.md N13).
        public static let fingerBusy = Reason(
            "fingerBusy",
            summary: "A touch (ui.tap, ui.touch, ui.pull) while a finger is down on another gesture (FinPessoal: the "
                + "chart held or a pull; AirFit: the sheet dragged): one finger at a time, ui.release first; no "
                + "retryAfterMs (lifting helps, not waiting).")

        /// The reasons every app may answer, in document order; each app adds its own
        /// (``AppModel/refusalReasons``).
        public static let engineReasons: [Reason] = [
            sheetPresented, sheetDismissing, alreadyDismissing, noSheet, oneSheetPerPresenter, atRoot, noFinger,
            notShownYet, fingerBusy,
        ]
    }

    public var reason: Reason
    /// The reason in words, naming what would help (never an action that is itself refused now).
    public var message: String
    /// The first instant the same request is accepted if nothing else changes (the end of what blocks it), or nil
    /// when waiting alone does not help.
    public var acceptedFrom: VirtualTime?
    /// Every blocker's code, `reason` first, when more than one blocks the request (``init(_:now:)``); empty when
    /// `reason` is the only one.
    public var blockers: [Reason] = []

    public init(_ reason: Reason, _ message: String, acceptedFrom: VirtualTime? = nil) {
        self.reason = reason
        self.message = message
        self.acceptedFrom = acceptedFrom
    }

    /// Whole milliseconds to advance the clock from `now` before the same request is accepted: the least whole
    /// number n ≥ 1 such that now + n ms ≥ ``acceptedFrom`` (what ends at this very instant but has not fired yet
    /// is gone after 1 ms: never 0, issue 44 #2); nil when waiting alone does not help.
    public func retryAfterMilliseconds(now: VirtualTime) -> Int64? {
        guard let acceptedFrom else { return nil }
        return Refusal.retryAfterMilliseconds(now: now, acceptedFrom: acceptedFrom)
    }

    /// The refusal on the wire, the same for every action: `{refused: true, reason, message, retryAfterMs?}`.
    public func result(now: VirtualTime) -> RefusalResult {
        RefusalResult(self, now: now)
    }

    /// `ui.back` at the root, in every app: nothing pops, and no action changes that but a push.
    public static let atRootMessage =
        "already at the root of the navigation stack: no action makes ui.back pop anything until a screen is pushed"

    /// Virtual time as whole-or-fractional milliseconds for messages.
    public static func describe(_ time: VirtualTime) -> String {
        let ms = time.milliseconds
        return ms == ms.rounded() ? String(Int64(ms)) : String(ms)
    }
}

extension World {
    /// Answers a refusal now: the one place a ``Refusal`` becomes a result.
    public func refuse(_ refusal: Refusal) -> RefusalResult {
        refusal.result(now: now)
    }

    /// Words for waiting until the request is accepted at `acceptedFrom`: how far to advance the clock from now
    /// (the refusal's `retryAfterMs`).
    public func waitAdvice(acceptedFrom: VirtualTime) -> String {
        Refusal.waitAdvice(now: now, acceptedFrom: acceptedFrom)
    }

    /// Answers a refusal now.
    public func refuse(_ reason: Refusal.Reason, _ message: String, acceptedFrom: VirtualTime? = nil) -> RefusalResult {
        refuse(Refusal(reason, message, acceptedFrom: acceptedFrom))
    }
}
