import ChoreoEngine
import Testing

@testable import ChoreoProtocol

/// The SVG writer on its own: numbers, escaping, definitions named in order of use, and the same screen giving the
/// same bytes.
@Suite struct ScreenSVGTests {
    @Test(arguments: [
        (0.0, "0"), (1.0, "1"), (-0.001, "0"), (2.005, "2.01"), (123.456, "123.46"), (-7.5, "-7.5"),
        (0.1 + 0.2, "0.3"), (Double.nan, "0"), (Double.infinity, "0"),
    ])
    func numbersAreRoundedToHundredthsWithoutTrailingZeros(value: Double, written: String) {
        #expect(SVGWriter.number(value) == written)
    }

    @Test func textAndAttributesAreEscaped() {
        #expect(SVGWriter.escape("Tom & Jerry's <\"café\">") == "Tom &amp; Jerry&apos;s &lt;&quot;café&quot;&gt;")
    }

    @Test func gradientsAndBlursAreDefinedOnceInTheOrderTheyAreFirstUsed() {
        let gradient = Paint.linear([Colour("#FFFFFF"), Colour("#000000")], start: Point(0, 0), end: Point(1, 1))
        let box = Frame(x: 0, y: 0, width: 10, height: 10)
        let screen = Screen(
            width: 100, height: 200, title: "A <test>", background: .colour(Colour("#EEEEEE")),
            shapes: [
                .group(Layer("a", blur: 4, [.rect(box, cornerRadius: 2, fill: gradient, outline: nil)])),
                .group(Layer("b", blur: 4, [.rect(box, cornerRadius: 0, fill: gradient, outline: nil)])),
            ])
        let svg = screen.svg(width: 50)
        #expect(svg.ranges(of: "<linearGradient").count == 1)
        #expect(svg.ranges(of: "<filter").count == 1)
        #expect(svg.contains("<linearGradient id=\"gradient2\""), "the blur came first, in the first group")
        #expect(svg.contains("width=\"50\" height=\"100\" viewBox=\"0 0 100 200\""))
        #expect(svg.contains("<title id=\"screen-title\">A &lt;test&gt;</title>"))
        #expect(svg == screen.svg(width: 50))
    }

    @Test func aGroupWritesItsStateItsScaleAboutItsAnchorAndItsOpacity() {
        let layer = Layer(
            "hero", values: ["progress": 0.5, "x": 1.25], opacity: 0.25, offset: Point(3, 4), scale: 2,
            anchor: Point(10, 20), [])
        let svg = Screen(
            width: 10, height: 10, title: "", background: .colour(Colour("#FFFFFF")), shapes: [.group(layer)]
        )
        .svg()
        // matrix(s 0 0 s, offset + anchor·(1 − s)): 3 + 10·(−1), 4 + 20·(−1).
        #expect(
            svg.contains(
                "<g data-name=\"hero\" data-state=\"progress=0.5;x=1.25\" opacity=\"0.25\" transform=\"matrix(2 0 0 2 -7 -16)\">"
            ))
    }
}
