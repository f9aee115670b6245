import ChoreoEngine

extension FinPessoalApp {
    /// The screen now, drawn from the typed state nodes `state.get` shows (navigation, screens, hero, sheets,
    /// refresh, dashboard, chart, celebration, gradients) and ``FinPessoalLayout``: the screen or the push between
    /// two, the hero's matched geometry, the sheets, then the celebration on top.
    public func screen(world: World) -> Screen? {
        let drawing = FinScreenDrawing(app: self, world: world)
        return Screen(
            width: FinPessoalLayout.width, height: FinPessoalLayout.height,
            title: "FinPessoal, \(FinPessoalLayout.title(currentScreen))",
            background: .colour(drawing.palette.background), shapes: drawing.shapes())
    }
}

/// Where a running hero lands.
enum HeroLanding: Equatable {
    /// In the sheet at this index of `sheets`.
    case sheet(Int)
    /// In the pushed goal detail.
    case push
}

/// One drawing of FinPessoal's screen: the typed state nodes read once, then drawn back to front.
struct FinScreenDrawing {
    let palette: FinPalette
    let navigation: NavigationView
    let hero: HeroView
    let sheets: [SheetView]
    let refresh: RefreshView
    let dashboard: DashboardView
    let chart: ChartView
    let celebration: CelebrationView
    let gradients: [String: GradientView]
    let screens: [FinScreen: ScreenView]
    /// Each drawn screen's layout with its content unscrolled (``FinPessoalLayout/frames(of:screen:)``), by target.
    let layouts: [FinScreen: [String: Frame]]

    typealias Layout = FinPessoalLayout

    init(app: FinPessoalApp, world: World) {
        palette = FinPalette(world.settings.colorScheme)
        navigation = app.navigationState(world: world)
        hero = app.heroState(world: world)
        sheets = app.sheets.map { app.sheetState($0, world: world) }
        refresh = app.refresh.state(world: world)
        dashboard = app.loading.state(data: app.data, world: world)
        chart = app.chart.state(data: app.data, world: world)
        celebration = app.celebrations.state(world: world)
        gradients = app.gradients.state(world: world)
        var shown = [navigation.screen]
        if let transition = navigation.transition { shown += [transition.from, transition.to] }
        if let source = hero.activeTransition, let screen = FinCatalog.screen(of: source) {
            shown.append(screen)
        }
        var screens: [FinScreen: ScreenView] = [:]
        for screen in shown where screens[screen] == nil { screens[screen] = app.screenState(screen, world: world) }
        self.screens = screens
        var layouts: [FinScreen: [String: Frame]] = [:]
        for (name, view) in screens { layouts[name] = FinPessoalLayout.frames(of: view.elements, screen: name) }
        self.layouts = layouts
    }

    func shapes() -> [Shape] {
        var shapes: [Shape] = []
        if let transition = navigation.transition, !transition.finished {
            let p = transition.progress
            let width = Layout.width
            switch transition.kind {
            case .push:
                shapes.append(screenLayer(transition.from, offsetX: -Layout.pushParallax * width * p))
                shapes.append(screenLayer(transition.to, offsetX: width * (1 - p), edge: true))
            case .pop:
                shapes.append(screenLayer(transition.to, offsetX: -Layout.pushParallax * width * (1 - p)))
                shapes.append(screenLayer(transition.from, offsetX: width * p, edge: true))
            }
        } else {
            shapes.append(screenLayer(navigation.screen, offsetX: 0))
        }
        shapes += sheetLayers()
        if let heroLayer = heroLayer() { shapes.append(heroLayer) }
        if let current = celebration.current { shapes.append(celebrationLayer(current)) }
        return shapes
    }

    // MARK: - Screens

    /// Where an element of a screen is drawn now (scroll, parallax and pull applied), in screen points.
    func frame(of target: String, on screen: FinScreen) -> Frame? {
        guard let view = screens[screen], let base = layouts[screen]?[target] else { return nil }
        let parallax = view.parallax.first { $0.target == target }?.offset ?? 0
        let pull = screen == .dashboard ? refresh.pullDistance : 0
        let scroll = screen == .goalDetail ? 0 : view.scrollY
        return base.offsetBy(0, -scroll + parallax + pull)
    }

    /// A whole screen (content, then its nav bar), moved sideways by `offsetX` during a push or pop; `edge` draws
    /// the shadow at its left edge.
    func screenLayer(_ screen: FinScreen, offsetX: Double, edge: Bool = false) -> Shape {
        guard let view = screens[screen] else { return .group(Layer(screen.rawValue, [])) }
        var shapes: [Shape] = [
            .rect(
                Frame(x: 0, y: 0, width: Layout.width, height: Layout.height), cornerRadius: 0,
                fill: .colour(palette.background), outline: edge ? Outline(palette.separator, width: 1) : nil)
        ]
        if screen == .dashboard { shapes.append(refreshLayer()) }
        for (index, element) in view.elements.enumerated() {
            guard let box = frame(of: element.target, on: screen) else { continue }
            if screen == .goalDetail, index == 0, heroLanding == .push {
                shapes.append(destinationCard(box, label: element.label))
                continue
            }
            let hidden =
                hero.isTransitioning && hero.style == .matchedGeometry && hero.activeTransition == element.target
            shapes.append(elementLayer(element, frame: box, screen: screen, hidden: hidden))
            if screen == .dashboard, element.id == "savings",
                let chartFrame = frame(of: Layout.chartTarget, on: screen)
            {
                let card = dashboard.cards.first { $0.id == .chart }
                shapes.append(
                    .group(
                        Layer(
                            "dashboard.cards.chart",
                            values: ["opacity": card?.opacity ?? 1, "offsetY": card?.offsetY ?? 0],
                            opacity: card.map { $0.visible ? $0.opacity : 0 } ?? 1,
                            offset: Point(0, card?.offsetY ?? 0), [chartLayer(chartFrame)])))
            }
        }
        if screen == .dashboard, dashboard.skeletonsVisible { shapes.append(skeletonLayer()) }
        shapes.append(navBar(screen, view.navBlur))
        return .group(
            Layer(
                "screen.\(screen.rawValue)", values: ["scrollY": view.scrollY, "offsetX": offsetX],
                offset: Point(offsetX, 0),
                shapes))
    }

    /// How opaque the nav bar's material is drawn: a frosted bar 0.92 × `blur` (progress × the mode's intensity), a
    /// `regular` one (Reduce Transparency) 0.96 × progress, a `solid` one (minimal) as opaque as the progress.
    static func barOpacity(_ blur: NavBlurView) -> Double {
        let progress = min(max(blur.progress, 0), 1)
        switch blur.material {
        case .solid: return progress
        case .regular: return 0.96 * progress
        case .ultraThin: return 0.92 * min(max(blur.blur, 0), 1)
        }
    }

    /// The nav bar: its material fades in with the scroll blur (``barOpacity(_:)``), its hairline with the progress.
    func navBar(_ screen: FinScreen, _ blur: NavBlurView) -> Shape {
        let bar = Frame(x: 0, y: 0, width: Layout.width, height: Layout.navBarBottom)
        var shapes: [Shape] = [
            .rect(bar, cornerRadius: 0, fill: .colour(palette.bar.faded(Self.barOpacity(blur))), outline: nil),
            .rect(
                Frame(x: 0, y: Layout.navBarBottom - Layout.hairline, width: Layout.width, height: Layout.hairline),
                cornerRadius: 0, fill: .colour(palette.separator.faded(min(max(blur.progress, 0), 1))), outline: nil),
            .text(
                Layout.title(screen), at: Point(Layout.width / 2, Layout.safeTop + 28), size: 17, weight: 600,
                anchor: .middle, fill: .colour(palette.text)),
        ]
        if screen == .goalDetail {
            shapes.append(
                .text(
                    "‹ Goals", at: Point(Layout.margin, Layout.safeTop + 28), size: 17, weight: 400, anchor: .start,
                    fill: .colour(palette.accent)))
        }
        return .group(
            Layer(
                "navBar.\(screen.rawValue)",
                values: ["progress": blur.progress, "blur": blur.blur, "intensity": blur.intensity],
                shapes))
    }

    /// A card, row, button or header: its box and its label; a dashboard card shows its counter, a card with an
    /// animated gradient shows the gradient over it.
    func elementLayer(_ element: ElementView, frame: Frame, screen: FinScreen, hidden: Bool) -> Shape {
        var shapes: [Shape] = []
        var opacity = hidden ? 0.0 : 1.0
        var offsetY = 0.0
        if screen == .dashboard, let card = dashboardCard(for: element) {
            opacity *= card.visible ? card.opacity : 0
            offsetY = card.offsetY
        }
        switch element.kind {
        case .header:
            shapes.append(
                .rect(
                    frame, cornerRadius: 0,
                    fill: .linear(
                        [palette.accent.faded(0.35), palette.background.faded(0)], start: Point(0.5, 0),
                        end: Point(0.5, 1)), outline: nil))
        case .button:
            shapes.append(
                .rect(frame, cornerRadius: Layout.buttonRadius, fill: .colour(palette.accent.faded(0.12)), outline: nil)
            )
            shapes.append(
                .text(
                    element.label, at: Point(frame.center.x, frame.center.y + 6), size: 17, weight: 600,
                    anchor: .middle, fill: .colour(palette.accent)))
        case .card, .row:
            let radius = element.kind == .card ? Layout.cardRadius : Layout.buttonRadius
            let border = element.border.map { Outline(palette.separator, width: $0) }
            shapes.append(.rect(frame, cornerRadius: radius, fill: .colour(palette.surface), outline: border))
            if let gradient = gradients[element.target], gradient.onScreen {
                shapes.append(
                    .rect(
                        frame, cornerRadius: radius,
                        fill: .linear(
                            gradient.stops.map { palette.colour($0.color, opacity: $0.opacity * gradient.saturation) },
                            start: Point(0, 0), end: Point(1, 1)), outline: nil))
            }
            let textY = element.kind == .card ? frame.y + 30 : frame.center.y + 6
            shapes.append(
                .text(
                    element.label, at: Point(frame.x + 16, textY), size: element.kind == .card ? 15 : 17,
                    weight: 400, anchor: .start,
                    fill: .colour(element.kind == .card ? palette.secondary : palette.text)))
            if let counter = counter(for: element) {
                shapes.append(
                    .text(
                        counter.text, at: Point(frame.x + 16, frame.y + 70), size: 28, weight: 700, anchor: .start,
                        fill: .colour(palette.text)))
            }
            if element.kind == .row {
                shapes.append(
                    .text(
                        "›", at: Point(frame.x + frame.width - 16, frame.center.y + 6), size: 20, weight: 400,
                        anchor: .end, fill: .colour(palette.secondary)))
            }
        }
        return .group(
            Layer(
                element.target, values: ["y": frame.y, "opacity": opacity], opacity: opacity,
                offset: Point(0, offsetY), shapes))
    }

    /// The dashboard's revealing card an element belongs to (the balance card; the account rows with the
    /// transactions card, decision SR2).
    func dashboardCard(for element: ElementView) -> CardView? {
        let card: DashboardCard? =
            switch element.id {
            case "balance": .balance
            default: element.kind == .row ? .transactions : nil
            }
        return card.flatMap { card in dashboard.cards.first { $0.id == card } }
    }

    /// The counter a dashboard card shows.
    func counter(for element: ElementView) -> CounterView? {
        guard element.target.hasPrefix("dashboard/card/") else { return nil }
        let counter: DashboardCounter? =
            switch element.id {
            case "balance": .balance
            case "income": .monthlyIncome
            case "expenses": .monthlyExpenses
            default: nil
            }
        return counter.flatMap { dashboard.counters[$0.rawValue] }
    }

    // MARK: - Sheets and the hero

    /// Each sheet, bottom first: the dimming under the first, then the sheet moved down by what its presentation
    /// has left (`(1 − progress) × height`), its frosted material as its warm tint over an opaque surface (SVG has
    /// no backdrop blur; showing the content behind it sharp would mislead, decision SR2).
    func sheetLayers() -> [Shape] {
        var shapes: [Shape] = []
        for (index, sheet) in sheets.enumerated() {
            let rest = Layout.sheetFrame(index: index)
            let offset = (1 - sheet.progress) * rest.height
            if index == 0 {
                shapes.append(
                    .rect(
                        Frame(x: 0, y: 0, width: Layout.width, height: Layout.height), cornerRadius: 0,
                        fill: .colour(Colour("#000000", opacity: Layout.sheetDim * min(max(sheet.progress, 0), 1))),
                        outline: nil))
            }
            // Drawn taller than the screen, so a spring's overshoot shows no gap under it.
            let body = Frame(x: rest.x, y: rest.y, width: rest.width, height: rest.height + Layout.sheetOvershootRoom)
            var content: [Shape] = [
                .rect(
                    body, cornerRadius: Layout.sheetRadius, fill: .colour(palette.surface),
                    outline: Outline(palette.separator, width: 0.5)),
                .rect(
                    body, cornerRadius: Layout.sheetRadius,
                    fill: .colour(palette.accent.faded(sheet.frosted.tint)), outline: nil),
                .rect(
                    Frame(x: rest.center.x - 18, y: rest.y + 6, width: 36, height: 5), cornerRadius: 2.5,
                    fill: .colour(palette.secondary.faded(0.5)), outline: nil),
                .text(
                    Layout.words(sheet.name.rawValue), at: Point(Layout.margin, rest.y + 40), size: 20, weight: 700,
                    anchor: .start, fill: .colour(palette.text)),
            ]
            if sheet.hero {
                let destination = Layout.heroFrame(top: rest.y)
                let link = screens[navigation.screen]?.elements.first { $0.id == sheet.item && $0.heroLink == true }
                let label = link?.label ?? sheet.item ?? ""
                content.append(
                    heroLanding == .sheet(index)
                        ? destinationCard(destination, label: label) : heroCard(destination, label: label, opacity: 1))
            }
            var y = rest.y + (sheet.hero ? Layout.heroTop + Layout.heroHeight + Layout.spacing : 64)
            for element in sheet.elements {
                let frame = Frame(
                    x: Layout.margin, y: y, width: Layout.width - 2 * Layout.margin, height: Layout.buttonHeight)
                content.append(
                    .rect(
                        frame, cornerRadius: Layout.buttonRadius, fill: .colour(palette.accent.faded(0.12)),
                        outline: nil))
                content.append(
                    .text(
                        element.label, at: Point(frame.center.x, frame.center.y + 6), size: 17, weight: 600,
                        anchor: .middle, fill: .colour(palette.accent)))
                y += Layout.buttonHeight + 12
            }
            shapes.append(
                .group(
                    Layer(
                        "sheets.\(index)",
                        values: ["progress": sheet.progress, "offsetY": offset, "intensity": sheet.frosted.intensity],
                        offset: Point(0, offset), content)))
        }
        return shapes
    }

    /// The card the hero moves: a rounded box with the item's id.
    func heroCard(_ frame: Frame, label: String, opacity: Double) -> Shape {
        .group(
            Layer(
                opacity: opacity,
                [
                    .rect(
                        frame, cornerRadius: Layout.cardRadius, fill: .colour(palette.surface),
                        outline: Outline(palette.accent.faded(0.6), width: 1)),
                    .text(
                        label, at: Point(frame.x + 16, frame.y + 30), size: 17, weight: 600, anchor: .start,
                        fill: .colour(palette.text)),
                ]))
    }

    /// Where the running hero lands: in the sheet it presented (the last hero sheet, even with another stacked over
    /// it), or in the pushed goal detail; nil when no hero runs.
    var heroLanding: HeroLanding? {
        guard hero.isTransitioning else { return nil }
        if let index = sheets.lastIndex(where: \.hero) { return .sheet(index) }
        return .push
    }

    /// The hero's destination card while the hero runs, in its sheet or view: hidden under matched geometry (the
    /// flying card stands for it), grown from 0.9 while fading in (the scale style), or fading in (the crossfade),
    /// at `progress` (seed 000's styles).
    func destinationCard(_ frame: Frame, label: String) -> Shape {
        guard hero.isTransitioning, let style = hero.style else { return heroCard(frame, label: label, opacity: 1) }
        let p = hero.progress
        let values = ["progress": p, "x": frame.x, "y": frame.y, "width": frame.width, "height": frame.height]
        switch style {
        case .matchedGeometry:
            return heroCard(frame, label: label, opacity: 0)
        case .scale:
            return .group(
                Layer(
                    "hero", values: values, scale: 0.9 + 0.1 * p, anchor: frame.center,
                    [heroCard(frame, label: label, opacity: p)]))
        case .crossfade:
            return .group(Layer("hero", values: values, [heroCard(frame, label: label, opacity: p)]))
        }
    }

    /// The hero under matched geometry: the shared card on top of everything, each of `x`, `y`, `width` and
    /// `height` `progress` of the way from its link's frame to the destination's frame at rest (the link and the
    /// destination hidden meanwhile).
    func heroLayer() -> Shape? {
        guard let landing = heroLanding, hero.style == .matchedGeometry, let source = hero.activeTransition,
            let screen = FinCatalog.screen(of: source), let from = frame(of: source, on: screen)
        else { return nil }
        let label = screens[screen]?.elements.first { $0.target == source }?.label ?? source
        let destination =
            switch landing {
            case .sheet(let index): Layout.heroFrame(top: Layout.sheetFrame(index: index).y)
            case .push: Layout.heroFrame(top: Layout.safeTop)
            }
        let p = hero.progress
        let frame = from.interpolated(to: destination, p)
        return .group(
            Layer(
                "hero",
                values: ["progress": p, "x": frame.x, "y": frame.y, "width": frame.width, "height": frame.height],
                [heroCard(frame, label: label, opacity: 1)]))
    }

    // MARK: - The celebration

    /// The CelebrationView: the whole overlay fades with `opacity` and pulses with `scale` about the screen's
    /// centre, over a light scrim; the gold glow is a circle of radius `checkmarkSize / 2 + glowRadius` blurred by
    /// `glowRadius`, at `glowOpacity`; the check mark is a `checkmarkSize` circle with its tick; the announcement
    /// sits in a pill under it.
    func celebrationLayer(_ current: PlayingCelebrationView) -> Shape {
        let centre = Layout.celebrationCentre
        let radius = current.checkmarkSize / 2
        let tick = [
            Point(centre.x - radius * 0.45, centre.y + radius * 0.02),
            Point(centre.x - radius * 0.12, centre.y + radius * 0.35),
            Point(centre.x + radius * 0.48, centre.y - radius * 0.3),
        ]
        let shapes: [Shape] = [
            .rect(
                Frame(x: 0, y: 0, width: Layout.width, height: Layout.height), cornerRadius: 0,
                fill: .colour(Colour("#000000", opacity: Layout.celebrationScrim)), outline: nil),
            .group(
                Layer(
                    opacity: current.glowOpacity, blur: current.glowRadius,
                    [.circle(centre, radius: radius + current.glowRadius, fill: .colour(palette.accent), outline: nil)])
            ),
            .circle(centre, radius: radius, fill: .colour(palette.success), outline: nil),
            .polyline(tick, closed: false, fill: nil, outline: Outline(Colour("#FFFFFF"), width: radius * 0.16)),
            .rect(
                Frame(x: Layout.margin, y: centre.y + radius + 12, width: Layout.width - 2 * Layout.margin, height: 36),
                cornerRadius: 18, fill: .colour(palette.surface), outline: Outline(palette.accent, width: 1)),
            .text(
                current.celebration.announcement, at: Point(centre.x, centre.y + radius + 36), size: 17, weight: 600,
                anchor: .middle, fill: .colour(palette.text)),
        ]
        return .group(
            Layer(
                "celebration",
                values: [
                    "opacity": current.opacity, "scale": current.scale, "glowOpacity": current.glowOpacity,
                    "glowRadius": current.glowRadius, "checkmarkSize": current.checkmarkSize,
                ], opacity: current.opacity, scale: current.scale, anchor: centre, shapes))
    }
}
