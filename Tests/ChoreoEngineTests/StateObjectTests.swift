import ChoreoEngine
import ChoreoJSON
import Testing

/// A node declared field by field gives its JSON, its shape and its animated properties from one list.
@Suite struct StateObjectTests {
    struct Knob: StateObject {
        var target: String
        var value: Double
        var label: String?

        func animatedProperties(at path: ArraySlice<String>) -> [String]? { ["knob.\(target)"] }

        static let fields: [StateProperty<Knob>] = [
            StateProperty("target", \.target, .text, "Its target."),
            StateProperty("value", \.value, .fraction, "Its value.", animates: ["knob.value"]),
            StateProperty("label", \.label, .text, "Its label.", presentWhen: "labelled knobs"),
        ]
    }

    struct Panel: StateObject {
        var serial: Int
        var open: Bool
        var knobs: [Knob]
        var detail: Knob?

        var animatedProperties: [String]? { ["panel.\(serial)"] }

        static let fields: [StateProperty<Panel>] = [
            StateProperty("open", \.open, .bool, "Whether it is open.", animatesWith: { ["panel.\($0.serial).open"] }),
            .group(
                "status", "A group read from the panel.",
                [StateProperty("serial", \.serial, .integer("serial"), "Its serial.", animates: ["panel.serial"])]),
            StateProperty("knobs", \.knobs, .array(Knob.shape), "Its knobs."),
            StateProperty(
                "detail", \.detail, .nullable(Knob.shape, whenNull: "no detail"), "The detail knob.",
                animates: ["panel.detail"]),
        ]
    }

    static let panel = Panel(
        serial: 3, open: true, knobs: [Knob(target: "a/b", value: 0.5, label: "A"), Knob(target: "c", value: 1)],
        detail: nil)

    @Test func theJSONComesFromTheFieldsAndAnAbsentOptionalFieldIsLeftOut() {
        #expect(
            Self.panel.json.serialized()
                == #"{"detail":null,"knobs":[{"label":"A","target":"a/b","value":0.5},{"target":"c","value":1}],"#
                + #""open":true,"status":{"serial":3}}"#)
    }

    @Test func theShapeListsEveryFieldWithItsPresence() {
        guard case .object(let fields) = Knob.shape else {
            Issue.record("a StateObject's shape is an object")
            return
        }
        #expect(fields.map(\.name) == ["target", "value", "label"])
        #expect(fields.map(\.presentWhen) == [nil, nil, "labelled knobs"])
    }

    @Test func animatedPropertiesFollowTheDeclarations() {
        let panel = Self.panel
        #expect(panel.animatedProperties(at: []) == ["panel.3"], "the node as a whole")
        #expect(panel.animatedProperties(at: ["open"]) == ["panel.3.open"], "from the value")
        #expect(panel.animatedProperties(at: ["status", "serial"]) == ["panel.serial"], "inside a group")
        #expect(panel.animatedProperties(at: ["status"]) == nil, "a group that names none")
        #expect(panel.animatedProperties(at: ["knobs", "1", "target"]) == ["knob.c"], "an element by index")
        #expect(panel.animatedProperties(at: ["knobs", "a/b", "value"]) == ["knob.a/b"], "an element by target")
        #expect(panel.animatedProperties(at: ["knobs", "7"]) == nil, "past the end")
        #expect(panel.animatedProperties(at: ["nothing"]) == nil)
        #expect(panel.animatedProperties(at: ["detail"]) == ["panel.detail"], "a null node's own")
    }

    @Test func belowANullNodeOnlyWhatTheDeclarationsNameWithoutAValueIsFound() {
        let none: Knob? = nil
        #expect(none.animatedProperties(at: ["value"]) == ["knob.value"])
        #expect(none.animatedProperties(at: ["target"]) == nil)
        #expect(Optional(Knob(target: "x", value: 0)).animatedProperties(at: ["target"]) == ["knob.x"])
    }

    @Test func aPartsFieldsReadThroughTheWhole() {
        struct Wrapper: StateObject {
            var knob: Knob
            var extra: Bool
            static let fields =
                Knob.fields.map { $0.reading(\Wrapper.knob) } + [StateProperty("extra", \.extra, .bool, "Extra.")]
        }
        let wrapped = Wrapper(knob: Knob(target: "t", value: 0.25), extra: false)
        #expect(wrapped.json.serialized() == #"{"extra":false,"target":"t","value":0.25}"#)
        #expect(wrapped.animatedProperties(at: ["value"]) == ["knob.value"])
    }
}
