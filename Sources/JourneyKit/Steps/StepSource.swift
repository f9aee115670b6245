/// A step item as a step kind reads it: the keyword that named the kind, that keyword's value, the whole item (for
/// modifiers such as `as:`), and the file it is written in (for paths relative to it).
struct StepSource {
    /// The key that named the kind, e.g. `tap`.
    let keyword: String
    /// The keyword's value, e.g. `transactions/row/t1`.
    let value: SourceNode
    /// The whole step mapping, variables already substituted.
    let item: SourceNode
    /// The file the step is written in (an included file for an included step).
    let file: String
    /// The includes that led to the file (`file:line`, outermost first).
    let chain: [String]
    /// What the parser knows so far, and where contract mistakes go.
    let state: ParseState

    /// The value of another key of the step, e.g. `params`.
    subscript(modifier: String) -> SourceNode? { item[modifier] }

    /// Notes a contract mistake at a line of this step's file; parsing goes on.
    func problem(_ message: String, line: Int) {
        state.report(JourneyError(message: message, line: line, file: file, includeChain: chain))
    }

    /// The contract, if the parser checks against one.
    var contract: JourneyContract? { state.contract }
}
