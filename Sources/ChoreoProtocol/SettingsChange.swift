import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

/// A change of settings: `settings.set`'s params, `session.create`'s `settings`. Any subset of the keys; the keys
/// left out keep their value.
public struct SettingsChange: Sendable, Hashable {
    public var mode: AnimationMode?
    public var respectReduceMotion: Bool?
    public var reduceMotion: Bool?
    public var reduceTransparency: Bool?
    public var highContrast: Bool?
    public var dynamicType: DynamicTypeSize?
    public var voiceOver: Bool?
    public var colorScheme: ColorScheme?

    /// Applies the keys given to `settings`.
    public func apply(to settings: inout Settings) {
        if let mode { settings.mode = mode }
        if let respectReduceMotion { settings.respectReduceMotion = respectReduceMotion }
        if let reduceMotion { settings.reduceMotion = reduceMotion }
        if let reduceTransparency { settings.reduceTransparency = reduceTransparency }
        if let highContrast { settings.highContrast = highContrast }
        if let dynamicType { settings.dynamicType = dynamicType }
        if let voiceOver { settings.voiceOver = voiceOver }
        if let colorScheme { settings.colorScheme = colorScheme }
    }

    /// The settings keys, declared once: `settings.set` takes them as params, `session.create` in its `settings`
    /// object, and the document's `SettingsChange` and `Settings` schemas list them.
    static let parameter = Param.group(
        Param.choice(
            "mode", "The animation mode the user chose. Default `full`.", AnimationMode.self, schema: "AnimationMode"
        )
        .describingSchema.optional,
        Param.boolean("respectReduceMotion", "Whether Reduce Motion forces `minimal`. Default true.")
            .describingSchema.optional,
        Param.boolean("reduceMotion", "The system Reduce Motion switch. Default false.").describingSchema.optional,
        Param.boolean("reduceTransparency", "The system Reduce Transparency switch. Default false.")
            .describingSchema.optional,
        Param.boolean("highContrast", "Increase Contrast / Differentiate Without Color. Default false.")
            .describingSchema.optional,
        Param.choice(
            "dynamicType", "The Dynamic Type size. Default `large`.", DynamicTypeSize.self, schema: "DynamicTypeSize"
        )
        .describingSchema.optional,
        Param.boolean("voiceOver", "Whether VoiceOver is running. Default false.").describingSchema.optional,
        Param.choice("colorScheme", "Light or dark. Default `light`.", ColorScheme.self, schema: "ColorScheme")
            .describingSchema.optional
    ) {
        mode, respectReduceMotion, reduceMotion, reduceTransparency, highContrast, dynamicType, voiceOver, colorScheme
        in
        SettingsChange(
            mode: mode, respectReduceMotion: respectReduceMotion, reduceMotion: reduceMotion,
            reduceTransparency: reduceTransparency, highContrast: highContrast, dynamicType: dynamicType,
            voiceOver: voiceOver, colorScheme: colorScheme)
    }

    /// The document's `SettingsChange` schema.
    static var schema: JSONSchema {
        .object(
            """
            Settings to change (session.create's `settings`, settings.set's params): any subset of the keys; the \
            keys left out keep their value. Unknown keys are rejected with -32602.
            """,
            propertyList: parameter.specs.map { ($0.name, $0.schema) }, additionalProperties: false)
    }

    /// The document's `Settings` schema: every key, and `effectiveMode`.
    static var settingsSchema: JSONSchema {
        let effectiveMode = JSONSchema.ref(
            "AnimationMode",
            "The mode every animation uses: `minimal` when reduceMotion and respectReduceMotion are both true, "
                + "otherwise `mode`. Read-only.")
        let properties = parameter.specs.map { ($0.name, $0.schema) } + [("effectiveMode", effectiveMode)]
        return .object(
            "A session's animation and accessibility settings, as settings.get reports them.",
            propertyList: properties, required: properties.map(\.0), additionalProperties: true)
    }
}
