import ChoreoEngine
import ChoreoJSON

extension FinPessoalApp {
    /// `ui.present`: the sheet it names, presented as ``present(_:item:world:from:)`` says.
    mutating func present(
        named name: String, item: String?, world: inout World
    ) throws(SimulationError) -> any ActionResult {
        guard let sheet = FinSheet(rawValue: name) else {
            throw .invalidValue(
                parameter: "sheet", expected: "one of " + FinSheet.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return try present(sheet, item: item, world: &world)
    }

    /// Presents a sheet. From the screen, only one sheet at a time (SwiftUI ignores a second `.sheet` on the same
    /// presenter); a sheet presented from inside a sheet (`place`, where the tap landed) stacks on top of it.
    mutating func present(
        _ sheet: FinSheet, item: String?, world: inout World, from place: FinPlace? = nil
    ) throws(SimulationError) -> any ActionResult {
        if let list = sheet.itemType?.list {
            guard let item, data.ids(list).contains(item) else {
                throw .invalidValue(
                    parameter: "item", expected: "the id of one of \(list): \(data.ids(list).joined(separator: ", "))")
            }
        } else if item != nil {
            throw .invalidValue(parameter: "item", expected: "absent: \(sheet.rawValue) is an isPresented sheet")
        }
        if let top = sheets.last, place != .sheet(top.name) {
            if top.phase == .dismissing, let refusal = sheetRefusal(world: world) { return world.refuse(refusal) }
            return world.refuse(
                .oneSheetPerPresenter,
                "\(top.name.rawValue) is already presented and SwiftUI presents one sheet per presenter: dismiss it "
                    + "first (ui.dismiss), or present from inside it")
        }
        presentSheet(sheet, item: item, curve: ModeTiming.sheet(world.mode), heroSource: nil, world: &world)
        return SheetPresented(sheet: sheet.rawValue)
    }

    mutating func presentSheet(
        _ sheet: FinSheet, item: String?, curve: AnimationCurve?, heroSource: String?, world: inout World
    ) {
        let id = nextSerial()
        // Nothing not yet drawn takes a tap (issue 44 #5): an animated sheet shows from the first frame past its
        // start, a sheet without animation at once.
        let shownFrom = world.firstShown(animated: curve != nil)
        sheets.append(
            SheetEntry(
                name: sheet, item: item, serial: id, phase: .presenting, heroSource: heroSource, shownFrom: shownFrom))
        world.record(SheetPresentEvent(sheet: sheet, item: item))
        let progress = PropertyKey.sheetProgress(id)
        if let curve {
            let record = world.animate(progress, from: 0, to: 1, curve: curve, source: "sheet")
            world.schedule(
                FinTimer.sheetPresented(serial: id),
                after: (record.logicallyCompleteAt ?? world.now) - world.now)
        } else {
            world.set(progress, to: 1)
            sheetPresented(serial: id, world: &world)
        }
    }

    mutating func sheetPresented(serial: Int, world: inout World) {
        guard let index = sheets.firstIndex(where: { $0.serial == serial }), sheets[index].phase == .presenting else {
            return
        }
        sheets[index].phase = .presented
        world.record(SheetPresentedEvent(sheet: sheets[index].name))
    }

    /// A sheet being dismissed takes no taps, and neither does anything under it until it is gone (UIKit ignores
    /// touches during a dismissal transition; AirFit's modal sheet follows the same rule), behavior.md N5. A target
    /// on the leaving sheet is refused for good (it will not be there); one under it is refused until the sheet is
    /// gone (`retryAfterMs`); any other target is -32003 naming the dismissal, with the targets under it as the
    /// valid ones (they take taps once it is gone). A sheet presented and dismissed at the same instant is not
    /// drawn yet either: its own target's refusal names that too (`notShownYet`, issue 44's pairs).
    func tapBlockersWhileDismissing(_ target: String, world: World) throws(SimulationError) -> [Refusal.Blocker] {
        guard let top = sheets.last, top.phase == .dismissing, let goneAt = top.goneAt else { return [] }
        let gone = "\(top.name.rawValue) is being dismissed and is gone at \(Refusal.describe(goneAt)) ms"
        if FinCatalog.elements(ofSheet: top.name, item: top.item).contains(where: { $0.target == target }) {
            return [Refusal.Blocker(.sheetDismissing, "\(gone); \(target) goes with it and takes no tap again")]
                + drawnBlockers(world: world)
        }
        let under: [ScreenElement]
        if sheets.count > 1 {
            let below = sheets[sheets.count - 2]
            under = FinCatalog.elements(ofSheet: below.name, item: below.item)
        } else {
            under = FinCatalog.elements(of: currentScreen, data: data)
        }
        // What takes taps once it is gone: the elements under it, and the chart when the dashboard is.
        let valid =
            under.map(\.target) + (sheets.count == 1 && currentScreen == .dashboard ? [SpendingChart.target] : [])
        guard valid.contains(target) else {
            // Listed as AirFit lists its screen under a leaving sheet.
            throw .unknownTarget(
                target, screen: top.name.rawValue, valid: valid,
                reason: "\(top.name.rawValue) is being dismissed; once it is gone these targets take taps")
        }
        return [Refusal.Blocker(.sheetDismissing, "\(gone); \(target) is under it", goneAt: goneAt)]
    }

    /// `ui.dismiss` with no sheet up.
    static let noSheetToDismiss =
        "no sheet is presented, so there is nothing to dismiss: no action makes this dismissal work until a sheet is "
        + "presented (ui.present)"

    /// `ui.dismiss`: the top sheet animates away (a hero sheet reverses its hero transition).
    mutating func dismiss(world: inout World) -> any ActionResult {
        guard let top = sheets.last else { return world.refuse(.noSheet, FinPessoalApp.noSheetToDismiss) }
        guard top.phase != .dismissing, let index = sheets.indices.last else {
            let gone = top.goneAt.map { " and is gone at \(Refusal.describe($0)) ms" } ?? ""
            let next =
                sheets.count > 1
                ? "; then \(sheets[sheets.count - 2].name.rawValue) can be dismissed (ui.dismiss)"
                : ": no action is needed, it goes by itself"
            return world.refuse(.alreadyDismissing, "\(top.name.rawValue) is already being dismissed\(gone)\(next)")
        }
        let entry = sheets[index]
        sheets[index].phase = .dismissing
        world.record(SheetDismissEvent(sheet: entry.name))
        world.cancelTimer(FinTimer.sheetPresented(serial: entry.serial))
        let curve: AnimationCurve?
        if let source = entry.heroSource {
            reverseHeroTransition(source: source, world: &world)
            curve = ModeTiming.hero(world.mode)
        } else {
            curve = ModeTiming.sheet(world.mode)
        }
        let progress = PropertyKey.sheetProgress(entry.serial)
        if let curve {
            let record = world.animate(progress, to: 0, curve: curve, source: "sheet")
            let goneAt = record.logicallyCompleteAt ?? world.now
            sheets[index].goneAt = goneAt
            world.schedule(FinTimer.sheetDismissed(serial: entry.serial), after: goneAt - world.now)
        } else {
            world.set(progress, to: 0)
            sheetDismissed(serial: entry.serial, world: &world)
        }
        return SheetDismissed(sheet: entry.name)
    }

    mutating func sheetDismissed(serial: Int, world: inout World) {
        guard let index = sheets.firstIndex(where: { $0.serial == serial }) else { return }
        let name = sheets[index].name
        sheets.remove(at: index)
        world.record(SheetDismissedEvent(sheet: name))
    }

    /// A sheet in the state, its frosted background following the current mode and Reduce Transparency.
    func sheetState(_ entry: SheetEntry, world: World) -> SheetView {
        SheetView(
            serial: entry.serial, name: entry.name, item: entry.item, variant: entry.name.variant,
            kind: entry.name.kind, phase: entry.phase, progress: world.value(.sheetProgress(entry.serial)),
            hero: entry.heroSource != nil,
            frosted: FrostedView(
                intensity: ModeTiming.frostedIntensity(world.mode), tint: ModeTiming.frostedTint(world.mode),
                material: ModeTiming.material(world.settings)),
            elements: FinCatalog.elements(ofSheet: entry.name, item: entry.item).map {
                ElementView($0, highContrast: world.settings.highContrast)
            })
    }
}
