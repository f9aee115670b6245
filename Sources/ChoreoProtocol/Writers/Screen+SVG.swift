import ChoreoEngine
import ChoreoJSON
import ChoreoMotion

/// Writing a ``Screen`` as a self-contained SVG 1.1 document: no scripts, no external references, text as `<text>`
/// (so labels and amounts read in the picture), numbers rounded to 0.01 pt. The same screen gives the same bytes.
extension Screen {
    /// The document, `width` pixels wide (the screen's own width in points by default) and as tall as the screen's
    /// proportions make it; the drawing itself stays in points (`viewBox`).
    public func svg(width pixels: Double? = nil) -> String {
        var writer = SVGWriter()
        let body = shapes.map { writer.write($0) }.joined()
        let background = writer.paint(background)
        let pixelWidth = pixels ?? width
        var document = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""
        document += " width=\"\(SVGWriter.number(pixelWidth))\""
        document += " height=\"\(SVGWriter.number(pixelWidth * height / width))\""
        document += " viewBox=\"0 0 \(SVGWriter.number(width)) \(SVGWriter.number(height))\""
        document += " role=\"img\" aria-labelledby=\"screen-title\">"
        document += "<title id=\"screen-title\">\(SVGWriter.escape(title))</title>"
        if !writer.definitions.isEmpty { document += "<defs>" + writer.definitions.joined() + "</defs>" }
        document += "<rect width=\"\(SVGWriter.number(width))\" height=\"\(SVGWriter.number(height))\"\(background)/>"
        return document + body + "</svg>"
    }
}

/// Turns shapes into SVG elements, collecting the gradients and blur filters they use as definitions (named in the
/// order first used, so the output is deterministic).
struct SVGWriter {
    /// `<linearGradient>` and `<filter>` elements for `<defs>`.
    private(set) var definitions: [String] = []
    private var gradientIDs: [Paint: String] = [:]
    private var blurIDs: [Double: String] = [:]

    mutating func write(_ shape: Shape) -> String {
        switch shape {
        case .rect(let frame, let radius, let fill, let outline):
            var element = "<rect x=\"\(Self.number(frame.x))\" y=\"\(Self.number(frame.y))\""
            element += " width=\"\(Self.number(max(0, frame.width)))\" height=\"\(Self.number(max(0, frame.height)))\""
            if radius > 0 { element += " rx=\"\(Self.number(radius))\"" }
            return element + style(fill, outline) + "/>"
        case .circle(let centre, let radius, let fill, let outline):
            return "<circle cx=\"\(Self.number(centre.x))\" cy=\"\(Self.number(centre.y))\""
                + " r=\"\(Self.number(max(0, radius)))\"" + style(fill, outline) + "/>"
        case .arc(let centre, let radius, let start, let end, let outline):
            return arc(centre, radius, start, end, outline)
        case .polyline(let points, let closed, let fill, let outline):
            let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
            let tag = closed ? "polygon" : "polyline"
            return "<\(tag) points=\"\(list)\"" + style(fill, outline) + "/>"
        case .text(let string, let point, let size, let weight, let anchor, let fill):
            var element = "<text x=\"\(Self.number(point.x))\" y=\"\(Self.number(point.y))\""
            element += " font-family=\"\(Self.fontFamily)\""
            element += " font-size=\"\(Self.number(size))\" font-weight=\"\(weight)\""
            if anchor != .start { element += " text-anchor=\"\(anchor.rawValue)\"" }
            element += paint(fill)
            return element + ">\(Self.escape(string))</text>"
        case .runs(let runs, let point, let size, let fill):
            // Each run's baseline is absolute (`y`), so rounding does not drift along the line; spaces are kept.
            var element = "<text x=\"\(Self.number(point.x))\" y=\"\(Self.number(point.y))\" xml:space=\"preserve\""
            element += " font-family=\"\(Self.fontFamily)\" font-size=\"\(Self.number(size))\"" + paint(fill) + ">"
            for run in runs {
                element +=
                    "<tspan y=\"\(Self.number(point.y + run.offsetY))\" font-weight=\"\(Self.weight(run.weight))\""
                element += " data-weight=\"\(JSONValue.number(run.weight).serialized())\""
                element += Self.opacity("fill-opacity", run.opacity) + ">\(Self.escape(run.text))</tspan>"
            }
            return element + "</text>"
        case .group(let layer):
            return group(layer)
        }
    }

    private mutating func group(_ layer: Layer) -> String {
        var element = "<g"
        if let name = layer.name { element += " data-name=\"\(Self.escape(name))\"" }
        if !layer.values.isEmpty {
            let values = layer.values.sorted { $0.key < $1.key }.map {
                "\($0.key)=\(JSONValue.number($0.value).serialized())"
            }
            element += " data-state=\"\(Self.escape(values.joined(separator: ";")))\""
        }
        element += Self.opacity("opacity", layer.opacity)
        let s = layer.scale
        let dx = layer.offset.x + layer.anchor.x * (1 - s)
        let dy = layer.offset.y + layer.anchor.y * (1 - s)
        if s != 1 {
            element += " transform=\"matrix(\(Self.number(s, places: 4)) 0 0 \(Self.number(s, places: 4))"
            element += " \(Self.number(dx)) \(Self.number(dy)))\""
        } else if dx != 0 || dy != 0 {
            element += " transform=\"translate(\(Self.number(dx)) \(Self.number(dy)))\""
        }
        if layer.blur > 0 { element += " filter=\"url(#\(blur(layer.blur)))\"" }
        return element + ">" + layer.shapes.map { write($0) }.joined() + "</g>"
    }

    private mutating func arc(_ c: Point, _ r: Double, _ start: Double, _ end: Double, _ outline: Outline) -> String {
        let sweep = min(max(end - start, 0), 1)
        let stroke = style(nil, outline)
        guard sweep < 1 else {
            return "<circle cx=\"\(Self.number(c.x))\" cy=\"\(Self.number(c.y))\" r=\"\(Self.number(r))\"\(stroke)/>"
        }
        func point(_ turn: Double) -> String {
            let angle = (turn - 0.25) * 2 * Double.pi
            return "\(Self.number(c.x + r * MotionMath.cosine(angle))) \(Self.number(c.y + r * MotionMath.sine(angle)))"
        }
        let large = sweep > 0.5 ? 1 : 0
        let path = "M \(point(start)) A \(Self.number(r)) \(Self.number(r)) 0 \(large) 1 \(point(start + sweep))"
        return "<path d=\"\(path)\"\(stroke) stroke-linecap=\"round\"/>"
    }

    /// The fill and stroke attributes.
    mutating func style(_ fill: Paint?, _ outline: Outline?) -> String {
        var attributes = ""
        if let fill {
            attributes += paint(fill)
        } else {
            attributes += " fill=\"none\""
        }
        if let outline {
            attributes += " stroke=\"\(Self.escape(outline.colour.css))\""
            attributes += Self.opacity("stroke-opacity", outline.colour.opacity)
            attributes += " stroke-width=\"\(Self.number(outline.width))\""
        }
        return attributes
    }

    /// The `fill` attributes of a paint (a gradient is added to the definitions).
    mutating func paint(_ paint: Paint) -> String {
        switch paint {
        case .colour(let colour):
            return " fill=\"\(Self.escape(colour.css))\"" + Self.opacity("fill-opacity", colour.opacity)
        case .linear(let colours, let start, let end):
            if let id = gradientIDs[paint] { return " fill=\"url(#\(id))\"" }
            let id = "gradient\(definitions.count + 1)"
            gradientIDs[paint] = id
            var element = "<linearGradient id=\"\(id)\" x1=\"\(Self.number(start.x))\" y1=\"\(Self.number(start.y))\""
            element += " x2=\"\(Self.number(end.x))\" y2=\"\(Self.number(end.y))\">"
            for (index, colour) in colours.enumerated() {
                let offset = colours.count > 1 ? Double(index) / Double(colours.count - 1) : 0
                element += "<stop offset=\"\(Self.number(offset))\" stop-color=\"\(Self.escape(colour.css))\""
                element += Self.opacity("stop-opacity", colour.opacity) + "/>"
            }
            definitions.append(element + "</linearGradient>")
            return " fill=\"url(#\(id))\""
        }
    }

    /// The id of a Gaussian blur filter of `radius` pt (standard deviation radius / 2, as SwiftUI's `.blur(radius:)`
    /// looks; behavior.md SR1).
    private mutating func blur(_ radius: Double) -> String {
        if let id = blurIDs[radius] { return id }
        let id = "blur\(definitions.count + 1)"
        blurIDs[radius] = id
        definitions.append(
            "<filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
                + "<feGaussianBlur stdDeviation=\"\(Self.number(radius / 2))\"/></filter>")
        return id
    }

    /// A font weight as SVG 1.1 takes it: the nearest of 100, 200, … 900.
    static func weight(_ value: Double) -> Int {
        guard value.isFinite else { return 400 }
        return Int(min(max((value / 100).rounded(), 1), 9)) * 100
    }

    /// The fonts text asks for: the system font where there is one.
    static let fontFamily = "-apple-system, Helvetica, Arial, sans-serif"

    /// ` name="value"` unless the opacity is 1 (clamped to 0…1).
    static func opacity(_ name: String, _ value: Double) -> String {
        let clamped = min(max(value, 0), 1)
        return clamped == 1 ? "" : " \(name)=\"\(number(clamped, places: 4))\""
    }

    /// A number rounded to `places` decimals, written without a trailing zero or a negative zero (non-finite: 0).
    static func number(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < 9e15 else {
            // Past 2^53 no decimals are exact any more; past Int64 only the exponent form can be written.
            return abs(value) < 9e18 ? String(Int64(value.rounded())) : String(value)
        }
        let units = Int64(scaled)
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(scale)
        var fraction = String(magnitude % UInt64(scale))
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = units < 0 ? "-" : ""
        return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// Text with `&`, `<`, `>` and quotes escaped for XML.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
