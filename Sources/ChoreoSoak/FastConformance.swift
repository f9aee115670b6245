import ChoreoEngine
import ChoreoJSON

/// Whether a value conforms to a shape, with the same rules as ``StateShape/violations(of:at:)`` but without
/// building paths or messages: the soak checks every state with this and asks `violations` only when it fails
/// (the paths made most of a step's cost).
enum FastConformance {
    static func conforms(_ value: JSONValue, to shape: StateShape) -> Bool {
        switch shape {
        case .bool:
            return value.boolValue != nil
        case .string(let choices):
            guard let string = value.stringValue else { return false }
            return choices?.contains(string) ?? true
        case .number(_, let range):
            guard let number = value.doubleValue, number.isFinite else { return false }
            if let range, number < range.lowerBound - 1e-9 || number > range.upperBound + 1e-9 { return false }
            return true
        case .integer(_, let range):
            guard let integer = value.intValue else { return false }
            return range?.contains(integer) ?? true
        case .array(let element):
            guard let array = value.arrayValue else { return false }
            return array.allSatisfy { conforms($0, to: element) }
        case .object(let fields):
            guard let object = value.objectValue else { return false }
            var matched = 0
            for field in fields {
                guard let child = object[field.name] else {
                    if field.presentWhen == nil { return false }
                    continue
                }
                matched += 1
                if !conforms(child, to: field.shape) { return false }
            }
            // Every key of the object is a declared field (field names are unique).
            return matched == object.count
        case .map(_, let element):
            guard let object = value.objectValue else { return false }
            return object.values.allSatisfy { conforms($0, to: element) }
        case .nullable(let inner, _):
            return value.isNull || conforms(value, to: inner)
        case .any:
            return true
        }
    }

    /// Whether every number in the value is finite.
    static func allFinite(_ value: JSONValue) -> Bool {
        switch value {
        case .double(let number): return number.isFinite
        case .array(let items): return items.allSatisfy(allFinite)
        case .object(let fields): return fields.values.allSatisfy(allFinite)
        default: return true
        }
    }
}
