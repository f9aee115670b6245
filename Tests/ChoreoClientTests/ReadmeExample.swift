import ChoreoClient
import ChoreoJSON  // JSONValue: what replies hold

/// The README's Swift example, shown there verbatim: tap a transaction, see a second tap declined while the hero
/// transition runs, let 400 virtual ms pass, read the hero state and the haptics, and see a typo'd target refused.
/// `ReadmeExampleTests` runs it against a fresh daemon.
func tapATransaction(socketPath: String = ChoreoSocketPath.resolve()) async throws -> (
    refusal: ChoreoRefusal?, transitioning: JSONValue, haptics: [JSONValue], badTargetCode: Int?
) {
    let client = try await ChoreoClient.connect(socketPath: socketPath)  // the daemon's own path rules by default
    let session = try await client.session(["app": "finpessoal"])
    _ = try await session.call("ui.navigate", ["screen": "transactions"])
    _ = try await session.call("ui.tap", ["target": "transactions/row/t1"])
    // An action the app declines now is a result, not an error (protocol/README.md "Refusals"):
    let again = try await session.call("ui.tap", ["target": "transactions/row/t2"])
    let refusal = ChoreoRefusal(again)  // heroTransitionRunning, no retryAfterMs: its sheet will cover the row
    _ = try await session.advance(ms: 450)
    // false: it ended at 433.3 ms, the spring's 400 ms two frames after the tap (SwiftUI's AnimatorState phases)
    let transitioning = try await session.state("hero.isTransitioning")
    let haptics = try await session.haptics()  // [{t: 0, style: light, source: hero.beginTransition}]
    var badTargetCode: Int?
    do {
        _ = try await session.call("ui.tap", ["target": "nowhere"])
    } catch {
        badTargetCode = error.code  // -32003, with data listing the screen's targets
    }
    try await session.close()
    await client.close()
    return (refusal, transitioning, haptics, badTargetCode)
}
