import ChoreoEngine

/// AirFit's screen geometry for `screen.render`, declared once. The seed's figures (seed 004 "Weightless glass":
/// 20 pt card radius, 1 px white stroke at 30%, black shadow at 6% with a 10 pt radius and 4 pt y offset, 12 pt
/// buttons; the 600 pt sheet, the ±4 pt parallax; 24 pt screen padding and section spacing, 16 pt card interior) are
/// cited where used; the rest are decisions (behavior.md SR3, H5).
enum AirFitLayout {
    /// The screen, in points: an iPhone 15 (decision).
    static let width = 393.0
    static let height = 852.0
    /// The content's side margin, pt: seed 004 Layout Standards "Screen padding: 24pt" (behavior.md H5).
    static let margin = 24.0
    /// The cascading title: its first baseline, size and line height, pt.
    static let titleTop = 140.0
    static let titleSize = 34.0
    static let titleLineHeight = 42.0
    /// The first glass card's top, the cards' heights (a chat message's is smaller) and the space between, pt.
    static let cardsTop = 250.0
    static let cardHeight = 150.0
    static let messageHeight = 48.0
    /// Seed 004's dashboard `VStack(spacing: Spacing.md)`, md = 24 pt (behavior.md H5).
    static let cardSpacing = 24.0
    /// Glass cards (seed 004): 20 pt continuous corners, a 1 px white stroke at 30%, a black shadow at 6% with a
    /// 10 pt radius 4 pt below.
    static let cardRadius = 20.0
    static let strokeOpacity = 0.3
    static let shadowOpacity = 0.06
    static let shadowRadius = 10.0
    static let shadowOffsetY = 4.0
    /// `.ultraThinMaterial` drawn as white at this opacity over the gradient (decision: SVG has no backdrop blur).
    static let glassOpacity = 0.35
    /// Buttons: 12 pt corners (seed 004), 56 pt tall, their bottom this far above the screen's.
    static let buttonRadius = 12.0
    static let buttonHeight = 56.0
    static let buttonBottom = 48.0
    /// How far the sheet is drawn below the screen's bottom edge, pt, so its spring's overshoot leaves no gap:
    /// interpolatingSpring(130, 10.5) overshoots 19.6% of the 600 pt (117.6 pt) at 60 fps.
    static let sheetOvershootRoom = 200.0
    /// The flare's full radius, pt: `flare.radius` (a fraction) scales it (decision SR3).
    static let flareRadius = 120.0
    /// The metric ring's radius and line width, pt.
    static let ringRadius = 44.0
    static let ringWidth = 10.0
    /// The mic button's radius; a ripple at scale s is a circle of s × this radius, pt.
    static let micRadius = 36.0

    /// Where each glass card of a screen sits, by target, before its scale and the parallax.
    static func cardFrames(_ cards: [GlassCardView], screen: AirFitScreen) -> [String: Frame] {
        var frames: [String: Frame] = [:]
        var y = cardsTop
        let height = screen == .chat ? messageHeight : cardHeight
        for card in cards {
            frames[card.target] = Frame(x: margin, y: y, width: width - 2 * margin, height: height)
            y += height + cardSpacing
        }
        return frames
    }

    /// Where a screen's buttons sit, by target: side by side above the bottom edge.
    static func buttonFrames(_ targets: [String]) -> [String: Frame] {
        guard !targets.isEmpty else { return [:] }
        let gap = 8.0
        let count = Double(targets.count)
        let each = (width - 2 * margin - gap * (count - 1)) / count
        var frames: [String: Frame] = [:]
        for (index, target) in targets.enumerated() {
            frames[target] = Frame(
                x: margin + Double(index) * (each + gap), y: height - buttonBottom - buttonHeight, width: each,
                height: buttonHeight)
        }
        return frames
    }
}
