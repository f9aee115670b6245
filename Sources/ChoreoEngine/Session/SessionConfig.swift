import ChoreoJSON

/// What `session.create` asks for.
public struct SessionConfig: Sendable, Hashable {
    /// The app to host, by name; nil for the daemon's first (``AppRegistry/defaultApp``).
    public var app: String?
    /// Seed of the session's random numbers.
    public var seed: UInt64 = 0
    /// Frames per second: 60 or 120 (the render loop under the `swiftui` physics).
    public var fps: Int = 60
    /// How animations are evaluated.
    public var physics: Physics = .default
    /// Initial settings.
    public var settings = Settings()
    /// Replacements for parts of the app's embedded default dataset.
    public var data: [String: JSONValue] = [:]
    /// The wall clock at virtual time zero.
    public var wallClock: WallClock = .default
    /// How many of each kind of history the session keeps at least (``Retention``): trace events, haptics,
    /// announcements, finished animation records.
    public var traceLimit = Retention.defaultLimit

    public init() {}
}
