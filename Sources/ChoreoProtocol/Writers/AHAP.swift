import ChoreoEngine
import ChoreoJSON

/// A session's haptics as an Apple Core Haptics pattern (AHAP): `Version`, `Metadata` and a `Pattern` of
/// `HapticTransient` events in time order at their times in seconds, each with `HapticIntensity` and `HapticSharpness` (0 to 1).
///
/// Apple publishes no AHAP values for UIKit's feedback generators, so the mapping is a decision (behavior.md N11):
/// the impact styles keep UIKit's order (intensity light < medium < heavy; soft dull, rigid crisp), `selection` is
/// UISelectionFeedbackGenerator's faint tick, and the notification styles are their multi-tap patterns (success two
/// rising taps, warning a strong tap then a weaker one, error three taps), as Core Haptics samples approximate them.
public enum AHAP {
    /// One transient of a style's pattern: its offset from the haptic's time in seconds, its intensity and
    /// sharpness (0 to 1).
    public struct Transient: Sendable, Hashable {
        public var offset: Double
        public var intensity: Double
        public var sharpness: Double
    }

    /// The transients that stand for a style, in time order.
    public static func transients(of style: HapticStyle) -> [Transient] {
        switch style {
        case .light: return [Transient(offset: 0, intensity: 0.45, sharpness: 0.6)]
        case .medium: return [Transient(offset: 0, intensity: 0.7, sharpness: 0.5)]
        case .heavy: return [Transient(offset: 0, intensity: 1, sharpness: 0.4)]
        case .soft: return [Transient(offset: 0, intensity: 0.55, sharpness: 0.15)]
        case .rigid: return [Transient(offset: 0, intensity: 0.75, sharpness: 0.9)]
        case .selection: return [Transient(offset: 0, intensity: 0.35, sharpness: 0.9)]
        case .success:
            return [
                Transient(offset: 0, intensity: 0.6, sharpness: 0.5),
                Transient(offset: 0.1, intensity: 1, sharpness: 0.6),
            ]
        case .warning:
            return [
                Transient(offset: 0, intensity: 1, sharpness: 0.5),
                Transient(offset: 0.15, intensity: 0.6, sharpness: 0.5),
            ]
        case .error:
            return [
                Transient(offset: 0, intensity: 0.8, sharpness: 0.6),
                Transient(offset: 0.08, intensity: 0.8, sharpness: 0.6),
                Transient(offset: 0.16, intensity: 1, sharpness: 0.6),
            ]
        }
    }

    /// The AHAP document of `haptics` played at or after `since` (times relative to `since`, in seconds), with a
    /// `Metadata.Description` naming each haptic's style and source.
    public static func document(_ haptics: [HapticEvent], since: VirtualTime, description: String) -> JSONValue {
        var events: [(time: Double, event: JSONValue)] = []
        for haptic in haptics where haptic.time >= since {
            for transient in transients(of: haptic.style) {
                let time = (haptic.time - since).seconds + transient.offset
                events.append(
                    (
                        time,
                        [
                            "Event": [
                                "Time": .number(time), "EventType": "HapticTransient",
                                "EventParameters": [
                                    ["ParameterID": "HapticIntensity", "ParameterValue": .number(transient.intensity)],
                                    ["ParameterID": "HapticSharpness", "ParameterValue": .number(transient.sharpness)],
                                ],
                            ]
                        ]
                    ))
            }
        }
        // In time order (a notification's later taps may fall after the next haptic); ties keep play order.
        let pattern = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element.event)
        return [
            "Version": 1.0,
            "Metadata": ["Project": "Choreo", "Description": .string(description)],
            "Pattern": .array(pattern),
        ]
    }
}
