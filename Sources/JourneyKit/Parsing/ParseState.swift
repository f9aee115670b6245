import ChoreoJSON

/// What the parser knows while it reads one variant of a journey: the contract and the app to check against, the
/// names steps have defined so far (results kept with `as:`, marks), and the contract mistakes found. Mistakes of
/// the contract are collected, so `journey validate` reports every one; a malformed step still stops the file.
final class ParseState {
    /// What the daemon declares; nil checks nothing against it.
    let contract: JourneyContract?
    /// The app the variant's session hosts.
    let app: String
    /// The names results are kept as (`as:`) by the steps read so far.
    var keptNames: Set<String> = []
    /// The marks set by the steps read so far, in order.
    var marks: [String] = []
    /// The contract mistakes found, in file order.
    private(set) var problems: [JourneyError] = []

    init(contract: JourneyContract?, app: String) {
        self.contract = contract
        self.app = app
    }

    func report(_ problem: JourneyError) {
        if !problems.contains(problem) { problems.append(problem) }
    }
}
