import ChoreoEngine
import Testing

@testable import AirFit

struct GradientBlendTests {
    @Test func mixesEachChannelAndRoundsHalvesAway() {
        // 0xD2 = 210 and 0xDB = 219: halfway is 214.5, which rounds to 215 (0xD7).
        #expect(GradientToken.blend(["#FDE4D2"], ["#FFF8DB"], 0.5) == ["#FEEED7"])
        #expect(GradientToken.blend(["#FDE4D2", "#F9C7D6"], ["#FFF8DB", "#FFE4C2"], 0) == ["#FDE4D2", "#F9C7D6"])
        #expect(GradientToken.blend(["#FDE4D2", "#F9C7D6"], ["#FFF8DB", "#FFE4C2"], 1) == ["#FFF8DB", "#FFE4C2"])
    }

    @Test func aStopMissingOnOneSideTakesTheOthersAndChannelsStayInRange() {
        #expect(GradientToken.blend(["#000000"], ["#FFFFFF", "#102030"], 0.25) == ["#404040", "#102030"])
        // A spring-like overshoot past 1 cannot leave 0...255.
        #expect(GradientToken.blend(["#000000"], ["#FFFFFF"], 1.2) == ["#FFFFFF"])
        #expect(GradientToken.blend(["#FFFFFF"], ["#000000"], 1.2) == ["#000000"])
    }
}
