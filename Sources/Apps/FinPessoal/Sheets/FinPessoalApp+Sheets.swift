import ChoreoEngine
import ChoreoJSON

extension FinPessoalApp {
    /// Presents a sheet. From the screen, only one sheet at a time (SwiftUI ignores a second `.sheet` on the same
    /// presenter); a sheet presented from inside a sheet stacks on top of it.
    mutating func present(
        _ sheet: String, item: String?, world: inout World, from place: String? = nil
    ) throws(SimulationError) -> JSONValue {
        guard let info = FinCatalog.sheets[sheet] else {
            throw .invalidValue(
                parameter: "sheet", expected: "one of " + FinCatalog.sheets.keys.sorted().joined(separator: ", "))
        }
        if let list = info.itemList {
            guard let item, data.ids(list).contains(item) else {
                throw .invalidValue(
                    parameter: "item", expected: "the id of one of \(list): \(data.ids(list).joined(separator: ", "))")
            }
        } else if item != nil {
            throw .invalidValue(parameter: "item", expected: "absent: \(sheet) is an isPresented sheet")
        }
        if let top = sheets.last, place != top.name {
            return [
                "presented": false,
                "reason": .string("\(top.name) is already presented; SwiftUI presents one sheet per presenter"),
            ]
        }
        presentSheet(sheet, item: item, curve: ModeTiming.sheet(world.mode), heroSource: nil, world: &world)
        return ["presented": true, "sheet": .string(sheet)]
    }

    mutating func presentSheet(
        _ sheet: String, item: String?, curve: AnimationCurve?, heroSource: String?, world: inout World
    ) {
        let id = nextSerial()
        sheets.append(SheetEntry(name: sheet, item: item, serial: id, phase: .presenting, heroSource: heroSource))
        var fields: [String: JSONValue] = ["sheet": .string(sheet)]
        if let item { fields["item"] = .string(item) }
        world.record("sheet.present", fields)
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
        world.record("sheet.presented", ["sheet": .string(sheets[index].name)])
    }

    /// A sheet being dismissed takes no taps, and neither does anything under it until it is gone (UIKit ignores
    /// touches during a dismissal transition; AirFit's modal sheet follows the same rule): -32003 naming the
    /// dismissal, with no valid targets.
    func refuseTapsWhileDismissing(_ target: String) throws(SimulationError) {
        guard let top = sheets.last, top.phase == .dismissing else { return }
        throw .unknownTarget(
            target, screen: top.name, valid: [],
            reason: "\(top.name) is being dismissed; nothing takes a tap until it is gone")
    }

    /// `ui.dismiss`: the top sheet animates away (a hero sheet reverses its hero transition).
    mutating func dismiss(world: inout World) -> JSONValue {
        guard let index = sheets.lastIndex(where: { $0.phase != .dismissing }), index == sheets.count - 1 else {
            return [
                "dismissed": false,
                "reason": sheets.isEmpty ? "no sheet is presented" : "the sheet is already dismissing",
            ]
        }
        let entry = sheets[index]
        sheets[index].phase = .dismissing
        world.record("sheet.dismiss", ["sheet": .string(entry.name)])
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
            world.schedule(
                FinTimer.sheetDismissed(serial: entry.serial),
                after: (record.logicallyCompleteAt ?? world.now) - world.now)
        } else {
            world.set(progress, to: 0)
            sheetDismissed(serial: entry.serial, world: &world)
        }
        return ["dismissed": true, "sheet": .string(entry.name)]
    }

    mutating func sheetDismissed(serial: Int, world: inout World) {
        guard let index = sheets.firstIndex(where: { $0.serial == serial }) else { return }
        let name = sheets[index].name
        sheets.remove(at: index)
        world.record("sheet.dismissed", ["sheet": .string(name)])
    }

    /// A sheet in the state: name, item, variant, phase, progress and the frosted background, which follows the
    /// current mode and Reduce Transparency (seed 002).
    func sheetState(_ entry: SheetEntry, world: World) -> JSONValue {
        let info = FinCatalog.sheets[entry.name]
        return [
            "name": .string(entry.name), "item": entry.item.map { .string($0) } ?? .null,
            "variant": .string(info?.variant ?? "isPresented"), "kind": .string(info?.kind ?? ""),
            "phase": .string(entry.phase.rawValue), "progress": .number(world.value(.sheetProgress(entry.serial))),
            "hero": .bool(entry.heroSource != nil),
            "frosted": [
                "intensity": .number(ModeTiming.frostedIntensity(world.mode)),
                "tint": .number(ModeTiming.frostedTint(world.mode)),
                "material": .string(ModeTiming.material(world.settings)),
            ],
            "elements": .array(
                FinCatalog.elements(ofSheet: entry.name, item: entry.item).map { elementState($0, world: world) }),
        ]
    }
}
