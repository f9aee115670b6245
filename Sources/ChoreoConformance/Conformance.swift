import ChoreoEngine
import ChoreoMotion
import SwiftSyntax

/// Checks an app's code anchors against Swift code: finds each anchor's sites (in its type, its member, its token,
/// or a design document's section), resolves them and compares them with the model.
public struct Conformance {
    let corpus: SwiftCorpus
    let evaluator: Evaluator
    let finder: SiteFinder
    /// ``referencedNames``, computed once.
    private let cachedReferences = Box<Set<String>>()

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
                    site.followed[token] = site.location
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

    /// Every name the sources refer to (identifiers and members), so a helper nothing uses does not count.
    var referencedNames: Set<String> {
        if let names = cachedReferences.value { return names }
        let collector = ReferenceCollector(viewMode: .sourceAccurate)
        for file in corpus.files { collector.walk(file.tree) }
        cachedReferences.value = collector.names
        return collector.names
    }

    /// The verdicts of the anchors of one type, and the sites no anchor accounts for.
    func check(
        type: String, anchors: [CodeAnchor], app: String
    ) -> (verdicts: [ConformanceReport.Verdict], unknown: [ConformanceReport.Unknown], pool: Set<SiteKey>, own: Int) {
        // The pool: the type's own sites (unknown when unaccounted for), then each anchor's token and section sites.
        // A private helper of the type that nothing refers to is dead code, not the app's motion.
        let references = referencedNames
        var pool: [(site: CodeSite, own: Bool)] = sites(ofType: type)
            .filter { site in !site.isPrivate || site.declares.map { references.contains($0) } ?? true }
            .map { ($0, true) }
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
                && entry.site.followed.keys.contains {
                    declared[$0] == Self.spelling(entry.site.value) && $0.hasPrefix("\(entry.site.owner).")
                }
        }
        var assigned: [[Int]] = Array(repeating: [], count: anchors.count)
        var claimed = Set<Int>()
        func assign(_ site: Int, _ anchor: Int) {
            assigned[anchor].append(site)
            claimed.insert(site)
        }
        func kindMatches(_ index: Int, _ a: Int) -> Bool { Self.kindMatches(pool[index].site.value, anchors[a]) }
        // 1. A use of an anchor's token is the anchor's; 2. so is a site in its member; 3. so is a site in a `switch`
        // case the anchor is named after (`case .success:` for `celebration.success`), matching or not.
        for index in pool.indices {
            for a in anchors.indices where kindMatches(index, a) {
                if let token = anchors[a].token, pool[index].site.followed[token] != nil { assign(index, a) }
            }
        }
        // Anchors sharing a member (`like()` holds a pop spring and a burst) each take the sites that are theirs by
        // value; a site of the member that matches none of them is left for the drift pairing below (issue 45 #1).
        for index in pool.indices where !claimed.contains(index) {
            let own = anchors.indices.filter { a in
                kindMatches(index, a) && anchors[a].member != nil && pool[index].site.member == anchors[a].member
            }
            guard own.count > 1 else {
                if let a = own.first { assign(index, a) }
                continue
            }
            for a in own where Self.matches(pool[index].site.value, anchors[a]) { assign(index, a) }
        }
        var caseBound = Set<Int>()
        for index in pool.indices where !claimed.contains(index) && !pool[index].site.cases.isEmpty {
            let named = anchors.indices.filter { a in
                kindMatches(index, a)
                    && pool[index].site.cases.contains(String(anchors[a].name.split(separator: ".").last ?? ""))
            }
            guard !named.isEmpty else { continue }
            let matching = named.filter { Self.matches(pool[index].site.value, anchors[$0]) }
            for a in matching.isEmpty ? [named[0]] : matching { assign(index, a) }
            caseBound.insert(index)
        }
        // 4. A site that matches an anchor's model is that anchor's (anchors without a member are found by value).
        for index in pool.indices where !claimed.contains(index) {
            for a in anchors.indices where kindMatches(index, a) && Self.matches(pool[index].site.value, anchors[a]) {
                assign(index, a)
            }
        }
        // 5. Each of the type's own sites left pairs with an anchor nothing matched, as its drift: the same kind of
        // curve first, then in the anchors' order. A token's or a section's site that matches nothing is not this
        // type's. With a single haptic anchor, every haptic left is its drift.
        for pass in 0..<2 {
            for index in pool.indices where !claimed.contains(index) && pool[index].own {
                let open = anchors.indices.filter { assigned[$0].isEmpty && kindMatches(index, $0) }
                let pick =
                    pass == 0 ? open.first { Self.sameFamily(pool[index].site.value, anchors[$0]) } : open.first
                if let pick { assign(index, pick) }
            }
        }
        // 6. A site left that is the same kind of curve as an anchor already found elsewhere in the type is an
        // edited copy of it (one anchor, several sites, one changed): its drift, not motion nobody knows (issue 45
        // #2). The first such anchor in the anchors' order.
        for index in pool.indices where !claimed.contains(index) && pool[index].own {
            let found = anchors.indices.filter {
                !assigned[$0].isEmpty && kindMatches(index, $0) && anchors[$0].kind == "animation"
                    && Self.sameFamily(pool[index].site.value, anchors[$0])
            }
            if let pick = found.first { assign(index, pick) }
        }
        let haptics = anchors.indices.filter { anchors[$0].kind == "haptic" }
        if haptics.count == 1 {
            for index in pool.indices
            where !claimed.contains(index) && pool[index].own && kindMatches(index, haptics[0]) {
                assign(index, haptics[0])
            }
        }
        let typeLocation = (corpus.types[type] ?? []).first.map { corpus.location(of: Syntax(fromProtocol: $0.decl)) }
        let verdicts = anchors.indices.map { a in
            ConformanceReport.Verdict(
                app: app, anchor: anchors[a],
                rows: rows(
                    anchors[a], sites: assigned[a].map { pool[$0].site }, typeLocation: typeLocation,
                    inCase: assigned[a].filter(caseBound.contains).sorted().map { pool[$0].site }))
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

/// A value computed once on first use.
final class Box<Value> {
    var value: Value?
}

/// Every identifier and member name the sources use.
final class ReferenceCollector: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.baseName.text)
        return .visitChildren
    }
}
