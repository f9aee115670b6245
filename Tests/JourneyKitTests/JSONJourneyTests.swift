import Testing

@testable import JourneyKit

/// A `.json` journey is read as JSON (issue 46 #3): what YAML's flow syntax forgives is refused at its line.
struct JSONJourneyTests {
    @Test func aTrailingCommaInAJSONJourneyIsRefusedAtItsLine() {
        let text = "{\"journey\": \"x\",\n \"steps\": [\n  {\"advance\": 10},\n ]\n}\n"
        let parser = inMemoryParser(["a.json": text, "a.yaml": text])
        let (journey, problems) = parser.check(file: "a.json")
        #expect(journey == nil)
        // At the comma's line (3), where the fix is, not at the `]` jansson stops on (4).
        #expect(problems.first?.line == 3, "\(problems)")
        #expect(problems.first?.message.contains("a trailing comma") == true, "\(problems)")
        #expect(problems.first?.message.contains("not valid JSON") == true, "\(problems)")
        // The same text as YAML is a flow mapping, and YAML allows the comma.
        #expect(parser.check(file: "a.yaml").problems.isEmpty)
        let strict = inMemoryParser(["b.json": "{\"journey\": \"x\", \"steps\": [{\"advance\": 10}]}"])
        #expect(strict.check(file: "b.json").problems.isEmpty)
    }
}
