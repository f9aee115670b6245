import ChoreoEngine

/// AirFit's twelve curated gradients (seed 004), each two stops in light and dark appearance.
public enum GradientToken: String, Sendable, Hashable, CaseIterable, StateChoice {
    case peachRose, mintAqua, lilacBlush, skyLavender, sageMelon, butterLemon, icePeriwinkle, rosewoodPlum
    case coralMist, sproutMint, dawnPeach, duskBerry

    /// The two stops (hex, as seed 004 lists them) for an appearance.
    public func stops(_ scheme: ColorScheme) -> [String] {
        let (light, dark): ([String], [String])
        switch self {
        case .peachRose: (light, dark) = (["#FDE4D2", "#F9C7D6"], ["#362128", "#412932"])
        case .mintAqua: (light, dark) = (["#D3F6F1", "#B7E8F4"], ["#13313D", "#14444F"])
        case .lilacBlush: (light, dark) = (["#E9E7FD", "#DCD3F9"], ["#24203B", "#2E2946"])
        case .skyLavender: (light, dark) = (["#DFF2FD", "#D8DEFF"], ["#15283A", "#1C2541"])
        case .sageMelon: (light, dark) = (["#E8F9E3", "#FFF0CB"], ["#29372A", "#3A3724"])
        case .butterLemon: (light, dark) = (["#FFF8DB", "#FFE4C2"], ["#3B3623", "#46341F"])
        case .icePeriwinkle: (light, dark) = (["#E6FAFF", "#E9E6FF"], ["#1F3540", "#252B4A"])
        case .rosewoodPlum: (light, dark) = (["#FCD5E8", "#E5D1F8"], ["#3A2436", "#301E41"])
        case .coralMist: (light, dark) = (["#FEE3D6", "#EBD6F5"], ["#3A2723", "#33263B"])
        case .sproutMint: (light, dark) = (["#E5F8D4", "#CBF1E2"], ["#283827", "#1F4033"])
        case .dawnPeach: (light, dark) = (["#FDE6D4", "#F7E1FD"], ["#3D2720", "#2F233A"])
        case .duskBerry: (light, dark) = (["#F3D8F2", "#D8E1FF"], ["#3A2638", "#212849"])
        }
        return scheme == .dark ? dark : light
    }

    /// GradientManager's circadian pools (seed 004).
    public static let morning: [GradientToken] = [.mintAqua, .butterLemon, .sproutMint, .peachRose]
    public static let evening: [GradientToken] = [.lilacBlush, .duskBerry, .rosewoodPlum, .skyLavender]
    public static let allDay: [GradientToken] = [.sageMelon, .icePeriwinkle, .coralMist, .dawnPeach]

    /// The pool for a local hour: morning 5–10, evening 18–23 and 0–4, all-day otherwise.
    public static func pool(hour: Int) -> (name: String, tokens: [GradientToken]) {
        switch hour {
        case 5...10: return ("morning", morning)
        case 18...23, 0...4: return ("evening", evening)
        default: return ("allDay", allDay)
        }
    }
}
