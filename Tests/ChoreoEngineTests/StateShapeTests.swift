import ChoreoApps
import ChoreoEngine
import ChoreoJSON
import Testing

@Suite struct StateShapeTests {
    let shape = StateShape.object([
        StateField("phase", .string(choices: ["presenting", "presented"]), "The phase."),
        StateField("progress", .fraction, "Progress."),
        StateField("count", .integer("items", 0...10), "How many."),
        StateField("item", .nullable(.text, whenNull: "for isPresented sheets"), "The item."),
        StateField("hint", .text, "A hint.", presentWhen: "hero links"),
        StateField("list", .array(.bool), "Flags."),
    ])

    @Test func aConformingValueHasNoViolations() {
        let value: JSONValue = ["phase": "presented", "progress": 0.5, "count": 3, "item": .null, "list": [true]]
        #expect(shape.violations(of: value, at: "sheet") == [])
    }

    @Test func eachDepartureIsNamedWithItsPath() {
        let value: JSONValue = [
            "phase": "gone", "progress": 1.5, "count": 2.5, "item": 3, "list": [1], "extra": true,
        ]
        #expect(
            shape.violations(of: value, at: "sheet") == [
                "sheet.extra: not declared in the state schema",
                "sheet.phase: expected one of [\"presenting\", \"presented\"], got \"gone\"",
                "sheet.progress: expected a number in 0.0...1.0, got 1.5",
                "sheet.count: expected a whole number, got 2.5",
                "sheet.item: expected a string, got 3",
                "sheet.list.0: expected true or false, got 1",
            ])
    }

    @Test func anAlwaysPresentFieldThatIsMissingIsAViolation() {
        let value: JSONValue = ["phase": "presented", "progress": 0, "count": 0, "item": "t1"]
        #expect(shape.violations(of: value, at: "") == ["list: missing (declared as always present)"])
    }

    @Test func hapticSourcePatternsMatchOneComponentPerStar() {
        let source = HapticSource("lab.timer.*", [.light], "")
        #expect(source.matches("lab.timer.tick"))
        #expect(!source.matches("lab.timer"))
        #expect(!source.matches("lab.timer.a.b"))
        #expect(!source.matches("lab.other.tick"))
    }

    @Test func theEngineDeclaresTheSettingsTheLabAndItsOwnEvents() throws {
        var sim = try Simulation(config: .idealPhysics)
        _ = try sim.perform(Lab.Request.set(name: "x", value: 2))
        _ = try sim.perform(Lab.Request.timer(name: "t", after: VirtualTime(milliseconds: 5)!, haptic: .light))
        _ = try sim.advance(to: VirtualTime(milliseconds: 10)!, maxEvents: 100)
        let state = try #require(sim.state().objectValue)
        let engineOnly = StateShape.object([EngineSchema.settings, EngineSchema.lab])
        let found = engineOnly.violations(of: ["settings": state["settings"]!, "lab": state["lab"]!], at: "")
        #expect(found == [])
        let undeclared = sim.schemaViolations(state: [], traceEvents: [], hapticSources: [])
        #expect(undeclared.contains("hero: not declared in the state schema"))  // the app's own nodes
        #expect(!undeclared.contains { $0.hasPrefix("lab") || $0.hasPrefix("settings") })
        #expect(!undeclared.contains { $0.contains("haptic source `lab.timer.t`") })
    }
}

@Suite struct StateShapeCoverageTests {
    let shape = StateShape.object([
        StateField("sheets", .array(.object([StateField("phase", .text, "")])), ""),
        StateField("screens", .map(key: "screen", .object([StateField("y", .number("pt"), "")])), ""),
        StateField("item", .nullable(.text, whenNull: ""), ""),
    ])

    @Test func declaredPathsUseTheReferenceNotation() {
        #expect(
            shape.declaredPaths(at: "") == [
                "sheets", "sheets.<i>", "sheets.<i>.phase", "screens", "screens.<screen>", "screens.<screen>.y", "item",
            ])
    }

    @Test func observedPathsSkipNullsAndEmptyCollectionsChildren() {
        let value: JSONValue = ["sheets": [], "screens": ["a": ["y": 1]], "item": .null]
        #expect(
            shape.observedPaths(in: value, at: "") == ["sheets", "screens", "screens.<screen>", "screens.<screen>.y"])
    }
}

@Suite struct StateShapeWhyNullTests {
    let shape = StateShape.object([
        StateField("current", .nullable(.object([StateField("x", .number("pt"), "")]), whenNull: "nothing plays"), ""),
        StateField("sheets", .array(.object([StateField("item", .nullable(.text, whenNull: "no item"), "")])), ""),
    ])

    @Test func theDeclaredReasonIsFoundThroughObjectsAndArrays() {
        #expect(shape.whyNull(at: "current") == "nothing plays")
        #expect(shape.whyNull(at: "sheets.3.item") == "no item")
        #expect(shape.whyNull(at: "sheets") == nil)
        #expect(shape.whyNull(at: "missing") == nil)
    }
}
