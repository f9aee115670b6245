import ChoreoJSON

/// The UI shorthands, each a `call` in short: `tap: transactions/row/t1` is `call: ui.tap` with
/// `params: {target: transactions/row/t1}`; a mapping value is the params as they are; `true` (or nothing) means
/// no params. A shorthand step reports as the `call` it stands for.
struct UIShorthandStep: PlannedStep {
    /// One shorthand: its keyword, the method it calls, and the parameter a scalar value fills (nil: it takes none).
    struct Shorthand: Sendable {
        let keyword: String
        let method: String
        let parameter: String?
    }

    /// Every shorthand.
    static let shorthands = [
        Shorthand(keyword: "navigate", method: "ui.navigate", parameter: "screen"),
        Shorthand(keyword: "tap", method: "ui.tap", parameter: "target"),
        Shorthand(keyword: "back", method: "ui.back", parameter: nil),
        Shorthand(keyword: "dismiss", method: "ui.dismiss", parameter: nil),
        Shorthand(keyword: "scroll", method: "ui.scroll", parameter: "y"),
        Shorthand(keyword: "pull", method: "ui.pull", parameter: "distance"),
        Shorthand(keyword: "release", method: "ui.release", parameter: nil),
        Shorthand(keyword: "touch", method: "ui.touch", parameter: "target"),
        Shorthand(keyword: "drag", method: "ui.drag", parameter: "x"),
        Shorthand(keyword: "present", method: "ui.present", parameter: "sheet"),
        Shorthand(keyword: "deviceMotion", method: "ui.deviceMotion", parameter: nil),
        Shorthand(keyword: "settings", method: "settings.set", parameter: nil),
    ]

    static let keywords = shorthands.map(\.keyword)
    static let modifiers: Set<String> = ["as"]
    static let isShorthand = true
    static let examples = shorthands.map { "\($0.keyword): \($0.parameter == nil ? "true" : "x")\nas: result" }

    /// The call the shorthand stands for.
    var call: CallStep

    static func parse(_ source: StepSource) throws(JourneyError) -> UIShorthandStep {
        let shorthand = shorthands.first { $0.keyword == source.keyword }!
        let params: JSONValue
        switch source.value {
        case .mapping: params = source.value.json
        case .scalar(.bool(true), _), .scalar(.null, _): params = [:]
        case .scalar(let scalar, _):
            guard let parameter = shorthand.parameter else {
                throw JourneyError(
                    message: "`\(source.keyword):` takes true or a mapping of params", line: source.value.line)
            }
            params = [parameter: scalar]
        case .sequence:
            throw JourneyError(
                message: "`\(source.keyword):` takes a value or a mapping of params, not a list",
                line: source.value.line)
        }
        let written: SourceNode?
        switch source.value {
        case .mapping: written = source.value
        case .scalar(.bool(true), _), .scalar(.null, _): written = nil
        default: written = .mapping([(shorthand.parameter!, source.value)], line: source.value.line)
        }
        source.checkCall(method: shorthand.method, methodLine: source.value.line, params: written, expectError: nil)
        return UIShorthandStep(
            call: CallStep(
                method: shorthand.method, params: params, keepAs: try CallStep.keepAs(source, method: shorthand.method),
                expectError: nil))
    }

    var name: String { call.name }
    var label: String { call.label }

    var endsBatch: Bool { call.endsBatch }
    var reachesBeyondSession: Bool { call.reachesBeyondSession }

    func plan(in context: StepContext) throws(StepFailure) -> [PlannedRequest] {
        try call.plan(in: context)
    }

    func judge(_ replies: [PlannedReply], in context: inout StepContext) throws(StepFailure) {
        try call.judge(replies, in: &context)
    }
}
