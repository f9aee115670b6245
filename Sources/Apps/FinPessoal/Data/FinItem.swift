import ChoreoEngine
import ChoreoJSON

/// One item of a FinPessoal list (`protocol/finpessoal-data.md`): its `id`, the fields the model reads, typed, and
/// every other field kept as the data gave it, so `state.get data` shows the item back as it came.
///
/// An item type only declares its fields (``numberFields``, ``stringFields``); reading, validating and writing
/// back are done here once for every list.
public protocol FinItem: Sendable, Hashable {
    /// The key of the item's list in the data (`"goals"`).
    static var list: String { get }
    /// The fields that must be numbers when present, in the order they are checked, with the property that holds
    /// each.
    static var numberFields: KeyValuePairs<String, WritableKeyPath<Self, Double?>> { get }
    /// The text fields the item types, with the property that holds each. A value that is not a string is not
    /// refused: it stays in ``extra``, as given, and the property is `nil`.
    static var stringFields: KeyValuePairs<String, WritableKeyPath<Self, String?>> { get }
    /// The text field labels show (`name`, or a transaction's `description`).
    static var labelField: KeyPath<Self, String?> { get }

    /// The item's id: not empty, without `/`, unique within its list.
    var id: String { get }
    /// The fields the model does not type (or whose value is not of the type it reads), as the data gave them.
    var extra: [String: JSONValue] { get set }

    /// An item with this id and no other field.
    init(id: String)

    /// Checks what the item's fields mean together, once they are read; `path` is the item's path in the request
    /// (`data.goals.0`). Nothing by default.
    static func check(_ item: Self, path: String) throws(SimulationError)
}

extension FinItem {
    public static func check(_ item: Self, path: String) throws(SimulationError) {}
}

extension FinItem {
    /// The text labels show: the label field, or the id when the item has none.
    public var label: String { self[keyPath: Self.labelField] ?? id }

    /// The item as JSON: its other fields as given, with the id and the typed fields written over them.
    public var json: JSONValue {
        var object = extra
        object["id"] = .string(id)
        for (key, path) in Self.numberFields {
            if let number = self[keyPath: path] { object[key] = .exactNumber(number) }
        }
        for (key, path) in Self.stringFields {
            if let text = self[keyPath: path] { object[key] = .string(text) }
        }
        return .object(object)
    }

    /// Reads a list from `session.create`'s `data`, checking it as `protocol/finpessoal-data.md` says: an array of
    /// objects, each with a non-empty string id without `/`, unique in the list, and its number fields numbers.
    /// - Parameter parameter: the list's path in the request (`data.goals`); problems name paths below it.
    /// - Throws: ``SimulationError/invalidValue(parameter:expected:)`` for the first problem, in item order.
    static func items(from value: JSONValue, parameter: String) throws(SimulationError) -> [Self] {
        guard let elements = value.arrayValue else {
            throw .invalidValue(parameter: parameter, expected: "an array of objects with a string id")
        }
        var seen = Set<String>()
        var items: [Self] = []
        for (index, element) in elements.enumerated() {
            let path = "\(parameter).\(index)"
            let item = try item(from: element, path: path)
            guard seen.insert(item.id).inserted else {
                throw .invalidValue(parameter: "\(path).id", expected: "unique within \(list) ('\(item.id)' repeats)")
            }
            items.append(item)
        }
        return items
    }
}

extension FinItem {
    /// Reads one item (an object with a non-empty string id without `/` and its number fields numbers), checked as
    /// ``items(from:parameter:)`` checks each; problems name paths below `path`.
    static func item(from element: JSONValue, path: String) throws(SimulationError) -> Self {
        guard var fields = element.objectValue, let id = fields.removeValue(forKey: "id")?.stringValue,
            !id.isEmpty, !id.contains("/")
        else {
            throw .invalidValue(parameter: "\(path).id", expected: "a non-empty string without '/'")
        }
        var item = Self(id: id)
        for (key, property) in numberFields {
            guard let value = fields.removeValue(forKey: key) else { continue }
            guard let number = value.doubleValue else {
                throw .invalidValue(parameter: "\(path).\(key)", expected: "a number")
            }
            item[keyPath: property] = number
        }
        for (key, property) in stringFields {
            guard let text = fields[key]?.stringValue else { continue }
            fields[key] = nil
            item[keyPath: property] = text
        }
        item.extra = fields
        try check(item, path: path)
        // After the item's own rules (a goal's tighter range speaks first): no number past what any request
        // may carry, so nothing computed from the data leaves the reportable range.
        for (key, property) in numberFields where abs(item[keyPath: property] ?? 0) > FinAmount.largest {
            throw .invalidValue(parameter: "\(path).\(key)", expected: FinAmount.expected)
        }
        return item
    }
}

extension Array where Element: FinItem {
    /// The ids of the items, in order.
    public var ids: [String] { map(\.id) }

    /// The position of the item with this id.
    public func index(id: String) -> Int? { firstIndex { $0.id == id } }

    /// The item with this id.
    public func item(id: String) -> Element? { first { $0.id == id } }
}

/// The bound on every number of the session's data: what any request may carry (±10¹⁵), so that nothing the model
/// computes from the data leaves the range a reply may report.
enum FinAmount {
    /// The largest magnitude a number of the data may have.
    static let largest = 1e15
    /// What a number past it is told.
    static let expected = "a number from -1e15 to 1e15"
}
