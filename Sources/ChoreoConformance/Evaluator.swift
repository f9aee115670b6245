import ChoreoEngine
import ChoreoMotion
import SwiftSyntax

/// Resolves Swift expressions to values: literals and arithmetic, `static let` and local constants, enum cases'
/// raw values, helper functions' bodies (a `switch` over the animation mode, a frame-rate condition), SwiftUI's
/// animation constructors and modifiers, and haptic calls. What it cannot resolve is nil, never a guess.
final class Evaluator {
    let corpus: SwiftCorpus
    /// The members followed while resolving the current site, as `Type.member`, with where each is declared.
    var followed: [String: CodeLocation] = [:]
    private var depth = 0
    /// How many times resolution stopped at ``maximumDepth`` (a result computed meanwhile is not cached).
    private var truncations = 0
    /// A safety net below the stack's limit; cycles (`a = b`, `b = a`) stop at once (``inProgress``).
    private static let maximumDepth = 1_000
    /// How many expressions one site may take to resolve: helpers that call each other many times over
    /// (`func buzz() { buzz(); buzz(); … }`, wrappers of wrappers) would otherwise take exponential time. A site
    /// past it is not resolved. Counted from ``beginSite()``.
    private static let maximumSteps = 50_000
    private var steps = 0
    /// The expressions being resolved, innermost last: meeting one again is a cycle.
    private var inProgress: Set<CacheKey> = []
    /// The parameters of the functions being evaluated, innermost last (a call's arguments bound by name).
    private var environment: [[String: CodeValue]] = []
    /// Each expression's value once resolved (the corpus does not change), with the members it followed.
    private var cache: [CacheKey: (value: CodeValue?, followed: [String: CodeLocation])] = [:]
    /// The default of a plain stored `var` of `type` (no property wrapper: `@State` and the like change at run time),
    /// with whether it is declared an `Animation`.
    private func storedDefault(_ name: String, of type: String, from node: some SyntaxProtocol) -> (ExprSyntax, Bool)? {
        let own = corpus.declarations(of: type, in: corpus.module(of: node))
        let all = corpus.declarations(of: type, in: nil)
        for (_, decl) in own + (own.count == all.count ? [] : all) {
            for member in Self.members(decl.memberBlock.members) {
                guard let variable = member.decl.as(VariableDeclSyntax.self), variable.attributes.isEmpty else {
                    continue
                }
                for binding in variable.bindings
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    guard let value = binding.initializer?.value else { return nil }
                    followed["\(type).\(name)"] = location(of: binding)
                    let typeText = binding.typeAnnotation?.type.trimmedDescription ?? ""
                    return (value, typeText.hasPrefix("Animation") || typeText.hasPrefix("SwiftUI.Animation"))
                }
            }
        }
        return nil
    }

    /// Whether `type` is a protocol of the sources.
    private func isProtocol(_ type: String) -> Bool {
        (corpus.types[type] ?? []).contains { $0.decl.is(ProtocolDeclSyntax.self) }
    }

    /// How many protocol requirements ``member(_:of:module:)`` is following down to their conforming types.
    private var conformanceDepth = 0
    /// The types that declare conformance to each protocol (or inherit from each class), in name order, built when
    /// first asked.
    private lazy var conformers: [String: [String]] = {
        var found: [String: Set<String>] = [:]
        for (type, entries) in corpus.types {
            for entry in entries where !entry.decl.is(ProtocolDeclSyntax.self) {
                for inherited in entry.decl.inheritanceClause?.inheritedTypes ?? [] {
                    guard let name = Self.instanceType(inherited.type) else { continue }
                    found[name, default: []].insert(type)
                }
            }
        }
        return found.mapValues { $0.sorted() }
    }()

    /// The enums that declare a case of each name, in name order, built when first asked.
    private lazy var enumCaseOwners: [String: [String]] = {
        var owners: [String: Set<String>] = [:]
        for (type, entries) in corpus.types {
            for entry in entries {
                for member in entry.decl.memberBlock.members {
                    for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] {
                        owners[element.name.text, default: []].insert(type)
                    }
                }
            }
        }
        return owners.mapValues { $0.sorted() }
    }()
    /// Each type's members by name (its extensions included), built when first asked.
    private var memberIndex: [String: [String: (declaration: Declaration, location: CodeLocation)]] = [:]
    /// Each code block's `let` constants by name, with their positions, built when first asked.
    private var localIndex:
        [SyntaxIdentifier: (
            names: [String: [(position: Int, item: CodeBlockItemSyntax)]], positions: [SyntaxIdentifier: Int]
        )] = [:]

    struct CacheKey: Hashable {
        var node: SyntaxIdentifier
        var animation: Bool
    }

    init(corpus: SwiftCorpus) {
        self.corpus = corpus
    }

    // MARK: Expressions

    /// Starts resolving a new site: nothing followed yet, the step budget full.
    func beginSite() {
        followed = [:]
        steps = 0
    }

    /// The value of an expression; `animation` when the context expects an `Animation` (a bare `.easeInOut` is then
    /// the preset, not some other type's member).
    func evaluate(_ expr: ExprSyntax, animation: Bool = false) -> CodeValue? {
        let key = CacheKey(node: expr.id, animation: animation)
        // Inside a function called with arguments, values depend on them: nothing is cached there.
        let caching = environment.allSatisfy(\.isEmpty)
        if caching, let hit = cache[key] {
            followed.merge(hit.followed) { first, _ in first }
            return hit.value
        }
        steps += 1
        guard depth < Self.maximumDepth, !inProgress.contains(key), steps <= Self.maximumSteps else {
            truncations += 1
            return nil
        }
        inProgress.insert(key)
        defer { inProgress.remove(key) }
        let outer = followed
        let truncationsBefore = truncations
        followed = [:]
        depth += 1
        let value = resolve(expr, animation: animation)
        depth -= 1
        if caching, truncations == truncationsBefore { cache[key] = (value, followed) }
        followed.merge(outer) { first, _ in first }
        return value
    }

    private func resolve(_ expr: ExprSyntax, animation: Bool) -> CodeValue? {
        switch expr.as(ExprSyntaxEnum.self) {
        case .integerLiteralExpr(let literal):
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(CodeValue.number)
        case .floatLiteralExpr(let literal):
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(CodeValue.number)
        case .booleanLiteralExpr(let literal):
            return .bool(literal.literal.tokenKind == .keyword(.true))
        case .nilLiteralExpr:
            return .noAnimation
        case .stringLiteralExpr(let literal):
            return literal.representedLiteralValue.map(CodeValue.string)
        case .prefixOperatorExpr(let prefix):
            guard prefix.operator.text == "-", let value = evaluate(prefix.expression) else { return nil }
            return lift([value]) { $0[0].number.map { .number(-$0) } }
        case .tupleExpr(let tuple):
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return nil }
            return evaluate(only.expression, animation: animation)
        case .sequenceExpr(let sequence):
            return evaluate(sequence: Array(sequence.elements))
        case .forceUnwrapExpr(let unwrap):
            return evaluate(unwrap.expression, animation: animation)
        case .optionalChainingExpr(let chain):
            return evaluate(chain.expression, animation: animation)
        case .asExpr(let cast):
            return evaluate(cast.expression, animation: animation)
        case .declReferenceExpr(let reference):
            return evaluate(reference: reference)
        case .memberAccessExpr(let access):
            return evaluate(member: access, animation: animation)
        case .functionCallExpr(let call):
            return evaluate(call: call, animation: animation)
        case .switchExpr(let switchExpr):
            return evaluate(switch: switchExpr)
        case .ifExpr(let ifExpr):
            return evaluate(if: ifExpr, rest: [])
        default:
            return nil
        }
    }

    private func evaluate(reference: DeclReferenceExprSyntax) -> CodeValue? {
        let name = reference.baseName.text
        if let parameter = environment.last?[name] { return parameter }
        if environment.last != nil, Self.isParameter(name, around: Syntax(reference)) { return nil }
        if name == "Animation" || corpus.types[name] != nil { return .typeName(name) }
        if let declaration = lookUp(name, from: Syntax(reference)) {
            // A method named, not called (`Button("Reset", action: reset)`): it plays when the button is tapped,
            // where its own body is judged, not here.
            if case .function = declaration { return nil }
            let value = evaluate(declaration)
            // SwiftUI's own environment values (`accessibilityReduceMotion`) are read below.
            if value != nil { return value }
            switch declaration {
            case .environment, .instance: break  // `let reduceMotion: Bool`, `@Environment(\.…Reduce…)`: below
            default: return nil
            }
        }
        // `@Environment(\.accessibilityReduceMotion) var reduceMotion`: Reduce Motion is the minimal mode.
        if name.lowercased().contains("reducemotion") {
            return .variants([.full: .bool(false), .reduced: .bool(false), .minimal: .bool(true)])
        }
        return nil
    }

    private func evaluate(member access: MemberAccessExprSyntax, animation: Bool) -> CodeValue? {
        let name = access.declName.baseName.text
        guard let base = access.base else {
            if animation, let preset = Self.preset(name, origin: location(of: access)) { return .curve(preset) }
            if animation, name == "default" { return Self.defaultAnimation(at: location(of: access)) }
            // An app's own token: `extension Animation { static let cardAppear = … }` used as `.cardAppear`.
            if animation, let token = member(name, of: "Animation", from: access) { return evaluate(token) }
            return .implicitMember(name)
        }
        if Self.isAnimationType(base) {
            if name == "default" { return Self.defaultAnimation(at: location(of: access)) }
            if let preset = Self.preset(name, origin: location(of: access)) { return .curve(preset) }
            // `Animation.cardAppear`: the app's token, a `static let` or a computed `static var` of an extension.
            return member(name, of: "Animation", from: access).flatMap { evaluate($0) }
        }
        if name == "rawValue", let enumCase = base.as(MemberAccessExprSyntax.self),
            let type = enumCase.base?.trimmedDescription
        {
            return rawValue(of: enumCase.declName.baseName.text, in: type)
        }
        if Self.isSelf(base) {
            return lookUp(name, from: Syntax(access)).flatMap { evaluate($0) }
        }
        let baseValue = evaluate(base)
        switch baseValue {
        case .implicitMember(let caseName)?, .enumCase(let caseName, _)?:
            // A property of an enum value (`outcome.feedbackType` for `.success`): its getter, with `self` that case.
            // The enum is the one written (`Durations.fast.seconds`), else the one enum with such a case and member.
            var owners = (enumCaseOwners[caseName] ?? []).filter { member(name, of: $0, from: access) != nil }
            if let written = base.as(MemberAccessExprSyntax.self)?.base, case .typeName(let type)? = evaluate(written),
                owners.contains(type)
            {
                owners = [type]
            }
            if owners.count == 1, let type = owners.first, let declaration = member(name, of: type, from: access) {
                var names = ["self": baseValue!]
                names["rawValue"] = rawValue(of: caseName, in: type)
                return binding(names) { evaluate(declaration) }
            }
        case .typeName(let type)?:
            if let declaration = member(name, of: type, from: access) {
                let value = evaluate(declaration)
                // `HapticEngine.shared`: the way to the wrapper, not a value a drift came through.
                if case .instance? = value { followed["\(type).\(name)"] = nil }
                return value
            }
            if corpus.types[type] != nil, isEnumCase(name, of: type) { return .implicitMember(name) }
        case .instance(let type)?:
            if let declaration = member(name, of: type, from: access) { return evaluate(declaration) }
            // A token container's stored property (`theme.emphasis` of `var emphasis: Animation = .spring(…)`):
            // its default, what an instance made without arguments (`Theme()`) holds.
            if let (value, animation) = storedDefault(name, of: type, from: access) {
                return evaluate(value, animation: animation)
            }
        default:
            break
        }
        return nil
    }

    /// A transition as the code means it: an app's own `extension AnyTransition { static var slideFade … }` used as
    /// `.slideFade` or `AnyTransition.slideFade` is what it is declared as (followed through tokens that name
    /// tokens); anything else as written, on one line.
    func transitionText(_ expr: ExprSyntax, module: String?) -> String {
        var current = expr
        for _ in 0..<8 {
            guard let access = current.as(MemberAccessExprSyntax.self),
                access.base == nil || access.base?.trimmedDescription == "AnyTransition",
                let declaration = member(access.declName.baseName.text, of: "AnyTransition", module: module)
            else { break }
            switch declaration {
            case .expression(let value, _): current = value
            case .body(let items):
                let flat = Self.statements(items)
                guard flat.count == 1, let only = flat.first else {
                    return TransitionSpelling.displayed(current.trimmedDescription)
                }
                switch only.item {
                case .expr(let value): current = value
                case .stmt(let statement):
                    guard let value = statement.as(ReturnStmtSyntax.self)?.expression else {
                        return TransitionSpelling.displayed(current.trimmedDescription)
                    }
                    current = value
                default: return TransitionSpelling.displayed(current.trimmedDescription)
                }
            default: return TransitionSpelling.displayed(current.trimmedDescription)
            }
        }
        return TransitionSpelling.displayed(current.trimmedDescription)
    }

    /// `Animation` or `SwiftUI.Animation` (read from the syntax, not its text: a long chain stays linear).
    static func isAnimationType(_ expr: ExprSyntax) -> Bool {
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "Animation" }
        guard let access = expr.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "Animation" else {
            return false
        }
        return access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "SwiftUI"
    }

    /// `Self` or `self` (`self?` and `self!` in a closure that captures it weakly too).
    static func isSelf(_ expr: ExprSyntax) -> Bool {
        if let chain = expr.as(OptionalChainingExprSyntax.self) { return isSelf(chain.expression) }
        if let unwrap = expr.as(ForceUnwrapExprSyntax.self) { return isSelf(unwrap.expression) }
        if expr.is(DeclReferenceExprSyntax.self) || expr.is(TypeExprSyntax.self) {
            let text = expr.trimmedDescription
            return text == "Self" || text == "self"
        }
        return false
    }

    /// Whether `name` is a parameter of the function a node sits in (unbound: unknown, never a member of that name).
    static func isParameter(_ name: String, around node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if let function = parent.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains {
                    ($0.secondName ?? $0.firstName).text == name
                }
            }
            current = parent.parent
        }
        return false
    }

    /// SwiftUI's default animation (`.default`, and what a bare `withAnimation { }` uses) in the release modelled
    /// (iOS 26.1; iOS 17 and later): `spring(response: 0.55, dampingFraction: 1.0, blendDuration: 0)`, Apple's
    /// documentation of `Animation.default` and OpenSwiftUI's `DefaultAnimation.swift` (before iOS 17 it was
    /// `easeInOut`; SWIFTUI_PHYSICS_NOTES' preset table).
    static func defaultAnimation(at location: CodeLocation) -> CodeValue {
        .curve(CodeCurve(curve: .spring(response: 0.55, dampingFraction: 1), origin: location))
    }

    private func evaluate(call: FunctionCallExprSyntax, animation: Bool) -> CodeValue? {
        let arguments = call.arguments.map { (label: $0.label?.text, expr: $0.expression) }
        let origin = location(of: call)
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = access.declName.baseName.text
            if access.base.map(Self.isAnimationType) ?? true {
                if let curve = animationConstructor(name, arguments, origin: origin) { return curve }
            }
            guard let base = access.base else {
                // An app's own curve helper in `extension Animation` (`.cardSpring(0.3)`).
                if animation, let helper = member(name, of: "Animation", from: call) {
                    return evaluate(helper, call: call)
                }
                // An enum case with associated values: `.notification(.success)`, `.dataRefresh(intensity: 0.6)`.
                if Self.animationConstructors.contains(name) { return nil }
                return .enumCase(name, arguments.map { evaluate($0.expr) })
            }
            let baseValue = evaluate(base, animation: animation)
            switch baseValue {
            case .curve?, .variants?, .noAnimation?, .unresolved?:
                return curveModifier(name, arguments, on: baseValue!)
            case .generator(let style)?:
                return generatorCall(name, arguments, style: style, origin: origin)
            case .typeName(let type)?, .instance(let type)?:
                // A helper or a wrapper of the module (`HapticEngine.shared.light()`): what its body does with these
                // arguments; a haptic is placed at the call (the wrapper's line is among the members it came
                // through).
                if let declaration = member(name, of: type, from: call), let value = evaluate(declaration, call: call) {
                    return value.placed(at: origin)
                }
                if case .typeName = baseValue, isEnumCase(name, of: type) {
                    return .enumCase(name, arguments.map { evaluate($0.expr) })
                }
            default:
                break
            }
            // A wrapper the sources do not include: its method's name, or its argument, says the style.
            if base.trimmedDescription.lowercased().contains("haptic") {
                if let style = HapticStyle(rawValue: name) { return .haptic(style, origin) }
                if let first = arguments.first, case .implicitMember(let member)? = evaluate(first.expr),
                    let style = HapticStyle(rawValue: member)
                {
                    return .haptic(style, origin)
                }
            }
            if Self.isSelf(base), let declaration = lookUp(name, from: Syntax(call)) {
                return evaluate(declaration, call: call)
            }
            return nil
        }
        guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
        switch reference.baseName.text {
        case "UIImpactFeedbackGenerator":
            guard let style = arguments.first(where: { $0.label == "style" }) else { return .generator(.medium) }
            guard case .implicitMember(let name)? = evaluate(style.expr) else { return nil }
            return HapticStyle(rawValue: name).map { .generator($0) }
        case "UINotificationFeedbackGenerator": return .generator(nil)
        case "UISelectionFeedbackGenerator": return .generator(.selection)
        case let type where corpus.types[type] != nil: return .instance(type)
        default:
            return lookUp(reference.baseName.text, from: Syntax(call)).flatMap { evaluate($0, call: call) }
        }
    }

    /// A feedback generator played: its style, or the notification's.
    private func generatorCall(
        _ name: String, _ arguments: [(label: String?, expr: ExprSyntax)], style: HapticStyle?, origin: CodeLocation
    ) -> CodeValue? {
        switch name {
        case "impactOccurred", "selectionChanged": return style.map { .haptic($0, origin) }
        case "notificationOccurred":
            guard let first = arguments.first, case .implicitMember(let kind)? = evaluate(first.expr) else {
                return nil
            }
            return HapticStyle(rawValue: kind).map { .haptic($0, origin) }
        case "prepare": return .generator(style)
        default: return nil
        }
    }

    // MARK: Sequences (operators, ternaries)

    func evaluate(sequence elements: [ExprSyntax]) -> CodeValue? {
        if elements.count == 1 { return evaluate(elements[0]) }
        if elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) { return nil }
        if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self)
        {
            guard let condition = evaluate(sequence: Array(elements[..<index])),
                let then = evaluate(ternary.thenExpression, animation: true),
                let otherwise = index + 2 == elements.count
                    ? evaluate(elements[index + 1], animation: true)
                    : evaluate(sequence: Array(elements[(index + 1)...]))
            else { return nil }
            return lift([condition, then, otherwise]) { values in
                guard case .bool(let flag) = values[0] else { return nil }
                return flag ? values[1] : values[2]
            }
        }
        for group in [["||"], ["&&"], ["==", "!=", "<", "<=", ">", ">="], ["+", "-"], ["*", "/"]] {
            guard
                let index = elements.lastIndex(where: {
                    guard let op = $0.as(BinaryOperatorExprSyntax.self) else { return false }
                    return group.contains(op.operator.text)
                }), let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text
            else { continue }
            let left = Array(elements[..<index])
            let right = Array(elements[(index + 1)...])
            if ["==", "!=", "<", "<=", ">", ">="].contains(op) {
                return compare(left, op, right)
            }
            guard let lhs = evaluate(sequence: left), let rhs = evaluate(sequence: right) else { return nil }
            return lift([lhs, rhs]) { values in
                switch (values[0], values[1]) {
                case (.number(let a), .number(let b)):
                    switch op {
                    case "+": return .number(a + b)
                    case "-": return .number(a - b)
                    case "*": return .number(a * b)
                    case "/": return b == 0 ? nil : .number(a / b)
                    default: return nil
                    }
                case (.bool(let a), .bool(let b)):
                    return op == "&&" ? .bool(a && b) : op == "||" ? .bool(a || b) : nil
                default: return nil
                }
            }
        }
        return nil
    }

    /// A comparison; against an unknown frame rate (`fps >= 120`) or an unknown mode (`mode == .minimal`) it
    /// becomes a value per frame rate or per mode.
    private func compare(_ left: [ExprSyntax], _ op: String, _ right: [ExprSyntax]) -> CodeValue? {
        // An instance of a known type (`let mode: AnimationMode`, injected) is a value known only at run time.
        func known(_ value: CodeValue?) -> CodeValue? {
            if case .instance? = value { return nil }
            return value
        }
        let lhs = known(evaluate(sequence: left))
        let rhs = known(evaluate(sequence: right))
        func holds(_ a: Double, _ b: Double) -> Bool {
            switch op {
            case "==": a == b
            case "!=": a != b
            case "<": a < b
            case "<=": a <= b
            case ">": a > b
            default: a >= b
            }
        }
        func mode(_ name: String) -> CodeValue? {
            guard let mode = CodeAnchor.Variant(rawValue: name), CodeAnchor.Variant.modes.contains(mode),
                op == "==" || op == "!="
            else { return nil }
            var out: [CodeAnchor.Variant: CodeValue] = [:]
            for variant in CodeAnchor.Variant.modes { out[variant] = .bool((variant == mode) == (op == "==")) }
            return .variants(out)
        }
        switch (lhs, rhs) {
        case (.number(let a)?, .number(let b)?): return .bool(holds(a, b))
        case (nil, .number(let b)?) where Self.isFrameRate(left, b):
            return .variants(
                Dictionary(
                    uniqueKeysWithValues: CodeAnchor.Variant.frameRates.map {
                        ($0, .bool(holds($0.framesPerSecond!, b)))
                    }))
        case (.number(let a)?, nil) where Self.isFrameRate(right, a):
            return .variants(
                Dictionary(
                    uniqueKeysWithValues: CodeAnchor.Variant.frameRates.map {
                        ($0, .bool(holds(a, $0.framesPerSecond!)))
                    }))
        case (nil, .implicitMember(let name)?), (.implicitMember(let name)?, nil): return mode(name)
        default: return nil
        }
    }

    /// Whether an unknown operand compared with `number` reads as the display's frame rate.
    private static func isFrameRate(_ operand: [ExprSyntax], _ number: Double) -> Bool {
        let text = operand.map(\.trimmedDescription).joined().lowercased()
        return [60, 90, 120].contains(number) || text.contains("fps") || text.contains("framerate")
            || text.contains("framespersecond")
    }

    // MARK: Statements

    /// What a function or accessor body returns, by mode or frame rate when it selects by them.
    func evaluate(body items: [CodeBlockItemSyntax]) -> CodeValue? {
        for (index, item) in items.enumerated() {
            switch item.item {
            case .decl: continue
            case .stmt(let statement):
                if let returned = statement.as(ReturnStmtSyntax.self) {
                    return returned.expression.map { evaluate($0, animation: true) } ?? nil
                }
                if let guarded = statement.as(GuardStmtSyntax.self) {
                    return evaluate(guard: guarded, rest: Array(items[(index + 1)...]))
                }
                if let expression = statement.as(ExpressionStmtSyntax.self) {
                    if let switchExpr = expression.expression.as(SwitchExprSyntax.self) {
                        return evaluate(switch: switchExpr)
                    }
                    if let ifExpr = expression.expression.as(IfExprSyntax.self) {
                        return evaluate(if: ifExpr, rest: Array(items[(index + 1)...]))
                    }
                }
                return nil
            case .expr(let expr):
                if let switchExpr = expr.as(SwitchExprSyntax.self) { return evaluate(switch: switchExpr) }
                if let ifExpr = expr.as(IfExprSyntax.self) {
                    return evaluate(if: ifExpr, rest: Array(items[(index + 1)...]))
                }
                // A single expression is the implicit return.
                return items.count == 1 ? evaluate(expr, animation: true) : nil
            }
        }
        return nil
    }

    /// A `switch` over the animation mode: a value per mode.
    func evaluate(switch node: SwitchExprSyntax) -> CodeValue? {
        // A subject known here (`.full` passed to a helper, `.impact(.light)` to a wrapper): its case alone.
        if let chosen = chosenCase(node) {
            return binding(chosen.bindings) { evaluate(body: chosen.statements) }
        }
        var byMode: [CodeAnchor.Variant: CodeValue] = [:]
        var fallback: CodeValue?
        for element in node.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { return nil }
            // A branch it cannot read is named as such, so the others are still compared by mode.
            let value =
                evaluate(body: Array(switchCase.statements))
                ?? .unresolved(SiteFinder.excerpt(switchCase.statements), location(of: switchCase.statements))
            switch switchCase.label {
            case .default:
                fallback = value
            case .case(let label):
                for item in label.caseItems {
                    guard let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                        let access = pattern.expression.as(MemberAccessExprSyntax.self),
                        let mode = CodeAnchor.Variant(rawValue: access.declName.baseName.text),
                        CodeAnchor.Variant.modes.contains(mode)
                    else { return nil }
                    byMode[mode] = value
                }
            }
        }
        for mode in CodeAnchor.Variant.modes where byMode[mode] == nil {
            guard let fallback else { return nil }
            byMode[mode] = fallback
        }
        let result = CodeValue.variants(byMode)
        return result.isMotion ? result : nil
    }

    /// An `if` whose condition selects by mode or frame rate (or is known); without an `else`, the statements after
    /// it are the other branch.
    func evaluate(if node: IfExprSyntax, rest: [CodeBlockItemSyntax]) -> CodeValue? {
        guard node.conditions.count == 1, case .expression(let conditionExpr) = node.conditions.first!.condition
        else { return nil }
        let elements = conditionExpr.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [conditionExpr]
        guard let condition = evaluate(sequence: elements) else { return nil }
        let then = evaluate(body: Array(node.body.statements))
        let otherwise: CodeValue?
        switch node.elseBody {
        case .codeBlock(let block)?: otherwise = evaluate(body: Array(block.statements))
        case .ifExpr(let next)?: otherwise = evaluate(if: next, rest: rest)
        case nil: otherwise = evaluate(body: rest)
        }
        guard let then, let otherwise else { return nil }
        return lift([condition, then, otherwise]) { values in
            guard case .bool(let flag) = values[0] else { return nil }
            return flag ? values[1] : values[2]
        }
    }

    /// `guard condition else { return x }` where the condition selects by mode or frame rate (or is known): the
    /// statements after it where it holds, `x` where it does not.
    func evaluate(guard node: GuardStmtSyntax, rest: [CodeBlockItemSyntax]) -> CodeValue? {
        guard node.conditions.count == 1, case .expression(let conditionExpr) = node.conditions.first!.condition
        else { return nil }
        let elements = conditionExpr.as(SequenceExprSyntax.self).map { Array($0.elements) } ?? [conditionExpr]
        guard let condition = evaluate(sequence: elements), let otherwise = evaluate(body: Array(node.body.statements)),
            let then = evaluate(body: rest)
        else { return nil }
        return lift([condition, then, otherwise]) { values in
            guard case .bool(let flag) = values[0] else { return nil }
            return flag ? values[1] : values[2]
        }
    }

    // MARK: Declarations

    /// Something a name resolves to.
    enum Declaration {
        case expression(ExprSyntax, animation: Bool)
        case body([CodeBlockItemSyntax])
        /// A function: its body, evaluated with its parameters bound to a call's arguments (unknown otherwise).
        case function(FunctionDeclSyntax)
        /// An instance of a type made by its initializer (`static let shared: Haptics = .init()`, `var haptics =
        /// HapticManager()`) or injected (`let haptics: HapticService`): its methods are that type's.
        case instance(String)
        /// A value of the environment (`@Environment(\.theme) var theme`): an instance of the type the app's
        /// `extension EnvironmentValues` declares for that key (SwiftUI's own keys are not in the sources).
        case environment(String)
    }

    /// A declaration called: a function with the call's arguments.
    func evaluate(_ declaration: Declaration, call: FunctionCallExprSyntax) -> CodeValue? {
        if case .function(let function) = declaration {
            return evaluate(function, arguments: call.arguments.map(\.expression))
        }
        return evaluate(declaration)
    }

    func evaluate(_ declaration: Declaration) -> CodeValue? {
        switch declaration {
        case .expression(let expr, let animation): return evaluate(expr, animation: animation)
        case .body(let items):
            let flat = Self.statements(items)
            return evaluate(body: flat) ?? played(flat)
        case .instance(let type): return corpus.types[type] != nil ? .instance(type) : nil
        case .environment(let key):
            for (_, decl) in corpus.types["EnvironmentValues"] ?? [] {
                for member in Self.members(decl.memberBlock.members) {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == key {
                        guard let type = binding.typeAnnotation.flatMap({ Self.instanceType($0.type) }),
                            corpus.types[type] != nil
                        else { return nil }
                        return .instance(type)
                    }
                }
            }
            return nil
        case .function(let function): return evaluate(function, arguments: nil)
        }
    }

    /// A function's body with its parameters bound to `arguments` (by position; a parameter left out takes its
    /// default when that resolves). Without arguments, or for one that does not resolve, a parameter is unknown: a
    /// `switch` over it or an `fps >= 120` on it selects per variant.
    /// `played`: a body that returns nothing is worth the haptic its statements play (a wrapper's method); the
    /// site finder searches such bodies statement by statement instead.
    func evaluate(_ function: FunctionDeclSyntax, arguments: [ExprSyntax]?, played: Bool = true) -> CodeValue? {
        guard let body = function.body else { return nil }
        var bound: [String: CodeValue] = [:]
        for (index, parameter) in function.signature.parameterClause.parameters.enumerated() {
            let name = (parameter.secondName ?? parameter.firstName).text
            let given = arguments.flatMap { index < $0.count ? $0[index] : nil } ?? parameter.defaultValue?.value
            if let given, let value = evaluate(given) { bound[name] = value }
        }
        environment.append(bound)
        defer { environment.removeLast() }
        let items = Self.statements(body.statements)
        return evaluate(body: items) ?? (played ? self.played(items) : nil)
    }

    /// What a function of `type` plays or returns with its parameters unknown (nil when that depends on them).
    func unboundValue(of name: String, in type: String, module: String?) -> CodeValue? {
        let saved = (followed, steps)
        defer { (followed, steps) = saved }
        steps = 0
        guard case .function(let function)? = member(name, of: type, module: module) else { return nil }
        return evaluate(function, arguments: nil)
    }

    /// The taps a body's statements play, in the order written (a wrapper's method): each call's, those of the case
    /// a `switch` over a known subject takes, and those of a closure run later (`DispatchQueue.main.asyncAfter`,
    /// `Task`); nil when they play none.
    private func played(_ items: [CodeBlockItemSyntax]) -> CodeValue? {
        var taps: [CodeValue] = []
        for item in Self.statements(items) {
            let expr: ExprSyntax
            switch item.item {
            case .expr(let value): expr = value
            case .stmt(let statement):
                guard let value = statement.as(ExpressionStmtSyntax.self)?.expression else { continue }
                expr = value
            case .decl: continue
            }
            if let switchExpr = expr.as(SwitchExprSyntax.self) {
                if let chosen = chosenCase(switchExpr) {
                    taps += binding(chosen.bindings) { played(chosen.statements) }?.taps ?? []
                }
                continue
            }
            if let ifExpr = expr.as(IfExprSyntax.self) {
                // `if isEnabled { … }`, `if #available(iOS 17, *) { … }`: what it plays when it plays, as a
                // `guard` is read.
                taps += played(Array(ifExpr.body.statements))?.taps ?? []
                continue
            }
            if let value = evaluate(expr), !value.taps.isEmpty {
                taps += value.taps
            } else if let call = expr.as(FunctionCallExprSyntax.self), let closure = call.trailingClosure,
                Self.schedulers.contains(Self.calleeName(call))
            {
                taps += played(Array(closure.statements))?.taps ?? []
            }
        }
        return taps.count > 1 ? .haptics(taps) : taps.first
    }

    /// Calls that run their closure later, once (`DispatchQueue.main.asyncAfter(deadline:) { … }`, `Task { … }`): a
    /// wrapper's delayed tap.
    static let schedulers: Set<String> = ["asyncAfter", "async", "Task"]

    /// The name a call calls: `asyncAfter` for `DispatchQueue.main.asyncAfter(…)`, `Task` for `Task { … }`.
    static func calleeName(_ call: FunctionCallExprSyntax) -> String {
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) { return access.declName.baseName.text }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    }

    /// `body` evaluated with names bound (a `case .impact(let style)`'s) on top of the parameters in scope.
    private func binding(_ names: [String: CodeValue], _ body: () -> CodeValue?) -> CodeValue? {
        guard !names.isEmpty else { return body() }
        environment.append((environment.last ?? [:]).merging(names) { $1 })
        defer { environment.removeLast() }
        return body()
    }

    /// The case a `switch` takes for a subject known here (`.full` passed to a helper, `.impact(.light)` to a
    /// wrapper), its statements (`#if` blocks in place) and the names its pattern binds to the associated values;
    /// nil when the subject is not known.
    func chosenCase(_ node: SwitchExprSyntax) -> (statements: [CodeBlockItemSyntax], bindings: [String: CodeValue])? {
        let name: String
        var values: [CodeValue?] = []
        switch evaluate(node.subject) {
        case .implicitMember(let known)?: name = known
        case .enumCase(let known, let associated)?: (name, values) = (known, associated)
        default: return nil
        }
        var fallback: SwitchCaseSyntax?
        for element in node.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
            guard case .case(let label) = switchCase.label else {
                fallback = switchCase
                continue
            }
            for item in label.caseItems {
                guard let pattern = Self.casePattern(item.pattern), pattern.name == name else { continue }
                var bindings: [String: CodeValue] = [:]
                for (index, bound) in pattern.bound.enumerated() {
                    if let bound, index < values.count, let value = values[index] { bindings[bound] = value }
                }
                return (Self.statements(switchCase.statements), bindings)
            }
        }
        // `default:` is taken for another case of an enum, not for a name that is no case (a `static let` of the
        // type, a factory): that value is not known here.
        guard enumCaseOwners[name] != nil || CodeAnchor.Variant(rawValue: name) != nil else { return nil }
        return fallback.map { (Self.statements($0.statements), [:]) }
    }

    /// A case pattern's name and the names it binds, by position: `.success`, `.impact(let style)`,
    /// `let .impact(style)`, `.refresh(intensity: let amount)`, `.impact(_)` (nil: nothing bound there).
    static func casePattern(_ pattern: PatternSyntax) -> (name: String, bound: [String?])? {
        var pattern = pattern
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        guard let expr = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let access = expr.as(MemberAccessExprSyntax.self) { return (access.declName.baseName.text, []) }
        guard let call = expr.as(FunctionCallExprSyntax.self),
            let access = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        let bound = call.arguments.map { argument -> String? in
            if let reference = argument.expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            guard var inner = argument.expression.as(PatternExprSyntax.self)?.pattern else { return nil }
            if let binding = inner.as(ValueBindingPatternSyntax.self) { inner = binding.pattern }
            return inner.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return (access.declName.baseName.text, bound)
    }

    /// A name as code at `node` sees it: a local constant before it, a member of an enclosing type (or its
    /// extensions), or a top-level constant of the module.
    func lookUp(_ name: String, from node: Syntax) -> Declaration? {
        var current: Syntax? = node
        while let child = current, let parent = child.parent {
            if let list = parent.as(CodeBlockItemListSyntax.self), let item = child.as(CodeBlockItemSyntax.self),
                let found = local(name, before: item, in: list)
            {
                return found
            }
            if let group = parent.asProtocol(DeclGroupSyntax.self), let type = Self.typeName(of: group),
                let found = member(name, of: type, from: group)
            {
                return found
            }
            current = parent
        }
        return topLevel[name]
    }

    /// The module's top-level constants and functions by name (the first of a name wins), indexed when first asked.
    private lazy var topLevel: [String: Declaration] = {
        var index: [String: Declaration] = [:]
        for file in corpus.files {
            for item in Self.statements(file.tree.statements) {
                guard case .decl(let decl) = item.item else { continue }
                if let variable = decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                            index[name] == nil, let found = Self.binding(name, in: variable)
                        else { continue }
                        index[name] = found
                    }
                }
                if let function = decl.as(FunctionDeclSyntax.self), function.body != nil,
                    index[function.name.text] == nil
                {
                    index[function.name.text] = .function(function)
                }
            }
        }
        return index
    }()

    /// A `let` constant declared in `list` before `item`.
    private func local(_ name: String, before item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax)
        -> Declaration?
    {
        if localIndex[list.id] == nil {
            var names: [String: [(position: Int, item: CodeBlockItemSyntax)]] = [:]
            var positions: [SyntaxIdentifier: Int] = [:]
            for (position, entry) in list.enumerated() {
                positions[entry.id] = position
                guard case .decl(let decl) = entry.item, let variable = decl.as(VariableDeclSyntax.self) else {
                    continue
                }
                for binding in variable.bindings {
                    if let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        names[identifier, default: []].append((position, entry))
                    }
                }
            }
            localIndex[list.id] = (names, positions)
        }
        guard let index = localIndex[list.id], let position = index.positions[item.id] else { return nil }
        for candidate in (index.names[name] ?? []).reversed() where candidate.position < position {
            if case .decl(let decl) = candidate.item.item, let variable = decl.as(VariableDeclSyntax.self),
                let found = Self.binding(name, in: variable)
            {
                return found
            }
        }
        return nil
    }

    /// A member of a type as the code at `node` sees it (the type of that name in the node's module, when it has
    /// one).
    func member(_ name: String, of type: String, from node: some SyntaxProtocol) -> Declaration? {
        member(name, of: type, module: corpus.module(of: node))
    }

    /// A member of a type, in any of its declarations (those in `module` when it has any): a constant, a computed
    /// property or a function's body.
    func member(_ name: String, of type: String, module: String?) -> Declaration? {
        // A protocol's method as the one conforming type implements it, before the protocol extension's default.
        if isProtocol(type), let implementing = conformers[type], implementing.count == 1, implementing[0] != type,
            conformanceDepth < 16
        {
            conformanceDepth += 1
            defer { conformanceDepth -= 1 }
            if let found = member(name, of: implementing[0], module: module) { return found }
        }
        let key = "\(module ?? "")|\(type)"
        if memberIndex[key] == nil {
            var members: [String: (declaration: Declaration, location: CodeLocation)] = [:]
            for (_, decl) in corpus.declarations(of: type, in: module) {
                for member in Self.members(decl.memberBlock.members) {
                    if let variable = member.decl.as(VariableDeclSyntax.self) {
                        for binding in variable.bindings {
                            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                                members[identifier] == nil, let found = Self.binding(identifier, in: variable)
                            else { continue }
                            members[identifier] = (found, location(of: binding))
                        }
                    }
                    if let function = member.decl.as(FunctionDeclSyntax.self), members[function.name.text] == nil,
                        function.body != nil
                    {
                        members[function.name.text] = (.function(function), location(of: function))
                    }
                }
            }
            memberIndex[key] = members
        }
        guard let found = memberIndex[key]?[name] else {
            // Another module's (`extension Animation` tokens in a design target, used from the app target).
            if module != nil, let found = member(name, of: type, module: nil) { return found }
            // A protocol's requirement (`haptics.notify(.completed)` on `any HapticService`): the implementation of
            // the one type of the sources that conforms to it.
            // `conformanceDepth` stops a cycle of declarations (`class A: B`, `class B: A`, not valid Swift but
            // readable).
            let implementing = conformers[type] ?? []
            guard implementing.count == 1, implementing[0] != type, conformanceDepth < 16 else { return nil }
            conformanceDepth += 1
            defer { conformanceDepth -= 1 }
            return member(name, of: implementing[0], module: module)
        }
        followed["\(type).\(name)"] = found.location
        return found.declaration
    }

    /// A member list with the members of its `#if` blocks in place: of each block the first clause (`#if os(iOS)`
    /// before its `#else`: the apps the seeds describe are iOS apps), its nested blocks the same way.
    static func members(_ list: MemberBlockItemListSyntax) -> [MemberBlockItemSyntax] {
        var found: [MemberBlockItemSyntax] = []
        for member in list {
            if let block = member.decl.as(IfConfigDeclSyntax.self) {
                if case .decls(let inner)? = shippedClause(of: block)?.elements { found += members(inner) }
            } else {
                found.append(member)
            }
        }
        return found
    }

    /// The clause of an `#if` block the shipping app is built from: the first (`#if os(iOS)` before its `#else`: the
    /// apps the seeds describe are iOS apps), except that `#if DEBUG` code (previews, mocks, logging) is not in a
    /// release build: its `#else`, if any.
    static func shippedClause(of block: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        guard let first = block.clauses.first else { return nil }
        let condition = first.condition?.trimmedDescription ?? ""
        let debugOnly =
            (condition.contains("DEBUG") && !condition.contains("!DEBUG"))
            || condition.contains("targetEnvironment(simulator)")
        if debugOnly { return block.clauses.dropFirst().first { $0.poundKeyword.tokenKind == .poundElse } }
        return first
    }

    /// A file's statements with those of its `#if` blocks in place, as ``members(_:)`` takes them.
    static func statements(_ list: some Sequence<CodeBlockItemSyntax>) -> [CodeBlockItemSyntax] {
        var found: [CodeBlockItemSyntax] = []
        for item in list {
            if case .decl(let decl) = item.item, let block = decl.as(IfConfigDeclSyntax.self) {
                if case .statements(let inner)? = shippedClause(of: block)?.elements { found += statements(inner) }
            } else {
                found.append(item)
            }
        }
        return found
    }

    /// Whether `name` is a case of the enum `type`.
    private func isEnumCase(_ name: String, of type: String) -> Bool {
        rawValue(of: name, in: type) != nil
            || (corpus.types[type] ?? []).contains { entry in
                entry.decl.memberBlock.members.contains { member in
                    member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.name.text == name } ?? false
                }
            }
    }

    /// The raw value of an enum case, written or implied (a `String` enum's case name).
    private func rawValue(of name: String, in type: String) -> CodeValue? {
        for (_, decl) in corpus.types[type] ?? [] {
            for member in decl.memberBlock.members {
                guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in cases.elements where element.name.text == name {
                    followed["\(type).\(name)"] = location(of: element)
                    if let raw = element.rawValue { return evaluate(raw.value) }
                    return .string(name)
                }
            }
        }
        return nil
    }

    /// A binding of `name` in a variable declaration: a constant's initializer (`let`), or a computed property's
    /// getter. A `var`'s initial value (`@State var mode = .full`) is not its value at run time: unresolved.
    static func binding(_ name: String, in variable: VariableDeclSyntax) -> Declaration? {
        let constant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), pattern.identifier.text == name
            else { continue }
            let typeText = binding.typeAnnotation?.type.trimmedDescription ?? ""
            let animation = typeText.hasPrefix("Animation") || typeText.hasPrefix("SwiftUI.Animation")
            if let initializer = binding.initializer {
                // Made by a type's initializer: what it is made as (a `var`'s later values are of that type too).
                if let call = initializer.value.as(FunctionCallExprSyntax.self) {
                    if let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base == nil,
                        access.declName.baseName.text == "init",
                        let type = binding.typeAnnotation?.type
                            .as(IdentifierTypeSyntax.self)?.name.text
                    {
                        return .instance(type)
                    }
                    if !constant, let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                        type.first?.isUppercase == true
                    {
                        return .expression(initializer.value, animation: false)
                    }
                }
                return constant ? .expression(initializer.value, animation: animation) : nil
            }
            switch binding.accessorBlock?.accessors {
            case .getter(let items)?: return .body(Array(items))
            case .accessors(let accessors)?:
                if let getter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                    let body = getter.body
                {
                    return .body(Array(body.statements))
                }
            case nil:
                // Injected, not made here: `@Environment(\.haptics) var haptics`, `let haptics: HapticService`.
                if let key = environmentKey(of: variable) { return .environment(key) }
                if let type = binding.typeAnnotation.flatMap({ instanceType($0.type) }) { return .instance(type) }
            }
        }
        return nil
    }

    /// The key of `@Environment(\.key)` on a property.
    static func environmentKey(of variable: VariableDeclSyntax) -> String? {
        for case .attribute(let attribute) in variable.attributes
        where attribute.attributeName.trimmedDescription == "Environment" {
            guard case .argumentList(let arguments)? = attribute.arguments,
                let path = arguments.first?.expression.as(KeyPathExprSyntax.self),
                let component = path.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
            else { return nil }
            return component.declName.baseName.text
        }
        return nil
    }

    /// The type an injected property holds: `HapticService`, `any HapticService`, `Theme?`; nil for a generic or a
    /// collection.
    static func instanceType(_ type: TypeSyntax) -> String? {
        if let some = type.as(SomeOrAnyTypeSyntax.self) { return instanceType(some.constraint) }
        if let optional = type.as(OptionalTypeSyntax.self) { return instanceType(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return instanceType(unwrapped.wrappedType)
        }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else {
            return nil
        }
        return identifier.name.text
    }

    static func typeName(of group: some DeclGroupSyntax) -> String? {
        if let decl = group.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = group.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = group.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = group.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = group.as(ProtocolDeclSyntax.self) { return decl.name.text }
        if let decl = group.as(ExtensionDeclSyntax.self) {
            return decl.extendedType.trimmedDescription.split(separator: ".").last.map(String.init)
        }
        return nil
    }

    func location(of node: some SyntaxProtocol) -> CodeLocation {
        corpus.location(of: node)
    }
}
