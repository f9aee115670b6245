import ChoreoJSON

extension StateShape {
    /// Every path this shape declares, written as the state reference writes them: `sheets.<i>.phase`,
    /// `screens.<screen>.scrollY`. Tours compare it with ``observedPaths(in:at:)`` so no declaration goes untested.
    public func declaredPaths(at path: String) -> Set<String> {
        switch self {
        case .object(let fields):
            var paths: Set<String> = path.isEmpty ? [] : [path]
            for field in fields { paths.formUnion(field.shape.declaredPaths(at: join(path, field.name))) }
            return paths
        case .array(let element): return element.declaredPaths(at: "\(path).<i>").union([path])
        case .map(let key, let element): return element.declaredPaths(at: "\(path).<\(key)>").union([path])
        case .nullable(let inner, _): return inner.declaredPaths(at: path)
        default: return [path]
        }
    }

    /// The declared paths `value` holds a non-null value at, in the notation of ``declaredPaths(at:)``.
    public func observedPaths(in value: JSONValue, at path: String) -> Set<String> {
        if value.isNull { return [] }
        switch self {
        case .object(let fields):
            guard let object = value.objectValue else { return [] }
            var paths: Set<String> = path.isEmpty ? [] : [path]
            for field in fields {
                if let child = object[field.name] {
                    paths.formUnion(field.shape.observedPaths(in: child, at: join(path, field.name)))
                }
            }
            return paths
        case .array(let element):
            let items = value.arrayValue ?? []
            return items.reduce(into: [path]) { $0.formUnion(element.observedPaths(in: $1, at: "\(path).<i>")) }
        case .map(let key, let element):
            let items = value.objectValue?.values.map { $0 } ?? []
            return items.reduce(into: [path]) { $0.formUnion(element.observedPaths(in: $1, at: "\(path).<\(key)>")) }
        case .nullable(let inner, _): return inner.observedPaths(in: value, at: path)
        default: return [path]
        }
    }

    private func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    /// The declared reason a node may be null (`nullable`'s `whenNull`), for a concrete dotted path such as
    /// `celebration.current` or `sheets.0.item`; nil when the path is not declared nullable.
    public func whyNull(at path: String) -> String? {
        var shape = self
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            if case .nullable(let inner, _) = shape { shape = inner }
            switch shape {
            case .object(let fields):
                guard let field = fields.first(where: { $0.name == component }) else { return nil }
                shape = field.shape
            case .array(let element), .map(_, let element):
                shape = element
            default:
                return nil
            }
        }
        if case .nullable(_, let whenNull) = shape { return whenNull }
        return nil
    }
}
