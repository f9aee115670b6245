import ChoreoJSON
import Testing

@testable import FinPessoal

/// `hero` is a typed value declared field by field (issue 26 #1): its encoding is byte for byte what `heroState` built
/// by hand before, for every combination of its fields.
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
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 2 * 2 * 6 * 3 * 4)
    }
}
