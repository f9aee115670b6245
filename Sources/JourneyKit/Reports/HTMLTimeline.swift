import ChoreoJSON
import Foundation

/// Draws one journey's ``TimelineData`` as inline SVG for ``HTMLReport``.
///
/// ``svg()`` is the main timeline; layout, top to bottom, with row titles in a left gutter and virtual time on the
/// x axis (0…`endMs`): one lane per finite series (each scaled to its own min…max, labelled with its path,
/// first → last value and min/max; the values `expect` steps checked marked at their step's time, green when they
/// held, red when not, with their tolerance), a haptics row (diamonds coloured by style, labelled with style and
/// source), an announcements row (bubbles, text in `<title>` tooltips), the time axis, and the steps as ticks with
/// labels stacked so they do not overlap (checks of values that are not drawn in their tooltips). The failing step
/// is red, with a dashed red line through every row. ``loopsSVG()`` draws the endless loops' lanes on the same axis,
/// for a section the page folds away.
///
/// Zoom and the time cursor are the page script's: what spans time (curves, horizontal lines, lane backgrounds) is
/// in `<g class="zx">` groups the script scales along x; what sits at a time (marks, labels, vertical lines) is in
/// `<g class="pin" data-x="X">` groups it moves; the gutter stays. Each `<svg>` carries its geometry and its lanes'
/// samples as `data-` attributes for the cursor's readout.
struct HTMLTimeline {
    let result: JourneyResult
    /// Unique in the page; prefixes the SVG's element ids.
    let id: String
    /// The steps to draw: the timeline's, or the step results' start times when the timeline has none.
    private let stepMarks: [TimelineData.Mark]
    /// The end of the x axis: `endMs`, else the latest time drawn or the journey's virtual time, else 100 ms (a
    /// journey that never advanced the clock still gets a readable axis).
    private let end: Double
    /// The series drawn in the main timeline, and the endless loops drawn apart.
    let finite: [TimelineData.Series]
    let endless: [TimelineData.Series]

    init(result: JourneyResult, id: String) {
        self.result = result
        self.id = id
        let timeline = result.timeline
        stepMarks =
            timeline.steps.isEmpty
            ? result.steps.map { TimelineData.Mark(t: $0.startMs, label: $0.label, failed: !$0.passed) }
            : timeline.steps
        finite = Self.ordered(timeline.series.filter { !$0.endless }, expectations: timeline.expectations)
        endless = timeline.series.filter(\.endless)
        if timeline.endMs > 0, timeline.endMs.isFinite {
            end = timeline.endMs
        } else {
            var latest = result.virtualMilliseconds.isFinite ? result.virtualMilliseconds : 0
            for series in timeline.series { latest = max(latest, series.points.last?.t ?? 0) }
            for mark in timeline.haptics + timeline.announcements + stepMarks { latest = max(latest, mark.t) }
            end = latest > 0 && latest.isFinite ? latest : 100
        }
    }

    /// The lanes in the user's order: those the journey asserts first, by the time of their first check, then the
    /// others grouped by feature (the path's first component) and sorted by path.
    static func ordered(
        _ series: [TimelineData.Series], expectations: [TimelineData.Expectation]
    ) -> [TimelineData.Series] {
        var firstCheck: [String: Double] = [:]
        for check in expectations {
            guard let drawn = check.series else { continue }
            firstCheck[drawn] = min(firstCheck[drawn] ?? .infinity, check.t)
        }
        let asserted = series.filter { firstCheck[$0.path] != nil }
            .enumerated().sorted {
                (firstCheck[$0.element.path]!, $0.offset) < (firstCheck[$1.element.path]!, $1.offset)
            }
            .map(\.element)
        let others = series.filter { firstCheck[$0.path] == nil }.sorted { a, b in
            let (fa, fb) = (a.path.prefix { $0 != "." }, b.path.prefix { $0 != "." })
            return fa != fb ? fa < fb : a.path < b.path
        }
        return asserted + others
    }

    /// How a lane is named: by the state paths the journey's `expect` steps wrote for it (`sheet.progress`), else by
    /// the animated property (`sheet.1.progress`).
    func laneName(_ series: TimelineData.Series) -> String {
        var written: [String] = []
        for check in timeline.expectations where check.series == series.path && !written.contains(check.path) {
            written.append(check.path)
        }
        return written.isEmpty ? series.path : written.joined(separator: ", ")
    }

    /// The values a lane went through: its first, each turning point, its last (`0 → 1 → 0`), at most five, the
    /// middle ones elided (`0 → 1 → … → 0`).
    static func valuePath(_ values: [Double]) -> [Double] {
        guard var previous = values.first else { return [] }
        var kept = [previous]
        var direction = 0.0
        for value in values.dropFirst() where value != previous {
            let step = value > previous ? 1.0 : -1.0
            if direction != 0, step != direction, kept.last != previous { kept.append(previous) }
            direction = step
            previous = value
        }
        if kept.last != previous || kept.count == 1 { kept.append(previous) }
        return kept.count <= 5 ? kept : Array(kept.prefix(3)) + [.nan, kept.last!]
    }

    /// What one `<svg>` is built from, in drawing order: what the script scales along x, vertical marks behind
    /// the curves, the curves (scaled too), marks in front, then text; and each lane's data for the cursor.
    private struct Layers {
        var scaled = ""
        var back = ""
        var curves = ""
        var front = ""
        var labels = ""
        /// The row titles and lane labels left of the plot, drawn last on a background of their own: the script
        /// keeps them in view when a zoomed timeline scrolls.
        var gutter = ""
        var gutterBack = ""
        var lanes: [JSONValue] = []
    }

    // Geometry, in SVG user units (the SVG scales to the page width).
    static let width = 1100.0
    static let plotLeft = 214.0
    static let plotRight = 1080.0
    static let gutterX = 14.0
    /// The width of the gutter's background, which hides what a zoomed timeline scrolls under it.
    static let gutterWidth = 203.0
    static let laneHeight = 72.0
    static let levelHeight = 15.0
    /// Estimated advance of one character: monospace labels (11 px) and proportional ones (11.5 px).
    static let monoCharWidth = 6.65
    static let sansCharWidth = 6.8
    static let maxLevels = 6
    /// Series colours, in order; they repeat after the last.
    static let palette = ["#2f5fd0", "#d2417a", "#12855f", "#c77800", "#7048c8", "#0f8aa3", "#b3361f", "#5d7f12"]

    private var timeline: TimelineData { result.timeline }

    /// The x of virtual time `t`, kept within a few units of the plot (non-finite times sit at its left edge).
    private func x(_ t: Double) -> Double {
        guard t.isFinite else { return Self.plotLeft }
        let span = Self.plotRight - Self.plotLeft
        let raw = Self.plotLeft + span * t / end
        return min(max(raw, Self.plotLeft - 8), Self.plotRight + 8)
    }

    /// The main `<svg>` element (every lane but the endless loops'), ending with a newline.
    func svg() -> String {
        let steps = stepMarks
        guard
            !timeline.series.isEmpty || !timeline.haptics.isEmpty || !timeline.announcements.isEmpty || !steps.isEmpty
        else {
            let height = 48.0
            return open(height: height, lanes: [])
                + "<text x=\"\(c(Self.width / 2))\" y=\"28\" text-anchor=\"middle\" class=\"small\">"
                + "No timeline was recorded for this journey.</text>\n</svg>\n"
        }
        var layers = Layers()
        var y = 8.0
        let top = y
        for (index, series) in finite.enumerated() {
            drawLane(series, index: index, top: y, layers: &layers)
            y += Self.laneHeight
        }
        y = markRow(title: "Haptics", marks: timeline.haptics, top: y, haptic: true, layers: &layers)
        layers.scaled += hline(y: y - 0.5, from: 0, to: Self.width, cls: "grid")
        y = markRow(title: "Announcements", marks: timeline.announcements, top: y, haptic: false, layers: &layers)
        let axisY = y + 4
        drawAxis(top: top, axisY: axisY, layers: &layers)

        // Steps.
        let stepsTop = axisY + 24
        layers.gutter += text("Steps", x: Self.gutterX, y: stepsTop + 12, cls: "row")
        let stepRows = drawSteps(steps, top: stepsTop, chartTop: top, axisY: axisY, layers: &layers)
        let height = stepsTop + Double(max(1, stepRows)) * Self.levelHeight + 12
        return assemble(layers, height: height, cursorFrom: top, cursorTo: axisY)
    }

    /// The endless loops' lanes over the same time axis, or nil when there are none.
    func loopsSVG() -> String? {
        guard !endless.isEmpty else { return nil }
        var layers = Layers()
        var y = 8.0
        for (index, series) in endless.enumerated() {
            drawLane(series, index: finite.count + index, top: y, layers: &layers)
            y += Self.laneHeight
        }
        let axisY = y + 4
        drawAxis(top: 8, axisY: axisY, layers: &layers)
        return assemble(layers, height: axisY + 26, cursorFrom: 8, cursorTo: axisY)
    }

    private func assemble(_ layers: Layers, height: Double, cursorFrom: Double, cursorTo: Double) -> String {
        let clip =
            "<clipPath id=\"\(id)-clip\"><rect x=\"\(c(Self.plotLeft - 2))\" y=\"0\" width=\""
            + "\(c(Self.plotRight - Self.plotLeft + 4))\" height=\"\(c(height))\"/></clipPath>\n"
        let cursor =
            "<line class=\"cursor\" x1=\"0\" y1=\"\(c(cursorFrom))\" x2=\"0\" y2=\"\(c(cursorTo))\""
            + " visibility=\"hidden\"/><g class=\"cursor-dots\"></g>\n"
        let gutter =
            "<g class=\"gutter\">" + rect(x: 0, y: 0, width: Self.gutterWidth, height: height, cls: "gutter-bg")
            + layers.gutterBack + layers.gutter + "</g>\n"
        return open(height: height, lanes: layers.lanes) + "<defs>\n" + clip + "</defs>\n"
            + "<g class=\"zx\">\n" + layers.scaled + "</g>\n" + layers.back
            + "<g class=\"zx\">\n" + layers.curves + "</g>\n" + layers.front + layers.labels + cursor + gutter
            + "</svg>\n"
    }

    /// Vertical grid lines at "nice" times, the axis and its labels.
    private func drawAxis(top: Double, axisY: Double, layers: inout Layers) {
        let step = Self.niceStep(end / 9)
        for index in 0...Int((end / step * (1 + 1e-9)).rounded(.down)) {
            let tick = Double(index) * step
            let tx = x(tick)
            layers.back += pin(
                tx,
                vline(x: tx, from: top, to: axisY, cls: "grid") + vline(x: tx, from: axisY, to: axisY + 4, cls: "axis"))
            layers.labels += pin(
                tx, text(ReportText.number(tick), x: tx, y: axisY + 16, anchor: "middle", cls: "small"))
        }
        layers.scaled += hline(y: axisY, from: Self.plotLeft, to: Self.plotRight, cls: "axis")
        layers.gutter += text("virtual ms", x: Self.gutterX, y: axisY + 16, cls: "row")
    }

    private func open(height: Double, lanes: [JSONValue]) -> String {
        let label = "Timeline of \(result.displayName), 0 to \(ReportText.number(end)) ms virtual"
        return "<svg class=\"tl\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(c(Self.width)) \(c(height))\""
            + " width=\"\(c(Self.width))\" height=\"\(c(height))\" role=\"img\" aria-label=\"\(esc(label))\""
            + " data-end=\"\(ReportText.number(end))\" data-left=\"\(c(Self.plotLeft))\""
            + " data-right=\"\(c(Self.plotRight))\" data-width=\"\(c(Self.width))\""
            + (timeline.series.contains(where: \.frames) ? " data-fps=\"\(result.session?.fps ?? 60)\"" : "")
            + " data-lanes=\"\(esc(JSONValue.array(lanes).serialized()))\">\n"
    }

    /// `body` in a group the page script moves along x when zooming, so that what is at `x` stays at its time.
    private func pin(_ x: Double, _ body: String) -> String {
        "<g class=\"pin\" data-x=\"\(c(x))\">" + body + "</g>\n"
    }

    // MARK: Series

    /// One series' lane at `top`: its background, gutter labels, curve, last value, the checked values on it, and
    /// its data for the cursor.
    private func drawLane(_ series: TimelineData.Series, index: Int, top: Double, layers: inout Layers) {
        if index % 2 == 0 {
            layers.scaled += rect(x: 0, y: top, width: Self.width, height: Self.laneHeight, cls: "lane-alt")
            layers.gutterBack += rect(x: 0, y: top, width: Self.gutterWidth, height: Self.laneHeight, cls: "lane-alt")
        }
        let color = Self.palette[index % Self.palette.count]
        let points = series.points.filter { $0.t.isFinite && $0.v.isFinite }
        let checks = timeline.expectations.filter { $0.series == series.path }
        let yTop = top + 14
        let yBottom = top + Self.laneHeight - 14
        // The scale takes in the expected values, so that a marker sits where its value is.
        let scaled = points.map(\.v) + checks.compactMap(\.expected).filter(\.isFinite)
        let low = scaled.min() ?? 0
        let high = scaled.max() ?? 0
        func y(_ v: Double) -> Double {
            let raw = high > low ? yBottom - (v - low) / (high - low) * (yBottom - yTop) : (yTop + yBottom) / 2
            return min(max(raw, top + 3), top + Self.laneHeight - 3)
        }

        // Gutter: the lane's name (the asserted state path), the values it went through; the scale's ends next to
        // the plot.
        let name = laneName(series)
        let path = name.count > 24 ? "…" + String(name.suffix(23)) : name
        let tooltip = name == series.path ? series.path : "\(name) (animated property \(series.path))"
        layers.gutter +=
            "<text x=\"\(c(Self.gutterX))\" y=\"\(c(top + 29))\" class=\"mono path\" fill=\"\(color)\""
            + " style=\"fill:\(color)\" data-property=\"\(esc(series.path))\"><title>\(esc(tooltip))</title>\(esc(path))</text>\n"
        guard let first = points.first, let last = points.last else {
            layers.gutter += text("no samples", x: Self.gutterX, y: top + 46, cls: "small")
            return
        }
        let moved = points.contains { $0.v != first.v }
        let range =
            moved
            ? Self.valuePath(points.map(\.v)).map { $0.isNaN ? "…" : short($0) }.joined(separator: " → ")
            : "constant \(short(first.v))"
        layers.gutter += text(range, x: Self.gutterX, y: top + 46, cls: "small")
        if high > low {
            layers.gutter += text(short(high), x: Self.plotLeft - 6, y: yTop + 3.5, anchor: "end", cls: "small")
            layers.gutter += text(short(low), x: Self.plotLeft - 6, y: yBottom + 3.5, anchor: "end", cls: "small")
            layers.scaled += hline(y: yTop, from: Self.plotLeft, to: Self.plotRight, cls: "grid", dashed: true)
            layers.scaled += hline(y: yBottom, from: Self.plotLeft, to: Self.plotRight, cls: "grid", dashed: true)
        }

        let kept = decimated(points)
        // Frames hold until the next one: drawn as steps (the value jumps on the frame that shows it).
        var shape = kept
        if series.frames, kept.count > 1 {
            shape = [kept[0]]
            for point in kept.dropFirst() {
                if let held = shape.last, held.v != point.v { shape.append(TimelineData.Point(t: point.t, v: held.v)) }
                shape.append(point)
            }
        }
        let drawn = shape.map { (x(min(max($0.t, -end), 2 * end)), y($0.v)) }
        let coordinates = drawn.map { "\(c($0.0)),\(c($0.1))" }.joined(separator: " ")
        let values = points.map(\.v)
        let summary =
            "\(series.path): min \(short(values.min() ?? 0)), max \(short(values.max() ?? 0)), from \(short(first.v))"
            + " to \(short(last.v)) (\(ReportText.plural(points.count, "sample")))"
        layers.curves += "<g class=\"series\" clip-path=\"url(#\(id)-clip)\"><title>\(esc(summary))</title>\n"
        if drawn.count > 1, let firstX = drawn.first?.0, let lastX = drawn.last?.0 {
            layers.curves +=
                "<polygon points=\"\(c(firstX)),\(c(yBottom)) \(coordinates) \(c(lastX)),\(c(yBottom))\""
                + " fill=\"\(color)\" fill-opacity=\"0.09\" stroke=\"none\"/>\n"
            layers.curves +=
                "<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\""
                + " stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
        }
        layers.curves += "</g>\n"
        if let end = drawn.last {
            layers.front += pin(end.0, "<circle cx=\"\(c(end.0))\" cy=\"\(c(end.1))\" r=\"3\" fill=\"\(color)\"/>")
        }
        for check in checks { layers.front += marker(check, y: y) }

        var data: [JSONValue] = []
        for point in kept {
            // Enough digits for the readout (six significant), not the full precision, to keep the page small.
            data.append(.number((point.t * 1000).rounded() / 1000))
            data.append(.number(Double(String(format: "%.6g", point.v)) ?? point.v))
        }
        layers.lanes.append(
            .object([
                "p": .string(series.path), "c": .string(color), "y0": .number(yTop), "y1": .number(yBottom),
                "lo": .number(low), "hi": .number(high), "d": .array(data), "f": .bool(series.frames),
            ]))
    }

    /// A checked value on its lane: a ring at the expected value, a bar over the accepted range (to the lane's edge
    /// for a one-sided bound), green when the check held and red when not, the check in a tooltip.
    private func marker(_ check: TimelineData.Expectation, y: (Double) -> Double) -> String {
        guard let expected = check.expected else { return "" }
        let mx = x(check.t)
        let tooltip = "\(check.text) at \(ReportText.number(check.t)) ms"
        var body =
            "<g class=\"expect \(check.passed ? "pass" : "fail")\" data-path=\"\(esc(check.path))\""
            + " data-series=\"\(esc(check.series ?? ""))\"><title>"
            + "\(esc(tooltip))</title>"
        let lowY = y(check.low ?? expected)
        let highY = y(check.high ?? expected)
        if abs(lowY - highY) >= 1 {
            body += "<line x1=\"\(c(mx))\" y1=\"\(c(lowY))\" x2=\"\(c(mx))\" y2=\"\(c(highY))\" class=\"tol\"/>"
        }
        for (bound, by) in [(check.low, lowY), (check.high, highY)] where bound?.isFinite ?? false {
            body += "<line x1=\"\(c(mx - 5))\" y1=\"\(c(by))\" x2=\"\(c(mx + 5))\" y2=\"\(c(by))\" class=\"tol\"/>"
        }
        body +=
            "<circle cx=\"\(c(mx))\" cy=\"\(c(y(expected)))\" r=\"4.5\" class=\"target\"/>"
            + "<rect x=\"\(c(mx - 6))\" y=\"\(c(min(lowY, highY) - 6))\" width=\"12\""
            + " height=\"\(c(abs(lowY - highY) + 12))\" class=\"hit\"/></g>"
        return pin(mx, body)
    }

    /// At most about four points per pixel column (first, lowest, highest, last), in time order.
    private func decimated(_ points: [TimelineData.Point]) -> [TimelineData.Point] {
        let columns = Int(Self.plotRight - Self.plotLeft)
        guard points.count > 2 * columns else { return points }
        var kept: [TimelineData.Point] = []
        var bucket: [TimelineData.Point] = []
        var column = Int.min
        func flush() {
            guard let first = bucket.first, let last = bucket.last else { return }
            let low = bucket.min { $0.v < $1.v } ?? first
            let high = bucket.max { $0.v < $1.v } ?? first
            var chosen = [first]
            for point in [low, high].sorted(by: { $0.t < $1.t }) + [last] where point != chosen.last {
                chosen.append(point)
            }
            kept += chosen
            bucket.removeAll(keepingCapacity: true)
        }
        for point in points {
            let pointColumn = Int(x(point.t).rounded(.down))
            if pointColumn != column {
                flush()
                column = pointColumn
            }
            bucket.append(point)
        }
        flush()
        return kept
    }

    // MARK: Haptics and announcements

    /// Draws a row of marks with their labels stacked in levels; returns the row's bottom.
    private func markRow(
        title: String, marks: [TimelineData.Mark], top: Double, haptic: Bool, layers: inout Layers
    ) -> Double {
        let markerY = top + 14
        let heading = marks.isEmpty ? title : "\(title) (\(marks.count))"
        layers.gutter += text(heading, x: Self.gutterX, y: markerY + 4, cls: "row")
        guard !marks.isEmpty else {
            layers.labels += text("none", x: Self.plotLeft + 6, y: markerY + 4, cls: "small")
            return top + 26
        }
        // Up to three levels of labels; the rest show as tooltips.
        var placer = LabelPlacer(maxLevels: 3)
        var previous: (x: Double, count: Int) = (-.infinity, 0)
        for mark in marks.sorted(by: { $0.t < $1.t }) {
            // Marks at the same spot fan out a little so each stays visible.
            let exact = x(mark.t)
            previous = abs(exact - previous.x) < 2 ? (previous.x, previous.count + 1) : (exact, 0)
            let mx = exact + Double(previous.count) * 7
            let time = "\(ReportText.number(mark.t)) ms"
            if haptic {
                let color = Self.hapticColor(mark.label)
                let named = mark.source.map { "\(mark.label) · \($0)" } ?? mark.label
                let tooltip = "\(named) at \(time)"
                layers.front += pin(
                    mx,
                    "<g class=\"mark haptic\" data-style=\"\(esc(mark.label))\" data-source=\"\(esc(mark.source ?? ""))\">"
                        + "<title>\(esc(tooltip))</title><rect x=\"\(c(mx - 5))\" y=\"\(c(markerY - 5))\""
                        + " width=\"10\" height=\"10\" rx=\"1.5\" transform=\"rotate(45 \(c(mx)) \(c(markerY)))\""
                        + " fill=\"\(color)\"/></g>")
                let label = ReportText.truncated(named, 30)
                let width = Double(label.count) * Self.sansCharWidth
                let center = min(max(mx, Self.plotLeft - 10 + width / 2), Self.width - 4 - width / 2)
                if let level = placer.place(from: center - width / 2, to: center + width / 2) {
                    layers.labels += pin(
                        mx,
                        "<text x=\"\(c(center))\" y=\"\(c(markerY + 20 + Double(level) * Self.levelHeight))\""
                            + " text-anchor=\"middle\" class=\"halo\"><title>\(esc(tooltip))</title>\(esc(label))</text>"
                    )
                }
            } else {
                let tooltip = "announcement at \(time): \(mark.label)"
                layers.front += pin(
                    mx,
                    "<g class=\"mark\"><title>\(esc(tooltip))</title><path d=\"M\(c(mx - 6)) \(c(markerY - 6))"
                        + "h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-7l-5 4v-4a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2z\""
                        + " fill=\"#0f8aa3\"/></g>")
                // Right of the bubble when there is room, else on the side with more room, cut to fit.
                let rightRoom = Self.width - 4 - (mx + 10)
                let leftRoom = mx - 10 - (Self.plotLeft - 10)
                let full = Double(min(mark.label.count, 60)) * Self.sansCharWidth
                let fits = full <= rightRoom || rightRoom >= leftRoom
                let room = fits ? rightRoom : leftRoom
                let label = ReportText.truncated(mark.label, max(8, min(60, Int(room / Self.sansCharWidth))))
                let width = Double(label.count) * Self.sansCharWidth
                let from = fits ? mx + 10 : mx - 10 - width
                if let level = placer.place(from: min(from, mx - 8), to: max(from + width, mx + 8)) {
                    let ly = level == 0 ? markerY + 4 : markerY + 20 + Double(level - 1) * Self.levelHeight
                    let anchor = fits ? "start" : "end"
                    layers.labels += pin(
                        mx,
                        "<text x=\"\(c(fits ? from : from + width))\" y=\"\(c(ly))\" text-anchor=\"\(anchor)\""
                            + " class=\"halo\"><title>\(esc(tooltip))</title>\(esc(label))</text>")
                }
            }
        }
        let levels = max(1, placer.levelCount)
        return haptic
            ? markerY + 26 + Double(levels - 1) * Self.levelHeight
            : markerY + 14 + Double(levels - 1) * Self.levelHeight
    }

    /// A colour per haptic style: notifications by meaning, impacts in shades of violet by strength.
    static func hapticColor(_ style: String) -> String {
        switch style.lowercased() {
        case "success": return "#1a8f55"
        case "warning": return "#d08400"
        case "error", "failure": return "#d03030"
        case "selection", "selectionchanged": return "#0f8aa3"
        case "light", "soft": return "#a48be6"
        case "medium": return "#7a55d6"
        case "heavy", "rigid": return "#4d2ea6"
        default: return "#6b7785"
        }
    }

    // MARK: Steps

    /// Draws step ticks and labels below the axis; returns how many label levels it used.
    ///
    /// Labels stack in levels so none overlap; the failing step is placed first so its label always shows. A step
    /// whose label finds no room keeps its tick, with the label in a tooltip.
    private func drawSteps(
        _ marks: [TimelineData.Mark], top: Double, chartTop: Double, axisY: Double, layers: inout Layers
    ) -> Int {
        // The checks of values no lane draws, listed in their step's tooltip.
        var notes: [Int: [String]] = [:]
        for check in timeline.expectations where check.series == nil || check.expected == nil {
            notes[check.step, default: []].append("  \(check.passed ? "✓" : "✗") \(check.text)")
        }
        let ordered = marks.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }
        let placementOrder = ordered.filter { $0.element.failed } + ordered.filter { !$0.element.failed }
        var placer = LabelPlacer()
        // Per tick position: the deepest label level below it, whether a failing step is there, its tooltip.
        var ticks: [(x: Double, depth: Int, failed: Bool, tooltip: [String])] = []
        var texts = ""
        for (offset, mark) in placementOrder {
            let mx = x(mark.t)
            let label = (mark.failed ? "✗ " : "") + ReportText.truncated(mark.label, 44)
            let tooltip =
                (["\(ReportText.number(mark.t)) ms  \(mark.failed ? "✗ " : "")\(mark.label)"] + (notes[offset] ?? []))
                .joined(separator: "\n")
            let width = Double(label.count) * Self.monoCharWidth
            let fits = mx + 4 + width <= Self.width - 4
            let from = fits ? mx + 4 : mx - 4 - width
            let level = placer.place(from: from, to: from + width, tick: mx)
            if let level {
                let cls = mark.failed ? "mono fail" : "mono"
                let baseline = top + 12 + Double(level) * Self.levelHeight
                texts += pin(
                    mx,
                    "<rect x=\"\(c(from - 2))\" y=\"\(c(baseline - 10))\" width=\"\(c(width + 4))\" height=\"13\""
                        + " class=\"label-bg\"/><text x=\"\(c(fits ? from : from + width))\" y=\"\(c(baseline))\""
                        + " text-anchor=\"\(fits ? "start" : "end")\" class=\"\(cls)\"><title>\(esc(tooltip))</title>"
                        + "\(esc(label))</text>")
            }
            if let index = ticks.firstIndex(where: { abs($0.x - mx) < 1 }) {
                ticks[index].depth = max(ticks[index].depth, level ?? 0)
                ticks[index].failed = ticks[index].failed || mark.failed
                ticks[index].tooltip.append(tooltip)
            } else {
                ticks.append((mx, level ?? 0, mark.failed, [tooltip]))
            }
        }
        var failLines = ""
        for tick in ticks {
            let bottom = top + 14 + Double(tick.depth) * Self.levelHeight
            var body =
                "<circle cx=\"\(c(tick.x))\" cy=\"\(c(axisY))\" r=\"2.2\" fill=\""
                + "\(tick.failed ? "#c62828" : "#8a96a3")\"/>"
            body +=
                "<g><title>\(esc(tick.tooltip.joined(separator: "\n")))</title>"
                + vline(x: tick.x, from: top - 4, to: bottom, cls: tick.failed ? "tick fail" : "tick")
                + "<rect x=\"\(c(tick.x - 3))\" y=\"\(c(top - 4))\" width=\"6\" height=\"\(c(bottom - top + 4))\""
                + " class=\"hit\"/></g>"
            if tick.failed {
                failLines += pin(tick.x, vline(x: tick.x, from: chartTop, to: axisY, cls: "failline"))
            } else {
                body += vline(x: tick.x, from: chartTop, to: axisY, cls: "guide", dashed: true)
            }
            layers.back += pin(tick.x, body)
        }
        if failLines.isEmpty, result.status != .passed, let failure = result.failure {
            let fx = x(failure.virtualMs)
            failLines += pin(fx, vline(x: fx, from: chartTop, to: axisY, cls: "failline"))
        }
        layers.labels = failLines + layers.labels + texts
        return placer.levelCount
    }

    // MARK: Primitives

    /// Label stacking: each label goes to the first level where it overlaps no label already there.
    ///
    /// With `tick`, the label hangs from a vertical tick at that x running down from level 0 to the label's level:
    /// the tick may not cross a label on a level above, and the label may not cover a longer tick placed before.
    struct LabelPlacer {
        var maxLevels: Int
        private var taken: [[ClosedRange<Double>]] = []
        private var ticks: [(x: Double, depth: Int)] = []
        /// How many levels hold a label.
        var levelCount: Int { taken.count }

        init(maxLevels: Int = HTMLTimeline.maxLevels) {
            self.maxLevels = maxLevels
        }

        /// The level for a label spanning `from…to`, or nil when all `maxLevels` levels are taken there.
        ///
        /// When no level keeps the tick clear of other labels, the label goes to the first level with room and the
        /// caller draws it on an opaque background (the tick passes behind it).
        mutating func place(from: Double, to: Double, tick: Double? = nil) -> Int? {
            let span = (from - 3)...(to + 3)
            let level =
                (0..<maxLevels).first { fits(span, level: $0, tick: tick) }
                ?? (0..<maxLevels).first { fits(span, level: $0, tick: nil) }
            if let level {
                while taken.count <= level { taken.append([]) }
                taken[level].append(span)
                if let tick { ticks.append((tick, level)) }
            }
            return level
        }

        private func fits(_ span: ClosedRange<Double>, level: Int, tick: Double?) -> Bool {
            if level < taken.count, taken[level].contains(where: { $0.overlaps(span) }) { return false }
            guard let tick else { return true }
            // Spans carry 3 units of padding; a tick only collides with the text itself (±1).
            func covers(_ span: ClosedRange<Double>, _ x: Double) -> Bool {
                span.lowerBound + 2 < x && x < span.upperBound - 2
            }
            for above in taken.prefix(level) where above.contains(where: { covers($0, tick) }) { return false }
            return !ticks.contains { $0.depth >= level && abs($0.x - tick) >= 1 && covers(span, $0.x) }
        }
    }

    /// A "nice" tick spacing (1, 2, 2.5 or 5 × 10ⁿ) at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        let mantissa = raw / power
        let factor = mantissa <= 1 ? 1 : mantissa <= 2 ? 2 : mantissa <= 2.5 ? 2.5 : mantissa <= 5 ? 5 : 10
        return factor * power
    }

    private func text(_ content: String, x: Double, y: Double, anchor: String = "start", cls: String) -> String {
        let anchorAttribute = anchor == "start" ? "" : " text-anchor=\"\(anchor)\""
        return "<text x=\"\(c(x))\" y=\"\(c(y))\"\(anchorAttribute) class=\"\(cls)\">\(esc(content))</text>\n"
    }

    private func rect(x: Double, y: Double, width: Double, height: Double, cls: String) -> String {
        "<rect x=\"\(c(x))\" y=\"\(c(y))\" width=\"\(c(width))\" height=\"\(c(height))\" class=\"\(cls)\"/>\n"
    }

    private func vline(x: Double, from: Double, to: Double, cls: String, dashed: Bool = false) -> String {
        "<line x1=\"\(c(x))\" y1=\"\(c(from))\" x2=\"\(c(x))\" y2=\"\(c(to))\" class=\"\(cls)\""
            + (dashed ? " stroke-dasharray=\"2 3\"" : "") + "/>\n"
    }

    private func hline(y: Double, from: Double, to: Double, cls: String, dashed: Bool = false) -> String {
        "<line x1=\"\(c(from))\" y1=\"\(c(y))\" x2=\"\(c(to))\" y2=\"\(c(y))\" class=\"\(cls)\""
            + (dashed ? " stroke-dasharray=\"3 3\"" : "") + "/>\n"
    }

    /// A coordinate with at most one decimal.
    private func c(_ value: Double) -> String {
        ReportText.compact(value, 1)
    }

    /// A value for a label (``ReportText/short(_:)``).
    func short(_ value: Double) -> String { ReportText.short(value) }

    private func esc(_ text: String) -> String {
        HTMLReport.esc(text)
    }
}
