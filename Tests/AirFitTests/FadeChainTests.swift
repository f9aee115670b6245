import ChoreoJSON
import Testing

@testable import AirFit
@testable import ChoreoEngine

/// AirFit's gradient crossfades combine while one runs (SwiftUI's DefaultCombiningAnimation); the engine folds away
/// every crossfade older than the last finished one, and the app's chain of tokens folds the same ones, so a session
/// navigated for a long time keeps only the crossfades still drawn.
@Suite struct FadeChainTests {
    @Test("Navigations for a long time keep only the crossfades still drawn", arguments: [2, 5, 19])
    func chainStaysAsLongAsACrossfade(framesBetween: Int) throws {
        var config = SessionConfig()
        config.physics = .swiftui
        config.app = AirFitApp.appName
        var sim = try Simulation(config: config, apps: AppRegistry([AirFitApp.self]))
        var longest = 0
        for step in 0..<2_000 {
            _ = try sim.perform(.navigate(screen: step % 2 == 0 ? "dashboard" : "chat"))
            let frames = Double(framesBetween)
            _ = try sim.advance(to: sim.now + VirtualTime(seconds: frames / 60), maxEvents: 10_000)
            let app = try #require(sim.app as? AirFitApp)
            longest = max(longest, app.fadeChain.count)
            // The tokens pair with the crossfades the engine keeps, oldest first.
            if let layers = sim.world.layers(.gradientCrossfade), layers.count > 1 {
                #expect(layers.first - app.fadeChainStart + layers.count == app.fadeChain.count, "step \(step)")
            }
        }
        // A crossfade lasts 0.6 s (36 frames): at most one per navigation since, plus the finished one.
        #expect(longest <= 36 / framesBetween + 5, "\(longest) tokens")
    }
}
