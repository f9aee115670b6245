/// The daemon's name, version and protocol version.
public enum DaemonIdentity {
    public static let name = "choreod"
    public static let version = "0.1.0"
    public static let protocolVersion = "1.0"
}
