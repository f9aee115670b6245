import ChoreoEngine

extension AirFitApp {
    /// The animated properties behind AirFit's state paths whose names differ from the properties' own (see
    /// ``PropertyKey``), for `animations.list {path}`. `gradient.crossfade`, `parallax.x`, `flare.radius` and the
    /// like name their properties directly.
    public func animationPaths(showing path: [String], world: World) -> [String]? {
        /// A screen's node: its title's cascade clock and its cards' entrance springs.
        func screen(_ name: String, below rest: ArraySlice<String>) -> [String]? {
            let cards = AirFitCatalog.elements(name, data: data).filter(\.isGlass).map(\.target)
            switch rest.first {
            case nil: return [PropertyKey.cascade(name).path] + cards.map { PropertyKey.cardScale($0).path }
            case "title": return [PropertyKey.cascade(name).path]
            case "cards":
                guard let card = rest.dropFirst().first else { return cards.map { PropertyKey.cardScale($0).path } }
                let target = Int(card).flatMap { cards.indices.contains($0) ? cards[$0] : nil } ?? card
                return [PropertyKey.cardScale(target).path]
            default: return nil
            }
        }
        switch path {
        case ["navigation", "transition"], ["navigation", "transition", "progress"],
            ["navigation", "transition", "opacity"], ["navigation", "transition", "offsetY"]:
            return [PropertyKey.transitionProgress.path]
        case let p where p.count >= 2 && p[0] == "screens": return screen(p[1], below: p.dropFirst(2))
        case let p where p.first == "screen": return screen(currentScreen, below: p.dropFirst())
        case ["metricRing"], ["metricRing", "progress"]: return [PropertyKey.ringProgress.path]
        case let p where p.count >= 2 && Array(p[0...1]) == ["mic", "ripples"]:
            guard p.count >= 3 else { return (0..<3).map { PropertyKey.micRipple($0).path } }
            return Int(p[2]).map { [PropertyKey.micRipple($0).path] }
        case ["mic"]: return (0..<3).map { PropertyKey.micRipple($0).path }
        default: return nil
        }
    }
}
