import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let settingsMethods = [settingsGet, settingsSet]

    static let settingsGet = Method(
        reading: "settings.get",
        summary: "A session's settings.",
        description: "Includes the derived `effectiveMode`.",
        result: MethodResult("settings", .ref("Settings")),
        examples: [
            Example(
                "defaults", description: "After: session.create {}.", params: ["session": "s1"],
                result: [
                    "colorScheme": "light", "dynamicType": "large", "effectiveMode": "full", "highContrast": false,
                    "mode": "full", "reduceMotion": false, "reduceTransparency": false, "respectReduceMotion": true,
                    "voiceOver": false,
                ])
        ]
    ) { sim throws(RPCError) in
        sim.settings.json
    }

    static let settingsSet = Method(
        action: "settings.set",
        summary: "Changes some of a session's settings.",
        description: """
            Give any subset of the settings keys; the rest keep their value. Returns all settings after the \
            change. Records an `action` event and, when something changed, a `settings` event; the app \
            updates what derives from the settings. `effectiveMode` is read-only (sending it is -32602).
            """,
        params: SettingsChange.parameter,
        result: MethodResult("settings", .ref("Settings")),
        examples: [
            Example(
                "turn Reduce Motion on", description: "After: session.create {}.",
                params: ["session": "s1", "reduceMotion": true],
                result: [
                    "colorScheme": "light", "dynamicType": "large", "effectiveMode": "minimal", "highContrast": false,
                    "mode": "full", "reduceMotion": true, "reduceTransparency": false, "respectReduceMotion": true,
                    "voiceOver": false,
                ])
        ]
    ) { change in
        Mutation { (sim: inout Simulation, _: Limits) throws(SimulationError) in
            var settings = sim.settings
            change.apply(to: &settings)
            sim.update(settings: settings)
            return sim.settings.json
        }
    }
}
