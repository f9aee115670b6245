/// An app's guide for people and agents: what `journey mcp` serves as a resource (`choreo://guides/<app>`) and
/// `app.describe` names.
public struct AppGuide: Sendable, Hashable {
    /// A title, e.g. "Prefs guide".
    public var title: String
    /// One sentence on what it covers.
    public var summary: String
    /// The Markdown file, relative to the package's `protocol/` folder (e.g. `prefs.md`).
    public var file: String

    public init(title: String, summary: String, file: String) {
        self.title = title
        self.summary = summary
        self.file = file
    }
}
