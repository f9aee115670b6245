import ChoreoEngine

/// A frosted sheet as the state shows it (`sheet`, `sheets.<i>`, seed 002): name, item, variant, phase, progress
/// and the frosted background, which follows the current mode and Reduce Transparency. The whole node is driven by
/// the sheet's own animations (`sheet.<serial>.…`).
struct SheetView: StateObject {
    /// The sheet's serial (names its animated properties; not shown).
    var serial: Int
    var name: FinSheet
    var item: String?
    var variant: FinSheet.Variant
    var kind: FinSheet.Kind
    var phase: SheetPhase
    var progress: Double
    var hero: Bool
    var frosted: FrostedView
    var elements: [ElementView]

    var animatedProperties: [String]? { ["sheet.\(serial)"] }

    static let fields: [StateProperty<SheetView>] = [
        StateProperty("name", \.name, FinPessoalApp.sheetNameShape, "The sheet (seed 002's migration list)."),
        StateProperty(
            "item", \.item, .nullable(.text, whenNull: "an isPresented sheet"),
            "The data id an item sheet shows (`transactionDetail` of `t1`); the tapped row's id for a hero sheet."),
        StateProperty(
            "variant", \.variant, .choice(FinSheet.Variant.self),
            "FrostedSheetModifier (Boolean binding) or FrostedSheetItemModifier (item binding), seed 002."),
        StateProperty(
            "kind", \.kind, .choice(FinSheet.Kind.self),
            "The sheet's batch in seed 002."),
        StateProperty(
            "phase", \.phase, .choice(SheetPhase.self),
            "`presenting` until the presentation curve is logically complete, then `presented`; `dismissing` after `ui.dismiss` until it is gone from `sheets`."
        ),
        StateProperty(
            "progress", \.progress, .number("fraction"),
            "The presentation, 0 off screen to 1 up: spring(0.5, 1.0) full, 250 ms ease-out reduced, at once minimal; a hero sheet runs on the hero curve (spring(0.4, 0.8) in full mode, which overshoots 1 slightly).",
            animatesWith: { [PropertyKey.sheetProgress($0.serial).path] }),
        StateProperty(
            "hero", \.hero, .bool, "Whether a hero link presented it (its dismissal reverses the hero transition)."),
        StateProperty(
            "frosted", \.frosted, FrostedView.shape,
            "The frosted background (seed 002), derived from the settings when read."
        ),
        StateProperty(
            "elements", \.elements, .array(FinPessoalApp.sheetElementShape),
            "The sheet's elements: a `close` button, plus `edit` on `transactionDetail` (stacks `editTransaction`)."),
    ]
}

/// A sheet's frosted background in the effective mode (seed 002).
struct FrostedView: StateObject {
    var intensity: Double
    var tint: Double
    var material: FrostedMaterial

    static let fields: [StateProperty<FrostedView>] = [
        StateProperty(
            "intensity", \.intensity, .fraction,
            "The frosted material's intensity in the effective mode (seed 002): 1 full, 0.7 reduced, 0 minimal (solid)."
        ),
        StateProperty(
            "tint", \.tint, .number("fraction", 0...0.05),
            "The warm tint's opacity (Color.oldMoney.surface): 0.05 full, 0.02 reduced, 0 minimal."),
        StateProperty(
            "material", \.material, FinPessoalApp.materialShape,
            "`ultraThin`; `regular` with Reduce Transparency; `solid` in minimal. Follows settings at once."),
    ]
}
