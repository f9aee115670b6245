import ChoreoJSON

/// A checked example of a call: its params and the result it gives (an OpenRPC example pairing).
public struct Example: Sendable {
    /// Stands for the name of the daemon's default app (its first) in an example's params, result or an error's
    /// `data`: the OpenRPC document writes the name of the app the daemon hosts (``OpenRPCDocument``).
    public static let defaultApp: JSONValue = "$defaultApp"

    /// A short name.
    public var name: String
    /// One line, if any.
    public var summary: String?
    /// What to do first to get this result, and what it shows.
    public var description: String?
    /// The params, in order.
    public var params: [(name: String, value: JSONValue)]
    /// The result.
    public var result: JSONValue

    public init(
        _ name: String, summary: String? = nil, description: String? = nil,
        params: KeyValuePairs<String, JSONValue> = [:], result: JSONValue
    ) {
        self.name = name
        self.summary = summary
        self.description = description
        self.params = params.map { (name: $0.key, value: $0.value) }
        self.result = result
    }
}
