import ChoreoJSON

/// How an actual value is compared.
public indirect enum Matcher: Sendable, Hashable {
    /// Equal, numbers compared numerically.
    case equals(JSONValue)
    /// Within `tol` of a number.
    case approx(Double, tol: Double)
    case greaterThan(Double)
    case greaterThanOrEqual(Double)
    case lessThan(Double)
    case lessThanOrEqual(Double)
    /// Equal to one of the values.
    case oneOf([JSONValue])
    /// An array, string or object of this length.
    case length(Int)
    /// A string matching a regular expression.
    case matches(String)
    /// The path does not exist (or, with false, does exist).
    case absent(Bool)
    /// Not matching the inner matcher.
    case not(Matcher)
    /// Every matcher holds.
    case all([Matcher])
    /// An array of exactly these elements, each matched by its own matcher.
    case elements([Matcher])
    /// An object with exactly these keys, each value matched by its own matcher.
    case fields([String: Matcher])
    /// An object with at least these keys, each value matched by its own matcher.
    case subset([String: Matcher])
    /// An array with at least one element the matcher accepts.
    case contains(Matcher)
    /// An array whose every element the matcher accepts (an empty array too).
    case every(Matcher)
}
