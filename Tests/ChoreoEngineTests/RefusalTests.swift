import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Testing

/// Issue 16 #20: one refusal shape, and retryAfterMs the least whole number of ms after which the request is accepted.
struct RefusalTests {
    @Test func theResultIsTheOneShapeWithoutRetryAfterWhenWaitingDoesNotHelp() {
        let refusal = Refusal(.atRoot, "already at the root of the navigation stack: nothing to pop")
        #expect(
            refusal.result(now: .milliseconds(5)).json == [
                "refused": true, "reason": "atRoot",
                "message": "already at the root of the navigation stack: nothing to pop",
            ])
    }

    @Test(arguments: [
        // (now ns, accepted from ns, retryAfterMs)
        (0, 1_000_000_000, 1000),  // a whole-ms deadline: exactly that many ms
        (0, 1_715_276_036, 1716),  // a fractional deadline: the next whole ms
        (1_300_000_000, 1_300_000_001, 1),  // accepted just after an instant: one ms
        (1_400_000_000, 2_300_000_001, 901),
        (7, 7, 1),  // what blocks ends now, its timer not fired yet: never 0 (issue 44 #2), 1 ms fires it
    ])
    func retryAfterIsTheLeastWholeMillisecondCount(now: Int64, acceptedFrom: Int64, expected: Int64) {
        let refusal = Refusal(.sheetDismissing, "", acceptedFrom: VirtualTime(nanoseconds: acceptedFrom))
        let ms = refusal.retryAfterMilliseconds(now: VirtualTime(nanoseconds: now))
        #expect(ms == expected)
        if let ms, acceptedFrom > now {
            // Advancing ms reaches the deadline; one ms less does not.
            #expect(now + ms * 1_000_000 >= acceptedFrom)
            #expect(now + (ms - 1) * 1_000_000 < acceptedFrom)
        }
        #expect(refusal.result(now: VirtualTime(nanoseconds: now)).json["retryAfterMs"] == .int(expected))
    }

    @Test func everyReasonHasASummaryForTheDocuments() {
        let reasons = AppCatalog.registry.refusalReasons
        for reason in reasons { #expect(!reason.summary.isEmpty, "\(reason)") }
        // 9 the engine's, 9 FinPessoal's, 2 AirFit's; no code declared twice.
        #expect(reasons.count == 20)
        #expect(Set(reasons.map(\.rawValue)).count == reasons.count)
        #expect(Array(reasons.prefix(9)) == Refusal.Reason.engineReasons)
    }
}
