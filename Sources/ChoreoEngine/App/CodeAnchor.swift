import ChoreoJSON

/// Where an animation or a haptic the app declares lives in the app's Swift code: the owning type as the design names
/// it, the member or token that holds it, and the model's value in each mode. `app.describe` serves the anchors;
/// `journey conformance` finds each one in the app's sources (or a design document's Swift blocks) and compares.
public struct CodeAnchor: Sendable, Hashable {
    /// The model's name: an animation's (as `motion.audit` and `animations.list` name it) or a haptic source's.
    public var name: String
    /// The Swift type that owns it, e.g. `HeroTransitionLink` (a struct, class, enum or an extension of it).
    public var type: String
    /// The module that declares ``type`` (a SwiftPM target, the folder under `Sources/`, or an app folder), when a
    /// type of that name is declared in more than one (nil: the only one that does).
    public var module: String?
    /// The member of ``type`` that holds it, when the design shows one, e.g. `beginTransition` (nil: anywhere in the
    /// type).
    public var member: String?
    /// A static token or helper elsewhere in the module that defines the curve, `Type.member`, e.g.
    /// `AnimationEngine.adaptiveHeroTransition`: checked where it is defined, and a use of it in ``type`` counts as
    /// this anchor's.
    public var token: String?
    /// The heading of a design document's section whose Swift blocks show it outside any type (`--markdown`), e.g.
    /// `Haptic Feedback Hierarchy`.
    public var section: String?
    /// What the model does there.
    public var subject: Subject
    /// For a haptic pattern, the styles in the order they play (`light, light, medium`): checked against the calls
    /// of the `switch` case named after the anchor, in the order they are written.
    public var pattern: [HapticStyle]?

    /// What an anchor holds.
    public enum Subject: Sendable, Hashable {
        /// An animation: its curve in each variant (nil: the change is instant), the first variant the full-mode
        /// (120 fps) one.
        case animation([VariantCurve])
        /// A haptic source: the styles it plays.
        case haptic([HapticStyle])
        /// A view transition (`.transition(…)`), as Swift spells it, e.g. `.opacity.combined(with: .offset(y: 12))`.
        case transition(String)
    }

    /// The conditions a code site selects a curve by: the animation mode or the display's frame rate.
    public enum Variant: String, Sendable, Hashable, CaseIterable {
        case full, reduced, minimal
        case fps120 = "120fps"
        case fps60 = "60fps"

        /// The variant of an animation mode.
        public init(_ mode: AnimationMode) {
            switch mode {
            case .full: self = .full
            case .reduced: self = .reduced
            case .minimal: self = .minimal
            }
        }
    }

    /// An animation's curve in one variant; nil when the variant changes the value without animating.
    public struct VariantCurve: Sendable, Hashable {
        public var variant: Variant
        public var curve: AnimationCurve?

        public init(_ variant: Variant, _ curve: AnimationCurve?) {
            self.variant = variant
            self.curve = curve
        }
    }

    public init(
        name: String, type: String, member: String? = nil, token: String? = nil, section: String? = nil,
        subject: Subject
    ) {
        self.name = name
        self.type = type
        self.member = member
        self.token = token
        self.section = section
        self.subject = subject
    }

    /// An animation that runs one curve whatever the mode.
    public static func animation(
        _ name: String, type: String, member: String? = nil, token: String? = nil, section: String? = nil,
        curve: AnimationCurve
    ) -> CodeAnchor {
        CodeAnchor(
            name: name, type: type, member: member, token: token, section: section,
            subject: .animation([VariantCurve(.full, curve)]))
    }

    /// An animation whose curve depends on the animation mode (full, reduced, minimal).
    public static func animation(
        _ name: String, type: String, member: String? = nil, token: String? = nil, section: String? = nil,
        byMode curve: (AnimationMode) -> AnimationCurve?
    ) -> CodeAnchor {
        CodeAnchor(
            name: name, type: type, member: member, token: token, section: section,
            subject: .animation(AnimationMode.allCases.map { VariantCurve(Variant($0), curve($0)) }))
    }

    /// An animation tuned to the frame rate (120 fps, then 60 fps).
    public static func animation(
        _ name: String, type: String, member: String? = nil, token: String? = nil, section: String? = nil,
        byFrameRate curve: (Int) -> AnimationCurve
    ) -> CodeAnchor {
        CodeAnchor(
            name: name, type: type, member: member, token: token, section: section,
            subject: .animation([VariantCurve(.fps120, curve(120)), VariantCurve(.fps60, curve(60))]))
    }

    /// `animation`, `haptic` or `transition`.
    public var kind: String {
        switch subject {
        case .animation: "animation"
        case .haptic: "haptic"
        case .transition: "transition"
        }
    }

    /// The anchor as `app.describe` serves it.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "kind": .string(kind), "type": .string(type),
            "member": member.map(JSONValue.string) ?? .null, "token": token.map(JSONValue.string) ?? .null,
            "section": section.map(JSONValue.string) ?? .null,
        ]
        if let module { object["module"] = .string(module) }
        switch subject {
        case .animation(let variants):
            object["curves"] = .array(
                variants.map {
                    [
                        "variant": .string($0.variant.rawValue), "curve": $0.curve?.json ?? .null,
                        "swift": .string($0.curve?.swiftSpelling ?? "nil"),
                    ]
                })
        case .haptic(let styles):
            object["styles"] = .array(styles.map { .string($0.rawValue) })
            if let pattern { object["pattern"] = .array(pattern.map { .string($0.rawValue) }) }
        case .transition(let transition):
            object["transition"] = .string(transition)
        }
        return .object(object)
    }

    /// The model's value as the report prints it: the curve of each variant, the styles, or the transition.
    public var modelDescription: String {
        switch subject {
        case .animation(let variants):
            if variants.count == 1, variants[0].variant == .full { return variants[0].curve?.swiftSpelling ?? "nil" }
            return variants.map { "\($0.variant.rawValue): \($0.curve?.swiftSpelling ?? "nil")" }
                .joined(separator: "; ")
        case .haptic(let styles):
            if let pattern { return "pattern " + pattern.map(\.rawValue).joined(separator: ", ") }
            return styles.map(\.rawValue).joined(separator: ", ")
        case .transition(let transition): return transition
        }
    }
}
