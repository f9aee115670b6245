/// Matrix variants overlaid (`journey run --html FILE --html-overlay`): for each journey run in several variants, one
/// chart per lane the variants share, each variant's curve in its own colour with its name in the legend, so a
/// reduced-mode curve is seen against the full-mode one on the same axes.
enum HTMLVariantOverlay {
    /// The variants' colours, in order (the seventh takes the first's again).
    static let colours = ["#2f5fd0", "#c2185b", "#0f7b5a", "#b26a00", "#6a3fb5", "#00838f"]
    /// A chart's size in its own units.
    static let width = 640.0
    static let height = 132.0
    static let left = 56.0
    static let right = 12.0
    static let top = 10.0
    static let bottom = 22.0

    /// The results of each journey (file and name) that ran in more than one variant, in the order first met.
    static func groups(_ results: [JourneyResult]) -> [[JourneyResult]] {
        var order: [String] = []
        var byJourney: [String: [JourneyResult]] = [:]
        for result in results where result.variant != nil {
            let key = result.file + "\u{0}" + result.name
            if byJourney[key] == nil { order.append(key) }
            byJourney[key, default: []].append(result)
        }
        return order.compactMap { byJourney[$0] }.filter { $0.count > 1 }
    }

    /// The overlays of every group, or nothing when no journey has several variants.
    static func sections(_ results: [JourneyResult]) -> String {
        let groups = groups(results)
        guard !groups.isEmpty else { return "" }
        return "<section class=\"overlays\">\n" + groups.map(section).joined() + "</section>\n"
    }

    /// One journey's variants overlaid: a chart per shared lane (the finite ones two variants or more drew).
    static func section(_ group: [JourneyResult]) -> String {
        var paths: [String] = []
        var count: [String: Int] = [:]
        for result in group {
            for series in result.timeline.series where !series.endless && !series.points.isEmpty {
                if count[series.path] == nil { paths.append(series.path) }
                count[series.path, default: 0] += 1
            }
        }
        let shared = paths.filter { count[$0, default: 0] > 1 }
        var html = "<details class=\"overlay\" open><summary>Variants of <strong>"
        html += HTMLReport.esc(group[0].name) + "</strong> overlaid <span class=\"muted\">"
        html += HTMLReport.esc("\(group.count) variants · \(shared.count) shared lanes") + "</span></summary>\n"
        html += "<p class=\"legend\">"
        for (index, result) in group.enumerated() {
            html += "<span><i style=\"background:\(colour(index))\"></i>\(HTMLReport.esc(result.variant ?? ""))</span>"
        }
        html += "</p>\n"
        for path in shared { html += chart(path, group) }
        if shared.isEmpty { html += "<p class=\"muted\">The variants share no animated lane.</p>\n" }
        return html + "</details>\n"
    }

    static func colour(_ index: Int) -> String { colours[index % colours.count] }

    /// One lane of every variant on shared axes: time from 0 to the longest variant's end, values from the least to
    /// the greatest any variant reached.
    static func chart(_ path: String, _ group: [JourneyResult]) -> String {
        let lanes = group.map { result in result.timeline.series.first { $0.path == path }?.points ?? [] }
        let all = lanes.flatMap { $0 }
        let end = max(group.map(\.virtualMilliseconds).max() ?? 0, all.map(\.t).max() ?? 0, 1)
        var low = all.map(\.v).min() ?? 0
        var high = all.map(\.v).max() ?? 1
        if high - low < 1e-12 { (low, high) = (low - 0.5, high + 0.5) }
        func x(_ t: Double) -> Double { left + (width - left - right) * t / end }
        func y(_ v: Double) -> Double { top + (height - top - bottom) * (1 - (v - low) / (high - low)) }
        var svg = "<svg class=\"overlay-chart\" data-path=\"\(HTMLReport.esc(path))\" viewBox=\"0 0 \(Int(width)) "
        svg += "\(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">"
        svg += "<title>\(HTMLReport.esc(path)): the variants overlaid</title>"
        svg += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - right)\" "
        svg += "y2=\"\(height - bottom)\"/>"
        svg += "<text x=\"\(left - 6)\" y=\"\(ReportText.fixed(y(high) + 4, 1))\" text-anchor=\"end\">"
        // About four significant digits: a full-precision value (1.01516451009) was clipped by the plot's left edge.
        svg += "\(ReportText.short(high))</text><text x=\"\(left - 6)\" y=\"\(ReportText.fixed(y(low) + 4, 1))\" "
        svg += "text-anchor=\"end\">\(ReportText.short(low))</text>"
        svg += "<text x=\"\(left)\" y=\"\(height - 6)\">0</text><text x=\"\(width - right)\" y=\"\(height - 6)\" "
        svg += "text-anchor=\"end\">\(ReportText.number(end)) ms</text>"
        for (index, points) in lanes.enumerated() where !points.isEmpty {
            let list = points.map { "\(ReportText.fixed(x($0.t), 1)),\(ReportText.fixed(y($0.v), 1))" }
            svg += "<polyline data-variant=\"\(index)\" fill=\"none\" stroke=\"\(colour(index))\" stroke-width=\"1.6\" "
            svg += "points=\"\(list.joined(separator: " "))\"/>"
        }
        svg += "</svg>"
        return "<figure class=\"overlay\"><figcaption>\(HTMLReport.esc(path))</figcaption>\(svg)</figure>\n"
    }
}
