import ChoreoEngine

/// An element of a screen or sheet as the state shows it, with its VoiceOver label, hint and traits (seed 000) and
/// the High Contrast border of hero cards.
struct ElementView: StateObject {
    var target: String
    var kind: ElementKind
    var id: String
    var label: String
    /// True for a hero link; nil (absent) otherwise.
    var heroLink: Bool?
    var hint: String?
    /// The High Contrast border of a hero card, in points.
    var border: Double?
    /// True for the decorative header; nil (absent) otherwise.
    var accessibilityHidden: Bool?
    var traits: [String]

    init(_ element: ScreenElement, highContrast: Bool) {
        target = element.target
        kind = element.kind
        id = element.id
        label = element.label
        traits = []
        switch element.action {
        case .hero:
            heroLink = true
            hint = "Double tap to view details"
            border = highContrast ? 2 : 0
            traits.append("button")
        case .present, .dismiss:
            traits.append("button")
        case .none:
            break
        }
        if element.kind == .header { accessibilityHidden = true }
    }

    static let fields: [StateProperty<ElementView>] = [
        StateProperty(
            "target", \.target, .text,
            "What `ui.tap` takes: `SCREEN/KIND/ID` on a screen (`transactions/row/t1`), `SHEET/button/ID` in a sheet."),
        StateProperty(
            "kind", \.kind, .choice(ElementKind.self),
            "The element's kind (the middle part of its target)."),
        StateProperty(
            "id", \.id, .text, "The element's id (the last part of its target): a data id or a fixed name."),
        StateProperty(
            "label", \.label, .text,
            "Its VoiceOver label (seed 000), e.g. `Transaction: Coffee`; empty for the decorative header."),
        StateProperty(
            "heroLink", \.heroLink, .bool, "Always true: the element is a HeroTransitionLink (seeds 000/001).",
            presentWhen: "hero links only (transaction rows, budget and goal cards)"),
        StateProperty(
            "hint", \.hint, .string(choices: ["Double tap to view details"]),
            "The VoiceOver hint of a hero link, from seed 000.",
            presentWhen: "hero links only"),
        StateProperty(
            "border", \.border, .number("pt", 0...2),
            "The High Contrast border of a hero card: 2 with `settings.highContrast`, else 0; follows the setting at once.",
            presentWhen: "hero links only"),
        StateProperty(
            "accessibilityHidden", \.accessibilityHidden, .bool,
            "Always true: the decorative parallax header is hidden from VoiceOver.",
            presentWhen: "headers only (`dashboard/header/background`)"),
        StateProperty(
            "traits", \.traits, .array(.string(choices: ["button"])),
            "VoiceOver traits: `button` for every element that acts (hero links, present and close buttons), none for display-only cards."
        ),
    ]
}
