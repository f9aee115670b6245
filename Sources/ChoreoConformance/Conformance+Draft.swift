import ChoreoEngine
import ChoreoJSON
import ChoreoMotion
import SwiftSyntax

/// `journey conformance --init`: a team's first anchors, drafted from the motion and haptic sites its code has.
public struct AnchorDraft: Sendable {
    /// The drafted anchors, each as the code states it (the owning type, its module when the name is not unique,
    /// the member, the curve per variant, the styles, the transition).
    public var anchors: [CodeAnchor]
    /// Sites left out, each with why (a value known only at run time, a delay that repeats with every pass).
    public var leftOut: [String]

    /// The draft as an `app.describe` result: what `--describe` reads.
    public func json(app: String) -> JSONValue {
        ["app": .string(app), "anchors": .array(anchors.map(\.json))]
    }
}

extension Conformance {
    /// Drafts an anchor for each motion site of each type (`types`: only those; nil: every type that has one),
    /// one per distinct curve or transition of a member and one per member for its haptic styles, then keeps only
    /// what conforms as drafted, so the draft checked unedited against the same code passes.
    public func draft(types: [String]? = nil) -> AnchorDraft {
        var anchors: [CodeAnchor] = []
        var leftOut: [String] = []
        var names = Set<String>()
        for (type, module) in draftedTypes(types) {
            let unique = corpus.declaringModules(of: type).count <= 1
            let scope = scope(of: type, module: unique ? nil : module)
            var groups: [(member: String?, sites: [CodeSite])] = []
            var groupOfMember: [String?: Int] = [:]
            for site in liveSites(ofType: type, in: scope.entries) {
                if let index = groupOfMember[site.member] {
                    groups[index].sites.append(site)
                } else {
                    groupOfMember[site.member] = groups.count
                    groups.append((site.member, [site]))
                }
            }
            let prefix = (unique ? "" : Self.lowerFirst(module) + ".") + Self.lowerFirst(type)
            func name(_ base: String) -> String {
                var candidate = base
                var count = 2
                while names.contains(candidate) {
                    candidate = "\(base).\(count)"
                    count += 1
                }
                names.insert(candidate)
                return candidate
            }
            for group in groups {
                let base = prefix + (group.member.map { ".\($0)" } ?? "")
                var spelled = Set<String>()
                var styles: [HapticStyle] = []
                for site in group.sites {
                    switch site.value {
                    case .haptic(let style, _):
                        if !styles.contains(style) { styles.append(style) }
                    case .transition(let text, _):
                        guard spelled.insert("transition " + TransitionSpelling.canonical(text)).inserted else {
                            continue
                        }
                        var anchor = CodeAnchor(
                            name: name(base + ".transition"), type: type, member: group.member,
                            subject: .transition(text))
                        anchor.module = unique ? nil : module
                        anchors.append(anchor)
                    default:
                        guard let variants = Self.variantCurves(site.value) else {
                            leftOut.append("\(site.location): `\(site.text)`: \(Self.spelling(site.value))")
                            continue
                        }
                        guard spelled.insert(Self.spelling(site.value)).inserted else { continue }
                        // A curve that comes from another type's constant (`.counterBump` of `extension Animation`)
                        // names it as its token.
                        let tokens = site.followed.keys.filter { !$0.hasPrefix("\(type).") }
                        var anchor = CodeAnchor(
                            name: name(base), type: type, member: group.member,
                            token: tokens.count == 1 ? tokens.first : nil, subject: .animation(variants))
                        anchor.module = unique ? nil : module
                        anchors.append(anchor)
                    }
                }
                if !styles.isEmpty {
                    var anchor = CodeAnchor(
                        name: name(base + ".haptic"), type: type, member: group.member, subject: .haptic(styles))
                    anchor.module = unique ? nil : module
                    anchors.append(anchor)
                }
            }
        }
        // What does not conform as drafted (a site the pairing gives to another anchor) is left out, named.
        let report = check(apps: [("draft", anchors)], inputs: [])
        var kept: [CodeAnchor] = []
        for verdict in report.verdicts {
            if verdict.status == .conforms {
                kept.append(verdict.anchor)
            } else {
                let row = verdict.rows.first { $0.status != .conforms }
                leftOut.append(
                    "\(row?.location?.description ?? verdict.anchor.type): \(verdict.anchor.name) would be "
                        + "\(verdict.status.rawValue) as drafted")
            }
        }
        return AnchorDraft(anchors: kept, leftOut: leftOut)
    }

    /// The types to draft, each with a module that declares it, in the order they are first declared.
    func draftedTypes(_ only: [String]?) -> [(type: String, module: String)] {
        var firsts: [(location: CodeLocation, type: String, module: String)] = []
        for (type, entries) in corpus.types where only?.contains(type) ?? true {
            for module in corpus.declaringModules(of: type) {
                guard
                    let first = entries.first(where: {
                        !$0.decl.is(ExtensionDeclSyntax.self) && corpus.files[$0.file].module == module
                    })
                else { continue }
                firsts.append((corpus.location(of: Syntax(fromProtocol: first.decl)), type, module))
            }
        }
        return firsts.sorted { ($0.location, $0.type) < ($1.location, $1.type) }.map { ($0.type, $0.module) }
    }

    /// An animation site's value as an anchor's curves: one per variant it selects by (nil where it does not
    /// animate), or its one curve as the full-mode one; nil for what a describe file cannot state (a value known
    /// only at run time, a delay repeated with every pass).
    static func variantCurves(_ value: CodeValue) -> [CodeAnchor.VariantCurve]? {
        func curve(_ value: CodeValue) -> AnimationCurve?? {
            switch value {
            case .noAnimation: return .some(nil)
            case .curve(let code) where !code.delayRepeats:
                var curve = code.curve
                if code.dynamicDelay { curve.delay = .zero }
                return .some(curve)
            default: return nil
            }
        }
        if case .variants(let map) = value {
            var out: [CodeAnchor.VariantCurve] = []
            for variant in CodeAnchor.Variant.allCases {
                guard let entry = map[variant] else { continue }
                guard let resolved = curve(entry) else { return nil }
                out.append(CodeAnchor.VariantCurve(variant, resolved))
            }
            return out.isEmpty ? nil : out
        }
        guard let resolved = curve(value), resolved != nil else { return nil }
        return [CodeAnchor.VariantCurve(.full, resolved)]
    }

    static func lowerFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}
