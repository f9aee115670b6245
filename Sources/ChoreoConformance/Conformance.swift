import ChoreoEngine
import ChoreoMotion
import SwiftParser
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
            // Each anchor's group: its type and module, where naming the one module that declares the type is the
            // same as naming none.
            let grouped = app.anchors.map { anchor -> (anchor: CodeAnchor, module: String?) in
                let only = anchor.module.map { corpus.declaringModules(of: anchor.type) == [$0] } ?? true
                return (anchor, only ? nil : anchor.module)
            }
            var types: [(name: String, module: String?)] = []
            for entry in grouped where !types.contains(where: { $0 == (entry.anchor.type, entry.module) }) {
                types.append((entry.anchor.type, entry.module))
            }
            for type in types {
                let anchors = grouped.filter { $0.anchor.type == type.name && $0.module == type.module }.map {
                    resolvingTransition($0.anchor)
                }
                let (typeVerdicts, strays, pool, own) = check(
                    type: type.name, module: type.module, anchors: anchors, app: app.name)
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

    /// The declarations an anchor of `type` is checked in: those of its `module` when it names one; else those of
    /// the one module that declares the type, with the type's extensions; nil, with the modules, when several
    /// modules declare a type of that name (another target's or app's `BalanceCard` is another type): no entries,
    /// and those modules.
    func scope(of type: String, module: String?) -> (entries: [(file: Int, decl: DeclGroupSyntax)], ambiguous: [String])
    {
        let all = corpus.types[type] ?? []
        if let module { return (all.filter { corpus.files[$0.file].module == module }, []) }
        let modules = corpus.declaringModules(of: type)
        guard modules.count <= 1 else { return ([], modules) }
        guard let only = modules.first else { return (all, []) }
        return (
            all.filter {
                corpus.files[$0.file].module.map { $0 == only } ?? true || $0.decl.is(ExtensionDeclSyntax.self)
            }, []
        )
    }

    /// Every site in the given declarations of a type (its extensions included), each with the member it sits in.
    func sites(ofType type: String, in entries: [(file: Int, decl: DeclGroupSyntax)]) -> [CodeSite] {
        entries.flatMap { entry in
            entry.decl.memberBlock.members.flatMap { member in
                finder.sites(in: Syntax(member.decl), owner: type, member: nil)
            }
        }
    }

    /// The sites of the given declarations of a type but those of a private helper nothing refers to: dead code,
    /// not the app's motion.
    func liveSites(ofType type: String, in entries: [(file: Int, decl: DeclGroupSyntax)]) -> [CodeSite] {
        let references = referencedNames
        return sites(ofType: type, in: entries).filter { site in
            (!site.isPrivate || site.declares.map { references.contains($0) } ?? true)
                && site.privateFunction.map { references.contains($0) } ?? true
        }
    }

    /// The sites of a token's declaration (`Type.member`), each marked as the token's.
    func sites(ofToken token: String, module: String?) -> [CodeSite] {
        let parts = token.split(separator: ".").map(String.init)
        guard parts.count == 2 else { return [] }
        var out: [CodeSite] = []
        for entry in corpus.declarations(of: parts[0], in: module) {
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
        type: String, module: String?, anchors: [CodeAnchor], app: String
    ) -> (verdicts: [ConformanceReport.Verdict], unknown: [ConformanceReport.Unknown], pool: Set<SiteKey>, own: Int) {
        let scope = scope(of: type, module: module)
        if !scope.ambiguous.isEmpty {
            return (anchors.map { ambiguous($0, modules: scope.ambiguous, app: app) }, [], [], 0)
        }
        // A module named that does not declare the type (a typo, a renamed target) is said so, not "not found".
        if let module, scope.entries.isEmpty, !corpus.declaringModules(of: type).isEmpty {
            return (anchors.map { misplaced($0, module: module, app: app) }, [], [], 0)
        }
        let home = module ?? corpus.declaringModules(of: type).first
        // The pool: the type's own sites (unknown when unaccounted for), then each anchor's token and section sites.
        var pool: [(site: CodeSite, own: Bool)] = liveSites(ofType: type, in: scope.entries).map { ($0, true) }
        var seen = Set(pool.map { SiteKey($0.site) })
        for anchor in anchors {
            let extra = (anchor.token.map { sites(ofToken: $0, module: home) } ?? []) + sites(ofSectionFor: anchor)
            for site in extra where seen.insert(SiteKey(site)).inserted { pool.append((site, false)) }
        }
        // A use of the type's own constant or helper (`.animation(blurAnimation, value:)`, `light()`) that adds nothing
        // to it is the same code as its declaration, which stands for both; so is a call to a helper that plays the
        // same whatever its arguments when an anchor names the helper's member (issue 45 #8). In a member an anchor
        // names, such a use is that member's too: it counts for the member's anchor when it matches it (a
        // `doubleTap()` of `light(); heavy()`), and otherwise lends it no drift and is not unknown.
        let anchoredMembers = Set(anchors.compactMap(\.member))
        var declared: [String: String] = [:]
        for entry in pool {
            if let name = entry.site.declares {
                declared["\(entry.site.owner).\(name)"] = Self.spelling(entry.site.value)
            }
        }
        func restates(_ site: CodeSite) -> Bool {
            guard site.declares == nil else { return false }
            let spelling = Self.spelling(site.value)
            return site.followed.keys.contains { key in
                guard key.hasPrefix("\(site.owner).") else { return false }
                if declared[key] == spelling { return true }
                let helper = String(key.dropFirst(site.owner.count + 1))
                guard site.cases.isEmpty, helper != site.member, anchoredMembers.contains(helper),
                    let value = evaluator.unboundValue(of: helper, in: site.owner, module: home)
                else { return false }
                return Self.spelling(value) == spelling
            }
        }
        pool.removeAll { restates($0.site) && !($0.site.member.map(anchoredMembers.contains) ?? false) }
        let lent = Set(pool.indices.filter { restates(pool[$0].site) })
        // The sites left for drift pairing and the unknown list: the type's own, not lent.
        func pairable(_ index: Int) -> Bool { pool[index].own && !lent.contains(index) }
        var assigned: [[Int]] = Array(repeating: [], count: anchors.count)
        var claimed = Set<Int>()
        func assign(_ site: Int, _ anchor: Int) {
            assigned[anchor].append(site)
            claimed.insert(site)
        }
        func kindMatches(_ index: Int, _ a: Int) -> Bool { Self.kindMatches(pool[index].site.value, anchors[a]) }
        // 1. A use of an anchor's token is the anchor's; 2. so is a site in its member; 3. so is a site in a `switch`
        // case the anchor is named after (`case .success:` for `celebration.success`), matching or not.
        // A token the type uses with something added (`.cardLift.delay(0.05)`) is judged at those uses, not where
        // it is declared.
        for index in pool.indices {
            for a in anchors.indices where kindMatches(index, a) {
                guard let token = anchors[a].token, pool[index].site.followed[token] != nil else { continue }
                if !pool[index].own,
                    pool.contains(where: {
                        $0.own && $0.site.followed[token] != nil
                            && Self.spelling($0.site.value)
                                != Self.spelling(pool[index].site.value)
                    })
                {
                    continue
                }
                assign(index, a)
            }
        }
        // Anchors sharing a member (`like()` holds a pop spring and a burst) each take the sites that are theirs by
        // value; a site of the member that matches none of them is left for the drift pairing below (issue 45 #1).
        for index in pool.indices where !claimed.contains(index) {
            let own = anchors.indices.filter { a in
                kindMatches(index, a) && anchors[a].member != nil && pool[index].site.member == anchors[a].member
            }
            guard own.count > 1 || lent.contains(index) else {
                if let a = own.first { assign(index, a) }
                continue
            }
            for a in own where Self.matches(pool[index].site.value, anchors[a]) { assign(index, a) }
        }
        for index in pool.indices where !claimed.contains(index) && !pool[index].site.cases.isEmpty {
            let named = anchors.indices.filter { a in
                kindMatches(index, a)
                    && pool[index].site.cases.contains(String(anchors[a].name.split(separator: ".").last ?? ""))
            }
            guard !named.isEmpty else { continue }
            let matching = named.filter { Self.matches(pool[index].site.value, anchors[$0]) }
            for a in matching.isEmpty ? [named[0]] : matching { assign(index, a) }
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
            for index in pool.indices where !claimed.contains(index) && pairable(index) {
                let open = anchors.indices.filter { assigned[$0].isEmpty && kindMatches(index, $0) }
                let pick =
                    pass == 0 ? open.first { Self.sameFamily(pool[index].site.value, anchors[$0]) } : open.first
                if let pick { assign(index, pick) }
            }
        }
        // 6. A site left that is the same kind of curve as an anchor already found elsewhere in the type is an
        // edited copy of it (one anchor, several sites, one changed): its drift, not motion nobody knows (issue 45
        // #2). The first such anchor in the anchors' order.
        for index in pool.indices where !claimed.contains(index) && pairable(index) {
            let found = anchors.indices.filter {
                !assigned[$0].isEmpty && kindMatches(index, $0) && anchors[$0].kind == "animation"
                    && Self.sameFamily(pool[index].site.value, anchors[$0])
            }
            if let pick = found.first { assign(index, pick) }
        }
        let haptics = anchors.indices.filter { anchors[$0].kind == "haptic" }
        if haptics.count == 1 {
            for index in pool.indices
            where !claimed.contains(index) && pairable(index) && kindMatches(index, haptics[0]) {
                assign(index, haptics[0])
            }
        }
        let typeLocation = scope.entries.first.map { corpus.location(of: Syntax(fromProtocol: $0.decl)) }
        let verdicts = anchors.indices.map { a in
            ConformanceReport.Verdict(
                app: app, anchor: anchors[a],
                rows: rows(
                    anchors[a], sites: assigned[a].map { pool[$0].site }, typeLocation: typeLocation,
                    inCase: inCase(a)))
        }
        // A pattern's taps: every site of the `switch` case named after the anchor, in the order written, whichever
        // anchor took each (anchors sharing the wrapper's `play` member take theirs by value first).
        // Without such a case, the taps of the anchor's member in the order written (`milestone()` playing light,
        // light, medium).
        func inCase(_ a: Int) -> [CodeSite] {
            let anchor = anchors[a]
            guard anchor.pattern != nil, let name = anchor.name.split(separator: ".").last.map(String.init) else {
                return []
            }
            let cased = pool.indices.filter {
                pool[$0].own && pool[$0].site.cases.contains(name) && Self.kindMatches(pool[$0].site.value, anchor)
            }
            if !cased.isEmpty || anchor.member == nil { return cased.map { pool[$0].site } }
            // Every tap the member plays, each helper's included (an added `heavy()` is an extra tap).
            return pool.indices.filter {
                pool[$0].own && pool[$0].site.member == anchor.member && !pool[$0].site.conditional
                    && Self.kindMatches(pool[$0].site.value, anchor)
            }
            .map { pool[$0].site }
        }
        let unknown = pool.indices.filter { !claimed.contains($0) && pairable($0) }.map { index in
            let site = pool[index].site
            return ConformanceReport.Unknown(
                app: app, owner: site.owner, location: site.location, code: Self.spelling(site.value), text: site.text)
        }
        return (verdicts, unknown, seen, pool.filter(\.own).count)
    }

    /// An anchor whose transition names one of the app's own (`.slideFade` of `extension AnyTransition`): that
    /// transition as the code declares it, so it compares with a use of the token as the same motion.
    func resolvingTransition(_ anchor: CodeAnchor) -> CodeAnchor {
        guard case .transition(let text) = anchor.subject else { return anchor }
        let file = Parser.parse(source: "let transition = \(text)")
        guard let item = file.statements.first, case .decl(let decl) = item.item,
            let value = decl.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value
        else { return anchor }
        let saved = evaluator.followed
        defer { evaluator.followed = saved }
        var resolved = anchor
        resolved.subject = .transition(evaluator.transitionText(value, module: anchor.module))
        return resolved
    }

    /// The verdict on an anchor whose type several modules declare and which names none of them: it cannot be
    /// checked, and says how to fix that.
    func ambiguous(_ anchor: CodeAnchor, modules: [String], app: String) -> ConformanceReport.Verdict {
        let list = modules.joined(separator: ", ")
        return refused(
            anchor, app: app, code: "`\(anchor.type)` is declared in \(modules.count) modules (\(list))",
            model: "an anchor that names its `module`, one of \(list)")
    }

    /// The verdict on an anchor whose `module` does not declare its type, where others do.
    func misplaced(_ anchor: CodeAnchor, module: String, app: String) -> ConformanceReport.Verdict {
        let list = corpus.declaringModules(of: anchor.type).joined(separator: ", ")
        return refused(
            anchor, app: app, code: "`\(anchor.type)` is not declared in module \(module); it is in \(list)",
            model: "the anchor's `module`: one of \(list)")
    }

    /// An anchor that cannot be checked as written: one unresolved row saying why, at the type's first declaration.
    private func refused(_ anchor: CodeAnchor, app: String, code: String, model: String) -> ConformanceReport.Verdict {
        let first = (corpus.types[anchor.type] ?? []).first.map { corpus.location(of: Syntax(fromProtocol: $0.decl)) }
        return ConformanceReport.Verdict(
            app: app, anchor: anchor,
            rows: [ConformanceReport.Row(variant: nil, status: .unresolved, code: code, model: model, location: first)])
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
