import ChoreoEngine

/// One screen as AirFit's state shows it (`screens.<screen>`, `screen`): its cascade title, glass cards, targets and
/// blur budget. The screen as a whole is driven by its title's cascade clock and its cards' entrance springs.
struct ScreenView: StateObject {
    /// The screen (names its animated properties; not shown).
    var name: AirFitScreen
    var title: TitleView
    var cards: [GlassCardView]
    var elements: [ElementView]
    var layers: Int

    var animatedProperties: [String]? {
        [PropertyKey.cascade(name).path] + cards.map { PropertyKey.cardScale($0.target).path }
    }

    static let fields: [StateProperty<ScreenView>] = [
        StateProperty(
            "title", \.title, TitleView.shape, "The screen's title, with its CascadeText entrance (M1–M5)."),
        StateProperty(
            "cards", \.cards, .array(GlassCardView.shape),
            "The screen's glass cards, in the order of `elements` (dashboard 2, food 1, chat one per message, "
                + "settings 3, workout 2, onboarding none) (C2, C3).",
            animatesWith: { $0.cards.map { PropertyKey.cardScale($0.target).path } }),
        StateProperty(
            "elements", \.elements, .array(ElementView.shape), "Every target on the screen, in order (N2, H2)."),
        .group(
            "blur", "The screen's blur budget (B1).",
            [
                StateProperty(
                    "layers", \.layers, .integer("layers", 0...Int64.max),
                    "`.ultraThinMaterial` layers on the screen: one per glass card, plus 1 for the presented sheet "
                        + "on the current screen (dashboard 2, 3 with the sheet; chat 8 with the default "
                        + "messages) (B1)."),
                StateProperty(
                    "budget", { _ in AirFitApp.blurBudget }, .integer("layers", 6...6),
                    "The blur budget: at most 6 layers per screen (B1)."),
                StateProperty(
                    "exceeded", { $0.layers > AirFitApp.blurBudget }, .bool,
                    "layers > budget: the screen breaks seed 004's blur budget (the default chat does); "
                        + "`blurBudget.exceeded` is traced when it first appears (B1)."),
            ]),
    ]
}

/// A screen's title and its CascadeText glyphs; everything in it is driven by the screen's cascade clock.
struct TitleView: StateObject {
    var screen: AirFitScreen
    var text: String
    var glyphs: [GlyphView]

    func animatedProperties(at path: ArraySlice<String>) -> [String]? { [PropertyKey.cascade(screen).path] }

    static let fields: [StateProperty<TitleView>] = [
        StateProperty(
            "text", \.text, .string(choices: AirFitScreen.allCases.map(\.title)),
            "The screen's title: `Welcome\\nto AirFit`, `Daily Dashboard`, `Tap to speak`, `Coach`, "
                + "`Settings` or `Workout` (M3)."),
        StateProperty(
            "glyphs", \.glyphs, .array(GlyphView.shape),
            "One entry per character of `text`, a line break included (n = 17 for `Welcome\\nto AirFit`): "
                + "CascadeText's letter cascade, started when the screen appears (the onboarding one when "
                + "the session starts); all at rest (400, 0, 1) before it first appears and in minimal mode "
                + "(M1–M5)."),
    ]
}

/// One glyph of a CascadeText title.
struct GlyphView: StateObject {
    var glyph: String
    var delay: Double
    var weight: Double
    var offsetY: Double
    var opacity: Double

    static let fields: [StateProperty<GlyphView>] = [
        StateProperty(
            "glyph", \.glyph, .text,
            "The character (a line break is `\\n`, drawn as nothing but keeping its slot) (M3)."),
        StateProperty(
            "delay", \.delay, .number("ms", 0...12),
            "Its kinetic stagger: sin(i/n·π) × 12 ms after the cascade starts, largest in the middle (M2)."),
        StateProperty(
            "weight", \.weight, .number("font weight", 300...400),
            "Its font weight: 300 → 400 on easeOut over 588 ms after its delay (M1, M4)."),
        StateProperty(
            "offsetY", \.offsetY, .number("pt", 0...6),
            "Its y offset: 6 → 0 pt on easeOut over 588 ms after its delay (M1, M4)."),
        StateProperty(
            "opacity", \.opacity, .fraction,
            "Its opacity: 0 → 1 linearly over 588 ms after its delay (the only linear motion); the whole title is "
                + "done by 600 ms (M4, M5)."),
    ]
}

/// A glass card of a screen, driven by its entrance spring.
struct GlassCardView: StateObject {
    var target: String
    var scale: Double

    func animatedProperties(at path: ArraySlice<String>) -> [String]? { [PropertyKey.cardScale(target).path] }

    static let fields: [StateProperty<GlassCardView>] = [
        StateProperty(
            "target", \.target, .text, "The card's target, e.g. `dashboard/card/nutrition` (also in `elements`)."),
        StateProperty(
            "scale", \.scale, .number("scale", 0.96...1.008),
            "The spring entrance: 0.96 → 1 on interpolatingSpring(130, 12) at 120 fps or (130, 10.5) at 60 fps "
                + "whenever the screen appears, peaking at 1.005724 (120 fps) or 1.007840 (60 fps), settled and "
                + "snapped to 1 at 1168.7 / 1325.2 ms; 1 at rest and at once in minimal mode (C3, P6)."),
        StateProperty(
            "material", { _ in "ultraThin" }, .string(choices: ["ultraThin"]),
            "`.ultraThinMaterial`: one layer of the blur budget (C2, B1)."),
        StateProperty(
            "cornerRadius", { _ in AirFitLayout.cardRadius }, .number("pt", 20...20),
            "20 pt (continuous curve) (C2, H4)."),
        StateProperty(
            "strokeOpacity", { _ in AirFitLayout.strokeOpacity }, .number("fraction", 0.3...0.3),
            "The white 1 px stroke's opacity: 0.3 (C2)."),
        StateProperty(
            "shadowOpacity", { _ in AirFitLayout.shadowOpacity }, .number("fraction", 0.06...0.06),
            "The black shadow's opacity: 0.06 (C2, H3)."),
    ]
}

/// A target on a screen.
struct ElementView: StateObject {
    var target: String
    var kind: String
    var label: String

    static let fields: [StateProperty<ElementView>] = [
        StateProperty(
            "target", \.target, .text,
            "What `ui.tap` names: `SCREEN/KIND/ID`, e.g. `dashboard/card/performance`, "
                + "`dashboard/button/food`, `foodVoiceInput/mic/record`, `chat/card/m1` (N2)."),
        StateProperty(
            "kind", \.kind, .string(choices: ["card", "button", "flareButton", "mic"]),
            "A glass `card` (soft haptic; `dashboard/card/performance` presents the sheet), a navigation "
                + "`button` (medium haptic, pushes), a `flareButton` (rigid haptic, flare) or the `mic` "
                + "(rigid haptic, toggles recording) (H1)."),
        StateProperty(
            "label", \.label, .text,
            "Its label: a card's title or chat message, a button's name (`food`, `chat`, …), "
                + "`Get Started`, `Start workout`, `Record`."),
    ]
}
