import ChoreoApps
import ChoreoEngine
import Testing

/// Every animation and haptic the apps declare has a code anchor (issue 31), so `journey conformance` checks it.
@Suite struct CodeAnchorTests {
    @Test(arguments: AppCatalog.names)
    func everyHapticSourceHasExactlyOneAnchor(app: String) throws {
        let type = try #require(AppCatalog.registry.app(named: app))
        let anchored = type.codeAnchors.filter { $0.kind == "haptic" }
        #expect(anchored.map(\.name).sorted() == type.hapticSources.map(\.source).sorted())
        for anchor in anchored {
            let source = try #require(type.hapticSources.first { $0.source == anchor.name })
            #expect(anchor.subject == .haptic(source.styles))
        }
    }

    @Test(arguments: AppCatalog.names)
    func everyAuditedAnimationHasAnAnchor(app: String) throws {
        let type = try #require(AppCatalog.registry.app(named: app))
        let names = Set(type.codeAnchors.filter { $0.kind == "animation" }.map(\.name))
        for entry in type.auditEntries {
            let base = String(entry.name.split(separator: ".").first ?? "")
            #expect(names.contains(base), "\(app) audit entry \(entry.name) has no animation anchor \(base)")
        }
    }

    @Test(arguments: AppCatalog.names)
    func anchorsAreUniqueAndComplete(app: String) throws {
        let type = try #require(AppCatalog.registry.app(named: app))
        var seen = Set<String>()
        for anchor in type.codeAnchors {
            #expect(seen.insert("\(anchor.kind) \(anchor.name)").inserted, "\(anchor.name) is anchored twice")
            #expect(!anchor.type.isEmpty && anchor.type.first!.isUppercase)
            if case .animation(let variants) = anchor.subject {
                #expect(!variants.isEmpty)
                #expect(Set(variants.map(\.variant)).count == variants.count)
            }
            if let token = anchor.token { #expect(token.split(separator: ".").count == 2) }
        }
    }

    /// The anchors carry the model's own curves: FinPessoal's hero per mode is seed 000's mode table (H7), AirFit's
    /// glass card seed 004's damping per frame rate.
    @Test func anchorsCarryTheModelsCurves() throws {
        let hero = try #require(
            AppCatalog.registry.app(named: "finpessoal")?.codeAnchors.first { $0.name == "heroTransition" })
        #expect(
            hero.subject
                == .animation([
                    .init(.full, .spring(response: 0.4, dampingFraction: 0.8)), .init(.reduced, .linear(0.25)),
                    .init(.minimal, .linear(0.1)),
                ]))
        let card = try #require(AppCatalog.registry.app(named: "airfit")?.codeAnchors.first { $0.name == "glassCard" })
        #expect(
            card.subject
                == .animation([
                    .init(.fps120, .interpolatingSpring(stiffness: 130, damping: 12)),
                    .init(.fps60, .interpolatingSpring(stiffness: 130, damping: 10.5)),
                ]))
    }
}
