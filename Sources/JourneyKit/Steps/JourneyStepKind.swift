/// One kind of journey step (`advance`, `expect`, `tap`…): a type that reads itself from a step item, checks what it
/// reads before anything runs, and runs itself against the daemon.
///
/// Every kind is listed once, in ``StepKinds/all``; the parser's dispatch, its error messages and the tests take the
/// keywords from there. Adding a kind is one file under `Steps/` and one line in that list.
protocol JourneyStepKind: Sendable {
    /// The keys that start a step of this kind, e.g. `["advance"]`; a family of shorthands has one per member.
    static var keywords: [String] { get }
    /// The other keys a step of this kind may have, e.g. `as`; none by default.
    static var modifiers: Set<String> { get }
    /// The modifiers a step of this kind must have (`within` for `until`); none by default.
    static var requiredModifiers: Set<String> { get }
    /// Whether the keywords are shorthands for another kind (the unknown-step message lists them apart, sorted).
    static var isShorthand: Bool { get }
    /// Steps of this kind as a journey writes them, one YAML mapping each and at least one per keyword: they show
    /// the syntax, and the registry tests parse every one.
    static var examples: [String] { get }

    /// Reads a step whose keyword and other keys are already checked; an error carries the line of the value at
    /// fault.
    static func parse(_ source: StepSource) throws(JourneyError) -> Self

    /// The kind as reports name it: the keyword by default.
    var name: String { get }
    /// A short human label for reports and the HTML timeline, e.g. `advance 400 ms`.
    var label: String { get }
    /// The trace event kinds the step asserts on (`haptic` for `expectHaptics`): a failure's trace excerpt shows
    /// those first. None by default.
    var assertedKinds: Set<String> { get }

    /// Runs the step in the journey's session; throws ``StepFailure`` when it does not hold.
    func run(in context: inout StepContext) async throws(StepFailure)
}

extension JourneyStepKind {
    static var modifiers: Set<String> { [] }
    static var requiredModifiers: Set<String> { [] }
    static var isShorthand: Bool { false }
    var name: String { Self.keywords[0] }
    var assertedKinds: Set<String> { [] }
}
