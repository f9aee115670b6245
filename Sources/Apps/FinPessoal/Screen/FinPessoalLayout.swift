import ChoreoEngine

/// FinPessoal's screen geometry and colours for `screen.render`, declared once. The seeds give few figures (the
/// 60 pt check mark, the 20 pt glow blur, 20 pt list spacing, the 0.5 pt nav-bar hairline, the 60 pt refresh
/// threshold); the rest are decisions (behavior.md SR2), chosen to look like an iPhone 15 in points.
enum FinPessoalLayout {
    /// The screen, in points: an iPhone 15 (decision).
    static let width = 393.0
    static let height = 852.0
    /// The status bar's height, pt.
    static let safeTop = 59.0
    /// The navigation bar's height below the status bar, pt; the content starts under it.
    static let navBarHeight = 44.0
    /// The nav bar's bottom edge, pt.
    static let navBarBottom = safeTop + navBarHeight
    /// The nav bar's hairline, pt (seed 002 ScrollBlurNavigationModifier: `.frame(height: 0.5)`).
    static let hairline = 0.5
    /// The content's side margin, pt.
    static let margin = 16.0
    /// The space between list items, pt (seed 002: `LazyVStack(spacing: 20)`).
    static let spacing = 20.0
    /// The dashboard header's height behind the cards, pt.
    static let headerHeight = 200.0
    /// A card's, a row's and a button's height, pt.
    static let cardHeight = 96.0
    static let rowHeight = 56.0
    static let buttonHeight = 44.0
    /// The spending chart card's height on the dashboard, pt.
    static let chartHeight = 220.0
    /// Corner radii, pt: cards, buttons and sheets.
    static let cardRadius = 16.0
    static let buttonRadius = 12.0
    static let sheetRadius = 12.0
    /// How far below the status bar a sheet's top rests, pt, and how much lower each stacked sheet rests.
    static let sheetTop = safeTop + 10
    static let sheetStackStep = 10.0
    /// How far a sheet is drawn below the screen's bottom edge, pt, so its spring's overshoot leaves no gap.
    static let sheetOvershootRoom = 40.0
    /// The hero's destination card in a detail sheet or the goal detail: its top below the sheet's or bar's top, pt,
    /// and its height.
    static let heroTop = 56.0
    static let heroHeight = 140.0
    /// How much of the screen's width the screen under a push moves left (UIKit's parallax push, decision).
    static let pushParallax = 0.3
    /// The dimming behind the first sheet at full presentation (a fraction).
    static let sheetDim = 0.2
    /// The celebration's check mark is `checkmarkSize` (60 pt at the large text size, seed 000); its gold glow
    /// spreads `glowRadius` (20 pt, seed 000) around the check mark's circle.
    static let celebrationCentre = Point(width / 2, height / 2)
    /// The scrim under the celebration, black at this opacity (it fades with the overlay).
    static let celebrationScrim = 0.12
    /// The pull-to-refresh indicator's size, pt.
    static let refreshIconSize = 24.0

    /// The frame of the sheet at `index` (0 the bottom one) when fully up.
    static func sheetFrame(index: Int) -> Frame {
        let top = sheetTop + sheetStackStep * Double(index)
        return Frame(x: 0, y: top, width: width, height: height - top)
    }

    /// The hero's destination inside a sheet or pushed view whose top edge is at `top`.
    static func heroFrame(top: Double) -> Frame {
        Frame(x: margin, y: top + heroTop, width: width - 2 * margin, height: heroHeight)
    }

    /// Where each element of a screen sits with the content unscrolled, by target; the dashboard's chart card sits
    /// after its stat cards (under the id `chart`).
    static func frames(of elements: [ElementView], screen: FinScreen) -> [String: Frame] {
        var frames: [String: Frame] = [:]
        var y = navBarBottom + margin
        for element in elements {
            let height: Double
            switch element.kind {
            case .header:
                frames[element.target] = Frame(x: 0, y: 0, width: width, height: headerHeight)
                continue
            case .card: height = cardHeight
            case .row: height = rowHeight
            case .button: height = buttonHeight
            }
            frames[element.target] = Frame(x: margin, y: y, width: width - 2 * margin, height: height)
            y += height + spacing
            if screen == .dashboard, element.id == "savings" {
                frames[chartTarget] = Frame(x: margin, y: y, width: width - 2 * margin, height: chartHeight)
                y += chartHeight + spacing
            }
        }
        if screen == .goalDetail, let first = elements.first {
            frames[first.target] = heroFrame(top: safeTop)
        }
        return frames
    }

    /// The chart card's key in ``frames(of:screen:)``.
    static let chartTarget = "dashboard/chart/spending"

    /// The screen's title in the nav bar.
    static func title(_ screen: FinScreen) -> String {
        switch screen {
        case .creditCards: "Credit Cards"
        case .goalDetail: "Goal"
        default: words(screen.rawValue)
        }
    }

    /// `addTransaction` → `Add Transaction`.
    static func words(_ name: String) -> String {
        var text = ""
        for character in name {
            if character.isUppercase { text += " " }
            text.append(text.isEmpty ? Character(character.uppercased()) : character)
        }
        return text
    }
}

/// FinPessoal's colours (decisions, behavior.md SR2: the seeds name `Color.oldMoney` tokens without values).
struct FinPalette {
    var background: Colour
    var surface: Colour
    var text: Colour
    var secondary: Colour
    var separator: Colour
    var skeleton: Colour
    var bar: Colour
    /// The old-money accent (gold): the celebration's glow, the chart line.
    var accent = Colour("#B8923A")
    var success = Colour("#2E8B57")

    init(_ scheme: ColorScheme) {
        switch scheme {
        case .dark:
            background = Colour("#000000")
            surface = Colour("#1C1C1E")
            text = Colour("#FFFFFF")
            secondary = Colour("#8E8E93")
            separator = Colour("#38383A")
            skeleton = Colour("#3A3A3C")
            bar = Colour("#1C1C1E")
        case .light:
            background = Colour("#F4F1EA")
            surface = Colour("#FFFFFF")
            text = Colour("#1C1C1E")
            secondary = Colour("#6E6E73")
            separator = Colour("#C6C6C8")
            skeleton = Colour("#E3DFD6")
            bar = Colour("#FBF9F4")
        }
    }

    /// A gradient stop's colour at `opacity` (a fraction; clear is transparent whatever it is).
    func colour(_ colour: GradientColour, opacity: Double) -> Colour {
        switch colour {
        case .accent: accent.faded(opacity)
        case .warning: Colour("#D9822B", opacity: opacity)
        case .clear: Colour("#FFFFFF", opacity: 0)
        }
    }
}
