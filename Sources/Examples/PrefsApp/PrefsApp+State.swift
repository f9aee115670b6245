import ChoreoEngine
import ChoreoJSON

extension PrefsApp {
    public func state(world: World, key: String) -> JSONValue? {
        switch key {
        case "navigation":
            return ["screen": .string(screen.rawValue), "stack": .array(stack.map { .string($0.rawValue) })]
        case "screen": return Self.list(screen.rawValue, screen.elements)
        case "toggles":
            var object: [String: JSONValue] = [:]
            for toggle in PrefsToggle.allCases {
                object[toggle.rawValue] = [
                    "on": .bool(toggles[toggle] ?? false), "knob": .number(world.value(.knob(toggle))),
                ]
            }
            return .object(object)
        case "sheet": return sheet.map { Self.list($0.rawValue, $0.elements) } ?? .null
        default: return nil
        }
    }

    static func list(_ name: String, _ elements: [PrefsElement]) -> JSONValue {
        [
            "name": .string(name),
            "elements": .array(
                elements.map { ["target": .string($0.target), "kind": .string($0.kind), "label": .string($0.label)] }),
        ]
    }
}
