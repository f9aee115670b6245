import ChoreoJSON
import Testing

@testable import FinPessoal

/// `hero` is a typed value now (issue 26 #1): its hand-written encoding is byte for byte what the generic
/// `JSONValueEncoder` writes for it and what `heroState` built before, for every combination of its fields.
@Suite struct HeroViewTests {
    /// The object `heroState` built by hand before.
    static func handBuilt(_ view: HeroView) -> JSONValue {
        [
            "activeTransition": view.activeTransition.map { .string($0) } ?? .null,
            "isTransitioning": .bool(view.isTransitioning), "progress": .number(view.progress),
            "direction": view.direction.map { .string($0.rawValue) } ?? .null,
            "style": view.style.map { .string($0.rawValue) } ?? .null,
        ]
    }

    @Test func theEncodingIsTheHandBuiltObject() {
        var checked = 0
        for active in [nil, "transactions/row/t1"] {
            for transitioning in [false, true] {
                for progress in [0, 1, 0.30640860834660288, 1.0114773133283008, -0.008339911639407376, 1e-13] {
                    for direction in [nil] + HeroDirection.allCases.map(Optional.some) {
                        for style in [nil] + HeroStyle.allCases.map(Optional.some) {
                            let view = HeroView(
                                activeTransition: active, isTransitioning: transitioning, progress: progress,
                                direction: direction, style: style)
                            #expect(view.json.serialized() == Self.handBuilt(view).serialized())
                            #expect((try? JSONValueEncoder().encode(view))?.serialized() == view.json.serialized())
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 2 * 2 * 6 * 3 * 4)
    }
}
