import ChoreoJSON

extension Settings {
    /// The settings as JSON, `effectiveMode` included.
    public var json: JSONValue {
        [
            "mode": .string(mode.rawValue), "respectReduceMotion": .bool(respectReduceMotion),
            "reduceMotion": .bool(reduceMotion), "reduceTransparency": .bool(reduceTransparency),
            "highContrast": .bool(highContrast), "dynamicType": .string(dynamicType.rawValue),
            "voiceOver": .bool(voiceOver), "colorScheme": .string(colorScheme.rawValue),
            "effectiveMode": .string(effectiveMode.rawValue),
        ]
    }
}
