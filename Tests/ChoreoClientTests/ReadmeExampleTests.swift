import ChoreoClient
import Testing

@Suite("README example", .enabled(if: Daemon.binary != nil, Daemon.missing), .timeLimit(.minutes(1)))
struct ReadmeExampleTests {
    /// What the README's comments say the example gets, checked against a real daemon.
    @Test func theReadmeExampleGetsWhatItsCommentsSay() async throws {
        let result = try await Daemon.run { socket in try await tapATransaction(socketPath: socket) }
        #expect(result.refusal?.reason == "heroTransitionRunning")
        #expect(result.refusal?.retryAfterMs == nil)
        #expect(result.transitioning == false)
        #expect(result.haptics.count == 1)
        #expect(result.haptics.first?["t"] == 0)
        #expect(result.haptics.first?["style"] == "light")
        #expect(result.haptics.first?["source"] == "hero.beginTransition")
        #expect(result.badTargetCode == -32003)
    }
}
