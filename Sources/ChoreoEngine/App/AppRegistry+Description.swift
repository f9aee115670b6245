import ChoreoJSON

extension AppRegistry {
    /// What `app.describe` answers for the app named `name`: its whole contract as data, the engine's parts
    /// (settings, lab, their events and haptics, the shared refusal reasons) included, so a client built without
    /// the app can check journeys against it.
    public func description(of type: any AppModel.Type) -> JSONValue {
        [
            "app": .string(type.appName),
            "default": .bool(type.appName == defaultApp.appName),
            "state": StateShape.object(type.stateSchema + [EngineSchema.settings, EngineSchema.lab]).json,
            "traceEvents": .array((EngineSchema.traceEvents + type.traceEvents).map(\.json)),
            "hapticSources": .array((EngineSchema.hapticSources + type.hapticSources).map(\.json)),
            "refusalReasons": .array(
                (Refusal.Reason.engineReasons + type.refusalReasons).map {
                    ["reason": .string($0.rawValue), "summary": .string($0.summary)]
                }),
            "actionResults": .array(type.actionResults.map { $0.declaration }),
            "refusal": RefusalResult.shape.json,
            "animations": .array(type.auditEntries.map { .string($0.name) }),
            "anchors": .array(type.codeAnchors.map(\.json)),
            "screens": .array(type.screens.map { .string($0) }),
            "dataParts": .array(type.dataParts.map { .string($0) }),
            "decays": .array(type.decayLanes.map(\.json)),
            "fingers": .array(type.fingerLanes.map(\.json)),
            "guide": type.guide.map {
                ["title": .string($0.title), "summary": .string($0.summary), "file": .string($0.file)]
            }
                ?? .null,
        ]
    }
}

extension ActionResult {
    /// `{name, summary, answers, shape}`, for `app.describe`.
    public static var declaration: JSONValue {
        [
            "name": .string(resultName), "summary": .string(summary),
            "answers": .array(answers.map { .string($0) }), "shape": shape.json,
        ]
    }
}
