import ChoreoClient
import ChoreoJSON

/// What a running journey carries from step to step, and what every step runs with.
struct StepContext {
    /// The journey's session (one per journey variant; a sweep runs its steps on forks, see ``on(_:)``).
    var session: ChoreoSession
    /// How the run was asked for, e.g. whether `expectTrace` rewrites golden files.
    let options: RunOptions
    /// The variables steps can refer to: `matrix`, `session`, and results kept with `as:`.
    var variables: [String: JSONValue]
    /// The virtual time after the last step, in milliseconds.
    var now: Double = 0
    /// The session's frames per second (`until:` advances one frame at a time).
    var fps: Double = 60
    /// How many of the session's haptics earlier `expectHaptics` steps (without `since`) have checked.
    var hapticCursor = 0
    /// How many of the session's announcements earlier `expectAnnouncements` steps (without `since`) have checked.
    var announcementCursor = 0
    /// The `seq` of the last trace event earlier `expectEvents` steps (without `since`) have checked.
    var eventCursor = 0
    /// The marks set so far, by name.
    var marks: [String: Mark] = [:]
    /// What the running step compared (an `expect` step records each entry); the runner clears it per step.
    var checks: [StepResult.Check] = []
    /// What the running `sweep` step found at each offset; the runner clears it per step.
    var sweep: [StepResult.SweepOffset] = []
    /// The replies of the `ui.*` calls (gestures), at their virtual times, for the HTML report's timeline; recorded
    /// only when it is collected.
    var gestures: [(t: Double, method: String, reply: JSONValue)] = []

    /// A mark set by an earlier step (the parser checks that one is).
    func mark(_ name: String) throws(StepFailure) -> Mark {
        guard let mark = marks[name] else { throw StepFailure(message: "no mark '\(name)' is set") }
        return mark
    }

    /// Reads the virtual time from the daemon (after a failure, when the step did not report it).
    mutating func refreshNow() async {
        if let result = try? await session.call("clock.now"), let now = result["now"]?.doubleValue { self.now = now }
    }

    /// Sends a request in the journey's session; a refusal, or a lost connection, fails the step.
    func ask<T>(_ request: (ChoreoSession) async throws(ChoreoClientError) -> T) async throws(StepFailure) -> T {
        do {
            return try await request(session)
        } catch {
            throw StepFailure(message: "the daemon refused the step: \(error)")
        }
    }
}
