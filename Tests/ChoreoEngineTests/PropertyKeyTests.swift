import ChoreoEngine
import ChoreoJSON
import Testing

/// Reading animated properties by ``PropertyKey``: a never-set key without a declared initial value has no value
/// (and reading it is a programmer error), a declared initial value is read until the first change, and set and
/// animate are read back.
struct PropertyKeyTests {
    /// A fresh session's world, at time 0, to change freely.
    func freshWorld() throws -> World {
        try Simulation.labOnly().world
    }

    @Test func aKeyNeverSetAndWithoutInitialHasNoValue() throws {
        let world = try freshWorld()
        let key = PropertyKey("test.never")
        #expect(world.valueIfKnown(key) == nil)
        #expect(world.targetIfKnown(key) == nil)
    }

    @Test func readingAKeyNeverSetAndWithoutInitialStopsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let world = try Simulation.labOnly().world
            _ = world.value(PropertyKey("test.never"))
        }
    }

    @Test func aDeclaredInitialValueIsReadUntilTheFirstChange() throws {
        var world = try freshWorld()
        let key = PropertyKey("test.declared", initial: 0.75)
        #expect(world.value(key) == 0.75)
        #expect(world.valueIfKnown(key) == 0.75)
        #expect(world.target(key) == 0.75)
        #expect(world.velocity(key) == 0)
        world.set(key, to: 2)
        #expect(world.value(key) == 2)
        #expect(world.target(key) == 2)
    }

    @Test func aSetValueIsReadBack() throws {
        var world = try freshWorld()
        let key = PropertyKey("test.set")
        world.set(key, to: -3.5)
        #expect(world.value(key) == -3.5)
        #expect(world.valueIfKnown(key) == -3.5)
        #expect(world.target(key) == -3.5)
        #expect(world.velocity(key) == 0)
    }

    @Test func anAnimationIsReadBackAndTraced() throws {
        var world = try freshWorld()
        let key = PropertyKey("test.animated")
        let record = world.animate(key, from: 2, to: 12, curve: .linear(2), source: "test")
        #expect(record.path == "test.animated")
        #expect(world.value(key) == 2)
        #expect(world.target(key) == 12)
        // Linear over 2 s: 10 units in 2 s, 5 units per second.
        #expect(abs(world.velocity(key) - 5) < 1e-9)
        let started = try #require(world.trace.last)
        #expect(started.kind == "animation.started")
        #expect(started.fields["path"] == .string("test.animated"))
    }

    @Test func anAnimationWithoutFromStartsAtTheDeclaredInitialValue() throws {
        var world = try freshWorld()
        let declared = world.animate(
            PropertyKey("test.declaredStart", initial: 1), to: 3, curve: .linear(1), source: "test")
        #expect(declared.from == 1)
        // Without a declared initial value there is nowhere to start from: the property appears at its target.
        let undeclared = world.animate(PropertyKey("test.undeclaredStart"), to: 3, curve: .linear(1), source: "test")
        #expect(undeclared.from == 3)
    }

    @Test func keysAreEqualByPath() {
        #expect(PropertyKey("a.b", initial: 1) == PropertyKey("a.b"))
        #expect(PropertyKey("a.b") != PropertyKey("a.c"))
        #expect(Set([PropertyKey("a.b", initial: 1), PropertyKey("a.b")]).count == 1)
        #expect(PropertyKey("a.b").description == "a.b")
    }

    @Test func labValuesAreDeclaredZeroUntilFirstSet() throws {
        var sim = try Simulation.labOnly()
        let key = PropertyKey("lab.values.x")
        // The lab creates the property when it first names the value.
        #expect(sim.world.valueIfKnown(key) == nil)
        _ = try sim.perform(Lab.Request.animate(name: "x", from: nil, to: 4, curve: .linear(1)))
        #expect(sim.world.timeline.records.last?.from == 0)
        _ = try sim.perform(Lab.Request.set(name: "x", value: 9))
        #expect(sim.world.value(key) == 9)
    }
}
