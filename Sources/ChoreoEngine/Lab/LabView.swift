import ChoreoJSON

/// The lab as the state tree shows it (`lab`): its values by name and its pending timers. One declaration gives its
/// JSON, its text and its shape in the schema (``EngineSchema/lab``).
struct LabView: StateObject {
    /// Each value by name, at the current virtual time.
    var values: LabValues
    /// The timers still pending, earliest first.
    var timers: [LabTimerView]

    static let fields: [StateProperty<LabView>] = [
        StateProperty(
            "values", \.values, .map(key: "NAME", .number("any")),
            "Each lab value by name (`lab.set`, `lab.animate`), at the current virtual time."),
        StateProperty("timers", \.timers, .array(LabTimerView.shape), "Lab timers still pending, earliest first."),
    ]
}

/// A pending lab timer in the state tree.
struct LabTimerView: StateObject {
    /// The timer's id.
    var id: Int64
    /// The name `lab.timer` gave it.
    var name: String
    /// When it fires, in virtual milliseconds.
    var at: Double

    static let fields: [StateProperty<LabTimerView>] = [
        StateProperty("id", \.id, .integer("timer id", 1...Int64.max), "The timer's id."),
        StateProperty("name", \.name, .text, "The name `lab.timer` gave it."),
        StateProperty("at", \.at, .milliseconds, "When it fires, in virtual ms."),
    ]
}

/// The lab's values by name, in key order: written as an object without sorting them again.
struct LabValues: StateValue {
    /// Each value's name, as a key, and its value now.
    var entries: [(key: JSONKey, value: Double)]

    var json: JSONValue {
        var object: [String: JSONValue] = Dictionary(minimumCapacity: entries.count)
        for (key, value) in entries { object[key.name] = .number(value) }
        return .object(object)
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        for (key, value) in entries {
            writer.key(key)
            writer.number(value)
        }
        writer.endObject()
    }
}
