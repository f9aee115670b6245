import ChoreoEngine
import ChoreoMotion

/// The dashboard's own motion: the pull-to-refresh indicator, the spending chart's reveal, scrubbing and callout,
/// and the loading skeletons.
extension FinScreenDrawing {
    /// The pull-to-refresh indicator, centred in the gap the pull opens under the nav bar: the arrow turned by
    /// `rotation`, the spinner at its angle, or the check mark at its pop scale; the whole at `opacity` and `scale`.
    func refreshLayer() -> Shape {
        let centre = Point(Layout.width / 2, Layout.navBarBottom + max(refresh.pullDistance, 0) / 2)
        let size = Layout.refreshIconSize
        let colour = refresh.color == .accent ? palette.accent : palette.secondary
        var shapes: [Shape] = []
        switch refresh.icon {
        case .spinner:
            let start = refresh.rotation / 360
            shapes.append(
                .arc(centre, radius: size / 2, start: start, end: start + 0.75, outline: Outline(colour, width: 2.5)))
        case .checkmark:
            let r = size / 2 * refresh.checkmarkScale
            shapes.append(.circle(centre, radius: r, fill: .colour(palette.success), outline: nil))
            shapes.append(
                .polyline(
                    [
                        Point(centre.x - r * 0.45, centre.y), Point(centre.x - r * 0.1, centre.y + r * 0.35),
                        Point(centre.x + r * 0.45, centre.y - r * 0.3),
                    ], closed: false, fill: nil, outline: Outline(Colour("#FFFFFF"), width: 2)))
        case .arrowDown:
            let arrow = [
                Point(0, -size / 2), Point(0, size / 2), Point(-size / 4, size / 4), Point(0, size / 2),
                Point(size / 4, size / 4),
            ].map { rotated($0, degrees: refresh.rotation, about: centre) }
            shapes.append(.polyline(arrow, closed: false, fill: nil, outline: Outline(colour, width: 2.5)))
        }
        if refresh.pullDistance >= size + 16 {
            shapes.append(
                .text(
                    refresh.label, at: Point(centre.x, centre.y + size / 2 + 16), size: 13, weight: 400,
                    anchor: .middle, fill: .colour(palette.secondary)))
        }
        return .group(
            Layer(
                "refresh",
                values: [
                    "pullDistance": refresh.pullDistance, "rotation": refresh.rotation, "scale": refresh.scale,
                    "opacity": refresh.opacity, "checkmarkScale": refresh.checkmarkScale,
                ], opacity: refresh.visible ? refresh.opacity : 0, scale: refresh.scale, anchor: centre, shapes))
    }

    /// A point of a shape whose origin is `centre`, turned clockwise by `degrees` and placed at `centre`.
    func rotated(_ point: Point, degrees: Double, about centre: Point) -> Point {
        let angle = degrees * Double.pi / 180
        let c = MotionMath.cosine(angle)
        let s = MotionMath.sine(angle)
        return Point(centre.x + point.x * c - point.y * s, centre.y + point.x * s + point.y * c)
    }

    /// The spending chart card: the container at its reveal opacity and scale, the axes drawn to their trims, the
    /// grid lines, the line trimmed by length to `line.trim` (SwiftUI's `trim(from: 0, to:)`), the points at their
    /// appearance, the scrubber's finger, the dimmed rest, the burst and the callout.
    func chartLayer(_ card: Frame) -> Shape {
        let reveal = chart.reveal
        let plot = Frame(x: card.x + 16, y: card.y + 48, width: card.width - 32, height: card.height - 72)
        func position(_ point: ChartPointView) -> Point {
            Point(plot.x + point.x * plot.width, plot.maxY - point.y * plot.height)
        }
        var shapes: [Shape] = [
            .rect(card, cornerRadius: Layout.cardRadius, fill: .colour(palette.surface), outline: nil),
            .text(
                "Spending, \(chart.range) days", at: Point(card.x + 16, card.y + 30), size: 15, weight: 600,
                anchor: .start, fill: .colour(palette.text)),
        ]
        for line in reveal.grid {
            let y = plot.maxY - (chart.shown.maxValue > 0 ? line.value / chart.shown.maxValue : 0) * plot.height
            shapes.append(
                .polyline(
                    [Point(plot.x, y), Point(plot.x + plot.width, y)], closed: false, fill: nil,
                    outline: Outline(palette.separator.faded(line.opacity), width: 0.5)))
        }
        shapes.append(
            .polyline(
                [Point(plot.x, plot.maxY), Point(plot.x + plot.width * reveal.x.trim, plot.maxY)], closed: false,
                fill: nil, outline: Outline(palette.secondary, width: 1)))
        shapes.append(
            .polyline(
                [Point(plot.x, plot.maxY), Point(plot.x, plot.maxY - plot.height * reveal.y.trim)], closed: false,
                fill: nil, outline: Outline(palette.secondary, width: 1)))
        let line = Self.trimmed(chart.points.map(position), to: reveal.line.trim)
        if line.count > 1 {
            shapes.append(.polyline(line, closed: false, fill: nil, outline: Outline(palette.accent, width: 2.5)))
        }
        for point in chart.points where point.visible {
            let radius = (point.highlighted || point.selected ? 6 : 4) * point.scale
            shapes.append(
                .group(
                    Layer(
                        "chart.points.\(point.index)", values: ["appear": point.appear, "scale": point.scale],
                        opacity: min(max(point.appear, 0), 1),
                        [.circle(position(point), radius: radius, fill: .colour(palette.accent), outline: nil)])))
        }
        if let dim = chart.dim {
            let x = plot.x + dim.from * plot.width
            shapes.append(
                .rect(
                    Frame(x: x, y: plot.y, width: plot.x + plot.width - x, height: plot.height), cornerRadius: 0,
                    fill: .colour(palette.surface.faded(0.5)), outline: nil))
        }
        if let touch = chart.scrubber.touch {
            let x = plot.x + touch.x * plot.width
            shapes.append(
                .polyline(
                    [Point(x, plot.y), Point(x, plot.maxY)], closed: false, fill: nil,
                    outline: Outline(palette.secondary, width: 1)))
        }
        if let burst = chart.burst, let point = chart.points.first(where: { $0.index == burst.point }) {
            let origin = position(point)
            for particle in burst.particles {
                let angle = particle.angle * Double.pi / 180
                let at = Point(
                    origin.x + particle.distance * MotionMath.cosine(angle),
                    origin.y + particle.distance * MotionMath.sine(angle))
                shapes.append(
                    .circle(at, radius: 2, fill: .colour(palette.accent.faded(particle.opacity)), outline: nil))
            }
        }
        if let shown = chart.callout.shown, let point = chart.points.first(where: { $0.index == shown.index }) {
            let at = position(point)
            let box = Frame(
                x: min(max(at.x - 48, card.x + 8), card.x + card.width - 104), y: card.y + 8, width: 96, height: 36)
            shapes.append(
                .group(
                    Layer(
                        "chart.callout", values: ["opacity": chart.callout.opacity, "value": shown.value],
                        opacity: chart.callout.opacity,
                        [
                            .rect(box, cornerRadius: 8, fill: .colour(palette.text), outline: nil),
                            .text(
                                CalendarText.money(shown.value), at: Point(box.center.x, box.y + 23), size: 14,
                                weight: 600, anchor: .middle, fill: .colour(palette.surface)),
                        ])))
        }
        return .group(
            Layer(
                "chart",
                values: [
                    "trim": reveal.line.trim, "containerOpacity": reveal.containerOpacity,
                    "containerScale": reveal.containerScale,
                ], opacity: reveal.containerOpacity, scale: reveal.containerScale, anchor: card.center, shapes))
    }

    /// The first `fraction` of a polyline's length (all of it from 1 on, none at 0).
    static func trimmed(_ points: [Point], to fraction: Double) -> [Point] {
        guard points.count > 1, fraction > 0 else { return [] }
        var lengths: [Double] = []
        for index in 1..<points.count {
            let dx = points[index].x - points[index - 1].x
            let dy = points[index].y - points[index - 1].y
            lengths.append((dx * dx + dy * dy).squareRoot())
        }
        var remaining = lengths.reduce(0, +) * min(fraction, 1)
        var result = [points[0]]
        for index in 1..<points.count {
            let length = lengths[index - 1]
            if remaining >= length {
                result.append(points[index])
                remaining -= length
                continue
            }
            let t = length > 0 ? remaining / length : 0
            let a = points[index - 1]
            let b = points[index]
            result.append(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            break
        }
        return result
    }

    /// The loading skeletons over the cards they stand for (the transaction rows over the account rows, 20 pt
    /// apart): grey boxes at the skeletons' opacity, each with the shimmer's highlight at its `x` (−1 left edge … 1
    /// right edge), its corners rounded like the box's.
    func skeletonLayer() -> Shape {
        var shapes: [Shape] = []
        let empty = Frame(x: 0, y: 0, width: 0, height: 0)
        let balance = frame(of: "dashboard/card/balance", on: .dashboard) ?? empty
        let chartFrame = frame(of: Layout.chartTarget, on: .dashboard) ?? empty
        let firstRow = screens[.dashboard]?.elements.first { $0.kind == .row }
        let rowsTop = firstRow.flatMap { frame(of: $0.target, on: .dashboard)?.y } ?? chartFrame.maxY
        for skeleton in dashboard.skeletons {
            let box: Frame
            let radius: Double
            switch skeleton.kind {
            case .balanceCard: (box, radius) = (balance, Layout.cardRadius)
            case .chart: (box, radius) = (chartFrame, Layout.cardRadius)
            case .transactionRow:
                // Row i over the account rows, one row's height and the list's spacing apart.
                let row = Double(Int(skeleton.id.dropFirst(3)) ?? 0)
                box = Frame(
                    x: Layout.margin, y: rowsTop + row * (Layout.rowHeight + Layout.spacing),
                    width: Layout.width - 2 * Layout.margin, height: Layout.rowHeight)
                radius = Layout.buttonRadius
            }
            var marks: [Shape] = [.rect(box, cornerRadius: radius, fill: .colour(palette.skeleton), outline: nil)]
            if let x = skeleton.shimmerX {
                let band = box.width * 0.3
                let centre = box.x + (x + 1) / 2 * box.width
                let left = max(box.x, centre - band / 2)
                let right = min(box.x + box.width, centre + band / 2)
                if right > left {
                    marks.append(
                        .rect(
                            Frame(x: left, y: box.y, width: right - left, height: box.height),
                            cornerRadius: min(radius, (right - left) / 2),
                            fill: .colour(Colour("#FFFFFF", opacity: 0.5)), outline: nil))
                }
            }
            shapes.append(
                .group(
                    Layer(
                        "skeleton.\(skeleton.id)",
                        values: ["opacity": skeleton.opacity, "shimmerX": skeleton.shimmerX ?? 0],
                        opacity: skeleton.opacity, marks)))
        }
        return .group(Layer("skeletons", shapes))
    }
}
