import ChoreoAppKit
import ChoreoJSON

extension OpenRPCDocument {
    /// The command that writes `protocol/openrpc.json`.
    public static let regenerateCommand = "make openrpc"

    /// The document's `info`.
    static let info: JSONValue = [
        "title": .string(DaemonIdentity.name),
        "version": .string(DaemonIdentity.protocolVersion),
        "x-generated-by": .string(
            "Generated from the method declarations in Sources/ChoreoProtocol (Methods+*.swift, OpenRPC/); do not "
                + "edit. Regenerate with `\(regenerateCommand)` (choreod --print-openrpc > protocol/openrpc.json)."),
        "description": """
        choreod hosts headless models of SwiftUI apps (their UI state machines, timings, curves, haptics and \
        accessibility behaviour) under a virtual clock, driven over JSON-RPC 2.0 on a Unix socket.

        Transport: UTF-8, one JSON text per line, each terminated by `\\n` (`\\r\\n` tolerated); replies are \
        one compact line each, in request order. A line longer than --max-line-bytes (default 8 MiB) is \
        answered with -32600 (id null) and the connection is closed. Socket path: --socket, else \
        $CHOREO_SOCKET, else $XDG_RUNTIME_DIR/choreo/choreod.sock, else /tmp/choreo-$UID/choreod.sock. See \
        protocol/README.md.

        JSON-RPC: batches and notifications as in the specification; ids echoed unchanged. Every method takes \
        params by name: an object (or absent, or an empty array for methods without required params). Unknown \
        params are rejected with -32602 naming them, so a typo never passes silently.

        Units: every time on the wire (`now`, `t`, `ms`, `afterMs`, `timeoutMs`, `since`, `at`, `firesAt`, …) \
        is in virtual milliseconds since the session started; the clock counts whole nanoseconds. Numbers the \
        daemon computes are reported rounded to 12 significant digits (times are thus exact to the nanosecond \
        below 1e6 ms); numbers it echoes from requests come back exactly. Curve parameters use SwiftUI's \
        units: seconds (`response`, `duration`, `delay`) with `responseMs`, `durationMs`, `delayMs` aliases; \
        velocities are per second.

        Server → client: the `event` notification {subscription, session, event} after events.subscribe (see \
        x-notifications). Error `data` shapes: see x-error-data and components/schemas/*Data.

        """,
    ]
}
