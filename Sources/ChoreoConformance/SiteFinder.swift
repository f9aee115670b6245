import ChoreoEngine
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
    /// The members (`Type.member`) its value was resolved through, so a use of a token counts for the token's
    /// anchor.
    var followed: Set<String>
    /// The source text, for the report.
    var text: String
    /// The member this site declares (a constant's or computed property's binding, a function), when it is one.
    var declares: String? = nil
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
        out.append(
            CodeSite(
                value: value, location: evaluator.location(of: node), owner: owner, member: member,
                followed: evaluator.followed, text: Self.excerpt(node), declares: declares))
        return true
    }

    private func evaluate(_ body: () -> CodeValue?) -> CodeValue? {
        evaluator.followed = []
        return body()
    }

    private func collect(
        _ node: Syntax, owner: String, member: String?, skipTypes: Bool, into out: inout [CodeSite]
    ) {
        var member = member
        if skipTypes, node.asProtocol(DeclGroupSyntax.self) != nil { return }
        if let function = node.as(FunctionDeclSyntax.self) {
            member = member ?? function.name.text
            if function.signature.parameterClause.parameters.isEmpty, let body = function.body,
                record(
                    evaluate { evaluator.evaluate(body: Array(body.statements)) }, at: function, owner: owner,
                    member: member, declares: function.name.text, into: &out)
            {
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
        if let call = node.as(FunctionCallExprSyntax.self),
            collect(call: call, owner: owner, member: member, into: &out)
        {
            return
        }
        if node.is(MemberAccessExprSyntax.self) || node.is(DeclReferenceExprSyntax.self)
            || node.is(FunctionCallExprSyntax.self) || node.is(SequenceExprSyntax.self)
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
                let value = evaluate { evaluator.evaluate(first.expression, animation: true) }
                _ = record(value, at: first.expression, owner: owner, member: member, into: &out)
            }
        case "animation" where base != nil:
            if let first, first.label == nil {
                let value = evaluate { evaluator.evaluate(first.expression, animation: true) }
                _ = record(value, at: first.expression, owner: owner, member: member, into: &out)
            }
        case "transition" where base != nil || call.arguments.count == 1:
            if let first {
                let spelling = TransitionSpelling.normalized(first.expression.trimmedDescription)
                out.append(
                    CodeSite(
                        value: .transition(spelling, evaluator.location(of: first.expression)),
                        location: evaluator.location(of: first.expression), owner: owner, member: member,
                        followed: [], text: Self.excerpt(call)))
            }
        case "sensoryFeedback" where base != nil:
            if let first, let style = sensoryStyle(first.expression) {
                out.append(
                    CodeSite(
                        value: .haptic(style, evaluator.location(of: first.expression)),
                        location: evaluator.location(of: first.expression), owner: owner, member: member,
                        followed: [], text: Self.excerpt(call)))
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

    /// The first line of a node's text, for the report.
    static func excerpt(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription
        let first = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? text
        return first.count > 100 ? String(first.prefix(97)) + "…" : first
    }
}

/// How the report compares transitions: Swift's spelling without spaces or a leading `AnyTransition`.
enum TransitionSpelling {
    static func normalized(_ text: String) -> String {
        var out = text.filter { !$0.isWhitespace }
        if out.hasPrefix("AnyTransition.") { out.removeFirst("AnyTransition".count) }
        return out
    }
}
