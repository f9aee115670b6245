import ChoreoEngine

/// The declared shape of a screen in the state (`screen`, `screens.<screen>`): its scroll, nav-bar blur, parallax
/// layers and elements (seeds 000 and 002).
extension FinPessoalApp {
    /// Every screen and pushed view, the values `navigation.screen` and the keys of `screens` take.
    static var screenChoices: [String] { scrollableScreens }

    /// The material of frosted surfaces (sheets and the nav bar).
    static let materialShape = StateShape.string(choices: ["ultraThin", "regular", "solid"])

    /// One element of a screen or sheet.
    static let elementShape = StateShape.object([
        StateField(
            "target", .text,
            "What `ui.tap` takes: `SCREEN/KIND/ID` on a screen (`transactions/row/t1`), `SHEET/button/ID` in a sheet."),
        StateField(
            "kind", .string(choices: ["header", "card", "row", "button"]),
            "The element's kind (the middle part of its target)."),
        StateField("id", .text, "The element's id (the last part of its target): a data id or a fixed name."),
        StateField(
            "label", .text,
            "Its VoiceOver label (seed 000), e.g. `Transaction: Coffee`; empty for the decorative header."),
        StateField(
            "heroLink", .bool, "Always true: the element is a HeroTransitionLink (seeds 000/001).",
            presentWhen: "hero links only (transaction rows, budget and goal cards)"),
        StateField(
            "hint", .string(choices: ["Double tap to view details"]),
            "The VoiceOver hint of a hero link, from seed 000.",
            presentWhen: "hero links only"),
        StateField(
            "border", .number("pt", 0...2),
            "The High Contrast border of a hero card: 2 with `settings.highContrast`, else 0; follows the setting at once.",
            presentWhen: "hero links only"),
        StateField(
            "accessibilityHidden", .bool, "Always true: the decorative parallax header is hidden from VoiceOver.",
            presentWhen: "headers only (`dashboard/header/background`)"),
        StateField(
            "traits", .array(.string(choices: ["button"])),
            "VoiceOver traits: `button` for every element that acts (hero links, present and close buttons), none for display-only cards."
        ),
    ])

    /// A screen: scroll position, nav-bar blur, parallax layers and elements.
    static let screenShape = StateShape.object([
        StateField(
            "scrollY", .number("pt", -1e7...1e7),
            "How far the content is scrolled (`ui.scroll` y, positive down); moves with the finger at once. 0 until scrolled."
        ),
        StateField(
            "navBlur",
            .object([
                StateField(
                    "progress", .number("fraction"),
                    "The nav-bar blur's progress toward `target` (seed 002's ScrollBlurNavigationModifier): 150 ms linear in full mode, 100 ms in reduced, at once in minimal. Interrupted, the linear curves add up as SwiftUI's timing curves do; after a mode change mid-animation their durations differ and the sum can pass 0 or 1 for a moment (−0.026667 8 ms after scrolling back in reduced mode right after a full-mode scroll); `blur` shows it clamped."
                ),
                StateField(
                    "target", .fraction, "min(max(scrollY, 0) / 10, 1): fully blurred from 10 pt of scroll."),
                StateField(
                    "intensity", .fraction,
                    "The effective mode's frosted intensity (seed 002): 1 full, 0.7 reduced, 0 minimal; follows settings at once."
                ),
                StateField("blur", .fraction, "progress (clamped to 0…1) × intensity: the blur shown now."),
                StateField(
                    "material", materialShape,
                    "`ultraThin`; `regular` with Reduce Transparency; `solid` in minimal (wins over Reduce Transparency)."
                ),
            ]), "The navigation bar's scroll blur (seed 002)."),
        StateField(
            "parallax",
            .array(
                .object([
                    StateField("target", .text, "The element moving with parallax."),
                    StateField(
                        "speed", .number("multiplier", 0...1),
                        "Its speed relative to the content (seed 000/001): 0.5 the dashboard header, 0.7 the balance card, 0.8 stat cards and transaction rows."
                    ),
                    StateField(
                        "offset", .number("pt"),
                        "parallaxScrollY × (1 − speed) × the mode's factor (1 full, 0.5 reduced, 0 minimal and Reduce Motion), downward."
                    ),
                ])), "The screen's parallax layers, in element order (empty on screens without parallax)."),
        StateField(
            "parallaxScrollY", .number("pt", -1e7...1e7),
            "The scroll position the parallax uses: updated at most once per frame (1/fps), the latest held value landing one frame after the last update (`parallax.frame` timer)."
        ),
        StateField("elements", .array(elementShape), "The screen's elements in order (seed 002's lists)."),
    ])

    static let scrollTraceEvents: [TraceEventKind] = [
        TraceEventKind(
            FinPessoalTraceKind.scroll, "`ui.scroll` moved a screen's content.",
            fields: [
                StateField("screen", .string(choices: screenChoices), "The screen scrolled."),
                StateField("y", .number("pt", -1e7...1e7), "The new scroll position."),
            ])
    ]
}
