import ChoreoJSON
import Testing

/// Issue 17 #6: a path below a node that is null now is answered with that fact and the declared reason.
@Suite struct NullPathTests {
    @Test func aPathBelowANullNodeNamesItAndWhy() {
        var h = Harness()
        let session = h.session()
        let error = h.call("state.get", ["session": .string(session), "path": "celebration.current.opacity"])
        #expect(error["code"] == -32002)
        #expect(error["data"]?["validPrefix"] == "celebration.current")
        #expect(error["data"]?["null"] == true)
        #expect(error["data"]?["nullBecause"] == "no celebration is playing")
        #expect(error["data"]?["keys"] == [])
    }

    @Test func aMisspeltKeyIsStillAnUnknownPathWithTheKeysThatExist() {
        var h = Harness()
        let session = h.session()
        let error = h.call("state.get", ["session": .string(session), "path": "hero.progres"])
        #expect(error["data"]?["null"] == nil)
        #expect(error["data"]?["keys"]?.arrayValue?.contains("progress") == true)
    }
}
