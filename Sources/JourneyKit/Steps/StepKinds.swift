/// The registry of step kinds: every kind once, and everything derived from it (the parser's dispatch, the keys
/// each kind accepts, the list of keywords in error messages).
enum StepKinds {
    /// Every step kind, in the order the unknown-step message lists them. Adding a kind: write its type under
    /// `Steps/` and list it here.
    static let all: [any JourneyStepKind.Type] = [
        CallStep.self, AdvanceStep.self, SettleStep.self, ExpectStep.self, ExpectHapticsStep.self,
        ExpectAnnouncementsStep.self, ExpectEventsStep.self, ExpectTraceStep.self, MarkStep.self, UIShorthandStep.self,
        SweepStep.self, UntilStep.self,
    ]

    /// `include`: not a kind but a directive the parser replaces with the included file's steps before anything
    /// runs (it reads the item before variables are substituted); listed with the kinds in messages.
    static let include = "include"

    /// Each keyword's kind. Keywords are unique across kinds (a test checks); should two ever clash, the first wins.
    static let byKeyword: [String: any JourneyStepKind.Type] = Dictionary(
        all.flatMap { kind in kind.keywords.map { ($0, kind) } }, uniquingKeysWith: { first, _ in first })

    // The lists below use closures, not key paths: a key path to a static member through `any JourneyStepKind.Type`
    // crashes the Swift 6.3 compiler (SILGen, signal 11).

    /// Every keyword a step can start with, as messages list them: the kinds' keywords in registry order, then
    /// `include`, then the shorthands sorted.
    static var keywords: [String] { kindKeywords + shorthandKeywords }

    /// The keywords that are not shorthands, in registry order, `include` last.
    static var kindKeywords: [String] { all.filter { !$0.isShorthand }.flatMap { $0.keywords } + [include] }

    /// The shorthands' keywords, sorted.
    static var shorthandKeywords: [String] { all.filter { $0.isShorthand }.flatMap { $0.keywords }.sorted() }

    /// Reads one step item (not an include; variables already substituted) as the kind its keyword names, after
    /// checking it is a mapping with exactly one keyword and only keys that kind takes.
    static func parse(
        _ item: SourceNode, file: String, chain: [String] = [], state: ParseState
    ) throws(JourneyError) -> any JourneyStepKind {
        guard case .mapping = item else {
            throw JourneyError(
                message:
                    "a step is a mapping such as `advance: 400` or `tap: transactions/row/t1`; got a \(item.kindName)",
                line: item.line)
        }
        let found = item.keys.filter { byKeyword[$0] != nil }
        guard found.count == 1, let keyword = found.first, let kind = byKeyword[keyword] else {
            if found.isEmpty { throw unknownStep(item.keys.first ?? "", line: item.line, in: item) }
            throw JourneyError(
                message: "one step per list item: found \(found.joined(separator: " and "))", line: item.line)
        }
        for key in item.keys where key != keyword && !kind.modifiers.contains(key) {
            throw JourneyError(
                message: "'\(key)' does not go with `\(keyword)`"
                    + (kind.modifiers.isEmpty ? "" : " (it takes \(kind.modifiers.sorted().joined(separator: ", ")))"),
                line: item[key]!.line)
        }
        return try kind.parse(
            StepSource(keyword: keyword, value: item[keyword]!, item: item, file: file, chain: chain, state: state))
    }

    /// The error for a step whose keys name no kind: it lists every keyword.
    static func unknownStep(_ key: String, line: Int, in item: SourceNode? = nil) -> JourneyError {
        // A misspelt keyword is the likeliest key to name; suggest the closest keyword to any key of the item.
        let suggestion = (item?.keys ?? [key]).lazy.compactMap { Suggestion.closest(to: $0, in: keywords) }.first
        return JourneyError(
            message: "unknown step '\(key)'; steps are \(kindKeywords.joined(separator: ", ")) and the shorthands "
                + shorthandKeywords.joined(separator: ", ") + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
            line: line)
    }
}
