import ChoreoApps
import ChoreoEngine
import Testing

/// Each stock app is the list of its features: every declaration is made by one feature only, so the derived lists
/// (state tree, trace events, haptics, answers, audit entries) never hold a name twice.
@Suite struct FeatureListTests {
    @Test(arguments: AppCatalog.names)
    func theDeclarationsHaveNoProblem(app: String) throws {
        let type = try #require(AppCatalog.registry.app(named: app))
        #expect(type.declarationProblems == [])
    }

    @Test(arguments: AppCatalog.names)
    func everyNameIsDeclaredByOneFeature(app: String) throws {
        let type = try #require(AppCatalog.registry.app(named: app))
        let lists: [(String, [String])] = [
            ("state node", type.stateKeys), ("trace event", type.traceEvents.map(\.kind)),
            ("haptic source", type.hapticSources.map(\.source)), ("audit entry", type.auditEntries.map(\.name)),
            ("action result", type.actionResults.map { "\($0)" }), ("screen", type.screens),
            ("data part", type.dataParts),
        ]
        for (what, names) in lists {
            var seen = Set<String>()
            let twice = names.filter { !seen.insert($0).inserted }
            #expect(twice.isEmpty, "\(app): \(what) declared by two features: \(twice)")
        }
    }
}
