import ChoreoJSON

/// What the parser knows while it reads one variant of a journey: the contract and the app to check against, the
/// names steps have defined so far (results kept with `as:`, marks), and the contract mistakes found. Mistakes of
/// the contract are collected, so `journey validate` reports every one; a malformed step still stops the file.
final class ParseState {
    /// What the daemon declares; nil checks nothing against it.
    let contract: JourneyContract?
    /// The app the variant's session hosts.
    let app: String
    /// The names results are kept as (`as:`) by the steps read so far, each with the method whose result it keeps.
    var kept: [String: String] = [:]
    /// The names of ``kept``.
    var keptNames: Set<String> { Set(kept.keys) }
    /// The marks set by the steps read so far, in order.
    var marks: [String] = []
    /// The contract mistakes found, in file order.
    private(set) var problems: [JourneyError] = []

    init(contract: JourneyContract?, app: String) {
        self.contract = contract
        self.app = app
    }

    /// What is wrong with a path into the result kept as `name` (`$tap.startd`), when the contract declares the
    /// result types that answer its method for the app (a refusal's included) and none has the path; nil otherwise.
    func resultPathProblem(name: String, path: String) -> String? {
        guard !path.holdsVariableReference, let method = kept[name], let shapes = contract?.results[app]?[method],
            !shapes.isEmpty
        else { return nil }
        let misses = shapes.compactMap { $0.mismatch(of: path) }
        guard misses.count == shapes.count else { return nil }
        // The miss that got furthest names the likeliest intent.
        let miss = misses.max { $0.prefix.count < $1.prefix.count }!
        let keys = Set(misses.filter { $0.prefix == miss.prefix }.flatMap(\.keys)).sorted()
        let at = miss.prefix.isEmpty ? "" : " `\(miss.prefix)`"
        return "`$\(name).\(path)`: a \(method) result\(at) has no `\(miss.segment)`"
            + Suggestion.didYouMean(miss.segment, in: keys)
            + (keys.isEmpty ? "" : " (its keys: \(keys.joined(separator: ", ")))")
    }

    func report(_ problem: JourneyError) {
        if !problems.contains(problem) { problems.append(problem) }
    }
}
