import ChoreoClient
import ChoreoJSON
import Testing

/// Issue 16 #20: a client tells the one refusal shape from what an action did.
struct ChoreoRefusalTests {
    @Test func aRefusalIsReadWithItsRetryAfter() {
        let result: JSONValue = [
            "refused": true, "reason": "sheetDismissing", "retryAfterMs": 1716,
            "message": "the detail sheet is being dismissed and is gone at 3115.276036 ms: advance the clock 1716 ms",
        ]
        let refusal = ChoreoRefusal(result)
        #expect(refusal?.reason == "sheetDismissing")
        #expect(refusal?.retryAfterMs == 1716)
        #expect(refusal?.message.hasPrefix("the detail sheet") == true)
    }

    @Test func aRefusalWithoutRetryAfterAndAnActionsOwnResultsAreTold() {
        #expect(ChoreoRefusal(["refused": true, "reason": "atRoot", "message": "nothing to pop"])?.retryAfterMs == nil)
        #expect(ChoreoRefusal(["screen": "chat", "gradient": "mintAqua"]) == nil)
        #expect(ChoreoRefusal(["popped": false]) == nil)
        #expect(ChoreoRefusal(.null) == nil)
    }
}
