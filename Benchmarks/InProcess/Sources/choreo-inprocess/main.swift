// The in-process benchmarks: ChoreoEngine and the apps driven directly (no socket, no request parsing), timed with
// ContinuousClock. Prints one JSON object per line: {"name", "median_us", "min_us", "reps", ...}.
// Usage: choreo-inprocess [--quick] | --long N (N animations retargeted 1 ms apart in one session, one line per 2,000:
// the long-session profile of issue 30, for `perf record`)
import ChoreoApps
import ChoreoEngine
import ChoreoJSON  // not a product: visible because ChoreoEngine depends on it (see README)
import ChoreoMotion
import Foundation

let quick = CommandLine.arguments.contains("--quick")
let hourMs = 3_600_000.0

func ms(_ value: Double) -> VirtualTime { VirtualTime(milliseconds: value)! }

/// Runs `body` `reps` times (after a few warm-up runs) and prints the median and minimum in microseconds.
func bench(_ name: String, reps: Int, extra: String = "", _ body: () throws -> Void) rethrows {
    let clock = ContinuousClock()
    var times: [Double] = []
    for index in 0..<(reps + 3) {
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        if index >= 3 {
            times.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        }
    }
    times.sort()
    let median = times[times.count / 2]
    print(
        "{\"name\":\"\(name)\",\"median_us\":\(median),\"min_us\":\(times[0]),\"reps\":\(reps)\(extra)}")
}

func newSession() throws -> Simulation { try Simulation(config: SessionConfig()) }

let reps = quick ? 20 : 100

if let index = CommandLine.arguments.firstIndex(of: "--long") {
    try longSession(total: Int(CommandLine.arguments[index + 1]) ?? 20_000)
    exit(0)
}

// 4. The virtual clock, engine only. -------------------------------------------------------------------------
do {
    var empty = try newSession()
    try bench("clock.empty_1h", reps: reps) { _ = try empty.advance(to: empty.now + ms(hourMs), maxEvents: 1_000_000) }
    try bench("clock.empty_1000h", reps: reps) {
        _ = try empty.advance(to: empty.now + ms(1000 * hourMs), maxEvents: 1_000_000)
    }
    var loops = try newSession()
    for index in 0..<10 {
        _ = try loops.perform(
            Lab.Request.animate(
                name: "g\(index)", from: nil, to: 1,
                curve: AnimationCurve.linear(3).repeatingForever(autoreverses: false)))
    }
    try bench("clock.loops10_1h", reps: reps) {
        _ = try loops.advance(to: loops.now + ms(hourMs), maxEvents: 1_000_000)
    }
    try bench("clock.loops10_1000h", reps: reps) {
        _ = try loops.advance(to: loops.now + ms(1000 * hourMs), maxEvents: 1_000_000)
    }
    for count in [10, 100, 1000] {
        var template = try newSession()
        for index in 0..<count {
            _ = try template.perform(
                Lab.Request.timer(name: "t\(index)", after: ms(Double(index + 1) * hourMs / Double(count)), haptic: nil)
            )
        }
        var fired = 0
        // Each run advances a fresh copy (a fork): the copy happens on its first change, inside the timing, as
        // session.fork's copy is outside the socket timing but its copy-on-write is not.
        try bench("clock.timers\(count)_1h", reps: quick ? 10 : 30) {
            var session = template
            fired = try session.advance(to: session.now + ms(hourMs), maxEvents: 1_000_000)
        }
        _ = fired
    }
}

// 5. The 30-step journey of Benchmarks/journeys/thirty-steps.yaml, as engine calls, each result serialized. ------
func thirtySteps() throws -> Int {
    var bytes = 0
    func out(_ value: JSONValue) { bytes += value.serializedBytes().count }
    var s = try newSession()
    func advance(_ value: Double) throws {
        out(.int(Int64(try s.advance(to: s.now + ms(value), maxEvents: 1_000_000))))
    }
    out(
        try s.perform(
            Lab.Request.animate(name: "x", from: nil, to: 1, curve: .spring(response: 0.4, dampingFraction: 0.8))))
    out(try s.perform(Lab.Request.animate(name: "y", from: nil, to: 10, curve: .easeInOut(0.4))))
    out(try s.perform(Lab.Request.timer(name: "tap", after: ms(150), haptic: .light)))
    out(try s.perform(Lab.Request.timer(name: "done", after: ms(600), haptic: .success)))
    try advance(100)
    out(try s.state(at: "lab.values.y"))
    try advance(100)
    out(try s.state(at: "lab.values.y"))
    out(try s.state(at: "lab.values.x"))
    out(.array(s.world.haptics.map { .string($0.style.rawValue) }))
    out(try s.perform(Lab.Request.set(name: "z", value: 3)))
    out(try s.state(at: "lab.values.z"))
    out(
        try s.perform(
            Lab.Request.animate(name: "x", from: nil, to: 0, curve: .spring(response: 0.3, dampingFraction: 1))))
    try advance(200)
    out(try s.state(at: "lab.values.y"))
    out(try s.perform(Lab.Request.haptic(.rigid)))
    out(try s.perform(Lab.Request.announce("Halfway")))
    out(.array(s.world.announcements.map { .string($0.text) }))
    try advance(200)
    out(.array(s.world.haptics.map { .string($0.style.rawValue) }))
    out(try s.state(at: "lab.timers"))
    out(
        try s.perform(
            Lab.Request.animate(
                name: "phase", from: nil, to: 1, curve: AnimationCurve.linear(3).repeatingForever(autoreverses: false)))
    )
    try advance(1500)
    out(try s.state(at: "lab.values.phase"))
    out(
        try s.perform(
            Lab.Request.animate(name: "w", from: nil, to: 1, curve: .interpolatingSpring(stiffness: 130, damping: 12))))
    let settled = try s.settle(timeout: ms(30_000), maxEvents: 1_000_000)
    out(.array(settled.running))
    out(try s.state(at: "lab.values.w"))
    out(try s.state(at: "lab.values.x"))
    let ease = AnimationCurve.easeInOut(0.4).curve
    out(.array([0.0, 0.2, 0.4].map { .double(ease.progress(at: $0)) }))
    out(.array(s.world.timeline.records.map { $0.json(at: s.now) }))
    out(.array(s.world.trace.map(\.json)))
    return bytes
}
do {
    var bytes = 0
    try bench("journey.thirty_steps", reps: quick ? 50 : 300) { bytes = try thirtySteps() }
    _ = bytes
}

// 6. state.get of a busy session (the same as bench.py's), and motion.sample of 1,000 points. --------------------
do {
    var s = try newSession()
    let curves: [AnimationCurve] = [
        .spring(response: 0.4, dampingFraction: 0.8), .easeInOut(0.4),
        .interpolatingSpring(stiffness: 130, damping: 12),
        .linear(2), .linear(5),
    ]
    for index in 0..<100 {
        _ = try s.perform(
            Lab.Request.animate(name: "v\(index)", from: nil, to: Double(index), curve: curves[index % 5]))
    }
    for index in 0..<10 {
        _ = try s.perform(
            Lab.Request.animate(
                name: "loop\(index)", from: nil, to: 1,
                curve: AnimationCurve.linear(3).repeatingForever(autoreverses: false)))
    }
    for index in 0..<100 {
        _ = try s.perform(Lab.Request.timer(name: "t\(index)", after: ms(1000 + Double(index) * 50), haptic: .light))
    }
    for _ in 0..<20 { _ = try s.perform(Lab.Request.haptic(.rigid)) }
    for index in 0..<20 { _ = try s.perform(Lab.Request.announce("note \(index)")) }
    _ = try s.advance(to: s.now + ms(150), maxEvents: 1_000_000)
    for index in stride(from: 0, to: 100, by: 2) {
        _ = try s.perform(
            Lab.Request.animate(
                name: "v\(index)", from: nil, to: Double(-index), curve: .spring(response: 0.3, dampingFraction: 1)))
    }
    _ = try s.advance(to: s.now + ms(100), maxEvents: 1_000_000)
    let session = s
    var bytes = 0
    bench("state.build", reps: reps) { _ = session.state() }
    bench("state.build_and_serialize", reps: reps) { bytes = session.state().serializedBytes().count }
    try bench("state.path_lookup", reps: reps) { _ = try session.state(at: "lab.values.v1") }
    print("{\"name\":\"state.bytes\",\"bytes\":\(bytes)}")

    let spring = AnimationCurve.spring(response: 0.4, dampingFraction: 0.8).curve
    let times = (0..<1000).map { Double($0) / 1000 }
    var values: [Double] = []
    var velocities: [Double] = []
    bench("sample.compute", reps: reps) {
        values = times.map { spring.progress(at: $0) }
        velocities = times.map { spring.velocity(at: $0) }
    }
    bench("sample.compute_and_serialize", reps: reps) {
        values = times.map { spring.progress(at: $0) }
        velocities = times.map { spring.velocity(at: $0) }
        let reply: JSONValue = .object([
            "values": .array(values.map(JSONValue.double)), "velocities": .array(velocities.map(JSONValue.double)),
        ])
        bytes = reply.serializedBytes().count
    }
}

// 7. A long session: one lab value retargeted with a spring, 1 ms apart; time per block of 2,000. ---------------
func longSession(total: Int) throws {
    var s = try newSession()
    let clock = ContinuousClock()
    var start = clock.now
    for step in 0..<total {
        _ = try s.perform(
            Lab.Request.animate(
                name: "x", from: nil, to: Double(step % 2), curve: .spring(response: 0.4, dampingFraction: 0.8)))
        _ = try s.advance(to: s.now + ms(1), maxEvents: 1_000_000)
        if (step + 1) % 2000 == 0 {
            let elapsed = clock.now - start
            print(
                "{\"name\":\"long.block\",\"after\":\(step + 1),\"ms\":\(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)}"
            )
            start = clock.now
        }
    }
}
