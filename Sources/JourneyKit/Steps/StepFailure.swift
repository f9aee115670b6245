import ChoreoJSON

/// A step that did not hold: what went wrong, and the values compared when it was a comparison.
struct StepFailure: Error {
    /// One sentence: what was expected and what happened.
    var message: String
    /// The expected value, when the failure is a comparison.
    var expected: JSONValue? = nil
    /// The actual value, when the failure is a comparison (nil when it does not exist).
    var actual: JSONValue? = nil
    /// The state path a failed comparison read, when it read one (the runner asks the other physics for it).
    var statePath: String? = nil
}
