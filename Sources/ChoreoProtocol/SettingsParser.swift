import ChoreoEngine
import ChoreoJSON

/// Reads settings changes (`settings.set`, `session.create`'s `settings`).
enum SettingsParser {
    static let keys: Set<String> = [
        "mode", "respectReduceMotion", "reduceMotion", "reduceTransparency", "highContrast", "dynamicType",
        "voiceOver", "colorScheme",
    ]

    /// Applies the keys present in `p` to `settings`.
    static func apply(_ p: Params, to settings: inout Settings) throws(RPCError) {
        if p.has("mode") { settings.mode = try p.choice("mode", as: AnimationMode.self) }
        if let v = try p.optionalBool("respectReduceMotion") { settings.respectReduceMotion = v }
        if let v = try p.optionalBool("reduceMotion") { settings.reduceMotion = v }
        if let v = try p.optionalBool("reduceTransparency") { settings.reduceTransparency = v }
        if let v = try p.optionalBool("highContrast") { settings.highContrast = v }
        if p.has("dynamicType") { settings.dynamicType = try p.choice("dynamicType", as: DynamicTypeSize.self) }
        if let v = try p.optionalBool("voiceOver") { settings.voiceOver = v }
        if p.has("colorScheme") { settings.colorScheme = try p.choice("colorScheme", as: ColorScheme.self) }
    }
}
