import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Foundation
import Testing

@testable import FinPessoal

/// A FinPessoal session driven the way a client drives the daemon: actions and clock steps, its state read as the
/// model's typed values (seed 003's dashboard: pull-to-refresh, loading and the spending chart).
struct DashboardHarness {
    var sim: Simulation

    init(mode: AnimationMode = .full, data: [String: JSONValue] = [:], wallClock: WallClock = .default) throws {
        var config = SessionConfig()
        config.physics = .ideal  // closed-form expectations
        config.settings.mode = mode
        config.data = data
        config.wallClock = wallClock
        sim = try Simulation(config: config)
    }

    /// The current virtual time in milliseconds.
    var now: Double { sim.now.milliseconds }

    @discardableResult
    mutating func perform(_ action: Action) throws -> JSONValue { try sim.perform(action) }

    @discardableResult
    mutating func pull(finger: Double) throws -> JSONValue { try sim.perform(.pull(distance: finger)) }

    /// Pulls the finger so that the indicator stands at `indicator` points (the rubber band's inverse).
    @discardableResult
    mutating func pull(indicator: Double) throws -> JSONValue {
        try pull(finger: DashboardHarness.finger(forIndicator: indicator))
    }

    @discardableResult
    mutating func release() throws -> JSONValue { try sim.perform(.release) }

    mutating func advance(_ ms: Int64) throws {
        _ = try sim.advance(to: sim.now + .milliseconds(ms), maxEvents: 1_000_000)
    }

    @discardableResult
    mutating func settle() throws -> SettleOutcome {
        try sim.settle(timeout: .milliseconds(60_000), maxEvents: 1_000_000)
    }

    /// The state node at a dotted path, as JSON: only for what the JSON edge itself shows (the values the state's
    /// declarations spell out, the texts they format).
    func state(_ path: String) throws -> JSONValue { try sim.state(at: path) }

    /// The app's model now.
    var app: FinPessoalApp {
        get throws { try #require(sim.model(FinPessoalApp.self)) }
    }

    /// `dashboard` now, as the model gives the state its values.
    var dashboard: DashboardView {
        get throws {
            let app = try app
            return app.loading.state(data: app.data, world: sim.world)
        }
    }

    /// `refresh` now, as the model gives the state its values.
    var refresh: RefreshView {
        get throws { try app.refresh.state(world: sim.world) }
    }

    /// `chart` now, as the model gives the state its values.
    var chart: ChartView {
        get throws {
            let app = try app
            return app.chart.state(data: app.data, world: sim.world)
        }
    }

    /// One of the balance card's numbers now (`dashboard.counters.<counter>`).
    func counter(_ counter: DashboardCounter) throws -> CounterView {
        try #require(dashboard.counters[counter.rawValue])
    }

    /// The haptics so far as (style, time in ms).
    var haptics: [Haptic] { sim.world.haptics.map { Haptic($0.style, $0.time.milliseconds) } }

    /// The kinds of the trace events so far.
    var traceKinds: [String] { sim.world.trace.map(\.kind) }

    /// x = D·d / (c·(D − d)) with c = 0.5, D = 180, computed here independently of the model.
    static func finger(forIndicator d: Double) -> Double { d <= 0 ? 0 : 180 * d / (0.5 * (180 - d)) }

    struct Haptic: Equatable, CustomStringConvertible {
        var style: HapticStyle
        var ms: Double
        init(_ style: HapticStyle, _ ms: Double) {
            self.style = style
            self.ms = ms
        }
        var description: String { "\(style.rawValue)@\(ms)" }
    }
}

extension Array {
    /// The element at `index`, or nil when there is none (a missing one fails the expectation, not the run).
    func at(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// Closed forms of MOTION.md, written again here so the tests do not reuse the engine's code.
enum Reference {
    /// The displacement from the target of a spring released at rest `x0` away, after `t` seconds.
    static func springDisplacement(_ x0: Double, response: Double, dampingFraction zeta: Double, t: Double) -> Double {
        let w0 = 2 * Double.pi / response
        let lambda = zeta * w0
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-lambda * t) * (x0 * cos(wd * t) + lambda * x0 / wd * sin(wd * t))
        }
        if zeta == 1 { return exp(-w0 * t) * (x0 + w0 * x0 * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root)
        let r2 = -w0 * (zeta + root)
        let b = -r1 * x0 / (r2 - r1)
        let a = x0 - b
        return a * exp(r1 * t) + b * exp(r2 * t)
    }

    /// A spring from `from` to `to` after `t` seconds.
    static func spring(from: Double, to: Double, response: Double, dampingFraction: Double, t: Double) -> Double {
        to + springDisplacement(from - to, response: response, dampingFraction: dampingFraction, t: t)
    }

    /// A cubic Bézier timing curve (control points (x1, y1), (x2, y2)) at an elapsed fraction, by bisection.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var low = 0.0
        var high = 1.0
        for _ in 0..<100 {
            let u = (low + high) / 2
            let bx = 3 * (1 - u) * (1 - u) * u * x1 + 3 * (1 - u) * u * u * x2 + u * u * u
            if bx < x { low = u } else { high = u }
        }
        let u = (low + high) / 2
        return 3 * (1 - u) * (1 - u) * u * y1 + 3 * (1 - u) * u * u * y2 + u * u * u
    }

    static func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: x) }
    static func easeOut(_ x: Double) -> Double { bezier(0, 0, 0.58, 1, at: x) }
}
