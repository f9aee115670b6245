/// Everything that can go wrong inside a simulation, as typed values. ChoreoProtocol maps each case to a
/// JSON-RPC error code in one place.
public enum SimulationError: Error, Sendable, Hashable {
    /// `session.create` named an app that does not exist.
    case unknownApp(String, available: [String])
    /// A state path does not exist; `validPrefix` is the deepest prefix that does, `keys` what exists there.
    case unknownPath(String, validPrefix: String, keys: [String])
    /// A state path goes below a node that is null now; `because` is the app's declared reason, when it has one.
    case nullPath(String, nullAt: String, because: String?)
    /// An action named a target that is not on the current screen; `reason`, when given, says why nothing there
    /// takes a tap now (for instance a sheet that is being dismissed).
    case unknownTarget(String, screen: String, valid: [String], reason: String? = nil)
    /// A screen name that does not exist.
    case unknownScreen(String, valid: [String])
    /// The app has no such action.
    case unsupportedAction(String, app: String)
    /// A value is out of range or malformed (maps to invalid params).
    case invalidValue(parameter: String, expected: String)
    /// A limit was reached; `detail` says where the work stopped.
    case limitExceeded(limit: String, maximum: Int, detail: String)
    /// The app or the engine broke one of its own rules (maps to -32603; the request is undone).
    case modelBug(ModelBug)
}
