import ChoreoEngine

/// What the gradient background draws from: the active token, the one it fades from, and, under `swiftui`, the
/// tokens of crossfades still combined underneath (``AirFitApp/fadeChain``), as of one advance.
struct GradientFade: Sendable, Hashable {
    var gradient: GradientToken
    var previousGradient: GradientToken?
    var previousStopsShown: [ColorScheme: [String]]?
    var fadeChain: [GradientToken]
    var fadeChainStart: Int

    /// The stops fading out in `scheme` as a chain of tokens and the fractions blending each toward the next (one
    /// token and no fraction when nothing is combined); nil before the first advance. Under `swiftui`, while
    /// crossfades overlap, each older one still runs toward its own token: `world.layers` gives their progress.
    func previousChain(_ scheme: ColorScheme, world: World) -> (chain: [[String]], fractions: [Double])? {
        if let layers = world.layers(.gradientCrossfade), layers.count > 1 {
            let offset = layers.first - fadeChainStart
            if offset >= 0, offset + layers.count == fadeChain.count {
                // Crossfades that have not begun (0) change nothing: the blend stops at the last one that has.
                let begun = min(layers.leading.count, layers.count - 1)
                return (
                    fadeChain[offset...(offset + begun)].map { $0.stops(scheme) },
                    Array(layers.leading.prefix(begun))
                )
            }
        }
        guard let stops = previousStopsShown?[scheme] ?? previousGradient?.stops(scheme) else { return nil }
        return ([stops], [])
    }

    /// The stops fading out in `scheme`, rounded to `#RRGGBB` once.
    func previousStops(_ scheme: ColorScheme, world: World) -> [String]? {
        guard let (chain, fractions) = previousChain(scheme, world: world) else { return nil }
        return fractions.isEmpty ? chain[0] : GradientToken.blend(chain: chain, fractions: fractions)
    }

    /// What the screen shows in `scheme` with the newest crossfade at `fraction`: the chain fading out blended toward
    /// the active token, every channel rounded once at the end (not the rounded previous stops rounded again).
    func shownStops(_ scheme: ColorScheme, fraction: Double, world: World) -> [String] {
        let active = gradient.stops(scheme)
        guard fraction < 1, let (chain, fractions) = previousChain(scheme, world: world) else { return active }
        return GradientToken.blend(chain: chain + [active], fractions: fractions + [fraction])
    }
}

/// The fade a read before an advance's frame still shows (RL2, RL7: a change between frames is taken at the next
/// frame, and a read shows the last frame drawn), until that frame.
struct PendingGradientFade: Sendable, Hashable {
    var fade: GradientFade
    var until: VirtualTime
}
