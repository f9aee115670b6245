import ChoreoEngine

extension FinPessoalApp {
    /// The animated properties behind FinPessoal's state paths whose names differ from the properties' own (see
    /// ``PropertyKey``), for `animations.list {path}`. Other paths (`hero.progress`, `refresh.pullDistance`,
    /// `gradients.<target>.phase`, `chart.points.<i>.appear`, nodes such as `hero`) name their properties directly.
    public func animationPaths(showing path: [String], world: World) -> [String]? {
        func sheet(_ index: Int?) -> [String]? {
            guard let index, sheets.indices.contains(index) else { return nil }
            let serial = sheets[index].serial
            return path.count == (path.first == "sheet" ? 1 : 2)
                ? ["sheet.\(serial)"] : [PropertyKey.sheetProgress(serial).path]
        }
        func screenBlur(_ screen: String) -> [String] { [PropertyKey.navBlur(screen).path] }
        switch path {
        case ["sheet"], ["sheet", "progress"]: return sheet(sheets.indices.last)
        case let p where p.count >= 2 && p[0] == "sheets" && (p.count == 2 || p[2] == "progress"):
            return sheet(Int(p[1]))
        case ["navigation", "transition", "progress"]: return [PropertyKey.navigationProgress.path]
        case let p where p.count >= 3 && p[0] == "screens" && p[2] == "navBlur": return screenBlur(p[1])
        case let p where p.count >= 2 && p[0] == "screen" && p[1] == "navBlur": return screenBlur(currentScreen)
        case ["celebration", "current"]: return ["celebration"]
        case ["celebration", "current", "opacity"]: return [PropertyKey.celebrationOpacity.path]
        case ["celebration", "current", "scale"]: return [PropertyKey.celebrationScale.path]
        case ["celebration", "current", "glowOpacity"]: return [PropertyKey.celebrationGlow.path]
        case ["celebration", "current", "shimmer"]: return [PropertyKey.celebrationShimmer.path]
        case let p where p.count >= 3 && p[0] == "dashboard" && p[1] == "cards":
            guard let i = Int(p[2]), DashboardLoading.cards.indices.contains(i) else { return nil }
            let card = DashboardLoading.cards[i]
            switch p.count == 4 ? p[3] : nil {
            case "opacity": return [PropertyKey.cardOpacity(card).path]
            case "offsetY": return [PropertyKey.cardOffsetY(card).path]
            default: return ["dashboard.cards.\(card)"]
            }
        case let p where p.count >= 3 && p[0] == "dashboard" && p[1] == "counters":
            return [PropertyKey.counter(p[2]).path]
        case ["refresh", "rotation"]: return [PropertyKey.refreshSpinner.path, PropertyKey.refreshPullDistance.path]
        case ["refresh", "scale"]: return [PropertyKey.refreshPulse.path, PropertyKey.refreshPullDistance.path]
        case ["refresh", "checkmark"], ["refresh", "checkmark", "scale"]: return [PropertyKey.refreshCheckmark.path]
        case ["chart", "reveal", "container", "scale"]: return [PropertyKey.chartContainerScale.path]
        case ["chart", "reveal", "container", "opacity"]: return [PropertyKey.chartContainerOpacity.path]
        case let p where p.count >= 4 && Array(p[0...1]) == ["chart", "reveal"] && p[2] == "axes":
            guard let axis = PropertyKey.ChartAxis(rawValue: p[3]) else { return nil }
            if p.count >= 5 && p[4] == "labels" { return [PropertyKey.chartAxisLabels(axis).path] }
            if p.count >= 5 && p[4] == "trim" { return [PropertyKey.chartAxisTrim(axis).path] }
            return [PropertyKey.chartAxisTrim(axis).path, PropertyKey.chartAxisLabels(axis).path]
        case let p where p.count >= 4 && Array(p[0...2]) == ["chart", "reveal", "grid"]:
            return Int(p[3]).map { [PropertyKey.chartGridOpacity($0).path] }
        case let p where p.count >= 3 && Array(p[0...2]) == ["chart", "reveal", "line"]:
            return [PropertyKey.chartLineTrim.path]
        case let p where p.count == 4 && Array(p[0...1]) == ["chart", "points"] && p[3] == "scale":
            return Int(p[2]).map {
                [
                    PropertyKey.chartPointAppear($0).path, PropertyKey.chartPointHighlight($0).path,
                    PropertyKey.chartPointBounce($0).path,
                ]
            }
        case ["chart", "callout", "opacity"]: return [PropertyKey.chartCalloutOpacity.path]
        case ["chart", "callout", "value"], ["chart", "callout", "text"]: return [PropertyKey.chartCalloutValue.path]
        case let p where p.count >= 2 && Array(p[0...1]) == ["chart", "burst"]:
            return [PropertyKey.chartBurstProgress.path]
        default: return nil
        }
    }
}
