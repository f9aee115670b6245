import ChoreoEngine
import ChoreoJSON

/// An `app.describe` result as `journey conformance --describe` reads it: each anchor checked as it is read, so an
/// edited file's mistake is named rather than read as something else.
public enum DescribeFile {
    /// What is wrong with a describe file, naming the anchor and the fix.
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// An anchor as `app.describe` serves it.
    public static func anchor(
        from value: JSONValue, curve parse: (JSONValue, String) throws(Error) -> AnimationCurve
    ) throws(Error) -> CodeAnchor {
        guard let name = value["name"]?.stringValue, let type = value["type"]?.stringValue,
            let kind = value["kind"]?.stringValue
        else { throw Error("an anchor needs name, type and kind: \(value.serialized())") }
        let subject: CodeAnchor.Subject
        switch kind {
        case "animation":
            var variants: [CodeAnchor.VariantCurve] = []
            for entry in value["curves"]?.arrayValue ?? [] {
                guard let raw = entry["variant"]?.stringValue, let variant = CodeAnchor.Variant(rawValue: raw) else {
                    throw Error(
                        "anchor \(name): a curve needs a variant (full, reduced, minimal, 120fps, 60fps)")
                }
                // `curve: null` is a variant without animation (instant); a missing key is a mistake, not that.
                guard let json = entry["curve"] else {
                    throw Error(
                        "anchor \(name), variant \(raw): no `curve` key (give the curve, or `\"curve\": null` for a "
                            + "variant that does not animate)")
                }
                var curve: AnimationCurve?
                if json != .null {
                    do { curve = try parse(json, "\(name).curve") } catch { throw Error("anchor \(name): \(error)") }
                }
                variants.append(CodeAnchor.VariantCurve(variant, curve))
            }
            subject = .animation(variants)
        case "haptic":
            subject = .haptic(try Self.styles(value["styles"], anchor: name, key: "styles"))
        case "transition":
            subject = .transition(value["transition"]?.stringValue ?? "")
        default:
            throw Error("anchor \(name): unknown kind \(kind) (animation, haptic, transition)")
        }
        var anchor = CodeAnchor(
            name: name, type: type, member: value["member"]?.stringValue, token: value["token"]?.stringValue,
            section: value["section"]?.stringValue, subject: subject)
        anchor.module = value["module"]?.stringValue
        if let pattern = value["pattern"], pattern != .null {
            anchor.pattern = try Self.styles(pattern, anchor: name, key: "pattern")
        }
        return anchor
    }

    /// A list of haptic styles: each one of ``HapticStyle``'s (an unknown one, `Medium` say, is an error naming the
    /// valid ones, never dropped).
    static func styles(_ value: JSONValue?, anchor: String, key: String) throws(Error) -> [HapticStyle] {
        guard let items = value?.arrayValue else {
            throw Error("anchor \(anchor): `\(key)` must be an array of haptic styles")
        }
        return try items.map { item throws(Error) in
            guard let text = item.stringValue, let style = HapticStyle(rawValue: text) else {
                throw Error(
                    "anchor \(anchor): \(item.serialized()) in `\(key)` is not a haptic style (one of "
                        + HapticStyle.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            return style
        }
    }
}
