import ChoreoEngine

extension SessionConfig {
    /// The default session under the `ideal` physics: these tests assert closed-form values (the default is
    /// `swiftui`).
    static var idealPhysics: SessionConfig {
        var config = SessionConfig()
        config.physics = .ideal
        return config
    }
}
