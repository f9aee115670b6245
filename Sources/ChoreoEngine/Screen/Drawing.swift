/// A point on the screen, in points (pt) from the top-left corner, y downward.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle on the screen, in points: its top-left corner and its size.
public struct Frame: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The centre.
    public var center: Point { Point(x + width / 2, y + height / 2) }

    /// The bottom edge (`y + height`).
    public var maxY: Double { y + height }

    /// Moved by `dx`, `dy` points.
    public func offsetBy(_ dx: Double, _ dy: Double) -> Frame {
        Frame(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Each of x, y, width and height `fraction` of the way from this frame to `other` (0 this frame, 1 `other`;
    /// a spring's overshoot goes past it), as `matchedGeometryEffect` interpolates a shared frame.
    public func interpolated(to other: Frame, _ fraction: Double) -> Frame {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        return Frame(
            x: mix(x, other.x), y: mix(y, other.y), width: mix(width, other.width), height: mix(height, other.height))
    }
}

/// A colour as CSS writes it (`#FDE4D2`, `white`) with an opacity (a fraction).
public struct Colour: Sendable, Hashable {
    public var css: String
    public var opacity: Double

    public init(_ css: String, opacity: Double = 1) {
        self.css = css
        self.opacity = opacity
    }

    /// The same colour with its opacity multiplied by `factor`.
    public func faded(_ factor: Double) -> Colour { Colour(css, opacity: opacity * factor) }
}

/// How a shape is filled: a colour, or a linear gradient between unit points of its box.
public enum Paint: Sendable, Hashable {
    case colour(Colour)
    /// Colours evenly spaced from `start` to `end`, each a unit point of the shape's box (0…1 on each axis).
    case linear([Colour], start: Point, end: Point)
}

/// A shape's outline: its colour and width in points.
public struct Outline: Sendable, Hashable {
    public var colour: Colour
    public var width: Double

    public init(_ colour: Colour, width: Double) {
        self.colour = colour
        self.width = width
    }
}

/// One mark of a drawing. Everything is in screen points; groups carry opacity, movement, scale and blur.
public indirect enum Shape: Sendable, Hashable {
    /// A rectangle with rounded corners (radius in pt; 0 square).
    case rect(Frame, cornerRadius: Double, fill: Paint?, outline: Outline?)
    /// A circle: centre and radius in pt.
    case circle(Point, radius: Double, fill: Paint?, outline: Outline?)
    /// An arc of a circle, clockwise from 12 o'clock, from `start` to `end` (fractions of a turn): a ring's
    /// progress, a spinner.
    case arc(Point, radius: Double, start: Double, end: Double, outline: Outline)
    /// Straight segments through the points (closed: back to the first, and filled when `fill` is given).
    case polyline([Point], closed: Bool, fill: Paint?, outline: Outline?)
    /// A line of text; `at` is its baseline's start, middle or end (``TextAnchor``).
    case text(String, at: Point, size: Double, weight: Int, anchor: TextAnchor, fill: Paint)
    /// A line of text in runs that differ in weight, opacity and rise (a cascading title), laid out by the
    /// renderer's font like one text; `at` is the first run's baseline start.
    case runs([TextRun], at: Point, size: Double, fill: Paint)
    /// Shapes drawn together.
    case group(Layer)
}

/// A part of a ``Shape/runs(_:at:size:fill:)`` line: its text, weight (1–1000, any value: a variable font's
/// axis), opacity and how far below the baseline it sits (pt, positive down).
public struct TextRun: Sendable, Hashable {
    public var text: String
    public var weight: Double
    public var opacity: Double
    public var offsetY: Double

    public init(_ text: String, weight: Double, opacity: Double, offsetY: Double) {
        self.text = text
        self.weight = weight
        self.opacity = opacity
        self.offsetY = offsetY
    }
}

/// Where a text's `at` point sits on its baseline.
public enum TextAnchor: String, Sendable, Hashable {
    case start, middle, end
}

/// Shapes drawn as one: faded by `opacity`, scaled by `scale` about `anchor`, then moved by `offset`, and blurred
/// by a Gaussian of `blur` pt. `name` says what the group shows (`hero`, `sheet.1`), and `values` the state values
/// it was drawn from, so a test or a reader can check the picture against the state.
public struct Layer: Sendable, Hashable {
    public var name: String?
    public var values: [String: Double]
    public var opacity: Double
    public var offset: Point
    public var scale: Double
    public var anchor: Point
    public var blur: Double
    public var shapes: [Shape]

    public init(
        _ name: String? = nil, values: [String: Double] = [:], opacity: Double = 1, offset: Point = Point(0, 0),
        scale: Double = 1, anchor: Point = Point(0, 0), blur: Double = 0, _ shapes: [Shape]
    ) {
        self.name = name
        self.values = values
        self.opacity = opacity
        self.offset = offset
        self.scale = scale
        self.anchor = anchor
        self.blur = blur
        self.shapes = shapes
    }
}

/// An app's screen at one virtual time as a wireframe: its size in points, its background and its shapes, back to
/// front. Apps build it from their typed state (``AppModel/screen(world:)``); the protocol writes it as SVG (`screen.render`).
public struct Screen: Sendable, Hashable {
    /// The screen's size in points.
    public var width: Double
    public var height: Double
    /// What the accessibility title of the picture says: the app and the screen (not the time, so the same state
    /// draws the same bytes whenever it is reached).
    public var title: String
    public var background: Paint
    public var shapes: [Shape]

    public init(width: Double, height: Double, title: String, background: Paint, shapes: [Shape]) {
        self.width = width
        self.height = height
        self.title = title
        self.background = background
        self.shapes = shapes
    }
}
