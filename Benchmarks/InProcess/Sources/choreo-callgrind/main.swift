// The request path, synchronous and in process, for instruction counts under valgrind: one line of JSON in,
// decoded, dispatched on a daemon state and encoded, exactly as a connection's handler does it, minus the socket
// (choreod itself cannot run under valgrind). Usage: choreo-callgrind REQUEST COUNT
// REQUEST is one of: clock.now, daemon.info, state.get (the busy session's whole tree), motion.sample (1,000 points).
// Benchmarks/callgrind.py runs it twice under `valgrind --tool=callgrind` (COUNT = 100 and 1100) and divides the
// difference by 1000: the instructions of one request, without start-up and set-up.
import ChoreoApps
import ChoreoLocks
import ChoreoMotion
import ChoreoProtocol

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
    print("usage: choreo-callgrind clock.now|daemon.info|state.get|motion.sample COUNT")
    exit(2)
}
let state = Locked(DaemonState(apps: AppCatalog.registry))
let context = RequestContext(connection: 1, uptimeMs: 0)
var id = 0
@MainActor @discardableResult func send(_ method: String, _ params: String) -> String {
    id += 1
    let line = "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":\(params)}"
    guard let reply = RPCProcessor.handle(line, state: state, context: context), !reply.hasPrefix("{\"error\"") else {
        print("set-up failed: \(method) \(params)")
        exit(1)
    }
    return reply
}

// The busy session of Benchmarks/bench.py's state group: 100 animated values with every kind of curve, 10 endless
// loops, 100 pending timers, haptics and announcements, a retarget, another screen.
send("session.create", "{}")
let curves = [
    "{\"spring\":{\"response\":0.4,\"dampingFraction\":0.8}}", "{\"easeInOut\":{\"duration\":0.4}}",
    "{\"interpolatingSpring\":{\"stiffness\":130,\"damping\":12}}",
    "{\"bezier\":{\"x1\":0.2,\"y1\":0,\"x2\":0,\"y2\":1,\"duration\":2}}", "{\"linear\":{\"duration\":5}}",
]
for i in 0..<100 {
    send("lab.animate", "{\"session\":\"s1\",\"name\":\"v\(i)\",\"to\":\(i),\"curve\":\(curves[i % 5])}")
}
for i in 0..<10 {
    send(
        "lab.animate",
        "{\"session\":\"s1\",\"name\":\"loop\(i)\",\"to\":1,\"curve\":{\"linear\":{\"duration\":3},\"repeatForever\":true}}"
    )
}
for i in 0..<100 {
    send("lab.timer", "{\"session\":\"s1\",\"name\":\"t\(i)\",\"afterMs\":\(1000 + i * 50),\"haptic\":\"light\"}")
}
for _ in 0..<20 { send("lab.haptic", "{\"session\":\"s1\",\"style\":\"rigid\"}") }
for i in 0..<20 { send("lab.announce", "{\"session\":\"s1\",\"text\":\"note \(i)\"}") }
send("clock.advance", "{\"session\":\"s1\",\"ms\":150}")
for i in stride(from: 0, to: 100, by: 2) {
    send(
        "lab.animate",
        "{\"session\":\"s1\",\"name\":\"v\(i)\",\"to\":-\(i),\"curve\":{\"spring\":{\"response\":0.3,\"dampingFraction\":1}}}"
    )
}
send("ui.navigate", "{\"session\":\"s1\",\"screen\":\"goals\"}")
send("clock.advance", "{\"session\":\"s1\",\"ms\":100}")

let request: (String, String)
switch arguments[1] {
case "clock.now": request = ("clock.now", "{\"session\":\"s1\"}")
case "daemon.info": request = ("daemon.info", "{}")
case "state.get": request = ("state.get", "{\"session\":\"s1\"}")
case "motion.sample":
    let at = (0..<1000).map(String.init).joined(separator: ",")
    request = ("motion.sample", "{\"curve\":{\"spring\":{\"response\":0.4,\"dampingFraction\":0.8}},\"at\":[\(at)]}")
default:
    print("unknown request \(arguments[1])")
    exit(2)
}
var bytes = 0
for _ in 0..<count { bytes += send(request.0, request.1).utf8.count }
print("{\"request\":\"\(arguments[1])\",\"count\":\(count),\"replyBytes\":\(count > 0 ? bytes / count : 0)}")
