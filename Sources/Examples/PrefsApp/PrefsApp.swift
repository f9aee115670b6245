import ChoreoEngine
import ChoreoJSON

/// Prefs, the third app: a small settings screen built only through Choreo's public API, as a team would model its
/// own app (protocol/adding-an-app.md walks through it). A list of rows on `settings`: two toggles that flip with a
/// spring and a selection haptic, a row that pushes `about`, and a row that presents the `account` sheet, whose Done
/// button dismisses it.
///
/// Decisions (the app has no seed; these are its design): the knob moves on `.spring(response: 0.35,
/// dampingFraction: 0.8)`, at once in minimal mode; the haptic plays in every mode; the sheet and the pushed screen
/// appear at once (the example models one animated value).
public struct PrefsApp: AppModel {
    public static let appName = "prefs"
    public static let guide: AppGuide? = AppGuide(
        title: "Prefs guide", summary: "How Prefs was modelled, step by step (protocol/adding-an-app.md).",
        file: "adding-an-app.md")

    /// The knob's spring.
    static let knobCurve = AnimationCurve.spring(response: 0.35, dampingFraction: 0.8)
    /// What a toggle's knob animation and its haptic are recorded as coming from.
    static let toggleSource = "toggle"

    var stack: [PrefsScreen] = [.settings]
    /// Each toggle's value at launch, in list order.
    static let defaultToggles: [(PrefsToggle, Bool)] = [(.notifications, true), (.darkMode, false)]
    var toggles = Dictionary(uniqueKeysWithValues: defaultToggles)
    var sheet: PrefsSheet?

    public init(data: [String: JSONValue], world: inout World) throws(SimulationError) {
        if let key = data.keys.sorted().first {
            throw .invalidValue(parameter: "data.\(key)", expected: "absent: prefs has no dataset to replace")
        }
        for (toggle, on) in toggles { world.set(.knob(toggle), to: on ? 1 : 0) }
    }

    var screen: PrefsScreen { stack.last ?? .settings }

    public mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> any ActionResult {
        switch action {
        case .navigate(let name):
            guard let screen = PrefsScreen(rawValue: name) else {
                throw .unknownScreen(name, valid: Self.screens)
            }
            if sheet != nil { return refuseUnderSheet(world: world) }
            navigate(to: [screen], world: &world)
            return ScreenShown(screen: screen)
        case .back:
            guard stack.count > 1 else {
                return world.refuse(.atRoot, Refusal.atRootMessage)
            }
            if sheet != nil { return refuseUnderSheet(world: world) }
            navigate(to: Array(stack.dropLast()), world: &world)
            return Popped(screen: screen.rawValue)
        case .tap(let target, nil):
            return try tap(target, world: &world)
        case .tap(_, .some):
            throw .invalidValue(parameter: "point", expected: "absent: Prefs has no target that takes a point")
        case .present(let name, nil):
            guard let presented = PrefsSheet(rawValue: name) else {
                throw .invalidValue(
                    parameter: "sheet",
                    expected: "one of: " + PrefsSheet.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if sheet != nil {
                return world.refuse(.oneSheetPerPresenter, "a sheet is already presented: ui.dismiss it first")
            }
            present(presented, world: &world)
            return SheetShown(sheet: presented)
        case .dismiss:
            return dismiss(world: &world)
        case .command(let command as PrefsCommand):
            return apply(command, world: &world)
        default:
            throw .unsupportedAction(action.methodName, app: Self.appName)
        }
    }

    public mutating func handle(_ timer: ScheduledTimer, world: inout World) {}

    func refuseUnderSheet(world: World) -> RefusalResult {
        world.refuse(.sheetPresented, "the account sheet covers the screen: dismiss it first (ui.dismiss)")
    }

    /// Taps an element on screen (the sheet's when one is up).
    mutating func tap(_ target: String, world: inout World) throws(SimulationError) -> any ActionResult {
        if let sheet {
            guard sheet.elements.contains(where: { $0.target == target }) else {
                if screen.elements.contains(where: { $0.target == target }) { return refuseUnderSheet(world: world) }
                throw .unknownTarget(target, screen: sheet.rawValue, valid: sheet.elements.map(\.target))
            }
            return dismiss(world: &world)
        }
        guard let element = screen.elements.first(where: { $0.target == target }) else {
            throw .unknownTarget(target, screen: screen.rawValue, valid: screen.elements.map(\.target))
        }
        guard let action = element.tap else { return dismiss(world: &world) }
        switch action {
        case .toggle(let toggle):
            let on = !(toggles[toggle] ?? false)
            set(toggle, on: on, tapped: true, world: &world)
            return Toggled(toggle: toggle, on: on)
        case .push(let destination):
            navigate(to: stack + [destination], world: &world)
            return ScreenShown(screen: destination)
        case .present(let presented):
            present(presented, world: &world)
            return SheetShown(sheet: presented)
        }
    }

    /// Sets a toggle: its knob springs (at once in minimal mode), a tap plays the selection haptic, and the trace
    /// says so.
    mutating func set(_ toggle: PrefsToggle, on: Bool, tapped: Bool, world: inout World) {
        toggles[toggle] = on
        if world.mode == .minimal {
            world.set(.knob(toggle), to: on ? 1 : 0)
        } else {
            world.animate(.knob(toggle), to: on ? 1 : 0, curve: Self.knobCurve, source: Self.toggleSource)
        }
        if tapped { world.play(.selection, source: Self.toggleSource) }
        world.record(ToggleChangedEvent(toggle: toggle, on: on))
    }

    mutating func navigate(to newStack: [PrefsScreen], world: inout World) {
        let from = screen
        stack = newStack
        world.record(NavigationEvent(from: from, to: screen))
    }

    mutating func present(_ presented: PrefsSheet, world: inout World) {
        sheet = presented
        world.record(SheetPresentEvent(sheet: presented))
    }

    mutating func dismiss(world: inout World) -> any ActionResult {
        guard let shown = sheet else {
            return world.refuse(
                .noSheet, "no sheet is presented: no action makes this dismissal work until one is (ui.present)")
        }
        sheet = nil
        world.record(SheetDismissedEvent(sheet: shown))
        return SheetGone(dismissed: shown)
    }
}

extension PropertyKey {
    /// A toggle's knob: 0 off (left), 1 on (right), a fraction of its travel.
    static func knob(_ toggle: PrefsToggle) -> PropertyKey { PropertyKey("toggles.\(toggle.rawValue).knob") }
}
