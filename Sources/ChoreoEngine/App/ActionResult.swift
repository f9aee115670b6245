import ChoreoJSON

/// What an app answers to an action (a `ui.*` method, or one of its own `app.*` commands): a typed value declared
/// field by field (``StateObject``), so its JSON on the wire and the method's result schema come from one
/// declaration.
///
/// An app lists the types it answers with in ``AppModel/actionResults``; the OpenRPC document builds each action
/// method's result schema from the hosting apps' types that name it in ``answers`` (any action may also answer a
/// ``RefusalResult``). A debug build checks every answer against that list (``Simulation/perform(_:)``).
///
/// ```swift
/// struct Toggled: ActionResult {
///     var toggle: String
///     var on: Bool
///     static let answers = ["ui.tap"]
///     static let summary = "A toggle was tapped: its new value."
///     static let fields: [StateProperty<Toggled>] = [
///         StateProperty("toggle", \.toggle, .text, "The toggle's id."),
///         StateProperty("on", \.on, .bool, "Whether it is on now."),
///     ]
/// }
/// ```
public protocol ActionResult: StateObject {
    /// The methods answered with this value (`ui.tap`, `app.contribute`).
    static var answers: [String] { get }
    /// What the answer says, in one sentence, for the method's result schema.
    static var summary: String { get }
}

extension ActionResult {
    /// The type's name as the result schemas title it (`HeroStarted`).
    public static var resultName: String { String(describing: self) }
}

/// `{popped: true, screen}`: `ui.back` popped the navigation stack; `screen` is the one shown now.
public struct Popped: ActionResult {
    public var popped = true
    public var screen: String

    public init(screen: String) { self.screen = screen }

    public static let answers = ["ui.back"]
    public static let summary = "The navigation stack was popped."
    public static let fields: [StateProperty<Popped>] = [
        StateProperty("popped", \.popped, .bool, "Always true."),
        StateProperty("screen", \.screen, .text, "The screen shown now."),
    ]
}

/// `{presented: true, sheet}`: a sheet is presented (`ui.present`, or a tap on what presents it).
public struct SheetPresented: ActionResult {
    public var presented = true
    public var sheet: String

    public init(sheet: String) { self.sheet = sheet }

    public static let answers = ["ui.present", "ui.tap"]
    public static let summary = "A sheet is presented."
    public static let fields: [StateProperty<SheetPresented>] = [
        StateProperty("presented", \.presented, .bool, "Always true."),
        StateProperty("sheet", \.sheet, .text, "The sheet presented."),
    ]
}

/// `{refused: true, reason, message, retryAfterMs?}`: the one shape every app answers a declined action with
/// (``Refusal``); it answers every action method.
public struct RefusalResult: ActionResult {
    public var refused = true
    public var reason: String
    public var message: String
    /// Whole milliseconds to wait before the same request is accepted, or nil when waiting alone does not help.
    public var retryAfterMs: Int64?
    /// Every blocker's code, `reason` first, when more than one blocks; nil when `reason` is the only one.
    public var blockers: [String]?

    public init(_ refusal: Refusal, now: VirtualTime) {
        reason = refusal.reason.rawValue
        message = refusal.message
        retryAfterMs = refusal.retryAfterMilliseconds(now: now)
        blockers = refusal.blockers.count > 1 ? refusal.blockers.map(\.rawValue) : nil
    }

    /// Every action may be refused: no list.
    public static let answers: [String] = []
    public static let summary = "The app declined the action now; nothing changed."
    public static let fields: [StateProperty<RefusalResult>] = [
        StateProperty("refused", \.refused, .bool, "Always true."),
        StateProperty("reason", \.reason, .text, "A stable code (app.describe's refusalReasons)."),
        StateProperty("message", \.message, .text, "The reason in words, naming what would help."),
        StateProperty(
            "retryAfterMs", \.retryAfterMs, .integer("ms", 1...Int64.max),
            "Advance the clock this long and the same request is accepted, if nothing else changes: every "
                + "blocker present is gone by then.",
            presentWhen: "waiting alone removes every blocker"),
        StateProperty(
            "blockers", \.blockers, .array(.text),
            "Every blocker's code, reason first (the message names each).",
            presentWhen: "more than one thing blocks the request"),
    ]
}

extension AppModel {
    /// Whether the app declares `result` as an answer to `method` (a refusal answers every method).
    public static func declares(_ result: any ActionResult.Type, for method: String) -> Bool {
        AppDeclarations.of(self).declares(result, for: method)
    }
}
