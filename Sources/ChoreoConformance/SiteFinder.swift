import ChoreoEngine
import SwiftParser
import SwiftSyntax

/// A place in the code that animates, plays a haptic or names a transition, with what it resolves to.
struct CodeSite {
    var value: CodeValue
    /// Where the site is written (the curve's constructor may be elsewhere: ``CodeCurve/origin``).
    var location: CodeLocation
    /// The type it sits in (or, in a design document, the section's heading).
    var owner: String
    /// The member of ``owner`` it sits in, if any.
    var member: String?
    /// The members (`Type.member`) its value was resolved through, with where each is declared, so a use of a token
    /// counts for the token's anchor and a drift names the constants it came from.
    var followed: [String: CodeLocation]
    /// The source text, for the report.
    var text: String
    /// The member this site declares (a constant's or computed property's binding, a function), when it is one.
    var declares: String? = nil
    /// Whether that member is `private` or `fileprivate` (a helper only its file can use).
    var isPrivate = false
    /// The `private` or `fileprivate` function whose body it sits in, if any (dead code when nothing refers to it).
    var privateFunction: String? = nil
    /// The cases of the `switch` statements it sits in (`case .success:` → `success`), innermost first.
    var cases: [String] = []
    /// Whether it plays only on one branch of its member (in an `if`, or a `guard`'s `else`): not one of the taps
    /// a pattern counts in order.
    var conditional = false
}

/// Finds the sites of a scope (a type's declarations, a member, a token's declaration, or a design document's
/// top-level fragment).
struct SiteFinder {
    let evaluator: Evaluator

    /// The sites under `node`; `skipTypes` leaves nested type declarations out (a document's top level).
    func sites(in node: Syntax, owner: String, member: String?, skipTypes: Bool = false) -> [CodeSite] {
        var out: [CodeSite] = []
        collect(node, owner: owner, member: member, skipTypes: skipTypes, into: &out)
        return out
    }

    private func record(
        _ value: CodeValue?, at node: some SyntaxProtocol, owner: String, member: String?, declares: String? = nil,
        into out: inout [CodeSite]
    ) -> Bool {
        guard let value, value.isMotion else { return false }
        let first = out.count
        append(value, at: node, owner: owner, member: member, declares: declares, into: &out)
        if declares != nil {
            let isPrivate = Self.isPrivate(Syntax(node))
            for index in first..<out.count { out[index].isPrivate = isPrivate }
        }
        return true
    }

    private func append(
        _ value: CodeValue, at node: some SyntaxProtocol, owner: String, member: String?, declares: String? = nil,
        into out: inout [CodeSite]
    ) {
        // Taps played one after the other are a site each, in order (a pattern counts them).
        if case .haptics(let taps) = value {
            for tap in taps { append(tap, at: node, owner: owner, member: member, declares: declares, into: &out) }
            return
        }
        out.append(
            CodeSite(
                value: value, location: evaluator.location(of: node), owner: owner, member: member,
                followed: evaluator.followed, text: Self.excerpt(node), declares: declares,
                cases: Self.cases(around: Syntax(node)), conditional: Self.isConditional(Syntax(node))))
    }

    /// Whether the declaration a node belongs to is `private` or `fileprivate`.
    static func isPrivate(_ node: Syntax) -> Bool {
        var current: Syntax? = node
        while let syntax = current {
            let modifiers =
                syntax.as(VariableDeclSyntax.self)?.modifiers ?? syntax.as(FunctionDeclSyntax.self)?.modifiers
            if let modifiers {
                return modifiers.contains {
                    $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)
                }
            }
            current = syntax.parent
        }
        return false
    }

    /// Whether a node sits in an `if` or a `guard`'s `else` within its member.
    static func isConditional(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.is(IfExprSyntax.self) || parent.is(GuardStmtSyntax.self) { return true }
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self)
                || parent.asProtocol(DeclGroupSyntax.self) != nil
            {
                return false
            }
            current = parent.parent
        }
        return false
    }

    /// The labels of the switch cases around a node (`case .success, .achievement:` → both).
    static func cases(around node: Syntax) -> [String] {
        var out: [String] = []
        var current = node.parent
        while let parent = current {
            if let switchCase = parent.as(SwitchCaseSyntax.self), case .case(let label) = switchCase.label {
                for item in label.caseItems {
                    if let access = item.pattern.as(ExpressionPatternSyntax.self)?.expression
                        .as(MemberAccessExprSyntax.self)
                    {
                        out.append(access.declName.baseName.text)
                    }
                }
            }
            if parent.asProtocol(DeclGroupSyntax.self) != nil { break }
            current = parent.parent
        }
        return out
    }

    private func evaluate(_ body: () -> CodeValue?) -> CodeValue? {
        evaluator.beginSite()
        return body()
    }

    /// An animation argument (`withAnimation(x)`, `.animation(x, value:)`): its curve, or what could not be read.
    private func animationArgument(_ expr: ExprSyntax, owner: String, member: String?, into out: inout [CodeSite]) {
        let value = evaluate { evaluator.evaluate(expr, animation: true) }
        switch value {
        case let value? where value.isMotion:
            append(value, at: expr, owner: owner, member: member, into: &out)
        case .unresolved?:
            append(value!, at: expr, owner: owner, member: member, into: &out)
        default:
            append(
                .unresolved("`\(Self.excerpt(expr))`, known only at run time", evaluator.location(of: expr)), at: expr,
                owner: owner, member: member, into: &out)
        }
    }

    private func collect(
        _ node: Syntax, owner: String, member: String?, skipTypes: Bool, into out: inout [CodeSite]
    ) {
        var member = member
        if skipTypes, node.asProtocol(DeclGroupSyntax.self) != nil { return }
        // `#if os(iOS) … #else … #endif`: the clause the shipping app is built from, as the evaluator reads it.
        if let config = node.as(IfConfigDeclSyntax.self) {
            if let elements = Evaluator.shippedClause(of: config)?.elements {
                collect(Syntax(elements), owner: owner, member: member, skipTypes: skipTypes, into: &out)
            }
            return
        }
        if let function = node.as(FunctionDeclSyntax.self) {
            member = member ?? function.name.text
            // A helper's value with its parameters unknown (a `switch mode` selects per variant).
            if function.body != nil,
                record(
                    evaluate { evaluator.evaluate(function, arguments: nil, played: false) }, at: function,
                    owner: owner,
                    member: member, declares: function.name.text, into: &out)
            {
                return
            }
            if Self.isPrivate(Syntax(function)) {
                let first = out.count
                for child in node.children(viewMode: .sourceAccurate) {
                    collect(child, owner: owner, member: member, skipTypes: skipTypes, into: &out)
                }
                for index in first..<out.count { out[index].privateFunction = function.name.text }
                return
            }
        }
        if let variable = node.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let bindingMember = member ?? name
                if let declaration = Evaluator.binding(name, in: variable),
                    record(
                        evaluate { evaluator.evaluate(declaration) }, at: binding, owner: owner, member: bindingMember,
                        declares: name, into: &out)
                {
                    continue
                }
                collect(Syntax(binding), owner: owner, member: bindingMember, skipTypes: skipTypes, into: &out)
            }
            return
        }
        if let call = node.as(FunctionCallExprSyntax.self) {
            if collect(call: call, owner: owner, member: member, into: &out) { return }
            let value = evaluate { evaluator.evaluate(ExprSyntax(call)) }
            if record(value, at: node, owner: owner, member: member, into: &out) { return }
            if case .unresolved? = value {
                // A modifier Choreo does not model on a curve (`.repeatCount`): named, never read as its base.
                append(value!, at: node, owner: owner, member: member, into: &out)
                return
            }
            // The callee itself is not a value of its own: only its base and the arguments are searched on.
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base {
                collect(Syntax(base), owner: owner, member: member, skipTypes: skipTypes, into: &out)
            } else if !call.calledExpression.is(DeclReferenceExprSyntax.self) {
                collect(Syntax(call.calledExpression), owner: owner, member: member, skipTypes: skipTypes, into: &out)
            }
            var rest = [Syntax(call.arguments)]
            if let closure = call.trailingClosure { rest.append(Syntax(closure)) }
            rest += call.additionalTrailingClosures.map { Syntax($0) }
            for child in rest { collect(child, owner: owner, member: member, skipTypes: skipTypes, into: &out) }
            return
        }
        if node.is(MemberAccessExprSyntax.self) || node.is(DeclReferenceExprSyntax.self)
            || node.is(SequenceExprSyntax.self)
        {
            let expr = ExprSyntax(node)!
            if record(evaluate { evaluator.evaluate(expr) }, at: node, owner: owner, member: member, into: &out) {
                return
            }
        }
        for child in node.children(viewMode: .sourceAccurate) {
            collect(child, owner: owner, member: member, skipTypes: skipTypes, into: &out)
        }
    }

    /// `withAnimation(curve) { … }`, `.animation(curve, value:)`, `.transition(…)` and `.sensoryFeedback(…)`: the
    /// curve, transition or haptic argument is the site; the rest is searched on. False for any other call.
    private func collect(
        call: FunctionCallExprSyntax, owner: String, member: String?, into out: inout [CodeSite]
    ) -> Bool {
        let name: String
        var base: ExprSyntax?
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
            name = access.declName.baseName.text
            base = access.base
        } else {
            return false
        }
        let first = call.arguments.first
        switch name {
        case "withAnimation" where base == nil:
            if let first, first.label == nil {
                animationArgument(first.expression, owner: owner, member: member, into: &out)
            } else {
                append(
                    Evaluator.defaultAnimation(at: evaluator.location(of: call)), at: call, owner: owner,
                    member: member, into: &out)
            }
        case "animation" where base != nil || Self.isPostfixModifier(call):
            if let first, first.label == nil {
                animationArgument(first.expression, owner: owner, member: member, into: &out)
            }
        case "transition" where base != nil || call.arguments.count == 1:
            if let first {
                evaluator.beginSite()
                let spelling = evaluator.transitionText(
                    first.expression, module: evaluator.corpus.module(of: first.expression))
                append(
                    .transition(spelling, evaluator.location(of: first.expression)), at: first.expression,
                    owner: owner, member: member, into: &out)
            }
        case "sensoryFeedback" where base != nil || Self.isPostfixModifier(call):
            if let first, let style = sensoryStyle(first.expression) {
                append(
                    .haptic(style, evaluator.location(of: first.expression)), at: first.expression, owner: owner,
                    member: member, into: &out)
            } else if first?.label?.text == "trigger", let closure = call.trailingClosure {
                // `.sensoryFeedback(trigger: value) { old, new in … }`: each feedback the closure returns is a site.
                for returned in Self.returnedExpressions(of: closure) {
                    guard let style = sensoryStyle(returned) else { continue }
                    append(
                        .haptic(style, evaluator.location(of: returned)), at: returned, owner: owner, member: member,
                        into: &out)
                }
            }
        default:
            return false
        }
        if let base { collect(Syntax(base), owner: owner, member: member, skipTypes: false, into: &out) }
        for argument in call.arguments.dropFirst() {
            collect(Syntax(argument), owner: owner, member: member, skipTypes: false, into: &out)
        }
        if let closure = call.trailingClosure {
            collect(Syntax(closure), owner: owner, member: member, skipTypes: false, into: &out)
        }
        for closure in call.additionalTrailingClosures {
            collect(Syntax(closure), owner: owner, member: member, skipTypes: false, into: &out)
        }
        return true
    }

    /// A modifier under a postfix `#if` (`#if os(iOS) .sensoryFeedback(…) #endif` after a view): written with a
    /// leading dot and no base.
    static func isPostfixModifier(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base == nil else {
            return false
        }
        var current = call.parent
        while let node = current {
            if node.is(IfConfigClauseSyntax.self) { return true }
            if node.is(CodeBlockItemSyntax.self) || node.is(MemberBlockItemSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    /// The haptic of a `SensoryFeedback` value: `.success`, `.warning`, `.error`, `.selection`,
    /// `.impact(weight: .light|.medium|.heavy)`, `.impact(flexibility: .soft|.rigid)`.
    private func sensoryStyle(_ expr: ExprSyntax) -> HapticStyle? {
        if let access = expr.as(MemberAccessExprSyntax.self), access.base == nil {
            let name = access.declName.baseName.text
            return ["success", "warning", "error", "selection"].contains(name) ? HapticStyle(rawValue: name) : nil
        }
        guard let call = expr.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "impact"
        else { return nil }
        for argument in call.arguments {
            guard let value = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else {
                continue
            }
            if argument.label?.text == "weight" || argument.label?.text == "flexibility" {
                return HapticStyle(rawValue: value)
            }
        }
        return .medium
    }

    /// What a closure can return: its single expression, or each `return`'s value, a ternary's two branches each
    /// (not those of closures inside it).
    static func returnedExpressions(of closure: ClosureExprSyntax) -> [ExprSyntax] {
        var found: [ExprSyntax] = []
        func add(_ expr: ExprSyntax) {
            if let ternary = expr.as(TernaryExprSyntax.self) {
                add(ternary.thenExpression)
                add(ternary.elseExpression)
            } else if let switchExpr = expr.as(SwitchExprSyntax.self) {
                // `switch newState { case .saved: .success … }`: each case's value.
                for case .switchCase(let switchCase) in switchExpr.cases {
                    guard switchCase.statements.count == 1, let item = switchCase.statements.first?.item else {
                        continue
                    }
                    if case .expr(let value) = item {
                        add(value)
                    } else if case .stmt(let statement) = item,
                        let value = statement.as(ReturnStmtSyntax.self)?.expression
                    {
                        add(value)
                    }
                }
            } else if let ifExpr = expr.as(IfExprSyntax.self) {
                for body in [ifExpr.body]
                    + (ifExpr.elseBody.flatMap { if case .codeBlock(let block) = $0 { [block] } else { nil } } ?? [])
                {
                    if body.statements.count == 1, case .expr(let value)? = body.statements.first?.item { add(value) }
                }
            } else if let sequence = expr.as(SequenceExprSyntax.self),
                let index = sequence.elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                let then = sequence.elements[index].as(UnresolvedTernaryExprSyntax.self)
            {
                // `condition ? a : b` before operators are folded: the branch after `?`, and what follows `:`.
                add(then.thenExpression)
                let rest = Array(sequence.elements[sequence.elements.index(after: index)...])
                if rest.count == 1, let only = rest.first { add(only) } else if let last = rest.last { add(last) }
            } else {
                found.append(expr)
            }
        }
        if closure.statements.count == 1, let item = closure.statements.first?.item {
            // A single expression (a `switch` or `if` at statement position too) is the implicit return.
            if case .expr(let only) = item {
                add(only)
                return found
            }
            if case .stmt(let statement) = item, let only = statement.as(ExpressionStmtSyntax.self)?.expression {
                add(only)
                return found
            }
        }
        final class Returns: SyntaxVisitor {
            var values: [ExprSyntax] = []
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                if let value = node.expression { values.append(value) }
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let returns = Returns(viewMode: .sourceAccurate)
        returns.walk(closure.statements)
        returns.values.forEach(add)
        return found
    }

    /// The first line of a node's text, for the report.
    static func excerpt(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription
        let first = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? text
        return first.count > 100 ? String(first.prefix(97)) + "…" : first
    }
}

/// How the report compares transitions: as motion, not text. `.combined(with:)` is a set of parts (the order does
/// not matter), `AnyTransition.` and spaces do not count, numbers are numbers (`12.0` is `12`) and an offset's missing
/// axis is 0.
enum TransitionSpelling {
    /// The transition as written, on one line.
    static func displayed(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The comparable form of a transition's source text.
    static func canonical(_ text: String) -> String {
        let file = Parser.parse(source: "let transition = \(text)")
        guard let item = file.statements.first, case .decl(let decl) = item.item,
            let value = decl.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value
        else { return text.filter { !$0.isWhitespace } }
        return parts(value).sorted().joined(separator: " + ")
    }

    /// The parts of a transition: each `.combined(with:)` operand's.
    private static func parts(_ expr: ExprSyntax) -> [String] {
        if let call = expr.as(FunctionCallExprSyntax.self),
            let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "combined", let base = access.base, let other = call.arguments.first
        {
            return parts(base) + parts(other.expression)
        }
        return [part(expr)]
    }

    /// One part: its name and its arguments, numbers as numbers, nested transitions canonical.
    private static func part(_ expr: ExprSyntax) -> String {
        var name = expr.trimmedDescription
        var arguments: [(String, String)] = []
        if let call = expr.as(FunctionCallExprSyntax.self) {
            name = call.calledExpression.trimmedDescription
            for argument in call.arguments {
                let label = argument.label?.text ?? "_"
                let value = argument.expression
                if let number = Double(value.trimmedDescription) {
                    arguments.append((label, AnimationCurve.spelled(number)))
                } else if ["insertion", "removal"].contains(label) {
                    arguments.append((label, canonical(value.trimmedDescription)))
                } else {
                    arguments.append((label, value.trimmedDescription.filter { !$0.isWhitespace }))
                }
            }
        }
        if name.hasPrefix("AnyTransition.") { name.removeFirst("AnyTransition".count) }
        if name.hasPrefix(".") { name.removeFirst() }
        name = name.filter { !$0.isWhitespace }
        if name == "offset" {
            for axis in ["x", "y"] where !arguments.contains(where: { $0.0 == axis }) { arguments.append((axis, "0")) }
            arguments.sort { $0.0 < $1.0 }
        }
        return arguments.isEmpty ? name : "\(name)(\(arguments.map { "\($0):\($1)" }.joined(separator: ",")))"
    }
}
