import ChoreoAppKit
import ChoreoEngine
import ChoreoJSON

extension MethodTable {
    static let uiMethods = [
        uiNavigate, uiTap, uiBack, uiDismiss, uiPresent, uiScroll, uiPull, uiRelease, uiTouch, uiDrag, uiDeviceMotion,
    ]

    static let uiNavigate = Method(
        action: "ui.navigate",
        summary: "Goes to one of the app's top-level screens.",
        description: """
            Replaces the navigation stack with `screen` and records `action` and `navigation` {from, to}. The \
            screens are the app's (an unknown one is -32004, listing them). Refused (see Refusal) under a sheet \
            (`sheetPresented`; `sheetDismissing` with retryAfterMs while it is being dismissed).
            """,
        params: Param.string("screen", "The screen.").schemaDescription("A screen name."),
        errors: [.unknownScreen, .unsupportedAction],
        examples: [
            Example(
                "budgets", description: "After: session.create {}.", params: ["session": "s1", "screen": "budgets"],
                result: ["navigated": true, "screen": "budgets"])
        ]
    ) { screen in .perform(Action.navigate(screen: screen)) }

    static let uiTap = Method(
        action: "ui.tap",
        summary: "Taps an element by target.",
        description: """
            Targets are `SCREEN/KIND/ID` on the current screen, or `SHEET/KIND/ID` inside the top sheet: the \
            state lists them (`screen.elements`, `sheet.elements`). An unknown target is -32003 listing the valid \
            targets. While a sheet is being dismissed nothing takes a tap: a target on it or under it is refused \
            (`sheetDismissing`, with retryAfterMs for one under it), any other is -32003 whose `data.targets` \
            lists the targets under it (they take taps once it is gone) and `data.reason` names the dismissal. \
            `point` is for a target with data points (a chart); on any other it is -32602.
            """,
        params: Param.string("target", "The element's target."),
        Param.integer(
            "point", "The index of a data point to tap, for a target that has them (a chart).",
            in: 0...100_000, expected: "a data point index ≥ 0"
        ).optional,
        errors: [.unsupportedAction, .unknownTarget],
        examples: [
            Example(
                "tap", description: "After session.create {} and ui.navigate {screen: transactions}.",
                params: ["session": "s1", "target": "transactions/row/t1"],
                result: [
                    "started": true, "transition": "transactions/row/t1", "logicallyCompleteAt": 400,
                    "settledAt": 571.013738,
                ])
        ]
    ) { target, point in .perform(Action.tap(target: target, point: point.map { Int($0) })) }

    static let uiBack = Method(
        action: "ui.back",
        summary: "Pops the navigation stack.",
        description: """
            Pops the top view with the screen transition of the current mode (a view pushed by a hero link \
            reverses its hero transition). Refused (see Refusal) at the root (`atRoot`) and under a sheet \
            (`sheetPresented`, or `sheetDismissing` with retryAfterMs).
            """,
        errors: [.unsupportedAction],
        examples: [
            Example(
                "back", description: "After session.create {}: at the root, refused.", params: ["session": "s1"],
                result: [
                    "refused": true, "reason": "atRoot",
                    "message": .string(Refusal.atRootMessage),
                ])
        ]
    ) { .perform(Action.back) }

    static let uiDismiss = Method(
        action: "ui.dismiss",
        summary: "Dismisses the top sheet.",
        description: """
            The top sheet animates away with the mode's sheet curve (a hero sheet reverses its hero \
            transition) and is removed when logically complete. Refused (see Refusal) with no sheet (`noSheet`) \
            or one already being dismissed (`alreadyDismissing`).
            """,
        errors: [.unsupportedAction],
        examples: [
            Example(
                "dismiss", description: "After session.create {}: no sheet, refused.", params: ["session": "s1"],
                result: [
                    "refused": true, "reason": "noSheet",
                    "message": .string(
                        "no sheet is presented, so there is nothing to dismiss: no action makes this dismissal work "
                            + "until a sheet is presented (ui.present)"),
                ])
        ]
    ) { .perform(Action.dismiss) }

    static let uiPresent = Method(
        action: "ui.present",
        summary: "Presents a sheet by name.",
        description: """
            Presents one of the app's sheets by name; item-based sheets need `item`. A second sheet from the \
            screen while one is up is refused (`oneSheetPerPresenter`, see Refusal: SwiftUI presents one sheet \
            per presenter; `sheetDismissing` with retryAfterMs while it is being dismissed).
            """,
        params: Param.string("sheet", "The sheet name."),
        Param.string("item", "The item id for item-based sheets.").optional,
        errors: [.unsupportedAction],
        examples: [
            Example(
                "present", description: "After session.create {}.", params: ["session": "s1", "sheet": "addGoal"],
                result: ["presented": true, "sheet": "addGoal"])
        ]
    ) { sheet, item in .perform(Action.present(sheet: sheet, item: item)) }

    static let uiScroll = Method(
        action: "ui.scroll",
        summary: "Scrolls a screen's content.",
        description: """
            `y` is how far the content is scrolled from the top, in points (0 at rest, positive down). The \
            nav-bar blur animates toward min(y/10, 1); parallax offsets follow at most once per frame.
            """,
        params: Param.number(
            "y", "Points scrolled from the top.", in: -1e7...1e7,
            expected: "points scrolled from the top, positive down"),
        Param.string("screen", "The screen (default: the current one).").optional,
        errors: [.unsupportedAction, .unknownScreen],
        examples: [
            Example(
                "scroll", description: "After session.create {}.", params: ["session": "s1", "y": 5],
                result: ["navBlurTarget": 0.5, "screen": "dashboard", "scrollY": 5])
        ]
    ) { y, screen in .perform(Action.scroll(screen: screen, y: y)) }

    static let uiPull = Method(
        action: "ui.pull",
        summary: "Moves the finger to a pull-to-refresh distance.",
        description: """
            A pull-to-refresh drag: `distance` is the finger's distance, and each call moves it (call \
            repeatedly for a drag). An app without pull-to-refresh answers -32005.
            """,
        params: Param.number(
            "distance",
            "The finger's pull distance in points, 0 to 10000 (0: the finger is down without pulling).",
            in: 0...10_000, expected: "the finger's pull distance in points"),
        errors: [.unsupportedAction],
        examples: [
            Example(
                "pull",
                description: """
                    After session.create {}: a 120 pt finger puts the indicator at 45 pt (past the 30 pt \
                    light haptic).
                    """, params: ["session": "s1", "distance": 120],
                result: [
                    "armed": ["light": false, "ready": true], "checkmark": ["scale": 0, "visible": false],
                    "color": "secondary", "fingerDistance": 120, "icon": "arrow.down", "label": "Pull to refresh",
                    "lastResult": nil, "load": ["endsAt": nil, "running": false, "startedAt": nil], "opacity": 1,
                    "particles": false, "pullDistance": 45, "pulled": true, "refreshes": 0, "rotation": 135,
                    "scale": 0.875, "spinner": ["spinning": false, "style": nil], "state": "pulling",
                    "thresholds": ["light": 30, "ready": 60], "visible": true,
                ])
        ]
    ) { distance in .perform(Action.pull(distance: distance)) }

    static let uiRelease = Method(
        action: "ui.release",
        summary: "Lifts the finger.",
        description: """
            Lifts the finger: ends the gesture it holds (what that is, is the app's). With no finger down: \
            refused (`noFinger`, see Refusal).
            """,
        errors: [.unsupportedAction],
        examples: [
            Example(
                "release",
                description: """
                    After session.create {} and ui.pull {distance: 180} (60 pt, ready): the refresh starts.
                    """, params: ["session": "s1"],
                result: [
                    "armed": ["light": false, "ready": false], "checkmark": ["scale": 0, "visible": false],
                    "color": "accent", "fingerDistance": nil, "icon": "spinner", "label": "Updating...",
                    "lastResult": nil, "load": ["endsAt": 1200, "running": true, "startedAt": 0], "opacity": 1,
                    "particles": true, "pullDistance": 60, "refreshes": 1, "refreshing": true, "released": true,
                    "rotation": 0, "scale": 1, "spinner": ["spinning": true, "style": "easeInOut"],
                    "state": "refreshing", "thresholds": ["light": 30, "ready": 60], "visible": true,
                ])
        ]
    ) { .perform(Action.release) }

    static let uiTouch = Method(
        action: "ui.touch",
        summary: "Touches and holds a target at x.",
        description: """
            Puts a finger down on a target that takes a touch (a chart) at x, 0 to 1 across it, and holds it \
            there until ui.release. Anything else on screen: -32003. An app without such targets answers -32005.
            """,
        params: Param.string("target", "The target (one that takes a touch, e.g. a chart)."),
        Param.number(
            "x", "Position across the target, 0 to 1.", in: 0...1,
            expected: "the position across the target, 0 to 1"),
        errors: [.unsupportedAction, .unknownTarget],
        examples: [
            Example(
                "touch", description: "After session.create {}: the middle of the 7-day chart is point 3.",
                params: ["session": "s1", "target": "dashboard/chart", "x": 0.5],
                result: [
                    "index": 3,
                    "point": [
                        "accessibilityLabel": "Friday, January 2, $0.00", "date": "2026-01-02", "index": 3, "value": 0,
                    ], "touched": true,
                ])
        ]
    ) { target, x in .perform(Action.touch(target: target, x: x)) }

    static let uiDrag = Method(
        action: "ui.drag",
        summary: "Pans the finger.",
        description: """
            Drags: across a target (`x`) or down the screen (`y`, with a `velocity`); which, and what it moves, \
            is the app's, and a parameter the app's drag does not use is refused as a bad param (-32602). An app \
            without a drag answers -32005.
            """,
        params: Param.string("target", "The target dragged across, when the app's drag takes one; optional.").optional,
        Param.number(
            "x", "Position across the target, 0 to 1 (required by a drag across a target).", in: 0...1,
            expected: "the position across the target, 0 to 1"
        ).optional,
        Param.number("y", "Vertical offset in points.", in: -1e5...1e5, expected: "a vertical offset in points")
            .optional,
        Param.number("velocity", "Points per second.", in: -1e6...1e6, expected: "points per second").optional,
        errors: [.unsupportedAction, .unknownTarget],
        examples: [
            Example(
                "drag",
                description: """
                    After session.create {} and ui.touch {target: dashboard/chart, x: 0.5}: 0.75 snaps to \
                    point 5.
                    """, params: ["session": "s1", "x": 0.75],
                result: [
                    "changed": true, "dragged": true, "index": 5,
                    "point": [
                        "accessibilityLabel": "Sunday, January 4, $86.20", "date": "2026-01-04", "index": 5,
                        "value": 86.2,
                    ],
                ])
        ]
    ) { target, x, y, velocity in .perform(Action.drag(target: target, x: x, y: y, velocity: velocity)) }

    static let uiDeviceMotion = Method(
        action: "ui.deviceMotion",
        summary: "Tilts the device.",
        description: """
            Pitch and roll in degrees, and the rotation rate when given: what moves is the app's. An app without \
            device-motion effects answers -32005.
            """,
        params: Param.number("pitch", "Pitch in degrees.", in: -180...180, expected: "degrees of pitch, -180 to 180"),
        Param.number("roll", "Roll in degrees.", in: -180...180, expected: "degrees of roll, -180 to 180"),
        Param.number(
            "rotationRate", "Rotation rate in degrees per second.", in: -1e5...1e5, expected: "degrees per second"
        ).optional,
        errors: [.unsupportedAction],
        examples: []
    ) { pitch, roll, rate in .perform(Action.deviceMotion(pitch: pitch, roll: roll, rotationRate: rate)) }
}
