import ChoreoEngine

extension FinPessoalApp {
    /// How FinPessoal answers the shared actions, for the protocol's documents.
    static let sharedActionNotes: [String: String] = [
        "ui.tap": """
        Targets such as `transactions/row/t1`, `goals/card/g1`, `budgets/card/b1`, or \
        `transactionDetail/button/close` on a sheet. Hero links start a hero transition (light haptic) unless \
        one is running: refused (`heroTransitionRunning`, see Refusal), nothing changes. `point` taps data \
        point `point` of `dashboard/chart` (0 to the range's days − 1): `medium` haptic, the point's day is \
        selected (chart.selected lists its transactions), and in full mode it bounces and bursts gold \
        particles; refused while the chart loads, before its card shows or before the line reaches the point. \
        Only dashboard/chart has points. One finger at a time (behavior.md N13): any tap while a finger is \
        down (holding the chart, pulling, or cancelled) is refused (`fingerBusy`, `gestureCancelled`); a \
        sheet's elements take no tap before a frame shows the sheet (`notShownYet`, retryAfterMs).
        """,
        "ui.present": """
        Every sheet of seed 002 (see protocol/behavior.md), e.g. addTransaction; item-based sheets need `item`.
        """,
        "ui.navigate": """
        The screens are dashboard, transactions, budgets, bills, goals, reports, insights, profile, \
        creditCards, loans, settings; the first screen is dashboard.
        """,
        "ui.pull": """
        The dashboard's pull-to-refresh (seed 003). The indicator's `pullDistance` follows the finger with \
        elastic resistance d = c·x·D/(c·x + D), c = 0.5, D = 180 (a 72 pt finger puts it at 30 pt, 180 pt at \
        60 pt): reaching 30 pt plays `light`, 60 pt enters `ready` with `medium` (each once per crossing, \
        re-armed below 90% of its threshold). Returns the `refresh` state with `pulled`; a pull that cannot \
        start is refused (see Refusal: `notOnDashboard`, `scrolledDown`, `sheetPresented`, `sheetDismissing`, \
        `dashboardLoading`, `refreshRunning`), naming every blocker present (`blockers`; retryAfterMs only when \
        waiting removes them all, behavior.md N12). See protocol/behavior.md, Seed 003.
        """,
        "ui.release": """
        Ends a chart touch (`dashboard/chart`: the scrubber and callout go) or a pull-to-refresh drag: below \
        60 pt the indicator springs back to idle; at or beyond 60 pt it springs to its 60 pt rest, \
        `refreshing` starts (spinner loop) and the dashboard's data load begins (skeletons), ending after \
        `data.loadLatencyMs` or on app.finishLoading. A pull cancelled while the finger was down (behavior.md \
        R16) answers `refreshing: false` with `cancelled` saying why.
        """,
        "ui.touch": """
        `dashboard/chart` (on the loaded dashboard with no sheet over it): the scrubber appears at x, the \
        nearest data point (index round(x·(n − 1))) is highlighted (scale 1.2) with a callout of its date and \
        amount, and a `light` haptic plays. Refused (see Refusal) while the dashboard loads \
        (`dashboardLoading`), before the chart's card shows (`chartNotVisible`) and when the nearest point \
        has not appeared yet (`pointNotReached`, behavior.md C18).
        """,
        "ui.drag": """
        Moves the finger on `dashboard/chart` to x (target optional); the scrubber follows and a `selection` \
        haptic plays each time the snapped point changes, while the callout counts to the new amount; onto a \
        point not appeared yet: refused (`pointNotReached`). It moves the finger that is down, wherever the \
        chart is: a cancelled finger answers `gestureCancelled` (C21), also under a sheet or off the dashboard.
        """,
        "ui.deviceMotion": "No device-motion effects: -32005.",
    ]
}
