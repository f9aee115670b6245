import ChoreoEngine
import ChoreoMotion
import SwiftSyntax

/// Checks an app's code anchors against Swift code: finds each anchor's sites (in its type, its member, its token,
/// or a design document's section), resolves them and compares them with the model.
public struct Conformance {
    let corpus: SwiftCorpus
    let evaluator: Evaluator
    let finder: SiteFinder

    public init(corpus: SwiftCorpus) {
        self.corpus = corpus
        evaluator = Evaluator(corpus: corpus)
        finder = SiteFinder(evaluator: evaluator)
    }

    /// The report on every app's anchors (`apps`: the app's name and its anchors).
    public func check(apps: [(name: String, anchors: [CodeAnchor])], inputs: [String]) -> ConformanceReport {
        var verdicts: [ConformanceReport.Verdict] = []
        var unknown: [ConformanceReport.Unknown] = []
        var attributed = Set<SiteKey>()
        var sitesInAnchoredTypes = 0
        for app in apps {
            var types: [String] = []
            for anchor in app.anchors where !types.contains(anchor.type) { types.append(anchor.type) }
            for type in types {
                let anchors = app.anchors.filter { $0.type == type }
                let (typeVerdicts, strays, pool, own) = check(type: type, anchors: anchors, app: app.name)
                verdicts += typeVerdicts
                unknown += strays
                attributed.formUnion(pool)
                sitesInAnchoredTypes += own
            }
        }
        // A design document's code outside any type whose section no anchor claims: the design's motion that the
        // model's anchors do not account for.
        for file in corpus.files where file.heading != nil {
            for site in finder.sites(in: Syntax(file.tree), owner: file.heading!, member: nil, skipTypes: true)
            where !attributed.contains(SiteKey(site)) {
                unknown.append(
                    ConformanceReport.Unknown(
                        app: "", owner: "section \"\(file.heading!)\"", location: site.location,
                        code: Self.spelling(site.value), text: site.text))
            }
        }
        return ConformanceReport(
            verdicts: verdicts, unknown: unknown.sorted { $0.location < $1.location }, inputs: inputs,
            parsed: corpus.files.count, sitesInAnchoredTypes: sitesInAnchoredTypes)
    }

    // MARK: Sites

    /// Every site in the declarations of `type` (its extensions included), each with the member it sits in.
    func sites(ofType type: String) -> [CodeSite] {
        (corpus.types[type] ?? []).flatMap { entry in
            entry.decl.memberBlock.members.flatMap { member in
                finder.sites(in: Syntax(member.decl), owner: type, member: nil)
            }
        }
    }

    /// The sites of a token's declaration (`Type.member`), each marked as the token's.
    func sites(ofToken token: String) -> [CodeSite] {
        let parts = token.split(separator: ".").map(String.init)
        guard parts.count == 2 else { return [] }
        var out: [CodeSite] = []
        for entry in corpus.types[parts[0]] ?? [] {
            for member in entry.decl.memberBlock.members where Self.declares(member.decl, parts[1]) {
                for var site in finder.sites(in: Syntax(member.decl), owner: parts[0], member: parts[1]) {
                    site.followed.insert(token)
                    out.append(site)
                }
            }
        }
        return out
    }

    /// The top-level sites of the design-document blocks under a heading that names the anchor's section or type.
    func sites(ofSectionFor anchor: CodeAnchor) -> [CodeSite] {
        let type = Self.letters(anchor.type)
        let section = anchor.section.map(Self.letters)
        var out: [CodeSite] = []
        for file in corpus.files {
            guard let heading = file.heading.map(Self.letters), heading == section || heading.contains(type) else {
                continue
            }
            out += finder.sites(in: Syntax(file.tree), owner: file.heading ?? "", member: nil, skipTypes: true)
        }
        return out
    }

    static func letters(_ text: String) -> String { text.lowercased().filter(\.isLetter) }

    static func declares(_ decl: DeclSyntax, _ name: String) -> Bool {
        if let function = decl.as(FunctionDeclSyntax.self) { return function.name.text == name }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
        return false
    }

    // MARK: Matching

    /// The verdicts of the anchors of one type, and the sites no anchor accounts for.
    func check(
        type: String, anchors: [CodeAnchor], app: String
    ) -> (verdicts: [ConformanceReport.Verdict], unknown: [ConformanceReport.Unknown], pool: Set<SiteKey>, own: Int) {
        // The pool: the type's own sites (unknown when unaccounted for), then each anchor's token and section sites.
        var pool: [(site: CodeSite, own: Bool)] = sites(ofType: type).map { ($0, true) }
        var seen = Set(pool.map { SiteKey($0.site) })
        for anchor in anchors {
            let extra = (anchor.token.map(sites(ofToken:)) ?? []) + sites(ofSectionFor: anchor)
            for site in extra where seen.insert(SiteKey(site)).inserted { pool.append((site, false)) }
        }
        // A use of the type's own constant or helper (`.animation(blurAnimation, value:)`) is the same code as the
        // declaration when it adds nothing to it: the declaration stands for both.
        var declared: [String: String] = [:]
        for entry in pool {
            if let name = entry.site.declares {
                declared["\(entry.site.owner).\(name)"] = Self.spelling(entry.site.value)
            }
        }
        pool.removeAll { entry in
            entry.site.declares == nil
                && entry.site.followed.contains {
                    declared[$0] == Self.spelling(entry.site.value) && $0.hasPrefix("\(entry.site.owner).")
                }
        }
        var assigned: [[Int]] = Array(repeating: [], count: anchors.count)
        var claimed = Set<Int>()
        func assign(_ site: Int, _ anchor: Int) {
            assigned[anchor].append(site)
            claimed.insert(site)
        }
        // 1. A use of an anchor's token is the anchor's; 2. so is a site in its member.
        for (index, entry) in pool.enumerated() {
            for (a, anchor) in anchors.enumerated() where Self.kindMatches(entry.site.value, anchor) {
                if let token = anchor.token, entry.site.followed.contains(token) { assign(index, a) }
            }
        }
        for (index, entry) in pool.enumerated() where !claimed.contains(index) {
            for (a, anchor) in anchors.enumerated() where Self.kindMatches(entry.site.value, anchor) {
                if let member = anchor.member, entry.site.member == member { assign(index, a) }
            }
        }
        // 3. A site that matches an anchor's model is that anchor's.
        for (index, entry) in pool.enumerated() where !claimed.contains(index) {
            for (a, anchor) in anchors.enumerated()
            where Self.kindMatches(entry.site.value, anchor) && Self.matches(entry.site.value, anchor) {
                assign(index, a)
            }
        }
        // 4. What is left pairs with an anchor nothing matched: the same kind of curve first, then a lone pair.
        // Only the type's own sites pair: a token's or a section's site that matches nothing is not this type's.
        for index in pool.indices where !claimed.contains(index) && pool[index].own {
            let site = pool[index].site
            let open = anchors.indices.filter { assigned[$0].isEmpty && Self.kindMatches(site.value, anchors[$0]) }
            if let a = open.first(where: { Self.sameFamily(site.value, anchors[$0]) }) {
                assign(index, a)
            }
        }
        let leftover = pool.indices.filter { !claimed.contains($0) && pool[$0].own }
        for kind in ["animation", "haptic", "transition"] {
            let sites = leftover.filter { Self.kind(of: pool[$0].site.value) == kind }
            let open = anchors.indices.filter { anchors[$0].kind == kind && assigned[$0].isEmpty }
            let sameKind = anchors.indices.filter { anchors[$0].kind == kind }
            if sites.count == 1, open.count == 1 {
                assign(sites[0], open[0])
            } else if kind == "haptic", sameKind.count == 1 {
                for site in sites { assign(site, sameKind[0]) }
            }
        }
        let verdicts = anchors.indices.map { a in
            ConformanceReport.Verdict(
                app: app, anchor: anchors[a], rows: rows(anchors[a], sites: assigned[a].map { pool[$0].site }))
        }
        let unknown = pool.indices.filter { !claimed.contains($0) && pool[$0].own }.map { index in
            let site = pool[index].site
            return ConformanceReport.Unknown(
                app: app, owner: site.owner, location: site.location, code: Self.spelling(site.value), text: site.text)
        }
        return (verdicts, unknown, seen, pool.filter(\.own).count)
    }

    /// The sites' identity, so a token's declaration inside the anchored type is not counted twice.
    struct SiteKey: Hashable {
        var location: CodeLocation
        var text: String
        init(_ site: CodeSite) {
            location = site.location
            text = site.text
        }
    }
}
