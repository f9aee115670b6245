import ChoreoEngine

extension AirFitApp {
    /// The screen now, drawn from the typed state nodes `state.get` shows (navigation, gradient, screen, metric
    /// ring, gradient number, parallax, mic, flare, sheet) and ``AirFitLayout``.
    public func screen(world: World) -> Screen? {
        let drawing = AirFitScreenDrawing(app: self, world: world)
        return Screen(
            width: AirFitLayout.width, height: AirFitLayout.height,
            title: "AirFit, \(currentScreen.rawValue.prefix(1).uppercased() + currentScreen.rawValue.dropFirst())",
            background: drawing.background,
            shapes: drawing.shapes())
    }
}

/// One drawing of AirFit's screen: the typed state nodes read once, then drawn back to front.
struct AirFitScreenDrawing {
    let navigation: NavigationView
    let gradient: GradientView
    let screen: ScreenView
    let ring: MetricRingView
    let number: GradientNumberView
    let parallax: ParallaxView
    let mic: MicView
    let flare: FlareView
    let sheet: DetailSheetView?
    /// The screen the transition leaves, while it runs.
    let leaving: ScreenView?
    let dark: Bool

    typealias Layout = AirFitLayout

    init(app: AirFitApp, world: World) {
        navigation = app.navigationState(world: world)
        gradient = app.gradientState(world: world)
        screen = app.screenState(app.currentScreen, world: world)
        ring = app.metricRingState(world: world)
        number = app.gradientNumberState(world: world)
        parallax = app.parallaxState(world: world)
        mic = app.micState(world: world)
        flare = app.flareState(world: world)
        sheet = app.sheetState(world: world)
        leaving =
            navigation.transitionProgress < 1 ? app.leaving.map { app.screenState($0, world: world) } : nil
        dark = world.settings.colorScheme == .dark
    }

    var text: Colour { dark ? Colour("#FFFFFF") : Colour("#1C1C1E") }

    /// The previous gradient, under the active one.
    var background: Paint { Self.gradient(gradient.stopsPrevious ?? gradient.stopsActive) }

    /// A two-stop gradient from the top-leading to the bottom-trailing corner.
    static func gradient(_ stops: [String]) -> Paint {
        .linear(stops.map { Colour($0) }, start: Point(0, 0), end: Point(1, 1))
    }

    func shapes() -> [Shape] {
        let full = Frame(x: 0, y: 0, width: Layout.width, height: Layout.height)
        var shapes: [Shape] = [
            .group(
                Layer(
                    "gradient", values: ["crossfade": gradient.crossfade],
                    opacity: gradient.stopsPrevious == nil ? 1 : gradient.crossfade,
                    [.rect(full, cornerRadius: 0, fill: Self.gradient(gradient.stopsActive), outline: nil)]))
        ]
        // SwiftUI draws the view being removed under the one inserted, the transition run backwards
        // (`.opacity.combined(with: .offset(y: 12))`: fading out and moving down): both screens show while it runs.
        if let leaving {
            let progress = navigation.transitionProgress
            shapes.append(
                .group(
                    Layer(
                        "leaving.\(leaving.name)", values: ["opacity": 1 - progress, "offsetY": 12 * progress],
                        opacity: 1 - progress, offset: Point(0, 12 * progress), content(of: leaving))))
        }
        shapes.append(
            .group(
                Layer(
                    "screen.\(screen.name)",
                    values: [
                        "transitionOpacity": navigation.transitionOpacity, "offsetY": navigation.transitionOffsetY,
                    ],
                    opacity: navigation.transitionOpacity, offset: Point(0, navigation.transitionOffsetY),
                    content(of: screen))))
        if let sheet { shapes.append(sheetLayer(sheet)) }
        return shapes
    }

    /// A screen's content: its title, glass cards, buttons (a pressed flare button with its flare) and mic.
    func content(of screen: ScreenView) -> [Shape] {
        let full = Frame(x: 0, y: 0, width: Layout.width, height: Layout.height)
        var content: [Shape] = [title(of: screen)]
        let frames = Layout.cardFrames(screen.cards, screen: screen.name)
        for card in screen.cards {
            guard let frame = frames[card.target] else { continue }
            content.append(glassCard(card, on: screen, frame: frame))
        }
        let buttons = screen.elements.filter { $0.kind == "button" || $0.kind == "flareButton" }
        let buttonFrames = Layout.buttonFrames(buttons.map(\.target))
        for element in buttons {
            guard let frame = buttonFrames[element.target] else { continue }
            content.append(button(element, frame: frame))
        }
        if let record = screen.elements.first(where: { $0.kind == "mic" }) {
            let card = screen.cards.first.flatMap { frames[$0.target] }
            content.append(micLayer(record, centre: card.map { Point($0.center.x, $0.maxY + 80) } ?? full.center))
        }
        return content
    }

    /// The cascading title: a line of text per line of the title, each glyph a run at its weight, opacity and
    /// rise (the renderer's font lays them out).
    func title(of screen: ScreenView) -> Shape {
        var lines: [[TextRun]] = [[]]
        for glyph in screen.title.glyphs {
            if glyph.glyph == "\n" {
                lines.append([])
                continue
            }
            lines[lines.count - 1].append(
                TextRun(glyph.glyph, weight: glyph.weight, opacity: glyph.opacity, offsetY: glyph.offsetY))
        }
        let shapes = lines.enumerated().map { index, runs in
            Shape.runs(
                runs, at: Point(Layout.margin, Layout.titleTop + Double(index) * Layout.titleLineHeight),
                size: Layout.titleSize, fill: .colour(text))
        }
        let glyphs = screen.title.glyphs
        let shown = glyphs.isEmpty ? 1 : glyphs.map(\.opacity).reduce(0, +) / Double(glyphs.count)
        return .group(Layer("title", values: ["meanOpacity": shown], shapes))
    }

    /// A glass card at its entrance scale, moved by the parallax: shadow, material, stroke, label; the nutrition
    /// card holds the metric ring and the gradient number.
    func glassCard(_ card: GlassCardView, on screen: ScreenView, frame: Frame) -> Shape {
        let label = screen.elements.first { $0.target == card.target }?.label ?? ""
        var shapes: [Shape] = [
            .group(
                Layer(
                    offset: Point(0, Layout.shadowOffsetY), blur: Layout.shadowRadius,
                    [
                        .rect(
                            frame, cornerRadius: Layout.cardRadius,
                            fill: .colour(Colour("#000000", opacity: Layout.shadowOpacity)), outline: nil)
                    ])),
            .rect(
                frame, cornerRadius: Layout.cardRadius, fill: .colour(Colour("#FFFFFF", opacity: Layout.glassOpacity)),
                outline: Outline(Colour("#FFFFFF", opacity: Layout.strokeOpacity), width: 1)),
            .text(
                label, at: Point(frame.x + 16, frame.y + 30), size: 17, weight: 600, anchor: .start, fill: .colour(text)
            ),
        ]
        if card.target == "dashboard/card/nutrition" { shapes += ringShapes(in: frame) }
        return .group(
            Layer(
                card.target, values: ["scale": card.scale, "parallaxX": parallax.x, "parallaxY": parallax.y],
                offset: Point(parallax.x, parallax.y), scale: card.scale, anchor: frame.center, shapes))
    }

    /// The metric ring drawn to its progress, and the calories with a bar in the gradient the number's mask shows
    /// (the pastel stops as a text fill would vanish on the same background; decision SR3).
    func ringShapes(in frame: Frame) -> [Shape] {
        let centre = Point(frame.x + frame.width - 16 - Layout.ringRadius, frame.center.y + 8)
        let track = Outline(Colour("#FFFFFF", opacity: 0.5), width: Layout.ringWidth)
        return [
            .arc(centre, radius: Layout.ringRadius, start: 0, end: 1, outline: track),
            .group(
                Layer(
                    "metricRing", values: ["progress": ring.progress],
                    [
                        .arc(
                            centre, radius: Layout.ringRadius, start: 0, end: ring.progress,
                            outline: Outline(text.faded(0.8), width: Layout.ringWidth))
                    ])),
            .text(
                "\(Int(saturating: number.value.rounded())) kcal", at: Point(frame.x + 16, frame.y + 84), size: 28,
                weight: 700,
                anchor: .start, fill: .colour(text)),
            .rect(
                Frame(x: frame.x + 16, y: frame.y + 94, width: 120, height: 6), cornerRadius: 3,
                fill: Self.gradient(number.stops), outline: nil),
        ]
    }

    /// A button: a filled rounded box with its label; a flare button pressed shows the flare over it.
    func button(_ element: ElementView, frame: Frame) -> Shape {
        var shapes: [Shape] = [
            .rect(frame, cornerRadius: Layout.buttonRadius, fill: .colour(text.faded(0.85)), outline: nil),
            .text(
                element.label, at: Point(frame.center.x, frame.center.y + 6), size: 17, weight: 600, anchor: .middle,
                fill: .colour(dark ? Colour("#1C1C1E") : Colour("#FFFFFF"))),
        ]
        if flare.target == element.target {
            shapes.append(
                .group(
                    Layer(
                        "flare", values: ["radius": flare.radius, "opacity": flare.opacity], opacity: flare.opacity,
                        blur: 8,
                        [
                            .circle(
                                frame.center, radius: Layout.flareRadius * flare.radius,
                                fill: .colour(Colour("#FFFFFF")), outline: nil)
                        ])))
        }
        return .group(Layer(element.target, shapes))
    }

    /// The mic button and its three ripples, each `scale` times the button at its opacity.
    func micLayer(_ element: ElementView, centre: Point) -> Shape {
        var shapes: [Shape] = []
        for ripple in mic.ripples {
            shapes.append(
                .group(
                    Layer(
                        "mic.ripples.\(ripple.index)", values: ["scale": ripple.scale, "opacity": ripple.opacity],
                        opacity: ripple.opacity,
                        [
                            .circle(
                                centre, radius: Layout.micRadius * ripple.scale, fill: nil,
                                outline: Outline(text, width: 2))
                        ])))
        }
        shapes.append(
            .circle(
                centre, radius: Layout.micRadius, fill: .colour(mic.recording ? Colour("#FF3B30") : text.faded(0.85)),
                outline: nil))
        shapes.append(
            .text(
                element.label, at: Point(centre.x, centre.y + Layout.micRadius + 24), size: 15, weight: 400,
                anchor: .middle, fill: .colour(text)))
        return .group(Layer(element.target, values: ["recording": mic.recording ? 1 : 0], shapes))
    }

    /// The 600 pt detail sheet, `offset` below its resting place: an opaque surface with the glass stroke (as
    /// FinPessoal's sheets, SR2: SVG has no backdrop blur), drawn 200 pt past the bottom edge for the overshoot.
    func sheetLayer(_ sheet: DetailSheetView) -> Shape {
        let rest = Frame(
            x: 0, y: Layout.height - AirFitApp.sheetHeight, width: Layout.width,
            height: AirFitApp.sheetHeight + Layout.sheetOvershootRoom)
        let close = Frame(x: Layout.width - 76, y: rest.y + 16, width: 60, height: 32)
        return .group(
            Layer(
                "sheet", values: ["offset": sheet.offset], offset: Point(0, sheet.offset),
                [
                    .rect(
                        rest, cornerRadius: Layout.cardRadius,
                        fill: .colour(Colour(dark ? "#1C1C1E" : "#FFFFFF")),
                        outline: Outline(Colour("#FFFFFF", opacity: Layout.strokeOpacity), width: 1)),
                    .rect(
                        Frame(x: rest.center.x - 18, y: rest.y + 6, width: 36, height: 5), cornerRadius: 2.5,
                        fill: .colour(text.faded(0.3)), outline: nil),
                    .text(
                        "Performance", at: Point(Layout.margin, rest.y + 40), size: 20, weight: 700, anchor: .start,
                        fill: .colour(text)),
                    .rect(close, cornerRadius: Layout.buttonRadius, fill: .colour(text.faded(0.1)), outline: nil),
                    .text(
                        "Close", at: Point(close.center.x, close.center.y + 5), size: 15, weight: 600, anchor: .middle,
                        fill: .colour(text)),
                ]))
    }
}
