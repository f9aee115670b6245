import ChoreodKit
import PrefsApp

// A daemon hosting only Prefs, built through Choreo's public API as a team's own package would be.
await Choreod.main(apps: [PrefsApp.self])
