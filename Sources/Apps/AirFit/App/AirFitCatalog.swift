import ChoreoEngine
import ChoreoJSON

/// AirFit's screens, in the order `ui.navigate` lists them (seed 004's screen transformations).
enum AirFitScreen: String, CaseIterable, Sendable, StateChoice {
    case onboarding, dashboard, foodVoiceInput, chat, settings, workoutDetail

    /// The screen's title, as its CascadeText spells it.
    var title: String {
        switch self {
        case .onboarding: return "Welcome\nto AirFit"
        case .dashboard: return "Daily Dashboard"
        case .foodVoiceInput: return "Tap to speak"
        case .chat: return "Coach"
        case .settings: return "Settings"
        case .workoutDetail: return "Workout"
        }
    }
}

/// AirFit's screens (seed 004's screen transformations) and what is on each: a cascade title, glass cards,
/// flare buttons, navigation buttons, the mic.
enum AirFitCatalog {

    /// An element and what tapping it does.
    struct Element: Sendable, Hashable {
        enum Action: Sendable, Hashable {
            /// A minor interaction: soft haptic.
            case minor
            /// A FlareButton: rigid haptic, radial flare, then navigate (when `to` is set).
            case flare(to: AirFitScreen?)
            /// Navigation: medium haptic, screen transition, gradient advance.
            case navigate(AirFitScreen)
            /// Present the DragDismissSheet.
            case sheet
            /// Start or stop recording (MicRippleView): rigid haptic.
            case mic
        }
        var target: String
        var kind: String
        var label: String
        var action: Action
        /// Whether it is a glass card (one `.ultraThinMaterial` layer).
        var isGlass: Bool
    }

    /// The screen a target is on: its first component (`workoutDetail` of `workoutDetail/button/start`).
    static func screen(of target: String) -> AirFitScreen? {
        AirFitScreen(rawValue: String(target.prefix { $0 != "/" }))
    }

    static func elements(_ screen: AirFitScreen, data: AirFitData) -> [Element] {
        func card(_ id: String, _ label: String, _ action: Element.Action = .minor) -> Element {
            Element(target: "\(screen.rawValue)/card/\(id)", kind: "card", label: label, action: action, isGlass: true)
        }
        func go(_ id: String, _ to: AirFitScreen) -> Element {
            Element(
                target: "\(screen.rawValue)/button/\(id)", kind: "button", label: id, action: .navigate(to),
                isGlass: false)
        }
        switch screen {
        case .onboarding:
            return [
                Element(
                    target: "onboarding/button/getStarted", kind: "flareButton", label: "Get Started",
                    action: .flare(to: .dashboard), isGlass: false)
            ]
        case .dashboard:
            return [
                card("nutrition", "Nutrition"), card("performance", "Performance", .sheet),
                go("food", .foodVoiceInput),
                go("chat", .chat), go("settings", .settings), go("workout", .workoutDetail),
            ]
        case .foodVoiceInput:
            return [
                card("voice", "Voice input"),
                Element(
                    target: "foodVoiceInput/mic/record", kind: "mic", label: "Record", action: .mic, isGlass: false),
            ]
        case .chat:
            return data.messages.enumerated().map { index, text in card("m\(index + 1)", text) }
        case .settings:
            return [card("profile", "Profile"), card("units", "Units"), card("notifications", "Notifications")]
        case .workoutDetail:
            return [
                card("summary", "Summary"), card("sets", "Sets"),
                Element(
                    target: "workoutDetail/button/start", kind: "flareButton", label: "Start workout",
                    action: .flare(to: nil),
                    isGlass: false),
            ]
        }
    }
}

/// AirFit's data: the day's calories against the goal, and the chat messages.
struct AirFitData: Sendable, Hashable {
    var calories = 1850.0
    var calorieGoal = 2300.0
    var messages = [
        "Good morning!", "How did you sleep?", "About 7 hours.", "Great. Ready for today's workout?",
        "Yes, let's go.", "Warm up first: 5 minutes.", "Done!", "Now 3 sets of squats.",
    ]

    /// The keys `session.create {data}` may replace.
    static let parts = ["calories", "calorieGoal", "messages"]

    init(overrides data: [String: JSONValue]) throws(SimulationError) {
        for key in data.keys.sorted() {
            let value = data[key]!
            switch key {
            case "calories", "calorieGoal":
                guard let number = value.doubleValue, number >= 0, number <= 1e15 else {
                    throw .invalidValue(parameter: "data.\(key)", expected: "a number from 0 to 1e15")
                }
                if key == "calories" { calories = number } else { calorieGoal = number }
            case "messages":
                guard let items = value.arrayValue?.compactMap(\.stringValue), items.count == value.arrayValue?.count
                else {
                    throw .invalidValue(parameter: "data.messages", expected: "an array of strings")
                }
                messages = items
            default:
                throw .invalidValue(
                    parameter: "data.\(key)", expected: "one of \(Self.parts.joined(separator: ", "))")
            }
        }
    }
}
