/// Where a declared animation or haptic lives in the app's Swift code, as the design names it: the owning type, and
/// the member, token, design section or module that narrow it down (``CodeAnchor`` says what each one means).
public struct CodeSite: Sendable, Hashable {
    /// The Swift type that owns it, e.g. `HeroTransitionLink`.
    public var type: String
    /// The member of ``type`` that holds it (nil: anywhere in the type).
    public var member: String?
    /// A static token or helper that defines the curve, `Type.member`.
    public var token: String?
    /// The heading of a design document's section whose Swift blocks show it outside any type.
    public var section: String?
    /// The module that declares ``type``, when several do.
    public var module: String?

    public init(
        _ type: String, member: String? = nil, token: String? = nil, section: String? = nil, module: String? = nil
    ) {
        self.type = type
        self.member = member
        self.token = token
        self.section = section
        self.module = module
    }

    /// The anchor of `name` at this site holding `subject`.
    func anchor(_ name: String, _ subject: CodeAnchor.Subject, pattern: [HapticStyle]? = nil) -> CodeAnchor {
        var anchor = CodeAnchor(
            name: name, type: type, member: member, token: token, section: section, subject: subject)
        anchor.module = module
        anchor.pattern = pattern
        return anchor
    }
}
