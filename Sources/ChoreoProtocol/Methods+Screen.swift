import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let screenMethods = [screenRender]

    /// The widest picture `screen.render` draws, in pixels.
    static let maxRenderWidth = 4096.0

    /// How far ahead of now `at` may be, in virtual ms: an hour. The copy is advanced frame by frame where a
    /// repeating animation runs, so a far `at` would hold the daemon for as long as an advance that far.
    static let maxRenderAheadMs = 3_600_000.0

    static let screenRender = Method(
        readingWithContext: "screen.render",
        summary: "The app's screen as an SVG wireframe, now or later.",
        description: """
            All the state puts on screen (bars, rows, cards, sheets, hero, pull, chart, celebration; AirFit's \
            gradient, glass, title, ring, ripples), in points (viewBox), `width` pixels wide. \
            Groups carry `data-name` (the state path: `hero`, `sheets.0`) and `data-state` (its values). \
            Layout: behavior.md SR1–SR3. Same state, same bytes. `at` draws a later time on a copy.
            """,
        params: Param.milliseconds(
            "at",
            "Virtual ms to draw: now (default) to 1 h later, on a copy."
        ).optional,
        Param.number(
            "width", "Width in pixels (default: the screen's in points).", in: 16...maxRenderWidth,
            expected: "a width in pixels"
        ).optional,
        Param.string("format", "`svg`, the only format (default).").checked {
            (value, fullName) throws(RPCError) in
            guard value == "svg" else { throw .invalidParams(fullName, expected: "svg", got: .string(value)) }
        }.defaulting(to: "svg"),
        result: MethodResult(
            "screen",
            .object(
                properties: [
                    "format": .string("The picture's format (svg)."),
                    "svg": .string("The SVG document."),
                    "app": .string("The app drawn."),
                    "screen": .string("The screen under everything drawn over it (`navigation.screen`)."),
                    "width": .number("The screen's width in points."),
                    "height": .number("The screen's height in points."),
                    "at": .ref("Milliseconds", "The virtual time drawn, in milliseconds."),
                    "now": .ref("Milliseconds", "The session's virtual time after the call, in milliseconds."),
                ], required: ["format", "svg", "app", "width", "height", "at", "now"], additionalProperties: true)),
        errors: [.limitExceeded, .unsupportedAction],
        examples: [
            Example(
                "the dashboard 100 ms ahead",
                description: """
                    After: session.create {}. The `svg` shown here is cut short (…); the real one draws the whole \
                    screen.
                    """,
                params: ["session": "s1", "at": 100, "width": 393],
                result: [
                    "format": "svg", "app": "finpessoal", "screen": "dashboard", "width": 393, "height": 852,
                    "at": 100, "now": 0,
                    "svg": """
                    <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="393" height="852" \
                    viewBox="0 0 393 852" role="img" aria-labelledby="screen-title"><title \
                    id="screen-title">FinPessoal, Dashboard</title>…</svg>
                    """,
                ])
        ]
    ) {
        (drawn: Simulation, reading: Method.Reading, at: VirtualTime?, width: Double?, _: String)
            throws(RPCError) -> JSONValue in
        var simulation = drawn
        let now = simulation.now
        if let at, at != now {
            guard at > now else {
                throw .invalidParams(
                    "at",
                    expected: "now (\(JSONValue.number(now.milliseconds).serialized()) ms) or later: the session is "
                        + "already past \(JSONValue.number(at.milliseconds).serialized()) ms; "
                        + "to draw an earlier time, replay the session (session.export, session.import) and advance "
                        + "it there", got: .number(at.milliseconds))
            }
            guard (at - now).milliseconds <= maxRenderAheadMs else {
                throw RPCError(
                    SimulationError.limitExceeded(
                        limit: "at", maximum: Int(maxRenderAheadMs),
                        detail: "screen.render draws at most \(Int(maxRenderAheadMs)) virtual ms ahead of now ("
                            + "\(JSONValue.number(now.milliseconds).serialized()) ms); clock.advance the session nearer, "
                            + "or session.fork it and advance the fork, then draw there"))
            }
            do throws(SimulationError) {
                _ = try simulation.advance(to: at, maxEvents: reading.limits.maxEventsPerAdvance)
            } catch {
                throw RPCError(error)
            }
        }
        // What is drawn comes from the state: a number there that is not reportable would be drawn as if it were
        // a position, so it is the model's bug here as in state.get (SessionSlot adds the request and reproducer).
        if let path = simulation.state().firstUnreportableNumberPath {
            throw RPCError.modelBug(
                ModelBug(
                    app: simulation.appName, subject: path,
                    problem: "the screen at \(JSONValue.number(simulation.now.milliseconds).serialized()) ms would be "
                        + "drawn from `\(path)`, a number that is not finite or is past ±1e18: a computation diverged",
                    fix: "report this reproducer: nothing the client sent is at fault"))
        }
        guard let screen = simulation.screen() else {
            throw RPCError(SimulationError.unsupportedAction("screen.render", app: simulation.appName))
        }
        let top = try? simulation.state(at: "navigation.screen")
        return [
            "format": "svg", "svg": .string(screen.svg(width: width)), "app": .string(simulation.appName),
            "screen": top ?? .null, "width": .number(screen.width), "height": .number(screen.height),
            "at": .number(simulation.now.milliseconds), "now": .number(now.milliseconds),
        ]
    }
}
