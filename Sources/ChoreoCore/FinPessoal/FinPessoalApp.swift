import ChoreoJSON

/// The FinPessoal app model (seeds 000–003). This is the foundation's skeleton: the top-level screens and the
/// navigation state; screens, sheets, hero transitions and the rest arrive with the app-model issue.
public struct FinPessoalApp: AppModel {
    public static let appName = "finpessoal"

    /// The ten navigation screens of seed 002, plus settings.
    public static let screens = [
        "dashboard", "transactions", "budgets", "bills", "goals", "reports", "insights", "profile", "creditCards",
        "loans", "settings",
    ]

    var stack: [String] = ["dashboard"]
    var data: [String: JSONValue]

    public init(data: [String: JSONValue], world: inout World) throws(SimulationError) {
        self.data = data
    }

    public mutating func apply(_ action: Action, world: inout World) throws(SimulationError) -> JSONValue {
        switch action {
        case .navigate(let screen):
            guard FinPessoalApp.screens.contains(screen) else {
                throw .unknownScreen(screen, valid: FinPessoalApp.screens)
            }
            let from = stack.last ?? "dashboard"
            stack = [screen]
            world.record("navigation", ["from": .string(from), "to": .string(screen), "change": "root"])
            return ["screen": .string(screen)]
        }
    }

    public mutating func handle(_ timer: AppTimer, world: inout World) {}

    public func state(world: World) -> JSONValue {
        [
            "app": .string(FinPessoalApp.appName),
            "navigation": ["screen": .string(stack.last ?? "dashboard"), "stack": .array(stack.map { .string($0) })],
        ]
    }
}
