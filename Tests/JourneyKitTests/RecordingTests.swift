import ChoreoJSON
import Testing

@testable import JourneyKit

/// What `journey record` writes, without a daemon: the YAML of values, the changed state paths, and a journey
/// that the parser reads back step for step.
struct RecordingTests {
    @Test func valuesAreWrittenPlainWhenYAMLReadsThemBackAsTheSameString() {
        #expect(YAMLInline.render("transactions/row/t1") == "transactions/row/t1")
        #expect(YAMLInline.render("Add goal") == "Add goal")
        #expect(YAMLInline.render("Goal completed! New laptop") == "\"Goal completed! New laptop\"")
        for text in ["true", "No", "null", "~", "1.5", "-3", " lead", "trail ", "a: b", "#x", "", "two  spaces"] {
            #expect(YAMLInline.render(.string(text)).hasPrefix("\""), "\(text)")
        }
        #expect(YAMLInline.render(["mode": "reduced", "voiceOver": true]) == "{mode: reduced, voiceOver: true}")
        #expect(YAMLInline.render([1, 0.5, .null]) == "[1, 0.5, null]")
        #expect(YAMLInline.render(["a b": 1, "a:b": 2]) == "{a b: 1, \"a:b\": 2}")
    }

    @Test func changedPathsAreLeavesWithNewMappingsOpenedAndLongListsByLength() {
        let before: JSONValue = [
            "hero": ["progress": 0, "active": .null], "sheet": .null, "gone": 1, "same": [1, 2],
            "list": .array((0..<30).map { .int($0) }),
            "glyphs": .array((0..<20).map { ["opacity": 0, "index": .int($0)] }),
            "few": .array((0..<20).map { .int(1000 * $0) }),
        ]
        let after: JSONValue = [
            "hero": ["progress": 0.5, "active": "t1"], "sheet": ["kind": "detail", "items": [1, 2]], "same": [1, 2],
            "list": .array((0..<31).map { .int($0) }),
            "glyphs": .array((0..<20).map { ["opacity": 1, "index": .int($0)] }),
            "few": .array((0..<20).map { .int($0 == 3 ? 33 : 1000 * $0) }),
        ]
        let changes = StateChanges.leaves(from: before, to: after)
        #expect(
            changes.map(\.path) == [
                "few.3", "glyphs", "gone", "hero.active", "hero.progress", "list", "sheet.items", "sheet.kind",
            ])
        #expect(changes[0].value == 33)
        #expect(changes[1].length == 20)  // every element changed: {len: 20}
        #expect(changes[2].value == nil && changes[2].length == nil)  // {absent: true}
        #expect(changes[4].value == 0.5)
        #expect(changes[5].length == 31)
        #expect(changes[6].value == [1, 2])
    }

    @Test func theWrittenJourneyReadsBackAsTheStepsItStandsFor() {
        let steps = [
            SessionRecorder.Replayed(
                method: "ui.navigate", params: ["screen": "goals"], error: nil, result: [:], haptics: [],
                announcements: []),
            SessionRecorder.Replayed(
                method: "ui.tap", params: ["target": "nowhere"], error: -32003, result: .null, haptics: [],
                announcements: []),
            SessionRecorder.Replayed(
                method: "ui.back", params: [:], error: nil, result: [:], haptics: [["style": "light", "t": 0]],
                announcements: [["text": "Back", "t": 0]]),
            SessionRecorder.Replayed(
                method: "clock.advance", params: ["ms": 250.5], error: nil, result: [:], haptics: [],
                announcements: []),
            SessionRecorder.Replayed(
                method: "clock.settle", params: [:], error: nil, result: ["settled": true], haptics: [],
                announcements: []),
            SessionRecorder.Replayed(
                method: "clock.settle", params: ["timeoutMs": 10], error: nil, result: ["settled": false],
                haptics: [], announcements: []),
            SessionRecorder.Replayed(
                method: "lab.timer", params: ["name": "ding", "afterMs": 5], error: nil, result: [:],
                haptics: [], announcements: []),
        ]
        let yaml = JourneyWriter(
            name: "Recorded", session: "s1", header: [("app", "finpessoal"), ("settings", ["mode": "reduced"])],
            steps: steps, finalPaths: [("hero.progress", 0.5, nil), ("gone", nil, nil), ("list", nil, 31)],
            omittedPaths: ["more.paths"]
        ).yaml
        #expect(yaml.contains("\n  - navigate: goals\n"))
        #expect(yaml.contains("\n  - call: ui.tap\n    params: {target: nowhere}\n    expectError: {code: -32003}\n"))
        #expect(yaml.contains("\n  - back: true\n  - expectHaptics: [{style: light, at: 0}]\n"))
        #expect(yaml.contains("\n  - expectAnnouncements: [{text: Back, at: 0}]\n"))
        #expect(yaml.contains("\n  - advance: 250.5\n  - settle: true\n  - call: clock.settle\n"))
        #expect(yaml.contains("      hero.progress: 0.5\n      gone: {absent: true}\n      list: {len: 31}\n"))
        #expect(yaml.hasSuffix("# Also changed, not checked: more.paths\n"))
        let (journey, problems) = inMemoryParser(["r.yaml": yaml]).check(file: "r.yaml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(journey?.session["settings"] == ["mode": "reduced"])
        #expect(
            journey?.steps.map(\.name) == [
                "call", "call", "call", "expectHaptics", "expectAnnouncements", "advance", "settle", "call", "call",
                "expectHaptics", "expectAnnouncements", "expect",
            ])
    }
}
