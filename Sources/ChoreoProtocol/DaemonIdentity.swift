import ChoreoAppKit

/// The daemon's name, version and protocol version. `CHANGELOG.md` says what each version changed and when the protocol
/// version changes (minor: something added, or a result widened only where it used to be an error; major: anything a
/// client relied on changed); each release is the git tag `v` + ``version``.
public enum DaemonIdentity {
    public static let name = "choreod"
    public static let version = "0.4.0"
    public static let protocolVersion = "1.3"

    /// What `--version` prints: `0.4.0 (protocol 1.3)`.
    public static var versionText: String { "\(version) (protocol \(protocolVersion))" }
}
