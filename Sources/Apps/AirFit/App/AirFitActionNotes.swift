import ChoreoEngine

extension AirFitApp {
    /// How AirFit answers the shared actions, for the protocol's documents.
    static let sharedActionNotes: [String: String] = [
        "ui.navigate": "To the screen already shown: refused (`alreadyShown`; its onAppear does not fire again).",
        "ui.release": """
        Ends a sheet drag: a release at 800 pt/s or more downward, or past 35% of the sheet (210 pt) and \
        not moving up, flicks it away with physics deceleration (at once in minimal mode); short of that it \
        springs back (protocol/airfit.md).
        """,
        "ui.touch": "No touch-and-hold targets: -32005.",
        "ui.drag": """
        Drags the sheet by `y` points (required) with a velocity in points per second (no sheet: \
        `noSheet`); `x` and `target` are refused as bad params (-32602).
        """,
        "ui.deviceMotion": """
        The ParallaxContainer: the content moves up to ±4 pt (full range at 20° of tilt) with the standard \
        spring, only while the device is still (rotationRate at most 30°/s when given; faster: refused, \
        `deviceMoving`).
        """,
    ]
}
