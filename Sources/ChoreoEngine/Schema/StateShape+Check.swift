import ChoreoJSON

extension StateShape {
    /// Every way `value` departs from this shape, each as `path: what is wrong` (empty when it conforms).
    public func violations(of value: JSONValue, at path: String) -> [String] {
        func fail(_ what: String) -> [String] {
            ["\(path.isEmpty ? "(root)" : path): \(what), got \(value.serialized())"]
        }
        switch self {
        case .bool:
            return value.boolValue == nil ? fail("expected true or false") : []
        case .string(let choices):
            guard let string = value.stringValue else { return fail("expected a string") }
            if let choices, !choices.contains(string) { return fail("expected one of \(choices)") }
            return []
        case .number(_, let range):
            guard let number = value.doubleValue, number.isFinite else { return fail("expected a finite number") }
            if let range, number < range.lowerBound - 1e-9 || number > range.upperBound + 1e-9 {
                return fail("expected a number in \(range.lowerBound)...\(range.upperBound)")
            }
            return []
        case .integer(_, let range):
            guard let integer = value.intValue else { return fail("expected a whole number") }
            if let range, !range.contains(integer) { return fail("expected a whole number in \(range)") }
            return []
        case .array(let element):
            guard let array = value.arrayValue else { return fail("expected an array") }
            return array.enumerated().flatMap { element.violations(of: $1, at: "\(path).\($0)") }
        case .object(let fields):
            guard let object = value.objectValue else { return fail("expected an object") }
            var found: [String] = []
            let declared = Set(fields.map(\.name))
            for key in object.keys.sorted() where !declared.contains(key) {
                found.append("\(path.isEmpty ? key : "\(path).\(key)"): not declared in the state schema")
            }
            for field in fields {
                let child = path.isEmpty ? field.name : "\(path).\(field.name)"
                guard let value = object[field.name] else {
                    if field.presentWhen == nil { found.append("\(child): missing (declared as always present)") }
                    continue
                }
                found += field.shape.violations(of: value, at: child)
            }
            return found
        case .map(_, let shape):
            guard let object = value.objectValue else { return fail("expected an object") }
            return object.keys.sorted().flatMap { shape.violations(of: object[$0]!, at: "\(path).\($0)") }
        case .nullable(let shape, _):
            return value.isNull ? [] : shape.violations(of: value, at: path)
        case .any:
            return []
        }
    }
}
